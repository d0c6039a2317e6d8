// @ts-check
/**
 * Loading the live engine inside a module Web Worker: Pyodide from the site's own `_pyodide/`
 * folder, then the engine wheel by name through the site's pyodide-lock.json (so the browser
 * checks its sha256), then an import that proves the wheel is there (`loadPackage` does not
 * reject when it fails). The same steps as the walkthrough's worker, as a helper any worker
 * can import.
 */

/**
 * @param {string} indexURL absolute URL of the site's _pyodide/ folder
 * @param {string} module a module of the engine package to import as the check, e.g. 'linger_longer.play'
 * @param {Record<string, number>} [phases] filled with start-up phases in ms since `started`
 * @param {number} [started] performance.now() when the worker started
 * @returns {Promise<any>} the Pyodide instance
 */
export async function loadEngine(indexURL, module, phases = {}, started = performance.now()) {
  const { loadPyodide } = await import(new URL('pyodide.mjs', indexURL).href);
  phases.script = performance.now() - started;
  const pyodide = await loadPyodide({
    indexURL,
    lockFileURL: new URL('pyodide-lock.json', indexURL).href,
    stdout: () => {},
    stderr: () => {},
  });
  phases.pyodide = performance.now() - started;
  /** @type {string[]} */
  const errors = [];
  await pyodide.loadPackage('linger-longer', { messageCallback: () => {}, errorCallback: (/** @type {string} */ m) => errors.push(m) });
  phases.wheel = performance.now() - started;
  try {
    pyodide.pyimport(module).destroy();
    phases.import = performance.now() - started;
  } catch (err) {
    throw new Error(`the engine package did not load (${errors.join(' ') || describe(err).message})`);
  }
  return pyodide;
}

/**
 * An error as data: a PythonError's last line ("Type: message") or a JS error's name and message.
 * @param {unknown} err
 * @returns {{type: string, message: string}}
 */
export function describe(err) {
  if (err && typeof err === 'object' && 'type' in err && 'message' in err) {
    const text = String(err.message).trim();
    const last = text.split('\n').pop() ?? text;
    const type = String(err.type);
    const message = last.startsWith(type + ': ') ? last.slice(type.length + 2) : last;
    return { type, message };
  }
  if (err instanceof Error) return { type: err.name, message: err.message };
  return { type: 'Error', message: String(err) };
}
