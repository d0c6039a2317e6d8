"""Questions to the reader: a worked-example step with an ``ask`` stops the walkthrough for a choice.

A step that carries ``ask`` (see :mod:`linger_longer.scenario`) is posed at the
position before it: the reader chooses a card for the player to act (or, at a
``name_trump`` step, a suit). The engine judges the choice, never the page:

- the example's own card (or suit) is *the example's answer*: the step's note explains it;
- another card the rules allow is *another legal choice*: the engine plays it and the
  other seats go on with the seeded rule-of-thumb bot (:func:`linger_longer.web.walkthrough.branch`),
  and the reader is told what followed (who won the trick, who went out, who won the deal);
- a card the rules forbid is *illegal*: the reader is told the rule, in the page's language.

Under CPython the Sphinx directive calls :func:`questions` to draw each question with
its answer in a disclosure; in the browser the worker calls :func:`answer_json`.

>>> toml = '''
... title = "Suppose"
... players = ["A", "B", "C", "D"]
... [start]
... hypothetical = true
... trump = "S"
... leader = "A"
... hands = { A = "5H", B = "JH 4S", C = "8H", D = "AH" }
... stock = "2D 3D 4D 5D"
... [[step]]
... play = "5H"
... [[step]]
... play = "JH"
... ask = "Which card may B play?"
... note = "B holds a heart and must follow suit."
... '''
>>> answer(toml, "en", 1, "4S")["text"]
'Not allowed: B holds ♥ and must follow suit.'
>>> answer(toml, "en", 1, "JH")["verdict"]
'example'
"""

from __future__ import annotations

from typing import Any, Callable

from ..cards import Card, InvalidCardError, Suit
from ..events import DealWon, PlayerOut, TrickWon, event_from_json
from ..game import Deal, Phase
from ..i18n import translate
from ..narrate import EVERYONE, Narrator, card_name, refusal_text, suit_name
from ..scenario import Scenario, ScenarioError, Step, loads
from .json_text import json_text
from .render import escape
from .rule_links import rule_link_html
from .walkthrough import branch

__all__ = ["answer", "answer_json", "judged_json", "parse_choice", "question_at", "questions", "read_choice", "refused",
           "suit_choices_html"]

#: The events that tell the reader what followed another legal choice (besides the first trick's winner).
_OUTCOME_EVENTS = (PlayerOut, DealWon)


def _choice_text(step: Step, deal: Deal, lang: str) -> str:
    """The example's answer as a sentence: "In the example, C plays 2♥ (two of hearts)."."""
    player = deal.names[deal.to_act]  # type: ignore[index]
    if step.kind == "name_trump":
        return translate(lang, "In the example, {player} names {suit} as trump.",
                         player=player, suit=suit_name(step.suit, lang))  # type: ignore[arg-type]
    return translate(lang, "In the example, {player} plays {card} ({name}).", player=player,
                     card=step.card.label(lang), name=card_name(step.card, lang))  # type: ignore[union-attr]


def suit_choices_html(lang: str) -> str:
    """The four suits as buttons (``data-suit``), for a question about naming trump; disabled until live."""
    buttons = "".join(
        f'<button type="button" class="ll-suit-choice{" ll-red" if suit.is_red else ""}" data-suit="{suit.letter}" '
        f'disabled><span aria-hidden="true">{suit.symbol}</span> {escape(suit_name(suit, lang))}</button>'
        for suit in Suit)
    label = escape(translate(lang, "Name a suit"))
    return f'<div class="ll-suit-choices" role="group" aria-label="{label}">{buttons}</div>'


def _positions(scenario: Scenario) -> list[tuple[Step, Deal]]:
    """Each question step with the deal it is asked in (the position before the step)."""
    results = scenario.check()
    return [(step, results[step.number - 1].deal) for step in scenario.steps if step.ask]


def questions(toml_text: str, lang: str, source: str = "<example>") -> list[dict[str, Any]]:
    """Every question of an example, for the page: where it is asked, whose choice, and the example's answer.

    ``at`` is the walkthrough step (0 = the starting position) the question is asked at; the answer is
    step ``at + 1``. ``ask`` is the English text (the page translates it as it does the notes).
    """
    scenario = loads(toml_text, source)
    found = []
    for step, deal in _positions(scenario):
        kind = "suit" if step.kind == "name_trump" else "card"
        found.append({
            "at": step.number - 1,
            "ask": step.ask,
            "seat": deal.to_act,
            "player": deal.names[deal.to_act],  # type: ignore[index]
            "kind": kind,
            "answer": step.suit.letter if kind == "suit" else step.card.code,  # type: ignore[union-attr]
            "answer_text": _choice_text(step, deal, lang),
        })
    return found


