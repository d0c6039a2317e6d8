"""The floor: the cheapest deal found that keeps every promise of the engine's API, to count the engine against.

:func:`tools.bench.engine.bare_playout` plays the rules with nothing else: cards
as ints, no object, no checks, no events. The engine must do more than that,
and each thing it must do costs instructions whatever the code looks like.
:class:`FloorDeal` is the compact implementation with the cheapest form found
of each of those obligations added, so its count is the least an engine with
this API can spend on a random playout; the engine is measured against it.

It is a measuring reference, not a second rules engine: nothing imports it but
the engine benchmark (``tools.bench.engine.instructions``) and its test, which
checks that it plays exactly the engine's deals (the same events play for play).
It keeps what undo and the trick records need, and pays for keeping it, but
offers neither undo nor the records' reading, which a random playout never asks for.

The obligations, in the order they were added to the compact implementation,
each in its cheapest form found. Instructions per random 4-player playout
(standard profile), counted as ``tools.bench.engine.instructions()`` counts:
callgrind, a script of the same form as the benchmark's (a module-level loop
over deals from ``random.Random(1)``, ``rng.choice`` for each card), the count
of 1,000 deals less that of none, divided by 1,000; here with
``PYTHONHASHSEED=0`` (the benchmark leaves it unset, and its counts move by
about 0.5k from run to run). Measured under CPython 3.11.7 on one day, each
step cumulative; from S1 on every step played the engine's 1,000 deals (the
same winner after the same tricks).

====  ===========================================================================  =======  ======  =======
step  obligation added (cheapest form found)                                       instr.   added   compact
                                                                                                      / this
====  ===========================================================================  =======  ======  =======
S0    the compact implementation (``random.shuffle``, ints, locals)                314.2k           1.000x
S1    the engine's seeded shuffle (the deck sorted by the generator's floats)      242.1k   -72.1k  1.298x
S2    a deal object: the loop reads ``deal.to_act`` (a read-only property) and     293.7k   +51.6k  1.070x
      calls ``legal_plays()`` and ``play()``; its state in slots
S3    ``Card`` objects at the edge: hands as 52-bit card sets, ``legal_plays()``   300.3k   +6.6k   1.046x
      returns ``cards_in(...)``, ``play()`` takes a Card
S4    the pure functions of ``trick.py``: ``legal_plays(hand, led)`` each turn,    333.4k   +33.1k  0.942x
      ``trick_winner(cards, trump)`` at the trick's end (so the table is a list)
S5    ``play()`` refuses an illegal card (the legal set worked out once a turn)    344.3k   +10.9k  0.913x
S6    a move stack (one append an action)                                          349.4k   +5.1k   0.899x
S7    a record of each trick (one plain tuple: trick won, seats, drawn, went      360.8k   +11.4k  0.871x
      out, trump)
S8    events returned (the engine's; those naming only seats, a card or a          416.0k   +55.2k  0.755x
      reason made once and shared; one new ``TrickWon`` a trick: 22.0k of it)
S9    every variant: the rules read at set-up and at each trick's end (hand       427.3k   +11.3k  0.735x
      size, trump source, draws, elimination order, the last-card end); the
      set-up events
====  ===========================================================================  =======  ======  =======

The engine counted 453.7k that day (0.692x), and 441.4k once its play was
tuned to cost what the floor's does (0.713x; what was left above the floor was
its general constructor's set-up). So an engine with this API cannot reach
0.9x the compact implementation's count (349k or fewer): that budget is spent
by S6, before the trick records and the events. Two obligations priced more
finely: ``to_act`` as a read-only property costs 12.4k against a plain
attribute; the seeded shuffle alone costs 48.0k a deal against
``random.shuffle``'s 123.0k, so against a compact implementation that shuffled
as the engine must (242.1k), the floor would be at 0.567x.

:class:`FloorDeal` is S9 as code, with the trump turned from the stock
(``random-trump``) and named by the first trick's winner (``grand-coup``) as
well: branches the standard profile does not take. It hands out the engine's
own shared events (:mod:`linger_longer.shared_events`), as the engine does. As committed it counts
about 429k (0.73x); ``nox -s bench`` counts it beside the engine and the
compact implementation.
"""

