"""The tables the Play page shows between two of the human's turns, one per thing that happens.

After the human's card the engine has already played the computer's cards up to
the human's next turn (or the end of the deal). The page shows that stretch of
play paced, as a card table would: each card arrives alone, a finished trick
stays on the felt with its winner marked before it is gathered, the drawn card
goes to the winner afterwards. This module replays the stretch and renders each
table on the way, for the human's seat only (a hand that seat has not seen is
only a count, as in every view), so the page places and times them and decides
nothing. The last table of the stretch is the view's own (``html``): it is not
repeated here.

Each step is ``{"kind", "html"}``: ``kind`` is ``"card"`` (a card was played),
``"trick"`` (the trick is complete, its winner marked, before the draw) or
``"gathered"`` (the trick went to its winner, who drew). The words of the
stretch stay the view's (``recent``), said once the table is the view's.

A walkthrough paces its steps with the same beats (:func:`step_beats`): each
step is one card, so stepping forward onto a step shows the previous trick
gathered first when the step's card starts a new trick, and the complete trick
before the winner draws when the step's card ends one; then the step's own
table.

>>> from .settings import Settings
>>> from .record import Game
>>> game = Game(Settings(players=4, seed=5, seat=2))
>>> game.bots_play()
>>> steps = paced_steps(game, 0, "en", game.current.deal.names)
>>> [s["kind"] for s in steps][:1]
['card']
"""

from __future__ import annotations

from typing import Any, Sequence

from ..events import CardPlayed, Event, TrickWon
from ..game import Deal
from .record import Game, parse_action
from .render import render_step_html
from .table import TrickTable, table_view

__all__ = ["STEP_KINDS", "finished_trick", "paced_steps", "step_beats"]

#: What a step shows: a card played, a complete trick (winner marked, nothing drawn yet), the trick gathered.
STEP_KINDS = ("card", "trick", "gathered")


def finished_trick(before: dict[str, Any], events: Sequence[Event], trick: TrickTable) -> dict[str, Any]:
    """The table the moment a trick is complete: ``before`` (the table before its last card) with that card
    on the trick and the winner marked, nothing gathered or drawn yet, nobody to act."""
    seats = [dict(seat) for seat in before["seats"]]
    for event in events:
        if isinstance(event, CardPlayed):
            seat = seats[event.seat]
            if "hidden" in seat:
                seat["hidden"] -= 1
            else:
                seat["hand"] = [code for code in seat["hand"] if code != event.card.code]
    return {**before, "seats": seats, "to_act": None,
            "trick": [{"seat": s, "card": c.code} for s, c in trick.plays], "trick_winner": trick.winner}


def _gathered(after: dict[str, Any]) -> dict[str, Any]:
    """The table once the finished trick went to its winner's pile: the felt is clear."""
    return {**after, "trick": [], "trick_winner": None}


def step_beats(before: dict[str, Any] | None, events: Sequence[Event],
               trick: TrickTable) -> list[tuple[str, dict[str, Any]]]:
    """The tables shown, as ``(kind, table)``, between ``before`` (the table a walkthrough shows now) and the
    table after one action's ``events`` (``trick`` has seen them): the finished trick of ``before`` gathered
    when the action's card starts a new trick, the complete trick before the draw when it ends one.

    >>> from ..cards import Card
    >>> before = {"seats": [{"hand": ["AS"]}, {"hand": ["KS"]}], "trick": [{"seat": 0, "card": "QS"}],
    ...           "trick_winner": None, "to_act": 1}
    >>> table = TrickTable()
    >>> table.see([CardPlayed(seat=0, card=Card.parse("QS"))])
    >>> events = [CardPlayed(seat=1, card=Card.parse("KS")), TrickWon(seat=1, cards=(), number=1)]
    >>> table.see(events)
    >>> [(kind, t["trick_winner"], t["seats"][1]["hand"]) for kind, t in step_beats(before, events, table)]
    [('trick', 1, [])]
    """
    if before is None:
        return []
    beats: list[tuple[str, dict[str, Any]]] = []
    if before["trick_winner"] is not None and any(isinstance(event, CardPlayed) for event in events):
        beats.append(("gathered", _gathered(before)))
    if any(isinstance(event, TrickWon) for event in events):
        beats.append(("trick", finished_trick(before, events, trick)))
    return beats


def paced_steps(game: Game, since: int, lang: str, names: Sequence[str], through: bool = False) -> list[dict[str, Any]]:
    """The tables shown one after another from the current deal's action ``since`` on, for the human's seat.

    The deal is replayed from its start (the same seed, dealer and actions), so each table is exactly the
    one the deal passed through; ``names`` are the seats' names as the page shows them. With ``through``
    (the computer plays on after this view), the last action's tables are steps too, as they would be
    inside a longer stretch, so the views of one stretch asked one action at a time show its tables.
    """
    played = game.current
    human = game.settings.seat
    deal = Deal.new(game.settings.rules, game.settings.players, seed=played.seed, dealer=played.dealer,
                    names=played.deal.names)
    trick = TrickTable()
    last = len(played.actions) if through else len(played.actions) - 1
    steps: list[dict[str, Any]] = []

    def add(kind: str, table: dict[str, Any]) -> None:
        html = render_step_html({"table": table, "choices": []}, lang, f"pace-{played.index}-{len(steps)}",
                                names, bottom=human)
        steps.append({"kind": kind, "html": html})

    for index, code in enumerate(played.actions):
        before = table_view(deal, trick, viewer=human) if index >= since else None
        events = deal.apply(parse_action(code))
        trick.see(events)
        if before is None:
            continue
        if any(isinstance(event, TrickWon) for event in events):
            add("trick", finished_trick(before, events, trick))
            if index < last:
                add("gathered", _gathered(table_view(deal, trick, viewer=human)))
        elif index < last:
            add("card", table_view(deal, trick, viewer=human))
    return steps

