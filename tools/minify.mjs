// Minify the site's own scripts and style sheets in a built site: scripts with Terser (comments and
// spaces out, local names shortened), style sheets with CSSO (comments and spaces out, every rule
// kept in its order); what the code does and what the page looks like are unchanged:
//
//     node tools/minify.mjs build/site/_static/linger-walkthrough.mjs build/site/_static/linger.css ...
//
// The sources keep their comments and JSDoc types (tutorial/linger_walkthrough/static/, docs/_static/;
// Sphinx writes doctools.js, sphinx_highlight.js and pygments.css); only the copies the site serves are minified, each with a first
// line naming its source. A file that already carries that line is left as it is, so a second run
// changes nothing. Prints one JSON line: {files, before, after} (bytes).

import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { minify as minifyStyle } from 'csso';
import { minify } from 'terser';

const BANNER = 'Minified; the commented source is ';
/** Files Sphinx itself writes into every built site (its scripts, Pygments' colours). */
const SPHINX = new Set(['doctools.js', 'sphinx_highlight.js', 'pygments.css']);
/** Where the commented source of a served file is. @param {string} name */
function source(name) {
  if (SPHINX.has(name)) return `written by Sphinx: ${name}`;
  const ours = name.endsWith('.mjs') || (name.startsWith('linger-') && name.endsWith('.css') && name !== 'linger-offline.css');
  return `${ours ? 'tutorial/linger_walkthrough/static/' : 'docs/_static/'}${name}`;
}

let before = 0;
let after = 0;
let files = 0;
for (const file of process.argv.slice(2)) {
  const code = fs.readFileSync(file, 'utf8');
  const name = path.basename(file);
  let out;
  if (name.endsWith('.css')) {
    if (code.startsWith(`/* ${BANNER}`)) continue;
    out = `/* ${BANNER}${source(name)} */\n${minifyStyle(code, { restructure: false }).css}\n`;
  } else {
    if (code.startsWith(`// ${BANNER}`)) continue;
    const module = name.endsWith('.mjs');
    const result = await minify(code, { module, compress: { passes: 2 }, mangle: true, format: { comments: false } });
    out = `// ${BANNER}${source(name)}\n${result.code}\n`;
  }
  fs.writeFileSync(file, out);
  before += Buffer.byteLength(code);
  after += Buffer.byteLength(out);
  files += 1;
}
console.log(JSON.stringify({ files, before, after }));
