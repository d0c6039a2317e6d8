"""The table after a step as JSON-ready data: trump, stock, seats and hands, the trick, for a viewer.

The data is the renderer's input (:func:`linger_longer.web.render.render_step_html`),
so a hand the viewer may not see is never in it: the seat carries only how many
cards it holds.
"""

from __future__ import annotations

from typing import Any, Iterable

from ..cards import Card
from ..clauses import clause
from ..events import CardPlayed, Event, TrickWon
from ..game import Deal, Phase
from ..narrate import EVERYONE, card_name, refusal_text

__all__ = ["TrickTable", "hand_choices", "shows_hand", "table_view"]


class TrickTable:
    """Follows the trick on the table across steps (the deal clears a trick as soon as it is won).

    ``stock_shown``: how many of the stock's next cards the table shows face up, in order (a puzzle whose
    answer depends on who draws which card; every card of a worked example is known).
    """

    def __init__(self, stock_shown: int = 0) -> None:
        self.plays: list[tuple[int, Card]] = []
        self.winner: int | None = None
        self.stock_shown = stock_shown

    def see(self, events: Iterable[Event]) -> None:
        """Take in one step's events; the first card after a won trick starts a new trick."""
        for event in events:
            if isinstance(event, CardPlayed):
                if self.winner is not None:
                    self.plays, self.winner = [], None
                self.plays.append((event.seat, event.card))
            elif isinstance(event, TrickWon):
                self.winner = event.seat


def hand_choices(deal: Deal, lang: str) -> list[dict[str, Any]]:
    """The hand of the player to act, each card marked legal or with the rule that forbids it (its reason in
    words, and ``rule``, the address of the clause on the site)."""
    if deal.phase is not Phase.PLAY:
        return []
    hand = deal.hand(deal.to_act)  # type: ignore[arg-type]
    result = []
    for card in hand:
        refusal = deal.refusal(card)
        result.append({
            "card": card.code, "label": card.label(lang), "name": card_name(card, lang),
            "legal": refusal is None,
            "reason": refusal_text(refusal, lang, deal.names) if refusal else None,
            "rule": clause(refusal.clause).href if refusal else None,
        })
    return result


def shows_hand(deal: Deal, seat: int, viewer: int | None) -> bool:
    """Whether ``viewer`` sees ``seat``'s hand: their own always, every hand once the deal is over."""
    return viewer is EVERYONE or seat == viewer or deal.is_over


def table_view(deal: Deal, table: TrickTable, *, viewer: int | None) -> dict[str, Any]:
    """The table as ``viewer`` (a seat, or :data:`~linger_longer.narrate.EVERYONE`: no default) sees it; a hand the
    viewer does not see is ``"hand": []`` and ``"hidden": count``."""
    outcome = deal.outcome
    seats = []
    for seat in range(deal.players):
        hand = deal.hand(seat)
        info: dict[str, Any] = {"name": deal.names[seat], "hand": [c.code for c in hand], "out": deal.is_out(seat),
                                "tricks": deal.tricks_won[seat]}
        if not shows_hand(deal, seat, viewer):
            info["hand"], info["hidden"] = [], len(hand)
        seats.append(info)
    view: dict[str, Any] = {
        "phase": deal.phase.value,
        "trump": deal.trump.letter if deal.trump else None,
        "turned_card": deal.turned_card.code if deal.turned_card else None,
        "dealer": deal.dealer,
        "stock": deal.stock_size,
        "to_act": deal.to_act,
        "leader": deal.leader,
        "seats": seats,
        "trick": [{"seat": s, "card": c.code} for s, c in table.plays],
        "trick_winner": table.winner,
        "winner": outcome.winner if outcome else None,
    }
    if table.stock_shown and viewer is EVERYONE:  # a puzzle's known stock, next card first
        view["stock_next"] = [card.code for card in deal.stock[:table.stock_shown]]
    return view
