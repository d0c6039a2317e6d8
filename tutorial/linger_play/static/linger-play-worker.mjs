// @ts-check
/**
 * The Play page's live engine: a module Web Worker running Pyodide and the engine wheel, calling
 * the JSON functions of `linger_longer.play` (the same code the tests run under CPython).
 *
 * Started as `new Worker('linger-play-worker.mjs?index=<absolute URL of _pyodide/>', {type: 'module'})`.
 * Requests are `{id, type: 'call', name, args}` where `name` is one of CALLS; each gets one reply
 * `{id, ok: true, result}` (the function's JSON text) or `{id, ok: false, error: {type, message}}`.
 * The worker also posts `{type: 'status', state: 'ready' | 'failed', message?, ms, phases?}` once.
 */
import { describe, loadEngine } from './linger-pyodide.mjs';

/** The functions the page may call; each takes strings and numbers and returns JSON text. */
const CALLS = new Set([
  'new_game_json', 'decode_query_json', 'state_json', 'play_json', 'undo_json', 'next_deal_json',
  'hint_json', 'export_json', 'compare_json',
]);

const indexURL = new URL(self.location.href).searchParams.get('index') ?? new URL('../../_pyodide/', self.location.href).href;
const started = performance.now();
/** @type {Record<string, number>} */
const phases = {};
const ready = loadEngine(indexURL, 'linger_longer.play', phases, started);

ready.then(
  () => self.postMessage({ type: 'status', state: 'ready', ms: performance.now() - started, phases }),
  (err) => self.postMessage({ type: 'status', state: 'failed', message: describe(err).message, ms: performance.now() - started }),
);

/** @param {MessageEvent<{id: number, type: string, name: string, args: unknown[]}>} event */
async function handle(event) {
  const msg = event.data;
  try {
    const pyodide = await ready;
    if (msg.type !== 'call' || !CALLS.has(msg.name)) throw new Error(`unknown request ${JSON.stringify(msg.name ?? msg.type)}`);
    const mod = pyodide.pyimport('linger_longer.play');
    let fn;
    try {
      fn = mod[msg.name];
      self.postMessage({ id: msg.id, ok: true, result: fn(...msg.args) });
    } finally {
      fn?.destroy?.();
      mod.destroy();
    }
  } catch (err) {
    self.postMessage({ id: msg.id, ok: false, error: describe(err) });
  }
}

self.addEventListener('message', handle);
