"""The walkthroughs' analysis: each legal choice marked as the exact solver values it, within its budget."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from linger_longer import Card, Suit
from linger_longer.events import CardPlayed
from linger_longer.narrate import EVERYONE, card_name, narrate
from linger_longer.scenario import loads
from linger_longer.solver import solve
from linger_longer.web.analysis import ANALYSIS_NODES, analysis, analysis_json

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "tutorial" / "examples").glob("*.toml"))


def _steps(path: Path):
    """Every walkthrough position of an example with its deal, and whether a question is asked there."""
    scenario = loads(path.read_text(encoding="utf-8"), str(path))
    asked = {step.number - 1 for step in scenario.steps if step.ask}
    return [(index, result.deal, index in asked) for index, result in enumerate(scenario.check())]


def test_the_marks_are_the_solvers_values_with_best_play():
    """Every mark the analysis gives within its budget is what an unbounded solve says of that choice."""
    compared, values = 0, set()
    for path in EXAMPLES:
        text = path.read_text(encoding="utf-8")
        for index, deal, _ in _steps(path):
            if deal.is_over:
                continue
            marks = analysis(text, "en", index, str(path), answered=True)["marks"]
            if any(m["value"] == "unknown" for m in marks):
                continue
            truth = solve(deal, nodes=None)
            assert [m["action"] for m in marks] == [
                a.action.letter if isinstance(a.action, Suit) else a.action.code for a in truth.actions]
            for mark, value in zip(marks, truth.actions):
                expected = "wins" if value.winner == deal.to_act else "loses"
                assert mark["value"] == expected, (path.name, index, mark["action"])
                values.add(expected)
            compared += 1
    assert compared >= 60, compared
    assert values == {"wins", "loses"}


def test_a_line_is_the_solvers_line_told_in_words():
    """The line behind a mark ends with the deal's end as the solver plays it: its winner is named last."""
    path = next(p for p in EXAMPLES if p.name == "follow-suit.toml")
    text = path.read_text(encoding="utf-8")
    index, deal, _ = _steps(path)[5]
    result = analysis(text, "en", index, str(path), answered=True)
    solution = solve(deal)
    for mark, value in zip(result["marks"], solution.actions):
        assert mark["line"], mark
        assert mark["line"][0].startswith(deal.names[deal.to_act])  # the choice itself comes first
        assert deal.names[value.winner] in mark["line"][-1] and "wins the deal" in mark["line"][-1]
        assert mark["name"] == f"{card_name(value.action, 'en')}: {mark['value']}"


def test_past_the_budget_a_choice_is_unknown_never_guessed():
    path = next(p for p in EXAMPLES if p.name == "follow-suit.toml")
    text = path.read_text(encoding="utf-8")
    result = analysis(text, "en", 5, str(path), answered=True, nodes=1)
    assert len(result["marks"]) > 1
    assert {m["value"] for m in result["marks"]} == {"unknown"}
    assert all(m["line"] == [] and m["word"] == "unknown" for m in result["marks"])
    assert result["marks"][0]["summary"].endswith("its budget of 1 position.")
    # A whole four-player deal is beyond the default budget: unknown there too, and the budget holds.
    big = next(p for p in EXAMPLES if p.name == "variant-draw-per-card.toml")
    start = analysis(big.read_text(encoding="utf-8"), "en", 0, str(big))
    assert {m["value"] for m in start["marks"]} == {"unknown"}
    assert start["nodes"] <= ANALYSIS_NODES + 1


def test_every_step_keeps_to_the_budget():
    for path in EXAMPLES:
        text = path.read_text(encoding="utf-8")
        for index, deal, _ in _steps(path):
            result = analysis(text, "en", index, str(path), answered=True)
            assert result.get("nodes", 0) <= ANALYSIS_NODES + 1, (path.name, index)


def test_a_question_is_not_analysed_before_it_is_answered():
    """The analysis of a question's position would give its answer away: it is withheld until answered."""
    questions = 0
    for path in EXAMPLES:
        text = path.read_text(encoding="utf-8")
        for index, deal, asked in _steps(path):
            if not asked:
                continue
            questions += 1
            withheld = analysis(text, "fr", index, str(path))
            assert withheld["withheld"] is True and withheld["marks"] == []
            assert withheld["text"] == "L’analyse attend votre réponse\u00a0: elle la dévoilerait."
            assert analysis(text, "fr", index, str(path), answered=True)["marks"]
    assert questions >= 5


@pytest.mark.parametrize("lang, word, name", [
    ("en", "loses", "ace of spades: loses"),
    ("fr", "perd", "as de pique\u00a0: perd"),
    ("it", "perde", "asso di picche: perde"),
    ("nl", "verliest", "aas van schoppen: verliest"),
])
def test_marks_in_the_pages_language(lang, word, name):
    path = next(p for p in EXAMPLES if p.name == "follow-suit.toml")
    mark = analysis(path.read_text(encoding="utf-8"), lang, 0, str(path), answered=True)["marks"][0]
    assert (mark["action"], mark["value"], mark["word"], mark["name"]) == ("AS", "loses", word, name)
    assert mark["symbol"] == "\u2717"
    deal = _steps(path)[0][1]
    assert mark["line"][0] == narrate([CardPlayed(deal.to_act, Card.parse("AS"))], lang, deal.names, viewer=EVERYONE)[0]


def test_a_bad_step_is_a_clear_error():
    path = next(p for p in EXAMPLES if p.name == "follow-suit.toml")
    answer = json.loads(analysis_json(path.read_text(encoding="utf-8"), "en", 99, "follow-suit.toml"))
    assert answer["error"].startswith("follow-suit.toml: there is no step 99; steps run from 0 to ")
