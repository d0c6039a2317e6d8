// Play whole games with linger_longer.web.play under Pyodide (Node, offline, the npm package the site
// serves) and print the final views as JSON, for tests/browser_play/test_pyodide_agrees.py.
// Usage: node tests/browser_play/pyodide_play.mjs '<JSON list of {settings, lang}>'
// The human always plays their first legal card (or names the first suit); a match is played to its end.
import { loadPyodide } from '../../node_modules/pyodide/pyodide.mjs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const pyodide = await loadPyodide({ stdout: () => {}, stderr: () => {} });
pyodide.FS.mkdirTree('/repo');
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root }, '/repo');
pyodide.runPython("import sys; sys.path.insert(0, '/repo/engine')");
const play = pyodide.pyimport('linger_longer.web.play');

/** One request, as the page sends it (linger_longer.web.play.answer_json). @param {string} request @param {string} lang @param {...unknown} args */
function call(request, lang, ...args) {
  const answer = play.answer_json;
  try {
    const result = JSON.parse(answer(request, lang, ...args));
    if (result.error) throw new Error(result.error);
    return result;
  } finally {
    answer.destroy();
  }
}

const games = JSON.parse(process.argv[2]);
const out = [];
for (const { settings, lang } of games) {
  const started = performance.now();
  let view = call('new-game', lang, JSON.stringify(settings));
  const moveTimes = [];
  for (;;) {
    if (view.deal.over) {
      if (!view.can_next) break;
      view = call('next-deal', lang, JSON.stringify(view.record));
      continue;
    }
    const action = view.name_trump ? view.suits[0].suit : view.choices.find((c) => c.legal).card;
    const t0 = performance.now();
    view = call('play', lang, JSON.stringify(view.record), action);
    moveTimes.push(performance.now() - t0);
  }
  out.push({ record: view.record, log: view.log, score: view.score, html: view.html,
             ms: performance.now() - started, moveTimes });
}
console.log(JSON.stringify(out));
