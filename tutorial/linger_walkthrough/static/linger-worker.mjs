// @ts-check
/**
 * The live engine: one module Web Worker per page running Pyodide and the
 * engine wheel (package `linger-longer`, registered in the site's own
 * pyodide-lock.json with its sha256).
 *
 * Started as `new Worker('linger-worker.mjs?index=<absolute URL of _pyodide/>', {type: 'module'})`;
 * `&timeout=<ms>` changes how long the start may take before the worker gives up (default 60 s).
 * `&hold=1` (the page's early start, linger-engine-start.js): the worker is there while the page is parsed,
 * but begins Pyodide's start (its downloads, its scripts, its WebAssembly module) only once the page has
 * drawn itself (`{type: 'painted'}`, no reply) or after HOLD_MS: on a small machine every part of that start
 * takes a core the page's first layout needs.
 *
 * Start-up failures are reported, never left pending: Pyodide's `loadPyodide` does not settle
 * when its WebAssembly module fails to download or compile (it only logs a warning), so the
 * start races the module's own instantiation failure and a timeout for a download that stalls.
 *
 * Protocol: every request is `{id, type, ...}` and gets exactly one reply
 * `{id, ok: true, result}` or `{id, ok: false, error: {type, message}}`;
 * Python exceptions come back as data, never as an unhandled rejection.
 * Besides replies the worker posts `{type: 'status', state: 'ready' | 'failed', message, ms, phases, start}` once
 * (`start`: how it started, see `startedFrom`), and after a start without a stored snapshot, once it has
 * stored one for the next visit, `{type: 'snapshot', state: 'stored' | 'failed', message, bytes, stored, files, made, ms}`.
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

import { ENGINE_PACKAGE, canStore, dropSnapshot, findSnapshot, snapshotKey, storeSnapshot, writeTree } from './linger-snapshot.mjs';

const ENGINE_MODULE = /^linger_longer(\.[a-z_][a-z0-9_]*)*$/;

const params = new URL(self.location.href).searchParams;
const indexURL = params.get('index') ?? new URL('../../_pyodide/', self.location.href).href;
/** How long the start may take (ms): a download that stalls without failing is given up after that. */
const START_TIMEOUT_MS = Number(params.get('timeout')) || 60_000;
const started = performance.now();
/** The longest a held start waits for the page's first paint (ms). */
const HOLD_MS = 3000;
/** Resolves when the start may begin: at once, or, for a held start, when the page has drawn itself. */
const startAllowed = params.has('hold')
  ? new Promise((resolve) => {
    setTimeout(resolve, HOLD_MS);
    self.addEventListener('message', (/** @type {MessageEvent} */ event) => { if (event.data?.type === 'painted') resolve(undefined); });
  })
  : Promise.resolve();

/**
 * Start-up phases in ms since the worker started, reported with the ready status (for the benchmark):
 * `begun` the start begun (for a held start, when the page had drawn itself), `script` pyodide.mjs
 * imported, `snapshot` a stored snapshot read and checked, `compile` the WebAssembly module's
 * compilation begun, `wheel` the engine wheel's download begun, `wasm` the module instantiated,
 * `files` the engine's stored files written back (a start from a snapshot), `pyodide` Python ready (restored
 * from the snapshot, or started) with the engine installed,
 * `import` its bridge imported.
 * @type {Record<string, number>}
 */
const phases = {};

/**
 * How the engine started: `path` is `snapshot` (restored from a stored snapshot) or `cold`, and
 * `fallback` says why a cold start did not use one. Reported with the ready status.
 */
let startedFrom = { path: 'cold', fallback: '' };
/** The key of the snapshot to store once the engine is ready ('' for none). */
let snapshotKeyToStore = '';
/**
 * Pyodide's memory and its size when the WebAssembly module was instantiated: a restore copies a
 * snapshot into a memory of that size, so a snapshot of a memory that has grown could not be restored.
 * @type {{memory: WebAssembly.Memory, bytes: number} | null}
 */
let startMemory = null;
/** Python's site-packages folder in Pyodide's file system, where the engine is installed (known once Python starts). */
let sitePackages = '';

/**
 * The bytecode of the standard-library modules that the engine's start imports, Pyodide's own start
 * included (made at build time by Pyodide's own Python: pyodide_assets.STDLIB_BYTECODE). Pyodide's standard
 * library holds sources only; with this zip first on `sys.path` the worker does not compile them. Fetched
 * as the start begins, beside Pyodide's own downloads; without it the engine still starts, compiling them itself.
 */
