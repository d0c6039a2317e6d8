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
 * - The key: this module's snapshot format, the Pyodide version, and the engine wheel's sha256 from the
 *   site's pyodide-lock.json; a snapshot made for another key is stale and never used. Pyodide also
 *   refuses a snapshot of another build of its WebAssembly module (its build id is in the snapshot).
 * - A stored snapshot whose bytes do not match their SHA-256 is corrupt and never used: restoring
 *   damaged memory could run anything, so it is checked before Pyodide sees it.
 * - Whatever goes wrong (no Cache Storage, a stale, corrupt or refused snapshot, a full quota) the
 *   worker starts the normal way and stores a new snapshot in place of the old one.
 */

/** Changes whenever what the snapshot holds (what is imported before it is made) or how it is stored changes. */
const FORMAT = 2;
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
 * The stored snapshot for `key`, or why there is none to use. Only its headers are awaited here; its
 * bytes come as a promise, checked against their SHA-256 and unpacked (it rejects when they do not
 * match), so that Pyodide can load its script meanwhile. The key may still be on its way (it needs
 * pyodide.mjs and the lock): the cache is opened and searched, and the bytes read, meanwhile; they are
 * checked only once the key matches (a stale snapshot's bytes are dropped unchecked).
 * @param {string} indexURL
 * @param {string | Promise<string>} key
 * @returns {Promise<{bytes: Promise<Uint8Array<ArrayBuffer>>} | {reason: string}>}
 */
export async function findSnapshot(indexURL, key) {
  if (!canStore()) return { reason: 'no Cache Storage' };
  try {
    const cache = await caches.open(CACHE_NAME);
    const response = await cache.match(entryURL(indexURL));
    if (!response) return { reason: 'none stored' };
    const body = response.arrayBuffer();
    body.catch(() => {});  // a stale snapshot's read is not awaited: its failure is nobody's
    if (response.headers.get(KEY_HEADER) !== await key) return { reason: 'stale' };
    const bytes = checked(body, response.headers.get(DIGEST_HEADER));
    bytes.catch(() => {});  // handled by whoever awaits it: not an unhandled rejection meanwhile
    return { bytes };
  } catch (err) {
    return { reason: `unreadable (${err instanceof Error ? err.message : String(err)})` };
  }
}

/**
 * A stored snapshot's bytes, once the stored ones match the SHA-256 stored with them, unpacked.
 * @param {Promise<ArrayBuffer>} body the stored bytes, being read
 * @param {string | null} digest their SHA-256, as stored
 */
async function checked(body, digest) {
  const packed = new Uint8Array(await body);
  if (await sha256(packed) !== digest) throw new Error('the stored snapshot is corrupt');
  return unpack(packed);
}

/**
 * Snapshot the interpreter now, synchronously (before any request runs Python code), then store it
 * for `key` in place of any older one. Pyodide refuses to snapshot unless the JavaScript values Python
 * refers to are those of a bare start, its record of loaded packages (empty then) among them: the
 * engine's entry is left out of it meanwhile. The restored interpreter has the engine's modules in memory but not its files
 * (Pyodide's file system lives outside the snapshot), so the package is installed again after a
 * restore, and recorded then. Packing and storing come after the requests already waiting (a task
 * later), in the background.
 * @param {any} pyodide a Pyodide started with `_makeSnapshot: true`, the engine imported
 * @param {string} indexURL
 * @param {string} key
 * @returns {Promise<{bytes: number, stored: number}>} the snapshot's length and the bytes stored (packed)
 */
export function storeSnapshot(pyodide, indexURL, key) {
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
  return (async () => {
    await new Promise((resolve) => { setTimeout(resolve); });  // the copy is ours: the waiting requests go first
    const packed = pack(bytes);
    const headers = {
      'Content-Type': 'application/octet-stream',
      [KEY_HEADER]: key,
      [DIGEST_HEADER]: await sha256(packed),
    };
    const cache = await caches.open(CACHE_NAME);
    await cache.put(entryURL(indexURL), new Response(packed, { headers }));
    return { bytes: bytes.byteLength, stored: packed.byteLength };
  })();
}

/**
 * Remove the stored snapshot (one Pyodide refused); never fails.
 * @param {string} indexURL
 */
export async function dropSnapshot(indexURL) {
  try {
    if (canStore()) await (await caches.open(CACHE_NAME)).delete(entryURL(indexURL));
  } catch {
    // Nothing stored, or no access: the next store replaces it anyway.
  }
}
