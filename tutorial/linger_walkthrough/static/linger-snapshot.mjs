// @ts-check
/**
 * The engine worker's memory snapshot: Pyodide's whole memory once the engine is imported, kept in
 * the browser's Cache Storage so that the next visit restores it instead of starting Python and
 * importing the engine again (Pyodide's `_makeSnapshot` / `makeMemorySnapshot` / `_loadSnapshot`).
 *
 * - What is stored: one entry per site (its URL is the site's `_pyodide/` folder plus
 *   `linger-engine.snapshot`, never fetched), the snapshot packed without its zero pages (`pack`:
 *   more than half of a fresh interpreter's memory is zeros, and reading the entry back is on the
 *   repeat visit's critical path: Pyodide compiles its WebAssembly only once it has the snapshot),
 *   with two headers: the key it was made for and the SHA-256 of the stored bytes.
 * - Beside it, the engine's installed files (the site-packages folder, `packFiles`; URL
 *   `linger-engine.files`, the same two headers): Pyodide's file system lives outside its memory,
 *   so a restored interpreter has the engine's modules but not its files (its catalogs, the modules
 *   it imports later). Writing them back is a copy; installing the wheel again unzips it in Python,
 *   about 50 ms of a repeat visit. Without a usable entry the wheel is installed as after a normal start.
 * - The key: this module's snapshot format, the Pyodide version, and the engine wheel's sha256 from the
 *   site's pyodide-lock.json; a snapshot made for another key is stale and never used. Pyodide also
 *   refuses a snapshot of another build of its WebAssembly module (its build id is in the snapshot).
 * - A stored snapshot whose bytes do not match their SHA-256 is corrupt and never used: restoring
 *   damaged memory could run anything, so it is checked before Pyodide sees it.
 * - Whatever goes wrong (no Cache Storage, a stale, corrupt or refused snapshot, a full quota) the
 *   worker starts the normal way and stores a new snapshot in place of the old one.
 */

/** Changes whenever what the snapshot holds (what is imported before it is made) or how it is stored changes. */
const FORMAT = 3;
/** The unit `pack` keeps or drops (bytes): a page of the operating system's, so zeros come in whole pages. */
const PAGE = 4096;
/** The packed snapshot's trailer: the run count and the snapshot's length, two little-endian 32-bit words. */
const TRAILER = 8;
const CACHE_NAME = 'linger-longer-engine-snapshot';
const KEY_HEADER = 'X-Linger-Snapshot-Key';
const DIGEST_HEADER = 'X-Linger-Snapshot-Sha256';
/** The engine's name in the lock (and in Pyodide's record of loaded packages). */
export const ENGINE_PACKAGE = 'linger-longer';

/**
 * The key a snapshot is made for and must match to be used.
 * @param {string} pyodideVersion the version pyodide.mjs exports
 * @param {{packages?: Record<string, {sha256?: string}>}} lock the site's pyodide-lock.json
 */
export function snapshotKey(pyodideVersion, lock) {
  return `format ${FORMAT}; pyodide ${pyodideVersion}; ${ENGINE_PACKAGE} ${lock.packages?.[ENGINE_PACKAGE]?.sha256 ?? 'unknown'}`;
}

/** Whether snapshots can be kept here (Cache Storage is only offered to secure origins). */
export function canStore() {
  return typeof caches !== 'undefined' && typeof crypto !== 'undefined' && crypto.subtle !== undefined;
}

/** @param {string} indexURL absolute URL of the site's _pyodide/ folder */
function entryURL(indexURL) {
  return new URL('linger-engine.snapshot', indexURL).href;
}

/** @param {string} indexURL absolute URL of the site's _pyodide/ folder */
function filesURL(indexURL) {
  return new URL('linger-engine.files', indexURL).href;
}

/** @param {BufferSource} bytes */
async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Whether `bytes[start, end)` holds only zeros; read a 32-bit word at a time where the offsets allow.
 * @param {Uint8Array} bytes @param {number} start @param {number} end
 */
function allZero(bytes, start, end) {
  let i = start;
  if ((bytes.byteOffset + start) % 4 === 0) {
    const words = new Uint32Array(bytes.buffer, bytes.byteOffset + start, (end - start) >> 2);
    for (let w = 0; w < words.length; w++) if (words[w] !== 0) return false;
    i = start + words.length * 4;
  }
  for (; i < end; i++) if (bytes[i] !== 0) return false;
  return true;
}

