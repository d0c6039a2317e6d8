"""Puzzles: found by the solver in seeded deals, written as worked examples, listed from easy to hard."""

from __future__ import annotations

import re

import tomllib
from pathlib import Path

import pytest

from linger_longer import Card, Suit, scenario
from linger_longer.puzzles import PuzzleError, find_puzzle, generate, main, to_toml
from linger_longer.rules import Rules
from linger_longer.solver import solve

PUZZLES = Path(__file__).resolve().parents[2] / "tutorial" / "puzzles"


def _question(example: scenario.Scenario, step: int):
    """The deal just before the question step."""
    deal, _ = example.start_deal()
    for s in example.steps[:step - 1]:
        deal.apply(s.card if s.kind == "play" else s.suit)
    return deal


def test_a_generated_puzzle_is_a_checked_example_with_exactly_one_winning_choice():
    (puzzle,) = generate(range(12, 13), count=1)
    example = scenario.loads(to_toml(puzzle, 1), source="puzzle")
    example.check()  # the winning line is replayed and its winner checked
    deal = _question(example, len(puzzle.before) + 1)
    solution = solve(deal)
    assert solution.winning == (puzzle.answer,)
    assert len(solution.actions) >= 2


def test_a_seed_range_without_puzzles_is_refused():
    assert find_puzzle(0, Rules.from_names("standard")) is None
    with pytest.raises(PuzzleError, match=r"seeds 0-0 yield no puzzle"):
        generate(range(0, 1))
    with pytest.raises(PuzzleError, match="no seeds"):
        generate(range(0))


