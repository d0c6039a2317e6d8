"""Computer players: a random one and one that follows the strategy tips.

A bot sees what a player at the table sees: its own hand, the trick on the
table, trump and the size of the stock. ``choose`` returns a card to play or,
under ``grand-coup``, a suit to name.

>>> from .rules import Rules
>>> deal = Deal.new(Rules(), 4, seed=3)
>>> card = RuleOfThumbBot(seed=1).choose(deal)
>>> card in deal.legal_plays()
True
"""

from __future__ import annotations

import random
from typing import Protocol

from .cards import Card, Suit
from .game import Deal, Phase

__all__ = ["Bot", "RandomBot", "RuleOfThumbBot", "BOTS", "make_bot"]


class Bot(Protocol):
    """Anything that picks an action for the player to act."""

    def choose(self, deal: Deal) -> Card | Suit:
        """The action for ``deal.to_act``."""
        ...


class RandomBot:
    """Plays a legal card at random and names a random suit."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, deal: Deal) -> Card | Suit:
        if deal.phase is Phase.NAME_TRUMP:
            return self.rng.choice(list(Suit))
        return self.rng.choice(deal.legal_plays())


def _beats(card: Card, best: Card, trump: Suit | None) -> bool:
    """Whether ``card`` would take the lead of a trick now led by ``best``."""
    if card.suit is best.suit:
        return card.rank > best.rank
    return card.suit is trump


class RuleOfThumbBot:
    """Follows the site's strategy tips.

    - The stock is a clock: while it has cards, winning a trick is worth a card,
      so win as cheaply as possible (trumping a low lead early is cheap).
    - Do not waste strong cards on tricks you cannot win: discard your weakest
      non-trump card.
    - Keep high trumps for when the stock is gone: lead from your longest plain
      suit while the stock lasts, and lead trumps only once it is empty.
    - Under ``grand-coup``, name the suit you hold most of.
    """

    name = "rule-of-thumb"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, deal: Deal) -> Card | Suit:
        if deal.phase is Phase.NAME_TRUMP:
            return self._name_trump(deal.hand(deal.to_act))  # type: ignore[arg-type]
        legal = deal.legal_plays()
        if len(legal) == 1:
            return legal[0]
        trump = deal.trump
        if not deal.trick:
            return self._lead(legal, trump, deal.stock_size)
        best = _current_best(deal, trump)
        winners = [c for c in legal if _beats(c, best, trump)]
        if winners and deal.stock_size:
            return min(winners, key=lambda c: (c.suit is trump, c.rank))  # win as cheaply as possible
        return _weakest(legal, trump)  # cannot (or need not) win: keep the strong cards

    def _lead(self, legal: tuple[Card, ...], trump: Suit | None, stock: int) -> Card:
        plain = [c for c in legal if c.suit is not trump]
        if stock and plain:
            counts = {s: sum(1 for c in plain if c.suit is s) for s in Suit}
            longest = max(plain, key=lambda c: (counts[c.suit], c.rank))
            return longest  # the top card of the longest plain suit
        return max(legal, key=lambda c: (c.suit is trump, c.rank))

    def _name_trump(self, hand: tuple[Card, ...]) -> Suit:
        return max(Suit, key=lambda s: (sum(1 for c in hand if c.suit is s), sum(c.rank for c in hand if c.suit is s)))


def _current_best(deal: Deal, trump: Suit | None) -> Card:
    best = deal.trick[0][1]
    for _, card in deal.trick[1:]:
        if _beats(card, best, trump):
            best = card
    return best


def _weakest(cards: tuple[Card, ...] | list[Card], trump: Suit | None) -> Card:
    """The weakest card: the lowest non-trump, else the lowest trump."""
    return min(cards, key=lambda c: (c.suit is trump, c.rank))


#: Bots by the names the command line and the site use.
BOTS: dict[str, type[RandomBot] | type[RuleOfThumbBot]] = {
    RandomBot.name: RandomBot,
    RuleOfThumbBot.name: RuleOfThumbBot,
}


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A bot by name; an unknown name lists the known ones."""
    try:
        return BOTS[name](seed)
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; known bots: {', '.join(repr(b) for b in BOTS)}") from None
