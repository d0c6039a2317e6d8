"""Worked examples as walkthrough steps: one JSON form for the static build and the live browser.

The Sphinx directive calls :func:`replay_json` under CPython to render every
step at build time; the browser's worker calls the same function, and
:func:`branch_json` when the reader tries another card, under Pyodide. Both
render the table with :func:`~linger_longer.web.render.render_step_html`, so
the page shows the same thing whichever computed it. A worked example shows
every card, so its narration speaks to everyone.

Each step also carries its ``pace``: the tables shown on the way to it when
the reader steps forward, the Play page's beats (:func:`~linger_longer.web.pace.step_beats`:
the last trick gathered, a complete trick before the draw), which the page
times as the Play page does.
"""

from __future__ import annotations

from typing import Any, Callable

from ..cards import Card, Suit
from ..events import CardPlayed
from ..game import Deal, Phase
from ..narrate import EVERYONE, Narrator, refusal_text
from ..rules import IncompatibleVariantsError
from ..scenario import Scenario, ScenarioError, Step, StepResult, loads
from .json_text import json_text
from .pace import step_beats
from .render import render_step_html
from .rule_links import rule_link_html
from .settings import trump_variants_refusal
from .table import TrickTable, hand_choices, table_view

__all__ = ["BRANCH_SEED", "branch", "branch_json", "play_on", "replay", "replay_json"]

#: The seed of the bots that continue a deal after the reader's own card.
BRANCH_SEED = 0


def _step_json(index: int, result: StepResult, narrator: Narrator, table: TrickTable, lang: str,
               prefix: str, before: dict[str, Any] | None,
               refused_setup: IncompatibleVariantsError | None = None) -> dict[str, Any]:
    """One step as JSON-ready data; ``before`` is the previous step's table (``None`` for the first step);
    ``refused_setup``: the set-up the engine refused before the example's own (told first, with its rule)."""
    step, deal = result.step, result.deal
    action: dict[str, Any] | None = None
    if step is not None:
        seat = step.by if step.by is not None else _actor(result)
        if result.refusal is not None:
            action = {"type": "illegal", "seat": result.refusal.seat, "card": step.card.code,  # type: ignore[union-attr]
                      "reason": refusal_text(result.refusal, lang, deal.names)}
        elif step.kind == "name_trump":
            action = {"type": "name-trump", "seat": seat, "suit": step.suit.letter}  # type: ignore[union-attr]
        else:
            action = {"type": "play", "seat": seat, "card": step.card.code}  # type: ignore[union-attr]
    table.see(result.events)
    narration = narrator.narrate(result.events)
    if result.refusal is not None:
        narration = [refusal_text(result.refusal, lang, deal.names)]
    if refused_setup is not None:
        narration = [trump_variants_refusal(refused_setup.variants).text(lang), *narration]
    data = {
        "index": index,
        "action": action,
        "note": step.note if step is not None else None,
        "events": [e.to_json() for e in result.events],
        "narration": narration,
        "table": table_view(deal, table, viewer=EVERYONE),
        "choices": hand_choices(deal, lang),
    }
    if result.refusal is not None:  # the link after the reason, to the clause that forbids the card
        data["rule_html"] = rule_link_html(result.refusal.clause, lang)
    elif refused_setup is not None:  # the link after the refused set-up, to the clause that forbids it
        data["rule_html"] = rule_link_html(refused_setup.clause, lang)
    data["html"] = render_step_html(data, lang, f"{prefix}-{index}", deal.names)
    data["pace"] = [{"kind": kind, "html": render_step_html({"table": beat, "choices": []}, lang,
                                                            f"{prefix}-{index}-pace-{n}", deal.names)}
                    for n, (kind, beat) in enumerate(step_beats(before, result.events, table))]
    return data


def _steps_json(results: list[StepResult], narrator: Narrator, table: TrickTable, lang: str,
                prefix: str, refused_setup: IncompatibleVariantsError | None = None) -> list[dict[str, Any]]:
    """The steps of ``results`` in order, each paced from the one before; a refused set-up is told at the start."""
    steps: list[dict[str, Any]] = []
    for index, result in enumerate(results):
        before = steps[-1]["table"] if steps else None
        steps.append(_step_json(index, result, narrator, table, lang, prefix, before,
                                refused_setup if index == 0 else None))
    return steps


def _actor(result: StepResult) -> int | None:
    for event in result.events:
        if isinstance(event, CardPlayed):
            return event.seat
        if hasattr(event, "seat") and event.type == "trump-named":
            return event.seat  # type: ignore[attr-defined]
    return None


