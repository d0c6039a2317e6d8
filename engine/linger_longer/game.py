"""One deal of Linger Longer: the deal itself, tricks, drawing, elimination and the end.

A :class:`Deal` is set up three ways: from a seed, from an explicit deck order,
or from a position in the middle of a deal (the worked examples start from
such positions). Actions return :mod:`~linger_longer.events`; :meth:`Deal.undo`
steps back one action cheaply, because every snapshot shares its hands.

>>> deal = Deal.new(Rules(), players=4, seed=7)
>>> len(deal.stock), [len(h) for h in deal.hands]
(36, [4, 4, 4, 4])
>>> deal.to_act == (deal.dealer + 1) % 4
True
>>> events = deal.play(deal.legal_plays()[0])
>>> events[0].type
'card-played'
>>> deal.undo(); len(deal.hand(deal.to_act))
4
"""

from __future__ import annotations

import enum
import random
from functools import partial
from itertools import filterfalse
from bisect import bisect
from operator import add, attrgetter
from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

from .cards import FULL_DECK, Card, Suit
from .events import (
    CardDrawn,
    CardPlayed,
    DealWon,
    EndReason,
    Event,
    LeadPassed,
    PlayerOut,
    StockEmpty,
    TrumpNamed,
    TrumpTurned,
    trick_won,
)
from .rules import Rules, TrumpSource, check_table_size
from .trick import trick_winner

