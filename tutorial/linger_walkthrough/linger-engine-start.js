// @ts-check
/**
 * The live engine's early start, written inline at the top of <head> on the pages that have a live
 * engine (the Sphinx directive's add_page_assets reads this file).
 *
 * - It starts the engine's worker while the page is still being parsed. A worker's script is fetched
 *   from the page's own thread: started from a module, the fetch waited for the page's first layout.
 * - It tells the worker when the page has drawn itself after parsing (the first frame after
 *   DOMContentLoaded, when every walkthrough shows its stepper): the worker begins Pyodide's start
 *   (downloads, scripts, the WebAssembly compile, each of which takes a core of a small machine) only
 *   then (`hold`; see linger-worker.mjs).
 * - linger-engine.mjs adopts the worker (`lingerEngineStart.adopt`), with every event the worker sent
 *   before it was there.
 * - If the walkthrough module has not run by DOMContentLoaded (a script that failed to load or to
 *   start, or a worker the browser refused), it marks each walkthrough `linger-wt-static`: the page
 *   drew them as steppers on their first step (see linger-walkthrough.css), and the style sheet then
 *   shows every step instead.
 * The tag carries the worker's URL and the site's Pyodide folder, relative to the page, in
 * `data-worker` and `data-early-pyodide` (not `data-pyodide`, which marks the engine module's own tag).
 */
(() => {
  // First, so that nothing below can keep it from running. The walkthrough module is a deferred module
  // script: by DOMContentLoaded it has run, unless it failed to load or to start.
  document.addEventListener('DOMContentLoaded', () => {
    for (const root of document.querySelectorAll('.linger-walkthrough:not(.linger-wt-js)')) root.classList.add('linger-wt-static');
  }, { once: true });
  const script = /** @type {HTMLScriptElement} */ (document.currentScript);
  const index = new URL(script.dataset.earlyPyodide ?? '', document.baseURI).href;
  const url = new URL(script.dataset.worker ?? '', document.baseURI);
  url.searchParams.set('index', index);
  url.searchParams.set('hold', '1');
  const worker = new Worker(url, { type: 'module' });
  performance.mark('linger-worker-start');
  /** @type {Event[]} */
  const held = [];
  /** @param {Event} event */
  const keep = (event) => {
    if (event.type === 'error') event.preventDefault();  // reported by the engine once it adopts the worker
    held.push(event);
  };
  worker.addEventListener('message', keep);
  worker.addEventListener('error', keep);
  const painted = () => requestAnimationFrame(() => setTimeout(() => worker.postMessage({ type: 'painted' })));
  document.addEventListener('DOMContentLoaded', painted, { once: true });
  /** @type {any} */ (window).lingerEngineStart = {
    index,
    worker,
    /**
     * For the engine that takes the worker, once its own listeners are on it: stop holding events and
     * hand `listener` those held so far, in order.
     * @param {(event: Event) => void} listener
     */
    adopt(listener) {
      worker.removeEventListener('message', keep);
      worker.removeEventListener('error', keep);
      held.splice(0).forEach(listener);
    },
  };
})();
