"""The events a deal makes once and shares, instead of making a new one for every card.

Events are frozen values, so two deals (or two tricks) may hand out the same
object: an event that names only seats, a card or a reason is made here once,
at import, and every :class:`~linger_longer.game.Deal` returns these. Making a
new frozen dataclass costs about 6k instructions (callgrind); the module
docstring of :mod:`~linger_longer.game` gives what sharing saves a playout.
The event that closes a trick, :class:`~linger_longer.events.TrickWon`, names
its cards and is made for each trick, as a slotted dataclass that is not frozen
and so costs about a third as much to make (its docstring gives the figures).
"""

from __future__ import annotations

from functools import cache

from .cards import FULL_DECK
from .events import (
    CardDrawn,
    CardPlayed,
    DealWon,
    EndReason,
    LeadPassed,
    PlayerOut,
    ShuffledAndCut,
    StockEmpty,
    TrickStarted,
    TrumpTurned,
)

__all__ = [
    "CARD_DRAWN", "LEAD_PASSED", "PLAYED", "PLAYER_OUT", "STOCK_EMPTY", "WON_HOLDING", "WON_LAST_TRICK",
    "WON_WITH_THE_STOCK", "shuffled_and_cut", "trick_started", "trump_turned",
]

_SEATS = range(6)
#: ``PLAYED[seat][card.index]``: a card played, as the one-event tuple ``play()`` returns when the trick goes on.
PLAYED = [[(CardPlayed(seat, card),) for card in FULL_DECK] for seat in _SEATS]
#: ``CARD_DRAWN[seat][card.index]``: a card drawn from the stock.
CARD_DRAWN = [[CardDrawn(seat, card) for card in FULL_DECK] for seat in _SEATS]
#: ``PLAYER_OUT[seat]``: a player with an empty hand goes out.
PLAYER_OUT = [PlayerOut(seat) for seat in _SEATS]
#: ``LEAD_PASSED[winner][leader]``: a trick's winner who went out passes the lead on.
LEAD_PASSED = [[LeadPassed(seat, to) for to in _SEATS] for seat in _SEATS]
#: The deal-won events, a list by seat for each reason (an enum member is hashed in Python, so not a dict keyed
#: by reason).
WON_WITH_THE_STOCK, WON_HOLDING, WON_LAST_TRICK = (
    [DealWon(seat, reason) for seat in _SEATS]
    for reason in (EndReason.STOCK_EXHAUSTED, EndReason.LAST_HOLDING, EndReason.LAST_TRICK)
)
#: The stock's last card has been drawn.
STOCK_EMPTY = StockEmpty()


@cache
def trick_started(number: int, leader: int) -> TrickStarted:
    """The shared event that opens trick ``number``, led by ``leader``."""
    return TrickStarted(number, leader)


@cache
def trump_turned(card: int, seat: int | None) -> tuple[TrumpTurned]:
    """The shared set-up events of a deal whose turned card is ``FULL_DECK[card]``, kept by ``seat`` (None: it
    went under the stock). Made once, not per deal: 1% of a random playout (callgrind)."""
    return (TrumpTurned(card=FULL_DECK[card], seat=seat),)


@cache
def shuffled_and_cut(dealer: int, players: int) -> tuple[ShuffledAndCut]:
    """The shared first set-up event of a fresh deal: ``dealer`` shuffles, the player on their right cuts."""
    return (ShuffledAndCut(dealer=dealer, cutter=(dealer - 1) % players),)
