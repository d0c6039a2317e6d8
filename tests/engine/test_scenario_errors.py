"""A worked-example file with a wrong type, shape, card or encoding is refused when it is loaded.

Every refusal is one line, ``<file>: <where>: '<key>' must be …, got …``, and ``replay``
answers it with exit status 2 and that line, never a traceback.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from linger_longer.scenario import MAX_FILE_BYTES, ScenarioError, load

GOOD = """\
title = "What if: winning with your last trump"
profile = "last-card"
variants = []
players = ["A", "B", "C", "D"]
dealer = "D"

[start]
hypothetical = true
trump = "H"
leader = "A"
stock = "9D 4S 8C"
hands = { A = "KC 7S", B = "3C QD", C = "2H", D = "AC 5S" }

[[step]]
play = "KC"

[[step]]
play = "3C"

[[step]]
play = "2H"

[[step]]
play = "AC"

[expect]
tricks = ["C"]
drawn = ["C 9D"]
"""

DECK = " ".join(f"{rank}{suit}" for suit in "SHDC" for rank in "AKQJT98765432")


def edit(old: str, new: str) -> str:
    assert old in GOOD
    return GOOD.replace(old, new, 1)


def with_start(lines: str) -> str:
    """GOOD with its whole [start] table replaced."""
    start = GOOD.index("[start]")
    return GOOD[:start] + "[start]\n" + lines + "\n\n" + GOOD[GOOD.index("[[step]]"):]


#: (file text, the text the one-line error must hold after the file's name)
CASES = {
    "hand as a number": (edit('A = "KC 7S"', "A = 5"), "[start]: 'hands.A' must be a string of cards", "the integer 5"),
    "stock as a number": (edit('stock = "9D 4S 8C"', "stock = 5"), "[start]: 'stock' must be a string of cards", "5"),
    "deck as a number": (with_start("deck = 5"), "[start]: 'deck' must be a string of cards", "the integer 5"),
    "trump as a number": (edit('trump = "H"', "trump = 5"), "[start]: 'trump' must be a suit", "the integer 5"),
    "expected hands as a number": (GOOD + "hands = 5\n", "[expect]: 'hands' must be a table of players", "5"),
    "drawn holds a number": (edit('drawn = ["C 9D"]', "drawn = [5]"), "[expect]: 'drawn' must be a list of \"player card\" pairs", "the integer 5"),
    "drawn without a space": (edit('drawn = ["C 9D"]', 'drawn = ["DQS"]'), "[expect]: 'drawn' must be", "the string 'DQS'"),
    "tricks won as a number": (edit('leader = "A"', 'leader = "A"\ntricks_won = 5'), "[start]: 'tricks_won' must be a table of players", "the integer 5"),
    "step expect as a number": (edit('play = "KC"', 'play = "KC"\nexpect = 5'), "step 1: 'expect' must be a table", "the integer 5"),
    "tricks won of a word": (edit('leader = "A"', 'leader = "A"\ntricks_won = { A = "x" }'), "[start]: 'tricks_won.A' must be a whole number", "the string 'x'"),
    "variants as a string": (edit("variants = []", 'variants = "no-trump"'), "'variants' must be a list of strings", "the string 'no-trump'"),
    "seed as a word": (with_start('seed = "abc"'), "[start]: 'seed' must be a whole number", "the string 'abc'"),
    "tricks won as a fraction": (edit('leader = "A"', 'leader = "A"\ntricks_won = 1.5'), "[start]: 'tricks_won' must be a table", "the number 1.5"),
    "tricks won of a fraction": (edit('leader = "A"', 'leader = "A"\ntricks_won = { C = 1.5 }'), "[start]: 'tricks_won.C' must be a whole number", "the number 1.5"),
    "title as a number": (edit('title = "What if: winning with your last trump"', "title = 7"), "'title' must be a string", "7"),
    "steps as a table": (GOOD[:GOOD.index("[[step]]")].replace('dealer = "D"', 'dealer = "D"\nstep = { play = "KC" }'),
                         "'step' must be an array of tables ([[step]])", "the table"),
    "dealer not at the table": (edit('dealer = "D"', 'dealer = "Z"'), "'dealer' must be one of the players", "'Z'"),
    "over as a string": (GOOD + 'over = "no"\n', "[expect]: 'over' must be true or false", "'no'"),
    "reason unknown": (GOOD + 'reason = "luck"\n', "[expect]: 'reason' must be one of", "'luck'"),
    # Cards and suits: each error names the file, where, and the key.
    "bad drawn card": (edit('drawn = ["C 9D"]', 'drawn = ["C 1X"]'), "[expect]: 'drawn': '1X' is not a card", ""),
    "bad expected hand": (GOOD + 'hands = { A = "1X" }\n', "[expect]: 'hands.A': '1X' is not a card", ""),
    "bad expected trump": (GOOD + 'trump = "X"\n', "[expect]: 'trump': 'X' is not a suit", ""),
    "bad step expected trump": (edit('play = "KC"', 'play = "KC"\nexpect = { trump = "Q" }'), "step 1: [step.expect]: 'trump': 'Q' is not a suit", ""),
    "bad turned card": (edit('leader = "A"', 'leader = "A"\nturned = "ZZ"'), "[start]: 'turned': 'ZZ' is not a card", ""),
    "bad deck card": (with_start(f'deck = "{DECK.replace("2C", "1C")}"'), "[start]: 'deck': '1C' is not a card", ""),
    "bad named suit": (edit('play = "KC"', 'name_trump = "X"'), "step 1: 'name_trump': 'X' is not a suit", ""),
    "empty named suit": (edit('play = "KC"', 'name_trump = ""'), "step 1: 'name_trump': '' is not a suit", ""),
    "bad played card": (edit('play = "KC"', 'play = "KX"'), "step 1: 'play': 'KX' is not a card", ""),
    "deep nesting": ("title = " + "[" * 50_000 + "]" * 50_000 + "\n", "invalid TOML: arrays or tables nested too deeply", ""),
}


def write(tmp_path: Path, text: str | bytes) -> Path:
    path = tmp_path / "broken.toml"
    if isinstance(text, str):
        path.write_text(text, encoding="utf-8")
    else:
        path.write_bytes(text)
    return path


def refusal(path: Path) -> str:
    """The loader's one-line refusal of a file (it must be refused when loaded, not when replayed)."""
    with pytest.raises(ScenarioError) as caught:
        load(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: "), message
    assert "\n" not in message and len(message) < 400, message
    return message[len(f"{path}: "):]


def test_the_unbroken_file_loads_and_replays(tmp_path: Path) -> None:
    load(write(tmp_path, GOOD)).check()


@pytest.mark.parametrize("case", CASES)
def test_wrong_type_or_card_is_refused_at_load_naming_file_place_and_key(tmp_path: Path, case: str) -> None:
    text, where_and_key, got = CASES[case]
    message = refusal(write(tmp_path, text))
    assert message.startswith(where_and_key), message
    if got:
        assert re.search(r", got .*" + re.escape(got), message), message


def test_a_file_that_is_not_utf8_is_named(tmp_path: Path) -> None:
    message = refusal(write(tmp_path, GOOD.encode("utf-8").replace(b"winning", b"winn\xe9ng")))
    assert message == "not UTF-8 text: byte 0xe9 at offset 22"


def test_a_device_is_refused_without_reading_it() -> None:
    with pytest.raises(ScenarioError, match=r"^/dev/zero: not a regular file"):
        load("/dev/zero")


def test_a_file_over_the_size_limit_is_refused(tmp_path: Path) -> None:
    message = refusal(write(tmp_path, GOOD + "#" * MAX_FILE_BYTES + "\n"))
    assert message.startswith("larger than 1,000,000 bytes")


@pytest.mark.parametrize("case", ["variants as a string", "drawn without a space", "deep nesting"])
def test_replay_answers_a_broken_file_with_one_line_and_exit_2(tmp_path: Path, case: str) -> None:
    path = write(tmp_path, CASES[case][0])
    done = subprocess.run([sys.executable, "-m", "linger_longer", "replay", str(path)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr[:2000]
    assert done.stderr.startswith(f"python -m linger_longer: error: {path}: {CASES[case][1]}")


def test_replay_refuses_a_device() -> None:
    done = subprocess.run([sys.executable, "-m", "linger_longer", "replay", "/dev/zero"],
                          capture_output=True, text=True, timeout=20)
    assert done.returncode == 2 and done.stderr == "python -m linger_longer: error: /dev/zero: not a regular file (a device, a folder or a pipe)\n"
