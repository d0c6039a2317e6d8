"""Puzzles: found by the solver in seeded deals, written as worked examples, listed from easy to hard."""

from __future__ import annotations

import os
import re
import tomllib
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from linger_longer import Suit, scenario
from linger_longer.cards import FULL_DECK
from linger_longer.puzzle_rating import THEMES
from linger_longer.puzzles import BROWSER_NODES, PuzzleError, find_puzzle, generate, main, rate_index, to_toml
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


def _entries():
    return tomllib.loads((PUZZLES / "puzzles.toml").read_text(encoding="utf-8"))["puzzle"]


@pytest.fixture(scope="module")
def recomputed() -> tuple[str, list]:
    """Every stored puzzle solved and rated again from its file (:func:`~linger_longer.puzzles.rate_index`),
    on every core: the index text that must be stored, and each puzzle's rating in the index's order."""
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        return rate_index(PUZZLES, pool.map)


def test_the_site_puzzles_are_150_or_more_certified_examples_from_easy_to_hard(recomputed):
    """Every puzzle file replays and checks; at its question the solver settles every legal action within its
    budget, and exactly one wins for the player to act, the index's answer, all the others losing; the solve
    stays within the browser's node cap. The index runs from easy to hard; at least 60 puzzles use the standard
    profile with no variant, the others both profiles and several variants."""
    index = _entries()
    _, ratings = recomputed
    assert len(index) >= 150
    assert sorted(p.name for p in PUZZLES.glob("*.toml") if p.name != "puzzles.toml") == \
        sorted(entry["file"] for entry in index)
    order = [(entry["difficulty"], entry["line_length"], entry["choices"]) for entry in index]
    assert order == sorted(order)
    assert sum(entry["rules"] == "standard" for entry in index) >= 60
    profiles = {entry["rules"].split("+")[0] for entry in index}
    variants = {v for entry in index for v in entry["rules"].split("+")[1:]}
    assert profiles == {"standard", "last-card"} and len(variants) >= 4
    for entry, rating in zip(index, ratings, strict=True):
        example = scenario.load(PUZZLES / entry["file"])
        example.check()
        deal = _question(example, entry["question_step"])
        assert deal.names[deal.to_act] == entry["player"]
        assert rating.answer == entry["answer"], entry["file"]  # rate() refuses anything but one winning action
        assert rating.losing == rating.choices - 1 == entry["choices"] - 1 >= 1, entry["file"]
        assert rating.nodes <= BROWSER_NODES, entry["file"]
        assert f"certified in {rating.nodes} nodes" in (PUZZLES / entry["file"]).read_text(encoding="utf-8")


def test_the_stored_ratings_are_a_recomputation(recomputed):
    """Difficulty, the facts it comes from, the themes and the stock cards shown are what the rating computes
    again from each puzzle file; every puzzle has a theme, every theme is a known one."""
    text, _ = recomputed
    assert text == (PUZZLES / "puzzles.toml").read_text(encoding="utf-8")
    assert all(entry["themes"] for entry in _entries())
    assert {t for entry in _entries() for t in entry["themes"]} <= set(THEMES)


def test_a_changed_rating_is_caught(tmp_path):
    """The comparison fails on a stored fact that the rating does not give."""
    entries = _entries()[:1]
    (tmp_path / entries[0]["file"]).write_bytes((PUZZLES / entries[0]["file"]).read_bytes())
    head, first, *_ = (PUZZLES / "puzzles.toml").read_text(encoding="utf-8").split("[[puzzle]]")
    lines = head + "[[puzzle]]" + first
    (tmp_path / "puzzles.toml").write_text(lines, encoding="utf-8")
    text, (rating,) = rate_index(tmp_path)
    assert text.rstrip() == lines.rstrip()
    assert rating.difficulty == entries[0]["difficulty"]
    (tmp_path / "puzzles.toml").write_text(lines.replace(f'answer = "{entries[0]["answer"]}"', 'answer = "2S"'),
                                           encoding="utf-8")
    assert rate_index(tmp_path)[0] != (tmp_path / "puzzles.toml").read_text(encoding="utf-8")


def _sample():
    """Every eighth puzzle and the hardest: enough to test the page's judge on easy to hard positions of every
    rule set (every puzzle is certified above, on every core)."""
    entries = _entries()
    return entries[::8] + entries[-1:]


def test_the_puzzle_judge_answers_with_the_solvers_lines():
    """On a sample of puzzles: the answer is right and its line is the solver's winning line; every other legal card is
    refuted with the solver's line for it, which ends with another player winning; the line is told in words."""
    from linger_longer.narrate import EVERYONE, Narrator
    from linger_longer.web.puzzle import answer

    for entry in _sample():
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
    deal = _question(scenario.loads(toml, entry["file"]), entry["question_step"])
    held = set(deal.hand(deal.to_act))
    missing = next(card for card in FULL_DECK if card not in held)
    assert answer(toml, "en", at, missing.code)["text"] == f"Not allowed: {entry['player']} does not hold {missing}."
    right = answer(toml, "fr", at, entry["answer"])
    assert right["symbol"] == "✓" and "seul" in right["text"].removeprefix(right["word"])
    with pytest.raises(ScenarioError, match="'ZZ' is not a card"):
        answer(toml, "en", at, "ZZ")
    assert f"no question is asked at walkthrough position {at + 1}" in answer_json(toml, "en", at + 1, "KD")


def test_the_progress_sentences_take_the_plural_of_each_language():
    from linger_longer.web.puzzle import page_labels, solved_counts

    assert solved_counts("en", 24)[:2] == ["0 puzzles solved out of 24", "1 puzzle solved out of 24"]
    assert solved_counts("fr", 24)[:3] == ["0 problème résolu sur 24", "1 problème résolu sur 24",
                                           "2 problèmes résolus sur 24"]
    assert page_labels("nl")["just_solved"] == "Puzzel opgelost: {title}"


def test_each_puzzle_position_is_solved_within_the_budget():
    from linger_longer.web.puzzle import solve_time

    for entry in _sample():
        toml = (PUZZLES / entry["file"]).read_text(encoding="utf-8")
        timed = solve_time(toml, entry["question_step"] - 1)
        assert timed["complete"] and timed["nodes"] > 0 and timed["ms"] > 0, entry["file"]


def test_the_difficulty_formula_and_the_theme_names():
    from linger_longer.puzzle_rating import difficulty
    from linger_longer.puzzles import theme_names

    assert difficulty(True, True, 3, 1) == 1
    assert difficulty(False, True, 3, 1) == difficulty(True, False, 3, 1) == difficulty(True, True, 11, 1) == 2
    assert difficulty(True, True, 10, 2) == 1 and difficulty(True, True, 3, 3) == 2
    assert difficulty(True, True, 18, 3) == 4 and difficulty(False, False, 18, 3) == 5
    english = theme_names("en")
    assert list(english) == list(THEMES) and english["last-card"]["name"] == "Last card"
    assert all(entry["sentence"].endswith(".") for entry in english.values())
    with pytest.raises(ValueError, match="unknown language"):
        theme_names("xx")
