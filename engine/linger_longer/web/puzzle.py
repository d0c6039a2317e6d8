"""Puzzles on the card table: the reader's choice judged by the exact solver, its line told in words.

A puzzle (see :mod:`linger_longer.puzzles`) is a worked example whose answer step
carries an ``ask``: the card table poses it as a question
(:mod:`linger_longer.web.question`). On the Puzzles page the judge is the solver,
not the rule-of-thumb players, because a puzzle's claim is about best play:

- the puzzle's card (or suit) is *the answer*: the reader is told so, with the
  solver's winning line in words;
- another card the rules allow is *another legal choice*: the reader sees the
  solver's refutation line, with best play from everyone from there, as steps on
  the table and in words, and who wins the deal instead;
- a card the rules forbid is *illegal*: the reader is told the rule.

The Sphinx directive calls :func:`answer` at build time for the answer shown in
each puzzle's disclosure; the browser's worker calls :func:`answer_json`.

>>> from pathlib import Path
>>> toml = (Path(__file__).parents[3] / "tutorial" / "puzzles" / "001-seed-257.toml").read_text(encoding="utf-8")
>>> answer(toml, "en", 1, "QH")["text"]
'Right. Q♥ is the only card that keeps D able to win the deal. With best play from everyone:'
>>> answer(toml, "en", 1, "7H")["followed"][0][:61]
'Trick 11: D follows suit with 7♥. A follows suit with 8♥. B w'
"""

from __future__ import annotations

import time
from typing import Any

from ..cards import Card, Suit
from ..game import Deal
from ..i18n import N_, Nn_, translate, translate_plural
from ..events import CardPlayed, TrickWon, event_from_json
from ..narrate import EVERYONE, Narrator, suit_name
from ..scenario import ScenarioError, StepResult, loads
from ..solver import ActionValue, solve
from .json_text import json_text
from .question import _marked, judged_json, question_at, questions, read_choice, refused, suit_choices_html
from .walkthrough import play_on, replay

__all__ = ["PUZZLE_LABELS", "SOLVED_COUNT", "TRAINER_LABELS", "answer", "answer_json", "page_labels", "solve_time",
           "solve_time_json", "solved_counts", "trainer_json", "trainer_labels"]

#: The Puzzles page's words about progress, by key (the JavaScript's and the directive's).
PUZZLE_LABELS: dict[str, str] = {
    "progress": N_("Your progress"),
    "solved": N_("solved"),
    "not_yet": N_("not solved yet"),
    "reset": N_("Reset progress"),
    "confirm": N_("Forget which puzzles you have solved?"),
    "confirm_yes": N_("Yes, reset"),
    "confirm_no": N_("Cancel"),
    "was_reset": N_("Progress reset: no puzzle is marked solved."),
    "just_solved": N_("Puzzle solved: {title}"),
    "not_kept": N_("This browser does not keep your progress; it lasts until you leave the page."),
}
#: The trainer's words (one puzzle at a time), by key; ``{...}`` are filled by the page.
TRAINER_LABELS: dict[str, str] = {
    "trainer": N_("Puzzle trainer"),
    "puzzle": N_("Puzzle {number}"),
    "next": N_("Next puzzle"),
    "retry": N_("Try again"),
    "solution": N_("Show the solution"),
    "filters": N_("Choose puzzles"),
    "theme": N_("Theme"),
    "any_theme": N_("Any theme"),
    "difficulty": N_("Difficulty"),
    "any_difficulty": N_("Any difficulty"),
    "level": N_("{level} of 5"),
    "plain": N_("Plain rules only"),
    "any_rules": N_("Any rules"),
    "rules": N_("Rules"),
    # A label and its value on one line ("Difficulty: 2 of 5"): French puts a no-break space before the colon.
    "label_value": N_("{label}: {value}"),
    "plain_rules": N_("plain rules"),
    "streak": N_("Streak: {count}"),
    "best": N_("Best streak: {count}"),
    "misses": N_("Misses to retry: {count}"),
    "retrying": N_("A puzzle you missed, back again."),
    "none_left": N_("No puzzle fits these choices. Change the filters."),
    "all_solved": N_("You have solved every puzzle that fits these choices: here they come again."),
    "link": N_("Link to this puzzle"),
    "list": N_("All puzzles"),
    "ask_card": N_("Which card must {player} play to keep a chance of winning the deal?"),
    "ask_suit": N_("Which suit must {player} name to keep a chance of winning the deal?"),
}
#: "7 puzzles solved out of 24": the page gets every count's finished sentence (the engine picks the plural).
SOLVED_COUNT = Nn_("{count} puzzle solved out of {total}", "{count} puzzles solved out of {total}")


