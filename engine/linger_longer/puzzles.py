"""Puzzles: positions where exactly one action keeps the player to act able to win, found by the solver.

A puzzle comes from a seeded deal played by rule-of-thumb players: the first
position of the deal where the player to act has a choice, the solver settles
every choice within its budget, and exactly one legal card (or, under
``grand-coup``, one suit to name) still wins the deal for that player with best
play from everyone. It is written as a worked-example file (the format of
:mod:`~linger_longer.scenario`): the start of the trick, the cards already
played in it, then the answer and the solver's winning line, so every puzzle
file is also a checked example. ``puzzles.toml`` beside them lists them from
easy to hard, with the step that asks the question: the answer's step carries
the question as its ``ask``, so the card table poses it (:mod:`linger_longer.web.question`)
and the Puzzles page judges the reader's choice with the solver (:mod:`linger_longer.web.puzzle`).

Each puzzle is rated (:mod:`linger_longer.puzzle_rating`): a difficulty from 1 to 5 computed from whether the
site's players find the answer, the length of the winning line and the number of losing actions, and themes
read from what the winning line does; the index lists the puzzles by difficulty, then the length of the line.

``nox -s puzzles`` writes them (:data:`COUNT` puzzles from the seeds :data:`SEEDS`), the seeds run as Dask
tasks on every core or on a cluster (:mod:`tools.puzzles`, each task calling :func:`puzzle_for_seed`);
``python -m linger_longer.puzzles`` does the same in this process with the standard library only.
"""

from __future__ import annotations

import argparse
import json
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Sequence

from .bots import RuleOfThumbBot
from .cards import Card, Suit
from .game import Deal, Phase
from .puzzle_rating import Rating, rate, theme_names
from .rules import Rules
from .solver import Solution, solve

__all__ = ["BROWSER_NODES", "Puzzle", "PuzzleError", "RULE_SETS", "choose", "find_puzzle", "generate", "puzzle_for_seed",
           "question", "rate_file", "rate_index", "rated", "theme_names", "write"]

#: The rule sets puzzles are drawn from, in turn (``RULE_SETS[seed % 14]``): every other seed plays the standard
#: profile with no variant, the plain rules a newcomer starts with, and the odd seeds take both profiles and several
#: variants in turn, so that :func:`choose` keeps about half of the puzzles on plain standard rules.
_VARIANT_SETS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("last-card", ()),
    ("standard", ("draw-per-card",)),
    ("last-card", ("draw-per-card",)),
    ("standard", ("grand-coup",)),
    ("last-card", ("no-trump",)),
    ("standard", ("random-trump",)),
    ("last-card", ("eliminate-before-draw",)),
)
RULE_SETS: tuple[tuple[str, tuple[str, ...]], ...] = tuple(
    rule_set for other in _VARIANT_SETS for rule_set in (("standard", ()), other))
#: Nodes the solver may use for each choice looked at; a position past it is skipped, never guessed.
NODES = 40_000
#: Nodes the certifying solve of a stored puzzle may use in all: the Puzzles page solves the question again in the
#: browser, where a node costs about 4 microseconds in Chromium (27,172 nodes took 108 to 114 ms), so a puzzle
#: within this cap is solved in about 80 ms, under the 100 ms a first answer may take. A position above it is
#: passed over, and the search goes on to the deal's later positions.
BROWSER_NODES = 20_000


#: The seeds and the number of puzzles of the site's Puzzles page: what the command writes by default.
SEEDS = range(0, 300)
COUNT = 150


