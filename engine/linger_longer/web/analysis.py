"""The walkthroughs' analysis: each legal choice of the player to act, marked as winning or losing the deal.

In a worked example every card is known (the hands and the stock's order), so
the exact solver (:func:`linger_longer.solver.solve`) can say, for each legal
card (or suit, while trump is to be named), whether the player to act wins the
deal with it when every player plays best from there on, and show the line of
play that proves it. The page marks each card with a word in its own language
(also added to the card's spoken name) and shows the line in words on request,
narrated as the walkthrough narrates its steps.

**Budget.** A step's analysis searches at most :data:`ANALYSIS_NODES` nodes,
a count (not a time) so that the browser's answer and CPython's are the same:
at most 36 ms of CPU for any worked example's step in CPython on the project's
machine (``nox -s bench``). Raising it to 12,000 settles no more of the
examples' choices (38 of 219 stay unknown, all in whole four-player deals) and
costs 60 ms. A choice whose search does not finish within it is marked
*unknown*, never guessed.

**Questions.** At a step that asks the reader which card the player chooses,
the analysis would give the answer away: it is refused there until the page
says the question is answered (``answered=True``, which the page passes once
the reader has found the example's choice or asked to see it).

>>> toml = '''
... title = "Suppose"
... players = ["A", "B", "C"]
... [start]
... hypothetical = true
... trump = "H"
... leader = "A"
... hands = { A = "5C 2H", B = "3C QD", C = "AC 5D" }
... stock = "9D 4S"
... [[step]]
... play = "5C"
... '''
>>> marks = analysis(toml, "en", 0)["marks"]
>>> [(m["action"], m["value"]) for m in marks]
[('2H', 'loses'), ('5C', 'wins')]
>>> marks[1]["name"], marks[1]["summary"]
('five of clubs: wins', '5♣ wins the deal for A with best play from all.')
"""

from __future__ import annotations

from typing import Any

from ..cards import Card, Suit
from ..events import CardPlayed
from ..game import Deal, Phase
from ..i18n import N_, translate, translate_in_context, translate_plural
from ..narrate import EVERYONE, Narrator, card_name, suit_name
from ..scenario import ScenarioError, loads
from ..solver import ActionValue, solve
from .json_text import json_text
from .labels import LABELS

__all__ = ["ANALYSIS_NODES", "MARKS", "SYMBOLS", "analysis", "analysis_json"]

#: The solver's budget for one step (nodes: cards and suits the search tries), shared by its choices.
ANALYSIS_NODES = 8_000

#: The mark of each value: the word added to the card's spoken name (and to the panel's sentence).
MARKS: dict[str, str] = {"wins": N_("wins"), "loses": N_("loses"), "unknown": N_("unknown")}
#: The symbol the page draws on the card for each value (with a colour: never the colour alone).
SYMBOLS: dict[str, str] = {"wins": "\u2713", "loses": "\u2717", "unknown": "?"}


def _value_name(value: ActionValue, seat: int) -> str:
    """``wins``, ``loses`` or ``unknown``: the deal's winner with best play from all, for the player to act."""
    if not value.known:
        return "unknown"
    return "wins" if value.winner == seat else "loses"


def _action_code(action: Card | Suit) -> str:
    return action.letter if isinstance(action, Suit) else action.code


def _action_label(action: Card | Suit, lang: str) -> str:
    return suit_name(action, lang) if isinstance(action, Suit) else action.label(lang)


def _spoken_name(action: Card | Suit, lang: str) -> str:
    return suit_name(action, lang) if isinstance(action, Suit) else card_name(action, lang)


