"""The bots at a table: one bot in a lone seat against three of another, over seeded deals.

Deal ``i`` is dealt from ``DEAL_SEED + i`` with the lone ("hero") bot in seat ``i % 4``, the dealer
``(i // 4) % 4`` and the bot in seat ``s`` seeded ``4 i + s``, so every pairing with the same rules plays the
same deals and the figures do not depend on how many processes share the work. The opponents page's figures
(:mod:`tools.bench.strength`) are played this way. A win rate has a 95% Wilson interval (:func:`wilson`); a
hero's gain over a field bot that sat in its seat in the same deals is a paired difference (:func:`paired_gain`).
"""

from __future__ import annotations

import dataclasses
import math
import multiprocessing
import statistics

#: The seed of deal 0: deal ``i`` is dealt from ``DEAL_SEED + i``.
DEAL_SEED = 1_000_000


def make_bot(name: str, seed: int, samples: int | None = None):
    """A bot by name: the engine's (:func:`linger_longer.bots.make_bot`), the ceiling ``oracle`` (it sees every
    card) or ``playout`` (the Monte-Carlo bot the strong opponent replaced, at 100 samples); ``samples`` sets
    the strong opponent's sampled deals a move (default: its own)."""
    from linger_longer.bots import MonteCarloBot, OracleBot, PlayoutBot
    from linger_longer.bots import make_bot as engine_bot

    if name == "oracle":
        return OracleBot(seed)
    if name == "playout":
        return PlayoutBot(seed, samples=100)
    if name == "monte-carlo" and samples is not None:
        return MonteCarloBot(seed, samples=samples)
    return engine_bot(name, seed)


def lone_seat_deals(hero: str, field: str, rules, start: int, stop: int, samples: int | None = None) -> list[bool]:
    """The hero's win in each of deals ``start`` … ``stop - 1`` against three ``field`` bots (the module's text)."""
    from linger_longer import Deal
    from linger_longer.bots import OracleBot

    wins = []
    for i in range(start, stop):
        seat = i % 4
        bots = [make_bot(hero if s == seat else field, i * 4 + s, samples) for s in range(4)]
        deal = Deal.new(rules, 4, seed=DEAL_SEED + i, dealer=(i // 4) % 4)
        while not deal.is_over:
            bot = bots[deal.to_act]
            # The ceiling bot sees the whole deal; every fair bot only its seat's view.
            deal.apply(bot.choose(deal if isinstance(bot, OracleBot) else deal.view(deal.to_act)))
        wins.append(deal.outcome.winner == seat)
    return wins


def _chunk(args: tuple[str, str, str, int, int, int | None]) -> list[bool]:
    from linger_longer import Rules

    hero, field, rules, start, stop, samples = args
    profile, *variants = rules.split("+")
    return lone_seat_deals(hero, field, Rules.from_names(profile, tuple(variants)), start, stop, samples)


def play(hero: str, field: str, rules: str, deals: int, jobs: int, samples: int | None = None) -> list[bool]:
    """The hero's win in each of the first ``deals`` deals under ``rules`` (profile[+variant…]), over ``jobs``
    processes."""
    size = max(1, min(50, deals // (jobs * 4) or 1))
    chunks = [(hero, field, rules, a, min(deals, a + size), samples) for a in range(0, deals, size)]
    if jobs > 1:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            parts = pool.map(_chunk, chunks)
    else:
        parts = [_chunk(c) for c in chunks]
    return [won for part in parts for won in part]


def wilson(wins: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval for ``wins`` successes out of ``n``.

    >>> [round(x, 3) for x in wilson(332, 1000)]
    [0.304, 0.362]
    """
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def paired_gain(wins: list[bool], base: list[bool], z: float = 1.959964) -> tuple[float, float, float]:
    """Mean per-deal difference of two win records over the same deals, with its 95 % normal interval.

    >>> paired_gain([True, True, False, False], [True, False, False, False])[0]
    0.25
    """
    diffs = [int(a) - int(b) for a, b in zip(wins, base, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    sd = statistics.pstdev(diffs) if n > 1 else 0.0
    half = z * sd / math.sqrt(n) if n else 0.0
    return mean, mean - half, mean + half


@dataclasses.dataclass
class Result:
    """A hero's wins over some deals, and its paired gain over a field bot in its seat."""

    hero: str
    field: str
    rules: str
    wins: list[bool]
    base: list[bool]

    @property
    def gain(self) -> tuple[float, float, float]:
        return paired_gain(self.wins, self.base)

    def __str__(self) -> str:
        deals, won = len(self.wins), sum(self.wins)
        low, high = wilson(won, deals)
        mean, a, b = self.gain
        return (f"{self.hero} vs 3 {self.field} ({self.rules}, {deals:,} deals): {100 * won / deals:.1f} % "
                f"(95 % CI {100 * low:.1f}-{100 * high:.1f}); a {self.field} in the same seat wins "
                f"{100 * sum(self.base) / deals:.1f} %: gain {100 * mean:+.1f} points (95 % CI {100 * a:+.1f} to "
                f"{100 * b:+.1f})")


def run(hero: str, field: str, rules: str, deals: int, samples: int | None = None, jobs: int = 1) -> Result:
    """The hero's and a field bot's wins from the lone seat over the same deals."""
    return Result(hero, field, rules, play(hero, field, rules, deals, jobs, samples),
                  play(field, field, rules, deals, jobs, samples))
