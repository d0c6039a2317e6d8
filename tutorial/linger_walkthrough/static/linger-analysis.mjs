// @ts-check
/**
 * The walkthrough's analysis toggle. When it is on, every legal choice of the player to act on the
 * table is marked as winning or losing the deal with best play from all (or unknown past the solver's
 * budget), and a panel under the table says so in a sentence per choice, with the solver's line in
 * words behind a disclosure. The engine decides everything in the worker
 * (linger_longer.web.analysis.analysis_json); this module only places what it answers: a symbol on
 * the card (`data-analysis` and a `.ll-mark` child), the card's spoken name with its mark, the panel.
 *
 * The toggle comes with the page (the directive draws it, hidden without JavaScript); this module
 * keeps it disabled until the live engine runs, and withdraws it if the engine cannot start.
 * It is off by default; its state is the page's (every walkthrough on it follows one toggle) and is
 * kept in localStorage, where only "on" turns it on. At a question the reader has not answered yet
 * the analysis is withheld: it would give the answer away.
 */

/** @typedef {{action: string, value: 'wins' | 'loses' | 'unknown', word: string, symbol: string, name: string,
 *   summary: string, line: string[]}} Mark */
/** @typedef {{at: number, seat?: number | null, marks: Mark[], withheld?: boolean, text?: string, error?: string,
 *   nodes?: number, ms?: number}} Analysis */
/**
 * @typedef {{root: HTMLElement, table: HTMLElement, toml: string, lang: string, source?: string,
 *   labels: Record<string, string>, engine: {callFunction: (module: string, name: string, args: unknown[]) => Promise<unknown>} | null,
 *   state: {index: number, live: boolean, branch: unknown}, questions: {questions: Map<number, unknown>, answered: Set<number>}}} Widget
 */

/** The localStorage key of the page's setting. */
export const STORAGE_KEY = 'linger-longer:analysis';

/**
 * The stored setting: on only when the stored value is exactly "on" (anything else, or no storage, is off).
 * @param {Pick<Storage, 'getItem'> | null} storage
 */
export function storedSetting(storage) {
  try {
    return storage?.getItem(STORAGE_KEY) === 'on';
  } catch {
    return false;  // storage refused (privacy settings): off
  }
}

/** @param {boolean} on */
function store(on) {
  try {
    localStorage.setItem(STORAGE_KEY, on ? 'on' : 'off');
  } catch {
    // storage full or refused: the toggle still works for this visit
  }
}

/** @returns {Storage | null} */
function pageStorage() {
  try {
    return localStorage;
  } catch {
    return null;
  }
}

/** Every analysis panel of the page: one toggle for all. @type {Set<AnalysisPanel>} */
const panels = new Set();

/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag @param {Record<string, string>} [attrs] @param {string} [text]
 * @returns {HTMLElementTagNameMap[K]}
 */
function el(tag, attrs = {}, text) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * Mark the choices of the player to act on a table, and list a sentence per choice with its line
 * behind a disclosure (the walkthroughs' panel, and the Play page's review of a finished deal).
 * @param {Element} table the drawn table @param {Analysis} data the engine's analysis
 * @param {string} showLine the words of the disclosure ("Show the line")
 * @returns {HTMLUListElement}
 */
export function placeMarks(table, data, showLine) {
  const hand = table.querySelector(`.ll-seat[data-seat="${data.seat}"]`);
  const list = el('ul', { class: 'linger-wt-analysis-list' });
  for (const mark of data.marks) {
    const card = /** @type {HTMLButtonElement | null | undefined} */ (hand?.querySelector(`button[data-card="${mark.action}"]`));
    if (card) {
      card.dataset.analysis = mark.value;
      card.setAttribute('aria-label', mark.name);
      card.querySelector('.ll-mark')?.remove();
      card.append(el('span', { class: 'll-mark', 'aria-hidden': 'true' }, mark.symbol));
    }
    const item = el('li', { 'data-action': mark.action, 'data-analysis': mark.value });
    const sentence = el('p', {});
    sentence.append(el('span', { class: 'll-mark', 'aria-hidden': 'true' }, mark.symbol), ` ${mark.summary}`);
    item.append(sentence);
    if (mark.line.length) {
      const details = el('details', { class: 'linger-wt-line' });
      details.append(el('summary', {}, showLine));
      const steps = el('ol', {});
      steps.append(...mark.line.map((text) => el('li', {}, text)));
      details.append(steps);
      item.append(details);
    }
    list.append(item);
  }
  return list;
}

