// @ts-check
/**
 * The Puzzles page's trainer: one puzzle at a time on the card table. The page carries every puzzle as data
 * (a JSON island: its TOML, question step, difficulty, themes, rules, how many stock cards to show face up) and
 * draws the newcomer's first puzzle as a walkthrough (see puzzles_page.py). The engine draws the chosen puzzle
 * (linger_longer.web.puzzle.trainer_json) and judges the reader's card with the solver (answer_json); this module
 * only chooses which puzzle comes next and keeps score. No rule of the game is here.
 *
 * Score: a puzzle is solved when the reader chooses its right card; a streak counts puzzles solved at the first
 * try in a row; a wrong legal card (the widget's `linger-answer` event, verdict `other`) ends the streak and puts
 * the puzzle in the misses, which come back RETRY_AFTER puzzles later until solved. Everything lives in
 * `localStorage` under one key as JSON (`freshProgress()`'s shape); a value that is not that shape (damaged,
 * foreign, another version) starts afresh, without a word; a browser that keeps nothing keeps it for the visit.
 * A puzzle's deep link is `#puzzle=<id>`.
 */
import { getEngine } from './linger-engine.mjs';
import { format, keyMove } from './linger-model.mjs';
import { Walkthrough } from './linger-walkthrough.mjs';
import { freshProgress, matches, pickNext, readProgress, scored, writeProgress } from './linger-puzzles-model.mjs';

/** @typedef {import('./linger-puzzles-model.mjs').Puzzle} Puzzle */

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
 * A walkthrough element for one puzzle, from the engine's document: the shape the walkthrough directive draws
 * (see __init__.py), which the walkthrough widget adopts.
 * @param {Puzzle} puzzle
 * @param {any} doc linger_longer.web.puzzle.trainer's result
 * @param {Record<string, string>} widgetLabels the walkthrough widget's words
 * @param {string} title
 * @param {string} ask the question
 * @param {string} ident
 */
function walkthroughElement(puzzle, doc, widgetLabels, title, ask, ident) {
  const q = doc.question;
  const root = el('div', {
    class: 'linger-walkthrough', id: ident, role: 'group', 'aria-labelledby': `${ident}-title`,
    'data-example': puzzle.id, 'data-lang': doc.lang, 'data-source': puzzle.src, 'data-steps': String(doc.steps.length),
    'data-players': JSON.stringify(doc.players), 'data-labels': JSON.stringify(widgetLabels), 'data-toml': puzzle.toml,
    'data-engine': 'static', 'data-judge': 'linger_longer.web.puzzle', 'data-stock-shown': String(puzzle.stock),
    'data-verdict': 'below',
  });
  root.append(el('p', { class: 'linger-wt-title', id: `${ident}-title` }, title));
  // The widget wants its stepper; the trainer's style sheet hides it (a trainer shows the question's position alone).
  const controls = el('div', { class: 'linger-wt-controls', role: 'toolbar', 'aria-label': widgetLabels.controls });
  for (const move of ['first', 'back', 'next', 'last']) {
    controls.append(el('button', { type: 'button', class: `linger-wt-${move}`, 'data-move': move }, widgetLabels[move]));
  }
  controls.append(el('p', { class: 'linger-wt-count', id: `${ident}-count` }));
  const list = el('ol', { class: 'linger-wt-steps' });
  for (const step of doc.steps) {
    const item = el('li', { class: 'linger-wt-step', 'data-index': String(step.index) });
    if (step.index === q.at) {
      const block = el('div', { class: 'linger-wt-question', 'data-at': String(q.at), 'data-seat': String(q.seat),
        'data-kind': q.kind, 'data-answer': q.answer });
      block.append(el('p', { class: 'linger-wt-question-label' }, widgetLabels.question), el('p', { class: 'linger-wt-ask' }, ask));
      const coming = el('div', { class: 'linger-wt-coming' });
      coming.append(el('p', { class: 'linger-wt-prompt' },
        format(q.kind === 'suit' ? widgetLabels.ask_suit : widgetLabels.ask_card, { player: q.player })));
      coming.insertAdjacentHTML('beforeend', q.suits_html);  // the engine's HTML, escaped by the engine
      block.append(coming);
      item.append(block);
    }
    item.append(el('div', { class: 'linger-wt-table' }));
    list.append(item);
  }
  const toggle = el('p', { class: 'linger-wt-analysis-toggle' });
  toggle.append(el('input', { type: 'checkbox', id: `${ident}-analysis`, autocomplete: 'off', disabled: '' }),
    el('label', { for: `${ident}-analysis` }, widgetLabels.analysis));
  root.append(controls, list, toggle, el('p', { class: 'linger-wt-status', 'data-state': 'loading' }, widgetLabels.loading),
    el('div', { class: 'linger-wt-live', 'aria-live': 'polite', id: `${ident}-live` }));
  return root;
}