class PuzzleError(ValueError):
    """Puzzles cannot be made as asked (e.g. a seed range that yields none); the message says why."""


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: the deal at the start of the trick, the cards played since, the answer and its line."""

    seed: int
    rules: Rules
    start: Deal  #: the deal at the start of the trick of the question
    before: tuple[Card, ...]  #: the cards played in that trick before the question
    seat: int  #: the player to act at the question
    answer: Card | Suit
    line: tuple[Card | Suit, ...]  #: the answer and the winning line after it, to the end of the deal
    choices: int  #: legal actions at the question
    nodes: int  #: the solver's nodes to certify the question (at most :data:`BROWSER_NODES`)


def find_puzzle(seed: int, rules: Rules, players: int = 4, nodes: int = NODES) -> Puzzle | None:
    """The first puzzle of the seeded deal played by rule-of-thumb players, or None if it has none."""
    deal = Deal.new(rules, players, seed=seed, dealer=seed % players)
    bots = [RuleOfThumbBot(seed * 10 + s) for s in range(players)]
    while not deal.is_over:
        naming = deal.phase is Phase.NAME_TRUMP
        if naming or len(deal.legal_plays()) > 1:
            solution = solve(deal, nodes=nodes)
            if solution.complete and len(solution.winning) == 1 and solution.nodes <= BROWSER_NODES:
                return _puzzle(seed, rules, deal, solution)
        deal.apply(bots[deal.to_act].choose(deal.view(deal.to_act)))  # type: ignore[index]
    return None


def _puzzle(seed: int, rules: Rules, deal: Deal, solution: Solution) -> Puzzle:
    start = deal.copy()
    before = tuple(card for _, card in deal.trick)
    for _ in before:
        start.undo()
    answer = solution.winning[0]
    return Puzzle(seed, rules, start, before, solution.seat, answer, solution.value_of(answer).line,
                  len(solution.actions), solution.nodes)


def puzzle_for_seed(seed: int, nodes: int = NODES) -> Puzzle | None:
    """The puzzle of one seed, played under ``RULE_SETS[seed % 14]``, or None: the work of one seed, which the
    generation's workers import and run (``nox -s puzzles``, :mod:`tools.puzzles`)."""
    profile, variants = RULE_SETS[seed % len(RULE_SETS)]
    return find_puzzle(seed, Rules.from_names(profile, variants), nodes=nodes)


def generate(seeds: Iterable[int], count: int = COUNT, nodes: int = NODES) -> list[Puzzle]:
    """Up to ``count`` puzzles from the seeds, found one seed after the other in this process (:func:`choose`)."""
    seeds = list(seeds)
    return choose(seeds, [puzzle_for_seed(seed, nodes) for seed in seeds], count)


def choose(seeds: Sequence[int], found: Sequence[Puzzle | None], count: int = COUNT) -> list[Puzzle]:
    """Up to ``count`` of the puzzles ``found`` for the ``seeds`` (one entry a seed, None where a seed has none),
    the rule sets taken in turn so that each is represented, in seed order (:func:`write` rates and orders them)."""
    if not seeds:
        raise PuzzleError("no seeds given: give a range such as 0-400")
    by_rules: dict[int, list[Puzzle]] = {}
    for seed, puzzle in zip(seeds, found, strict=True):
        if puzzle is not None:
            by_rules.setdefault(seed % len(RULE_SETS), []).append(puzzle)
    if not by_rules:
        raise PuzzleError(f"seeds {seeds[0]}-{seeds[-1]} yield no puzzle (no position in their deals where "
                          "exactly one action keeps the player to act able to win): try a wider range")
    chosen: list[Puzzle] = []
    queues = [by_rules[k] for k in sorted(by_rules)]
    while len(chosen) < count and any(queues):
        for queue in queues:
            if queue and len(chosen) < count:
                chosen.append(queue.pop(0))
    return sorted(chosen, key=lambda p: p.seed)


# ------------------------------------------------------------------ files


def _q(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)  # a JSON string is a TOML basic string


def _action_step(deal: Deal, action: Card | Suit, note: str | None = None, ask: str | None = None) -> list[str]:
    name = deal.names[deal.to_act]  # type: ignore[index]
    key = "name_trump" if isinstance(action, Suit) else "play"
    code = action.letter if isinstance(action, Suit) else action.code
    lines = ["[[step]]", f"by = {_q(name)}", f"{key} = {_q(code)}"]
    if ask:
        lines.append(f"ask = {_q(ask)}")
    if note:
        lines.append(f"note = {_q(note)}")
    return lines + [""]


