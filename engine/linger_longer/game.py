"""One deal of Linger Longer: the deal itself, tricks, drawing, going out and the end.

A :class:`Deal` is set up from a seed, from an explicit deck order, or from a
position in the middle of a deal (the worked examples start from such
positions). Each action returns :mod:`~linger_longer.events`; every completed
trick can be read as a :class:`Trick` record, and :meth:`Deal.undo` steps back one
action at any point.

How a deal is kept, and why:

- **Hands are card sets**, one int of 52 bits per seat
  (:func:`~linger_longer.cards.card_set`). Following suit is one test against
  the led suit's bits, playing and drawing a card flip one bit, and a hand's
  size is its bit count. Card objects are made at the edge, where
  :meth:`Deal.hand` and :meth:`Deal.legal_plays` hand them out.
- **Undo is a pop of the move stack** (as python-chess's ``push``/``pop``). A
  card taken back from the table needs nothing stored; a card that ended a
  trick is undone from what the deal noted of that trick (its trick-won event,
  the draw, who went out: a plain tuple, from which :attr:`Deal.tricks` makes the
  :class:`Trick` records when read). Undo is as cheap across a trick as inside one.
- **Events that name only seats, a card or a reason are made once and shared**
  (they are frozen values, and a frozen dataclass costs about 6k instructions
  to make, callgrind): a card played (with the one-event tuple play() returns for it),
  a card drawn, a player out, a lead passed, a deal won. Making a new one for
  every card played and drawn cost a sixth more instructions per random playout
  when it was measured (676k against 567k, counted by callgrind); sharing the
  rarer ones and that tuple too saved another 2%. They are kept in
  :mod:`~linger_longer.shared_events`.
- **The outcome is made when asked for**, from the trick notes, not when
  the deal ends.

>>> deal = Deal.new(Rules(), players=4, seed=7)
>>> deal.stock_size, [len(h) for h in deal.hands]
(36, [4, 4, 4, 4])
>>> deal.to_act == (deal.dealer + 1) % 4
True
>>> [event.type for event in deal.play(deal.legal_plays()[0])]
['trick-started', 'card-played']
>>> deal.undo() == deal.legal_plays()[0], len(deal.hand(deal.to_act))
(True, 4)
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass
from functools import cache, partial
from typing import Iterable, Mapping, NamedTuple, Sequence

from . import kernel
from . import trick as rules_of_the_trick
from .cards import FULL_DECK, Card, Suit, card_set, cards_in, parse_cards
from .events import (
    CardPlayed,
    DealWon,
    EndReason,
    Event,
    TrickWon,
    TrumpNamed,
)
from .kernel import TrickEnd
from .position import why_unreachable
from .reachability import UndecidedError, Unreachable, find_history
from .rules import Rules, TrumpSource, check_table_size
from .shared_events import (
    CARD_DRAWN,
    LEAD_PASSED,
    PLAYED,
    PLAYER_OUT,
    STOCK_EMPTY,
    WON_HOLDING,
    WON_LAST_TRICK,
    WON_WITH_THE_STOCK,
    shuffled_and_cut,
    trick_started,
    trump_turned,
)
from .trick import Refusal, RefusalKind
from .view import SeatView

__all__ = [
    "Deal", "IllegalPlayError", "InvalidPositionError", "Outcome", "Phase", "Refusal", "RefusalKind", "Trick",
    "seat_names",
]


class IllegalPlayError(ValueError):
    """An action that breaks a rule; the message names the rule."""


class InvalidPositionError(ValueError):
    """A deal set-up that no real deal can reach; the message says what is wrong."""


class Phase(enum.Enum):
    """What a deal waits for."""

    PLAY = "play"  #: a card from the player to act
    NAME_TRUMP = "name-trump"  #: ``grand-coup``: the first trick's winner names trump
    OVER = "over"  #: nothing: the deal has a winner


@dataclass(frozen=True)
class Outcome:
    """How a finished deal ended."""

    winner: int
    reason: EndReason
    tricks_played: int
    #: Tricks each seat won in this deal.
    tricks_won: tuple[int, ...]
    #: Seats in the order they went out.
    out_order: tuple[int, ...]
    #: For each seat that went out: every seat's hand size when the trick in which it went out was led
    #: (an out player holds no card, so chips option B compares the hands before that trick).
    hand_sizes_before_exit: Mapping[int, tuple[int, ...]]


class Trick(NamedTuple):
    """A completed trick: who led, what was played, who won, and what followed from it."""

    #: 1 for the deal's first trick.
    number: int
    #: The seat that led.
    leader: int
    #: The seats that played, in playing order.
    seats: tuple[int, ...]
    #: The cards they played, in the same order.
    cards: tuple[Card, ...]
    #: The seat that won the trick (and took its cards to their won pile).
    winner: int
    #: The cards the winner drew from the stock, top card first.
    drawn: tuple[Card, ...]
    #: The seats that went out at the end of this trick, in playing order.
    went_out: tuple[int, ...]
    #: The trump suit the trick was played under (None before ``grand-coup``'s naming, or with ``no-trump``).
    trump: Suit | None
    #: Every hand's size when the trick was led, given when a player emptied their hand in it (chips option B: it
    #: is the trick in which they went out, unless they won it and drew), else ().
    sizes_at_lead: tuple[int, ...]

    @property
    def plays(self) -> tuple[tuple[int, Card], ...]:
        """(seat, card) in playing order."""
        return tuple(zip(self.seats, self.cards))


#: What a deal keeps of each trick as it completes: (the trick-won event, the seats in playing order, what the
#: kernel's end of the trick did, the trump it was played under). A plain tuple; the :class:`Trick` records are made
#: from these when :attr:`Deal.tricks` is read (making one per trick costs 3% of a random playout), and the hand
#: sizes at each lead are worked back from the hands then (noting them as the tricks end costs 2.7% more).
_TrickNotes = tuple[TrickWon, tuple[int, ...], TrickEnd, Suit | None]


@cache
def seat_names(players: int) -> tuple[str, ...]:
    """Default seat names A, B, C … clockwise from seat 0."""
    return tuple("ABCDEF"[:players])


_ALL_SUITS = tuple(Suit)


#: The shared deal-won events for each reason, by seat.
_DEAL_WON = {EndReason.STOCK_EXHAUSTED: WON_WITH_THE_STOCK, EndReason.LAST_HOLDING: WON_HOLDING,
             EndReason.LAST_TRICK: WON_LAST_TRICK}


class Deal:
    """The state of one deal; mutable, with :meth:`undo` at every point.

    Seats are numbered 0 … n-1 clockwise; "left" is the next seat clockwise.
    Hands come out in hand order, so legal plays come back sorted.
    """

    __slots__ = (
        "rules", "players", "dealer", "names", "turned_card", "setup_events",
        "_hands", "_stock", "_drawn", "_trump", "_phase", "_to_act", "_legal", "_order", "_table", "_numbers", "_led",
        "_out", "_out_order", "_orders", "_tricks", "_moves", "_won", "_outcome", "_tricks_before", "_played_before",
    )

    def __init__(self, *args: object, **kwargs: object) -> None:
        raise TypeError("a deal is made by Deal.new (shuffled or from a deck order) or Deal.from_position")

    @classmethod
    def _from_sets(
        cls,
        rules: Rules,
        hands: Sequence[int],
        stock: Sequence[Card],
        trump: Suit | None,
        leader: int,
        dealer: int,
        *,
        out: frozenset[int] = frozenset(),
        tricks_won: Sequence[int] | None = None,
        tricks_played: int = 0,
        turned_card: Card | None = None,
        names: Sequence[str] | None = None,
        setup_events: tuple[Event, ...] = (),
    ) -> Deal:
        """A deal at the start of a trick, hands given as card sets and the stock as card numbers (the engine's
        inside form); :meth:`new` and :meth:`from_position` check their input and come here."""
        self = object.__new__(cls)
        players = len(hands)
        self.rules = rules
        self.players = players
        self.dealer = dealer
        self.names = tuple(names) if names is not None else seat_names(players)
        self.turned_card = turned_card
        #: The events of setting the deal up: the trump card turned, when one was.
        self.setup_events = setup_events
        self._hands = list(hands)
        self._stock = tuple(stock)  # card numbers, top card first
        self._drawn = 0  # how many stock cards have been drawn; the stock is self._stock[self._drawn:]
        self._trump = trump
        self._to_act = leader
        self._out = sum(1 << seat for seat in out) if out else 0  # one bit per seat out of the deal
        self._out_order = tuple(sorted(out)) if out else ()
        self._orders = kernel.seating(players, self._out)[1]  # the seats of a trick, by its leader, while these are in
        self._order = self._orders[leader]  # the seats of the trick on the table, in playing order
        self._table: list[Card] = []  # the cards of the trick on the table, in playing order
        self._numbers: list[int] = []  # and their card numbers, as the kernel reads them
        self._led: Suit | None = None
        if trump is None and tricks_played and rules.trump_source is TrumpSource.NAMED_BY_FIRST_WINNER:
            self._phase = Phase.NAME_TRUMP  # grand-coup: the first trick's winner names trump before leading
            self._legal = 0  # the cards the player to act may play: none while trump is awaited
        else:
            self._phase = Phase.PLAY
            self._turn_to(leader)  # sets _legal, the cards the player to act may play
        self._tricks: list[_TrickNotes] = []
        self._moves: list[Card | Suit] = []
        self._won: DealWon | None = None  # the event that ended the deal
        self._outcome: Outcome | None = None  # made from the tricks when first asked for: see outcome
        self._tricks_before = tuple(tricks_won) if tricks_won is not None else (0,) * players
        self._played_before = tricks_played
        return self

    # ----------------------------------------------------------------- set-up

    @classmethod
    def new(
        cls,
        rules: Rules,
        players: int,
        *,
        seed: int | random.Random | None = None,
        deck: Sequence[Card] | str | None = None,
        dealer: int = 0,
        names: Sequence[str] | None = None,
    ) -> Deal:
        """Shuffle (from ``seed``, an int or a :class:`random.Random`) or take ``deck`` (top card first) and deal.

        Cards go one at a time clockwise, starting left of the dealer, until each
        player holds as many cards as there are players (7 with ``long-hand``);
        the rest is the stock. The dealer's last card is shown and its suit is
        trump; the dealer keeps it. The player left of the dealer leads. The deal's
        :attr:`setup_events` name the dealer who shuffled and the player on their right who cut (the seeded
        shuffle, or the deck order given, stands for both), then show the turned card.
        """
        size = rules.hand_size(players)
        if not 0 <= dealer < players:
            raise InvalidPositionError(f"dealer seat {dealer!r} is not at a table of {players}")
        numbers = _deck_order(seed, deck)  # card numbers, top card first
        leader = (dealer + 1) % players
        dealt = size * players
        hands = [0] * players
        for place, number in enumerate(numbers[:dealt]):  # one card at a time clockwise, from the dealer's left
            hands[(leader + place) % players] |= FULL_DECK[number].mask
        stock = numbers[dealt:]
        trump, turned, events = _turn_trump(rules, numbers, dealt, stock, dealer)
        return cls._from_sets(rules, hands, stock, trump, leader, dealer, turned_card=turned, names=names,
                              setup_events=shuffled_and_cut(dealer, players) + events)

    @classmethod
    def from_position(
        cls,
        rules: Rules,
        *,
        hands: Sequence[Iterable[Card]],
        stock: Iterable[Card] = (),
        trump: Suit | None,
        leader: int,
        dealer: int | None = None,
        out: Iterable[int] = (),
        tricks_won: Sequence[int] | None = None,
        tricks_played: int | None = None,
        turned_card: Card | None = None,
        names: Sequence[str] | None = None,
        hypothetical: bool = False,
    ) -> Deal:
        """A deal in progress at the start of a trick, checked against what a real deal can reach.

        Cards in neither a hand nor the stock are taken to be in won piles, the counts must be those of a
        real deal (:func:`~linger_longer.position.why_unreachable`), and some deal must reach it by legal plays
        (:func:`~linger_longer.reachability.find_history`). A ``hypothetical`` position (a "what if"
        reading, or a test of one rule with only the cards that matter) is checked for consistency only.
        """
        hands = [tuple(h) for h in hands]
        stock = tuple(stock)
        players = len(hands)
        check_table_size(players)
        out = frozenset(out)
        _check_position(rules, hands, stock, trump, leader, dealer, out, tricks_won, names,
                        tricks_played=tricks_played, turned_card=turned_card, hypothetical=hypothetical)
        return cls._from_sets(
            rules, hands=[card_set(hand) for hand in hands], stock=[card.index for card in stock], trump=trump,
            leader=leader,
            dealer=dealer if dealer is not None else (leader - 1) % players, out=out, tricks_won=tricks_won,
            tricks_played=tricks_played if tricks_played is not None else sum(tricks_won or ()),
            turned_card=turned_card, names=names,
        )

    # ------------------------------------------------------------ read access

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's hand, in hand order."""
        return tuple(map(cards_in, self._hands))

    def hand(self, seat: int) -> tuple[Card, ...]:
        """One seat's hand, in hand order."""
        return cards_in(self._hands[seat])

    def hand_size(self, seat: int) -> int:
        """How many cards ``seat`` holds."""
        return self._hands[seat].bit_count()

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, top card first."""
        return tuple([FULL_DECK[number] for number in self._stock[self._drawn:]])

    @property
    def stock_size(self) -> int:
        """Cards left in the stock."""
        return len(self._stock) - self._drawn

    @property
    def trump(self) -> Suit | None:
        """The trump suit, or None (``no-trump``, or ``grand-coup`` before it is named)."""
        return self._trump

    @property
    def trick(self) -> tuple[tuple[int, Card], ...]:
        """The trick on the table: (seat, card) in playing order."""
        return tuple(zip(self._order, self._table))

    @property
    def led_suit(self) -> Suit | None:
        """The suit of the trick's first card, or None before the lead."""
        return self._led

    @property
    def leader(self) -> int:
        """The seat that leads (or led) the current trick."""
        return self._order[0]

    @property
    def to_act(self) -> int | None:
        """The seat whose action the deal waits for, or None when it is over."""
        return self._to_act

    @property
    def phase(self) -> Phase:
        """What the deal waits for."""
        return self._phase

    @property
    def is_over(self) -> bool:
        """Whether the deal has a winner (then :attr:`outcome` says how it ended)."""
        return self._phase is Phase.OVER

    @property
    def outcome(self) -> Outcome | None:
        """How the deal ended, or None while it goes on.

        Made from the trick records the first time it is asked for, not when the deal ends: a random playout
        that never asks is 3% cheaper (callgrind).
        """
        if self._outcome is None and self._won is not None:
            won = self._won
            self._outcome = Outcome(
                winner=won.seat, reason=won.reason, tricks_played=self.tricks_played, tricks_won=self.tricks_won,
                out_order=self._out_order,
                hand_sizes_before_exit=self._sizes_before_exits(),
            )
        return self._outcome

    @property
    def out(self) -> frozenset[int]:
        """Seats that are out for the rest of the deal."""
        return frozenset(s for s in range(self.players) if self._out >> s & 1)

    def is_out(self, seat: int) -> bool:
        """Whether ``seat`` is out of the deal."""
        return self._out >> seat & 1 == 1

    @property
    def active_seats(self) -> tuple[int, ...]:
        """Seats still in the deal, in seat order."""
        return tuple(s for s in range(self.players) if not self._out >> s & 1)

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The tricks completed since the deal was set up, in order."""
        return tuple(
            Trick(trick_won.number, seats[0], seats, trick_won.cards, trick_won.seat,
                  tuple([FULL_DECK[number] for number in end[1]]), end[2], trump,
                  sizes if 1 in [sizes[seat] for seat in seats] else ())  # a hand was emptied in it
            for (trick_won, seats, end, trump), sizes in zip(self._tricks, self._sizes_at_leads())
        )

    def _sizes_at_leads(self, since: int = 0) -> list[tuple[int, ...]]:
        """Every hand's size when each completed trick from the ``since``-th on was led, worked back from the hands
        now: before a trick each of its players still held the card they played to it, and its winner had not
        drawn yet."""
        sizes = list(map(int.bit_count, self._hands))
        for seat in self._order[:len(self._table)]:  # the cards on the table came from these hands
            sizes[seat] += 1
        at_leads = []
        for trick_won, seats, end, _ in reversed(self._tricks[since:]):
            sizes[trick_won.seat] -= len(end[1])  # the cards it drew
            for seat in seats:
                sizes[seat] += 1
            at_leads.append(tuple(sizes))
        at_leads.reverse()
        return at_leads

    def _sizes_before_exits(self) -> dict[int, tuple[int, ...]]:
        """For each seat that went out since the set-up, every hand's size when the trick in which it went out was
        led; worked back only as far as the first of those tricks (players go out late in a deal)."""
        exits = [(place, end[2]) for place, (_, _, end, _) in enumerate(self._tricks) if end[2]]  # who went out
        if not exits:
            return {}
        first = exits[0][0]
        at_leads = self._sizes_at_leads(first)
        return {seat: at_leads[place - first] for place, went_out in exits for seat in went_out}

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks each seat has won in this deal."""
        won = list(self._tricks_before)
        for trick_won, _, _, _ in self._tricks:
            won[trick_won.seat] += 1
        return tuple(won)

    @property
    def won_piles(self) -> tuple[tuple[Card, ...], ...]:
        """The cards each seat has won (only those won since the deal was set up)."""
        piles: list[tuple[Card, ...]] = [()] * self.players
        for trick_won, _, _, _ in self._tricks:
            piles[trick_won.seat] += trick_won.cards
        return tuple(piles)

    @property
    def tricks_played(self) -> int:
        """Tricks completed so far."""
        return self._played_before + len(self._tricks)

    @property
    def history(self) -> tuple[Card | Suit, ...]:
        """The actions applied since the deal was set up (or copied with :meth:`with_hidden`)."""
        return tuple(self._moves)

    # ---------------------------------------------------------------- actions

    def legal_plays(self) -> tuple[Card, ...]:
        """The cards the player to act may play, sorted; empty unless a card is awaited."""
        return cards_in(self._legal)

    def legal_actions(self) -> tuple[Card, ...] | tuple[Suit, ...]:
        """What the player to act may do, sorted: the four suits while naming trump (``grand-coup``), else the
        cards they may play; empty once the deal is over."""
        return _ALL_SUITS if self._phase is Phase.NAME_TRUMP else cards_in(self._legal)

    def refusal(self, card: Card) -> Refusal | None:
        """None if the player to act may play ``card``, else the rule the play would break."""
        if self._phase is Phase.OVER:
            return Refusal(RefusalKind.DEAL_OVER, None, clause="deal-ends")  # nobody plays once the deal has a winner
        seat: int = self._to_act  # type: ignore[assignment]
        if self._phase is Phase.NAME_TRUMP:
            return Refusal(RefusalKind.NAME_TRUMP_FIRST, seat, clause="grand-coup")  # grand-coup: trump is named before trick 2
        if not isinstance(card, Card):
            return Refusal(RefusalKind.NOT_HELD, seat, card=card, clause="play-in-turn")
        return rules_of_the_trick.refusal(self._hands[seat], self._led, card, seat)

    def why_illegal(self, card: Card) -> str | None:
        """None if the player to act may play ``card``, else the rule it breaks, in English words."""
        refusal = self.refusal(card)
        return refusal.message(self.names) if refusal else None

    def play(self, card: Card) -> tuple[Event, ...]:
        """The player to act plays ``card``; returns what happened. An illegal play raises :class:`IllegalPlayError`."""
        seat: int = self._to_act  # type: ignore[assignment]
        try:  # a card may be played only if it is one of the legal plays; refusal() says which rule it breaks
            mask = card.mask
            if not self._legal & mask:  # none while the deal waits for trump or is over
                raise IllegalPlayError(self.why_illegal(card))
            number = card.index
            played = PLAYED[seat][number]
        except AttributeError:  # not a card
            raise IllegalPlayError(self.why_illegal(card)) from None
        self._hands[seat] ^= mask
        self._moves.append(card)
        table = self._table
        table.append(card)
        self._numbers.append(number)
        placed = len(table)
        if placed == len(self._order):
            return self._finish_trick(played[0])
        if placed == 1:
            self._led = card.suit  # the first card sets the led suit
            played = trick_started(self._played_before + len(self._tricks) + 1, seat), played[0]
        self._turn_to(self._order[placed])  # the next player is to act
        return played

    def _turn_to(self, seat: int) -> None:
        """``seat`` is to act; the cards it may play are worked out once, for legal_plays() and play() alike."""
        self._to_act = seat
        self._legal = rules_of_the_trick.legal_plays(self._hands[seat], self._led)

    def name_trump(self, suit: Suit) -> tuple[Event, ...]:
        """Under ``grand-coup``, the first trick's winner names the trump suit for the rest of the deal."""
        if self._phase is not Phase.NAME_TRUMP:
            raise IllegalPlayError("only the winner of the first trick under 'grand-coup' names trump, once")
        if not isinstance(suit, Suit):
            raise IllegalPlayError(f"{suit!r} is not a suit")
        self._moves.append(suit)
        self._trump = suit
        self._phase = Phase.PLAY
        self._turn_to(self._to_act)  # type: ignore[arg-type]
        return (TrumpNamed(self._to_act, suit),)  # type: ignore[arg-type]

    def apply(self, action: Card | Suit) -> tuple[Event, ...]:
        """Apply a card play or, under ``grand-coup``, the naming of a suit."""
        return self.name_trump(action) if isinstance(action, Suit) else self.play(action)

    def undo(self) -> Card | Suit:
        """Step back one action (a card played or a suit named); returns it."""
        if not self._moves:
            raise IndexError("nothing to undo: no action has been applied")
        action = self._moves.pop()
        if isinstance(action, Suit):  # the naming of trump under grand-coup
            self._trump = None
            self._phase = Phase.NAME_TRUMP
            self._legal = 0
        elif self._table:  # a card still on the table goes back to its hand
            self._take_back()
        else:  # the card that completed the last trick
            self._reopen(self._tricks.pop())
        return action

    def view(self, seat: int) -> SeatView:
        """What ``seat`` can see of this deal (:class:`~linger_longer.view.SeatView`); it follows the deal."""
        return SeatView(self, seat)

    def copy(self) -> Deal:
        """An independent copy with the same position (history included)."""
        # Field by field, as python-chess copies a board: a loop over the slots with getattr() and setattr() cost
        # 24.6k instructions a copy, these assignments 7.3k (callgrind). A slot left out here is unset in the copy,
        # so reading it fails at once.
        other = Deal.__new__(Deal)
        other.rules, other.players, other.dealer, other.names = self.rules, self.players, self.dealer, self.names
        other.turned_card, other.setup_events = self.turned_card, self.setup_events
        other._stock, other._drawn, other._trump, other._phase = self._stock, self._drawn, self._trump, self._phase
        other._out, other._out_order, other._orders = self._out, self._out_order, self._orders
        other._to_act, other._legal, other._order, other._led = self._to_act, self._legal, self._order, self._led
        other._won, other._outcome = self._won, self._outcome
        other._tricks_before, other._played_before = self._tricks_before, self._played_before
        other._hands = self._hands.copy()  # the lists a deal changes in place are its own in the copy
        other._table = self._table.copy()
        other._numbers = self._numbers.copy()
        other._tricks = self._tricks.copy()
        other._moves = self._moves.copy()
        return other

    def with_hidden(self, hands: Mapping[int, Sequence[Card]], stock: Sequence[Card]) -> Deal:
        """A copy in which some seats' hands and the stock's order are replaced by other cards.

        Search bots use it to try out what they cannot see: the replacement must
        use exactly the cards it replaces, with the same hand sizes. The copy
        starts a new history (it cannot be undone past this point).
        """
        before = [c for seat in hands for c in self.hand(seat)] + list(self.stock)
        after = [c for seat in hands for c in hands[seat]] + list(stock)
        if sorted(before) != sorted(after):
            raise InvalidPositionError("the hidden cards must be replaced by the same cards")
        other = self.copy()
        for seat, cards in hands.items():
            if len(cards) != self.hand_size(seat):
                raise InvalidPositionError(f"{self.names[seat]} must keep {self.hand_size(seat)} cards")
            other._hands[seat] = card_set(cards)
        other._stock, other._drawn = tuple([card.index for card in stock]), 0
        other._moves = []
        if other._phase is Phase.PLAY:
            other._turn_to(other._to_act)  # type: ignore[arg-type]
        return other

    # --------------------------------------------------------- end of a trick

    def _finish_trick(self, played: CardPlayed) -> tuple[Event, ...]:
        """The end of a trick (:func:`~linger_longer.kernel.end_trick`, which keeps the rulebook's order), told as
        events in the order it happened, noted for :attr:`tricks` and :meth:`undo`, and the next trick set up.

        ``played`` is the event of the trick's last card, which comes first in the events returned.
        """
        cards = tuple(self._table)
        trump = self._trump
        end = kernel.end_trick(self.rules, self._hands, self._stock, self._drawn, self._out, self._order,
                               self._numbers, trump.number if trump is not None else -1)
        winner, drawn, went_out, out, deal_winner, reason, leader, names_trump = end
        trick_won = TrickWon(winner, cards, self._played_before + len(self._tricks) + 1)
        events: list[Event] = [played, trick_won]
        went_out_first = went_out and self.rules.eliminate_before_draw  # they went out before the winner drew
        if went_out_first:
            for seat in went_out:
                events.append(PLAYER_OUT[seat])
        if drawn:
            self._drawn += len(drawn)
            for number in drawn:
                events.append(CARD_DRAWN[winner][number])
            if self._drawn == len(self._stock):
                events.append(STOCK_EMPTY)
        if went_out:
            if not went_out_first:
                for seat in went_out:
                    events.append(PLAYER_OUT[seat])
            self._out = out
            self._out_order += went_out
            self._orders = kernel.seating(self.players, out)[1]
        self._tricks.append((trick_won, self._order, end, trump))
        self._table, self._numbers = [], []
        self._led = None
        if reason is not None:
            return self._end(_DEAL_WON[reason][deal_winner], events)
        if leader != winner:  # the winner holds no card, so the lead passed clockwise
            events.append(LEAD_PASSED[winner][leader])
        self._order = self._orders[leader]
        if names_trump:
            self._phase = Phase.NAME_TRUMP  # grand-coup: the first trick's winner names trump before leading
            self._to_act, self._legal = leader, 0
        else:
            self._turn_to(leader)
        return tuple(events)

    def _end(self, won: DealWon, events: list[Event]) -> tuple[Event, ...]:
        """The deal ends as ``won`` says: its seat wins, for its reason (:attr:`outcome` tells the rest)."""
        self._phase = Phase.OVER
        self._to_act = None
        self._legal = 0
        self._won = won
        events.append(won)
        return tuple(events)

    # ------------------------------------------------------------------- undo

    def _take_back(self) -> None:
        """Undo a card still on the table: it goes back to the hand it came from."""
        card = self._table.pop()
        self._numbers.pop()
        seat = self._order[len(self._table)]
        self._hands[seat] |= card.mask
        if not self._table:
            self._led = None
        self._turn_to(seat)

    def _reopen(self, notes: _TrickNotes) -> None:
        """Undo the card that completed a trick (``notes`` say what its end did): what the trick's end did is
        undone, and the trick is back on the table without its last card."""
        trick_won, seats, end, trump = notes
        kernel.reopen(self._hands, end)
        _, drawn, went_out = end[:3]
        self._drawn -= len(drawn)
        if went_out:
            self._out = kernel.out_before(end)
            self._out_order = self._out_order[:len(self._out_order) - len(went_out)]
            self._orders = kernel.seating(self.players, self._out)[1]
        self._phase = Phase.PLAY
        self._won = self._outcome = None
        self._trump = trump
        self._order = seats
        self._table = list(trick_won.cards)
        self._numbers = [card.index for card in trick_won.cards]
        self._led = self._table[0].suit
        self._take_back()

    def __repr__(self) -> str:
        return (f"<Deal {self.rules.name} players={self.players} trick={self.tricks_played + 1} "
                f"to_act={self._to_act} stock={self.stock_size} phase={self._phase.value}>")


