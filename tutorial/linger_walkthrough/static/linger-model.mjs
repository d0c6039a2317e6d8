// @ts-check
/**
 * Pure logic of the walkthrough widget: state in, view model out. No DOM here,
 * so it runs under Node (`node --test`) as well as in the page.
 */

/**
 * @typedef {{card: string, label: string, name: string, legal: boolean, reason: string | null}} Choice
 * @typedef {{to_act?: number | null, phase?: string}} Table
 * @typedef {{kind: 'card' | 'trick' | 'gathered', html: string}} Beat
 * @typedef {{index: number, note: string | null, narration: string[], html: string, choices: Choice[], table: Table | null,
 *   rule?: string, pace: Beat[]}} Step
 *   `rule`: for a refused card, the engine's link to the rule that forbids it (HTML, escaped by the engine).
 *   `pace`: the tables shown on the way to the step when the reader steps forward (linger_longer.web.pace).
 *   One step as the widget shows it. `note` is HTML (the page's translated note) or null.
 * @typedef {{atStep: number, card: string, steps: Step[]}} Branch
 * @typedef {{scripted: Step[], branch: Branch | null, index: number, live: boolean}} State
 * @typedef {'first' | 'back' | 'next' | 'last'} Move
 */

/** @type {Record<string, Move>} */
const KEYS = { ArrowLeft: 'back', ArrowRight: 'next', PageUp: 'back', PageDown: 'next', Home: 'first', End: 'last' };

/**
 * The move a key press asks for, or null.
 * @param {string} key KeyboardEvent.key
 * @returns {Move | null}
 */
export function keyMove(key) {
  return KEYS[key] ?? null;
}

/**
 * @param {Step[]} scripted
 * @returns {State}
 */
export function initialState(scripted) {
  return { scripted, branch: null, index: 0, live: false };
}

/**
 * The steps on show: the scripted line, or the branch (scripted steps up to the branch point, then new ones).
 * @param {State} state
 * @returns {Step[]}
 */
export function currentSteps(state) {
  return state.branch ? state.branch.steps : state.scripted;
}

/**
 * @param {State} state
 * @param {Move} move
 * @returns {State}
 */
export function applyMove(state, move) {
  const last = currentSteps(state).length - 1;
  /** @type {Record<Move, number>} */
  const target = { first: 0, back: state.index - 1, next: state.index + 1, last };
  return { ...state, index: Math.max(0, Math.min(last, target[move])) };
}

/**
 * Replace the scripted steps by the ones the live engine computed, keeping the page's translated notes.
 * @param {State} state
 * @param {Step[]} liveSteps
 * @returns {State}
 */
export function withLiveSteps(state, liveSteps) {
  const scripted = liveSteps.map((step, i) => ({ ...step, note: state.scripted[i]?.note ?? null }));
  const index = state.branch ? state.index : Math.min(state.index, scripted.length - 1);
  return { ...state, scripted, index, live: true };
}

/**
 * Enter a branch: the engine's continuation after playing `card` at step `atStep`.
 * @param {State} state
 * @param {number} atStep
 * @param {string} card
 * @param {Step[]} steps the engine's steps: scripted 0..atStep, then the new ones
 * @returns {State}
 */
export function enterBranch(state, atStep, card, steps) {
  const merged = steps.map((step, i) => (i <= atStep ? { ...step, note: state.scripted[i]?.note ?? null } : { ...step, note: null }));
  return { ...state, branch: { atStep, card, steps: merged }, index: Math.min(atStep + 1, merged.length - 1) };
}

/**
 * Back to the scripted example, at the step where the branch left it.
 * @param {State} state
 * @returns {State}
 */
export function leaveBranch(state) {
  if (!state.branch) return state;
  return { ...state, index: state.branch.atStep, branch: null };
}

/**
 * Fill `{name}` placeholders.
 * @param {string} template
 * @param {Record<string, string | number>} values
 * @returns {string}
 */
export function format(template, values) {
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

/**
 * Everything the DOM glue needs to draw the widget.
 * @param {State} state
 * @param {Record<string, string>} labels
 * @param {string[]} players
 */
export function view(state, labels, players) {
  const steps = currentSteps(state);
  const step = steps[state.index];
  const total = steps.length;
  const toAct = step.table?.to_act ?? null;
  // Another card can be tried at any scripted step where a player is to act, once the live engine runs
  // (the engine renders that player's hand as buttons, disabled until then).
  const canTry = state.live && !state.branch && toAct !== null && step.choices.length > 0;
  // Until then the line that offers it keeps its place (unseen), so the table does not move when it comes.
  const tryComing = !state.live && !state.branch && toAct !== null;
  return {
    step,
    count: format(labels.step, { current: state.index + 1, total }),
    atFirst: state.index === 0,
    atLast: state.index === total - 1,
    inBranch: state.branch !== null,
    canTry,
    tryComing,
    tryLabel: toAct !== null ? format(labels.try, { player: players[toAct] ?? String(toAct) }) : '',
    announce: [format(labels.step, { current: state.index + 1, total }), ...step.narration].join(' '),
  };
}

/**
 * Steps from the engine's walkthrough JSON (replay_json / branch_json).
 * @param {{steps: Array<{index: number, note: string | null, narration: string[], html: string, choices?: Choice[], table?: Table,
 *   rule_html?: string, pace?: Beat[]}>}} data
 * @returns {Step[]}
 */
export function stepsFromJson(data) {
  return data.steps.map((s) => ({
    index: s.index,
    note: null,
    narration: s.narration,
    html: s.html,
    choices: s.choices ?? [],
    table: s.table ?? null,
    rule: s.rule_html ?? '',
    pace: s.pace ?? [],
  }));
}
