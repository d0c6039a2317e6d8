// @ts-check
/**
 * DOM glue of the walkthrough widget. The page holds every step as static
 * HTML, and the stepper's toolbar, analysis toggle and status already drawn on
 * the first step (see the Sphinx directive); this module makes each
 * `.linger-walkthrough`'s stepper work at once, with its stage in place of the
 * static list, and, when the page's live engine (linger-engine.mjs) is ready,
 * swaps in the steps Pyodide computed and offers "try another card". A step forward is paced as the
 * Play page paces the computer's cards (linger-pace.mjs, with the engine's beats); back and jumps are instant.
 * The logic lives in linger-model.mjs; the questions to the reader in linger-question.mjs.
 */
import { AnalysisPanel } from './linger-analysis.mjs';
import { getEngine } from './linger-engine.mjs';
import { noteLesson, readLesson } from './linger-learn.mjs';
import { QuestionPanel } from './linger-question.mjs';
import { effectiveSpeed, pacing, playSteps, savedSpeed, skipPacing } from './linger-pace.mjs';
import { drawTable, moveAmongCards, motionsRunning, showReason } from './linger-table.mjs';
import {
  applyMove, enterBranch, format, initialState, keyMove, leaveBranch, stepsFromJson, view, withLiveSteps,
} from './linger-model.mjs';

/** @typedef {import('./linger-model.mjs').Step} Step */
/** @typedef {import('./linger-model.mjs').State} State */
/** @typedef {import('./linger-engine.mjs').Engine} Engine */

// -- One widget ---------------------------------------------------------------------------------

/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, string>} [attrs]
 * @param {string} [text]
 * @returns {HTMLElementTagNameMap[K]}
 */
function el(tag, attrs = {}, text) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * Read the static steps the page already shows.
 * @param {HTMLElement} root
 * @returns {Step[]}
 */
function staticSteps(root) {
  return [...root.querySelectorAll(':scope > .linger-wt-steps > .linger-wt-step')].map((li, index) => ({
    index,
    note: li.querySelector(':scope > .linger-wt-note')?.outerHTML ?? null,
    narration: [...li.querySelectorAll(':scope > .linger-wt-narration > p')].map((p) => p.textContent ?? ''),
    rule: li.querySelector(':scope > .linger-wt-rule > .ll-rule-link')?.outerHTML ?? '',
    html: li.querySelector(':scope > .linger-wt-table')?.innerHTML ?? '',
    choices: [],
    table: li.hasAttribute('data-to-act') ? { to_act: Number(li.getAttribute('data-to-act')) } : null,
    pace: [...li.querySelectorAll(':scope > template.linger-wt-pace')].map((beat) => ({
      kind: /** @type {import('./linger-model.mjs').Beat['kind']} */ (/** @type {HTMLElement} */ (beat).dataset.kind),
      html: beat.innerHTML,
    })),
  }));
}

