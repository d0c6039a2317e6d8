"""Seeded random bad input: every answer is a clear one-line refusal or a valid result, never a crash.

- Worked examples: each file of tutorial/examples is corrupted at random (a value of the wrong
  type, a key removed or added, a card misspelt) and loaded and replayed; the loader either
  accepts it or raises :class:`ScenarioError`, one line starting with the file's name.
- The Play bridge: random query strings go through ``decode_query`` and ``new_game``; each gives
  a game or a :class:`PlayError` whose text, in French, comes from the engine's catalog.
"""

from __future__ import annotations

import json
import random
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from linger_longer.scenario import ScenarioError, load

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "tutorial" / "examples").glob("*.toml"))
CORRUPTIONS_PER_FILE = 40
BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def toml_value(value: Any) -> str:
    """A value as inline TOML (strings in JSON's escapes, which TOML shares)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    return "{ " + ", ".join(f"{toml_key(k)} = {toml_value(v)}" for k, v in value.items()) + " }"


def toml_key(key: str) -> str:
    return key if BARE_KEY.fullmatch(key) else json.dumps(key, ensure_ascii=False)


def toml_document(data: dict[str, Any]) -> str:
    return "".join(f"{toml_key(key)} = {toml_value(value)}\n" for key, value in data.items())


def random_value(rng: random.Random) -> Any:
    """A value of any TOML type, often one a worked example could plausibly hold."""
    return rng.choice([
        lambda: rng.randint(-3, 60), lambda: rng.random() * 10, lambda: rng.choice([True, False]),
        lambda: "", lambda: "1X", lambda: "DQS", lambda: "KC 7S", lambda: "H", lambda: "Z",
        lambda: rng.choice(["A", "B", "C", "D"]), lambda: "no-trump", lambda: "last-holding",
        lambda: [], lambda: [rng.randint(0, 9)], lambda: ["A 9D"], lambda: ["C"], lambda: {},
        lambda: {"A": rng.choice([5, "x", "KC", 1.5, -1])}, lambda: {"zz": 1},
    ])()


def containers(data: Any, path: tuple = ()) -> list[tuple]:
    """The paths of every table and array in ``data`` (the places a corruption can happen)."""
    found = [path]
    items = data.items() if isinstance(data, dict) else enumerate(data)
    for key, value in items:
        if isinstance(value, (dict, list)):
            found += containers(value, (*path, key))
    return found


def misspell(text: str, rng: random.Random) -> str:
    if not text:
        return "X"
    i = rng.randrange(len(text))
    return text[:i] + rng.choice("XZ1?♠") + text[i + 1:]


def corrupt(data: dict[str, Any], rng: random.Random) -> str:
    """One random corruption of a parsed example; returns what was done (for the failure message)."""
    path = rng.choice(containers(data))
    node: Any = data
    for key in path:
        node = node[key]
    if isinstance(node, dict):
        keys = list(node)
        action = rng.choice(["replace", "remove", "add", "misspell"] if keys else ["add"])
        if action == "add":
            key = rng.choice(["zz", "seed", "trump", "hands", "expect", "play", "by", "tricks_won", "drawn", "over"])
            node[key] = random_value(rng)
            return f"add {path}+{key}"
        key = rng.choice(keys)
        if action == "remove":
            del node[key]
        elif action == "misspell" and isinstance(node[key], str):
            node[key] = misspell(node[key], rng)
        else:
            node[key] = random_value(rng)
        return f"{action} {(*path, key)}"
    if not node:
        node.append(random_value(rng))
        return f"append {path}"
    index = rng.randrange(len(node))
    if rng.random() < 0.3:
        del node[index]
        return f"remove {(*path, index)}"
    node[index] = misspell(node[index], rng) if isinstance(node[index], str) else random_value(rng)
    return f"replace {(*path, index)}"


@pytest.mark.parametrize("example", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_corrupted_examples_are_refused_in_one_line_naming_the_file(example: Path, tmp_path: Path) -> None:
    rng = random.Random(example.stem)
    original = tomllib.loads(example.read_text(encoding="utf-8"))
    target = tmp_path / example.name
    refused = 0
    for attempt in range(CORRUPTIONS_PER_FILE):
        data = json.loads(json.dumps(original))
        done = [corrupt(data, rng) for _ in range(rng.choice([1, 1, 2, 3]))]
        target.write_text(toml_document(data), encoding="utf-8")
        try:
            load(target).check()
        except ScenarioError as error:
            message = str(error)
            assert message.startswith(f"{target}: ") and "\n" not in message, (done, message)
            refused += 1
        except Exception as error:  # noqa: BLE001 - the point: nothing else may escape
            pytest.fail(f"corruption {attempt} {done} of {example.name}: {type(error).__name__}: {error}")
    assert refused > CORRUPTIONS_PER_FILE // 3  # the corruptions do break most files


# ------------------------------------------------------------------ the Play bridge

QUERY_KEYS = ["players", "profile", "variants", "mode", "seat", "bot", "scoring", "seed"]
QUERY_VALUES = [
    "", "4", "3", "6", "7", "-1", "four", "9007199254740992", "standard", "last-card", "blitz", "<script>",
    "no-trump", "no-trump,grand-coup", "a,b,c", "random-trump,draw-per-card", ",,,", "deal", "match-3", "match-9",
    "A", "C", "F", "Z", "random", "rule-of-thumb", "monte-carlo", "genius", "chips-a", "chips-b", "%00", "%E2%99%A0", "☃" * 80,
    "x" * 500, "1&", "=", "%ZZ",
]


def random_query(rng: random.Random) -> str:
    pairs = []
    for _ in range(rng.randint(0, 8)):
        key = rng.choice(QUERY_KEYS + ["junk", "", "seed"])
        pairs.append(f"{key}={rng.choice(QUERY_VALUES)}" if rng.random() < 0.9 else key)
    return ("?" if rng.random() < 0.3 else "") + "&".join(pairs)


def test_random_queries_give_a_game_or_a_translated_refusal() -> None:
    """Every query gives a game, or a refusal whose French text comes from the catalog, quoting at most ~60 characters."""
    from linger_longer.i18n import translator
    from linger_longer.web.play import PlayError, decode_query, new_game

    french = translator("fr").gettext
    rng = random.Random(17)
    games = refusals = 0
    for _ in range(300):
        query = random_query(rng)
        try:
            settings = decode_query(query, default_seed=rng.randrange(1000))
        except PlayError as error:
            assert french(error.msgid) != error.msgid, f"{query!r}: untranslated refusal {error.msgid!r}"
            text = error.text("fr")
            assert "\n" not in text and len(text) < 300, (query, text)
            refusals += 1
            continue
        except Exception as error:  # noqa: BLE001 - the point: nothing else may escape
            pytest.fail(f"{query!r}: {type(error).__name__}: {error}")
        game = new_game(settings, "fr")
        assert game["record"]["settings"] == settings.to_json()
        games += 1
    assert games > 20 and refusals > 100