const STDLIB_BYTECODE_NAME = 'engine-stdlib-bytecode.zip';
/** Where the worker writes it, first on Python's path. */
const STDLIB_BYTECODE = `/lib/${STDLIB_BYTECODE_NAME}`;
/** @returns {Promise<Uint8Array | null>} the zip's bytes, or null when it could not be had */
const fetchStdlibBytecode = () => fetch(new URL(STDLIB_BYTECODE_NAME, indexURL))
  .then((response) => (response.ok ? response.arrayBuffer() : null))
  .then((buffer) => (buffer ? new Uint8Array(buffer) : null), () => null);

/** @type {Promise<any>} */
const ready = startAllowed.then(startOrFail);

/**
 * Pyodide's start, or the first failure: a download's, the WebAssembly module's, the engine
 * wheel's absence (checked at once, not after Pyodide's whole start), or the timeout's.
 */
async function startOrFail() {
  phases.begun = performance.now() - started;
  const watch = watchStart();
  /** @type {Downloads} */
  const downloads = { lock: fetchLock(), stdlibBytecode: fetchStdlibBytecode() };
  const { lock } = downloads;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const timedOut = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the engine did not start within ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS);
  });
  try {
    const pyodide = await Promise.race([start(downloads, watch.logged), engineWheelMissing(lock), watch.failed, timedOut]);
    watch.restore();
    return pyodide;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Watch the start for the failures Pyodide does not report: while it runs, `fetch` and
 * WebAssembly's two instantiate functions are wrapped, so a download that is aborted, a standard
 * library that is refused (STANDARD_LIBRARY), or a module that is missing or truncated, rejects
 * `failed` (Pyodide would only log it and wait for ever, or go on without it); a promise of the
 * start that rejects unhandled fails it too; and the console's errors and warnings are kept in
 * `logged` (Pyodide's chatter, reported with the failure instead of on the console). `restore()` puts everything back once the engine runs; after a
 * failed start nothing is put back, as the rest of Pyodide's start may still log and reject.
 * @returns {{failed: Promise<never>, logged: string[], restore: () => void}}
 */
function watchStart() {
  /** @type {string[]} */
  const logged = [];
  /** @type {(reason: Error) => void} */
  let fail = () => {};
  /** @type {Promise<never>} */
  const failed = new Promise((_, reject) => { fail = reject; });
  const originals = {
    fetch: self.fetch, instantiateStreaming: WebAssembly.instantiateStreaming, instantiate: WebAssembly.instantiate,
    error: console.error, warn: console.warn,
  };
  /**
   * @template T
   * @param {Promise<T>} promise
   * @param {string} what
   * @returns {Promise<T>}
   */
  const watched = (promise, what) => {
    promise.catch((/** @type {unknown} */ err) => fail(new Error(`${what} (${describe(err).message})`)));
    return promise;
  };
  self.fetch = (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.endsWith('.whl') && init?.method !== 'HEAD') phases.wheel ??= performance.now() - started;
    const response = watched(originals.fetch.call(self, input, init), `the download of ${url} failed`);
    if (url.endsWith(STANDARD_LIBRARY)) {
      response.then((r) => { if (!r.ok) fail(new Error(`the download of ${url} failed (HTTP ${r.status})`)); }, () => {});
    }
    return response;
  };
  /** @type {any} */ (WebAssembly).instantiateStreaming = (/** @type {any[]} */ ...args) => {
    phases.compile = performance.now() - started;
    const instantiated = originals.instantiateStreaming.apply(WebAssembly, /** @type {any} */ (args));
    instantiated.then((/** @type {WebAssembly.WebAssemblyInstantiatedSource} */ result) => {
      phases.wasm = performance.now() - started;
      const memory = result.instance.exports.memory;
      if (memory instanceof WebAssembly.Memory) startMemory = { memory, bytes: memory.buffer.byteLength };
    }, () => {});
    return watched(instantiated, 'the WebAssembly module did not load');
  };
  /** @type {any} */ (WebAssembly).instantiate = (/** @type {any[]} */ ...args) => watched(
    originals.instantiate.apply(WebAssembly, /** @type {any} */ (args)),
    'the WebAssembly module did not load');
  /** @param {PromiseRejectionEvent} event */
  const unhandled = (event) => {
    event.preventDefault();
    fail(new Error(describe(event.reason).message));
  };
  self.addEventListener('unhandledrejection', unhandled);
  console.error = (...args) => { logged.push(args.map(String).join(' ')); };
  console.warn = (...args) => { logged.push(args.map(String).join(' ')); };
  const restore = () => {
    self.removeEventListener('unhandledrejection', unhandled);
    self.fetch = originals.fetch;
    WebAssembly.instantiateStreaming = originals.instantiateStreaming;
    WebAssembly.instantiate = originals.instantiate;
    console.error = originals.error;
    console.warn = originals.warn;
  };
  return { failed, logged, restore };
}

/**
 * Pyodide's standard library. A failed download of it Pyodide only logs; and since the standard library's
 * bytecode holds every module the engine's start imports, Python would even start without it, to fail
 * later on the first module the bytecode lacks. So a response that is not `ok` fails the start at once.
 */
const STANDARD_LIBRARY = 'python_stdlib.zip';

/**
 * What the start downloads itself, beside Pyodide's own files: the site's lock file, and the standard
 * library's bytecode (null when it could not be had).
 * @typedef {{lock: ReturnType<typeof fetchLock>, stdlibBytecode: Promise<Uint8Array | null>}} Downloads
 */

/**
 * The site's pyodide-lock.json, read once: Pyodide gets its contents, and the wheel check its file name.
 * @returns {Promise<{packages?: Record<string, {file_name: string, sha256?: string}>}>}
 */
async function fetchLock() {
  const response = await fetch(new URL('pyodide-lock.json', indexURL));
  if (!response.ok) throw new Error(`pyodide-lock.json could not be loaded (HTTP ${response.status})`);
  return response.json();
}

/**
 * Rejects when the engine wheel that the lock names is not on the site (a HEAD request, made
 * while Pyodide starts); never resolves otherwise.
 * @param {ReturnType<typeof fetchLock>} lock
 * @returns {Promise<never>}
 */
async function engineWheelMissing(lock) {
  const wheel = (await lock).packages?.[ENGINE_PACKAGE];
  if (!wheel) throw new Error('the site\'s pyodide-lock.json does not list the engine package');
  const response = await fetch(new URL(wheel.file_name, indexURL), { method: 'HEAD' });
  await response.arrayBuffer();  // a HEAD has no body, but one left unread counts as an aborted request
  if (!response.ok) throw new Error(`the engine package is missing (${wheel.file_name}: HTTP ${response.status})`);
  return new Promise(() => {});
}

/**
 * The engine's start: from the memory snapshot a previous visit stored (linger-snapshot.mjs), when
 * there is one for this Pyodide and this engine wheel; otherwise, or when Pyodide refuses it (the
 * snapshot is then removed), the normal start, which stores a snapshot once the engine is ready.
 * @param {Downloads} downloads the site's lock file and the standard library's bytecode
 * @param {string[]} logged what Pyodide logged meanwhile (named in a failure)
 */
async function start(downloads, logged) {
  const { lock } = downloads;
  const script = import(new URL('pyodide.mjs', indexURL).href);
  const keyOf = Promise.all([script, lock]).then(([{ version }, contents]) => snapshotKey(version, contents));
  keyOf.catch(() => {});  // a failed download is reported by whoever awaits it below, not as an unhandled rejection
  // Cache Storage is opened (slow in a new profile) and a stored snapshot read while pyodide.mjs and the lock download.
  const search = findSnapshot(indexURL, keyOf);
  const { loadPyodide } = await script;
  phases.script = performance.now() - started;
  const key = await keyOf;
  const stored = await search;
  if ('bytes' in stored) {
    try {
      const bytes = stored.bytes.then((b) => { phases.snapshot = performance.now() - started; return b; });
      // Pyodide awaits it only once its own script is loaded: a corrupt snapshot's rejection may come
      // first, and must not count as an unhandled one (which fails the whole start).
      bytes.catch(() => {});
      const pyodide = await startEngine(loadPyodide, downloads, logged, { _loadSnapshot: bytes }, stored.files);
      // The restored interpreter would otherwise draw the stored visit's random numbers again.
      pyodide.runPython('import sys\nif "random" in sys.modules: sys.modules["random"].seed()');
      startedFrom = { path: 'snapshot', fallback: '' };
      return pyodide;
    } catch (err) {
      startedFrom.fallback = `refused (${describe(err).message})`;
      await dropSnapshot(indexURL);
    }
  } else {
    startedFrom.fallback = stored.reason;
  }
  const pyodide = await startEngine(loadPyodide, downloads, logged, canStore() ? { _makeSnapshot: true } : {});
  snapshotKeyToStore = canStore() ? key : '';
  return pyodide;
}

/**
 * Pyodide with the engine installed and its bridge imported. The engine wheel is one of the packages
 * `loadPyodide` loads (by name, through the lock, so the browser checks its sha256): Pyodide starts
 * its download as soon as its own script has run and the lock is read, while its WebAssembly module
 * compiles and Python starts, instead of after them. A failed package load does not reject (Pyodide
 * only logs it): the import below is the check.
 * On a start from a snapshot with the engine's files stored beside it (`files`), those are written
 * back instead, before Python runs (a copy: the wheel's install unzips it in Python); if they cannot
 * be had after all (corrupt) or written, the wheel is installed once Pyodide is up, as Pyodide would have.
 * @param {(options: object) => Promise<any>} loadPyodide
 * @param {Downloads} downloads
 * @param {string[]} logged
 * @param {object} snapshot Pyodide's snapshot options: make one later, or start from one
 * @param {Promise<import('./linger-snapshot.mjs').Installed> | null} [files] the engine's stored files
 */
async function startEngine(loadPyodide, downloads, logged, snapshot, files = null) {
  /** @type {string | null} the record of the package whose files were written back */
  let written = null;
  const pyodide = await loadPyodide({
    indexURL,
    lockFileContents: downloads.lock,
    packageBaseUrl: indexURL,
    packages: files ? [] : [ENGINE_PACKAGE],
    env: { PYTHONPATH: STDLIB_BYTECODE },
    fsInit: async (/** @type {any} */ FS, /** @type {{sitePackages: string}} */ { sitePackages: folder }) => {
      sitePackages = folder;
      const [bytes, installed] = await Promise.all([downloads.stdlibBytecode, files?.catch(() => null)]);
      if (bytes) FS.writeFile(STDLIB_BYTECODE, bytes);
      if (!installed) return;
      try {
        writeTree(FS, folder, installed.files);
        written = installed.record;
        phases.files = performance.now() - started;
      } catch {
        // The wheel's install below writes every file again.
      }
    },
    // Pyodide's own chatter goes nowhere: the page reports the state itself.
    stdout: () => {},
    stderr: () => {},
    ...snapshot,
  });
  if (written !== null) {
    pyodide.loadedPackages[ENGINE_PACKAGE] = written;
    pyodide.runPython('import importlib; importlib.invalidate_caches()');  // the folders Python saw are new
  } else if (files) {
    await pyodide.loadPackage(ENGINE_PACKAGE, { messageCallback: () => {}, errorCallback: (/** @type {string} */ m) => logged.push(m) });
  }
  phases.pyodide = performance.now() - started;
  try {
    const mod = pyodide.pyimport('linger_longer.web.walkthrough');
    mod.destroy();
    phases.import = performance.now() - started;
  } catch (err) {
    throw new Error(`the engine package did not load (${logged.join(' ') || describe(err).message})`);
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
  (pyodide) => {
    self.postMessage({ type: 'status', state: 'ready', ms: performance.now() - started, phases, start: startedFrom });
    if (snapshotKeyToStore) keepSnapshot(pyodide, snapshotKeyToStore);
  },
  (err) => self.postMessage({ type: 'status', state: 'failed', message: describe(err).message, ms: performance.now() - started }),
);

/**
 * After a normal start, the snapshot for the next visit: made at once, before any request runs, so it
 * holds the engine as it was just imported; stored in the background. Reported as
 * `{type: 'snapshot', state: 'stored' | 'failed', message, bytes, stored, files, made, ms}`; a failure only costs the
 * next visit its fast start. `made` is how long the requests waited for the snapshot (ms), `ms` the
 * whole work, storing included.
 * @param {any} pyodide
 * @param {string} key
 */
function keepSnapshot(pyodide, key) {
  const began = performance.now();
  let stored;
  try {
    if (startMemory && startMemory.memory.buffer.byteLength > startMemory.bytes) {
      throw new Error(`Pyodide's memory grew from ${startMemory.bytes} to ${startMemory.memory.buffer.byteLength} bytes: a snapshot of it could not be restored`);
    }
    stored = storeSnapshot(pyodide, indexURL, key, sitePackages);
  } catch (err) {
    stored = Promise.reject(err);
  }
  const made = performance.now() - began;
  stored.then(
    ({ bytes, stored: packed, files }) => self.postMessage({ type: 'snapshot', state: 'stored', bytes, stored: packed, files, made, ms: performance.now() - began }),
    (err) => self.postMessage({ type: 'snapshot', state: 'failed', message: describe(err).message, ms: performance.now() - began }),
  );
}

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
  if (msg.type === 'painted') return;  // the page's word to a held start (startAllowed), not a request
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