def test_the_command_refuses_a_bad_seed_range(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--seeds", "ten"])
    assert exit_.value.code == 2
    assert "'ten' is not a seed range" in capsys.readouterr().err
    assert main(["--seeds", "0-0", "--out", "/nonexistent/never-written"]) == 1
    assert "yield no puzzle" in capsys.readouterr().err


def test_the_site_puzzles_are_24_or_more_checked_examples_from_easy_to_hard():
    """Every puzzle file replays and checks; at its question exactly one choice wins for the player to act,
    the index's answer; the index runs from easy to hard and spans both profiles and several variants."""
    index = tomllib.loads((PUZZLES / "puzzles.toml").read_text(encoding="utf-8"))["puzzle"]
    assert len(index) >= 24
    assert sorted(p.name for p in PUZZLES.glob("*.toml") if p.name != "puzzles.toml") == \
        sorted(entry["file"] for entry in index)
    assert all(1 <= entry["difficulty"] <= 5 and entry["themes"] for entry in index)
    profiles = {entry["rules"].split("+")[0] for entry in index}
    variants = {v for entry in index for v in entry["rules"].split("+")[1:]}
    assert profiles == {"standard", "last-card"} and len(variants) >= 4
    for entry in index:
        example = scenario.load(PUZZLES / entry["file"])
        example.check()
        deal = _question(example, entry["question_step"])
        assert deal.names[deal.to_act] == entry["player"]
        solution = solve(deal)
        answer = Suit.parse(entry["answer"]) if len(entry["answer"]) == 1 else Card.parse(entry["answer"])
        assert solution.winning == (answer,), entry["file"]
        assert len(solution.actions) == entry["choices"] >= 2


def _entries():
    return tomllib.loads((PUZZLES / "puzzles.toml").read_text(encoding="utf-8"))["puzzle"]


def test_the_puzzle_judge_answers_with_the_solvers_lines():
    """On every puzzle: the answer is right and its line is the solver's winning line; every other legal card is
    refuted with the solver's line for it, which ends with another player winning; the line is told in words."""
    from linger_longer.narrate import EVERYONE, Narrator
    from linger_longer.web.puzzle import answer

    for entry in _entries():
        toml = (PUZZLES / entry["file"]).read_text(encoding="utf-8")
        example = scenario.loads(toml, entry["file"])
        deal = _question(example, entry["question_step"])
        at, player = entry["question_step"] - 1, entry["player"]
        solution = solve(deal)
        for value in solution.actions:
            choice = value.action.letter if isinstance(value.action, Suit) else value.action.code
            judged = answer(toml, "en", at, choice, entry["file"])
            # Told by a narrator that has seen the trick so far, as on the page.
            line, _ = example.start_deal()
            narrator = Narrator("en", deal.names, line.trump, viewer=EVERYONE)
            for s in example.steps[:at]:
                narrator.narrate(line.apply(s.card if s.kind == "play" else s.suit))
            events = [e for action in value.line for e in line.apply(action)]
            # One line per trick, numbered by the trick ("Trick 5: ..."), the solver's events in order.
            told = [re.sub(r"^Trick \d+: ", "", sentence) for sentence in judged["followed"]]
            assert all(sentence.startswith("Trick ") for sentence in judged["followed"][:-1]), judged["followed"]
            assert " ".join(told) == " ".join(narrator.narrate(events)), (entry["file"], choice)
            assert judged["mark"] == ("right" if choice == entry["answer"] else "wrong")
            assert judged["winner"] == deal.names[value.winner]
            if choice == entry["answer"]:
                assert judged["verdict"] == "example" and judged["winner"] == player
            else:
                assert judged["verdict"] == "other" and judged["winner"] != player, (entry["file"], choice)
                assert f"then {judged['winner']} wins the deal" in judged["text"]
            assert len(judged["steps"]) == at + 1 + len(value.line)


def test_the_puzzle_judge_names_the_rule_of_an_illegal_card_and_refuses_a_bad_one():
    from linger_longer.scenario import ScenarioError
    from linger_longer.web.puzzle import answer, answer_json

    entry = _entries()[0]
    toml = (PUZZLES / entry["file"]).read_text(encoding="utf-8")
    at = entry["question_step"] - 1
    assert answer(toml, "en", at, "2S")["text"] == "Not allowed: B does not hold 2♠."
    right = answer(toml, "fr", at, "KD")
    assert right["symbol"] == "✓" and right["text"].removeprefix(right["word"]).strip().startswith("R♦ est la seule carte")
    with pytest.raises(ScenarioError, match="'ZZ' is not a card"):
        answer(toml, "en", at, "ZZ")
    assert "no question is asked at walkthrough position 0" in answer_json(toml, "en", 0, "KD")


def test_the_progress_sentences_take_the_plural_of_each_language():
    from linger_longer.web.puzzle import page_labels, solved_counts

    assert solved_counts("en", 24)[:2] == ["0 puzzles solved out of 24", "1 puzzle solved out of 24"]
    assert solved_counts("fr", 24)[:3] == ["0 problème résolu sur 24", "1 problème résolu sur 24",
                                           "2 problèmes résolus sur 24"]
    assert page_labels("nl")["just_solved"] == "Puzzel opgelost: {title}"


def test_each_puzzle_position_is_solved_within_the_budget():
    from linger_longer.web.puzzle import solve_time

    for entry in _entries():
        toml = (PUZZLES / entry["file"]).read_text(encoding="utf-8")
        timed = solve_time(toml, entry["question_step"] - 1)
        assert timed["complete"] and timed["nodes"] > 0 and timed["ms"] > 0, entry["file"]


def test_the_stored_ratings_are_a_recomputation():
    """Difficulty, the facts it comes from, the themes and the stock cards shown are what the rating computes
    again from each puzzle file, and every theme is a known one."""
    from linger_longer.puzzle_rating import THEMES
    from linger_longer.puzzles import rate_index

    assert rate_index(PUZZLES) == (PUZZLES / "puzzles.toml").read_text(encoding="utf-8")
    assert {t for entry in _entries() for t in entry["themes"]} <= set(THEMES)


def test_the_difficulty_formula_and_the_theme_names():
    from linger_longer.puzzle_rating import THEMES, difficulty
    from linger_longer.puzzles import theme_names

    assert difficulty(True, True, 3, 1) == 1
    assert difficulty(False, True, 3, 1) == difficulty(True, False, 3, 1) == difficulty(True, True, 5, 1) == 2
    assert difficulty(True, True, 11, 3) == 4 and difficulty(False, False, 11, 3) == 5
    english = theme_names("en")
    assert list(english) == list(THEMES) and english["last-card"]["name"] == "Last card"
    assert all(entry["sentence"].endswith(".") for entry in english.values())
    with pytest.raises(ValueError, match="unknown language"):
        theme_names("xx")
