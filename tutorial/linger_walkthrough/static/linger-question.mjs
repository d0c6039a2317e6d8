// @ts-check
/**
 * Questions in a walkthrough ("Your move"). A worked-example step with an `ask` is drawn by the
 * Sphinx directive as a `.linger-wt-question` block in the step it is asked at, above its table: the ask text,
 * the place of the live widget's prompt (and, for naming trump, the suits as buttons), unseen until the engine
 * runs, then the example's answer in a <details> disclosure.
 *
 * In the live widget the walkthrough stops there: the reader picks a card of the player to act on
 * the table (any element `[data-card]` of that seat, found by event delegation) or a suit
 * (`[data-suit]`). The engine judges the choice in the worker (linger_longer.web.question.answer_json);
 * this module only places what it answers: the example's card moves on to the step whose note
 * explains it, another legal card shows the engine's continuation and what followed, with a way back
 * to the question, an illegal card shows the rule that forbids it. Every outcome is spoken in the
 * widget's aria-live region, and the widget's root gets a bubbling `linger-answer` event
 * (`detail: {at, choice, verdict}`) for each answer the reader chose (not for "Show the answer").
 *
 * A guided deal (`data-guided`, the lesson) asks every move of the reader's seat: another legal card than the
 * script's gets the engine's words and the script's reason (`why`, from the page, translated), and the reader
 * tries again or plays the script's card; its progress is the lesson's (linger-learn.mjs).
 */
import { noteLesson, readLesson } from './linger-learn.mjs';

/**
 * @typedef {{at: number, seat: number, kind: string, answer: string, label: string, askHtml: string,
 *   suitsHtml: string, whyHtml?: string}} Question
 *   `at` is the walkthrough step the question is asked at (its answer is step `at + 1`).
 * @typedef {{verdict: 'example' | 'other' | 'illegal' | 'guided' | 'unknown', at: number, text: string, followed?: string[],
 *   steps?: any[], error?: string, clause?: string, html?: string, mark?: string, symbol?: string, word?: string,
 *   then?: string}} Answer
 *   The engine's judgement (see linger_longer.web.question.answer); an illegal card's `html` is its `text`,
 *   escaped by the engine, with a link to the rule that forbids it.
 * @typedef {{callFunction: (module: string, name: string, args: unknown[]) => Promise<unknown>}} Judge
 */

/**
 * The questions the page holds, by the step they are asked at.
 * @param {HTMLElement} root a `.linger-walkthrough`
 * @returns {Map<number, Question>}
 */
export function readQuestions(root) {
  /** @type {Map<number, Question>} */
  const found = new Map();
  for (const block of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll(':scope > .linger-wt-steps .linger-wt-question'))) {
    const at = Number(block.dataset.at);
    found.set(at, {
      at,
      seat: Number(block.dataset.seat),
      kind: block.dataset.kind ?? 'card',
      answer: block.dataset.answer ?? '',
      label: block.querySelector('.linger-wt-question-label')?.textContent ?? '',
      askHtml: block.querySelector('.linger-wt-ask')?.outerHTML ?? '',
      suitsHtml: block.querySelector('.ll-suit-choices')?.outerHTML ?? '',
      whyHtml: block.querySelector('.linger-wt-why')?.outerHTML ?? '',
    });
  }
  return found;
}

/**
 * The reader's choice an element stands for, if it is one for the question's seat.
 * @param {Element} target
 * @param {Question} question
 * @returns {string | null} a card code or a suit letter
 */
export function choiceOf(target, question) {
  const suit = target.closest('[data-suit]');
  if (suit instanceof HTMLElement && question.kind === 'suit') return suit.dataset.suit ?? null;
  const card = target.closest('[data-card]');
  if (!(card instanceof HTMLElement)) return null;
  const seat = card.closest('[data-seat]');
  if (!(seat instanceof HTMLElement) || Number(seat.dataset.seat) !== question.seat) return null;
  return card.dataset.card ?? null;
}

/** Where the page's answered questions are kept: one list per page and language. */
const PROGRESS_KEY = `linger-longer:questions:${location.pathname}`;
/** The felt's width (px) from which a verdict lies over the felt alone, not over the hands beside it too. */
const FELT_WIDE_PX = 320;

/** @returns {Set<string>} the questions of this page the reader has answered, as "example@at" */
function readAnswered() {
  try {
    const kept = JSON.parse(localStorage.getItem(PROGRESS_KEY) ?? '[]');
    return new Set(Array.isArray(kept) ? kept.filter((k) => typeof k === 'string') : []);
  } catch {
    return new Set();  // no storage (or a broken entry): the count starts again
  }
}