export class AnalysisPanel {
  /** @param {Widget} widget */
  constructor(widget) {
    this.widget = widget;
    this.on = storedSetting(pageStorage());
    /** @type {Map<number, Promise<Analysis>>} answers by walkthrough step: a step is analysed once */
    this.answers = new Map();
    // The toggle comes drawn with the page (the directive's stepper_html), disabled until the live engine runs.
    this.toggle = /** @type {HTMLElement} */ (widget.root.querySelector(':scope > .linger-wt-analysis-toggle'));
    this.input = /** @type {HTMLInputElement} */ (this.toggle.querySelector('input'));
    this.input.checked = this.on;
    this.input.disabled = true;  // whatever a browser restored into the form: the engine is not running yet
    this.panel = el('div', { class: 'linger-wt-analysis', role: 'group', 'aria-label': widget.labels.analysis_panel });
    this.panel.hidden = true;
    this.input.addEventListener('change', () => {
      store(this.input.checked);
      for (const panel of panels) panel.set(this.input.checked);
    });
    panels.add(this);
    widget.root.dataset.analysis = 'off';
  }

  /** The elements to place in the widget's stage, in order. */
  get elements() {
    return [this.toggle, this.panel];
  }

  /** Take the toggle away: the live engine could not start. */
  withdraw() {
    this.toggle.hidden = true;
  }

  /** Offer the toggle (the live engine runs). */
  offer() {
    this.input.disabled = false;
    this.draw();
  }

  /** @param {boolean} on */
  set(on) {
    this.on = on;
    this.input.checked = on;
    this.draw();
  }

  /** Mark the step on show (after every render of the widget), or say why not. */
  async draw() {
    const { widget } = this;
    const { state } = widget;
    this.panel.replaceChildren();
    this.panel.hidden = true;
    if (!this.on || !state.live || !widget.engine) return this.setState('off');
    if (state.branch) return this.setState('none');  // the reader's own line: its cards are the bots'
    const at = state.index;
    const question = widget.questions.questions.has(at);
    const answered = question && widget.questions.answered.has(at);
    if (question && !answered) {
      this.say(widget.labels.analysis_wait);
      return this.setState('withheld');
    }
    this.setState('busy');
    let answer = this.answers.get(at);
    if (!answer) {
      const t0 = performance.now();
      answer = widget.engine.callFunction('linger_longer.web.analysis', 'analysis_json',
        [widget.toml, widget.lang, at, widget.source ?? '<example>', answered])
        .then((text) => {
          widget.root.dataset.analysisMs = String(performance.now() - t0);
          return /** @type {Analysis} */ (JSON.parse(String(text)));
        });
      this.answers.set(at, answer);
    }
    try {
      const data = await answer;
      if (data.error) throw new Error(data.error);
      // The reader may have moved on while the engine worked, or turned the analysis off.
      if (!this.on || widget.state.index !== at || widget.state.branch) return;
      this.place(data);
    } catch (err) {
      this.answers.delete(at);
      this.say(widget.labels.error.replace('{reason}', err instanceof Error ? err.message : String(err)));
      this.setState('error');
    }
  }

  /** @param {string} state */
  setState(state) {
    this.widget.root.dataset.analysis = state;
  }

  /** @param {string} text */
  say(text) {
    this.panel.replaceChildren(el('p', { class: 'linger-wt-analysis-note' }, text));
    this.panel.hidden = false;
  }

  /**
   * Mark the cards and fill the panel: a sentence per choice, and its line behind a disclosure.
   * @param {Analysis} data
   */
  place(data) {
    const { widget } = this;
    if (!data.marks.length) return this.setState('none');
    this.panel.replaceChildren(placeMarks(widget.table, data, widget.labels.show_line));
    this.panel.hidden = false;
    this.setState('shown');
  }

}
