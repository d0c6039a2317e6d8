"""The worked examples in tutorial/examples: each one replays through the engine and proves its point.

The same files feed the site's walkthroughs, so these tests are what make the
pages trustworthy: a file that no longer replays, or whose expectations no
longer hold, fails here with the file, the step and the reason.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from linger_longer import Card, CardPlayed, TrumpNamed, scenario
from linger_longer.cards import rank_letter
from linger_longer.languages import CODES
from linger_longer.narrate import card_name
from linger_longer.web import walkthrough
from linger_longer.scenario import ScenarioError

EXAMPLES = Path(__file__).resolve().parents[2] / "tutorial" / "examples"
FILES = sorted(EXAMPLES.glob("*.toml"))
IDS = [f.stem for f in FILES]

#: The examples the rules pages embed (docs/how-to-play.md, profiles.md, variants.md), one per rule.
EXPECTED_IDS = {
    "learn-first-deal",  # the lesson's deal, on its own page
    "deal-and-trump", "follow-suit", "trump-or-discard", "trump-beats-ace", "draw-keeps-hand-size",
    "out-after-last-card", "lead-passes", "stock-runs-out-standard", "everyone-empties",
    "last-card-ends-deal", "last-trump", "last-trump-last-stock-card", "last-trump-eliminate-before-draw",
    "variant-draw-per-card", "variant-no-trump", "variant-random-trump", "variant-grand-coup",
    "variant-long-hand", "three-players-whole-deal", "second-deal", "first-dealer-by-lot",
    "match-to-three", "one-trump-variant",
}

#: A card written as a code ("KC", "10H") or with a suit symbol, which reader-facing text must not contain:
#: notes name cards in words and the table shows the symbols.
CARD_CODE = re.compile(r"\b(?:[2-9TJQKA]|10)[SHDC]\b|[♠♥♦♣]")


def raw(path: Path) -> dict:
    return tomllib.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_example_replays_and_its_expectations_hold(path: Path) -> None:
    """Every worked example replays through the engine and every expectation holds; each scripted step does
    what it says: a play puts that card on the table, a named trump is announced, and an attempt the rules
    refuse changes nothing."""
    example = scenario.load(path)
    results = example.check()
    assert example.expect, f"{path.name} has no [expect] table, so it proves nothing"
    for before, after in zip(results, results[1:]):
        step, where = after.step, f"{path.name} step {after.step.number}"
        if step.kind == "play":
            assert [e.card for e in after.events if isinstance(e, CardPlayed)] == [step.card], where
        elif step.kind == "name_trump":
            assert [e.suit for e in after.events if isinstance(e, TrumpNamed)] == [step.suit], where
        else:
            assert after.refusal is not None and after.events == (), where
            assert after.deal.history == before.deal.history, where


def test_the_set_of_examples_is_the_one_the_site_embeds() -> None:
    """The example ids (file names) are exactly the ones the rules pages embed: none missing, none extra."""
    assert set(IDS) == EXPECTED_IDS


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_example_has_title_summary_and_notes(path: Path) -> None:
    """Every example has an English title, a one-sentence summary and at least one note for the reader."""
    data = raw(path)
    assert data.get("title", "").strip()
    summary = data.get("summary", "").strip()
    assert summary and summary.endswith(".")
    assert summary.count(". ") == 0, "the summary is one sentence"
    notes = [step["note"] for step in data.get("step", []) if step.get("note", "").strip()]
    assert notes


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_reader_text_names_cards_in_words(path: Path) -> None:
    """Titles, summaries and notes name cards in words (they are translated); only the table shows card symbols."""
    data = raw(path)
    texts = [data["title"], data.get("summary", "")] + [s.get("note", "") for s in data.get("step", [])]
    for text in texts:
        assert not CARD_CODE.search(text), f"{path.name}: {text!r} writes a card as a code or symbol"


@pytest.mark.parametrize("path", FILES, ids=IDS)
@pytest.mark.parametrize("lang", CODES)
def test_walkthrough_renders_each_step_in_the_readers_language(path: Path, lang: str) -> None:
    """The walkthrough has the starting position plus one step per scripted step, and each step's table
    shows every card in the hands and on the table with the reader's rank letters (the face's glyphs, drawn
    by the style sheet) and spoken name."""
    text = path.read_text(encoding="utf-8")
    data = walkthrough.replay(text, lang, str(path))
    assert data["id"] == path.stem and data["lang"] == lang
    assert len(data["steps"]) == len(raw(path).get("step", [])) + 1
    for step in data["steps"]:
        table, html = step["table"], step["html"]
        shown = [code for seat in table["seats"] for code in seat["hand"]] + [p["card"] for p in table["trick"]]
        assert shown, f"{path.stem} step {step['index']}: no card on the table"
        for code in shown:
            card = Card.parse(code)
            face = f'data-card="{card.code}"'
            assert face in html, f"{path.stem} step {step['index']} ({lang}): {code} not shown"
            drawn = html[html.index(face):].split(">", 1)[0]  # the face's own attributes: the glyphs it draws
            assert f'data-rank="{rank_letter(card.rank, lang)}" data-pip="{card.suit.symbol}"' in drawn, \
                f"{path.stem} step {step['index']} ({lang}): {code} not in the reader's letters"
            assert card_name(card, lang) in html, f"{path.stem} step {step['index']} ({lang}): {code} not named"


# ----------------------------------------------------------------------------------------- malformed files

GOOD = """\
title = "A small example"
summary = "Hearts are trump and A leads."
profile = "standard"
players = ["A", "B", "C", "D"]
dealer = "D"