def _turn_trump(
    rules: Rules, numbers: list[int], dealt: int, stock: list[int], dealer: int,
) -> tuple[Suit | None, Card | None, tuple[Event, ...]]:
    """Trump for a fresh deal, the card shown for it, and the event showing it.

    The dealer's last card is shown and keeps its place in the dealer's hand;
    with ``random-trump`` the top stock card is turned and goes face up to the
    bottom of the stock; with ``no-trump`` and ``grand-coup`` no card is turned.
    """
    source = rules.trump_source
    if source is TrumpSource.DEALER_CARD:
        turned = FULL_DECK[numbers[dealt - 1]]  # the dealer's last card: dealing starts at their left, so they get each
        return turned.suit, turned, trump_turned(turned.index, dealer)  # round's last
    if source is TrumpSource.STOCK_CARD:
        number = stock.pop(0)
        stock.append(number)
        turned = FULL_DECK[number]
        return turned.suit, turned, trump_turned(number, None)
    return None, None, ()


def _deck_order(seed: int | random.Random | None, deck: Sequence[Card] | str | None) -> list[int]:
    """The deck as card numbers (:attr:`Card.index`), top card first: given explicitly, or shuffled from the seed.

    The seeded shuffle stands for the shuffle and the cut: each card of the deck
    in hand order gets the generator's next float as its key, and the deck is
    sorted by key. The same seed gives the same order on every platform, Pyodide
    included, and shared links and exported examples depend on it staying so.
    """
    if deck is not None:
        cards = list(parse_cards(deck)) if isinstance(deck, str) else list(deck)
        if len(cards) != 52 or len(set(cards)) != 52:
            dupes = sorted({str(c) for c in cards if cards.count(c) > 1})
            raise InvalidPositionError(
                f"a deck order must hold each of the 52 cards once; got {len(cards)} cards"
                + (f", repeated: {', '.join(dupes)}" if dupes else "")
            )
        return [card.index for card in cards]
    draw = (seed if isinstance(seed, random.Random) else random.Random(seed)).random
    # The key function hands out the generator's next float each time it is called: sorted() calls it once per
    # card, in deck order. Measured against building the keys first and sorting by them: 47k instructions
    # instead of 81k, a twelfth of a random playout.
    return sorted(range(52), key=partial(next, iter(draw, None)))  # FULL_DECK[number] is the card, in hand order


