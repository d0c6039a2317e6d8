"""The Play page's engine gives the same games under Pyodide (what the browser runs) as under CPython.

Runs ``linger_longer.web.play`` in Pyodide through Node with the npm package the site serves
(``node_modules/pyodide``, installed by ``npm ci``), plays whole games in which the human always
chooses their first legal card, and compares every record, narration log, score and table with
CPython's. The computer players are seeded per move, so the two must agree exactly.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from games import cpython_game
from linger_longer.web.play import Settings

ROOT = Path(__file__).resolve().parents[2]
RUNNER = Path(__file__).with_name("pyodide_play.mjs")

GAMES = [
    (Settings(players=4, seed=101, seat=0, strength="rule-of-thumb"), "fr"),
    (Settings(players=4, seed=102, seat=2, strength="random", mode="match-3"), "nl"),
    (Settings(players=5, seed=103, seat=1, profile="last-card", variants=("draw-per-card",)), "it"),
    (Settings(players=3, seed=104, seat=0, variants=("grand-coup",), strength="monte-carlo"), "fr"),
    (Settings(players=6, seed=105, seat=5, variants=("random-trump", "long-hand")), "nl"),
]


def test_pyodide_plays_the_same_games():
    """Same settings, same choices: Pyodide and CPython produce the same games, word for word."""
    if shutil.which("node") is None or not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        pytest.fail("needs Node and node_modules/pyodide (run `npm ci`)", pytrace=False)
    request = [{"settings": s.to_json(), "lang": lang} for s, lang in GAMES]
    done = subprocess.run(["node", str(RUNNER), json.dumps(request)], cwd=ROOT, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    browser = json.loads(done.stdout)
    for (settings, lang), theirs in zip(GAMES, browser, strict=True):
        ours = cpython_game(settings, lang)
        for key in ("record", "log", "score", "html"):
            assert theirs[key] == ours[key], (settings, lang, key)