/** @param {Set<string>} answered */
function keepAnswered(answered) {
  try {
    localStorage.setItem(PROGRESS_KEY, JSON.stringify([...answered]));
  } catch {
    // the browser keeps nothing: the count lasts while the page is open
  }
}

/** The walkthrough questions of the whole page (the puzzles keep their own progress). */
function pageQuestions() {
  return [...document.querySelectorAll('.linger-walkthrough:not([data-judge]) .linger-wt-steps .linger-wt-question')]
    .map((block) => `${block.closest('.linger-walkthrough')?.getAttribute('data-example')}@${block.getAttribute('data-at')}`);
}

/** @param {string} text */
function escapeHtml(text) {
  const span = document.createElement('span');
  span.textContent = text;
  return span.innerHTML;
}

/**
 * The verdict's first paragraph: its mark (✓ or ✗, said by the words that follow it), then the engine's words;
 * an illegal card's words come as the engine's HTML, with the link to its rule.
 * @param {Answer} answer
 */
export function verdictHtml(answer) {
  const symbol = answer.symbol ? `<span class="linger-wt-mark" aria-hidden="true">${escapeHtml(answer.symbol)}</span> ` : '';
  const words = answer.html ? answer.html.replace(/^<p>|<\/p>$/g, '') : escapeHtml(answer.text);
  return `<p>${symbol}${words}</p>`;
}

/**
 * Measure `linger-verdict`, from the reader's choice to the frame that paints its verdict (the benchmark reads it):
 * called just before the verdict is placed, whose drawing is synchronous, so the next animation frame is the one
 * that shows it.
 * @param {number} chosen when the reader chose (performance.now())
 */
function measureVerdict(chosen) {
  requestAnimationFrame(() => performance.measure('linger-verdict', { start: chosen }));
}

/**
 * The question part of one walkthrough widget.
 *
 * The widget calls `draw()` after each render, `blocks()` before stepping forward, and gives
 * `onAnswer` the engine's answer to place (it owns the steps and the branch).
 */
export class QuestionPanel {
  /**
   * @param {{root: HTMLElement, stage: HTMLElement, table: HTMLElement, live: HTMLElement, backToExample: HTMLElement,
   *   labels: Record<string, string>, players: string[]}} widget
   * @param {(question: Question, choice: string) => Promise<Answer>} ask asks the engine
   * @param {(question: Question, answer: Answer, choice: string) => void} onAnswer places the answer
   */
  constructor(widget, ask, onAnswer) {
    this.widget = widget;
    this.questions = readQuestions(widget.root);
    /** whether this is a guided deal: the reader plays one seat, and the lesson keeps its progress */
    this.guided = widget.root.hasAttribute('data-guided');
    /** @type {Set<number>} steps whose question was answered with the example's choice (or shown) */
    this.answered = new Set(this.guided ? readLesson().done.filter((at) => this.questions.has(at)) : []);
    /** @type {Question | null} the question on show */
    this.current = null;
    /** @type {{key: string, html: string, mark: string} | null} the last outcome, shown while its step is on show */
    this.outcome = null;
    this.pending = false;
    /** @type {(() => void) | null} ends the watch of the scroll after the last verdict shown (bringIntoView) */
    this.stopWatching = null;
    /** whether this widget counts towards the page's progress (a puzzle keeps its own) */
    this.counts = !widget.root.hasAttribute('data-judge') && Boolean(widget.labels.answered);
    this.progress = document.createElement('p');
    this.progress.className = 'linger-wt-progress';
    this.ask = ask;
    this.onAnswer = onAnswer;
    const labels = widget.labels;
    this.box = document.createElement('div');
    this.box.className = 'linger-wt-stage-question';
    this.box.hidden = true;
    // The verdict lies over the felt (see draw), so showing it never moves the table.
    this.verdict = document.createElement('div');
    this.verdict.className = 'linger-wt-verdict';
    this.verdict.hidden = true;
    /** whether the verdict has its own place under the cards (the trainer's), not over the felt */
    this.below = widget.root.dataset.verdict === 'below';
    this.reveal = document.createElement('button');
    this.reveal.type = 'button';
    this.reveal.className = 'linger-wt-show-answer';
    this.reveal.textContent = this.guided ? labels.guided_continue : labels.show_answer;
    this.reveal.hidden = true;
    this.reveal.addEventListener('click', () => {
      if (!this.current) return;
      const question = this.current;
      if (this.guided) this.count(question);  // the script's card is played: the lesson's move is done
      if (this.below) {  // a puzzle in the trainer: the solution comes with the solver's line
        this.revealSolution(question);
        return;
      }
      this.onAnswer(question, { verdict: 'example', at: question.at, text: '' }, question.answer);
    });
    widget.stage.prepend(this.box);
    // Event delegation: the table is redrawn at every step, the listener stays.
    widget.stage.addEventListener('click', (event) => {
      const question = this.current;
      const target = event.target;
      if (!question || !(target instanceof Element) || !widget.table.contains(target) && !this.box.contains(target)) return;
      const choice = choiceOf(target, question);
      if (choice === null) return;
      event.preventDefault();
      event.stopPropagation();
      this.choose(question, choice);
    });
  }

