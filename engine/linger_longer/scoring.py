"""Scoring one finished deal with chips, both ways the rules allow.

- Option A: each other player pays the deal winner 1 chip per trick the
  winner won in that deal.
- Option B: the winner collects 1 chip from each opponent who held fewer cards
  than the winner when that opponent went out, comparing the hands at the
  start of the trick in which the opponent went out (an opponent holds no card
  once out, so the hands before that trick are the ones that tell).

>>> from .game import Deal
>>> from .rules import Rules
>>> from .bots import RandomBot
>>> deal = Deal.new(Rules(), 4, seed=5)
>>> bots = [RandomBot(seat) for seat in range(4)]
>>> while not deal.is_over:
...     _ = deal.apply(bots[deal.to_act].choose(deal.view(deal.to_act)))
>>> score = score_deal(deal.outcome, 4)
>>> sum(score.chips_a), sum(score.chips_b)
(0, 0)
"""

from __future__ import annotations

from dataclasses import dataclass

from .game import Outcome

__all__ = ["DealScore", "chips_option_a", "chips_option_b", "score_deal"]


@dataclass(frozen=True)
class DealScore:
    """What one deal is worth to each seat: the deal itself, and chips both ways."""

    winner: int
    #: Chips won (positive) or paid (negative) by each seat under option A.
    chips_a: tuple[int, ...]
    #: Chips won (positive) or paid (negative) by each seat under option B.
    chips_b: tuple[int, ...]


def chips_option_a(outcome: Outcome, players: int) -> tuple[int, ...]:
    """Each other player pays the deal winner 1 chip per trick the winner won in that deal."""
    tricks = outcome.tricks_won[outcome.winner]
    return tuple(tricks * (players - 1) if seat == outcome.winner else -tricks for seat in range(players))


def chips_option_b(outcome: Outcome, players: int) -> tuple[int, ...]:
    """The winner collects 1 chip from each opponent who held fewer cards than the winner when that opponent
    went out (the hands as they were when the trick in which the opponent went out was led)."""
    chips = [0] * players
    for seat, sizes in outcome.hand_sizes_before_exit.items():
        if seat != outcome.winner and sizes[seat] < sizes[outcome.winner]:
            chips[seat] -= 1
            chips[outcome.winner] += 1
    return tuple(chips)


def score_deal(outcome: Outcome, players: int) -> DealScore:
    """The chips of one finished deal under both options."""
    return DealScore(outcome.winner, chips_option_a(outcome, players), chips_option_b(outcome, players))