def question_at(scenario: Scenario, at: int) -> tuple[Step, Deal]:
    """The step that asks the question at walkthrough position ``at``, and the deal as it stands there."""
    for step, deal in _positions(scenario):
        if step.number - 1 == at:
            return step, deal
    asked = [step.number - 1 for step in scenario.steps if step.ask]
    raise ScenarioError(f"{scenario.source}: no question is asked at walkthrough position {at} "
                        f"(questions are asked at {asked})")


def parse_choice(deal: Deal, choice: str) -> Card | Suit:
    """The reader's choice: a suit while trump is to be named (a card there is refused), else a card."""
    if deal.phase is Phase.NAME_TRUMP:
        try:
            return Suit.parse(choice)
        except InvalidCardError:
            pass
    return Card.parse(choice)


def read_choice(toml_text: str, at: int, choice: str, source: str) -> tuple[Scenario, Step, Deal, Card | Suit]:
    """The example, its question at ``at``, the deal there, and the reader's ``choice`` read for that deal.

    A choice that is no card (or suit) is a :class:`ScenarioError` naming the question.
    """
    scenario = loads(toml_text, source)
    step, deal = question_at(scenario, at)
    try:
        return scenario, step, deal, parse_choice(deal, choice)
    except InvalidCardError as error:
        raise ScenarioError(f"{source}: question at position {at}: {error}") from None


def refused(deal: Deal, chosen: Card | Suit, lang: str, at: int) -> dict[str, Any] | None:
    """The ``illegal`` verdict when the rules forbid ``chosen``, else ``None``: the rule in words (``text``), the
    clause that forbids it (``clause``) and, as ``html``, that text with a link to the clause's rule."""
    refusal = deal.refusal(chosen) if isinstance(chosen, Card) else None
    if refusal is None:
        return None
    text = translate(lang, "Not allowed: {reason}", reason=refusal_text(refusal, lang, deal.names))
    return {"verdict": "illegal", "at": at, "text": text, "clause": refusal.clause,
            "html": f"<p>{escape(text)} {rule_link_html(refusal.clause, lang)}</p>"}


def judged_json(judge: Callable[..., dict[str, Any]], *args: Any) -> str:
    """``judge(*args)`` as JSON text (the worker's request), or ``{"error": ...}`` for a bad request."""
    try:
        result = judge(*args)
    except ScenarioError as error:
        result = {"error": str(error)}
    return json_text(result)


def _followed(document: dict[str, Any], at: int, lang: str) -> list[str]:
    """What followed the reader's choice, in sentences: who won that trick, who went out, who won the deal."""
    narrator = Narrator(lang, document["players"], None, viewer=EVERYONE)
    events = [event_from_json(e) for step in document["steps"][at + 1:] for e in step["events"]]
    first_trick = next((e for e in events if isinstance(e, TrickWon)), None)
    told = [e for e in events if e is first_trick or isinstance(e, _OUTCOME_EVENTS)]
    return narrator.narrate(told)


def answer(toml_text: str, lang: str, at: int, choice: str, source: str = "<example>") -> dict[str, Any]:
    """Judge the reader's ``choice`` (a card code, or a suit letter when trump is named) at question ``at``.

    Returns ``verdict`` (``example``, ``other`` or ``illegal``) and ``text``, the sentence to show;
    for ``other`` also ``followed`` (sentences) and ``steps``, the walkthrough steps of the continuation
    (the example's steps up to ``at``, then the reader's choice, then the bots), as
    :func:`linger_longer.web.walkthrough.branch` gives them.
    """
    scenario, step, deal, chosen = read_choice(toml_text, at, choice, source)
    player = deal.names[deal.to_act]  # type: ignore[index]
    if chosen in (step.card, step.suit):
        return {"verdict": "example", "at": at,
                "text": translate(lang, "Right: that is the example's choice.")}
    illegal = refused(deal, chosen, lang, at)
    if illegal is not None:
        return illegal
    document = branch(toml_text, lang, at, chosen.letter if isinstance(chosen, Suit) else chosen.code, source)
    if isinstance(chosen, Suit):
        text = translate(lang, "{player} may name {suit}, but the example names another suit. "
                         "The rule-of-thumb players went on from there:", player=player, suit=suit_name(chosen, lang))
    else:
        text = translate(lang, "{player} may play {card}, but the example plays another card. "
                         "The rule-of-thumb players went on from there:", player=player, card=chosen.label(lang))
    return {"verdict": "other", "at": at, "text": text, "followed": _followed(document, at, lang),
            "steps": document["steps"]}


def answer_json(toml_text: str, lang: str, at: int, choice: str, source: str = "<example>") -> str:
    """:func:`answer` as JSON text (the worker's request), or ``{"error": ...}`` for a bad request."""
    return judged_json(answer, toml_text, lang, at, choice, source)
