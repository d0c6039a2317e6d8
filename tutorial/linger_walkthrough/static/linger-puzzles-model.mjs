// @ts-check
/**
 * The puzzle trainer's choices and score, without a page (linger-puzzles.mjs places them): which puzzles the
 * filters choose, which comes next, the score after an answer, and the stored progress. The progress is one JSON
 * value (`freshProgress()`'s shape); a stored value that is not that shape (damaged, foreign, another version)
 * starts afresh.
 */

const VERSION = 2;
/** How many puzzles later a missed puzzle comes back. */
export const RETRY_AFTER = 2;

/**
 * @typedef {{id: string, n: number, src: string, at: number, level: number, themes: string[], profile: string,
 *   variants: string[], stock: number, toml: string}} Puzzle
 * @typedef {{theme: string, level: string, plain: boolean}} Filters
 * @typedef {{id: string, due: number}} Miss
 * @typedef {{version: number, solved: string[], misses: Miss[], streak: number, best: number, shown: number,
 *   current: string, filters: Filters}} Progress
 */

/** @returns {Progress} a newcomer's progress: nothing solved, plain rules only */
export function freshProgress() {
  return { version: VERSION, solved: [], misses: [], streak: 0, best: 0, shown: 0, current: '',
    filters: { theme: '', level: '', plain: true } };
}

/** @param {unknown} n */
const count = (n) => typeof n === 'number' && Number.isInteger(n) && n >= 0;

/**
 * The progress a stored value holds, if it is the page's own shape; otherwise a fresh start.
 * @param {string | null} text the stored value
 * @param {Set<string>} known the page's puzzle ids (others are dropped)
 * @returns {Progress}
 */
export function readProgress(text, known) {
  const fresh = freshProgress();
  let value;
  try {
    value = JSON.parse(text ?? 'null');
  } catch {
    return fresh;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value) || value.version !== VERSION
    || !Array.isArray(value.solved) || !Array.isArray(value.misses) || ![value.streak, value.best, value.shown].every(count)
    || typeof value.filters !== 'object' || value.filters === null) return fresh;
  const { theme, level, plain } = value.filters;
  if (typeof theme !== 'string' || typeof level !== 'string' || typeof plain !== 'boolean') return fresh;
  return {
    version: VERSION,
    solved: value.solved.filter((/** @type {unknown} */ id) => typeof id === 'string' && known.has(id)),
    misses: value.misses.filter((/** @type {any} */ m) => m && typeof m.id === 'string' && known.has(m.id) && count(m.due)),
    streak: value.streak,
    best: Math.max(value.best, value.streak),
    shown: value.shown,
    current: typeof value.current === 'string' && known.has(value.current) ? value.current : '',
    filters: { theme, level, plain },
  };
}

/** @param {Progress} progress @returns {string} */
export function writeProgress(progress) {
  return JSON.stringify(progress);
}

/**
 * Whether a puzzle is among those the filters choose.
 * @param {Puzzle} puzzle @param {Filters} filters
 */
export function matches(puzzle, filters) {
  return (!filters.plain || (puzzle.profile === 'standard' && puzzle.variants.length === 0))
    && (!filters.theme || puzzle.themes.includes(filters.theme))
    && (!filters.level || String(puzzle.level) === filters.level);
}

/**
 * The next puzzle: a missed one whose turn has come back first, then the first one not solved yet (easy to hard),
 * then, once all are solved, the next one in order again. Never the puzzle on show unless it is the only one.
 * @param {Puzzle[]} puzzles easy to hard
 * @param {Progress} progress
 * @param {string} current the puzzle on show
 * @returns {{id: string, retry: boolean, again: boolean} | null} null when no puzzle matches the filters
 */
export function pickNext(puzzles, progress, current) {
  const chosen = puzzles.filter((p) => matches(p, progress.filters));
  if (!chosen.length) return null;
  const ids = new Set(chosen.map((p) => p.id));
  const due = progress.misses.find((m) => m.due <= progress.shown && ids.has(m.id) && m.id !== current);
  if (due) return { id: due.id, retry: true, again: false };
  const waiting = new Set(progress.misses.map((m) => m.id));
  const solved = new Set(progress.solved);
  const fresh = chosen.find((p) => !solved.has(p.id) && !waiting.has(p.id) && p.id !== current);
  if (fresh) return { id: fresh.id, retry: false, again: false };
  const missed = progress.misses.find((m) => ids.has(m.id) && m.id !== current);
  if (missed) return { id: missed.id, retry: true, again: false };
  const at = chosen.findIndex((p) => p.id === current);
  return { id: chosen[(at + 1) % chosen.length].id, retry: false, again: true };
}

/**
 * The score after the reader's answer to a puzzle.
 * @param {Progress} progress
 * @param {string} id
 * @param {'example' | 'other'} verdict the engine's: the right card, or another legal card
 * @param {boolean} missedBefore whether the reader already chose a wrong card on this showing of the puzzle
 * @returns {Progress}
 */
export function scored(progress, id, verdict, missedBefore) {
  const next = { ...progress, solved: [...progress.solved], misses: progress.misses.filter((m) => m.id !== id) };
  if (verdict === 'example') {
    if (!next.solved.includes(id)) next.solved.push(id);
    if (!missedBefore) next.streak += 1;
    next.best = Math.max(next.best, next.streak);
  } else {
    next.streak = 0;
    next.misses.push({ id, due: progress.shown + RETRY_AFTER });
  }
  return next;
}

