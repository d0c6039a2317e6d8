"""The end of a trick, once, over plain integers: the one place each of its rules is written.

The deal (:class:`~linger_longer.game.Deal`) and the exact solver
(:mod:`~linger_longer.solver`) both end their tricks here; the deal makes its
events and trick records from what :func:`end_trick` returns, the solver
searches on from it, and both step back with :func:`reopen`.

The state is kept as the search keeps it: a hand is a card set (one bit per
card number, :func:`~linger_longer.cards.card_set`), the stock is a tuple of
card numbers (top card first) with the place of the next card to draw, the
players who are out are one bit per seat, and trump is a suit number (0 to 3,
in hand order) or -1 for none.

>>> from .cards import card_set, parse_cards
>>> from .rules import Rules
>>> hands = [card_set(parse_cards(h)) for h in ('7S', 'QD', '', 'AC 5S')]  # C has just played their last card
>>> stock, cards = (Card.parse('9D').index,), [c.index for c in parse_cards('KC 3C 2H AC')]
>>> winner, drawn, went_out, out, deal_winner, reason, leader, names_trump = end_trick(
...     Rules.from_names('last-card'), hands, stock, 0, 0, (0, 1, 2, 3), cards, 1)  # stock place 0, nobody out
>>> winner, [str(FULL_DECK[c]) for c in drawn], went_out, deal_winner, reason
(2, ['9♦'], (), 2, <EndReason.STOCK_EXHAUSTED: 'stock-exhausted'>)
"""

from __future__ import annotations

from functools import cache
from typing import Sequence

from .cards import FULL_DECK, Card  # noqa: F401  (Card and FULL_DECK: the doctest reads them)
from .events import EndReason
from .rules import Rules, TrumpSource
from .trick import winning_place

__all__ = ["TrickEnd", "end_trick", "out_before", "reopen", "seating"]



#: What the end of a trick did, in plain integers: (winner, drawn, went out, out, winner of the deal, reason,
#: leader, names trump) — the seat that won the trick; the card numbers it drew, top card first; the seats that
#: went out, in playing order; every seat out after the trick, one bit per seat; the seat that wins the deal and
#: why (None, None while it goes on); the seat that leads the next trick; whether the winner names trump first
#: (``grand-coup``). A plain tuple, read by unpacking: a named tuple made 16.1k instructions of end_trick and reopen
#: 13.0k (callgrind), 3.1k a trick, which comes to about 3% of a random 4-player playout (5.5 tricks, 517k) and
#: of a solver node (about one trick end in four nodes, 22k).
TrickEnd = tuple[int, tuple[int, ...], tuple[int, ...], int, "int | None", "EndReason | None", int, bool]


@cache
def seating(players: int, out: int) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """Play goes clockwise among the players still in (``out``: one bit per seat out): for each seat, the next
    seat clockwise still in the deal, and the seats of a trick it leads, in playing order."""
    seats = [seat for seat in range(players) if not out >> seat & 1] or list(range(players))
    following = tuple(next((s for s in seats if s > seat), seats[0]) for seat in range(players))
    orders = []
    for leader in range(players):
        order = [leader]
        while len(order) < len(seats):
            order.append(following[order[-1]])
        orders.append(tuple(order))
    return following, tuple(orders)


def end_trick(rules: Rules, hands: list[int], stock: tuple[int, ...], place: int, out: int,
              seats: Sequence[int], cards: Sequence[int], trump: int) -> TrickEnd:
    """The end of a trick, in the rulebook's order; the winner's draw is added to ``hands`` (see :func:`reopen`).

    1. The winner takes the cards to their won pile. 2. The winner draws one card from the top of the stock (one
    per card in the trick with ``draw-per-card``), as many as it still has. 3. Every player whose hand is empty
    goes out (``eliminate-before-draw`` swaps 2 and 3: an eliminated winner draws nothing). 4. The deal ends if it
    has a winner. 5. Otherwise the winner leads the next trick, or the next player clockwise still in; under
    ``grand-coup`` the first trick's winner names trump first.

    ``seats`` and ``cards`` are the trick in playing order; ``stock[place:]`` is what is left of the stock; ``out``
    the seats out before the trick, as bits.
    """
    winner = seats[winning_place(cards, trump)]  # 1. the highest trump, else the highest card of the led suit
    emptied = hands.count(0) > out.bit_count()  # out players hold nothing: a hand emptied in this trick shows
    went_out: tuple[int, ...] = ()
    if emptied and rules.eliminate_before_draw:  # 3 before 2: empty hands go out before the draw
        went_out = tuple([seat for seat in seats if not hands[seat]])
        out |= _bits(went_out)
    drawn: tuple[int, ...] = ()
    if not out >> winner & 1:  # 2. the winner draws (an eliminated winner draws nothing)
        drawn = stock[place:place + (len(cards) if rules.draws_per_card else 1)]
        for card in drawn:
            hands[winner] |= 1 << card
    if emptied and not rules.eliminate_before_draw:  # 3. the winner has drawn, so it may still be in
        went_out = tuple([seat for seat in seats if not hands[seat]])
        out |= _bits(went_out)
    if drawn and place + len(drawn) == len(stock) and rules.deal_ends_with_stock:
        return (winner, drawn, went_out, out, winner, EndReason.STOCK_EXHAUSTED, winner, False)
    leader = winner
    if went_out:  # 4. only a player going out (or, above, the stock's end) ends a deal
        following = seating(len(hands), out)[0]
        holding = len(hands) - out.bit_count()
        if holding == 1:  # the last player holding cards wins
            return (winner, drawn, went_out, out, following[winner], EndReason.LAST_HOLDING, winner, False)
        if holding == 0:  # everyone emptied their hand at once: the trick's winner wins
            return (winner, drawn, went_out, out, winner, EndReason.LAST_TRICK, winner, False)
        if out >> winner & 1:  # 5. a winner holding no card passes the lead clockwise
            leader = following[winner]
    names_trump = trump == -1 and rules.trump_source is TrumpSource.NAMED_BY_FIRST_WINNER
    return (winner, drawn, went_out, out, None, None, leader, names_trump)


def reopen(hands: list[int], end: TrickEnd) -> None:
    """Undo what :func:`end_trick` did to ``hands``: the winner's draw goes back to the stock."""
    winner, drawn = end[0], end[1]
    for card in drawn:
        hands[winner] ^= 1 << card


def out_before(end: TrickEnd) -> int:
    """The seats out before the trick whose end is ``end``, as bits."""
    return end[3] & ~_bits(end[2])


def _bits(seats: Sequence[int]) -> int:
    """Seats as one bit per seat."""
    bits = 0
    for seat in seats:
        bits |= 1 << seat
    return bits
