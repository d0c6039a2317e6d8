// Time the Monte-Carlo bot under Pyodide (Node, offline, the npm package the site serves):
// runs linger_longer.timing's measure() against the engine source tree.
// Usage: node tools/bench/pyodide_bot.mjs [SAMPLES ...]   (prints one JSON line per sample count)
import { loadPyodide } from '../../node_modules/pyodide/pyodide.mjs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const pyodide = await loadPyodide({ stdout: () => {}, stderr: () => {} });
pyodide.FS.mkdirTree('/repo');
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root }, '/repo');
pyodide.runPython("import sys; sys.path[:0] = ['/repo/engine', '/repo']");
const measure = pyodide.pyimport('linger_longer.timing').measure;
const counts = process.argv.slice(2).map(Number);
for (const samples of counts.length ? counts : [30, 60, 100]) {
  const result = measure(samples);
  console.log(JSON.stringify({ runtime: 'pyodide', ...result.toJs({ dict_converter: Object.fromEntries }) }));
  result.destroy();
}
