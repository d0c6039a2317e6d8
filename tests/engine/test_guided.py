"""A guided deal (``guided = "A"``, the lesson on learn.html): the reader plays one seat, every one of its plays is a
question, and a legal card other than the script's gets the engine's words, never a continuation."""

from __future__ import annotations

from pathlib import Path

import pytest

from linger_longer.scenario import ScenarioError, loads, read_example
from linger_longer.web.question import answer, questions

LESSON = Path(__file__).resolve().parents[2] / "tutorial" / "examples" / "learn-first-deal.toml"
SOURCE = "tutorial/examples/learn-first-deal.toml"

SMALL = """\
title = "A guided trick"
players = ["A", "B", "C", "D"]
dealer = "D"
guided = "A"
[start]
seed = 28
[[step]]
play = "KC"
ask = "Which card do you lead?"
note = "You lead the king of clubs."
why = "The lesson keeps its trumps."
[[step]]
play = "AC"
"""


def lesson() -> str:
    return read_example(LESSON)


def test_the_lesson_is_a_whole_seeded_deal_that_the_reader_wins_playing_every_move_of_a():
    scenario = loads(lesson(), SOURCE)
    results = scenario.check()
    assert scenario.guided == 0 and scenario.start == {"seed": 28}
    assert results[-1].deal.is_over and results[-1].deal.outcome.winner == 0
    asked = [q["at"] for q in questions(lesson(), "en", SOURCE)]
    a_moves = [r.step.number - 1 for before, r in zip(results, results[1:]) if before.deal.to_act == 0]
    assert asked == a_moves == [0, 7, 9, 12, 18]


def test_the_lessons_rules_come_in_the_order_the_brief_of_the_page_teaches_them():
    """Leading, following suit, trumping and discarding, drawing, going out and winning with the last card: each
    is shown by the deal itself, in that order."""
    results = loads(lesson(), SOURCE).check()
    kinds = []
    for before, after in zip(results, results[1:]):
        deal, card = before.deal, after.step.card
        led = deal.led_suit
        if led is None:
            kinds.append("lead")
        elif card.suit is led:
            kinds.append("follow")
        else:
            kinds.append("trump" if card.suit is deal.trump else "discard")
    first = {kind: kinds.index(kind) for kind in ("lead", "follow", "trump", "discard")}
    assert first["lead"] < first["follow"] < first["trump"] < first["discard"]


def test_an_illegal_card_is_refused_with_its_rule_and_link():
    refused = answer(lesson(), "fr", 7, "AS", SOURCE)
    assert refused["verdict"] == "illegal" and refused["clause"] == "follow-suit"
    assert 'href="how-to-play.html#follow-suit"' in refused["html"]


@pytest.mark.parametrize(("at", "card", "mark"), [(0, "AS", ""), (9, "AS", "wrong")])
def test_another_legal_card_gets_the_engines_words_and_no_continuation(at: int, card: str, mark: str):
    told = answer(lesson(), "en", at, card, SOURCE)
    assert told["verdict"] == "guided" and told["mark"] == mark
    assert "steps" not in told and "followed" not in told
    assert told["text"] == ("" if not mark else
                            "Wrong. With A♠, A cannot win the deal: with best play from everyone, D wins it.")
    if mark:
        assert answer(lesson(), "it", at, "AS", SOURCE)["text"] != told["text"]  # in the page's language


def test_the_why_of_each_question_is_given_to_the_page():
    whys = {q["at"]: q["why"] for q in questions(lesson(), "en", SOURCE)}
    assert whys[0].startswith("Any card may lead.") and whys[7] is None


def test_a_small_guided_example_loads():
    assert loads(SMALL).check()[-1].deal.trick


@pytest.mark.parametrize(("change", "reason"), [
    (("ask = \"Which card do you lead?\"\n", ""), "step 1: a guided example asks every play of A: give this step an 'ask'"),
    (("why = \"The lesson keeps its trumps.\"\n", ""), "step 1: another card is legal here: give a 'why'"),
    (("guided = \"A\"\n", ""), "step 1: 'why' belongs to a guided example"),
    (("guided = \"A\"\n", "guided = \"E\"\n"), "'guided' must be one of the players"),
])
def test_a_guided_example_that_misses_a_question_or_a_why_is_refused(change: tuple[str, str], reason: str):
    text = SMALL.replace(*change)
    if "ask" not in text:
        text = text.replace('note = "You lead the king of clubs."\nwhy = "The lesson keeps its trumps."\n', "")
    with pytest.raises(ScenarioError, match=reason.replace("'", ".").replace("(", r"\(")):
        loads(text, "<lesson>").check()
