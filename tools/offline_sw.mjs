// Write the site's service worker with Workbox (`workbox-build`'s injectManifest):
//
//     node tools/offline_sw.mjs build/site
//
// The precache manifest lists every file of the built site with a revision (the hash of its
// content), so a new build makes browsers fetch only the files that changed, and Workbox removes
// the entries (and older caches) the new version no longer lists once it takes over.
// Pyodide and the engine wheel come last in the list: the small pages, styles and scripts of the
// four languages are stored first. The worker's code is tools/offline_sw_source.js; the Workbox
// modules it imports are copied into <site>/_workbox/ (no CDN).
// Prints one JSON line: {count, size, warnings}.

import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { injectManifest } from 'workbox-build';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const site = path.resolve(process.argv[2] ?? 'build/site');
const HEAVY = /^_pyodide\//;
const MODULES = ['core', 'routing', 'strategies', 'precaching'];

/** Pages, styles and scripts first; Pyodide and the engine wheel last (the order they are fetched in). */
const heavyLast = (entries) => ({
  manifest: [...entries.filter((e) => !HEAVY.test(e.url)), ...entries.filter((e) => HEAVY.test(e.url))],
  warnings: [],
});

/** Copy the production builds of the Workbox modules the worker imports (without their source-map comment). */
function copyModules() {
  const dest = path.join(site, '_workbox');
  fs.rmSync(dest, { recursive: true, force: true });
  fs.mkdirSync(dest);
  for (const name of MODULES) {
    const file = require.resolve(`workbox-${name}/build/workbox-${name}.prod.js`);
    const code = fs.readFileSync(file, 'utf8').replace(/\n\/\/# sourceMappingURL=.*\s*$/, '\n');
    fs.writeFileSync(path.join(dest, path.basename(file)), code);
  }
}

copyModules();
const { count, size, warnings } = await injectManifest({
  swSrc: path.join(here, 'offline_sw_source.js'),
  swDest: path.join(site, 'sw.js'),
  globDirectory: site,
  globPatterns: ['**/*.{html,js,mjs,css,svg,png,ico,json,webmanifest,inv,wasm,zip,whl,woff,woff2}'],
  globIgnores: ['sw.js', '_workbox/**', '**/*.br', '**/*.gz', '_bench/**'],
  maximumFileSizeToCacheInBytes: 32 * 1024 * 1024,  // pyodide.asm.wasm is about 10 MB
  manifestTransforms: [heavyLast],
});
console.log(JSON.stringify({ count, size, warnings }));
