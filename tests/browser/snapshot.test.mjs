// @ts-check
// Unit tests of the engine snapshot's stored form (pack/unpack in linger-snapshot.mjs), run by `node --test`
// (see test_model.py).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pack, unpack } from '../../tutorial/linger_walkthrough/static/linger-snapshot.mjs';

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
