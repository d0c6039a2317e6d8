"""Engine benchmarks for ``nox -s bench``: playout speed, step cost, and bot strength.

Each runs on one core (the process is pinned to one CPU where the platform
allows), so the figures compare with the goal of issue 2: at least 12,000
random 4-player deals a second.
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
import subprocess
import statistics
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools.bench import Figure

DEALS = 20_000
BOT_DEALS = 10_000
PLAYOUT_GOAL = 12_000


def _pin_to_one_core() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


def _random_playouts(profile: str, deals: int, seed: int = 1) -> float:
    """Deals a second: shuffle, deal, and play random legal cards to the end."""
    from linger_longer import Deal, Rules

    rules = Rules.from_names(profile)
    rng = random.Random(seed)
    choice = rng.choice
    best = 0.0
    for _ in range(3):  # best of three rounds, to see past other load
        started = time.perf_counter()
        for _ in range(deals):
            deal = Deal.new(rules, 4, seed=rng)
            while deal.to_act is not None:
                deal.play(choice(deal.legal_plays()))
        best = max(best, deals / (time.perf_counter() - started))
    return best


def playouts() -> list[Figure]:
    """Random-playout deals per second, 4 players, each profile."""
    _pin_to_one_core()
    figures = []
    for profile in ("standard", "last-card"):
        rate = _random_playouts(profile, DEALS)
        figures.append(Figure(f"engine: random 4-player deals/s ({profile}, one core)", rate, "deals/s",
                              f">= {PLAYOUT_GOAL:,}", rate >= PLAYOUT_GOAL))
    return figures


def step_cost() -> list[Figure]:
    """Median cost of one legal-plays + play step."""
    from linger_longer import Deal, Rules

    _pin_to_one_core()
    rng = random.Random(2)
    timer = time.perf_counter_ns
    samples = []
    for _ in range(3000):
        deal = Deal.new(Rules(), 4, seed=rng)
        while deal.to_act is not None:
            t0 = timer()
            legal = deal.legal_plays()
            deal.play(legal[0])
            samples.append(timer() - t0)
    return [Figure("engine: median legal_plays() + play() step", statistics.median(samples) / 1000, "µs")]


def bots() -> list[Figure]:
    """Win rate of the rule-of-thumb bot against three random bots over seeded deals, both profiles."""
    from linger_longer import Deal, Rules
    from linger_longer.bots import RandomBot, RuleOfThumbBot

    figures = []
    for profile in ("standard", "last-card"):
        rules = Rules.from_names(profile)
        wins = 0
        for seed in range(BOT_DEALS):
            seat = seed % 4  # the strategy bot sits at every seat in turn
            bots = [RuleOfThumbBot(seed) if s == seat else RandomBot(seed * 4 + s) for s in range(4)]
            deal = Deal.new(rules, 4, seed=seed, dealer=(seed // 4) % 4)
            while not deal.is_over:
                deal.apply(bots[deal.to_act].choose(deal))  # type: ignore[index]
            wins += deal.outcome.winner == seat  # type: ignore[union-attr]
        rate = 100 * wins / BOT_DEALS
        figures.append(Figure(f"bots: rule-of-thumb wins vs 3 random ({profile}, {BOT_DEALS:,} deals)", rate, "%",
                              "> 25 % (an even share)", rate > 30))
    return figures


_PLAYOUT_SCRIPT = """
import random, sys
from linger_longer import Deal, Rules
rules, rng = Rules(), random.Random(1)
for _ in range(int(sys.argv[1])):
    deal = Deal.new(rules, 4, seed=rng)
    while deal.to_act is not None:
        deal.play(rng.choice(deal.legal_plays()))
"""


def instructions(deals: int = 1000) -> list[Figure]:
    """Instructions per random 4-player playout, counted by valgrind: the same on a busy or a quiet machine.

    Wall-clock rates on these shared machines vary about twofold from one minute
    to the next; this count does not, so it is the figure to compare changes by.
    """
    import re
    import shutil

    if shutil.which("valgrind") is None:
        return []
    python = os.path.realpath(sys.executable)

    def collected(n: int) -> int:
        done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", python, "-c",
                               _PLAYOUT_SCRIPT, str(n)], capture_output=True, text=True, check=True, cwd=ROOT)
        return int(re.search(r"Collected : (\d+)", done.stderr).group(1))  # type: ignore[union-attr]

    per_deal = (collected(deals) - collected(0)) / deals
    return [Figure("engine: instructions per random 4-player playout (callgrind)", per_deal / 1000, "k")]


BENCHMARKS = [playouts, step_cost, bots]
ROOT = Path(__file__).resolve().parent.parent


def in_subprocess() -> list[Figure]:
    """Run the engine benchmarks in their own process, so pinning it to one core affects nothing else."""
    done = subprocess.run([sys.executable, "-m", "tools.bench_engine", "--json", "--instructions"], cwd=ROOT, check=True,
                          capture_output=True, text=True)
    return [Figure(**json.loads(line)) for line in done.stdout.splitlines() if line.startswith("{")]


if __name__ == "__main__":
    as_json = "--json" in sys.argv
    for bench in BENCHMARKS + ([instructions] if "--instructions" in sys.argv else []):
        for figure in bench():
            print(json.dumps(dataclasses.asdict(figure)) if as_json else figure, flush=True)
