"""The solver and the strong opponent's speed in CPython; the deals the strength figures are played on.

Usage::

    python -m tools.bench.solver                      # the speed figures

Speed (CPU time of this process, ``time.process_time``, so that other work on a shared machine does not
count; on an idle machine wall time is the same): the solver's nodes a second on fixed positions (seeded 4-player deals
after their first trick, solved whole); the solve time of every worked
example's first position (budget 200,000 nodes: past it "unknown"); the
strong opponent's median and 95th-percentile move time on fixed decisions
(:func:`linger_longer.timing.decisions`).

Strength: :func:`_play` plays one hero against three of a field bot at a
table of four, the hero's seat and the dealer moving round, each deal seeded;
:mod:`tools.bench.strength` measures the opponents page's figures with it
(``nox -s strength``). The heroes: the oracle (sees every card and answers the
rule-of-thumb bots exactly: the ceiling no fair player can pass against them on
average), the strong opponent, and the
playout bot it replaced.
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: The seed of a strength run's deal 0: deal ``i`` is dealt from ``DEAL_SEED + i``.
DEAL_SEED = 1_000_000


def _bot(name: str, seed: int):
    from linger_longer.bots import MonteCarloBot, OracleBot, PlayoutBot, make_bot

    if name == "oracle":
        return OracleBot(seed)
    if name == "playout":
        return PlayoutBot(seed, samples=100)
    if name == "monte-carlo":
        return MonteCarloBot(seed)
    return make_bot(name, seed)


def _deals(args: tuple[str, str, str, tuple[str, ...], int, int]) -> tuple[list[bool], list[float]]:
    """Deals ``start`` … ``stop - 1`` of one pairing: the hero's win in each, and the hero's move times (ms)."""
    from linger_longer import Rules

    hero, field, profile, variants, start, stop = args
    rules = Rules.from_names(profile, variants)
    return lone_seat_deals(lambda seed: _bot(hero, seed), field, rules, start, stop, timed=hero != field)


def lone_seat_deals(make_hero, field: str, rules, start: int, stop: int, timed: bool = True
                    ) -> tuple[list[bool], list[float]]:
    """Deals ``start`` … ``stop - 1`` with a hero (``make_hero(seed)``) in the lone seat and three ``field`` bots.

    Deal ``i`` is dealt from ``DEAL_SEED + i`` with the hero in seat ``i % 4`` and the dealer ``(i // 4) % 4``;
    the bot in seat ``s`` gets the seed ``4 i + s``. Returns the hero's win in each deal and, if ``timed``, the
    CPU time (ms) of each of its moves that had a choice (more than one legal card, or naming trump).
    """
    from linger_longer import Deal

    wins, times = [], []
    for i in range(start, stop):
        seat = i % 4
        bots = [make_hero(i * 4 + s) if s == seat else _bot(field, i * 4 + s) for s in range(4)]
        deal = Deal.new(rules, 4, seed=DEAL_SEED + i, dealer=(i // 4) % 4)
        while not deal.is_over:
            to_act = deal.to_act
            started = time.process_time()
            action = bots[to_act].choose(deal)
            if to_act == seat and timed and (deal.phase.value == "name-trump" or len(deal.legal_plays()) > 1):
                times.append(1000 * (time.process_time() - started))
            deal.apply(action)
        wins.append(deal.outcome.winner == seat)
    return wins, times


def _play(hero: str, field: str, profile: str, variants: tuple[str, ...], deals: int, jobs: int):
    size = max(1, min(50, deals // (jobs * 4) or 1))
    chunks = [(hero, field, profile, variants, a, min(deals, a + size)) for a in range(0, deals, size)]
    if jobs > 1:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            parts = pool.map(_deals, chunks)
    else:
        parts = [_deals(c) for c in chunks]
    return [w for ws, _ in parts for w in ws], [t for _, ts in parts for t in ts]


def solver_speed(positions: int = 12) -> dict:
    """Nodes a second of the solver, solving seeded 4-player deals (standard) whole after their first trick."""
    from linger_longer import Deal, Rules
    from linger_longer.bots import RuleOfThumbBot
    from linger_longer.solver import solve

    nodes, seconds = 0, 0.0
    for seed in range(positions):
        deal = Deal.new(Rules(), 4, seed=seed)
        bot = RuleOfThumbBot(seed)
        while not deal.tricks:
            deal.apply(bot.choose(deal))
        started = time.process_time()
        solution = solve(deal, nodes=None, lines=False)
        seconds += time.process_time() - started
        nodes += solution.nodes
    return {"positions": positions, "nodes": nodes, "nodes_per_s": nodes / seconds}


def example_times(budget: int = 200_000) -> list[tuple[str, float, bool]]:
    """(example, ms, solved within the budget) for the first position of every worked example."""
    from linger_longer import scenario
    from linger_longer.solver import solve

    rows = []
    for path in sorted((ROOT / "tutorial" / "examples").glob("*.toml")):
        deal, _ = scenario.load(path).start_deal()
        started = time.process_time()
        solution = solve(deal, nodes=budget)
        rows.append((path.stem, 1000 * (time.process_time() - started), solution.complete))
    return rows


def strong_move_times(positions: int = 40) -> dict:
    """The strong opponent's move time on fixed decisions (the same as linger_longer.timing's)."""
    from linger_longer.bots import MonteCarloBot
    from linger_longer.timing import decisions

    times = []
    for i, deal in enumerate(decisions(positions)):
        bot = MonteCarloBot(i)
        started = time.process_time()
        bot.choose(deal)
        times.append(1000 * (time.process_time() - started))
    times.sort()
    return {"positions": positions, "median_ms": statistics.median(times),
            "p95_ms": times[min(len(times) - 1, int(0.95 * len(times)))], "max_ms": times[-1]}


def figures(out=None) -> list:
    """The speed figures as :class:`tools.bench.Figure` rows."""
    from tools.bench.figure import Figure

    speed_ = solver_speed()
    rows = [Figure("solver: nodes a second, CPython", speed_["nodes_per_s"], "/s")]
    for name, ms, solved in example_times():
        rows.append(Figure(f"solver: {name} first position{'' if solved else ' (unknown past 200,000 nodes)'}",
                           ms, "ms", "<= 100 ms in Chromium", None))
    moves = strong_move_times()
    rows.append(Figure("strong bot: median move, CPython", moves["median_ms"], "ms", "<= 200 ms in the browser",
                       moves["median_ms"] <= 200))
    rows.append(Figure("strong bot: 95th percentile move, CPython", moves["p95_ms"], "ms",
                       "<= 400 ms in the browser", moves["p95_ms"] <= 400))
    if out is not None:
        for row in rows:
            print(row, file=out, flush=True)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.parse_args(argv)
    figures(out=sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
