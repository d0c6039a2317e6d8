// @ts-check
// Unit tests of what the Play page remembers (linger-play-store.mjs), run by `node --test` (see test_model.py).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  MAX_STATS_CHARS, STATS_VERSION, countDeal, emptyStats, parseStats, resumable, statsRows, tallyKey,
} from '../../tutorial/linger_walkthrough/static/linger-play-store.mjs';

const STRENGTHS = ['random', 'rule-of-thumb', 'monte-carlo'];

test('a finished deal is counted per opponent strength and table size, with the winning streak', () => {
  let stats = emptyStats();
  stats = countDeal(stats, 'monte-carlo', 4, true);
  stats = countDeal(stats, 'monte-carlo', 4, true);
  stats = countDeal(stats, 'random', 3, false);
  assert.deepEqual(stats.tallies[tallyKey('monte-carlo', 4)], { played: 2, won: 2, streak: 2 });
  assert.deepEqual(stats.tallies[tallyKey('random', 3)], { played: 1, won: 0, streak: 0 });
  stats = countDeal(stats, 'monte-carlo', 4, false);
  assert.deepEqual(stats.tallies['monte-carlo/4'], { played: 3, won: 2, streak: 0 });
  stats = countDeal(stats, 'monte-carlo', 4, true);
  assert.equal(stats.tallies['monte-carlo/4'].streak, 1);
});

test('counting leaves the old results as they were', () => {
  const before = countDeal(emptyStats(), 'random', 5, true);
  const copy = JSON.parse(JSON.stringify(before));
  countDeal(before, 'random', 5, false);
  assert.deepEqual(before, copy);
});

test('results survive being written and read back', () => {
  const stats = countDeal(countDeal(emptyStats(), 'random', 6, true), 'rule-of-thumb', 3, false);
  assert.deepEqual(parseStats(JSON.stringify(stats)), stats);
});

test('damaged results read back as none, and a damaged tally is dropped', () => {
  for (const text of [null, '', '{{{', 'null', '[]', '5', '"x"', JSON.stringify({ version: 2, tallies: {} }),
    JSON.stringify({ version: STATS_VERSION, tallies: [] }), 'x'.repeat(MAX_STATS_CHARS + 1)]) {
    assert.deepEqual(parseStats(text), emptyStats(), String(text).slice(0, 20));
  }
  const mixed = JSON.stringify({ version: STATS_VERSION, tallies: {
    'random/4': { played: 3, won: 1, streak: 1 },
    'random/5': { played: 1, won: 2, streak: 0 },        // more won than played
    'random/6': { played: '3', won: 1, streak: 0 },      // a string
    'random/3': { played: -1, won: 0, streak: 0 },       // negative
    '<img onerror=x>/4': { played: 1, won: 1, streak: 1 },  // not a strength's name
    'monte-carlo/12': { played: 1, won: 1, streak: 1 },  // no such table
  } });
  assert.deepEqual(parseStats(mixed).tallies, { 'random/4': { played: 3, won: 1, streak: 1 } });
});

test('the rows go by the page\'s order of strengths, then table size', () => {
  let stats = emptyStats();
  for (const [strength, players] of [['monte-carlo', 3], ['random', 5], ['random', 3], ['rule-of-thumb', 4]]) {
    stats = countDeal(stats, /** @type {string} */ (strength), /** @type {number} */ (players), true);
  }
  assert.deepEqual(statsRows(stats, STRENGTHS).map((r) => `${r.strength}/${r.players}`),
    ['random/3', 'random/5', 'rule-of-thumb/4', 'monte-carlo/3']);
  assert.deepEqual(statsRows(emptyStats(), STRENGTHS), []);
});

test('the saved game is continued by a bare page, by its own address without the seed, and by its full link', () => {
  const saved = { players: 4, profile: 'standard', variants: [], seed: 77, mode: 'deal', seat: 0, strength: 'random' };
  const drawn = { ...saved, seed: 12 };  // the address has no seed: the page drew one
  assert.ok(resumable(saved, drawn, { hasGame: false, hasSeed: false }));
  assert.ok(resumable(saved, drawn, { hasGame: true, hasSeed: false }));
  assert.ok(!resumable(saved, { ...drawn, players: 5 }, { hasGame: true, hasSeed: false }));
  assert.ok(resumable(saved, { ...saved }, { hasGame: true, hasSeed: true }));
  assert.ok(!resumable(saved, drawn, { hasGame: true, hasSeed: true }));
});
