// @ts-check
/**
 * The Play page's side of the live engine: the page's one engine worker (linger-engine.mjs, the
 * same worker the walkthroughs use) sending requests to `linger_longer.web.play.answer_json`.
 * `call(request, lang, ...args)` resolves with the parsed JSON result; an engine error or a result
 * of the form `{error}` (a refused setting, a bad record) rejects with its message (a RefusedError, which
 * carries the address of the rule that forbids the request and the words of its link when a rule does).
 */

/** @typedef {import('./linger-engine.mjs').Engine} Engine */

/** A request the engine refused, in the reader's language; `rule` is the address of the rule that forbids it. */
export class RefusedError extends Error {
  /** @param {{error: string, rule?: string, read_rule?: string}} result the engine's answer */
  constructor(result) {
    super(result.error);
    this.name = 'RefusedError';
    /** @type {string} */
    this.rule = result.rule ?? '';
    /** @type {string} */
    this.readRule = result.read_rule ?? '';
  }
}

export class PlayEngine {
  /** @param {Engine} engine the page's engine (getEngine in linger-engine.mjs) */
  constructor(engine) {
    this.engine = engine;
    /** Resolves with the start-up time in ms. */
    this.ready = engine.ready;
  }

  /**
   * @param {string} request a request of linger_longer.web.play (REQUESTS), e.g. 'play'
   * @param {string} lang the page's language (of the answer's words and of a refusal)
   * @param {...(string | number)} args the request's arguments, the game's record (JSON text) first
   * @returns {Promise<any>}
   */
  async call(request, lang, ...args) {
    const text = await this.engine.callFunction('linger_longer.web.play', 'answer_json', [request, lang, ...args]);
    const result = JSON.parse(String(text));
    if (result && typeof result === 'object' && 'error' in result) throw new RefusedError(result);
    return result;
  }
}