class Trainer {
  /** @param {HTMLElement} section */
  constructor(section) {
    this.section = section;
    this.key = section.dataset.storage ?? 'linger-longer.puzzles';
    /** @type {Record<string, string>} */
    this.labels = JSON.parse(section.dataset.labels ?? '{}');
    /** @type {string[]} */
    this.counts = JSON.parse(section.dataset.counts ?? '[]');
    /** @type {Record<string, {name: string, text: string}>} */
    this.themes = JSON.parse(section.dataset.themes ?? '{}');
    const data = JSON.parse(section.querySelector('.linger-trainer-data')?.textContent ?? '{}');
    /** @type {Puzzle[]} */
    this.puzzles = data.puzzles ?? [];
    /** @type {Record<string, string>} the rules of each puzzle, as links (drawn by the directive) */
    this.rules = data.rules ?? {};
    this.byId = new Map(this.puzzles.map((p) => [p.id, p]));
    /** @param {string} selector */
    const find = (selector) => /** @type {HTMLElement} */ (section.querySelector(selector));
    this.stage = find('.linger-trainer-stage');
    this.filters = /** @type {HTMLDetailsElement} */ (find('.linger-trainer-filters'));
    this.choice = find('.linger-trainer-choice');
    this.prompt = find('.linger-trainer-prompt');
    this.status = find('.linger-trainer-status');
    this.next = /** @type {HTMLButtonElement} */ (find('.linger-trainer-next'));
    this.theme = /** @type {HTMLSelectElement} */ (find('.linger-trainer-theme'));
    this.level = /** @type {HTMLSelectElement} */ (find('.linger-trainer-level'));
    this.plain = /** @type {HTMLInputElement} */ (find('.linger-trainer-plain'));
    this.reset = /** @type {HTMLButtonElement} */ (find('.linger-puzzles-reset'));
    this.confirm = find('.linger-puzzles-confirm');
    this.progress = readProgress(this.load(), new Set(this.byId.keys()));
    this.theme.value = this.progress.filters.theme;
    this.level.value = this.progress.filters.level;
    this.plain.checked = this.progress.filters.plain;
    const staticRoot = /** @type {HTMLElement} */ (this.stage.querySelector('.linger-walkthrough'));
    /** @type {Record<string, string>} the walkthrough widget's words; its way back from a wrong card is "Try again" */
    this.widgetLabels = { ...JSON.parse(staticRoot.dataset.labels ?? '{}'), back_to_question: this.labels.retry,
      show_answer: this.labels.solution };
    staticRoot.dataset.labels = JSON.stringify(this.widgetLabels);
    // One puzzle, one position (the style sheet hides the stepper): the verdict has its own place under the cards.
    staticRoot.dataset.verdict = 'below';
    // The filters stay open where the screen has room; on a phone their summary says the choice.
    if (window.matchMedia?.('(min-width: 52em)').matches) this.filters.open = true;
    this.askTemplates = { card: this.labels.ask_card, suit: this.labels.ask_suit };
    /** the puzzle on show, and whether the reader chose a wrong card on it since it came */
    this.current = section.dataset.first ?? '';
    this.missed = false;
    this.shows = 0;
    this.toldNotKept = false;
    const tag = /** @type {HTMLScriptElement | null} */ (document.querySelector('script[data-pyodide]'));
    this.engine = getEngine(new URL(tag?.dataset.pyodide ?? staticRoot.dataset.pyodide ?? '', document.baseURI).href);
    // The drawn puzzle works at once, stepped to its question; the engine makes it live.
    this.widget = new Walkthrough(staticRoot, true);
    this.widget.show(this.byId.get(this.current)?.at ?? 0);
    this.placeNext();
    this.bind();
    this.draw();
    const wanted = this.linked() ?? (this.progress.current && this.fits(this.progress.current) ? this.progress.current : '');
    const first = wanted || (this.fits(this.current) && !this.progress.solved.includes(this.current) ? this.current
      : pickNext(this.puzzles, this.progress, '')?.id ?? this.current);
    if (first === this.current) {
      const puzzle = /** @type {Puzzle} */ (this.byId.get(first));
      this.ready = this.widget.goLive(this.engine, () => this.fetch(puzzle)).then(() => this.shown(puzzle));
    } else {
      this.ready = this.open(first, false, false);
    }
  }

