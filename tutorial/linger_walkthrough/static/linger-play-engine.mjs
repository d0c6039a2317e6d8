// @ts-check
/**
 * The Play page's side of the live engine: the page's one engine worker (linger-engine.mjs, the
 * same worker the walkthroughs use) calling the JSON functions of `linger_longer.play`.
 * `call(name, ...args)` resolves with the parsed JSON result; an engine error or a result of the
 * form `{error}` (a refused setting, a bad record) rejects with its message.
 */

/** @typedef {import('./linger-engine.mjs').Engine} Engine */

export class PlayEngine {
  /** @param {Engine} engine the page's engine (getEngine in linger-engine.mjs) */
  constructor(engine) {
    this.engine = engine;
    /** Resolves with the start-up time in ms. */
    this.ready = engine.ready;
  }

  /**
   * @param {string} name a JSON function of linger_longer.play, e.g. 'play_json'
   * @param {...(string | number)} args
   * @returns {Promise<any>}
   */
  async call(name, ...args) {
    const text = await this.engine.callFunction('linger_longer.play', name, args);
    const result = JSON.parse(String(text));
    if (result && typeof result === 'object' && 'error' in result) throw new Error(result.error);
    return result;
  }
}