from __future__ import annotations

import random
from functools import partial

from linger_longer import (
    FULL_DECK,
    CardPlayed,
    Event,
    IllegalPlayError,
    Rules,
    Suit,
    TrickWon,
    TrumpNamed,
    cards_in,
    legal_plays,
    trick_winner,
)
from linger_longer.rules import TrumpSource
from linger_longer.shared_events import (
    CARD_DRAWN,
    LEAD_PASSED,
    PLAYED,
    PLAYER_OUT,
    STOCK_EMPTY,
    WON_HOLDING,
    WON_LAST_TRICK,
    WON_WITH_THE_STOCK,
    trick_started,
    trump_turned,
)

__all__ = ["FloorDeal"]

# Enum members read once into module names: read from their class under CPython 3.11 each costs about 1k instructions.
_DEALER_CARD, _STOCK_CARD, _NAMED_LATER = (
    TrumpSource.DEALER_CARD, TrumpSource.STOCK_CARD, TrumpSource.NAMED_BY_FIRST_WINNER)
def _go_out(hands: list[int], seats: tuple[int, ...], events: list[Event]) -> tuple[int, ...]:
    """The players of the trick whose hand is empty go out (rare: not worth writing out in the trick's end)."""
    gone = tuple([seat for seat in seats if not hands[seat]])
    for seat in gone:  # a loop: extend() of a generator cost 6k instructions a playout
        events.append(PLAYER_OUT[seat])
    return gone


