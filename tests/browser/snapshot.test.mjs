// @ts-check
// Unit tests of the engine snapshot's stored form (pack/unpack in linger-snapshot.mjs) and of the engine's files
// stored beside it (readTree/writeTree, packFiles/unpackFiles), run by `node --test`
// (see test_model.py).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pack, packFiles, readTree, unpack, unpackFiles, writeTree } from '../../tutorial/linger_walkthrough/static/linger-snapshot.mjs';

const PAGE = 4096;

/** A memory-like buffer: `length` bytes, zero but for the given pages, which hold their own number. */
function memory(length, pages) {
  const bytes = new Uint8Array(length);
  for (const page of pages) bytes.fill((page % 250) + 1, page * PAGE, Math.min((page + 1) * PAGE, length));
  return bytes;
}

test('a snapshot comes back byte for byte, zero pages and a partial last page included', () => {
  for (const [length, pages] of [
    [10 * PAGE + 192, [0, 1, 2, 5, 9, 10]],  // runs, a gap, a partial last page that holds data
    [10 * PAGE + 192, [0, 3]],               // zeros to the end
    [PAGE, [0]],
    [3 * PAGE, []],                           // nothing but zeros
    [0, []],
  ]) {
    const bytes = memory(length, pages);
    bytes[7 * PAGE + 100] = 42;  // one byte in an otherwise zero page keeps that page
    const packed = pack(bytes);
    assert.deepEqual(unpack(packed), bytes, `${length} bytes, pages ${pages}`);
  }
});

test('the zero pages are not stored, and the packed bytes begin as the snapshot does', () => {
  const bytes = memory(100 * PAGE, [0, 1, 50]);
  const packed = pack(bytes);
  assert.equal(packed.length, 3 * PAGE + 2 * 8 + 8);  // two runs in the table, then the trailer
  assert.deepEqual(packed.subarray(0, PAGE), bytes.subarray(0, PAGE));
});

test('packed bytes that do not hold together are refused', () => {
  const packed = pack(memory(20 * PAGE, [0, 4, 5, 12]));
  const bad = [
    new Uint8Array(4),                        // shorter than the trailer
    packed.subarray(0, packed.length - 1),    // cut short
    packed.subarray(PAGE),                    // a page missing at the front
  ];
  /** A copy of `packed` with one 32-bit word of its table or trailer changed (`at`: bytes from the end). */
  const altered = (at, value) => {
    const copy = packed.slice();
    new DataView(copy.buffer).setUint32(copy.length - at, value, true);
    return copy;
  };
  // Runs: pages [0], [4, 5], [12]; the table's words from the end: 32 first page of run 1, 24 of run 2, 16 of run 3.
  const wrongs = [
    altered(8, 0xFFFFFFFF),  // more runs than there are bytes
    altered(8, 2),           // fewer runs than pages kept
    altered(32, 999),        // a run past the snapshot's end
    altered(24, 0),          // a run over another one
    altered(16, 3),          // runs out of order
  ];
  for (const wrong of [...bad, ...wrongs]) assert.throws(() => unpack(wrong), /the stored snapshot is corrupt/);
  assert.deepEqual(unpack(altered(4, 20 * PAGE)), unpack(packed));  // the same words: still whole
});

/**
 * A file system with Emscripten's FS calls that readTree and writeTree use, over a Map of paths; folders are
 * the paths that some file lies below (or that mkdirTree made).
 */
function fakeFS(entries = {}) {
  const files = new Map(Object.entries(entries).map(([path, text]) => [path, new TextEncoder().encode(text)]));
  const folders = new Set(['/sp']);
  const DIR = 0o40000;
  const isFolder = (path) => folders.has(path) || [...files.keys()].some((f) => f.startsWith(`${path}/`));
  return {
    files,
    readdir: (path) => ['.', '..', ...new Set([...files.keys(), ...folders]
      .filter((p) => p.startsWith(`${path}/`)).map((p) => p.slice(path.length + 1).split('/')[0]))],
    stat: (path) => ({ mode: isFolder(path) ? DIR : 0o100644 }),
    isDir: (mode) => (mode & DIR) === DIR,
    readFile: (path) => files.get(path).slice(),
    mkdirTree: (path) => { folders.add(path); },
    writeFile: (path, bytes) => {
      if (!isFolder(path.slice(0, path.lastIndexOf('/')))) throw new Error(`no folder for ${path}`);
      files.set(path, bytes.slice());
    },
  };
}

test('the installed files come back as they were, below another folder', () => {
  const fs = fakeFS({
    '/sp/pkg/__init__.py': 'x = 1\n',
    '/sp/pkg/sub/data.mo': '\u00e9t\u00e9',
    '/sp/pkg/empty.txt': '',
    '/sp/pkg-0.1.dist-info/RECORD': 'pkg/__init__.py,,\n',
  });
  const tree = readTree(fs, '/sp');
  assert.deepEqual(tree.map((f) => f.path),
    ['pkg/__init__.py', 'pkg/empty.txt', 'pkg/sub/data.mo', 'pkg-0.1.dist-info/RECORD']);  // names in order, depth first
  const installed = unpackFiles(packFiles({ files: tree, record: 'default channel' }));
  assert.equal(installed.record, 'default channel');
  const restored = fakeFS();
  restored.mkdirTree('/other');
  writeTree(restored, '/other', installed.files);
  for (const [path, bytes] of fs.files) assert.deepEqual(restored.files.get(path.replace('/sp/', '/other/')), bytes, path);
  assert.equal(restored.files.size, fs.files.size);
});

test('packed files that do not hold together, or would be written outside their folder, are refused', () => {
  const files = [{ path: 'pkg/a.py', bytes: new Uint8Array([1, 2, 3]) }, { path: 'pkg/b.py', bytes: new Uint8Array([4]) }];
  const packed = packFiles({ files, record: 'default channel' });
  /** The packed form of an index written by hand (and `tail` bytes of contents). */
  const withIndex = (index, tail = 0) => {
    const json = new TextEncoder().encode(typeof index === 'string' ? index : JSON.stringify(index));
    const bytes = new Uint8Array(4 + json.length + tail);
    new DataView(bytes.buffer).setUint32(0, json.length, true);
    bytes.set(json, 4);
    return bytes;
  };
  const bad = [
    new Uint8Array(3),                              // shorter than the index's length
    packed.subarray(0, packed.length - 1),          // cut short
    (() => { const b = packed.slice(); new DataView(b.buffer).setUint32(0, 1e6, true); return b; })(),  // index past the end
    withIndex('{"record": "x", "files": [', 0),    // not JSON
    withIndex({ files: [] }),                       // no record
    withIndex({ record: 'x', files: [['a', 2]] }, 3),  // one byte more than the sizes
    withIndex({ record: 'x', files: [['a', -1]] }, 0),
    withIndex({ record: 'x', files: [['a', 1.5]] }, 2),
    ...['/etc/passwd', '../a', 'pkg/../../a', 'pkg//a', './a', '', 'a\0b'].map((path) => withIndex({ record: 'x', files: [[path, 0]] })),
  ];
  for (const wrong of bad) assert.throws(() => unpackFiles(wrong), /the stored engine files are corrupt/);
  assert.throws(() => packFiles({ files: [{ path: '../a', bytes: new Uint8Array() }], record: 'x' }), /not a relative path/);
  assert.deepEqual(unpackFiles(packed).files.map((f) => [f.path, [...f.bytes]]), [['pkg/a.py', [1, 2, 3]], ['pkg/b.py', [4]]]);
});
