// @ts-check
/**
 * What the Play page remembers in this browser (localStorage), and nothing is sent anywhere: the game
 * in progress (its record, so closing the tab and coming back continues it) and the reader's
 * results per opponent strength and table size (deals played, won, the current winning streak).
 * The pure parts (reading back damaged data, counting a deal, the rows shown) need no browser and
 * are tested under node; the storage calls at the end never throw (storage can be off or full).
 */

/** Where the game in progress is kept. */
export const GAME_KEY = 'linger-longer.play-game';
/** Where the results are kept. */
export const STATS_KEY = 'linger-longer.play-stats';
/** The results' format. */
export const STATS_VERSION = 1;
/** The longest results text read back: a real one is a few hundred characters. */
export const MAX_STATS_CHARS = 20_000;
/** The most deals one tally counts (far beyond anyone's play; a larger number is damage). */
const MAX_COUNT = 1e9;
/** A tally's key: the opponents' strength and the number of players. */
const TALLY_KEY = /^([a-z][a-z-]{0,30})\/([3-9])$/;

/**
 * @typedef {object} Tally one opponent strength at one table size
 * @property {number} played deals finished
 * @property {number} won deals the reader won
 * @property {number} streak deals won in a row, up to the last one
 */

/**
 * @typedef {object} Stats
 * @property {number} version
 * @property {Record<string, Tally>} tallies by {@link tallyKey}
 */

/** @returns {Stats} */
export function emptyStats() {
  return { version: STATS_VERSION, tallies: {} };
}

/** @param {string} strength @param {number} players */
export function tallyKey(strength, players) {
  return `${strength}/${players}`;
}

/** @param {unknown} n */
function isCount(n) {
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= MAX_COUNT;
}

/**
 * A tally read back, or null when it is not one (wrong types, or counts that cannot be).
 * @param {unknown} value
 * @returns {Tally | null}
 */
function readTally(value) {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const { played, won, streak } = /** @type {Record<string, unknown>} */ (value);
  if (!isCount(played) || !isCount(won) || !isCount(streak)) return null;
  const p = /** @type {number} */ (played);
  const w = /** @type {number} */ (won);
  const s = /** @type {number} */ (streak);
  return w <= p && s <= w ? { played: p, won: w, streak: s } : null;
}

/**
 * The results kept in storage, read back: damaged text (not JSON, too long, another version)
 * gives no results, a damaged tally is dropped; nothing else of the text is kept.
 * @param {string | null} text
 * @returns {Stats}
 */
export function parseStats(text) {
  const stats = emptyStats();
  if (!text || text.length > MAX_STATS_CHARS) return stats;
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return stats;
  }
  if (!data || typeof data !== 'object' || data.version !== STATS_VERSION) return stats;
  const tallies = data.tallies;
  if (!tallies || typeof tallies !== 'object' || Array.isArray(tallies)) return stats;
  for (const [key, value] of Object.entries(tallies)) {
    const tally = readTally(value);
    if (tally && TALLY_KEY.test(key)) stats.tallies[key] = tally;
  }
  return stats;
}

/**
 * The results after one more finished deal (a new object; ``stats`` is left as it was).
 * @param {Stats} stats @param {string} strength @param {number} players @param {boolean} won
 * @returns {Stats}
 */
export function countDeal(stats, strength, players, won) {
  const key = tallyKey(strength, players);
  const old = stats.tallies[key] ?? { played: 0, won: 0, streak: 0 };
  const tally = { played: old.played + 1, won: old.won + (won ? 1 : 0), streak: won ? old.streak + 1 : 0 };
  return { version: STATS_VERSION, tallies: { ...stats.tallies, [key]: tally } };
}

/**
 * The rows of the results table: by opponent strength (in the page's order), then table size.
 * @param {Stats} stats
 * @param {readonly string[]} strengths the strengths in the order the page offers them
 * @returns {{strength: string, players: number, played: number, won: number, streak: number}[]}
 */
export function statsRows(stats, strengths) {
  const rows = [];
  for (const [key, tally] of Object.entries(stats.tallies)) {
    const match = TALLY_KEY.exec(key);
    if (match) rows.push({ strength: match[1], players: Number(match[2]), ...tally });
  }
  const rank = (/** @type {string} */ s) => (strengths.includes(s) ? strengths.indexOf(s) : strengths.length);
  return rows.sort((a, b) => rank(a.strength) - rank(b.strength) || a.strength.localeCompare(b.strength) || a.players - b.players);
}

/**
 * Whether the saved game is the one the page should continue. A page opened without a game in
 * its address continues the saved game; an address without a seed (the address of a deal in
 * play) continues it when every other setting is the same; an address with a seed only when
 * all of them are.
 * @param {Record<string, unknown>} saved the saved record's settings
 * @param {Record<string, unknown>} wanted the settings the address describes
 * @param {{hasGame: boolean, hasSeed: boolean}} address
 */
export function resumable(saved, wanted, address) {
  if (!address.hasGame) return true;
  const spelled = (/** @type {Record<string, unknown>} */ s) => JSON.stringify(address.hasSeed ? s : { ...s, seed: 0 });
  return spelled(saved) === spelled(wanted);
}

// -- Storage: never throws (storage may be off, full or refused) ------------------------------

/**
 * @param {string} key
 * @returns {string | null}
 */
export function readStored(key) {
  try {
    return globalThis.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * @param {string} key @param {string} text
 * @returns {boolean} whether it was stored
 */
export function writeStored(key, text) {
  try {
    globalThis.localStorage.setItem(key, text);
    return true;
  } catch {
    return false;
  }
}

/** @param {string} key */
export function forgetStored(key) {
  try {
    globalThis.localStorage.removeItem(key);
  } catch {
    // storage is off: there is nothing to forget
  }
}
