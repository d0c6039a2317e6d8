// @ts-check
/**
 * The Play page's pure logic (no DOM): the settings form as a URL query, the words the page shows
 * for a view of the game, the score table's rows. The rules and the game live in the engine
 * (linger_longer.web.play); the page only asks it and draws what it answers.
 */
import { format } from './linger-model.mjs';

/** The largest seed: JavaScript holds whole numbers exactly up to 2**53 - 1 (the engine's MAX_SEED). */
export const MAX_SEED = Number.MAX_SAFE_INTEGER;

/**
 * @typedef {object} FormValues what the settings form holds
 * @property {string} players
 * @property {string} profile
 * @property {string} trump '' (the dealer's last card) or one of the trump variants
 * @property {string[]} variants the other variants that are on
 * @property {string} mode
 * @property {string} seat a seat letter
 * @property {string} bot
 * @property {string} scoring 'deals', or a chip scoring
 * @property {string} seed
 */

/**
 * @typedef {object} Settings the engine's settings (linger_longer.web.settings.Settings.to_json)
 * @property {number} players
 * @property {string} profile
 * @property {string[]} variants
 * @property {number} seed
 * @property {string} mode
 * @property {number} seat
 * @property {string} strength
 * @property {string} scoring
 */

/**
 * The form's values as the page's URL query (the engine checks it: the 'decode-query' request).
 * The keys and their order are the engine's (encode_query, handed to the page as data), so a link
 * reads the same either way; the form's fields are named by those keys, trump and the other
 * variants together making up `variants`.
 * @param {FormValues} values
 * @param {readonly string[]} queryKeys the engine's query keys, in order
 * @returns {string}
 */
export function queryFromForm(values, queryKeys) {
  /** @type {Record<string, string>} */
  const fields = { ...values, variants: [values.trump, ...values.variants].filter(Boolean).join(','), seed: values.seed.trim() };
  return queryKeys.map((key) => `${key}=${encodeURIComponent(fields[key] ?? '').replace(/%2C/g, ',')}`).join('&');
}

/**
 * The form's values for the engine's settings.
 * @param {Settings} settings
 * @param {readonly string[]} trumpVariants the variants that decide where trump comes from
 * @returns {FormValues}
 */
export function formFromSettings(settings, trumpVariants) {
  return {
    players: String(settings.players),
    profile: settings.profile,
    trump: settings.variants.find((v) => trumpVariants.includes(v)) ?? '',
    variants: settings.variants.filter((v) => !trumpVariants.includes(v)),
    mode: settings.mode,
    seat: seatLetter(settings.seat),
    bot: settings.strength,
    scoring: settings.scoring,
    seed: String(settings.seed),
  };
}

/** @param {number} seat */
export function seatLetter(seat) {
  return String.fromCharCode(65 + seat);
}

/**
 * A random deal number from 0 to MAX_SEED.
 * @param {() => number} [random] a uniform number in [0, 1), Math.random by default
 */
export function randomSeed(random = Math.random) {
  return Math.floor(random() * 2 ** 21) * 2 ** 32 + Math.floor(random() * 2 ** 32);
}

/**
 * What the page says under the toolbar for a view: whose turn, or how the deal or match ended.
 * @param {any} view a view from the engine (linger_longer.web.play)
 * @param {Record<string, string>} labels
 */
export function turnMessage(view, labels) {
  const player = (/** @type {number} */ seat) => view.players[seat];
  // A single deal is won as a deal: only a match of several deals is "won as a match".
  const single = view.settings?.mode === 'deal';
  if (!single && view.match_over && view.score.winner != null) return format(labels.match_won, { player: player(view.score.winner) });
  if (view.deal.over && view.deal.outcome) return format(labels.deal_won, { player: player(view.deal.outcome.winner) });
  if (view.name_trump) return labels.name_trump;
  if (view.your_turn) return labels.your_turn;
  return labels.waiting;
}

/**
 * The score table: one row per player (the human's marked), deals won and, when the game scores with chips,
 * the chips (the engine's `score.chips`, of the scoring the reader chose).
 * @param {any} view
 * @param {Record<string, string>} labels
 * @returns {{name: string, you: boolean, cells: number[]}[]}
 */
export function scoreRows(view, labels) {
  const score = view.score;
  return view.players.map((/** @type {string} */ name, /** @type {number} */ seat) => ({
    name: seat === view.human ? format(labels.your_seat, { seat: name }) : name,
    you: seat === view.human,
    cells: [score.deals_won[seat], ...(score.chips ? [score.chips[seat]] : [])],
  }));
}

/**
 * The stock "clock": its words (the engine's, with the count's plural form) and how full it is
 * (1 at the start of the deal, 0 when empty).
 * @param {any} view
 */
export function clock(view) {
  const total = view.deal.stock_at_start;
  const count = view.table.stock;
  return { text: view.deal.clock, fraction: total > 0 ? count / total : 0 };
}

/**
 * The longest saved game record the page hands to the engine: a real record (settings and each
 * deal's actions) is a few kilobytes even for a long match.
 */
export const MAX_RECORD_CHARS = 100_000;
/** The deepest nesting of a saved record the page hands to the engine (a real one nests 3 deep). */
export const MAX_RECORD_DEPTH = 8;

/**
 * How deeply a JSON text nests arrays and objects, counted without parsing it (so a record
 * nested 50,000 deep costs one pass over the text, not a parser's stack).
 * @param {string} text
 * @returns {number}
 */
export function jsonDepth(text) {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '[' || c === '{') deepest = Math.max(deepest, ++depth);
    else if (c === ']' || c === '}') depth--;
  }
  return deepest;
}

/**
 * A game record read back from storage, or null when it is not one the engine should see: too
 * long, nested too deeply (Pyodide's stack does not survive a very deep one), not JSON, or not
 * an object. The engine still checks everything inside it.
 * @param {string | null} text
 * @returns {Record<string, unknown> | null}
 */
export function savedRecord(text) {
  if (!text || text.length > MAX_RECORD_CHARS || jsonDepth(text) > MAX_RECORD_DEPTH) return null;
  try {
    const record = JSON.parse(text);
    return record && typeof record === 'object' && !Array.isArray(record) ? record : null;
  } catch {
    return null;
  }
}
