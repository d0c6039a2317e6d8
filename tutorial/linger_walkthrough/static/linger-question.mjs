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
 */

/**
 * @typedef {{at: number, seat: number, kind: string, answer: string, label: string, askHtml: string,
 *   suitsHtml: string}} Question
 *   `at` is the walkthrough step the question is asked at (its answer is step `at + 1`).
 * @typedef {{verdict: 'example' | 'other' | 'illegal' | 'unknown', at: number, text: string, followed?: string[],
 *   steps?: any[], error?: string, clause?: string, html?: string}} Answer
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

/** @param {string} text */
function escapeHtml(text) {
  const span = document.createElement('span');
  span.textContent = text;
  return span.innerHTML;
}

/**
 * The question part of one walkthrough widget.
 *
 * The widget calls `draw()` after each render, `blocks()` before stepping forward, and gives
 * `onAnswer` the engine's answer to place (it owns the steps and the branch).
 */
export class QuestionPanel {
  /**
   * @param {{root: HTMLElement, stage: HTMLElement, table: HTMLElement, live: HTMLElement,
   *   labels: Record<string, string>, players: string[]}} widget
   * @param {(question: Question, choice: string) => Promise<Answer>} ask asks the engine
   * @param {(question: Question, answer: Answer, choice: string) => void} onAnswer places the answer
   */
  constructor(widget, ask, onAnswer) {
    this.widget = widget;
    this.questions = readQuestions(widget.root);
    /** @type {Set<number>} steps whose question was answered with the example's choice (or shown) */
    this.answered = new Set();
    /** @type {Question | null} the question on show */
    this.current = null;
    /** @type {{key: string, html: string} | null} the last outcome, shown while its step is on show */
    this.outcome = null;
    this.pending = false;
    this.ask = ask;
    this.onAnswer = onAnswer;
    const labels = widget.labels;
    this.box = document.createElement('div');
    this.box.className = 'linger-wt-stage-question';
    this.box.hidden = true;
    this.verdict = document.createElement('div');
    this.verdict.className = 'linger-wt-verdict';
    this.verdict.hidden = true;
    this.reveal = document.createElement('button');
    this.reveal.type = 'button';
    this.reveal.className = 'linger-wt-show-answer';
    this.reveal.textContent = labels.show_answer;
    this.reveal.addEventListener('click', () => {
      if (!this.current) return;
      const question = this.current;
      this.onAnswer(question, { verdict: 'example', at: question.at, text: '' }, question.answer);
    });
    widget.stage.prepend(this.verdict, this.box);
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
   * @returns {boolean} whether a question is on show (the widget then offers no "try another card")
   */
  draw(index, inBranch, live, key) {
    const question = inBranch ? undefined : this.questions.get(index);
    this.current = question ?? null;
    const showOutcome = this.outcome !== null && this.outcome.key === key;
    this.verdict.innerHTML = showOutcome && this.outcome ? this.outcome.html : '';
    this.verdict.hidden = !showOutcome;
    this.widget.root.dataset.question = question ? String(question.at) : '';
    if (!question) {
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
    const hadFocus = this.box.contains(document.activeElement);  // a redraw must not drop the reader's place
    this.box.innerHTML = `<p class="linger-wt-question-label">${escapeHtml(question.label)}</p>${question.askHtml}`
      + (live ? choose : coming);
    this.box.append(this.reveal);
    if (hadFocus) this.reveal.focus({ preventScroll: true });
    this.box.hidden = false;
    if (live) this.enable(question);
    return true;
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
   * Remember an outcome to show while the step `key` is on show (the widget speaks it).
   * @param {string} key @param {string} text @param {string[]} [followed]
   */
  tell(key, text, followed = []) {
    const list = followed.length ? `<ul class="linger-wt-followed">${followed.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ul>` : '';
    this.outcome = { key, html: `<p>${escapeHtml(text)}</p>${list}` };
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
    try {
      const answer = await this.ask(question, choice);
      if (answer.error) throw new Error(answer.error);
      // The reader's own answer (not "Show the answer"), for whoever keeps score (the Puzzles page).
      this.widget.root.dispatchEvent(new CustomEvent('linger-answer', {
        bubbles: true, detail: { at: question.at, choice, verdict: answer.verdict },
      }));
      if (answer.verdict === 'illegal' || answer.verdict === 'unknown') {  // the reader stays at the question
        this.outcome = null;
        this.verdict.innerHTML = answer.html ?? `<p>${escapeHtml(answer.text)}</p>`;
        this.verdict.hidden = false;
        this.widget.live.textContent = answer.text;
        return;
      }
      this.onAnswer(question, answer, choice);
    } catch (err) {
      const message = this.widget.labels.error.replace('{reason}', err instanceof Error ? err.message : String(err));
      this.verdict.innerHTML = `<p>${escapeHtml(message)}</p>`;
      this.verdict.hidden = false;
      this.widget.live.textContent = message;
    } finally {
      this.pending = false;
    }
  }
}