def _document(scenario: Scenario, example_id: str, lang: str, steps: list[dict[str, Any]],
              last: Deal) -> dict[str, Any]:
    outcome = last.outcome
    return {
        "id": example_id,
        "title": scenario.title,
        "profile": scenario.rules.profile.value,
        "variants": list(scenario.rules.variant_names),
        "lang": lang,
        "players": list(scenario.names),
        "steps": steps,
        "outcome": {"winner": outcome.winner, "reason": outcome.reason.value} if outcome else None,
    }


def _example_id(source: str) -> str:
    name = source.replace("\\", "/").rsplit("/", 1)[-1]
    return name[:-5] if name.endswith(".toml") else name


def replay(toml_text: str, lang: str, source: str = "<example>", stock_shown: int = 0) -> dict[str, Any]:
    """Every step of a worked example, checked against its expectations, as JSON-ready data; the table shows the
    stock's next ``stock_shown`` cards face up."""
    scenario = loads(toml_text, source)
    results = scenario.check()
    example_id = _example_id(source)
    narrator = Narrator(lang, scenario.names, results[0].deal.trump, viewer=EVERYONE)
    table = TrickTable(stock_shown)
    steps = _steps_json(results, narrator, table, lang, example_id, scenario.refused_setup)
    return _document(scenario, example_id, lang, steps, results[-1].deal)


def play_on(scenario: Scenario, results: list[StepResult], at: int,
            next_action: Callable[[Deal], Card | Suit | None], lang: str, source: str,
            branch: str, stock_shown: int = 0) -> dict[str, Any]:
    """The walkthrough document of the example's steps up to ``at``, then a line of play of its own.

    ``next_action`` gives each action of the line from the deal as it stands (``None`` ends the line);
    the line's steps get ids ending in ``-<branch>``. "Try another card" and the puzzles' solver lines
    are both told this way.
    """
    example_id = _example_id(source)
    narrator = Narrator(lang, scenario.names, results[0].deal.trump, viewer=EVERYONE)
    table = TrickTable(stock_shown)
    steps = _steps_json(results[:at + 1], narrator, table, lang, example_id, scenario.refused_setup)
    deal = results[at].deal.copy()
    while (action := next_action(deal)) is not None:
        seat = deal.to_act
        events = deal.apply(action)
        kind = "name_trump" if isinstance(action, Suit) else "play"
        step = Step(len(steps), kind, card=action if isinstance(action, Card) else None,
                    suit=action if isinstance(action, Suit) else None, by=seat)
        steps.append(_step_json(len(steps), StepResult(step, events, None, deal.copy()), narrator, table,
                                lang, f"{example_id}-{branch}", steps[-1]["table"]))
    return _document(scenario, example_id, lang, steps, deal)


def branch(toml_text: str, lang: str, at_step: int, card: str, source: str = "<example>") -> dict[str, Any]:
    """The example up to step ``at_step``, then ``card`` for the player to act, then bots to the end.

    While trump is to be named (``grand-coup``), ``card`` may be a suit letter instead.
    """
    scenario = loads(toml_text, source)
    results = scenario.check()
    if not 0 <= at_step < len(results):
        raise ScenarioError(f"{source}: there is no step {at_step}; steps run from 0 to {len(results) - 1}")
    deal = results[at_step].deal
    # While trump is to be named (grand-coup) the reader's choice is a suit.
    action: Card | Suit = Suit.parse(card) if deal.phase is Phase.NAME_TRUMP and len(card) == 1 else Card.parse(card)
    refusal = deal.refusal(action) if isinstance(action, Card) else None
    if refusal is not None:
        return {"error": refusal_text(refusal, lang, deal.names)}
    # Imported here, not with the module: the bots bring the solver, and the browser's engine counts
    # as ready once this module is imported; only a reader who tries another card needs them.
    from ..bots import RuleOfThumbBot

    bot = RuleOfThumbBot(seed=BRANCH_SEED)
    first = [action]

    def next_action(now: Deal) -> Card | Suit | None:
        """The reader's card, then the rule-of-thumb bot for every seat to the end of the deal."""
        if first:
            return first.pop()
        return None if now.is_over else bot.choose(now.view(now.to_act))

    return play_on(scenario, results, at_step, next_action, lang, source, "b")


def replay_json(toml_text: str, lang: str, source: str = "<example>", stock_shown: int = 0) -> str:
    """:func:`replay` as a JSON string (the form the browser's worker passes back)."""
    return json_text(replay(toml_text, lang, source, stock_shown))


def branch_json(toml_text: str, lang: str, at_step: int, card: str, source: str = "<example>") -> str:
    """:func:`branch` as a JSON string."""
    return json_text(branch(toml_text, lang, at_step, card, source))