[start]
trump = "H"
leader = "A"
stock = "9D 4S 8C"
stock_size = 33
seed = 2
hands = { A = "KC 7S", B = "3C QD", C = "2H", D = "AC 5S" }
tricks_won = { A = 1, B = 1, D = 1 }

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


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "broken.toml"
    path.write_text(text, encoding="utf-8")
    return path


def failure(tmp_path: Path, text: str) -> str:
    path = write(tmp_path, text)
    with pytest.raises(ScenarioError) as caught:
        scenario.load(path).check()
    message = str(caught.value)
    assert str(path) in message, f"the error does not name the file: {message}"
    return message


def test_the_unbroken_file_passes(tmp_path: Path) -> None:
    """The file the malformed cases below are made from is itself valid, so each case fails for its own reason."""
    scenario.load(write(tmp_path, GOOD)).check()


def test_bad_toml_is_reported_with_file_and_line(tmp_path: Path) -> None:
    """A file that is not valid TOML fails, naming the file and where the TOML breaks."""
    message = failure(tmp_path, GOOD.replace('play = "3C"', 'play = "3C'))
    assert "invalid TOML" in message and "line 20" in message


def test_unknown_key_in_a_step_is_reported(tmp_path: Path) -> None:
    """An unknown key in a step fails, naming the file, the step and the key."""
    message = failure(tmp_path, GOOD.replace('play = "3C"', 'play = "3C"\nplayer = "B"'))
    assert "step 2" in message and "unknown key" in message and "'player'" in message


def test_unknown_top_level_key_is_reported(tmp_path: Path) -> None:
    """An unknown key at the top of the file fails, naming the file and the key."""
    message = failure(tmp_path, "trumps = \"H\"\n" + GOOD)
    assert "unknown key" in message and "'trumps'" in message


def test_unknown_card_is_reported(tmp_path: Path) -> None:
    """A card that does not exist ('1X') fails, naming the file, the step and the card."""
    message = failure(tmp_path, GOOD.replace('play = "2H"', 'play = "1X"'))
    assert "step 3" in message and "1X" in message


def test_illegal_scripted_play_is_reported(tmp_path: Path) -> None:
    """A scripted play that breaks a rule (trumping while holding the led suit) fails with the step and the rule."""
    message = failure(tmp_path, GOOD.replace('play = "3C"', 'play = "QD"'))
    assert "step 2" in message and "illegal play" in message and "must follow suit" in message


def test_try_that_is_legal_is_reported(tmp_path: Path) -> None:
    """A 'try' step is an attempt the rules refuse; if the card is in fact legal, the file fails at that step."""
    message = failure(tmp_path, GOOD.replace('play = "3C"', 'try = "3C"\nrefused = "must-follow"'))
    assert "step 2" in message and "expected to be refused" in message


def test_failing_step_expectation_is_reported(tmp_path: Path) -> None:
    """A [step.expect] that does not hold fails, naming the step, what was expected and what the engine gives."""
    message = failure(tmp_path, GOOD.replace('play = "AC"', 'play = "AC"\nexpect = { tricks = ["D"] }'))
    assert "step 4" in message and "expected tricks ['D']" in message and "['C']" in message


def test_failing_final_expectation_is_reported(tmp_path: Path) -> None:
    """An [expect] that does not hold at the end fails, saying what was expected and what the engine gives."""
    message = failure(tmp_path, GOOD.replace('drawn = ["C 9D"]', 'drawn = ["C 4S"]'))
    assert "expected cards drawn" in message and "C 4S" in message and "C 9D" in message


def test_unknown_player_name_is_reported(tmp_path: Path) -> None:
    """A step naming a player who is not at the table fails, naming the file, the step and the name."""
    message = failure(tmp_path, GOOD.replace('play = "2H"', 'play = "2H"\nby = "Z"'))
    assert "step 3" in message and "'Z'" in message and "must be one of the players" in message


def test_wrong_player_to_act_is_reported(tmp_path: Path) -> None:
    """A step whose 'by' names a real player who is not the one to act fails, naming the step and both players."""
    message = failure(tmp_path, GOOD.replace('play = "2H"', 'play = "2H"\nby = "D"'))
    assert "step 3" in message and "D is not to act: C is" in message