def _check_position(
    rules: Rules,
    hands: Sequence[tuple[Card, ...]],
    stock: tuple[Card, ...],
    trump: Suit | None,
    leader: int,
    dealer: int | None,
    out: frozenset[int],
    tricks_won: Sequence[int] | None,
    names: Sequence[str] | None,
    *,
    tricks_played: int | None = None,
    turned_card: Card | None = None,
    hypothetical: bool = False,
) -> None:
    """Reject positions that no real deal can reach, naming the first thing that is wrong.

    Every position must be consistent (each card in one place, out players empty-handed, a leader still in);
    unless it is ``hypothetical`` its counts must also be those of a real deal (:mod:`.position`), and a whole
    deal with legal plays that the engine replays to it must exist (:mod:`.reachability`).
    """
    players = len(hands)
    label = list(names) if names is not None else list(seat_names(players))
    if len(label) != players:
        raise InvalidPositionError(f"{len(label)} names for {players} hands")
    seen: dict[Card, str] = {}
    for seat, hand in enumerate(hands):
        for card in hand:
            if card in seen:
                raise InvalidPositionError(f"{card} appears twice: in {seen[card]} and in {label[seat]}'s hand")
            seen[card] = f"{label[seat]}'s hand"
    for card in stock:
        if card in seen:
            raise InvalidPositionError(f"{card} appears twice: in {seen[card]} and in the stock")
        seen[card] = "the stock"
    if len(seen) > 52:
        raise InvalidPositionError(f"{len(seen)} cards: a deck has 52")
    for seat in out:
        if not 0 <= seat < players:
            raise InvalidPositionError(f"seat {seat!r} is out but the table has {players} seats")
        if hands[seat]:
            raise InvalidPositionError(f"{label[seat]} is out but holds {len(hands[seat])} cards")
    for seat, hand in enumerate(hands):
        if seat not in out and not hand:
            raise InvalidPositionError(f"{label[seat]} holds no card, so must be listed as out")
    size = rules.hand_size(players)
    if not rules.draws_per_card:  # winning keeps a hand's size and losing shrinks it: no hand grows
        for seat, hand in enumerate(hands):
            if len(hand) > size:
                raise InvalidPositionError(
                    f"{label[seat]} holds {len(hand)} cards; a {players}-player deal never gives a hand more than {size}"
                )
    if not 0 <= leader < players:
        raise InvalidPositionError(f"leader seat {leader!r} is not at a table of {players}")
    if leader in out:
        raise InvalidPositionError(f"{label[leader]} cannot lead: {label[leader]} is out")
    if dealer is not None and not 0 <= dealer < players:
        raise InvalidPositionError(f"dealer seat {dealer!r} is not at a table of {players}")
    if players - len(out) < 2:
        raise InvalidPositionError("fewer than two players hold cards: the deal is already over")
    if tricks_won is not None and (len(tricks_won) != players or any(t < 0 for t in tricks_won)):
        raise InvalidPositionError(f"tricks won {list(tricks_won)!r}: give one count of 0 or more per seat")
    if rules.trump_source is TrumpSource.NONE and trump is not None:
        raise InvalidPositionError(f"'no-trump' is played without trump, but trump is {trump}")
    if trump is None and rules.trump_source in (TrumpSource.DEALER_CARD, TrumpSource.STOCK_CARD):
        raise InvalidPositionError(f"rules {rules.name!r} need a trump suit")
    if turned_card is not None:
        _check_turned_card(rules, hands, stock, trump, turned_card, dealer, label)
    if hypothetical:
        return
    won = tricks_won if tricks_won is not None else (0,) * players
    reason = why_unreachable(
        rules, hands=hands, stock_size=len(stock), leader=leader, out=out, tricks_won=won,
        tricks_played=tricks_played, trump_set=trump is not None, names=label,
    )
    if reason:
        raise InvalidPositionError(reason)
    try:  # the counts add up: a history the engine replays proves it, or the search says why none exists
        find_history(rules, hands=hands, stock=stock, trump=trump, leader=leader, dealer=dealer, out=out,
                     tricks_won=won, turned_card=turned_card, names=label)
    except (Unreachable, UndecidedError) as error:
        raise InvalidPositionError(str(error)) from None