def page_labels(lang: str) -> dict[str, str]:
    """The progress words in ``lang`` (``just_solved`` keeps its ``{title}`` for the page to fill)."""
    return {key: translate(lang, message, title="{title}") for key, message in PUZZLE_LABELS.items()}


def trainer_labels(lang: str) -> dict[str, str]:
    """The trainer's words in ``lang``, their ``{...}`` kept for the page to fill."""
    keep = {name: "{" + name + "}" for name in ("number", "level", "count", "player", "label", "value")}
    return {key: translate(lang, message, **keep) for key, message in TRAINER_LABELS.items()}


def solved_counts(lang: str, total: int) -> list[str]:
    """The progress sentence for 0 to ``total`` puzzles solved, in ``lang``; item ``n`` is for ``n`` solved."""
    return [translate_plural(lang, SOLVED_COUNT.singular, SOLVED_COUNT.plural, n, total=total)
            for n in range(total + 1)]


def _action_text(lang: str, action: Card | Suit) -> str:
    return suit_name(action, lang) if isinstance(action, Suit) else action.label(lang)


def _line_steps(scenario, results: list[StepResult], at: int, line: tuple[Card | Suit, ...], lang: str,
                source: str, stock_shown: int = 0) -> tuple[dict[str, Any], list[str]]:
    """The walkthrough document of the example up to ``at``, then ``line``; and the line in words, one sentence
    per trick ("Trick 3: B wins the trick."), as the questions tell theirs."""
    moves = iter(line)
    document = play_on(scenario, results, at, lambda deal: next(moves, None), lang, source, "s", stock_shown)
    return document, _trick_lines(document, at, lang, results[0].deal.trump)


def _trick_lines(document: dict[str, Any], at: int, lang: str, trump: Suit | None) -> list[str]:
    """The line after the question, one sentence group per trick, numbered: "Trick 5: B has no ♣ and discards 8♥.
    A wins the trick. A draws 7♦ from the stock." (the cards played, who takes it, the draws and who goes out),
    told by a narrator that has followed the deal up to the question, as the page's narration does."""
    narrator = Narrator(lang, document["players"], trump, viewer=EVERYONE)
    for step in document["steps"][:at + 1]:
        narrator.narrate([event_from_json(e) for e in step["events"]])
    lines: list[str] = []
    told: list[Any] = []
    number: int | None = None
    for event in (event_from_json(e) for step in document["steps"][at + 1:] for e in step["events"]):
        if isinstance(event, CardPlayed) and number is not None:  # the next trick starts
            lines.append(translate(lang, "Trick {number}: {events}", number=number,
                                   events=" ".join(narrator.narrate(told))))
            told, number = [], None
        told.append(event)
        if isinstance(event, TrickWon):
            number = event.number
    if told:
        said = " ".join(narrator.narrate(told))
        lines.append(said if number is None else translate(lang, "Trick {number}: {events}", number=number,
                                                           events=said))
    return lines


def _value(deal: Deal, chosen: Card | Suit) -> ActionValue:
    """The solver's value of the reader's legal choice (every puzzle position is solved well within the budget)."""
    solution = solve(deal)
    for value in solution.actions:
        if value.action == chosen:
            return value
    raise ScenarioError(f"{chosen} is not a legal choice here")  # the rules allowed it: never reached