export class Walkthrough {
  /**
   * @param {HTMLElement} root
   * @param {boolean} announcesEngine whether this widget's status is the page's one status region: the
   *   engine is shared, so "loading" and "ready" are spoken once per page, not once per walkthrough
   */
  constructor(root, announcesEngine) {
    this.root = root;
    const data = root.dataset;
    this.id = data.example ?? '';
    this.lang = data.lang ?? 'en';
    this.toml = data.toml ?? '';
    this.source = data.source;
    /** @type {Record<string, string>} */
    this.labels = JSON.parse(data.labels ?? '{}');
    /** @type {string[]} */
    this.players = JSON.parse(data.players ?? '[]');
    /** @type {State} */
    this.state = initialState(staticSteps(root));
    /** @type {Engine | null} */
    this.engine = null;
    this.live = /** @type {HTMLElement} */ (root.querySelector('.linger-wt-live'));
    const base = this.root.id;
    const label = this.labels;
    // The toolbar and the status come drawn by the directive (stepper_html), on the first step; so does
    // the analysis toggle, which the analysis panel adopts.
    const controls = /** @type {HTMLElement} */ (root.querySelector(':scope > .linger-wt-controls'));
    this.count = /** @type {HTMLElement} */ (controls.querySelector('.linger-wt-count'));
    this.status = /** @type {HTMLElement} */ (root.querySelector(':scope > .linger-wt-status'));
    if (announcesEngine) this.status.setAttribute('role', 'status');
    this.stage = el('div', { class: 'linger-wt-stage' });
    this.note = el('div', { class: 'linger-wt-stage-note' });
    this.narration = el('div', { class: 'linger-wt-narration' });
    this.table = el('div', { class: 'linger-wt-table' });
    // Words about the reader's own action on the table (a refused card's rule, an answer): shown and spoken.
    this.message = el('p', { class: 'linger-wt-message', 'aria-live': 'polite' });
    this.tryLabel = el('p', { class: 'linger-wt-try' });
    this.backToExample = el('button', { type: 'button', class: 'linger-wt-back-to-example' }, label.return);
    this.backToExample.addEventListener('click', () => {
      this.state = leaveBranch(this.state);
      this.questionBranch = false;
      this.questions.outcome = null;
      this.render(true, false);
      this.root.focus();
    });
    this.stage.id = `${base}-stage`;
    controls.setAttribute('aria-controls', this.stage.id);
    /** @param {import('./linger-model.mjs').Move} move */
    const moveButton = (move) => {
      const button = /** @type {HTMLButtonElement} */ (controls.querySelector(`button[data-move="${move}"]`));
      button.addEventListener('click', () => this.move(move));
      return button;
    };
    this.buttons = { first: moveButton('first'), back: moveButton('back'), next: moveButton('next'), last: moveButton('last') };
    this.stage.append(this.note, this.narration, this.tryLabel, this.table, this.message, this.backToExample);
    controls.after(this.stage);
    /** whether the branch on show is the engine's continuation of an answer to a question */
    this.questionBranch = false;
    /** how many times the stage was drawn: a paced step finishes drawing only if no other step came since */
    this.drawn = 0;
    this.questions = new QuestionPanel(this, (question, choice) => this.askEngine(question, choice),
      (question, answer, choice) => this.placeAnswer(question, answer, choice));
    this.analysis = new AnalysisPanel(this);
    this.table.after(...this.analysis.elements);
    this.root.classList.add('linger-wt-js');
    this.root.tabIndex = 0;
    this.root.addEventListener('keydown', (event) => {
      if (moveAmongCards(event, this.table)) {
        event.preventDefault();
        return;
      }
      const move = keyMove(event.key);
      if (!move || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      event.preventDefault();
      this.move(move);
    });
    // A guided deal starts where the reader left it (the browser keeps the lesson's place).
    const kept = this.questions.guided ? readLesson().step : 0;
    this.render(false, false);
    if (kept > 0) this.show(kept);
  }

  /** @param {import('./linger-model.mjs').Move} move */
  move(move) {
    if (move === 'next' && this.questions.blocks(this.state.index, this.state.branch !== null, this.state.live)) {
      this.live.textContent = this.questions.spoken();  // the walkthrough waits for the reader's move
      return;
    }
    const before = this.state.index;
    this.state = applyMove(this.state, move);
    // Only one step forward moves the cards; back and jumps are instant.
    if (this.state.index !== before) this.render(true, this.state.index === before + 1);
  }

  /**
   * Show step `index` of the scripted example (for the benchmark and tests).
   * @param {number} index
   */
  show(index) {
    const state = leaveBranch(this.state);
    this.state = { ...state, index: Math.max(0, Math.min(state.scripted.length - 1, index)) };
    this.render(true, false);
  }

  /**
   * @param {boolean} announce whether to speak the step in the live region
   * @param {boolean} motion whether the cards that moved glide to their places (a step forward)
   * @param {boolean} [keepAbove] an answer to a question is placed: what stands above the table (the question, the
   *   note, the narration) stays as the reader saw it, so nothing moves; the verdict over the felt says the rest
   */
  render(announce, motion, keepAbove = false) {
    const v = view(this.state, this.labels, this.players);
    // A step still paced on this page ends first (its last table drawn), so the new one starts from there.
    if (pacing()) skipPacing();
    const drawn = ++this.drawn;
    this.count.textContent = v.count;
    this.root.dataset.step = String(this.state.index);
    this.root.dataset.branch = v.inBranch ? 'yes' : 'no';
    if (this.questions.guided && !v.inBranch) this.noteLesson(v.atLast);
    this.buttons.first.disabled = v.atFirst;
    this.buttons.back.disabled = v.atFirst;
    this.buttons.next.disabled = v.atLast || this.questions.blocks(this.state.index, v.inBranch, this.state.live);
    this.buttons.last.disabled = v.atLast;  // jumping is the reader's own choice: only stepping waits
    // The way back is there at once (a tried card focuses it while its line is still paced).
    this.backToExample.hidden = !v.inBranch;
    this.backToExample.textContent = this.questionBranch ? this.labels.back_to_question : this.labels.return;
    // The step's words at once, with its counter; what to do on its table (try a card, a question) once the
    // table is the step's own. An answer being placed keeps them as the reader saw them.
    if (!keepAbove) {
      this.note.innerHTML = v.step.note ?? (v.inBranch && !this.questionBranch && this.state.branch && this.state.index === this.state.branch.atStep + 1
        ? `<p class="linger-wt-note">${escapeHtml(this.labels.tried)}</p>`
        : '');
      this.narration.replaceChildren(...v.step.narration.map((s) => el('p', {}, s)));
      // After a refused card's reason, the engine's link to its rule (escaped by the engine).
      if (v.step.rule) this.narration.append(Object.assign(el('p', { class: 'linger-wt-rule' }), { innerHTML: v.step.rule }));
    }
    this.table.style.marginTop = '';
    this.message.textContent = '';
    // Unseen until the step's own table offers its cards.
    if (!keepAbove) this.tryLabel.classList.add('linger-wt-coming');
    // A focused card button is about to be replaced: keep the focus in the widget (and its keys working).
    if (this.table.contains(document.activeElement)) this.root.focus({ preventScroll: true });
    // A step forward shows the tables on the way to it first, timed as the Play page times them (the engine's
    // beats: the last trick gathered, a complete trick before the draw); back, jumps and instant speed do not.
    const speed = effectiveSpeed(savedSpeed());
    const moves = motion && speed !== 'instant';
    const settle = () => { if (drawn === this.drawn) this.settle(v, announce, keepAbove); };
    if (moves && v.step.pace.length) {
      playSteps(this.table, v.step.pace, v.step.html, { speed, animate: true }).then(settle);
    } else {
      drawTable(this.table, v.step.html, moves);
      this.table.dataset.paced = 'done';
      settle();
    }
    this.root.dataset.motions = String(motionsRunning());
  }

  /**
   * A guided deal keeps the reader's place; at its last step, with every move made, the lesson is finished.
   * @param {boolean} atLast
   */
  noteLesson(atLast) {
    const moves = [...this.questions.questions.keys()];
    const finished = atLast && moves.every((at) => this.questions.answered.has(at));
    this.root.dataset.learned = String(noteLesson({ step: this.state.index, finished }).finished);
  }

  /**
   * The rest of a step, once its own table is drawn: its words, the question, the cards the reader may try.
   * @param {ReturnType<typeof view>} v
   * @param {boolean} announce
   * @param {boolean} keepAbove an answer is being placed: the words above the table stay as they were
   */
  settle(v, announce, keepAbove) {
    this.uniqueIds(this.table);
    const asking = this.questions.draw(this.state.index, v.inBranch, this.state.live,
      v.inBranch ? 'branch' : `step-${this.state.index}`, keepAbove);
    // An answer placed just now may release the walkthrough.
    this.buttons.next.disabled = v.atLast || this.questions.blocks(this.state.index, v.inBranch, this.state.live);
    if (!keepAbove) {
      this.tryLabel.textContent = v.tryLabel;
      // A guided deal lets the reader play only their own seat, when asked.
      const tryShown = (v.canTry || (v.tryComing && this.root.dataset.engine !== 'failed')) && !asking
        && !this.questions.guided;
      this.tryLabel.hidden = !tryShown;
      this.tryLabel.classList.toggle('linger-wt-coming', tryShown && !v.canTry);
      if (v.canTry && !asking && !this.questions.guided) this.enableChoices();
    }
    if (announce) this.live.textContent = asking ? `${v.announce} ${this.questions.spoken()}` : v.announce;
    if (this.questions.guided && this.root.dataset.engine === 'live') this.lessonStatus();
    this.analysis.draw();
  }

  /** A guided deal's status line says what the reader does now: play their seat's card, step on, or nothing more. */
  lessonStatus() {
    const question = this.questions.current;
    const atLast = this.state.branch === null && this.state.index === this.state.scripted.length - 1;
    const text = question ? format(this.labels.guided_turn, { player: this.players[question.seat] ?? '' })
      : atLast ? this.labels.guided_over : this.labels.guided_next;
    if (this.status.textContent !== text) this.setStatus(text, 'live');  // said again only when it changes
  }

  /**
   * The engine's table HTML names its elements by example and step; the same example can be on
   * a page twice and a step is drawn both in the stage and in the static list: prefix the ids.
   * @param {HTMLElement} container
   */
  uniqueIds(container) {
    const prefix = `${this.root.id}--`;
    for (const node of container.querySelectorAll('[id]')) node.id = prefix + node.id;
    for (const node of container.querySelectorAll('[aria-describedby], [aria-labelledby]')) {
      for (const attr of ['aria-describedby', 'aria-labelledby']) {
        const value = node.getAttribute(attr);
        if (value) node.setAttribute(attr, value.split(/\s+/).map((/** @type {string} */ id) => prefix + id).join(' '));
      }
    }
  }

  /** The hand of the player to act, drawn by the engine as buttons (disabled until the live engine runs). */
  enableChoices() {
    for (const button of /** @type {NodeListOf<HTMLButtonElement>} */ (this.table.querySelectorAll('button[data-card]'))) {
      const card = button.dataset.card ?? '';
      if (button.dataset.legal === 'true') {
        button.disabled = false;
        button.addEventListener('click', () => this.tryCard(card));
      } else {
        // aria-disabled, not disabled: it stays focusable so its reason (title, aria-describedby) can be read.
        // A tap on a refused card says why, beside the table (hover and focus show it on the card too).
        button.addEventListener('click', () => { showReason(this.message, button, this.labels.read_rule); });
      }
    }
  }

  /**
   * Ask the live engine to judge the reader's answer to a question.
   * @param {import('./linger-question.mjs').Question} question
   * @param {string} choice a card code or a suit letter
   * @returns {Promise<import('./linger-question.mjs').Answer>}
   */
  async askEngine(question, choice) {
    if (!this.engine) throw new Error('no live engine');
    // A puzzle names its judge (linger_longer.web.puzzle: the solver); a worked example's is the question module.
    const judge = this.root.dataset.judge || 'linger_longer.web.question';
    const args = [this.toml, this.lang, question.at, choice, this.source ?? '<example>'];
    // A puzzle's tables show the stock's next cards face up, the solver's line too.
    if (this.root.dataset.stockShown) args.push(Number(this.root.dataset.stockShown));
    const text = await this.engine.callFunction(judge, 'answer_json', args);
    return JSON.parse(String(text));
  }

  /**
   * Place the engine's answer: the example's choice moves on to the step that explains it;
   * another legal choice shows the engine's continuation, with what followed and the way back.
   * @param {import('./linger-question.mjs').Question} question
   * @param {import('./linger-question.mjs').Answer} answer
   * @param {string} choice
   */
  placeAnswer(question, answer, choice) {
    const tableTop = this.table.getBoundingClientRect().top;
    try {
      this.showAnswer(question, answer, choice);
    } finally {
      this.keepTableAt(tableTop);
    }
  }

  /**
   * The answer's step has less above its table than the question had (no question box, a shorter note): the gap
   * is kept under the words, so the table and the verdict over it stay where the reader's eyes are. The next
   * render gives the gap back.
   * @param {number} top the table's top before the answer was placed
   */
  keepTableAt(top) {
    const gap = top - this.table.getBoundingClientRect().top;
    if (gap > 0) this.table.style.marginTop = `${gap}px`;
    this.questions.place();
    this.questions.bringIntoView();
  }

  /**
   * @param {import('./linger-question.mjs').Question} question
   * @param {import('./linger-question.mjs').Answer} answer
   * @param {string} choice
   */
  showAnswer(question, answer, choice) {
    if (answer.verdict === 'other') {
      this.state = enterBranch(leaveBranch(this.state), question.at, choice, stepsFromJson({ steps: answer.steps ?? [] }));
      this.questionBranch = true;
      this.questions.tell('branch', answer);
      this.render(false, false, true);
      this.live.textContent = [answer.text, answer.then ?? '', ...(answer.followed ?? [])].filter(Boolean).join(' ');
      this.backToExample.focus({ preventScroll: true });
      return;
    }
    this.questions.answered.add(question.at);
    this.state = { ...leaveBranch(this.state), index: question.at + 1 };
    this.questionBranch = false;
    // In a walkthrough the note that explains the answer comes in the verdict, over the felt (the directive's HTML,
    // as in the stage), and what stands above the table stays; a puzzle's solver line is its explanation.
    const v = view(this.state, this.labels, this.players);
    const inVerdict = Boolean(answer.text) && !this.root.hasAttribute('data-judge');
    if (answer.text) this.questions.tell(`step-${question.at + 1}`, answer, inVerdict ? v.step.note ?? '' : '');
    else this.questions.outcome = null;
    this.render(false, false, inVerdict);
    const note = inVerdict ? this.questions.verdict.querySelector('.linger-wt-note')?.textContent?.trim() ?? ''
      : this.note.textContent?.trim() ?? '';
    this.live.textContent = [answer.text, note, v.announce].filter(Boolean).join(' ');
    this.root.focus({ preventScroll: true });
  }

  /** @param {string} card */
  async tryCard(card) {
    const atStep = this.state.index;
    this.setStatus(this.labels.busy, 'busy');
    try {
      const t0 = performance.now();
      if (!this.engine) throw new Error('no live engine');
      const data = await this.engine.branch(this.toml, this.lang, atStep, card, this.source);
      if (data.error) throw new Error(data.error);
      this.state = enterBranch(this.state, atStep, card, stepsFromJson(data));
      this.render(true, this.state.index === atStep + 1);
      this.root.dataset.branchMs = String(performance.now() - t0);
      this.setStatus(this.labels.ready, 'live');
      this.backToExample.focus({ preventScroll: true });
    } catch (err) {
      const message = format(this.labels.error, { reason: err instanceof Error ? err.message : String(err) });
      this.setStatus(message, 'error');
      this.live.textContent = message;  // the reader's own action: spoken in this walkthrough's live region
    }
  }

  /** @param {string} text @param {string} state */
  setStatus(text, state) {
    this.status.textContent = text;
    this.status.dataset.state = state;
  }

  /**
   * @param {Engine} eng
   * @param {() => Promise<any>} [replay] how to get the live steps (a puzzle trainer's own request); the engine's
   *   replay of the example by default
   */
  async goLive(eng, replay) {
    this.engine = eng;
    this.setStatus(this.labels.loading, 'loading');
    try {
      await eng.ready;
    } catch (err) {
      this.analysis.withdraw();
      this.setStatus(this.labels.failed, 'failed');
      this.root.dataset.engine = 'failed';
      this.root.dataset.engineError = err instanceof Error ? err.message : String(err);
      this.render(false, false);  // no "try another card" is coming: its place goes
      return;
    }
    try {
      const data = await (replay ? replay() : eng.replay(this.toml, this.lang, this.source));
      if (data.error) throw new Error(data.error);
      this.state = withLiveSteps(this.state, stepsFromJson(data));
      this.root.dataset.engine = 'live';
      this.render(false, false);
      // A guided deal has no other line to try: its status says the reader's move (lessonStatus, from settle).
      if (!this.questions.guided) this.setStatus(this.labels.ready, 'live');
      // A guided deal is a lesson, not a puzzle: the solver's marks would only crowd its table.
      if (this.questions.guided) this.analysis.withdraw();
      else this.analysis.offer();
    } catch (err) {
      this.analysis.withdraw();
      this.setStatus(format(this.labels.error, { reason: err instanceof Error ? err.message : String(err) }), 'failed');
      this.root.dataset.engine = 'failed';
      this.render(false, false);
    }
  }
}

/** @param {string} text */
function escapeHtml(text) {
  const span = document.createElement('span');
  span.textContent = text;
  return span.innerHTML;
}

// -- Start --------------------------------------------------------------------------------------
// A deferred module: it runs once the page is parsed, before the theme's deferred scripts and
// DOMContentLoaded (the wait below is for a page that imports it later). The page has usually been
// painted by then, its walkthroughs already shown as steppers; the widgets adopt them.

const tag = /** @type {HTMLScriptElement | null} */ (document.querySelector('script[data-pyodide]'));
const pyodidePath = tag?.dataset.pyodide ?? document.querySelector('.linger-walkthrough')?.getAttribute('data-pyodide');

if (pyodidePath != null) {
  const eng = getEngine(new URL(pyodidePath, document.baseURI).href);
  const start = () => {
    // The puzzle trainer (linger-puzzles.mjs) starts the walkthroughs it shows itself.
    const roots = /** @type {HTMLElement[]} */ ([...document.querySelectorAll('.linger-walkthrough')])
      .filter((root) => !root.closest('.linger-trainer'));
    const widgets = roots.map((root, index) => new Walkthrough(root, index === 0));
    // The steppers work from here; the page showed them before (the first counter's Element Timing
    // entry, linger-first-step, reports when it was painted).
    performance.mark('linger-steppers-ready');
    Promise.all(widgets.map((widget) => widget.goLive(eng))).then(() => performance.mark('linger-live'));
    // A small hook for the browser tests and the benchmark: the same worker the widgets use.
    /** @type {any} */ (window).lingerLonger = {
      ready: eng.ready,
      widgets,
      engine: eng,
      /** @param {string} toml @param {string} lang @param {string} [source] */
      replay: (toml, lang, source) => eng.replay(toml, lang, source),
      /** @param {string} toml @param {string} lang @param {number} atStep @param {string} card @param {string} [source] */
      branch: (toml, lang, atStep, card, source) => eng.branch(toml, lang, atStep, card, source),
    };
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
  else start();
}