  /**
   * The solution of a puzzle on demand: its card played, and the solver's words and line, without the ✓ that
   * an answer earns (the trainer counts it as a miss: the `linger-reveal` event).
   * @param {Question} question
   */
  async revealSolution(question) {
    if (this.pending) return;
    this.pending = true;
    let answer = /** @type {Answer} */ ({ verdict: 'example', at: question.at, text: '' });
    try {
      const judged = await this.ask(question, question.answer);
      if (!judged.error && judged.verdict === 'example') {
        const word = judged.word ?? '';
        answer = { ...judged, text: judged.text.startsWith(word) ? judged.text.slice(word.length).trim() : judged.text,
          mark: '', symbol: '' };
      }
    } catch {
      // the card alone, as before the engine ran
    } finally {
      this.pending = false;
    }
    this.widget.root.dispatchEvent(new CustomEvent('linger-reveal', { bubbles: true, detail: { at: question.at } }));
    this.onAnswer(question, answer, question.answer);
  }

  /**
   * Whether stepping forward from `index` must wait for the reader's answer.
   * @param {number} index @param {boolean} inBranch @param {boolean} live
   */
  blocks(index, inBranch, live) {
    return live && !inBranch && this.questions.has(index) && !this.answered.has(index);
  }

  /**
   * Draw the question of step `index`, if one is asked there (and the outcome of the last answer).
   * @param {number} index @param {boolean} inBranch @param {boolean} live
   * @param {string} key names the step on show (scripted or branch), for the outcome
   * @param {boolean} [keep] an answer was just placed: the question stays as the reader saw it, closed
   * @returns {boolean} whether a question is on show (the widget then offers no "try another card")
   */
  draw(index, inBranch, live, key, keep = false) {
    const question = keep || inBranch ? undefined : this.questions.get(index);
    this.current = question ?? null;
    const showOutcome = this.outcome !== null && this.outcome.key === key;
    this.verdict.innerHTML = showOutcome && this.outcome ? this.outcome.html : '';
    this.verdict.dataset.mark = showOutcome && this.outcome ? this.outcome.mark : '';
    this.verdict.hidden = !showOutcome;
    // The table is redrawn at every step: the verdict goes back over it, or to its place among the seats.
    if (this.below) this.placeBelow();
    else this.widget.table.append(this.verdict);
    this.place();
    this.widget.root.dataset.question = question ? String(question.at) : '';
    this.reveal.disabled = keep;
    if (keep) {  // answered: the question keeps its place until the reader moves on; its suits wait
      for (const button of this.box.querySelectorAll('button')) button.disabled = true;
      // The way back to the question takes the place of "Show the answer", the same size: nothing below moves.
      this.reveal.hidden = !this.widget.backToExample.hidden;
      return false;
    }
    if (!question) {
      this.reveal.hidden = true;
      this.box.hidden = true;
      this.box.replaceChildren();
      return false;
    }
    const labels = this.widget.labels;
    const player = this.widget.players[question.seat] ?? String(question.seat);
    const prompt = (question.kind === 'suit' ? labels.ask_suit : labels.ask_card).replace('{player}', player);
    const choose = `<p class="linger-wt-prompt">${escapeHtml(prompt)}</p>${question.suitsHtml}`;
    // Until the live engine runs, the prompt and the suits keep their place, unseen, so nothing moves when they come.
    const coming = this.widget.root.dataset.engine === 'failed' ? '' : `<div class="linger-wt-coming">${choose}</div>`;
    const hadFocus = this.reveal === document.activeElement;  // a redraw must not drop the reader's place
    this.box.innerHTML = `<p class="linger-wt-question-label">${escapeHtml(question.label)}</p>${question.askHtml}`
      + (live ? choose : coming);
    if (this.counts) {
      this.progressText();
      this.box.append(this.progress);
    }
    // "Show the answer" comes after the cards in tab order: it waits at the end of the stage.
    // (In the trainer, beside "Try again", before the trainer's Next puzzle.)
    if (this.below) this.widget.backToExample.after(this.reveal);
    else this.widget.stage.append(this.reveal);
    this.reveal.hidden = false;
    if (hadFocus) this.reveal.focus({ preventScroll: true });
    this.box.hidden = false;
    if (live) this.enable(question);
    return true;
  }

