// @ts-check
// Unit tests of the puzzle trainer's choices and stored progress, run by `node --test` (see test_model.py).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  RETRY_AFTER, freshProgress, matches, pickNext, readProgress, scored, writeProgress,
} from '../../tutorial/linger_walkthrough/static/linger-puzzles-model.mjs';

/** @param {string} id @param {Partial<import('../../tutorial/linger_walkthrough/static/linger-puzzles-model.mjs').Puzzle>} more */
const puzzle = (id, more = {}) => ({ id, n: 0, src: '', at: 0, level: 1, themes: [], profile: 'standard', variants: [],
  stock: 0, toml: '', ...more });
const PUZZLES = [puzzle('p1'), puzzle('p2', { variants: ['no-trump'], level: 2 }), puzzle('p3', { themes: ['last-card'], level: 3 }),
  puzzle('p4', { profile: 'last-card' })];
const known = new Set(PUZZLES.map((p) => p.id));

test('the stored progress is read back', () => {
  const progress = { ...freshProgress(), solved: ['p1'], misses: [{ id: 'p3', due: 4 }], streak: 2, best: 5, shown: 3,
    current: 'p3', filters: { theme: 'last-card', level: '3', plain: false } };
  assert.deepEqual(readProgress(writeProgress(progress), known), progress);
});

test('a damaged, foreign or older value starts afresh; unknown puzzles are dropped', () => {
  for (const text of [null, '', '{', 'null', '42', '"p1"', '["p1"]', '{"solved": ["p1"]}',
    '{"version": 1, "solved": ["p1"]}', JSON.stringify({ ...freshProgress(), solved: 'p1' }),
    JSON.stringify({ ...freshProgress(), streak: -1 }), JSON.stringify({ ...freshProgress(), filters: null }),
    JSON.stringify({ ...freshProgress(), filters: { theme: 1, level: '', plain: true } })]) {
    assert.deepEqual(readProgress(text, known), freshProgress(), String(text));
  }
  const kept = readProgress(JSON.stringify({ ...freshProgress(), solved: ['x', 3, null, 'p2'],
    misses: [{ id: 'x', due: 1 }, { id: 'p1', due: 'soon' }, { id: 'p3', due: 2 }], current: 'gone' }), known);
  assert.deepEqual(kept.solved, ['p2']);
  assert.deepEqual(kept.misses, [{ id: 'p3', due: 2 }]);
  assert.equal(kept.current, '');
});

test('the filters choose by rules, theme and difficulty', () => {
  const chosen = (/** @type {any} */ filters) => PUZZLES.filter((p) => matches(p, filters)).map((p) => p.id);
  assert.deepEqual(chosen({ theme: '', level: '', plain: true }), ['p1', 'p3']);
  assert.deepEqual(chosen({ theme: '', level: '', plain: false }), ['p1', 'p2', 'p3', 'p4']);
  assert.deepEqual(chosen({ theme: 'last-card', level: '', plain: false }), ['p3']);
  assert.deepEqual(chosen({ theme: '', level: '2', plain: false }), ['p2']);
  assert.deepEqual(chosen({ theme: '', level: '2', plain: true }), []);
});

test('next: the first unsolved puzzle, a miss once its turn comes back, then all again', () => {
  let progress = { ...freshProgress(), filters: { theme: '', level: '', plain: false } };
  assert.deepEqual(pickNext(PUZZLES, progress, ''), { id: 'p1', retry: false, again: false });
  progress = scored(progress, 'p1', 'other', false);
  assert.equal(progress.streak, 0);
  assert.deepEqual(progress.misses, [{ id: 'p1', due: RETRY_AFTER }]);
  assert.equal(pickNext(PUZZLES, progress, 'p1')?.id, 'p2', 'a miss waits its turn');
  progress = { ...progress, shown: RETRY_AFTER };
  assert.deepEqual(pickNext(PUZZLES, progress, 'p3'), { id: 'p1', retry: true, again: false });
  progress = scored(progress, 'p1', 'example', true);
  assert.deepEqual(progress.misses, []);
  assert.equal(progress.streak, 0, 'solved after a miss: no streak');
  for (const id of ['p2', 'p3', 'p4']) progress = scored(progress, id, 'example', false);
  assert.equal(progress.streak, 3);
  assert.equal(progress.best, 3);
  assert.deepEqual(pickNext(PUZZLES, progress, 'p4'), { id: 'p1', retry: false, again: true });
  assert.equal(pickNext(PUZZLES, { ...progress, filters: { theme: '', level: '2', plain: true } }, 'p1'), null);
});
