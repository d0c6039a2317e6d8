// @ts-check
// Unit tests of the Play page's engine calls, run by `node --test` (see test_model.py).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PlayEngine, RefusedError } from '../../tutorial/linger_walkthrough/static/linger-play-engine.mjs';

/** An engine whose answer_json gives back `answer` as JSON text. @param {unknown} answer */
const engineAnswering = (answer) => /** @type {any} */ ({
  ready: Promise.resolve(1),
  callFunction: async () => JSON.stringify(answer),
});

test('a refused setting rejects with the engine\'s words and the address and words of the rule\'s link', async () => {
  const engine = new PlayEngine(engineAnswering({
    error: 'Varianten: no-trump, random-trump kunnen niet samen gespeeld worden.',
    rule: 'variants.html#one-trump-variant', read_rule: 'Lees de regel',
  }));
  await assert.rejects(engine.call('decode-query', 'nl', 'variants=no-trump,random-trump', 5), (err) => {
    assert.ok(err instanceof RefusedError);
    assert.equal(err.message, 'Varianten: no-trump, random-trump kunnen niet samen gespeeld worden.');
    assert.equal(err.rule, 'variants.html#one-trump-variant');
    assert.equal(err.readRule, 'Lees de regel');
    return true;
  });
});

test('a refusal no rule decides carries no link; an answer is returned as it is', async () => {
  await assert.rejects(new PlayEngine(engineAnswering({ error: 'players: 9 is not a number from 3 to 6.' })).call('decode-query', 'en', 'players=9', 5),
    (err) => err instanceof RefusedError && err.rule === '' && err.readRule === '');
  assert.deepEqual(await new PlayEngine(engineAnswering({ players: 4 })).call('decode-query', 'en', '', 5), { players: 4 });
});