  /** "Questions answered on this page: 2 of 5", from what the browser keeps. */
  progressText() {
    if (this.guided) {
      const done = [...this.questions.keys()].filter((at) => this.answered.has(at)).length;
      this.progress.textContent = (this.widget.labels.learn_progress ?? '').replace('{count}', String(done))
        .replace('{total}', String(this.questions.size));
      return;
    }
    const all = pageQuestions();
    const answered = readAnswered();
    const count = all.filter((key) => answered.has(key)).length;
    this.progress.textContent = (this.widget.labels.answered ?? '').replace('{count}', String(count))
      .replace('{total}', String(all.length));
  }

  /**
   * Count a question the reader answered right towards the page's progress.
   * @param {Question} question
   */
  count(question) {
    if (this.guided) {
      this.answered.add(question.at);
      noteLesson({ answered: question.at });
      this.progressText();
      return;
    }
    if (!this.counts) return;
    const answered = readAnswered();
    answered.add(`${this.widget.root.dataset.example}@${question.at}`);
    keepAnswered(answered);
    this.progressText();
  }

  /**
   * Make the seat's cards (or the suits) pressable for the question; the engine judges every one.
   * @param {Question} question
   */
  enable(question) {
    const scope = question.kind === 'suit' ? this.box : this.widget.table;
    for (const button of /** @type {NodeListOf<HTMLButtonElement>} */ (scope.querySelectorAll('button[data-card], button[data-suit]'))) {
      if (choiceOf(button, question) !== null) button.disabled = false;
    }
  }

  /**
   * Remember an outcome to show while the step `key` is on show (the widget speaks it): the engine's verdict, its
   * mark first, then what followed, one line per trick.
   * @param {string} key @param {Answer} answer
   * @param {string} [noteHtml] the note that explains the example's answer (the directive's HTML)
   */
  tell(key, answer, noteHtml = '') {
    const followed = answer.followed ?? [];
    const then = answer.then ? `<p>${escapeHtml(answer.then)}</p>` : '';
    const list = followed.length ? `${then}<ol class="linger-wt-followed">${followed.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ol>` : '';
    this.outcome = { key, html: verdictHtml(answer) + noteHtml + list, mark: answer.mark ?? '' };
  }

  /**
   * Show a verdict now, in its place over the felt.
   * @param {string} html @param {string} mark
   */
  show(html, mark) {
    this.verdict.innerHTML = html;
    this.verdict.dataset.mark = mark;
    this.verdict.hidden = false;
    this.place();
    this.bringIntoView();
  }

  /** The trainer's verdict: a place of its own in the table, under the cards at full width, or on a phone (a column
   * of seats) right after the seat that answers the question, so it shows beside the hand that was tapped. */
  placeBelow() {
    const table = this.widget.table.querySelector('.ll-table') ?? this.widget.table;
    const [first] = this.questions.values();
    const seat = first ? table.querySelector(`.ll-seat[data-seat="${first.seat}"]`) : null;
    const at = seat ? [...seat.classList].find((name) => name.startsWith('ll-at-')) : undefined;
    this.verdict.dataset.after = at ? at.slice('ll-at-'.length) : 's';
    table.append(this.verdict);
  }

  /** Lay the verdict over the felt, where the trick lies: the table keeps its place and its size. */
  place() {
    const trick = this.widget.table.querySelector('.ll-trick');
    if (this.verdict.hidden) return;
    if (!this.below) {  // the trainer's verdict has its own place (placeBelow)
      if (!(trick instanceof HTMLElement)) return;
      const table = this.widget.table.getBoundingClientRect();
      // Where the felt is wide enough to read on (a desktop table), the verdict covers the felt alone and the hands
      // beside it stay in view; on a narrow table (a phone) it spans the table's width over the trick.
      const middle = trick.closest('.ll-middle')?.getBoundingClientRect();
      const wide = middle !== undefined && middle.width >= FELT_WIDE_PX;
      const felt = wide ? middle : trick.getBoundingClientRect();
      let top = felt.top - table.top;
      let height = Math.max(felt.height, 160);
      this.verdict.style.left = wide ? `${felt.left - table.left}px` : '';
      this.verdict.style.right = wide ? `${table.right - felt.right}px` : '';
      this.verdict.style.top = `${top}px`;
      this.verdict.style.maxHeight = `${height}px`;
      // The lesson's reply ends with what to do next: longer than the felt (a phone), it grows upwards over the hands
      // across the table, up to the table's top, so that its last line shows and the reader's own hand stays free.
      const over = this.guided ? Math.min(this.verdict.scrollHeight - this.verdict.clientHeight, top) : 0;
      if (over > 0) {
        top -= over;
        height += over;
        this.verdict.style.top = `${top}px`;
        this.verdict.style.maxHeight = `${height}px`;
      }
    }
    // A long continuation scrolls in its box: the keyboard can reach it too.
    if (this.verdict.scrollHeight > this.verdict.clientHeight) this.verdict.tabIndex = 0;
    else this.verdict.removeAttribute('tabindex');
  }

