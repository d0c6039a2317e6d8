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
from typing import Sequence

from .bots import make_bot
from .game import Deal
from .rules import Rules

__all__ = ["DealStatistics", "simulate"]


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
    if deals < 1:
        raise ValueError(f"deals: {deals!r} is not a positive number")
    names = bots * players if len(bots) == 1 else bots
    if len(names) != players:
        raise ValueError(f"bots: give one name or {players}, got {len(bots)}")
    rng = random.Random(seed)
    tricks = longest = stock_out = first_seat = 0
    wins = [0] * players
    for number in range(deals):
        seats = [make_bot(name, rng.getrandbits(32)) for name in names]
        dealer = number % players  # the deal passes clockwise
        deal = Deal.new(rules, players, seed=rng.getrandbits(64), dealer=dealer)
        while not deal.is_over:
            deal.apply(seats[deal.to_act].choose(deal))  # type: ignore[index]
        outcome = deal.outcome
        assert outcome is not None
        tricks += outcome.tricks_played
        longest = max(longest, outcome.tricks_played)
        stock_out += deal.stock_size == 0
        wins[outcome.winner] += 1
        first_seat += outcome.winner == (dealer + 1) % players
    return DealStatistics(
        rules=rules.name, players=players, deals=deals, seed=seed, bots=names, mean_tricks=tricks / deals,
        longest=longest, stock_ran_out=stock_out / deals, first_seat_won=first_seat / deals, wins=tuple(wins),
    )