def to_toml(puzzle: Puzzle, number: int) -> str:
    """The puzzle as a worked-example file."""
    start = puzzle.start
    names = start.names
    rules = puzzle.rules
    who = names[puzzle.seat]
    rules_named = ", ".join((rules.profile.value, *rules.variant_names))  # the reader needs the rules in play
    shown = puzzle.answer.symbol if isinstance(puzzle.answer, Suit) else str(puzzle.answer)
    question = (f"Which suit must {who} name to keep a chance of winning the deal?" if isinstance(puzzle.answer, Suit)
                else f"Which card must {who} play to keep a chance of winning the deal?")
    out = [
        f"title = {_q(f'Puzzle {number}: one way for {who} to win ({rules_named})')}",
        f"summary = {_q(question + ' Every card is known; exactly one choice still wins with best play from everyone.')}",
        f"profile = {_q(rules.profile.value)}",
        f"variants = [{', '.join(_q(v) for v in rules.variant_names)}]",
        f"players = [{', '.join(_q(n) for n in names)}]",
        f"dealer = {_q(names[start.dealer])}",
        "",
        f"# Seed {puzzle.seed}, played by rule-of-thumb players up to the question; found by the exact solver, "
        f"certified in {puzzle.nodes} nodes.",
        "[start]",
    ]
    if start.trump is not None:
        out.append(f"trump = {_q(start.trump.letter)}")
    out.append(f"leader = {_q(names[start.leader])}")
    out.append(f"stock = {_q(' '.join(c.code for c in start.stock))}")
    hands = ", ".join(f"{n} = {_q(' '.join(c.code for c in start.hand(s)))}" for s, n in enumerate(names))
    out.append(f"hands = {{ {hands} }}")
    if start.out:
        out.append(f"out = [{', '.join(_q(names[s]) for s in sorted(start.out))}]")
    won = ", ".join(f"{n} = {start.tricks_won[s]}" for s, n in enumerate(names))
    out.append(f"tricks_won = {{ {won} }}")
    turned = start.turned_card
    if turned is not None and (turned in start.hand(start.dealer) or turned in start.stock):
        out.append(f"turned = {_q(turned.code)}")
    out.append("")
    deal = start.copy()
    for card in puzzle.before:
        out += _action_step(deal, card)
        deal.apply(card)
    for i, action in enumerate(puzzle.line):
        note = ask = None
        if i == 0:
            ask = question
            note = (f"{who} names {shown}: the only suit that keeps {who} able to win." if isinstance(action, Suit)
                    else f"{who} plays {shown}: the only card that keeps {who} able to win.")
        elif i == len(puzzle.line) - 1:
            note = f"With best play from everyone, {who} wins the deal."
        out += _action_step(deal, action, note, ask)
        deal.apply(action)
    assert deal.outcome is not None and deal.outcome.winner == puzzle.seat
    out += ["[expect]", f"winner = {_q(who)}", "over = true", ""]
    return "\n".join(out)


INDEX_HEAD = ["# The puzzles, from easy to hard: the file, the step that asks the question, the player and the answer,",
              "# then the rating (linger_longer.puzzle_rating: difficulty 1-5, the facts it comes from, the themes).",
              "# Made by `nox -s puzzles` (linger_longer.puzzles); do not edit by hand.", ""]


def question(puzzle: Puzzle) -> Deal:
    """The deal at the puzzle's question."""
    deal = puzzle.start.copy()
    for card in puzzle.before:
        deal.apply(card)
    return deal


def index_entry(file: str, question_step: int, player: str, answer: str, rules: str, choices: int,
                rating: Rating) -> list[str]:
    """The lines of one ``[[puzzle]]`` of ``puzzles.toml``."""
    return ["[[puzzle]]", f"file = {_q(file)}", f"question_step = {question_step}", f"player = {_q(player)}",
            f"answer = {_q(answer)}", f"rules = {_q(rules)}", f"choices = {choices}",
            f"line_length = {rating.line_length}", f"difficulty = {rating.difficulty}",
            f"thumb_finds = {str(rating.thumb_finds).lower()}", f"strong_finds = {str(rating.strong_finds).lower()}",
            f"losing = {rating.losing}", f"themes = [{', '.join(_q(t) for t in rating.themes)}]",
            f"stock_shown = {rating.stock_shown}", ""]