  /** Bring the verdict into the window if the felt is partly out of it (a phone): the page scrolls, nothing moves.
   * Checked at once, at the next frame (after whatever else the answer moved: the focus, the redrawn table), and
   * whenever the verdict leaves the window in the next second and a half: a smooth scroll started before the
   * answer (the site scrolls smoothly; focusing a card or the walkthrough with the keyboard starts one) goes on
   * after the verdict is placed, and the page's layout may still settle, either carrying the verdict out of the
   * window after it was checked. The reader's own scroll (wheel, touch, key) ends the watch: it is theirs. */
  bringIntoView() {
    const check = () => {
      if (this.verdict.hidden) return;
      const box = this.verdict.getBoundingClientRect();
      if (box.top < 0 || box.bottom > window.innerHeight) {
        this.verdict.scrollIntoView({ block: this.below ? 'nearest' : 'center', behavior: 'instant' });
      }
    };
    check();
    requestAnimationFrame(() => setTimeout(check, 0));
    this.stopWatching?.();
    const seen = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.intersectionRatio < 1)) check();
    }, { threshold: 1 });
    seen.observe(this.verdict);
    const watch = new AbortController();
    const stop = () => { clearTimeout(timer); seen.disconnect(); watch.abort(); };
    for (const type of ['wheel', 'touchstart', 'keydown']) window.addEventListener(type, stop, { signal: watch.signal, once: true });
    const timer = setTimeout(stop, 1500);
    this.stopWatching = stop;
  }

  /** The question on show as one sentence for the live region: "Your move: … Choose a card of C on the table." */
  spoken() {
    if (!this.current) return '';
    const parts = [this.current.label, this.box.querySelector('.linger-wt-ask')?.textContent ?? '',
      this.box.querySelector(':scope > .linger-wt-prompt')?.textContent ?? ''];  // not the unseen one of `coming`
    return parts.filter(Boolean).join(' ');
  }

  /**
   * @param {Question} question
   * @param {string} choice
   */
  async choose(question, choice) {
    if (this.pending) return;
    this.pending = true;
    const chosen = performance.now();  // the reader's click (or key): the benchmark's verdict time starts here
    try {
      const answer = await this.ask(question, choice);
      if (answer.error) throw new Error(answer.error);
      // The reader's own answer (not "Show the answer"), for whoever keeps score (the Puzzles page).
      this.widget.root.dispatchEvent(new CustomEvent('linger-answer', {
        bubbles: true, detail: { at: question.at, choice, verdict: answer.verdict },
      }));
      if (answer.mark === 'right') this.count(question);
      measureVerdict(chosen);
      if (answer.verdict === 'illegal' || answer.verdict === 'unknown') {  // the reader stays at the question
        this.outcome = null;
        this.show(verdictHtml(answer), answer.mark ?? '');
        this.widget.live.textContent = answer.text;
        return;
      }
      if (answer.verdict === 'guided') {  // the lesson: the script's reason, then try again or play its card
        const hint = `<p class="linger-wt-guided-hint">${escapeHtml(this.widget.labels.guided_try)}</p>`;
        this.outcome = null;
        const engineWords = answer.text ? verdictHtml(answer) : '';  // the engine's reason, when it has one
        this.show(engineWords + (question.whyHtml ?? '') + hint, answer.mark ?? '');
        this.widget.live.textContent = this.verdict.textContent ?? answer.text;
        return;
      }
      this.onAnswer(question, answer, choice);
    } catch (err) {
      const message = this.widget.labels.error.replace('{reason}', err instanceof Error ? err.message : String(err));
      this.show(`<p>${escapeHtml(message)}</p>`, '');
      this.widget.live.textContent = message;
    } finally {
      this.pending = false;
    }
  }
}
