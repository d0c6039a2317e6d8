"""The rules of a single trick, as small pure functions named in rulebook words.

>>> from .cards import parse_cards, Suit
>>> hand = parse_cards('KC 7S 2H')
>>> legal_plays(hand, Suit.CLUBS)
(Card.parse('K♣'),)
>>> plays = list(zip(range(4), parse_cards('KC 3C 2H AC')))
>>> trick_winner(plays, trump=Suit.HEARTS)
2
"""

from __future__ import annotations

from typing import Iterable, Sequence

from .cards import Card, Suit

__all__ = ["legal_plays", "must_follow", "trick_winner"]


def must_follow(hand: Sequence[Card], led_suit: Suit | None) -> bool:
    """A player holding the led suit must follow suit."""
    return led_suit is not None and any(card.suit is led_suit for card in hand)


def legal_plays(hand: Sequence[Card], led_suit: Suit | None) -> tuple[Card, ...]:
    """The cards a player may play, in hand order.

    The leader plays any card; a player holding the led suit must follow suit;
    only a player void in the led suit may trump or discard, freely.
    """
    if led_suit is not None:
        following = tuple(card for card in hand if card.suit is led_suit)
        if following:
            return following
    return tuple(hand)


def trick_winner(plays: Iterable[tuple[int, Card]], trump: Suit | None) -> int:
    """The seat that wins: the highest trump, or if no trump was played the highest card of the led suit.

    ``plays`` are (seat, card) in playing order; the first card sets the led suit. The best card so far is of
    the led suit until a trump beats it, so a card of any other suit never wins.
    """
    plays = iter(plays)
    best_seat, best = next(plays)
    for seat, card in plays:
        if card.suit is best.suit:
            if card.index < best.index:  # the higher rank: cards of a suit run from the ace down in hand order
                best_seat, best = seat, card
        elif card.suit is trump:  # a trump beats any card of another suit
            best_seat, best = seat, card
    return best_seat
