// @ts-check
/**
 * The page's live engine: one module Web Worker (linger-worker.mjs) running Pyodide and the
 * engine wheel, shared by every walkthrough on the page. The worker itself is usually started
 * earlier, by the page's inline early start (linger-engine-start.js), and adopted here; this
 * module has no imports and the page loads it with `async` from <head>, so that it is there soon.
 */

/** @typedef {{ok: true, result: unknown} | {ok: false, error: {type: string, message: string}}} Reply */

export class Engine {
  /**
   * @param {string} indexURL absolute URL of the site's _pyodide/ folder
   * @param {{startTimeoutMs?: number}} [options] how long the start may take before it fails (the worker's default: 60 s)
   */
  constructor(indexURL, options = {}) {
    const early = options.startTimeoutMs ? null : takeEarlyStart(indexURL);
    /** @type {Worker} */
    this.worker = early ? early.worker : startWorker(indexURL, options);
    /** @type {Record<string, number>} start-up phases reported by the worker (ms since it started) */
    this.phases = {};
    /** @type {{path: string, fallback: string}} how the worker started: from a stored snapshot or cold, and why not from one */
    this.start = { path: '', fallback: '' };
    /** @type {(value: {state: string, message?: string, bytes?: number, made?: number, ms?: number}) => void} */
    let resolveSnapshot = () => {};
    /** After a cold start, resolves once the worker has stored (or failed to store) a snapshot for the next visit. */
    this.snapshot = new Promise((resolve) => { resolveSnapshot = resolve; });
    /** @type {Map<number, (reply: Reply) => void>} */
    this.pending = new Map();
    this.nextId = 1;
    /** @type {(value: number) => void} */
    let resolveReady = () => {};
    /** @type {(reason: Error) => void} */
    let rejectReady = () => {};
    /** Resolves with the start-up time in ms once Pyodide and the engine are loaded. */
    this.ready = new Promise((resolve, reject) => { resolveReady = resolve; rejectReady = reject; });
    /** @param {MessageEvent} event */
    const onMessage = (event) => {
      const msg = event.data;
      if (msg.type === 'snapshot') {
        resolveSnapshot(msg);
        return;
      }
      if (msg.type === 'status') {
        this.phases = msg.phases ?? {};
        this.start = msg.start ?? this.start;
        if (msg.state === 'ready') resolveReady(msg.ms);
        else rejectReady(new Error(msg.message));
        return;
      }
      const done = this.pending.get(msg.id);
      this.pending.delete(msg.id);
      done?.(msg);
    };
    /** @param {ErrorEvent} event */
    const onError = (event) => {
      event.preventDefault();
      rejectReady(new Error(event.message || 'the worker did not start'));
    };
    this.worker.addEventListener('message', onMessage);
    this.worker.addEventListener('error', onError);
    early?.adopt((event) => (event instanceof MessageEvent ? onMessage(event) : onError(/** @type {ErrorEvent} */ (event))));
  }

  /**
   * Call any public function of the engine package in the worker (the Play page's requests go this way).
   * @param {string} module `linger_longer` or one of its submodules
   * @param {string} name a public function of that module
   * @param {unknown[]} args plain data
   * @returns {Promise<unknown>} the function's result as plain data; rejects with the engine's message
   */
  async callFunction(module, name, args) {
    const reply = await this.send({ type: 'call', module, name, args });
    if (!reply.ok) throw new Error(reply.error.message);
    return reply.result;
  }

  /**
   * @param {Record<string, unknown>} request
   * @returns {Promise<Reply>}
   */
  async send(request) {
    await this.ready;
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.worker.postMessage({ ...request, id });
    });
  }

  /**
   * @param {Record<string, unknown>} request
   * @returns {Promise<any>} the parsed JSON result; rejects with the engine's message
   */
  async call(request) {
    const reply = await this.send(request);
    if (!reply.ok) throw new Error(reply.error.message);
    return JSON.parse(String(reply.result));
  }

  /** @param {string} toml @param {string} lang @param {string} [source] */
  replay(toml, lang, source) {
    return this.call({ type: 'replay', toml, lang, source });
  }

  /** @param {string} toml @param {string} lang @param {number} atStep @param {string} card @param {string} [source] */
  branch(toml, lang, atStep, card, source) {
    return this.call({ type: 'branch', toml, lang, atStep, card, source });
  }
}

/** @type {Engine | null} */
let engine = null;

/**
 * A new worker for the engine, started from here.
 * @param {string} indexURL
 * @param {{startTimeoutMs?: number}} options
 */
function startWorker(indexURL, options) {
  const url = new URL('linger-worker.mjs', import.meta.url);
  url.searchParams.set('index', indexURL);
  if (options.startTimeoutMs) url.searchParams.set('timeout', String(options.startTimeoutMs));
  const worker = new Worker(url, { type: 'module' });
  performance.mark('linger-worker-start');
  return worker;
}

/**
 * The page's early start (linger-engine-start.js, inline in <head>) for this Pyodide folder, taken once:
 * its worker, and `adopt(listener)`, which hands the listener the events the worker sent so far.
 * @param {string} indexURL
 * @returns {{worker: Worker, adopt: (listener: (event: Event) => void) => void} | null}
 */
function takeEarlyStart(indexURL) {
  const start = /** @type {any} */ (window).lingerEngineStart;
  if (!start || start.index !== indexURL || start.taken) return null;
  start.taken = true;
  return start;
}

/**
 * The page's engine, started on first use.
 * @param {string} indexURL absolute URL of the site's _pyodide/ folder
 */
export function getEngine(indexURL) {
  engine ??= new Engine(indexURL);
  return engine;
}

/**
 * Tell the page that its engine has started or failed: `data-linger-engine="ready" | "failed"` on
 * <html> and a `linger-engine` event on the document (linger-offline.js waits for it before the
 * service worker downloads the site, so that download does not slow this start).
 * @param {'ready' | 'failed'} state
 */
function settled(state) {
  if (state === 'ready') performance.mark('linger-engine-ready');
  document.documentElement.dataset.lingerEngine = state;
  document.dispatchEvent(new CustomEvent('linger-engine', { detail: state }));
}

// Started as soon as this module runs: the page links it with `async` from <head>, with the
// path of the site's Pyodide folder (relative to the page) in the tag's data-pyodide.
const tag = /** @type {HTMLScriptElement | null} */ (document.querySelector('script[data-pyodide]'));
if (tag?.dataset.pyodide !== undefined) {
  getEngine(new URL(tag.dataset.pyodide, document.baseURI).href)
    .ready.then(() => settled('ready'), () => settled('failed'));
}
