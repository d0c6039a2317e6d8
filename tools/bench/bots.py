"""Bot strength: each opponent strength against three of another, 4 players, both profiles.

Usage::

    python -m tools.bench.bots                       # the default plan (see PLAN below)
    python -m tools.bench.bots --deals 2000 --pairs rule-of-thumb:random
    python -m tools.bench.bots --samples 60 --mc-deals 1000 --jobs 2

One "hero" bot sits at a seat that moves round the table deal by deal (and
the dealer moves too), three copies of the "field" bot take the other seats.
Deal ``i`` uses the same seed for every pairing, so the pairings play the same
cards. The win rate is printed with a 95 % confidence interval (Wilson score
interval); an even share at a table of four is 25 %. Each deal is seeded, so
the figures do not depend on how many processes share the work.

The Monte-Carlo bot's move time is measured here in CPython; the browser's
(Pyodide) is measured by ``tools/bench/pyodide_bot.mjs`` when Node finds the
site's Pyodide.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import multiprocessing
import os
import statistics
import sys
import time
from pathlib import Path

from tools.bench.figure import Figure

ROOT = Path(__file__).resolve().parents[2]

STRENGTHS = ("random", "rule-of-thumb", "monte-carlo")
#: Deals per pairing without the Monte-Carlo bot (fast), and with it (about 0.1 s a deal per MC seat).
DEALS = 10_000
MC_DEALS = 1_000
PROFILES = ("standard", "last-card")
#: Every ordered pair of different strengths: hero against three of the field.
PAIRS = tuple((hero, field) for hero in STRENGTHS for field in STRENGTHS if hero != field)


@dataclasses.dataclass
class Result:
    """Wins of the hero over a number of deals, with timing."""

    hero: str
    field: str
    profile: str
    deals: int
    wins: int
    seconds: float
    mc_moves: int = 0
    mc_median_ms: float = 0.0
    samples: int = 0
    #: The field bot's own win rate from the hero's seat over the same deals, and the hero's paired gain.
    baseline: float | None = None
    gain: tuple[float, float, float] | None = None

    @property
    def rate(self) -> float:
        return self.wins / self.deals

    def interval(self) -> tuple[float, float]:
        """The 95 % Wilson score interval of the win rate."""
        return wilson(self.wins, self.deals)

    def __str__(self) -> str:
        low, high = self.interval()
        hero = self.hero + (f"({self.samples})" if self.hero == "monte-carlo" else "")
        field = self.field + (f"({self.samples})" if self.field == "monte-carlo" else "")
        timing = (f"; MC move median {self.mc_median_ms:.1f} ms over {self.mc_moves:,} moves"
                  if self.mc_moves else "")
        paired = ""
        if self.gain is not None and self.baseline is not None:
            mean, a, b = self.gain
            paired = (f"; a {self.field} in the same seat wins {100 * self.baseline:.1f} %: gain "
                      f"{100 * mean:+.1f} points (95 % CI {100 * a:+.1f} to {100 * b:+.1f})")
        return (f"{hero:>18} vs 3 {field:<18} {self.profile:<9} {self.deals:>6,} deals: "
                f"{100 * self.rate:5.1f} % (95 % CI {100 * low:4.1f}–{100 * high:4.1f}) "
                f"in {self.seconds:,.0f} s{timing}{paired}")


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


#: Whether the Monte-Carlo bot infers voids (``--no-void-inference`` measures the bot without it).
INFER_VOIDS = True


def _bot(name: str, seed: int, samples: int):
    from linger_longer.bots import MonteCarloBot, make_bot

    if name == "monte-carlo":
        return MonteCarloBot(seed, samples=samples, infer_voids=INFER_VOIDS)
    return make_bot(name, seed)


def _chunk(args: tuple[str, str, str, int, int, int]) -> tuple[list[bool], list[float]]:
    """Play deals ``start`` … ``stop - 1``; returns (the hero's win in each deal, MC move times in ms)."""
    from linger_longer import Deal, Rules

    hero, field, profile, start, stop, samples = args
    rules = Rules.from_names(profile)
    wins: list[bool] = []
    times: list[float] = []
    for i in range(start, stop):
        seat = i % 4
        bots = [_bot(hero if s == seat else field, i * 4 + s, samples) for s in range(4)]
        timed = [b.name == "monte-carlo" for b in bots]
        deal = Deal.new(rules, 4, seed=1_000_000 + i, dealer=(i // 4) % 4)
        while not deal.is_over:
            to_act = deal.to_act
            # Time the MC decisions (two or more choices) of a tenth of the deals.
            if timed[to_act] and (i - start) % 10 == 0 and len(deal.legal_plays()) != 1:
                t0 = time.perf_counter()
                action = bots[to_act].choose(deal)
                times.append(1000 * (time.perf_counter() - t0))
            else:
                action = bots[to_act].choose(deal)
            deal.apply(action)
        wins.append(deal.outcome.winner == seat)
    return wins, times


def _play(hero: str, field: str, profile: str, deals: int, samples: int, jobs: int) -> tuple[list[bool], list[float]]:
    size = max(1, min(250, deals // (jobs * 4) or 1))
    chunks = [(hero, field, profile, a, min(deals, a + size), samples) for a in range(0, deals, size)]
    if jobs > 1:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            parts = pool.map(_chunk, chunks)
    else:
        parts = [_chunk(c) for c in chunks]
    return [w for ws, _ in parts for w in ws], [t for _, ts in parts for t in ts]


def run(hero: str, field: str, profile: str, deals: int, samples: int, jobs: int) -> Result:
    """Play ``deals`` seeded deals of one pairing, split over ``jobs`` processes.

    Unless the field is the (slow) Monte-Carlo bot, the same deals are also played with a field
    bot in the hero's seat: the per-deal difference is the hero's gain over the field's own play,
    a paired comparison with a much narrower interval than the win rate's.
    """
    started = time.perf_counter()
    wins, times = _play(hero, field, profile, deals, samples, jobs)
    seconds = time.perf_counter() - started
    result = Result(hero, field, profile, len(wins), sum(wins), seconds, len(times),
                    statistics.median(times) if times else 0.0, samples if "monte-carlo" in (hero, field) else 0)
    if field != "monte-carlo" and hero != field:
        base, _ = _play(field, field, profile, deals, samples, jobs)
        result.baseline = sum(base) / len(base)
        result.gain = paired_gain(wins, base)
    return result


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


def figures(deals: int = DEALS, mc_deals: int = MC_DEALS, samples: int | None = None,
            jobs: int | None = None, pairs=PAIRS, profiles=PROFILES, out=None) -> list:
    """Run the plan and return :class:`~tools.bench.figure.Figure` rows (win rates in %)."""
    from linger_longer.web.record import MONTE_CARLO_SAMPLES

    samples = samples or MONTE_CARLO_SAMPLES
    jobs = jobs or os.cpu_count() or 1
    rows = []
    for hero, field in pairs:
        for profile in profiles:
            n = mc_deals if "monte-carlo" in (hero, field) else deals
            result = run(hero, field, profile, n, samples, jobs)
            if out is not None:
                print(result, file=out, flush=True)
            low, high = result.interval()
            rows.append(Figure(
                f"bots: {hero} vs 3 {field} ({profile}, {result.deals:,} deals; 95% CI "
                f"{100 * low:.1f}-{100 * high:.1f})", 100 * result.rate, "%", "> 25 % (an even share)",
                low > 0.25 if _stronger(hero, field) else None))
            if result.gain is not None:
                mean, a, b = result.gain
                rows.append(Figure(f"bots: {hero} gain over a {field} in its seat ({profile}; 95% CI "
                                   f"{100 * a:+.1f} to {100 * b:+.1f})", 100 * mean, "points"))
            if result.mc_moves:
                rows.append(Figure(f"bots: monte-carlo({samples}) median move, CPython ({hero} vs {field}, {profile})",
                                   result.mc_median_ms, "ms", "<= 200 ms in the browser"))
    return rows


def _stronger(hero: str, field: str) -> bool:
    return STRENGTHS.index(hero) > STRENGTHS.index(field)


#: Deals per Monte-Carlo pairing in ``nox -s bench`` (a lighter plan: the full one takes about an hour).
BENCH_MC_DEALS = 300


def bench_figures() -> list:
    """The figures ``nox -s bench`` prints, in a subprocess using every core (Monte-Carlo pairings lighter)."""
    import subprocess

    done = subprocess.run([sys.executable, "-m", "tools.bench.bots", "--json", "--mc-deals", str(BENCH_MC_DEALS)],
                          cwd=ROOT, check=True,
                          capture_output=True, text=True)
    rows = [Figure(**json.loads(line)) for line in done.stdout.splitlines() if line.startswith("{")]
    return rows + strong_bot_speed()


def strong_bot_speed() -> list:
    """The strong bot's speed on fixed decisions (linger_longer.timing): CPython here, Pyodide under Node.

    The browser's figure (the Play page's own worker in Chromium) is printed by :mod:`tools.bench.browser`.
    """
    import shutil
    import subprocess

    from linger_longer.web.record import MONTE_CARLO_SAMPLES
    from linger_longer.timing import measure

    rows = []
    runs = [("CPython", measure(MONTE_CARLO_SAMPLES))]
    node = shutil.which("node")
    if node and (ROOT / "node_modules" / "pyodide").is_dir():
        done = subprocess.run([node, str(Path(__file__).with_name("pyodide_bot.mjs")), str(MONTE_CARLO_SAMPLES)],
                              cwd=ROOT, capture_output=True, text=True, check=True)
        runs.append(("Pyodide in Node", json.loads(done.stdout.splitlines()[-1])))
    for runtime, result in runs:
        rows.append(Figure(f"bots: strong bot move ({result['samples']} samples), median, {runtime}",
                           result["median_ms"], "ms", "<= 200 ms in the browser"))
        rows.append(Figure(f"bots: strong bot playouts a second, {runtime}", result["playouts_per_s"], "/s"))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=DEALS, help=f"deals per pairing without the MC bot ({DEALS:,})")
    parser.add_argument("--mc-deals", type=int, default=MC_DEALS, help=f"deals per pairing with it ({MC_DEALS:,})")
    parser.add_argument("--samples", type=int, default=None, help="the MC bot's sampled deals a move "
                        "(default: the Play page's)")
    parser.add_argument("--jobs", type=int, default=None, help="processes (default: every core)")
    parser.add_argument("--pairs", default=None, metavar="HERO:FIELD[,…]", help="pairings to run (default: all six)")
    parser.add_argument("--profiles", default=",".join(PROFILES))
    parser.add_argument("--no-void-inference", action="store_true",
                        help="the Monte-Carlo bot ignores the voids it has seen (the bot before they were used)")
    parser.add_argument("--json", action="store_true", help="one JSON figure a line (for python -m tools.bench)")
    args = parser.parse_args(argv)
    global INFER_VOIDS
    INFER_VOIDS = not args.no_void_inference
    pairs = PAIRS if not args.pairs else tuple(tuple(p.split(":")) for p in args.pairs.split(","))
    for hero, field in pairs:
        if hero not in STRENGTHS or field not in STRENGTHS:
            parser.error(f"--pairs: {hero}:{field}: strengths are {', '.join(STRENGTHS)}")
    rows = figures(args.deals, args.mc_deals, args.samples, args.jobs, pairs, tuple(args.profiles.split(",")),
                   out=None if args.json else sys.stdout)
    if args.json:
        for row in rows:
            print(json.dumps(dataclasses.asdict(row)), flush=True)
    else:
        print()
        for row in rows:
            print(row)
    return 0


if __name__ == "__main__":
    sys.exit(main())
