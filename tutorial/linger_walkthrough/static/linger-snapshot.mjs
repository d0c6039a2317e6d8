// @ts-check
/**
 * The engine worker's memory snapshot: Pyodide's whole memory once the engine is imported, kept in
 * the browser's Cache Storage so that the next visit restores it instead of starting Python and
 * importing the engine again (Pyodide's `_makeSnapshot` / `makeMemorySnapshot` / `_loadSnapshot`).
 *
 * - What is stored: one entry per site (its URL is the site's `_pyodide/` folder plus
 *   `linger-engine.snapshot`, never fetched), the snapshot's bytes with two headers: the key it was
 *   made for and the SHA-256 of its bytes.
 * - The key: this module's snapshot format, the Pyodide version, and the engine wheel's sha256 from the
 *   site's pyodide-lock.json; a snapshot made for another key is stale and never used. Pyodide also
 *   refuses a snapshot of another build of its WebAssembly module (its build id is in the snapshot).
 * - A stored snapshot whose bytes do not match their SHA-256 is corrupt and never used: restoring
 *   damaged memory could run anything, so it is checked before Pyodide sees it.
 * - Whatever goes wrong (no Cache Storage, a stale, corrupt or refused snapshot, a full quota) the
 *   worker starts the normal way and stores a new snapshot in place of the old one.
 */

/** Changes whenever what the snapshot holds changes (what is imported before it is made). */
const FORMAT = 1;
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
 * The stored snapshot for `key`, or why there is none to use. Only its headers are read here; its
 * bytes come as a promise, checked against their SHA-256 (it rejects when they do not match), so that
 * Pyodide can download and compile its WebAssembly module meanwhile. The key may still be on its way
 * (it needs pyodide.mjs and the lock): the cache is opened and searched meanwhile.
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
    if (response.headers.get(KEY_HEADER) !== await key) {
      await response.body?.cancel();
      return { reason: 'stale' };
    }
    const bytes = checked(response);
    bytes.catch(() => {});  // handled by whoever awaits it: not an unhandled rejection meanwhile
    return { bytes };
  } catch (err) {
    return { reason: `unreadable (${err instanceof Error ? err.message : String(err)})` };
  }
}

/**
 * A stored snapshot's bytes, once they match the SHA-256 stored with them.
 * @param {Response} response
 */
async function checked(response) {
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (await sha256(bytes) !== response.headers.get(DIGEST_HEADER)) throw new Error('the stored snapshot is corrupt');
  return bytes;
}

/**
 * Snapshot the interpreter now, synchronously (before any request runs Python code), then store it
 * for `key` in place of any older one. Pyodide refuses to snapshot unless the JavaScript values Python
 * refers to are those of a bare start, its record of loaded packages (empty then) among them: the
 * engine's entry is left out of it meanwhile. The restored interpreter has the engine's modules in memory but not its files
 * (Pyodide's file system lives outside the snapshot), so the package is installed again after a
 * restore, and recorded then.
 * @param {any} pyodide a Pyodide started with `_makeSnapshot: true`, the engine imported
 * @param {string} indexURL
 * @param {string} key
 * @returns {Promise<number>} the bytes stored
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
    const headers = {
      'Content-Type': 'application/octet-stream',
      [KEY_HEADER]: key,
      [DIGEST_HEADER]: await sha256(bytes),
    };
    const cache = await caches.open(CACHE_NAME);
    await cache.put(entryURL(indexURL), new Response(bytes, { headers }));
    return bytes.byteLength;
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