def _summary(value: ActionValue, kind: str, deal: Deal, lang: str, budget: int) -> str:
    """One sentence: what the choice gives the player to act with best play from all."""
    seat = deal.to_act
    assert seat is not None
    action = _action_label(value.action, lang)
    player = deal.names[seat]
    if kind == "unknown":
        return translate_plural(lang, "{action}: unknown. The search stopped at its budget of {count} position.",
                                "{action}: unknown. The search stopped at its budget of {count} positions.",
                                budget, action=action)
    if kind == "wins":
        return translate(lang, "{action} wins the deal for {player} with best play from all.",
                         action=action, player=player)
    return translate(lang, "{action} loses the deal for {player}: with best play from all, {winner} wins it.",
                     action=action, player=player, winner=deal.names[value.winner])  # type: ignore[index]


def _line_in_words(deal: Deal, line: tuple[Card | Suit, ...], lang: str) -> list[str]:
    """The solver's line played out on a copy of the deal, told as the walkthrough tells its steps."""
    narrator = Narrator(lang, deal.names, deal.trump, viewer=EVERYONE)
    narrator.narrate(CardPlayed(seat, card) for seat, card in deal.trick)  # the trick so far: its led suit
    after = deal.copy()
    sentences: list[str] = []
    for action in line:
        sentences.extend(narrator.narrate(after.apply(action)))
    return sentences


def _mark(value: ActionValue, deal: Deal, lang: str, budget: int) -> dict[str, Any]:
    """One choice's mark, its spoken name, its sentence and its line in words (empty when unknown)."""
    kind = _value_name(value, deal.to_act)  # type: ignore[arg-type]
    word = translate(lang, MARKS[kind])
    return {
        "action": _action_code(value.action),
        "value": kind,
        "word": word,
        "symbol": SYMBOLS[kind],
        "name": translate_in_context(lang, "analysis", "{card}: {mark}", card=_spoken_name(value.action, lang),
                                     mark=word),
        "summary": _summary(value, kind, deal, lang, budget),
        "line": _line_in_words(deal, value.line, lang) if value.known else [],
    }


def _asks_at(scenario_steps: tuple, at_step: int) -> bool:
    """Whether walkthrough position ``at_step`` is a question: the step after it carries an ``ask``."""
    return 0 <= at_step < len(scenario_steps) and scenario_steps[at_step].ask is not None


def analysis(toml_text: str, lang: str, at_step: int, source: str = "<example>", answered: bool = False,
             nodes: int = ANALYSIS_NODES) -> dict[str, Any]:
    """The analysis of walkthrough position ``at_step`` (0 = the starting position) of a worked example.

    Returns ``seat`` (the player to act, or None when nobody is), ``marks`` (one per legal choice, in
    the order of :meth:`Deal.legal_plays`, or the four suits while trump is named), and the search's
    ``nodes`` and ``ms``. At a question not yet ``answered`` it returns ``withheld`` and a sentence
    instead of marks.
    """
    scenario = loads(toml_text, source)
    results = scenario.check()
    if not 0 <= at_step < len(results):
        raise ScenarioError(f"{source}: there is no step {at_step}; steps run from 0 to {len(results) - 1}")
    deal = results[at_step].deal
    if _asks_at(scenario.steps, at_step) and not answered:
        return {"at": at_step, "withheld": True, "marks": [],
                "text": translate(lang, LABELS["analysis_wait"])}
    if deal.is_over or deal.to_act is None:
        return {"at": at_step, "seat": None, "marks": [], "nodes": 0, "ms": 0.0}
    solution = solve(deal, nodes=nodes)
    return {
        "at": at_step,
        "seat": deal.to_act,
        "naming": deal.phase is Phase.NAME_TRUMP,
        "marks": [_mark(value, deal, lang, nodes) for value in solution.actions],
        "nodes": solution.nodes,
        "ms": round(solution.ms, 2),
    }


def analysis_json(toml_text: str, lang: str, at_step: int, source: str = "<example>",
                  answered: bool = False) -> str:
    """:func:`analysis` as JSON text (the worker's request), or ``{"error": ...}`` for a bad request."""
    try:
        result = analysis(toml_text, lang, int(at_step), source, bool(answered))
    except ScenarioError as error:
        result = {"error": str(error)}
    return json_text(result)
