"""What one seat can see of a deal: the fair bots and the hints read a deal only through a :class:`SeatView`.

A seat sees its own hand, every card played (the trick records, with who won
and how many cards they drew, but only its own draws' faces), every hand's
size, the stock's size, the turned trump card, who is out, and, when it is to
act, what it may do. It does not see another hand or the stock's order; the
one way to try out what it cannot see is :meth:`SeatView.imagine`, which takes
an imagined placing of exactly the cards the seat has not seen.

>>> from .game import Deal
>>> from .rules import Rules
>>> deal = Deal.new(Rules(), 4, seed=3)
>>> view = deal.view(deal.to_act)
>>> view.hand == deal.hand(deal.to_act), view.hand_sizes, view.stock_size
(True, (4, 4, 4, 4), 36)
>>> len(view.unseen()), deal.view(2).legal_plays()  # 52 less its own 4 and the turned card; seat 2 is not to act
(47, ())
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Mapping, NamedTuple, Sequence

from .cards import Card, Suit
from .rules import Rules

if TYPE_CHECKING:
    from .game import Deal, Phase

__all__ = ["SeatView", "SeenTrick"]


class SeenTrick(NamedTuple):
    """A completed trick as one seat saw it: every card played, and the faces of the cards drawn only if it drew
    them."""

    #: 1 for the deal's first trick.
    number: int
    #: The seat that led.
    leader: int
    #: The seats that played, in playing order.
    seats: tuple[int, ...]
    #: The cards they played, in the same order.
    cards: tuple[Card, ...]
    #: The seat that won the trick.
    winner: int
    #: How many cards the winner drew from the stock.
    drawn_count: int
    #: The cards drawn, when the viewing seat drew them; else ().
    own_draw: tuple[Card, ...]
    #: The seats that went out at the end of this trick, in playing order.
    went_out: tuple[int, ...]
    #: The trump suit the trick was played under.
    trump: Suit | None

    @property
    def plays(self) -> tuple[tuple[int, Card], ...]:
        """(seat, card) in playing order."""
        return tuple(zip(self.seats, self.cards))


class SeatView:
    """One seat's view of a deal (:meth:`Deal.view <linger_longer.game.Deal.view>`); it follows the deal as it goes
    on. It keeps the deal private and hands out only what the seat can see."""

    __slots__ = ("seat", "_deal")

    def __init__(self, deal: Deal, seat: int) -> None:
        if not 0 <= seat < deal.players:
            raise ValueError(f"seat {seat!r} is not at a table of {deal.players}")
        #: The seat whose view this is.
        self.seat = seat
        self._deal = deal

    # -- the table, which everyone sees

    @property
    def rules(self) -> Rules:
        return self._deal.rules

    @property
    def players(self) -> int:
        return self._deal.players

    @property
    def names(self) -> tuple[str, ...]:
        return self._deal.names

    @property
    def dealer(self) -> int:
        return self._deal.dealer

    @property
    def turned_card(self) -> Card | None:
        """The card turned for trump, shown to everyone (None when none is turned)."""
        return self._deal.turned_card

    @property
    def trump(self) -> Suit | None:
        return self._deal.trump

    @property
    def phase(self) -> Phase:
        return self._deal.phase

    @property
    def to_act(self) -> int | None:
        return self._deal.to_act

    @property
    def is_over(self) -> bool:
        return self._deal.is_over

    @property
    def trick(self) -> tuple[tuple[int, Card], ...]:
        """The trick on the table: (seat, card) in playing order."""
        return self._deal.trick

    @property
    def led_suit(self) -> Suit | None:
        return self._deal.led_suit

    @property
    def stock_size(self) -> int:
        return self._deal.stock_size

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds."""
        return tuple(self._deal.hand_size(seat) for seat in range(self._deal.players))

    def hand_size(self, seat: int) -> int:
        return self._deal.hand_size(seat)

    @property
    def out(self) -> frozenset[int]:
        return self._deal.out

    def is_out(self, seat: int) -> bool:
        return self._deal.is_out(seat)

    @property
    def tricks_won(self) -> tuple[int, ...]:
        return self._deal.tricks_won

    @property
    def tricks_played(self) -> int:
        return self._deal.tricks_played

    @property
    def tricks(self) -> tuple[SeenTrick, ...]:
        """The completed tricks as this seat saw them."""
        seat = self.seat
        return tuple(
            SeenTrick(t.number, t.leader, t.seats, t.cards, t.winner, len(t.drawn),
                      t.drawn if t.winner == seat else (), t.went_out, t.trump)
            for t in self._deal.tricks
        )

    # -- the seat's own

    @property
    def hand(self) -> tuple[Card, ...]:
        """The seat's own hand, in hand order."""
        return self._deal.hand(self.seat)

    def legal_plays(self) -> tuple[Card, ...]:
        """The cards the seat may play, when it is to act (else ())."""
        return self._deal.legal_plays() if self._deal.to_act == self.seat else ()

    def legal_actions(self) -> tuple[Card, ...] | tuple[Suit, ...]:
        """What the seat may do, when it is to act (else ()): see :meth:`Deal.legal_actions`."""
        return self._deal.legal_actions() if self._deal.to_act == self.seat else ()

    # -- what it does not see

    def turned_card_held(self) -> bool:
        """Whether another seat is known to hold the turned card: the dealer keeps it until they play it."""
        deal, turned = self._deal, self._deal.turned_card
        return (turned is not None and deal.dealer != self.seat and not deal.is_out(deal.dealer)
                and turned in deal.hand(deal.dealer))

    def turned_card_under_stock(self) -> bool:
        """Whether the turned card lies face up under the stock (``random-trump``), where everyone sees it."""
        stock, turned = self._deal.stock, self._deal.turned_card
        return turned is not None and bool(stock) and stock[-1] is turned

    def unseen(self) -> tuple[Card, ...]:
        """The cards this seat has not seen, in hand order: the other hands and the stock, less the turned card
        where everyone knows it lies (in the dealer's hand, or under the stock)."""
        deal = self._deal
        held = deal.turned_card if self.turned_card_held() else None
        stock = deal.stock[:-1] if self.turned_card_under_stock() else deal.stock
        return tuple(sorted([c for s in range(deal.players) if s != self.seat for c in deal.hand(s) if c is not held]
                            + list(stock)))

    def imagine(self, hands: Mapping[int, Sequence[Card]], stock: Sequence[Card]) -> Deal:
        """A whole deal in which the other seats' hands (``hands``, by seat) and the stock (top card first) are
        imagined: they must place exactly the cards this seat has not seen (and the turned card where everyone
        knows it lies), with every hand's size kept. The deal itself is left alone."""
        if self.seat in hands:
            raise ValueError("a seat imagines the others' hands, not its own")
        return self._deal.with_hidden(hands, stock)

    def whole_deal(self) -> Deal | None:
        """The deal itself when counting tells this seat where every card lies (nothing is hidden from it); else
        None."""
        from .solver import hidden_from

        return None if hidden_from(self._deal, self.seat) else self._deal

    def __repr__(self) -> str:
        return f"<SeatView seat={self.seat} of {self._deal!r}>"
