"""Figures about many deals played by bots: how long a deal lasts, how often the stock runs out, who wins.

The site's figures come from here, computed when the site is built, never
typed by hand. The deals are the ones ``python -m linger_longer simulate``
plays for the same arguments: one generator, seeded once, gives each deal its
bots' seeds and then its shuffle, and the deal passes clockwise.

>>> figures = simulate(Rules(), 4, 200, seed=1)
>>> figures.deals, figures.stock_ran_out
(200, 0.0)
>>> 4 <= figures.mean_tricks <= figures.longest <= 7
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from typing import Iterator, Sequence

from .bots import make_bot
from .game import Deal
from .rules import Rules

__all__ = ["DealStatistics", "Tally", "play_deals", "seat_bots", "simulate"]


@dataclass(frozen=True)
class DealStatistics:
    """What ``deals`` seeded deals under ``rules`` came to."""

    rules: str
    players: int
    deals: int
    seed: int
    bots: tuple[str, ...]
    #: Tricks played per deal, on average.
    mean_tricks: float
    #: The most tricks any of the deals lasted.
    longest: int
    #: The share of deals that ended with an empty stock (0 to 1).
    stock_ran_out: float
    #: The share of deals won by the player left of the dealer, who leads first (0 to 1).
    first_seat_won: float
    #: Deals won by each seat.
    wins: tuple[int, ...]


def simulate(rules: Rules, players: int, deals: int, *, seed: int,
             bots: Sequence[str] = ("random",)) -> DealStatistics:
    """Play ``deals`` deals between bots (one name for every seat, or one per seat) from ``seed``."""
    return _simulate(rules, players, deals, seed, tuple(bots))


@cache
def _simulate(rules: Rules, players: int, deals: int, seed: int, bots: tuple[str, ...]) -> DealStatistics:
    tally = Tally(players)
    for deal in play_deals(rules, players, deals, seed=seed, bots=bots):
        tally.add(deal)
    return tally.statistics(rules, seed, seat_bots(bots, players))


def seat_bots(bots: Sequence[str], players: int, what: str = "bots") -> tuple[str, ...]:
    """Each seat's bot: one name for every seat, or one name per seat.

    A wrong count or an unknown name is a :class:`ValueError` naming ``what`` was given.
    """
    if len(bots) not in (1, players):
        raise ValueError(f"{what}: give one name or {players}, got {len(bots)}")
    names = tuple(bots) * players if len(bots) == 1 else tuple(bots)
    for name in names:
        make_bot(name)  # an unknown name fails here, before any deal
    return names


def play_deals(rules: Rules, players: int, deals: int, *, seed: int,
               bots: Sequence[str] = ("random",)) -> Iterator[Deal]:
    """The ``deals`` seeded deals, each played to its end by the bots; the deal passes clockwise.

    One generator, seeded once, gives each deal its bots' seeds and then its shuffle.
    """
    if deals < 1:
        raise ValueError(f"deals: {deals!r} is not a positive number")
    names = seat_bots(bots, players)
    rng = random.Random(seed)
    for number in range(deals):
        seats = [make_bot(name, rng.getrandbits(32)) for name in names]
        deal = Deal.new(rules, players, seed=rng.getrandbits(64), dealer=number % players)
        while not deal.is_over:
            deal.apply(seats[deal.to_act].choose(deal.view(deal.to_act)))  # type: ignore[index]
        yield deal


class Tally:
    """What a run of finished deals came to so far: tricks, empty stocks, wins by seat."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.deals = self.tricks = self.longest = self.stock_out = self.first_seat = 0
        self.wins = [0] * players

    def add(self, deal: Deal) -> None:
        """Count one finished deal."""
        outcome = deal.outcome
        assert outcome is not None
        self.deals += 1
        self.tricks += outcome.tricks_played
        self.longest = max(self.longest, outcome.tricks_played)
        self.stock_out += deal.stock_size == 0
        self.wins[outcome.winner] += 1
        self.first_seat += outcome.winner == (deal.dealer + 1) % self.players  # the player left of the dealer

    def statistics(self, rules: Rules, seed: int, bots: tuple[str, ...]) -> DealStatistics:
        """The figures of the deals counted (at least one)."""
        n = self.deals
        return DealStatistics(
            rules=rules.name, players=self.players, deals=n, seed=seed, bots=bots, mean_tricks=self.tricks / n,
            longest=self.longest, stock_ran_out=self.stock_out / n, first_seat_won=self.first_seat / n,
            wins=tuple(self.wins),
        )
