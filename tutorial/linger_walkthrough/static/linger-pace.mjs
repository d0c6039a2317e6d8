// @ts-check
/**
 * Paced play: the tables the engine passed through between two of the reader's turns (the view's
 * `steps`, linger_longer.web.pace), shown one after another as at a card table, then the view's own
 * table. The engine decides every table; this module only times them: a card every ~400 ms, a
 * finished trick held on the felt for about a second, then gathered. A walkthrough stepped forward plays the
 * beats of its step (linger_longer.web.walkthrough's `pace`) the same way.
 *
 * A click or a key anywhere ends the pacing at once (the view's table is drawn, the reader's turn
 * begins), so no animation ever holds the reader up. The speed (normal, fast, instant) is the reader's
 * choice, kept in localStorage; `prefers-reduced-motion` means instant.
 */
import { drawTable, finishMotion, reducedMotion } from './linger-table.mjs';

/** Where the reader's speed is kept (this browser, every visit). */
const SPEED_KEY = 'linger-play-speed';

/** The speeds, with how long each kind of step stays on the table (ms); instant shows no step. */
export const SPEEDS = /** @type {const} */ ({
  normal: { card: 400, trick: 1000, gathered: 350 },
  fast: { card: 160, trick: 450, gathered: 150 },
  instant: null,
});

/** @typedef {keyof typeof SPEEDS} Speed */
/** @typedef {{kind: 'card' | 'trick' | 'gathered', html: string}} Step */

/**
 * Whether `value` names a speed.
 * @param {unknown} value
 * @returns {value is Speed}
 */
export function isSpeed(value) {
  return typeof value === 'string' && Object.hasOwn(SPEEDS, value);
}

/**
 * The speed the reader chose last (normal when none, or when storage is off).
 * @returns {Speed}
 */
export function savedSpeed() {
  try {
    const value = localStorage.getItem(SPEED_KEY);
    return isSpeed(value) ? value : 'normal';
  } catch {
    return 'normal';
  }
}

/** @param {Speed} speed */
export function saveSpeed(speed) {
  try {
    localStorage.setItem(SPEED_KEY, speed);
  } catch {
    // storage is off: the choice holds for this page only
  }
}

/**
 * The speed the table plays at: the reader's, unless they asked for less motion.
 * @param {Speed} chosen
 * @returns {Speed}
 */
export function effectiveSpeed(chosen) {
  return reducedMotion() ? 'instant' : chosen;
}

/**
 * How long each step stays on the table before the next one, at `speed` (ms); empty when instant.
 * @param {readonly Step[]} steps @param {Speed} speed
 * @returns {number[]}
 */
export function holdTimes(steps, speed) {
  const times = SPEEDS[speed];
  return times ? steps.map((step) => times[step.kind] ?? times.card) : [];
}

/** @type {Set<() => void>} the ends of the pacings running now (one per table) */
const running = new Set();

/** How many times the reader asked to skip (a click or a key), on this page so far. */
let skips = 0;

/** @returns {number} the reader's skips so far: a stretch shown in several views plays on at once after one */
export function skipCount() {
  return skips;
}

/** End every pacing now: each table shows its last state at once. */
export function skipPacing() {
  skips += 1;
  for (const end of [...running]) end();
}

/** Whether a pacing is running (for the tests and the benchmark). */
export function pacing() {
  return running.size > 0;
}

// Any input ends the pacing first, in the capture phase, so the click or key acts on the final table.
if (typeof document !== 'undefined') {
  for (const type of ['pointerdown', 'keydown']) document.addEventListener(type, skipPacing, true);
}

/**
 * Show `steps` one after another in `container`, then `last` (the view's table); resolves once `last`
 * is drawn. Each step glides in from the one before (linger-table.mjs); the first one glides from the
 * table in the container only when `animate` (not from another deal's table). With no step, or at
 * instant speed, `last` is drawn at once, with no motion at instant speed. With `hold` (a step's kind), `last`
 * is a step of that kind too: it stays on the table that long before the promise resolves (the Play page's
 * next view of the same stretch follows it).
 * @param {HTMLElement} container
 * @param {readonly Step[]} givenSteps
 * @param {string} last
 * @param {{speed: Speed, animate: boolean, hold?: Step['kind'] | null}} options
 * @returns {Promise<void>}
 */
export function playSteps(container, givenSteps, last, { speed, animate, hold = null }) {
  const steps = hold ? [...givenSteps, { kind: hold, html: last }] : givenSteps;
  const holds = holdTimes(steps, speed);
  if (!holds.length) {
    drawTable(container, last, animate && speed !== 'instant');
    if (!hold && container.dataset.paced) container.dataset.paced = 'done';  // the end of a stretch in views
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    let at = 0;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let timer;
    const end = () => {
      clearTimeout(timer);
      running.delete(end);
      finishMotion();
      drawTable(container, last, false);
      container.dataset.paced = 'done';
      resolve();
    };
    const next = () => {
      if (at === steps.length) {
        running.delete(end);
        if (!hold) {
          drawTable(container, last, true);
          container.dataset.paced = 'done';
        }
        resolve();
        return;
      }
      drawTable(container, steps[at].html, animate || at > 0);
      container.dataset.paced = steps[at].kind;
      timer = setTimeout(next, holds[at]);
      at += 1;
    };
    running.add(end);
    next();
  });
}
