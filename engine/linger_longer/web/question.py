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
from ..i18n import N_, translate, translate_plural
from ..narrate import EVERYONE, Narrator, card_name, refusal_text, suit_name
from ..scenario import Scenario, ScenarioError, Step, loads
from ..solver import solve
from ..trick import beats, trick_winner
from .json_text import json_text
from .render import escape
from .rule_links import rule_link_html
from .walkthrough import branch, play_on

__all__ = ["MARKS", "answer", "answer_json", "judged_json", "parse_choice", "question_at", "questions", "read_choice", "refused",
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
            "why": step.why,
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
    return {"verdict": "illegal", "at": at, "text": text, "clause": refusal.clause, "mark": "wrong",
            "symbol": MARKS["wrong"][0], "word": translate(lang, MARKS["wrong"][1]),
            "html": f"<p>{escape(text)} {rule_link_html(refusal.clause, lang)}</p>"}


def judged_json(judge: Callable[..., dict[str, Any]], *args: Any) -> str:
    """``judge(*args)`` as JSON text (the worker's request), or ``{"error": ...}`` for a bad request."""
    try:
        result = judge(*args)
    except ScenarioError as error:
        result = {"error": str(error)}
    return json_text(result)


def _followed(document: dict[str, Any], at: int, lang: str) -> list[str]:
    """What followed the reader's choice, one sentence per trick: "Trick 3: A wins the trick. B … is out."

    Each trick of the continuation is told by its number, with who won it and who went out after it;
    the deal's end closes the last trick's line.
    """
    narrator = Narrator(lang, document["players"], None, viewer=EVERYONE)
    events = [event_from_json(e) for step in document["steps"][at + 1:] for e in step["events"]]
    tricks: list[tuple[int | None, list[Any]]] = []
    for event in events:
        if isinstance(event, TrickWon):
            tricks.append((event.number, [event]))
        elif isinstance(event, _OUTCOME_EVENTS):
            if not tricks:
                tricks.append((None, []))
            tricks[-1][1].append(event)
    lines = []
    for number, told in tricks:
        said = " ".join(narrator.narrate(told))
        lines.append(said if number is None else translate(lang, "Trick {number}: {events}", number=number,
                                                               events=said))
    return lines


def _trick_best(deal: Deal) -> Card | None:
    """The card winning the trick on the table so far, or ``None`` before the lead."""
    cards = [card for _, card in deal.trick]
    return cards[trick_winner(cards, deal.trump)] if cards else None


def _cannot_win(deal: Deal, example: Card | Suit | None, chosen: Card, lang: str) -> str | None:
    """Why ``chosen`` is wrong when the example's card takes the trick and ``chosen`` cannot, else ``None``.

    "J♥ cannot win the trick: it is neither trump nor the suit led. Only 4♠ can win it."
    """
    best = _trick_best(deal)
    if best is None or not isinstance(example, Card):
        return None
    trump = deal.trump
    if not beats(example, best, trump) or beats(chosen, best, trump):
        return None
    card = chosen.label(lang)
    if chosen.suit is best.suit:
        why = translate(lang, "{card} cannot win the trick: {best}, already in it, is higher.",
                        card=card, best=best.label(lang))
    elif trump is None:
        why = translate(lang, "{card} cannot win the trick: it is not of the suit led, and no suit is trump.",
                        card=card)
    else:
        why = translate(lang, "{card} cannot win the trick: it is neither trump nor the suit led.", card=card)
    winners = [c for c in deal.legal_plays() if beats(c, best, trump)]
    only = translate_plural(lang, "Only {cards} can win it.", "Only {cards} can win it.", len(winners),
                            cards=", ".join(c.label(lang) for c in winners))
    return f"{why} {only}"


def _loses_deal(deal: Deal, example: Card | Suit, chosen: Card | Suit,
                lang: str) -> tuple[str, tuple[Card | Suit, ...]] | None:
    """Why ``chosen`` is wrong when, with best play from everyone, the example's choice lets the player to act win
    the deal and ``chosen`` does not (the solver's verdict), with the solver's line from ``chosen``; else ``None``."""
    values = {value.action: value for value in solve(deal).actions}
    mine, theirs = values.get(example), values.get(chosen)
    if mine is None or theirs is None or not (mine.known and theirs.known):
        return None
    seat = deal.to_act
    if mine.winner != seat or theirs.winner == seat:
        return None
    player, winner = deal.names[seat], deal.names[theirs.winner]  # type: ignore[index]
    if isinstance(chosen, Suit):
        text = translate(lang, "If {player} names {suit}, {player} cannot win the deal: with best play from "
                         "everyone, {winner} wins it.", player=player, suit=suit_name(chosen, lang), winner=winner)
    else:
        text = translate(lang, "With {card}, {player} cannot win the deal: with best play from everyone, "
                         "{winner} wins it.", player=player, card=chosen.label(lang), winner=winner)
    return text, theirs.line


def _also_right(deal: Deal, example: Card | Suit, chosen: Card | Suit,
                lang: str) -> tuple[str, tuple[Card | Suit, ...]] | None:
    """Why ``chosen`` answers the question as well as the example's choice does, else ``None``: it too takes the
    trick that the example's card takes (no line), or it too keeps the player able to win the deal with best play
    (with the solver's line from ``chosen``)."""
    best = _trick_best(deal)
    player = deal.names[deal.to_act]  # type: ignore[index]
    if (best is not None and isinstance(example, Card) and isinstance(chosen, Card)
            and beats(example, best, deal.trump) and beats(chosen, best, deal.trump)):
        return translate(lang, "{card} wins the trick too.", card=chosen.label(lang)), ()
    values = {value.action: value for value in solve(deal).actions}
    mine, theirs = values.get(example), values.get(chosen)
    if mine is None or theirs is None or not mine.winner == theirs.winner == deal.to_act:
        return None
    if isinstance(chosen, Suit):
        return translate(lang, "Naming {suit} works too: with best play from everyone, {player} still wins the "
                         "deal.", suit=suit_name(chosen, lang), player=player), theirs.line
    return translate(lang, "{card} works too: with best play from everyone, {player} still wins the deal.",
                     card=chosen.label(lang), player=player), theirs.line


#: The words that lead a verdict, after its mark (✓ or ✗), by ``mark``.
MARKS: dict[str, tuple[str, str]] = {"right": ("✓", N_("Right.")), "wrong": ("✗", N_("Wrong."))}


def _marked(lang: str, mark: str, text: str) -> dict[str, str]:
    """The verdict's ``mark`` (``right`` or ``wrong``), its symbol and its word, and its ``text`` after them."""
    symbol, word = MARKS[mark]
    return {"mark": mark, "symbol": symbol, "word": translate(lang, word), "text": f"{translate(lang, word)} {text}"}


def _judged(deal: Deal, example: Card | Suit, chosen: Card | Suit,
            lang: str) -> tuple[str, str | None, tuple[Card | Suit, ...]]:
    """The engine's verdict on a legal ``chosen`` other than the example's: its mark (``wrong`` when it cannot win
    the trick the example's card wins or loses the deal the example's choice wins, else ``right``), the reason
    (``None`` when no rule tells the choices apart) and the solver's line from ``chosen``, if any."""
    line: tuple[Card | Suit, ...] = ()
    reason = _cannot_win(deal, example, chosen, lang) if isinstance(chosen, Card) else None
    if reason is None:
        lost = _loses_deal(deal, example, chosen, lang)
        if lost is not None:
            reason, line = lost
    mark = "wrong" if reason is not None else "right"
    if reason is None:
        also = _also_right(deal, example, chosen, lang)
        if also is not None:
            reason, line = also
    return mark, reason, line


def _guided(at: int, lang: str, mark: str, reason: str | None) -> dict[str, Any]:
    """The ``guided`` verdict on a legal card other than the script's, in a guided example: the reader stays at
    the question (the page adds the script's ``why``). ``text`` is the engine's reason, empty when no rule tells
    the card from the script's (the ``why`` says it all); ``mark`` is ``wrong`` only when the engine finds it worse."""
    if reason is None:
        return {"verdict": "guided", "at": at, "text": "", "mark": ""}
    if mark == "wrong":
        return {"verdict": "guided", "at": at, **_marked(lang, "wrong", reason)}
    return {"verdict": "guided", "at": at, "text": reason, "mark": ""}


def answer(toml_text: str, lang: str, at: int, choice: str, source: str = "<example>") -> dict[str, Any]:
    """Judge the reader's ``choice`` (a card code, or a suit letter when trump is named) at question ``at``.

    Returns ``verdict`` (``example``, ``other``, ``illegal``, or in a guided example ``guided``: see
    :func:`_guided`), ``text``, the sentence to show, and for a legal
    choice ``mark`` (``right`` or ``wrong``), its ``symbol`` (✓ or ✗) and ``word``. The engine gives the reason from
    the rules, in the page's language: the example's card is right; another legal card is wrong when it cannot win
    the trick the example's card wins, or when it loses the deal with best play from everyone where the example's
    choice wins it (the solver); it is right too when it answers as well. For ``other`` the answer also carries
    ``followed`` (one sentence per trick) and ``steps``, the walkthrough steps of the continuation: the solver's
    line when the deal was lost, else the seeded rule-of-thumb players
    (:func:`linger_longer.web.walkthrough.branch`).
    """
    scenario, step, deal, chosen = read_choice(toml_text, at, choice, source)
    player = deal.names[deal.to_act]  # type: ignore[index]
    example = step.card if step.card is not None else step.suit
    if chosen == example:
        return {"verdict": "example", "at": at,
                **_marked(lang, "right", translate(lang, "That is the example's choice."))}
    illegal = refused(deal, chosen, lang, at)
    if illegal is not None:
        return illegal
    assert example is not None  # a question is asked on a play or name_trump step
    mark, reason, line = _judged(deal, example, chosen, lang)
    if scenario.guided is not None:
        return _guided(at, lang, mark, reason)
    if reason is None:  # no rule tells the choices apart: the continuation shows what followed
        mark = ""
        reason = (translate(lang, "{player} may name {suit}, but the example names another suit.", player=player,
                            suit=suit_name(chosen, lang)) if isinstance(chosen, Suit) else
                  translate(lang, "{player} may play {card}, but the example plays another card.", player=player,
                            card=chosen.label(lang)))
    if line:
        moves = iter(line)
        document = play_on(scenario, scenario.check(), at, lambda _deal: next(moves, None), lang, source, "s")
        then = translate(lang, "With best play from everyone:")
    else:
        document = branch(toml_text, lang, at, chosen.letter if isinstance(chosen, Suit) else chosen.code, source)
        then = translate(lang, "The rule-of-thumb players went on from there:")
    judged = _marked(lang, mark, reason) if mark else {"text": reason}
    return {"verdict": "other", "at": at, **judged, "then": then, "followed": _followed(document, at, lang),
            "steps": document["steps"]}


def answer_json(toml_text: str, lang: str, at: int, choice: str, source: str = "<example>") -> str:
    """:func:`answer` as JSON text (the worker's request), or ``{"error": ...}`` for a bad request."""
    return judged_json(answer, toml_text, lang, at, choice, source)
