// @ts-check
/**
 * The live engine: one module Web Worker per page running Pyodide and the
 * engine wheel (package `linger-longer`, registered in the site's own
 * pyodide-lock.json with its sha256).
 *
 * Started as `new Worker('linger-worker.mjs?index=<absolute URL of _pyodide/>', {type: 'module'})`.
 *
 * Protocol: every request is `{id, type, ...}` and gets exactly one reply
 * `{id, ok: true, result}` or `{id, ok: false, error: {type, message}}`;
 * Python exceptions come back as data, never as an unhandled rejection.
 * Besides replies the worker posts `{type: 'status', state: 'ready' | 'failed', message, ms}` once.
 *
 * Requests:
 * - `{type: 'ping'}` → `'pong'` once the engine is ready
 * - `{type: 'replay', toml, lang, source}` → JSON text of linger_longer.web.walkthrough.replay_json
 * - `{type: 'branch', toml, lang, source, atStep, card}` → JSON text of branch_json
 * - `{type: 'call', module, name, args}` → the result of any public function of the engine package
 *   (`module` is `linger_longer` or one of its submodules; arguments and result are plain data);
 *   the Play page sends its requests this way, to `linger_longer.web.play.answer_json`
 */

/**
 * @typedef {{id: number, type: string, toml?: string, lang?: string, source?: string, atStep?: number, card?: string,
 *   module?: string, name?: string, args?: unknown[]}} Request
 */

const ENGINE_MODULE = /^linger_longer(\.[a-z_][a-z0-9_]*)*$/;

const indexURL = new URL(self.location.href).searchParams.get('index') ?? new URL('../../_pyodide/', self.location.href).href;
const started = performance.now();

/** Start-up phases in ms since the worker started: reported with the ready status (for the benchmark). */
/** @type {Record<string, number>} */
const phases = {};

/** @type {Promise<any>} */
const ready = start();

async function start() {
  const { loadPyodide } = await import(new URL('pyodide.mjs', indexURL).href);
  phases.script = performance.now() - started;
  const pyodide = await loadPyodide({
    indexURL,
    lockFileURL: new URL('pyodide-lock.json', indexURL).href,
    // Pyodide's own chatter goes nowhere: the page reports the state itself.
    stdout: () => {},
    stderr: () => {},
  });
  // Loaded by name through the lock, so the browser checks the wheel's sha256.
  // loadPackage does not reject on failure: check the import below.
  phases.pyodide = performance.now() - started;
  /** @type {string[]} */
  const errors = [];
  await pyodide.loadPackage('linger-longer', { messageCallback: () => {}, errorCallback: (/** @type {string} */ m) => errors.push(m) });
  phases.wheel = performance.now() - started;
  try {
    const mod = pyodide.pyimport('linger_longer.web.walkthrough');
    mod.destroy();
    phases.import = performance.now() - started;
  } catch (err) {
    throw new Error(`the engine package did not load (${errors.join(' ') || describe(err).message})`);
  }
  return pyodide;
}

/**
 * @param {unknown} err
 * @returns {{type: string, message: string}}
 */
function describe(err) {
  if (err && typeof err === 'object' && 'type' in err && 'message' in err) {
    // A PythonError: its message is the whole traceback; the last line is "Type: message".
    const text = String(err.message).trim();
    const last = text.split('\n').pop() ?? text;
    const type = String(err.type);
    const message = last.startsWith(type + ': ') ? last.slice(type.length + 2) : last;
    return { type, message };
  }
  if (err instanceof Error) return { type: err.name, message: err.message };
  return { type: 'Error', message: String(err) };
}

ready.then(
  () => self.postMessage({ type: 'status', state: 'ready', ms: performance.now() - started, phases }),
  (err) => self.postMessage({ type: 'status', state: 'failed', message: describe(err).message, ms: performance.now() - started }),
);

/**
 * Call a function of the engine package with positional arguments; a Python result that is not
 * a plain value (str, number, bool, None) is converted to JavaScript data.
 * @param {any} pyodide
 * @param {string} module
 * @param {string} name
 * @param {unknown[]} args
 * @returns {unknown}
 */
function callEngine(pyodide, module, name, args) {
  if (!ENGINE_MODULE.test(module) || !/^[a-z_][a-z0-9_]*$/.test(name) || name.startsWith('_')) {
    throw new Error(`not an engine function: ${module}.${name}`);
  }
  const mod = pyodide.pyimport(module);
  let fn;
  let result;
  try {
    fn = mod[name];
    if (typeof fn !== 'function') throw new Error(`not an engine function: ${module}.${name}`);
    result = fn(...args);
    return result instanceof pyodide.ffi.PyProxy ? result.toJs({ dict_converter: Object.fromEntries }) : result;
  } finally {
    if (result instanceof pyodide.ffi.PyProxy) result.destroy();
    fn?.destroy?.();
    mod.destroy();
  }
}

/** @param {MessageEvent<Request>} event */
async function handle(event) {
  const msg = event.data;
  try {
    const pyodide = await ready;
    /** @type {unknown} */
    let result;
    switch (msg.type) {
      case 'ping':
        result = 'pong';
        break;
      case 'replay':
        result = callEngine(pyodide, 'linger_longer.web.walkthrough', 'replay_json', [msg.toml, msg.lang, msg.source ?? '<example>']);
        break;
      case 'branch':
        result = callEngine(pyodide, 'linger_longer.web.walkthrough', 'branch_json', [msg.toml, msg.lang, msg.atStep, msg.card, msg.source ?? '<example>']);
        break;
      case 'call':
        result = callEngine(pyodide, String(msg.module), String(msg.name), msg.args ?? []);
        break;
      default:
        throw new Error(`unknown request type ${JSON.stringify(msg.type)}`);
    }
    self.postMessage({ id: msg.id, ok: true, result });
  } catch (err) {
    self.postMessage({ id: msg.id, ok: false, error: describe(err) });
  }
}

self.addEventListener('message', handle);
