"""The rules of a single trick, as small pure functions named in rulebook words.

A hand is a card set (:func:`~linger_longer.cards.card_set`: one bit per card),
so that following suit is a test of the hand against the led suit's bits.
The deal (:mod:`~linger_longer.game`) asks these functions every question about a
trick; the bots ask them too.

>>> from .cards import card_set, cards_in, parse_cards
>>> hand = card_set(parse_cards('KC 7S 2H'))
>>> cards_in(legal_plays(hand, Suit.CLUBS))
(Card.parse('K♣'),)
>>> refusal(hand, Suit.CLUBS, Card.parse('7S'), seat=1)
Refusal(kind=<RefusalKind.MUST_FOLLOW: 'must-follow'>, seat=1, card=Card.parse('7♠'), suit=<Suit.CLUBS: 'C'>, clause='follow-suit')
>>> trick_winner(parse_cards('KC 3C 2H AC'), trump=Suit.HEARTS)
2
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Sequence

from .cards import Card, Suit

__all__ = ["Refusal", "RefusalKind", "beats", "legal_plays", "must_follow", "refusal", "trick_winner", "winning_place"]


class RefusalKind(enum.Enum):
    """The rules a play can break."""

    MUST_FOLLOW = "must-follow"  #: a player holding the led suit must follow suit
    NOT_HELD = "not-held"  #: a player can only play a card from their own hand
    NAME_TRUMP_FIRST = "name-trump-first"  #: grand-coup: trump is named before the second trick
    DEAL_OVER = "deal-over"  #: nobody plays once the deal has a winner


@dataclass(frozen=True)
class Refusal:
    """Why a play is not allowed: the rule, the seat, the card or suit concerned, and the clause of the rules
    that forbids it (an ID of :data:`linger_longer.clauses.CLAUSES`, which the site links to)."""

    kind: RefusalKind
    seat: int | None
    card: Card | None = None
    suit: Suit | None = None
    clause: str = ""

    def message(self, names: Sequence[str]) -> str:
        """The rule in English words, naming the player (translations: :mod:`linger_longer.narrate`)."""
        name = names[self.seat] if self.seat is not None else ""
        return {
            RefusalKind.MUST_FOLLOW: f"{name} holds {self.suit} and must follow suit",
            RefusalKind.NOT_HELD: f"{name} does not hold {self.card}",
            RefusalKind.NAME_TRUMP_FIRST: f"{name} must name the trump suit before anyone plays",
            RefusalKind.DEAL_OVER: "the deal is over",
        }[self.kind]


def must_follow(hand: int, led: Suit | None) -> bool:
    """A player holding the led suit must follow suit."""
    return led is not None and hand & led.mask != 0


def legal_plays(hand: int, led: Suit | None) -> int:
    """The cards a player may play, as a card set.

    The leader plays any card; a player holding the led suit must follow suit;
    only a player void in the led suit may trump or discard, freely.
    """
    if led is not None and (following := hand & led.mask):
        return following  # a player holding the led suit must follow suit
    return hand  # the leader, and a player void in the led suit, may play any card


def refusal(hand: int, led: Suit | None, card: Card, seat: int) -> Refusal | None:
    """None if ``seat``, holding ``hand``, may play ``card`` to a trick led in ``led``; else the rule it breaks."""
    if not hand & card.mask:
        return Refusal(RefusalKind.NOT_HELD, seat, card=card, clause="play-in-turn")  # a card they hold
    if led is not None and card.suit is not led and must_follow(hand, led):
        return Refusal(RefusalKind.MUST_FOLLOW, seat, card=card, suit=led, clause="follow-suit")
    return None


def trick_winner(cards: Sequence[Card], trump: Suit | None) -> int:
    """Which card wins the trick (its place in ``cards``, the cards in playing order): see :func:`winning_place`."""
    return winning_place([card.index for card in cards], trump.number if trump is not None else -1)


def winning_place(cards: Sequence[int], trump: int) -> int:
    """Which card wins the trick, given as card numbers (``suit * 13 + rank``, the ace 0) in playing order and
    trump as a suit number (-1 for none): its place in ``cards``.

    The highest trump wins; if no trump was played, the highest card of the led
    suit (the first card's suit) wins. No two cards are equal, so every trick
    has exactly one winner. The cards are read in playing order, each against
    the best so far, as the players see the trick grow.
    """
    best = cards[0]
    suit = best // 13  # the led suit, until a trump is played
    for card in cards:
        if card // 13 == suit:  # a higher card of the suit that is winning takes the trick
            if card < best:  # the higher rank: a suit runs from the ace down in card numbers
                best = card
        elif card // 13 == trump:  # a trump takes it from any card of another suit; a discard never does
            best, suit = card, trump
    return cards.index(best)


def beats(card: Card, best: Card, trump: Suit | None) -> bool:
    """Whether ``card`` takes the trick from ``best``, the best card so far (see :func:`trick_winner`).

    A higher card of the same suit beats it; a trump beats any card of another
    suit; any other card (a discard) never wins.
    """
    return trick_winner((best, card), trump) == 1
