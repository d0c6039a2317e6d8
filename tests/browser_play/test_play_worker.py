"""The Play page's worker in Chromium: whole games computed by Pyodide equal CPython's, in French and Dutch.

The human always plays their first legal card; the opponents are seeded per move, so the
record, the narration, the score and the table must be the same as CPython's to the byte.
"""

from __future__ import annotations

import json
import statistics

import pytest

from games import cpython_game
from linger_longer.web.play import Settings

from linger_browser_fixtures import watch_context, watch_page

PLAY_GAME = """async ([settings, lang]) => {
  const engine = window.playEngine;
  const readyMs = await engine.ready;
  let view = await engine.call('new-game', lang, JSON.stringify(settings));
  const moveMs = [];
  for (;;) {
    if (view.deal.over) {
      if (!view.can_next) break;
      view = await engine.call('next-deal', lang, JSON.stringify(view.record));
      continue;
    }
    const action = view.name_trump ? view.suits[0].suit : view.choices.find((c) => c.legal).card;
    const t0 = performance.now();
    view = await engine.call('play', lang, JSON.stringify(view.record), action);
    moveMs.push(performance.now() - t0);
  }
  return { record: view.record, log: view.log, score: view.score, html: view.html, readyMs, moveMs };
}"""


@pytest.mark.parametrize("settings, lang", [
    (Settings(players=4, seed=2026, seat=1, strength="rule-of-thumb"), "fr"),
    (Settings(players=4, seed=2027, seat=0, strength="monte-carlo"), "nl"),
    (Settings(players=5, seed=2028, seat=2, profile="last-card", variants=("draw-per-card",), mode="match-3",
              strength="random"), "nl"),
])
def test_worker_plays_the_same_game_as_cpython(chromium, play_url, settings, lang):
    """One full game in the browser's engine equals CPython's for the same seed and choices."""
    ctx = chromium.new_context()
    watch = watch_context(ctx, play_url)
    try:
        page = ctx.new_page()
        watch_page(page, watch)
        page.goto(play_url)
        result = page.evaluate(PLAY_GAME, [settings.to_json(), lang])
        ours = cpython_game(settings, lang)
        for key in ("record", "log", "score", "html"):
            assert result[key] == ours[key], key
        assert result["log"][0] != cpython_game(settings, "en")["log"][0]  # really in the page's language
        watch.check()
        print(f"\n{settings.strength} {lang}: engine ready {result['readyMs']:.0f} ms; "
              f"{len(result['moveMs'])} moves, median {statistics.median(result['moveMs']):.0f} ms, "
              f"max {max(result['moveMs']):.0f} ms a move (the human's card and the computer's replies)")
    finally:
        ctx.close()


def test_worker_refuses_unknown_calls_and_bad_settings(chromium, play_url):
    """Errors come back as data: a function that is not the engine's, an unknown request, a bad setting (named with
    its value)."""
    ctx = chromium.new_context()
    try:
        page = ctx.new_page()
        page.goto(play_url)
        errors = page.evaluate("""async () => {
          const out = [];
          try { await window.playEngine.engine.callFunction('linger_longer.web.play', 'eval', ['1']); out.push('no error'); }
          catch (e) { out.push(e.message); }
          for (const [name, args] of [['eval', ['fr', '1']], ['new-game', ['fr', JSON.stringify({players: 9, seed: 1})]]]) {
            try { await window.playEngine.call(name, ...args); out.push('no error'); } catch (e) { out.push(e.message); }
          }
          return out;
        }""")
        assert errors[0] == 'not an engine function: linger_longer.web.play.eval'
        assert errors[1].startswith("unknown Play request 'eval'")
        assert "9" in errors[2] and "3" in errors[2] and "6" in errors[2]  # the value and the range, in French
    finally:
        ctx.close()