def _check_turned_card(
    rules: Rules, hands: Sequence[tuple[Card, ...]], stock: tuple[Card, ...], trump: Suit | None, turned: Card,
    dealer: int | None, label: Sequence[str],
) -> None:
    """The turned card shows trump: the dealer keeps it (it may since have been played), or with
    ``random-trump`` it lies face up at the bottom of the stock until it is drawn."""
    source = rules.trump_source
    if source not in (TrumpSource.DEALER_CARD, TrumpSource.STOCK_CARD):
        raise InvalidPositionError(f"under rules {rules.name!r} no card is turned for trump, but {turned} is")
    if trump is not None and turned.suit is not trump:
        raise InvalidPositionError(f"the turned card {turned} makes {turned.suit} trump, not {trump}")
    holders = [seat for seat, hand in enumerate(hands) if turned in hand]
    if source is TrumpSource.STOCK_CARD:
        if turned in stock and stock[-1] != turned:
            raise InvalidPositionError(f"the turned card {turned} lies at the bottom of the stock, not above {stock[-1]}")
        if stock and turned not in stock:
            raise InvalidPositionError(f"the turned card {turned} is the last stock card drawn, but "
                                       f"{len(stock)} stock cards are left and it is not among them")
    elif turned in stock:
        raise InvalidPositionError(f"the turned card {turned} stays in the dealer's hand; it is never in the stock")
    elif dealer is not None and holders and holders[0] != dealer:
        raise InvalidPositionError(f"the turned card {turned} was dealt to the dealer {label[dealer]}, "
                                   f"but {label[holders[0]]} holds it")
