"""Time the strong (Monte-Carlo) bot on fixed decisions, with the same code in CPython, Node and the browser.

``measure(samples, positions)`` plays seeded 4-player deals with rule-of-thumb
bots and, at each decision of seat 0 with at least two legal cards, times
``MonteCarloBot(samples).choose``. It returns the median, mean, 95th percentile
and longest move time in ms and the playouts a second (one playout = one candidate card finished in one
sampled deal). It lives in the engine package so that the site's own engine
worker can run it: ``nox -s bench`` calls it in CPython, under Pyodide in Node
(``tools/bench/pyodide_bot.mjs``) and in Chromium on the Play page
(``tools/bench/browser.py``); ``python -m linger_longer.timing 30 100`` prints it.
"""

from __future__ import annotations

import json
import statistics
import sys
import time


def decisions(count: int, profile: str = "standard"):
    """Seeded positions where seat 0 chooses among two or more cards."""
    from .bots import RuleOfThumbBot
    from .game import Deal
    from .rules import Rules

    rules = Rules.from_names(profile)
    found = []
    seed = 0
    while len(found) < count:
        deal = Deal.new(rules, 4, seed=seed, dealer=seed % 4)
        bot = RuleOfThumbBot(seed)
        while not deal.is_over and len(found) < count:
            if deal.to_act == 0 and len(deal.legal_plays()) > 1:
                found.append(deal.copy())
            deal.apply(bot.choose(deal.view(deal.to_act)))
        seed += 1
    return found


def measure(samples: int, positions: int = 40) -> dict:
    """Median, mean, 95th percentile and longest ms of one MC decision, and playouts per second, over
    ``positions`` fixed decisions (the 95th percentile interpolated between the sorted times, as
    ``statistics.quantiles(..., method="inclusive")`` does; it needs two decisions or more)."""
    from .bots import MonteCarloBot

    times, playouts = [], 0
    for i, deal in enumerate(decisions(positions)):
        bot = MonteCarloBot(i, samples=samples)
        t0 = time.perf_counter()
        bot.choose(deal.view(deal.to_act))
        times.append(1000 * (time.perf_counter() - t0))
        playouts += samples * len(deal.legal_plays())
    return {"samples": samples, "positions": positions, "median_ms": statistics.median(times),
            "mean_ms": statistics.fmean(times), "max_ms": max(times),
            "p95_ms": statistics.quantiles(times, n=20, method="inclusive")[18] if len(times) > 1 else times[0],
            "playouts_per_s": playouts / (sum(times) / 1000)}


def measure_json(samples: int, positions: int = 40) -> str:
    """:func:`measure` as JSON (for the browser's engine worker)."""
    return json.dumps(measure(samples, positions))


def main(argv: list[str]) -> None:
    for samples in [int(a) for a in argv] or [30, 60, 100]:
        print(json.dumps(measure(samples)))


if __name__ == "__main__":
    main(sys.argv[1:])