def rated(puzzles: Sequence[Puzzle]) -> list[tuple[Puzzle, Rating]]:
    """Each puzzle with its rating (:func:`~linger_longer.puzzle_rating.rate`), from easy to hard: by difficulty,
    then the length of the winning line, the number of choices and the seed."""
    pairs = [(puzzle, rate(question(puzzle))) for puzzle in puzzles]
    return sorted(pairs, key=lambda pair: (pair[1].difficulty, len(pair[0].line), pair[0].choices, pair[0].seed))


def write(puzzles: Sequence[Puzzle], folder: Path) -> list[Path]:
    """Rate the puzzles and write them from easy to hard as ``NNN-seed-S.toml`` (numbered from 001) and the index
    ``puzzles.toml``; returns the paths."""
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.toml"):
        old.unlink()
    written = []
    index = list(INDEX_HEAD)
    for number, (puzzle, rating) in enumerate(rated(puzzles), start=1):
        path = folder / f"{number:03d}-seed-{puzzle.seed}.toml"
        path.write_text(to_toml(puzzle, number), encoding="utf-8")
        written.append(path)
        answer = puzzle.answer.letter if isinstance(puzzle.answer, Suit) else puzzle.answer.code
        index += index_entry(path.name, len(puzzle.before) + 1, puzzle.start.names[puzzle.seat], answer,
                             puzzle.rules.name, puzzle.choices, rating)
    (folder / "puzzles.toml").write_text("\n".join(index), encoding="utf-8")
    return written


def rate_file(folder: Path, entry: dict) -> Rating:
    """The rating of the puzzle an index ``entry`` names, computed from its file in ``folder``: its question is
    solved again (:func:`~linger_longer.puzzle_rating.rate` fails unless exactly one action wins)."""
    from .scenario import load
    from .web.question import question_at

    _, deal = question_at(load(folder / entry["file"]), entry["question_step"] - 1)
    return rate(deal)


def rate_index(folder: Path, mapper: Callable = map) -> tuple[str, list[Rating]]:
    """The text ``folder``'s ``puzzles.toml`` must have, every puzzle rated again from its file in the index's
    order, and the ratings. ``mapper`` runs :func:`rate_file` over the entries (e.g. a process pool's ``map``)."""
    entries = tomllib.loads((folder / "puzzles.toml").read_text(encoding="utf-8"))["puzzle"]
    ratings = list(mapper(rate_file, [folder] * len(entries), entries))
    index = list(INDEX_HEAD)
    for entry, rating in zip(entries, ratings, strict=True):
        index += index_entry(entry["file"], entry["question_step"], entry["player"], rating.answer, entry["rules"],
                             rating.choices, rating)
    return "\n".join(index), ratings


def _seed_range(text: str) -> range:
    try:
        first, _, last = text.partition("-")
        seeds = range(int(first), int(last or first) + 1)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a seed range: write e.g. 0-400") from None
    if not seeds:
        raise argparse.ArgumentTypeError(f"{text!r} is an empty seed range")
    return seeds


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: {message}\n")  # a bad flag: one line, not the usage text


def parser(prog: str = "python -m linger_longer.puzzles") -> argparse.ArgumentParser:
    """The command's flags (``nox -s puzzles``, :mod:`tools.puzzles`, adds those of running on Dask)."""
    parser = _Parser(prog=prog, description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=_seed_range, default=SEEDS,
                        help=f"seed range, e.g. 0-99 (default {SEEDS[0]}-{SEEDS[-1]}, the site's puzzles)")
    parser.add_argument("--count", type=int, default=COUNT, help=f"puzzles to write ({COUNT}, the site's)")
    parser.add_argument("--out", type=Path, default=Path("tutorial/puzzles"))
    return parser


def main(argv: list[str] | None = None) -> int:
    """Find the puzzles seed after seed in this process and write them."""
    args = parser().parse_args(argv)
    try:
        puzzles = generate(args.seeds, args.count)
    except PuzzleError as error:
        print(f"puzzles: {error}", file=sys.stderr)
        return 1
    for path in write(puzzles, args.out):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
