// @ts-check
/**
 * The Play page's side of the live engine: starts linger-play-worker.mjs and turns its replies
 * into promises. `call(name, ...args)` resolves with the parsed JSON result; an engine error or a
 * result of the form `{error}` (a refused setting, a bad record) rejects with its message.
 */

/** @typedef {{ok: true, result: string} | {ok: false, error: {type: string, message: string}}} Reply */

export class PlayEngine {
  /** @param {string} indexURL absolute URL of the site's _pyodide/ folder */
  constructor(indexURL) {
    const url = new URL('linger-play-worker.mjs', import.meta.url);
    url.searchParams.set('index', indexURL);
    this.worker = new Worker(url, { type: 'module' });
    /** @type {Record<string, number>} */
    this.phases = {};
    /** @type {Map<number, (reply: Reply) => void>} */
    this.pending = new Map();
    this.nextId = 1;
    /** @type {(ms: number) => void} */
    let resolveReady = () => {};
    /** @type {(reason: Error) => void} */
    let rejectReady = () => {};
    /** Resolves with the start-up time in ms. */
    this.ready = new Promise((resolve, reject) => { resolveReady = resolve; rejectReady = reject; });
    this.worker.addEventListener('message', (event) => {
      const msg = event.data;
      if (msg.type === 'status') {
        this.phases = msg.phases ?? {};
        if (msg.state === 'ready') resolveReady(msg.ms);
        else rejectReady(new Error(msg.message));
        return;
      }
      const done = this.pending.get(msg.id);
      this.pending.delete(msg.id);
      done?.(msg);
    });
    this.worker.addEventListener('error', (event) => {
      event.preventDefault();
      rejectReady(new Error(event.message || 'the worker did not start'));
    });
  }

  /**
   * @param {string} name a JSON function of linger_longer.play
   * @param {...(string | number)} args
   * @returns {Promise<any>}
   */
  async call(name, ...args) {
    await this.ready;
    const id = this.nextId++;
    /** @type {Reply} */
    const reply = await new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.worker.postMessage({ id, type: 'call', name, args });
    });
    if (!reply.ok) throw new Error(reply.error.message);
    const result = JSON.parse(reply.result);
    if (result && typeof result === 'object' && 'error' in result) throw new Error(result.error);
    return result;
  }
}
