// @ts-check
// Unit tests of the Play page's pure logic, run by `node --test` (see test_model.py).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  MAX_RECORD_CHARS, MAX_RECORD_DEPTH, MAX_SEED, clock, formFromSettings, jsonDepth, queryFromForm, randomSeed, savedRecord,
  scoreRows, seatLetter, turnMessage,
} from '../../tutorial/linger_walkthrough/static/linger-play-model.mjs';

const TRUMP = ['no-trump', 'random-trump', 'grand-coup'];
const KEYS = ['players', 'profile', 'variants', 'mode', 'seat', 'bot', 'scoring', 'seed'];  // as the directive hands them over
const labels = {
  match_won: '{player} wins the match.', deal_won: '{player} wins the deal.', name_trump: 'Name trump.',
  your_turn: 'Your turn.', waiting: 'Wait.', your_seat: '{seat} (you)',
};

test('the form becomes the engine\'s query: its keys in order, trump first among the variants', () => {
  const query = queryFromForm({
    players: '5', profile: 'last-card', trump: 'grand-coup', variants: ['draw-per-card', 'long-hand'],
    mode: 'match-3', seat: 'C', bot: 'monte-carlo', scoring: 'chips-b', seed: ' 42 ',
  }, KEYS);
  assert.equal(query, 'players=5&profile=last-card&variants=grand-coup,draw-per-card,long-hand&mode=match-3&seat=C&bot=monte-carlo&scoring=chips-b&seed=42');
});

test('the dealer\'s card as trump and no other variant give an empty variants key; odd text is escaped', () => {
  const query = queryFromForm({ players: '4', profile: 'standard', trump: '', variants: [], mode: 'deal', seat: 'A', bot: 'random', scoring: 'deals', seed: '1&x=2' }, KEYS);
  assert.match(query, /&variants=&/);
  assert.match(query, /seed=1%26x%3D2$/);
});

test('settings fill the form: the trump variant goes to its own choice, the seat to its letter', () => {
  const values = formFromSettings({ players: 6, profile: 'standard', variants: ['random-trump', 'long-hand'], seed: 9, mode: 'deal', seat: 5, strength: 'random', scoring: 'chips-a' }, TRUMP);
  assert.deepEqual(values, { players: '6', profile: 'standard', trump: 'random-trump', variants: ['long-hand'], mode: 'deal', seat: 'F', bot: 'random', scoring: 'chips-a', seed: '9' });
  assert.equal(seatLetter(0), 'A');
});

test('random seeds are whole numbers from 0 to the largest exact one', () => {
  assert.equal(randomSeed(() => 0), 0);
  assert.equal(randomSeed(() => 0.9999999999999999), MAX_SEED);
  const seed = randomSeed();
  assert.ok(Number.isSafeInteger(seed) && seed >= 0);
});

const view = (extra = {}) => ({
  players: ['A', 'B', 'C', 'D'], human: 2, your_turn: false, name_trump: false, match_over: false,
  deal: { over: false, outcome: null, stock_at_start: 36, clock: 'Stock: 9 cards left of 36' }, table: { stock: 9 },
  score: { winner: null, deals_won: [1, 0, 2, 0], chips_a: [3, 0, 5, 0], chips_b: [2, 0, 4, 1] }, ...extra,
});

test('the turn message says who won the match, then the deal, then whose turn it is', () => {
  assert.equal(turnMessage(view(), labels), 'Wait.');
  assert.equal(turnMessage(view({ your_turn: true }), labels), 'Your turn.');
  assert.equal(turnMessage(view({ your_turn: true, name_trump: true }), labels), 'Name trump.');
  assert.equal(turnMessage(view({ deal: { over: true, outcome: { winner: 1 } } }), labels), 'B wins the deal.');
  assert.equal(turnMessage(view({ match_over: true, deal: { over: true, outcome: { winner: 1 } }, score: { winner: 2 } }), labels), 'C wins the match.');
});

test('a single deal is won as a deal, never as a match', () => {
  const over = { match_over: true, deal: { over: true, outcome: { winner: 1 } }, score: { winner: 1 } };
  assert.equal(turnMessage(view({ ...over, settings: { mode: 'deal' } }), labels), 'B wins the deal.');
  assert.equal(turnMessage(view({ ...over, settings: { mode: 'match-3' } }), labels), 'B wins the match.');
});

test('the score table has a row per player, the reader\'s marked, with deals won and chips only when chosen', () => {
  const rows = scoreRows(view(), labels);
  assert.equal(rows.length, 4);
  assert.deepEqual(rows[2], { name: 'C (you)', you: true, cells: [2] });
  assert.deepEqual(rows[3], { name: 'D', you: false, cells: [0] });
  const chips = scoreRows(view({ score: { deals_won: [1, 0, 2, 0], chips: [2, 0, 4, -6] } }), labels);
  assert.deepEqual(chips[2], { name: 'C (you)', you: true, cells: [2, 4] });
  assert.deepEqual(chips[3], { name: 'D', you: false, cells: [0, -6] });
});

test('the stock clock counts down from the stock\'s size after the deal, in the engine\'s words', () => {
  assert.deepEqual(clock(view()), { text: 'Stock: 9 cards left of 36', fraction: 0.25 });
  assert.equal(clock(view({ deal: { stock_at_start: 0 }, table: { stock: 0 } })).fraction, 0);
});

test('a saved record is handed to the engine only when it is short, shallow JSON holding an object', () => {
  const record = { version: 1, settings: { players: 4, variants: ['no-trump'] }, deals: [['KC', '2H']] };
  assert.deepEqual(savedRecord(JSON.stringify(record)), record);
  assert.equal(jsonDepth(JSON.stringify(record)), 3);
  assert.equal(jsonDepth('{"a": "[[[[[[[[[[[[", "b": "\\\\"}'), 1);  // brackets inside strings do not count
  const deep = `{"version": 1, "deals": ${'['.repeat(50_000)}${']'.repeat(50_000)}}`;
  assert.equal(jsonDepth(deep), 50_001);
  assert.equal(savedRecord(deep), null);
  assert.equal(savedRecord(`{"deals": ${'['.repeat(MAX_RECORD_DEPTH)}${']'.repeat(MAX_RECORD_DEPTH)}}`), null);
  assert.equal(savedRecord(JSON.stringify({ deals: ['x'.repeat(MAX_RECORD_CHARS)] })), null);
  for (const bad of [null, '', 'not json', '[1, 2]', '42', 'null']) assert.equal(savedRecord(bad), null, String(bad));
});