class FloorDeal:
    """One deal from a seed, played as the engine's :class:`~linger_longer.Deal` plays it, at the least cost found.

    Same deck from the same generator, same legal plays, same events; the dealer is
    seat ``dealer``. ``to_act`` is None once the deal has a winner (:attr:`winner`).
    """

    __slots__ = ("rules", "players", "setup_events", "_hands", "_stock", "_drawn", "_trump", "_names_trump",
                 "_naming", "_to_act", "_legal", "_led", "_table", "_seats", "_holding", "_number", "_tricks",
                 "_moves", "_won")

    def __init__(self, rules: Rules, players: int, rng: random.Random, dealer: int = 0) -> None:
        cards = sorted(FULL_DECK, key=partial(next, iter(rng.random, None)))  # the engine's seeded shuffle
        leader = (dealer + 1) % players
        dealt = rules.hand_size(players) * players
        hands = []
        for seat in range(players):  # one card at a time clockwise from the dealer's left
            bits = 0
            for card in cards[(seat - leader) % players:dealt:players]:
                bits |= card.mask
            hands.append(bits)
        stock = cards[dealt:]
        source = rules.trump_source
        trump, self.setup_events = None, ()
        if source is _DEALER_CARD:  # the dealer's last card shows trump
            trump, self.setup_events = cards[dealt - 1].suit, trump_turned(cards[dealt - 1].index, dealer)
        elif source is _STOCK_CARD:  # random-trump: the top stock card, turned to the bottom of the stock
            stock.append(stock.pop(0))
            trump, self.setup_events = stock[-1].suit, trump_turned(stock[-1].index, None)
        self.rules = rules
        self.players = players
        self._hands = hands
        self._stock = tuple(stock)
        self._drawn = 0
        self._trump = trump
        self._names_trump = source is _NAMED_LATER
        self._naming = False
        self._to_act = leader
        self._legal = hands[leader]  # the leader may play any card
        self._led = None
        self._table = []
        self._seats = []
        self._holding = players
        self._number = 1  # of the trick on the table (a count: len(self._tricks) + 1 costs 0.7k a playout)
        self._tricks = []
        self._moves = []
        self._won = None

    @property
    def to_act(self) -> int | None:
        """The seat whose action the deal waits for, or None when it is over."""
        return self._to_act

    @property
    def winner(self) -> int | None:
        """The seat that won the deal, or None while it goes on."""
        return self._won.seat if self._won is not None else None

    @property
    def tricks_played(self) -> int:
        return len(self._tricks)

    def legal_plays(self) -> tuple:
        """The cards the player to act may play, sorted; empty unless a card is awaited."""
        return cards_in(self._legal)

    def play(self, card) -> tuple[Event, ...]:
        """The player to act plays ``card``; an illegal play raises :class:`~linger_longer.IllegalPlayError`."""
        seat = self._to_act
        try:
            mask = card.mask
            if not self._legal & mask:
                raise IllegalPlayError(f"{card} is not a legal play")
            played = PLAYED[seat][card.index]
        except AttributeError:
            raise IllegalPlayError(f"{card!r} is not a card") from None
        hands = self._hands
        hands[seat] ^= mask
        self._moves.append(card)
        table = self._table
        table.append(card)
        self._seats.append(seat)
        if len(table) == self._holding:
            return self._finish_trick(played[0])
        if len(table) == 1:
            self._led = card.suit
            played = trick_started(self._number, seat), played[0]
        players = self.players
        seat = (seat + 1) % players
        while not hands[seat]:  # an out player is skipped
            seat = (seat + 1) % players
        self._to_act = seat
        self._legal = legal_plays(hands[seat], self._led)
        return played

    def name_trump(self, suit: Suit) -> tuple[Event, ...]:
        """Under ``grand-coup``, the first trick's winner names the trump suit."""
        if not self._naming or not isinstance(suit, Suit):
            raise IllegalPlayError(f"{suit!r} cannot be named for trump now")
        self._moves.append(suit)
        self._trump, self._naming = suit, False
        self._legal = self._hands[self._to_act]
        return (TrumpNamed(self._to_act, suit),)

    def _finish_trick(self, played: CardPlayed) -> tuple[Event, ...]:
        """The winner takes the trick, draws, empty hands go out (before the draw with ``eliminate-before-draw``),
        the deal ends if it has a winner, else the winner (or the next player still in) leads."""
        rules, hands, players = self.rules, self._hands, self.players
        cards, seats = tuple(self._table), tuple(self._seats)
        winner = seats[trick_winner(cards, self._trump)]
        self._table = []
        self._seats = []
        trick_won = TrickWon(winner, cards, self._number)
        self._number += 1
        events = [played, trick_won]
        emptied = hands.count(0) > players - self._holding
        went_out = ()
        if emptied and rules.eliminate_before_draw:
            went_out = _go_out(hands, seats, events)
        drawn = ()
        if hands[winner] or not went_out:  # the winner draws unless it has just gone out
            start = self._drawn
            drawn = self._stock[start:start + (len(cards) if rules.draws_per_card else 1)]
            if drawn:
                self._drawn = start + len(drawn)
                for card in drawn:
                    hands[winner] |= card.mask
                    events.append(CARD_DRAWN[winner][card.index])
                if self._drawn == len(self._stock):
                    events.append(STOCK_EMPTY)
        if emptied and not rules.eliminate_before_draw:
            went_out = _go_out(hands, seats, events)
        holding = players - hands.count(0)
        self._tricks.append((trick_won, seats, drawn, went_out, self._trump))
        if went_out or self._drawn == len(self._stock):  # only these end a deal
            won = None
            if drawn and self._drawn == len(self._stock) and rules.deal_ends_with_stock:
                won = WON_WITH_THE_STOCK[winner]
            elif holding == 1:
                won = WON_HOLDING[next(seat for seat in range(players) if hands[seat])]
            elif holding == 0:
                won = WON_LAST_TRICK[winner]
            if won is not None:
                self._won = won
                self._to_act, self._legal = None, 0
                events.append(won)
                return tuple(events)
        leader = winner
        while not hands[leader]:  # an out winner passes the lead clockwise
            leader = (leader + 1) % players
        if leader != winner:
            events.append(LEAD_PASSED[winner][leader])
        self._to_act, self._led, self._holding = leader, None, holding
        if self._trump is None and self._names_trump:  # grand-coup: trump is named before the second trick
            self._legal, self._naming = 0, True
        else:
            self._legal = hands[leader]
        return tuple(events)
