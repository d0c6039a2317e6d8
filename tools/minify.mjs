// Minify the site's own scripts in a built site with Terser (comments and spaces out, local names
// shortened; what the code does is unchanged):
//
//     node tools/minify.mjs build/site/_static/linger-walkthrough.mjs ...
//
// The sources keep their comments and JSDoc types (tutorial/linger_walkthrough/static/, docs/_static/);
// only the copies the site serves are minified, each with a first line naming its source. A file that
// already carries that line is left as it is, so a second run changes nothing.
// Prints one JSON line: {files, before, after} (bytes).

import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { minify } from 'terser';

const BANNER = '// Minified; the commented source is ';
const SOURCES = { '.mjs': 'tutorial/linger_walkthrough/static/', '.js': 'docs/_static/' };

let before = 0;
let after = 0;
let files = 0;
for (const file of process.argv.slice(2)) {
  const code = fs.readFileSync(file, 'utf8');
  if (code.startsWith(BANNER)) continue;
  const name = path.basename(file);
  const module = name.endsWith('.mjs');
  const result = await minify(code, { module, compress: { passes: 2 }, mangle: true, format: { comments: false } });
  const out = `${BANNER}${SOURCES[path.extname(name)]}${name}\n${result.code}\n`;
  fs.writeFileSync(file, out);
  before += Buffer.byteLength(code);
  after += Buffer.byteLength(out);
  files += 1;
}
console.log(JSON.stringify({ files, before, after }));