def answer(toml_text: str, lang: str, at: int, choice: str, source: str = "<puzzle>",
           stock_shown: int = 0) -> dict[str, Any]:
    """Judge the reader's ``choice`` (a card code, or a suit letter when trump is named) at the puzzle's question.

    Returns ``verdict`` (``example`` for the puzzle's answer, ``other`` or ``illegal``) and ``text``; for a
    legal choice also ``followed`` (the solver's line from the choice to the end of the deal, in sentences),
    ``winner`` (the name of who wins the deal on that line) and ``steps`` (the walkthrough steps: the example's
    up to ``at``, then the solver's line), as :func:`linger_longer.web.walkthrough.branch` gives them.
    """
    scenario, step, deal, chosen = read_choice(toml_text, at, choice, source)
    player = deal.names[deal.to_act]  # type: ignore[index]
    illegal = refused(deal, chosen, lang, at)
    if illegal is not None:
        return illegal
    value = _value(deal, chosen)
    if not value.known:
        return {"verdict": "unknown", "at": at,
                "text": translate(lang, "The solver could not settle this choice within its budget.")}
    document, followed = _line_steps(scenario, scenario.check(), at, value.line, lang, source, stock_shown)
    winner = deal.names[value.winner]
    shown = _action_text(lang, chosen)
    if chosen in (step.card, step.suit):
        verdict, mark = "example", "right"
        text = (translate(lang, "{suit} is the only suit {player} can name and still win the deal. "
                                "With best play from everyone:", suit=shown, player=player)
                if isinstance(chosen, Suit) else
                translate(lang, "{card} is the only card that keeps {player} able to win the deal. "
                                "With best play from everyone:", card=shown, player=player))
    else:
        verdict, mark = "other", "wrong"
        text = (translate(lang, "{player} may name {suit}, but then {winner} wins the deal with best play "
                                "from everyone. The solver's line:", player=player, suit=shown, winner=winner)
                if isinstance(chosen, Suit) else
                translate(lang, "{player} may play {card}, but then {winner} wins the deal with best play "
                                "from everyone. The solver's line:", player=player, card=shown, winner=winner))
    return {"verdict": verdict, "at": at, **_marked(lang, mark, text), "followed": followed, "winner": winner,
            "steps": document["steps"]}


def answer_json(toml_text: str, lang: str, at: int, choice: str, source: str = "<puzzle>",
                stock_shown: int = 0) -> str:
    """:func:`answer` as JSON text (the worker's request), or ``{"error": ...}`` for a bad request."""
    return judged_json(answer, toml_text, lang, at, choice, source, stock_shown)


def trainer(toml_text: str, lang: str, source: str = "<puzzle>", stock_shown: int = 0) -> dict[str, Any]:
    """One puzzle for the trainer: its walkthrough steps (:func:`linger_longer.web.walkthrough.replay`, the stock's
    next ``stock_shown`` cards face up) and its question (``at``, ``seat``, ``kind``, ``answer``, ``player``).

    The page draws the chosen puzzle from this, so it carries every puzzle as data, not as a drawn walkthrough.
    """
    document = replay(toml_text, lang, source, stock_shown)
    asked = questions(toml_text, lang, source)
    if len(asked) != 1:
        raise ScenarioError(f"{source}: a puzzle asks one question, this one asks {len(asked)}")
    question = {key: asked[0][key] for key in ("at", "seat", "kind", "answer", "player")}
    question["suits_html"] = suit_choices_html(lang) if question["kind"] == "suit" else ""
    return {**document, "question": question}


def trainer_json(toml_text: str, lang: str, source: str = "<puzzle>", stock_shown: int = 0) -> str:
    """:func:`trainer` as JSON text (the worker's request), or ``{"error": ...}`` for a bad request."""
    return judged_json(trainer, toml_text, lang, source, stock_shown)


def solve_time(toml_text: str, at: int, source: str = "<puzzle>") -> dict[str, Any]:
    """How long the solver takes on the puzzle's question position (the benchmark's figure, in this runtime).

    Returns ``ms`` (wall-clock), ``nodes`` and ``complete`` (whether every choice was settled).
    """
    _, deal = question_at(loads(toml_text, source), at)
    started = time.perf_counter()
    solution = solve(deal)
    return {"ms": 1000 * (time.perf_counter() - started), "nodes": solution.nodes, "complete": solution.complete}


def solve_time_json(toml_text: str, at: int, source: str = "<puzzle>") -> str:
    """:func:`solve_time` as JSON text (the worker's request)."""
    return json_text(solve_time(toml_text, at, source))