__all__ = [
    "Deal", "IllegalPlayError", "InvalidPositionError", "Outcome", "Phase", "Refusal", "RefusalKind", "seat_names",
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


class RefusalKind(enum.Enum):
    """The rules a play can break."""

    MUST_FOLLOW = "must-follow"  #: a player holding the led suit must follow suit
    NOT_HELD = "not-held"  #: a player can only play a card from their own hand
    NAME_TRUMP_FIRST = "name-trump-first"  #: grand-coup: trump is named before the second trick
    DEAL_OVER = "deal-over"  #: nobody plays once the deal has a winner


@dataclass(frozen=True)
class Refusal:
    """Why a play is not allowed: the rule, the seat, and the card or suit concerned."""

    kind: RefusalKind
    seat: int | None
    card: Card | None = None
    suit: Suit | None = None

    def message(self, names: Sequence[str]) -> str:
        """The rule in English words, naming the player (translations: :mod:`linger_longer.narrate`)."""
        name = names[self.seat] if self.seat is not None else ""
        return {
            RefusalKind.MUST_FOLLOW: f"{name} holds {self.suit} and must follow suit",
            RefusalKind.NOT_HELD: f"{name} does not hold {self.card}",
            RefusalKind.NAME_TRUMP_FIRST: f"{name} must name the trump suit before anyone plays",
            RefusalKind.DEAL_OVER: "the deal is over",
        }[self.kind]


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
    #: For each seat that went out: every seat's hand size at the start of the trick in which it went out.
    hand_sizes_when_out: Mapping[int, tuple[int, ...]]


_new = object.__new__


def _outcome(**fields: object) -> Outcome:
    """``Outcome(**fields)`` with its fields set in one call (the frozen dataclass ``__init__`` makes one per field)."""
    outcome = _new(Outcome)
    vars(outcome).update(fields)
    return outcome


_PLAY, _NAME_TRUMP, _OVER = Phase.PLAY, Phase.NAME_TRUMP, Phase.OVER
_hand_order = attrgetter("index")
# Events are immutable values, so the ones that only name a seat and a card are made once and shared.
# Indexed by seat * 52 + card.index.
_CARD_PLAYED = [CardPlayed(seat, card) for seat in range(6) for card in FULL_DECK]
_CARD_DRAWN = [CardDrawn(seat, card) for seat in range(6) for card in FULL_DECK]
_CARD_PLAYED_ALONE = [(event,) for event in _CARD_PLAYED]  # what play() returns when the trick goes on
_STOCK_EMPTY = StockEmpty()
_PLAYER_OUT = [PlayerOut(seat) for seat in range(6)]
# DealWon by seat, one list per reason: found without hashing an enum member (a Python-level __hash__).
_WON_STOCK_EXHAUSTED, _WON_LAST_HOLDING, _WON_LAST_TRICK = (
    [DealWon(seat, reason) for seat in range(6)]
    for reason in (EndReason.STOCK_EXHAUSTED, EndReason.LAST_HOLDING, EndReason.LAST_TRICK)
)
_TRUMP_TURNED = [TrumpTurned(card=card, seat=seat) for seat in range(6) for card in FULL_DECK]  # the dealer's card
_STOCK_CARD_TURNED = [TrumpTurned(card=card, seat=None) for card in FULL_DECK]  # ``random-trump``: no seat
# A hand is kept as four tuples, one per suit, in a flat list indexed by seat * 4 + suit number: the
# cards a follower must play are then one tuple. _PART[seat * 52 + card.index] is where a card belongs.
_PART = [seat * 4 + card.index // 13 for seat in range(6) for card in FULL_DECK]
_SUITS = tuple(Suit)  #: in hand order, so _SUITS[n] is the suit of cards n * 13 … n * 13 + 12


_NOBODY: frozenset[int] = frozenset()


def _read_only(slot: str, doc: str) -> property:
    """A read-only attribute that returns a slot, read by a C-level getter (a Python getter costs twice as much)."""
    return property(attrgetter(slot), doc=doc)


def seat_names(players: int) -> tuple[str, ...]:
    """Default seat names A, B, C … clockwise from seat 0."""
    return tuple("ABCDEF"[:players])


_SEAT_NAMES = {n: seat_names(n) for n in range(3, 7)}  # made once: every deal needs them


class Deal:
    """The state of one deal; mutable, with cheap :meth:`undo`.

    Seats are numbered 0 … n-1 clockwise; "left" is the next seat clockwise.
    Hands are kept in hand order, so legal plays come back sorted.
    """

    __slots__ = (
        "rules", "players", "dealer", "names", "turned_card",
        "_parts", "_sizes", "_stock", "_stock_pos", "_trump", "_out", "_cards", "_led", "_emptied", "_orders",
        "_leader", "_to_act", "_next", "_tricks_won", "_won", "_trick_number", "_phase", "_outcome", "_out_order",
        "_sizes_when_out", "_history", "_kept", "_lead_sizes", "_start", "_one_card_draw", "_active",
    )

    def __init__(
        self,
        rules: Rules,
        *,
        hands: Sequence[Iterable[Card]],
        stock: Iterable[Card],
        trump: Suit | None,
        leader: int,
        dealer: int,
        out: Iterable[int] = (),
        tricks_won: Sequence[int] | None = None,
        won: Sequence[Iterable[Card]] | None = None,
        turned_card: Card | None = None,
        tricks_played: int = 0,
        names: Sequence[str] | None = None,
    ) -> None:
        """Set up a deal at a trick boundary; use :meth:`new` or :meth:`from_position` rather than this."""
        hands = [tuple(hand) for hand in hands]
        self._set_up(
            rules, _parts_of(hands), list(map(len, hands)), tuple(stock), trump,
            leader, dealer, turned_card, names, frozenset(out) if out else _NOBODY, tricks_won, won, tricks_played,
        )

    def _set_up(
        self, rules: Rules, parts: list[tuple[Card, ...]], sizes: list[int], stock: tuple[Card, ...],
        trump: Suit | None, leader: int, dealer: int, turned_card: Card | None, names: Sequence[str] | None,
        out: frozenset[int] = _NOBODY, tricks_won: Sequence[int] | None = None,
        won: Sequence[Iterable[Card]] | None = None, tricks_played: int = 0,
    ) -> None:
        """Every field of a deal at a trick boundary; ``parts`` are the hands as :func:`_parts_by_key` splits them."""
        players = len(sizes)
        self.rules = rules
        self.players = players
        self.dealer = dealer
        self.names = tuple(names) if names is not None else _SEAT_NAMES.get(players) or seat_names(players)
        self.turned_card = turned_card
        self._parts = parts
        self._sizes = sizes
        self._stock = stock
        self._stock_pos = 0
        self._trump = trump
        self._out = out
        self._cards: tuple[Card, ...] = ()  # the trick on the table, in playing order; its seats are in _orders
        self._led = 0  # the led suit's number while a trick is on the table
        self._emptied: tuple[int, ...] = ()  # seats whose last card is on the table in this trick
        self._leader = leader
        self._to_act: int | None = leader
        self._tricks_won = list(tricks_won) if tricks_won is not None else [0] * players
        self._won = [tuple(w) for w in won] if won is not None else [()] * players
        self._trick_number = tricks_played
        named_later = rules.trump_source is TrumpSource.NAMED_BY_FIRST_WINNER
        self._phase = _NAME_TRUMP if named_later and trump is None and tricks_played else _PLAY
        self._outcome: Outcome | None = None
        self._out_order: tuple[int, ...] = tuple(sorted(out)) if out else ()
        self._sizes_when_out: dict[int, tuple[int, ...]] = {}
        self._history: list[Card | Suit] = []  # actions before the trick on the table; its cards are in _cards
        self._kept = 0  # how many of the trick's cards were played before the history began (see with_hidden)
        self._lead_sizes: tuple[int, ...] = ()  # every hand's size when the trick on the table was led
        self._active = players - len(out)
        self._next, self._orders = _SEATING.get((players, out)) or _seating(players, out)
        self._one_card_draw = not (named_later or rules.draws_per_card)  # see _finish_trick
        self._start = self._snapshot()

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
        trump; the dealer keeps it. The player left of the dealer leads.
        """
        deal, _ = cls.deal(rules, players, seed=seed, deck=deck, dealer=dealer, names=names)
        return deal

    @classmethod
    def deal(
        cls,
        rules: Rules,
        players: int,
        *,
        seed: int | random.Random | None = None,
        deck: Sequence[Card] | str | None = None,
        dealer: int = 0,
        names: Sequence[str] | None = None,
    ) -> tuple[Deal, tuple[Event, ...]]:
        """Like :meth:`new`, also returning the set-up events (the trump card turned)."""
        size = rules.hand_size(players)
        if not 0 <= dealer < players:
            raise InvalidPositionError(f"dealer seat {dealer!r} is not at a table of {players}")
        cards = _deck_order(seed, deck)
        first = (dealer + 1) % players
        dealt = size * players
        owners = _DEALT_TO.get((players, first, size)) or _dealt_to(players, first, size)
        parts = _parts_by_key(sorted(map(add, owners, map(_hand_order, cards[:dealt]))), players)
        stock = cards[dealt:]
        source = rules.trump_source
        events: tuple[Event, ...] = ()
        trump: Suit | None = None
        turned: Card | None = None
        if source is TrumpSource.DEALER_CARD:
            turned = cards[dealt - players + (dealer - first) % players]  # the last card the dealer dealt to themself
            trump = turned.suit
            events = (_TRUMP_TURNED[dealer * 52 + turned.index],)
        elif source is TrumpSource.STOCK_CARD:
            turned = stock.pop(0)  # the top stock card is turned and goes face up under the stock
            stock.append(turned)
            trump = turned.suit
            events = (_STOCK_CARD_TURNED[turned.index],)
        deal = cls.__new__(cls)
        deal._set_up(rules, parts, [size] * players, tuple(stock), trump, first, dealer, turned, names)
        return deal, events

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
    ) -> Deal:
        """A deal in progress at the start of a trick, checked against what a real deal can reach.

        Cards in neither a hand nor the stock are taken to be in won piles.
        """
        hands = [tuple(h) for h in hands]
        stock = tuple(stock)
        players = len(hands)
        check_table_size(players)
        out = frozenset(out)
        _check_position(rules, hands, stock, trump, leader, dealer, out, tricks_won, names)
        won_total = sum(tricks_won) if tricks_won is not None else 0
        return cls(
            rules, hands=hands, stock=stock, trump=trump, leader=leader,
            dealer=dealer if dealer is not None else (leader - 1) % players,
            out=out, tricks_won=tricks_won, turned_card=turned_card,
            tricks_played=tricks_played if tricks_played is not None else won_total,
            names=names,
        )

    # ------------------------------------------------------------ read access

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's hand, in hand order."""
        return tuple(map(self.hand, range(self.players)))

    def hand(self, seat: int) -> tuple[Card, ...]:
        """One seat's hand, in hand order."""
        parts, at = self._parts, seat * 4
        return parts[at] + parts[at + 1] + parts[at + 2] + parts[at + 3]

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, top card first."""
        return self._stock[self._stock_pos:]

    @property
    def stock_size(self) -> int:
        """Cards left in the stock."""
        return len(self._stock) - self._stock_pos

    trump = _read_only("_trump", """The trump suit, or None (``no-trump``, or ``grand-coup`` before it is named).""")

    @property
    def trick(self) -> tuple[tuple[int, Card], ...]:
        """The trick on the table: (seat, card) in playing order."""
        return tuple(zip(self._orders[self._leader], self._cards))

    @property
    def led_suit(self) -> Suit | None:
        """The suit of the trick's first card, or None before the lead."""
        return _SUITS[self._led] if self._cards else None

    leader = _read_only("_leader", """The seat that leads (or led) the current trick.""")

    to_act = _read_only("_to_act", """The seat whose action the deal waits for, or None when it is over.""")

    phase = _read_only("_phase", """What the deal waits for.""")

    @property
    def out(self) -> frozenset[int]:
        """Seats that are out for the rest of the deal."""
        return self._out

    def is_out(self, seat: int) -> bool:
        """Whether ``seat`` is out of the deal."""
        return seat in self._out

    @property
    def active_seats(self) -> tuple[int, ...]:
        """Seats still in the deal, in seat order."""
        return tuple(s for s in range(self.players) if s not in self._out)

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks each seat has won in this deal."""
        return tuple(self._tricks_won)

    @property
    def won_piles(self) -> tuple[tuple[Card, ...], ...]:
        """The cards each seat has won (only those won since the deal was set up)."""
        return tuple(self._won)

    @property
    def tricks_played(self) -> int:
        """Tricks completed so far."""
        return self._trick_number

    @property
    def outcome(self) -> Outcome | None:
        """How the deal ended, or None while it goes on."""
        return self._outcome

    @property
    def is_over(self) -> bool:
        """Whether the deal has a winner."""
        return self._phase is Phase.OVER

    @property
    def history(self) -> tuple[Card | Suit, ...]:
        """The actions applied so far: cards played and suits named."""
        return tuple(self._history) + self._cards[self._kept:]

    # ---------------------------------------------------------------- actions

    def legal_plays(self) -> tuple[Card, ...]:
        """The cards the player to act may play, sorted; empty unless a card is awaited.

        A player holding the led suit must follow suit; a void player may play anything.
        """
        if self._phase is not _PLAY:
            return ()
        parts, at = self._parts, self._to_act * 4  # type: ignore[operator]
        if self._cards:
            following = parts[at + self._led]
            if following:
                return following
        return parts[at] + parts[at + 1] + parts[at + 2] + parts[at + 3]

    def refusal(self, card: Card) -> Refusal | None:
        """None if the player to act may play ``card``, else the rule the play would break."""
        phase = self._phase
        if phase is _OVER:
            return Refusal(RefusalKind.DEAL_OVER, None)
        seat: int = self._to_act  # type: ignore[assignment]
        if phase is _NAME_TRUMP:
            return Refusal(RefusalKind.NAME_TRUMP_FIRST, seat)
        hand = self.hand(seat)
        if card not in hand:
            return Refusal(RefusalKind.NOT_HELD, seat, card=card)
        if self._cards:
            led = self._cards[0].suit
            if card.suit is not led and any(c.suit is led for c in hand):
                return Refusal(RefusalKind.MUST_FOLLOW, seat, card=card, suit=led)
        return None

    def why_illegal(self, card: Card) -> str | None:
        """None if the player to act may play ``card``, else the rule it breaks, in English words."""
        refusal = self.refusal(card)
        return refusal.message(self.names) if refusal else None

    def play(self, card: Card) -> tuple[Event, ...]:
        """The player to act plays ``card``; returns what happened. An illegal play raises :class:`IllegalPlayError`."""
        if self._phase is not _PLAY:
            raise IllegalPlayError(self.why_illegal(card))
        seat: int = self._to_act  # type: ignore[assignment]
        parts = self._parts
        try:
            key = seat * 52 + card.index
            at = _PART[key]
            part = parts[at]
            i = part.index(card)  # by identity: cards are interned and compare by identity
        except (AttributeError, TypeError, ValueError):  # not a card, or not in this hand
            raise IllegalPlayError(self.why_illegal(card)) from None
        cards = self._cards
        if not cards:
            self._led = at & 3
            self._lead_sizes = tuple(self._sizes)  # for chips option B, should this trick put someone out
        elif at & 3 != self._led and parts[at - (at & 3) + self._led]:  # a player holding the led suit must follow
            raise IllegalPlayError(self.why_illegal(card))
        parts[at] = part[:i] + part[i + 1:]
        sizes = self._sizes
        left = sizes[seat] = sizes[seat] - 1
        if not left:
            self._emptied += (seat,)
        self._cards = cards = cards + _ONE_CARD[key]
        if len(cards) == self._active:
            return self._finish_trick(_CARD_PLAYED[key])
        self._to_act = self._next[seat]
        return _CARD_PLAYED_ALONE[key]

    def name_trump(self, suit: Suit) -> tuple[Event, ...]:
        """Under ``grand-coup``, the first trick's winner names the trump suit for the rest of the deal."""
        if self._phase is not _NAME_TRUMP:
            raise IllegalPlayError("only the winner of the first trick under 'grand-coup' names trump, once")
        if not isinstance(suit, Suit):
            raise IllegalPlayError(f"{suit!r} is not a suit")
        self._history.append(suit)
        self._trump = suit
        self._phase = _PLAY
        return (TrumpNamed(self._to_act, suit),)  # type: ignore[arg-type]

    def apply(self, action: Card | Suit) -> tuple[Event, ...]:
        """Apply a card play or, under ``grand-coup``, the naming of a suit."""
        return self.name_trump(action) if isinstance(action, Suit) else self.play(action)

    def undo(self) -> None:
        """Step back one action (a card played or a suit named).

        A card played inside a trick goes straight back to its hand; any other
        action is undone by replaying the deal from its start without it.
        """
        cards = self._cards
        if len(cards) > self._kept:  # the last action is a card of the trick on the table
            card = cards[-1]
            seat = self._orders[self._leader][len(cards) - 1]
            self._cards = cards[:-1]
            at = _PART[seat * 52 + card.index]
            self._parts[at] = _with_card(self._parts[at], card)
            self._sizes[seat] += 1
            if seat in self._emptied:
                self._emptied = self._emptied[:-1]  # it emptied its hand with the trick's last card
            self._to_act = seat
            return
        if not self._history:
            raise IndexError("nothing to undo: no action has been applied")
        actions = self._history[:-1]
        self._restore(self._start)
        self._history = []
        for action in actions:
            self.apply(action)

    def copy(self) -> Deal:
        """An independent copy with the same position (history included)."""
        other = Deal.__new__(Deal)
        # The fields a snapshot leaves out (fixed for the deal, and the history) are shared or copied here;
        # the rest go through a snapshot, whose stores are bytecode rather than setattr() calls.
        other.rules, other.players, other.dealer, other.names, other.turned_card = (
            self.rules, self.players, self.dealer, self.names, self.turned_card)
        other._stock, other._start, other._one_card_draw = self._stock, self._start, self._one_card_draw
        other._history = list(self._history)
        other._restore(self._snapshot())
        return other

    def with_hidden(self, hands: Mapping[int, Sequence[Card]], stock: Sequence[Card]) -> Deal:
        """A copy in which some seats' hands and the stock's order are replaced by other cards.

        Search bots use it to try out what they cannot see: the replacement must
        use exactly the cards it replaces, with the same hand sizes. The copy
        starts a new history (it cannot be undone past this point).
        """
        before = [c for seat in hands for c in self.hand(seat)] + list(self.stock)
        after = [c for seat in hands for c in hands[seat]] + list(stock)
        if sorted(before, key=_hand_order) != sorted(after, key=_hand_order):
            raise InvalidPositionError("the hidden cards must be replaced by the same cards")
        other = self.copy()
        for seat, cards in hands.items():
            if len(cards) != self._sizes[seat]:
                raise InvalidPositionError(f"{self.names[seat]} must keep {self._sizes[seat]} cards")
            other._parts[seat * 4:seat * 4 + 4] = _parts_of([cards])
        other._stock, other._stock_pos = tuple(stock), 0
        other._history = []
        other._kept = len(other._cards)
        other._start = other._snapshot()
        return other

    # --------------------------------------------------------------- internals

    def _snapshot(self) -> tuple:
        return (
            tuple(self._parts), tuple(self._sizes), self._stock_pos, self._trump, self._out, self._orders, self._cards,
            self._led, self._emptied, self._leader, self._to_act, self._next, tuple(self._tricks_won), tuple(self._won),
            self._trick_number, self._phase, self._outcome, self._out_order, self._sizes_when_out.copy(), self._kept,
            self._lead_sizes,
        )

    def _restore(self, snap: tuple) -> None:
        (parts, sizes, self._stock_pos, self._trump, self._out, self._orders, self._cards, self._led, self._emptied,
         self._leader, self._to_act, self._next, tricks_won, won, self._trick_number, self._phase, self._outcome,
         self._out_order, self._sizes_when_out, self._kept, self._lead_sizes) = snap
        self._parts = list(parts)
        self._sizes = list(sizes)
        self._tricks_won = list(tricks_won)
        self._won = list(won)
        self._sizes_when_out = dict(self._sizes_when_out)
        self._active = self.players - len(self._out)

    def _finish_trick(self, played: CardPlayed) -> tuple[Event, ...]:
        """Resolve a complete trick: winner, won pile, draw, eliminations, end of deal, next lead.

        ``played`` is the event of the trick's last card, which comes first in the events returned.
        """
        cards = self._cards
        winner = trick_winner(zip(self._orders[self._leader], cards), self._trump)
        if self._kept:  # the trick began before this history did
            self._history += cards[self._kept:]
            self._kept = 0
        else:
            self._history += cards
        self._trick_number = number = self._trick_number + 1
        self._tricks_won[winner] += 1
        self._won[winner] += cards
        self._cards = ()
        won = trick_won(winner, cards, number)
        stock, pos = self._stock, self._stock_pos
        if self._one_card_draw and not self._emptied and pos < len(stock) - 1:
            # The usual trick, kept short because it is most of them: nobody emptied a hand, so the winner
            # draws one card, the stock does not run out, and the winner leads the next trick.
            card = stock[pos]
            self._stock_pos = pos + 1
            key = winner * 52 + card.index
            parts = self._parts
            at = _PART[key]
            part = parts[at]
            parts[at] = _with_card(part, card) if part else _ONE_CARD[key]  # most draws start a suit
            self._sizes[winner] += 1
            self._leader = self._to_act = winner
            return played, won, _CARD_DRAWN[key]
        return self._after_trick(winner, len(cards), [played, won])

    def _after_trick(self, winner: int, size: int, events: list[Event]) -> tuple[Event, ...]:
        """The draw, eliminations, end of deal and next lead after a trick of ``size`` cards won by ``winner``."""
        rules = self.rules
        emptied = self._emptied
        eliminate_first = emptied and rules.eliminate_before_draw
        took_last = False
        if eliminate_first:  # eliminate-before-draw: empty hands go out before the draw
            self._eliminate(events)
        if self._stock_pos < len(self._stock) and winner not in self._out:
            took_last = self._draw(winner, size if rules.draws_per_card else 1, events)
        if emptied and not eliminate_first:  # the winner draws before anyone is eliminated
            self._eliminate(events)
        self._emptied = ()
        if took_last and rules.deal_ends_with_stock:  # last-card: taking the last stock card wins the deal
            return self._end(_WON_STOCK_EXHAUSTED[winner], events)
        remaining = self._active
        if remaining <= 1:
            if remaining == 1:  # the last player holding cards wins
                return self._end(_WON_LAST_HOLDING[self._next[winner]], events)
            return self._end(_WON_LAST_TRICK[winner], events)  # all emptied at once: the trick's winner
        if winner in self._out:  # the winner holds no card: the lead passes clockwise
            leader = self._next[winner]
            events.append(LeadPassed(winner, leader))
        else:
            leader = winner
        self._leader = self._to_act = leader
        if self._trump is None and rules.trump_source is TrumpSource.NAMED_BY_FIRST_WINNER:
            self._phase = _NAME_TRUMP  # grand-coup: the first trick's winner names trump
        return tuple(events)

    def _draw(self, winner: int, count: int, events: list[Event]) -> bool:
        """The winner draws ``count`` cards from the top of the stock (one, or one per card with ``draw-per-card``),
        as many as it has.

        Returns whether the stock ran out now.
        """
        stock, pos = self._stock, self._stock_pos
        drawn = stock[pos:pos + count]
        self._stock_pos = pos = pos + len(drawn)
        parts = self._parts
        for card in drawn:
            key = winner * 52 + card.index
            at = _PART[key]
            part = parts[at]
            parts[at] = _with_card(part, card) if part else _ONE_CARD[key]  # most draws start a suit
            events.append(_CARD_DRAWN[key])
        self._sizes[winner] += len(drawn)
        if pos == len(stock):
            events.append(_STOCK_EMPTY)
            return True
        return False

    def _eliminate(self, events: list[Event]) -> None:
        """Every player in the trick whose hand is now empty is out for the rest of the deal."""
        gone = tuple(filterfalse(self._sizes.__getitem__, self._emptied))  # the winner may have drawn
        if not gone:
            return
        sizes_before = self._lead_sizes  # for chips option B
        self._out = out = self._out.union(gone)
        self._active -= len(gone)
        self._out_order += gone
        self._next, self._orders = _SEATING.get((self.players, out)) or _seating(self.players, out)
        for seat in gone:
            self._sizes_when_out[seat] = sizes_before
            events.append(_PLAYER_OUT[seat])

    def _end(self, won: DealWon, events: list[Event]) -> tuple[Event, ...]:
        """The deal ends as ``won`` says: its seat wins, for its reason."""
        self._phase = _OVER
        self._to_act = None
        self._outcome = _outcome(
            winner=won.seat, reason=won.reason, tricks_played=self._trick_number,
            tricks_won=tuple(self._tricks_won), out_order=self._out_order,
            hand_sizes_when_out=dict(self._sizes_when_out),
        )
        events.append(won)
        return tuple(events)

    def __repr__(self) -> str:
        return (f"<Deal {self.rules.name} players={self.players} trick={self._trick_number + 1} "
                f"to_act={self._to_act} stock={self.stock_size} phase={self._phase.value}>")


_SEATING: dict[tuple[int, frozenset[int]], tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]] = {}


def _seating(players: int, out: frozenset[int]) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """Who plays after whom while ``out`` are out: for each seat, the next seat clockwise still in the deal,
    and the seats of a trick it leads, in playing order.

    The tables depend only on the table size and who is out, so each pair is made once; callers on a hot
    path look in ``_SEATING`` first, which saves the call.
    """
    seating = _SEATING.get((players, out))
    if seating is None:
        seats = [seat for seat in range(players) if seat not in out] or list(range(players))
        following = tuple(next((s for s in seats if s > seat), seats[0]) for seat in range(players))
        orders = []
        for leader in range(players):
            order = [leader]
            while len(order) < len(seats):
                order.append(following[order[-1]])
            orders.append(tuple(order))
        seating = _SEATING[players, out] = following, tuple(orders)
    return seating


_ONE_CARD = [(card,) for card in FULL_DECK * 6]  #: the card of a key seat * 52 + card index, as a 1-tuple
_DEALT_TO: dict[tuple[int, int, int], tuple[int, ...]] = {}


def _dealt_to(players: int, first: int, size: int) -> tuple[int, ...]:
    """Who gets each dealt card, as seat * 52: cards go one at a time clockwise, from ``first``, ``size`` rounds."""
    owners = _DEALT_TO[players, first, size] = tuple((first + i) % players * 52 for i in range(size * players))
    return owners


def _parts_of(hands: Sequence[Iterable[Card]]) -> list[tuple[Card, ...]]:
    """The hands as :func:`_parts_by_key` keeps them: for each seat, one tuple per suit in hand order."""
    keys = sorted(seat * 52 + card.index for seat, hand in enumerate(hands) for card in hand)
    return _parts_by_key(keys, len(hands))


def _parts_by_key(keys: Iterable[int], players: int) -> list[tuple[Card, ...]]:
    """Hands split by suit, from sorted keys seat * 52 + card index: the tuple at seat * 4 + suit number holds
    that seat's cards of that suit (♠ ♥ ♣ ♦), in hand order."""
    parts: list[tuple[Card, ...]] = [()] * (4 * players)
    for key in keys:
        parts[_PART[key]] += _ONE_CARD[key]  # a shared 1-tuple: no tuple built per card
    return parts


def _with_card(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``hand`` with ``card`` added in hand order."""
    i = bisect(hand, card.index, key=_hand_order)
    return hand[:i] + (card,) + hand[i:]


def _deck_order(seed: int | random.Random | None, deck: Sequence[Card] | str | None) -> list[Card]:
    """The deck, top card first: given explicitly, or shuffled from the seed."""
    if deck is not None:
        from .cards import parse_cards

        cards = list(parse_cards(deck)) if isinstance(deck, str) else list(deck)
        if len(cards) != 52 or len(set(cards)) != 52:
            dupes = sorted({str(c) for c in cards if cards.count(c) > 1})
            raise InvalidPositionError(
                f"a deck order must hold each of the 52 cards once; got {len(cards)} cards"
                + (f", repeated: {', '.join(dupes)}" if dupes else "")
            )
        return cards
    # The seeded shuffle stands for the shuffle and the cut: each card gets a random key and the
    # deck is sorted by key (a uniform shuffle, faster here than a Python Fisher-Yates loop). The
    # same seed gives the same order on every platform, Pyodide included. The keys are the generator's
    # next floats in deck order; ``next(iter(draw, None), card)`` returns one without a Python call per card.
    draw = (seed if isinstance(seed, random.Random) else random.Random(seed)).random
    return sorted(FULL_DECK, key=partial(next, iter(draw, None)))


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
) -> None:
    """Reject positions that no real deal can reach, naming what is wrong."""
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
    if rules.deal_ends_with_stock and not stock and len(seen) < 52:
        raise InvalidPositionError("the stock is empty, so under 'last-card' the deal has already ended")
    if tricks_won is not None and (len(tricks_won) != players or any(t < 0 for t in tricks_won)):
        raise InvalidPositionError(f"tricks won {list(tricks_won)!r}: give one count of 0 or more per seat")
    if rules.trump_source is TrumpSource.NONE and trump is not None:
        raise InvalidPositionError(f"'no-trump' is played without trump, but trump is {trump}")
    if trump is None and rules.trump_source in (TrumpSource.DEALER_CARD, TrumpSource.STOCK_CARD):
        raise InvalidPositionError(f"rules {rules.name!r} need a trump suit")