  bind() {
    this.next.addEventListener('click', () => this.goNext());
    // The keys that step a walkthrough do nothing here: the trainer shows the question's position alone (the arrow
    // keys still move among the cards of the hand).
    this.stage.addEventListener('keydown', (event) => {
      const onCard = event.target instanceof HTMLElement && event.target.matches('button[data-card]') && event.key.startsWith('Arrow');
      if (keyMove(event.key) && !onCard) event.stopPropagation();
    }, true);
    for (const control of [this.theme, this.level, this.plain]) control.addEventListener('change', () => this.filtersChanged());
    this.reset.addEventListener('click', () => {
      this.confirm.hidden = false;
      this.reset.hidden = true;
      /** @type {HTMLButtonElement} */ (this.confirm.querySelector('.linger-puzzles-confirm-no')).focus();
    });
    /** @type {HTMLButtonElement} */ (this.confirm.querySelector('.linger-puzzles-confirm-yes')).addEventListener('click', () => this.clear());
    /** @type {HTMLButtonElement} */ (this.confirm.querySelector('.linger-puzzles-confirm-no')).addEventListener('click', () => this.closeConfirm());
    this.confirm.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        this.closeConfirm();
      }
    });
    this.section.addEventListener('linger-answer', (event) => {
      const detail = /** @type {CustomEvent} */ (event).detail;
      if (detail?.verdict === 'example' || detail?.verdict === 'other') this.answered(detail.verdict);
    });
    // The solution shown on demand counts as a miss, as on a chess puzzle site: the puzzle comes back later.
    this.section.addEventListener('linger-reveal', () => {
      if (!this.missed) this.answered('other');
    });
    window.addEventListener('hashchange', () => {
      const id = this.linked();
      if (id && id !== this.current) this.open(id, false, true);
    });
  }

  /** @returns {string | null} the puzzle the address links to, if the page holds it */
  linked() {
    const match = /^#puzzle=([\w-]+)$/.exec(location.hash);
    return match && this.byId.has(match[1]) ? match[1] : null;
  }

  /** @param {string} id */
  fits(id) {
    const puzzle = this.byId.get(id);
    return Boolean(puzzle && matches(puzzle, this.progress.filters));
  }

  /** @returns {string | null} */
  load() {
    try {
      return window.localStorage.getItem(this.key);
    } catch {
      return null;
    }
  }

  save() {
    try {
      window.localStorage.setItem(this.key, writeProgress(this.progress));
    } catch {
      // A full quota or storage turned off: the progress lasts for this visit, as the reader is told once.
      if (!this.toldNotKept) this.status.textContent = this.labels.not_kept ?? '';
      this.toldNotKept = true;
    }
  }

  /** @param {Puzzle} puzzle @returns {Promise<any>} the engine's document of the puzzle */
  async fetch(puzzle) {
    const lang = document.documentElement.lang?.split('-')[0] || 'en';
    const text = await this.engine.callFunction('linger_longer.web.puzzle', 'trainer_json',
      [puzzle.toml, this.widget?.lang ?? lang, puzzle.src, puzzle.stock]);
    return JSON.parse(String(text));
  }

  /**
   * Show a puzzle: the engine draws it, then it takes the stage's place at its question.
   * @param {string} id @param {boolean} retry @param {boolean} focus
   */
  async open(id, retry, focus) {
    const puzzle = /** @type {Puzzle} */ (this.byId.get(id));
    const t0 = performance.now();
    this.next.disabled = true;
    this.current = id;
    let doc;
    try {
      doc = await this.fetch(puzzle);
      if (doc.error) throw new Error(doc.error);
    } catch (err) {
      this.status.textContent = format(this.widgetLabels.error ?? '{reason}', { reason: err instanceof Error ? err.message : String(err) });
      this.next.disabled = false;
      return;
    }
    if (this.current !== id) return;  // another puzzle was asked for meanwhile
    const title = format(this.labels.puzzle, { number: puzzle.n });
    const ask = format(doc.question.kind === 'suit' ? this.askTemplates.suit : this.askTemplates.card, { player: doc.question.player });
    const root = walkthroughElement(puzzle, doc, this.widgetLabels, title, ask, `trainer-${puzzle.id}-${++this.shows}`);
    // The new table takes the old one's place at the same height: the stage keeps its height while it swaps.
    this.stage.style.minHeight = `${this.stage.offsetHeight}px`;
    this.stage.replaceChildren(root);
    this.widget = new Walkthrough(root, false);
    this.placeNext();
    await this.widget.goLive(this.engine, async () => doc);
    this.shown(puzzle);
    this.stage.style.minHeight = '';
    this.section.dataset.nextMs = String(performance.now() - t0);
    if (retry) this.status.textContent = this.labels.retrying;
    if (focus) root.focus({ preventScroll: true });
  }

  /** The puzzle is on show at its question: its heading, address and score. @param {Puzzle} puzzle */
  shown(puzzle) {
    this.widget.show(puzzle.at);
    this.missed = false;
    this.section.dataset.puzzle = puzzle.id;
    this.progress.current = puzzle.id;
    this.save();
    const head = /** @type {HTMLElement} */ (this.section.querySelector('.linger-trainer-head'));
    const link = /** @type {HTMLAnchorElement} */ (head.querySelector('.linger-trainer-link'));
    link.href = `#puzzle=${puzzle.id}`;
    /** @type {HTMLElement} */ (link.querySelector('strong')).textContent = format(this.labels.puzzle, { number: puzzle.n });
    const level = /** @type {HTMLElement} */ (head.querySelector('.linger-trainer-level'));
    level.dataset.level = String(puzzle.level);
    /** @type {HTMLElement} */ (level.querySelector('.linger-trainer-dots')).textContent = '●'.repeat(puzzle.level) + '○'.repeat(5 - puzzle.level);
    /** @type {HTMLElement} */ (level.querySelector('.linger-trainer-words')).textContent = format(this.labels.label_value, {
      label: this.labels.difficulty, value: format(this.labels.level, { level: puzzle.level }),
    });
    // The rules are links the directive drew (escaped there); the catalog's words are escaped here.
    /** @type {HTMLElement} */ (head.querySelector('.linger-trainer-rules')).innerHTML = format(escapeHtml(this.labels.label_value),
      { label: escapeHtml(this.labels.rules), value: this.rules[puzzle.id] ?? '' });
    /** @type {HTMLElement} */ (head.querySelector('.linger-trainer-themes')).replaceChildren(
      ...puzzle.themes.map((t) => el('li', { title: this.themes[t]?.text ?? '' }, this.themes[t]?.name ?? t)));
    // Whose move and what to find, above the table: the question's own words.
    this.prompt.textContent = this.widget.root.querySelector('.linger-wt-question .linger-wt-ask')?.textContent ?? '';
    if (location.hash !== `#puzzle=${puzzle.id}` && (location.hash === '' || location.hash.startsWith('#puzzle='))) {
      history.replaceState(null, '', `#puzzle=${puzzle.id}`);
    }
    this.next.disabled = false;
    this.draw();
  }

  /** @param {'example' | 'other'} verdict */
  answered(verdict) {
    this.progress = scored(this.progress, this.current, verdict, this.missed);
    if (verdict === 'other') this.missed = true;
    this.save();
    this.draw();
  }

  goNext() {
    this.progress.shown += 1;
    const next = pickNext(this.puzzles, this.progress, this.current);
    this.status.textContent = '';
    if (!next) {
      this.status.textContent = this.labels.none_left;
      this.save();
      return;
    }
    if (next.again) this.status.textContent = this.labels.all_solved;
    this.open(next.id, next.retry, true);
  }

  filtersChanged() {
    this.progress.filters = { theme: this.theme.value, level: this.level.value, plain: this.plain.checked };
    this.save();
    this.draw();
    const next = pickNext(this.puzzles, this.progress, '');
    if (!next) this.status.textContent = this.labels.none_left;
    else if (!this.fits(this.current)) this.goNext();
    else this.status.textContent = '';
  }

  /** Next puzzle stands with the widget's own buttons (Try again, Show the solution), under the table. */
  placeNext() {
    this.widget.stage.append(this.next);
  }

  draw() {
    const p = this.progress;
    const { theme, level, plain } = p.filters;
    this.choice.textContent = [plain ? this.labels.plain : this.labels.any_rules,
      theme ? this.themes[theme]?.name ?? theme : this.labels.any_theme,
      level ? format(this.labels.label_value, { label: this.labels.difficulty, value: format(this.labels.level, { level }) })
        : this.labels.any_difficulty].join(' · ');
    /** @param {string} name @param {string} text */
    const put = (name, text) => { /** @type {HTMLElement} */ (this.section.querySelector(`.linger-trainer-${name}`)).textContent = text; };
    put('streak', format(this.labels.streak, { count: p.streak }));
    put('best', format(this.labels.best, { count: p.best }));
    put('misses', format(this.labels.misses, { count: p.misses.length }));
    put('count', this.counts[p.solved.length] ?? `${p.solved.length}/${this.puzzles.length}`);
    this.section.dataset.streak = String(p.streak);
    const solved = new Set(p.solved);
    for (const item of /** @type {NodeListOf<HTMLElement>} */ (this.section.querySelectorAll('.linger-puzzles-list > li'))) {
      const done = solved.has(item.dataset.puzzle ?? '');
      item.dataset.solved = String(done);
      /** @type {HTMLElement} */ (item.querySelector('.linger-puzzles-state')).textContent = ` (${done ? this.labels.solved : this.labels.not_yet})`;
    }
    this.reset.disabled = p.solved.length === 0 && p.misses.length === 0 && p.best === 0;
  }

  closeConfirm() {
    this.confirm.hidden = true;
    this.reset.hidden = false;
    this.draw();
    (this.reset.disabled ? this.next : this.reset).focus();
  }

  clear() {
    this.progress = { ...freshProgress(), filters: this.progress.filters, current: this.current };
    try {
      window.localStorage.removeItem(this.key);
    } catch {
      // storage turned off: nothing was kept
    }
    this.closeConfirm();
    this.status.textContent = this.labels.was_reset;
  }
}

/** @param {string} text */
function escapeHtml(text) {
  const span = document.createElement('span');
  span.textContent = text;
  return span.innerHTML;
}

// A deferred module on the Puzzles page (the unit tests import the functions above without a page).
if (typeof document !== 'undefined') {
  const start = () => {
    const section = document.querySelector('.linger-trainer');
    if (section instanceof HTMLElement) /** @type {any} */ (window).lingerPuzzles = new Trainer(section);
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
  else start();
}