/**
 * The snapshot without its pages of zeros: the pages that hold anything, in order, then a table of
 * their runs (first page, page count: two little-endian 32-bit words a run), then the trailer (the
 * run count, the snapshot's length). The first page holds Pyodide's header, so the packed bytes
 * begin as the snapshot does.
 * @param {Uint8Array} bytes
 * @returns {Uint8Array<ArrayBuffer>}
 */
export function pack(bytes) {
  /** @type {number[][]} */
  const runs = [];
  const pages = Math.ceil(bytes.length / PAGE);
  for (let page = 0; page < pages; page++) {
    if (allZero(bytes, page * PAGE, Math.min((page + 1) * PAGE, bytes.length))) continue;
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === page) last[1] += 1;
    else runs.push([page, 1]);
  }
  const kept = runs.reduce((sum, [first, count]) => sum + Math.min(count * PAGE, bytes.length - first * PAGE), 0);
  const packed = new Uint8Array(kept + runs.length * 8 + TRAILER);
  const view = new DataView(packed.buffer);
  let at = 0;
  runs.forEach(([first, count], i) => {
    const part = bytes.subarray(first * PAGE, Math.min((first + count) * PAGE, bytes.length));
    packed.set(part, at);
    at += part.length;
    view.setUint32(kept + i * 8, first, true);
    view.setUint32(kept + i * 8 + 4, count, true);
  });
  view.setUint32(packed.length - 8, runs.length, true);
  view.setUint32(packed.length - 4, bytes.length, true);
  return packed;
}

/**
 * The snapshot `pack` packed, its zero pages put back. Throws when the packed bytes do not hold
 * together: a table longer than they are, runs that are empty, overlap, come out of order or reach
 * past the snapshot's length, pages that do not add up to the bytes before the table. Everything is
 * checked before the snapshot's memory is allocated.
 * @param {Uint8Array} packed
 * @returns {Uint8Array<ArrayBuffer>}
 */
export function unpack(packed) {
  const corrupt = () => new Error('the stored snapshot is corrupt');
  if (packed.length < TRAILER) throw corrupt();
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const count = view.getUint32(packed.length - 8, true);
  const length = view.getUint32(packed.length - 4, true);
  const table = packed.length - TRAILER - count * 8;
  if (table < 0) throw corrupt();
  /** @type {number[][]} */
  const runs = [];
  let kept = 0;
  for (let i = 0; i < count; i++) {
    const start = view.getUint32(table + i * 8, true) * PAGE;
    const end = Math.min(start + view.getUint32(table + i * 8 + 4, true) * PAGE, length);
    if (end <= start || (i > 0 && start < runs[i - 1][1])) throw corrupt();
    runs.push([start, end]);
    kept += end - start;
  }
  if (kept !== table) throw corrupt();
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const [start, end] of runs) {
    bytes.set(packed.subarray(at, at + end - start), start);
    at += end - start;
  }
  return bytes;
}

/**
 * A file below a folder: its path relative to the folder (`/`-separated) and its contents.
 * @typedef {{path: string, bytes: Uint8Array}} TreeFile
 */
/**
 * The installed files the restored interpreter needs, and Pyodide's record of the package they are
 * (its entry in `pyodide.loadedPackages`).
 * @typedef {{files: TreeFile[], record: string}} Installed
 */

/**
 * Every file below `dir` in Pyodide's file system (Emscripten's `FS`), in name order, folders walked
 * depth first.
 * @param {any} FS @param {string} dir
 * @returns {TreeFile[]}
 */
export function readTree(FS, dir) {
  /** @type {TreeFile[]} */
  const files = [];
  /** @param {string} relative */
  const walk = (relative) => {
    const here = relative ? `${dir}/${relative}` : dir;
    for (const name of FS.readdir(here).filter((/** @type {string} */ n) => n !== '.' && n !== '..').sort()) {
      const path = relative ? `${relative}/${name}` : name;
      if (FS.isDir(FS.stat(`${dir}/${path}`).mode)) walk(path);
      else files.push({ path, bytes: FS.readFile(`${dir}/${path}`) });
    }
  };
  walk('');
  return files;
}

/**
 * Write `files` below `dir`, making the folders they need.
 * @param {any} FS @param {string} dir @param {TreeFile[]} files
 */
