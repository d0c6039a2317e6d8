// @ts-check
// Unit tests of the Puzzles page's stored progress, run by `node --test` (see test_model.py).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readProgress, writeProgress } from '../../tutorial/linger_walkthrough/static/linger-puzzles.mjs';

const known = new Set(['01-seed-54', '02-seed-51']);

test('the stored progress is read back', () => {
  assert.deepEqual([...readProgress(writeProgress(new Set(['02-seed-51', '01-seed-54'])), known)], ['01-seed-54', '02-seed-51']);
  assert.equal(writeProgress(new Set(['02-seed-51', '01-seed-54'])), '{"version":1,"solved":["01-seed-54","02-seed-51"]}');
});

test('a corrupt or foreign value is ignored, and unknown puzzles are dropped', () => {
  for (const text of [null, '', '{', 'null', '42', '"01-seed-54"', '["01-seed-54"]', '{"solved": ["01-seed-54"]}',
    '{"version": 2, "solved": ["01-seed-54"]}', '{"version": 1, "solved": "01-seed-54"}']) {
    assert.equal(readProgress(text, known).size, 0, String(text));
  }
  assert.deepEqual([...readProgress('{"version": 1, "solved": ["x", 3, null, "02-seed-51"]}', known)], ['02-seed-51']);
});
