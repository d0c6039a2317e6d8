// @ts-check
// Unit tests of the widget's pure logic, run by `node --test` (see test_model.py).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  applyMove, enterBranch, format, initialState, keyMove, leaveBranch, view, withLiveSteps,
} from '../../tutorial/linger_walkthrough/static/linger-model.mjs';

/** @param {number} index @param {Partial<import('../../tutorial/linger_walkthrough/static/linger-model.mjs').Step>} [extra] */
const step = (index, extra = {}) => ({ index, note: null, narration: [`s${index}`], html: `<p>t${index}</p>`, choices: [], table: null, ...extra });
const labels = { step: 'Step {current} of {total}', try: 'Try another card for {player}' };

test('arrow keys, Home and End map to moves; other keys do nothing', () => {
  assert.equal(keyMove('ArrowLeft'), 'back');
  assert.equal(keyMove('ArrowRight'), 'next');
  assert.equal(keyMove('Home'), 'first');
  assert.equal(keyMove('End'), 'last');
  assert.equal(keyMove('PageUp'), 'back');  // the step keys that also work from a card on the table
  assert.equal(keyMove('PageDown'), 'next');
  assert.equal(keyMove('a'), null);
});

test('moves stay within the steps', () => {
  let s = initialState([step(0), step(1), step(2)]);
  s = applyMove(s, 'back');
  assert.equal(s.index, 0);
  s = applyMove(applyMove(s, 'next'), 'next');
  assert.equal(s.index, 2);
  assert.equal(applyMove(s, 'next').index, 2);
  assert.equal(applyMove(s, 'first').index, 0);
  assert.equal(applyMove(initialState([step(0), step(1), step(2)]), 'last').index, 2);
});

test('live steps replace the static ones but keep the page notes', () => {
  const s = withLiveSteps(initialState([step(0, { note: '<p>n0</p>' }), step(1)]), [step(0, { narration: ['live'] }), step(1)]);
  assert.equal(s.live, true);
  assert.equal(s.scripted[0].note, '<p>n0</p>');
  assert.deepEqual(s.scripted[0].narration, ['live']);
});

test('a branch starts on the first new step and going back returns to the branch point', () => {
  const base = withLiveSteps(initialState([step(0), step(1), step(2)]), [step(0), step(1), step(2)]);
  const b = enterBranch({ ...base, index: 1 }, 1, 'KC', [step(0), step(1), step(2, { narration: ['new'] }), step(3)]);
  assert.equal(b.index, 2);
  assert.equal(view(b, labels, []).count, 'Step 3 of 4');
  assert.equal(view(b, labels, []).inBranch, true);
  const back = leaveBranch(applyMove(b, 'last'));
  assert.equal(back.branch, null);
  assert.equal(back.index, 1);
});

test('other cards are offered only by the live engine, on a scripted step with a player to act', () => {
  const choices = [{ card: '2H', label: '2♥', name: 'two of hearts', legal: true, reason: null }];
  const steps = [step(0, { choices, table: { to_act: 2 } }), step(1, { table: { to_act: null } })];
  const still = initialState(steps);
  assert.equal(view(still, labels, ['A', 'B', 'C']).canTry, false);
  assert.equal(view(still, labels, ['A', 'B', 'C']).tryComing, true);  // its line keeps its place meanwhile
  assert.equal(view(still, labels, ['A', 'B', 'C']).tryLabel, 'Try another card for C');
  assert.equal(view(applyMove(still, 'next'), labels, []).tryComing, false);  // no one to act there
  const live = withLiveSteps(still, steps);
  const v = view(live, labels, ['A', 'B', 'C']);
  assert.equal(v.canTry, true);
  assert.equal(v.tryLabel, 'Try another card for C');
  assert.equal(v.tryComing, false);
  assert.equal(view(applyMove(live, 'next'), labels, []).canTry, false);
  const branched = enterBranch(live, 0, '2H', [steps[0], steps[0], steps[1]]);
  assert.equal(view(branched, labels, []).canTry, false);
});

test('placeholders are filled, unknown ones kept', () => {
  assert.equal(format('{a} and {b}', { a: 1 }), '1 and {b}');
});