export function writeTree(FS, dir, files) {
  for (const { path, bytes } of files) {
    const slash = path.lastIndexOf('/');
    if (slash > 0) FS.mkdirTree(`${dir}/${path.slice(0, slash)}`);
    FS.writeFile(`${dir}/${path}`, bytes);
  }
}

/** A path `packFiles` may hold: relative, `/`-separated, without empty, `.` or `..` parts. */
function safePath(/** @type {unknown} */ path) {
  return typeof path === 'string' && path !== '' && !path.includes('\0')
    && path.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

/**
 * Installed files as stored: a little-endian 32-bit length, then that many bytes of JSON
 * (`{record, files: [[path, size], ...]}`), then every file's contents in that order.
 * @param {Installed} installed
 * @returns {Uint8Array<ArrayBuffer>}
 */
export function packFiles({ files, record }) {
  for (const { path } of files) if (!safePath(path)) throw new Error(`not a relative path: ${JSON.stringify(path)}`);
  const index = new TextEncoder().encode(JSON.stringify({ record, files: files.map((f) => [f.path, f.bytes.length]) }));
  const packed = new Uint8Array(4 + index.length + files.reduce((sum, f) => sum + f.bytes.length, 0));
  new DataView(packed.buffer).setUint32(0, index.length, true);
  packed.set(index, 4);
  let at = 4 + index.length;
  for (const { bytes } of files) {
    packed.set(bytes, at);
    at += bytes.length;
  }
  return packed;
}

/**
 * The files `packFiles` packed. Throws when the packed bytes do not hold together: an index that is
 * cut short or not the JSON it should be, a path that is not relative (it could write anywhere in
 * the file system), sizes that do not add up to the bytes after the index.
 * @param {Uint8Array} packed
 * @returns {Installed}
 */
export function unpackFiles(packed) {
  const corrupt = () => new Error('the stored engine files are corrupt');
  if (packed.length < 4) throw corrupt();
  const length = new DataView(packed.buffer, packed.byteOffset, packed.byteLength).getUint32(0, true);
  if (4 + length > packed.length) throw corrupt();
  /** @type {any} */
  let index;
  try {
    index = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(packed.subarray(4, 4 + length)));
  } catch {
    throw corrupt();
  }
  const entries = index?.files;
  if (typeof index?.record !== 'string' || !Array.isArray(entries)) throw corrupt();
  let at = 4 + length;
  /** @type {TreeFile[]} */
  const files = [];
  for (const entry of entries) {
    const [path, size] = Array.isArray(entry) ? entry : [];
    if (!safePath(path) || !Number.isInteger(size) || size < 0 || at + size > packed.length) throw corrupt();
    files.push({ path, bytes: packed.subarray(at, at + size) });
    at += size;
  }
  if (at !== packed.length) throw corrupt();
  return { files, record: index.record };
}

/**
 * The stored snapshot for `key`, or why there is none to use, and the engine's files stored beside it
 * (`files`: null when there are none for this key). Only their headers are awaited here; their bytes
 * come as promises, checked against their SHA-256 and unpacked (they reject when they do not match),
 * so that Pyodide can load its script meanwhile. The key may still be on its way (it needs pyodide.mjs
 * and the lock): the cache is opened and searched, and the bytes read, meanwhile; they are checked only
 * once the key matches (a stale entry's bytes are dropped unchecked).
 * @param {string} indexURL
 * @param {string | Promise<string>} key
 * @returns {Promise<{bytes: Promise<Uint8Array<ArrayBuffer>>, files: Promise<Installed> | null} | {reason: string}>}
 */
export async function findSnapshot(indexURL, key) {
  if (!canStore()) return { reason: 'no Cache Storage' };
  try {
    const cache = await caches.open(CACHE_NAME);
    const [memory, installed] = await Promise.all([cache.match(entryURL(indexURL)), cache.match(filesURL(indexURL))]);
    if (!memory) return { reason: 'none stored' };
    const [snapshot, files] = await Promise.all([
      storedBytes(memory, key, 'the stored snapshot is corrupt'),
      installed ? storedBytes(installed, key, 'the stored engine files are corrupt') : null,
    ]);
    if (!snapshot) return { reason: 'stale' };
    const bytes = snapshot.packed.then(unpack);
    const unpacked = files ? files.packed.then(unpackFiles) : null;
    // Handled by whoever awaits them: not unhandled rejections meanwhile.
    bytes.catch(() => {});
    unpacked?.catch(() => {});
    return { bytes, files: unpacked };
  } catch (err) {
    return { reason: `unreadable (${err instanceof Error ? err.message : String(err)})` };
  }
}

/**
 * A stored entry's bytes, read at once, and checked against the SHA-256 stored with them once its key
 * matches `key`; null when it was made for another key.
 * @param {Response} response @param {string | Promise<string>} key
 * @param {string} corrupt the error when the bytes do not match their SHA-256
 * @returns {Promise<{packed: Promise<Uint8Array<ArrayBuffer>>} | null>}
 */
async function storedBytes(response, key, corrupt) {
  const body = response.arrayBuffer();
  body.catch(() => {});  // a stale entry's read is not awaited: its failure is nobody's
  if (response.headers.get(KEY_HEADER) !== await key) return null;
  const digest = response.headers.get(DIGEST_HEADER);
  const packed = body.then(async (buffer) => {
    const bytes = new Uint8Array(buffer);
    if (await sha256(bytes) !== digest) throw new Error(corrupt);
    return bytes;
  });
  packed.catch(() => {});
  return { packed };
}

/**
 * What Cache Storage keeps for an entry: its bytes, with the key they were made for and their SHA-256.
 * @param {Uint8Array<ArrayBuffer>} bytes @param {string} key
 */
async function entryResponse(bytes, key) {
  const headers = { 'Content-Type': 'application/octet-stream', [KEY_HEADER]: key, [DIGEST_HEADER]: await sha256(bytes) };
  return new Response(bytes, { headers });
}

/**
 * Snapshot the interpreter now, synchronously (before any request runs Python code), then store it
 * for `key` in place of any older one. Pyodide refuses to snapshot unless the JavaScript values Python
 * refers to are those of a bare start, its record of loaded packages (empty then) among them: the
 * engine's entry is left out of it meanwhile. The restored interpreter has the engine's modules in
 * memory but not its files (Pyodide's file system lives outside the snapshot): the files below
 * `sitePackages` are read now too, as installed, and stored beside the snapshot, with the package's
 * record. Packing and storing come after the requests already waiting (a task later), in the background.
 * @param {any} pyodide a Pyodide started with `_makeSnapshot: true`, the engine imported
 * @param {string} indexURL
 * @param {string} key
 * @param {string} sitePackages Python's site-packages folder, where Pyodide installed the engine
 * @returns {Promise<{bytes: number, stored: number, files: number}>} the snapshot's length, the bytes stored
 *   (packed), and those of the engine's files
 */
export function storeSnapshot(pyodide, indexURL, key, sitePackages) {
  const loaded = pyodide.loadedPackages;
  const record = loaded[ENGINE_PACKAGE];
  delete loaded[ENGINE_PACKAGE];
  /** @type {Uint8Array<ArrayBuffer>} */
  let bytes;
  try {
    bytes = pyodide.makeMemorySnapshot();
  } finally {
    if (record !== undefined) loaded[ENGINE_PACKAGE] = record;
  }
  const installed = typeof record === 'string' ? { files: readTree(pyodide.FS, sitePackages), record } : null;
  return (async () => {
    await new Promise((resolve) => { setTimeout(resolve); });  // the copy is ours: the waiting requests go first
    const packed = pack(bytes);
    const files = installed ? packFiles(installed) : null;
    const cache = await caches.open(CACHE_NAME);
    // The files first: a snapshot stored is one whose files are stored.
    if (files) await cache.put(filesURL(indexURL), await entryResponse(files, key));
    else await cache.delete(filesURL(indexURL));
    await cache.put(entryURL(indexURL), await entryResponse(packed, key));
    return { bytes: bytes.byteLength, stored: packed.byteLength, files: files ? files.byteLength : 0 };
  })();
}

/**
 * Remove the stored snapshot (one Pyodide refused) and the files stored beside it; never fails.
 * @param {string} indexURL
 */
export async function dropSnapshot(indexURL) {
  try {
    if (!canStore()) return;
    const cache = await caches.open(CACHE_NAME);
    await Promise.all([cache.delete(entryURL(indexURL)), cache.delete(filesURL(indexURL))]);
  } catch {
    // Nothing stored, or no access: the next store replaces it anyway.
  }
}
