"""Engine benchmarks for ``nox -s bench``: playout speed, step cost, and bot strength.

Each runs on one core (the process is pinned to one CPU where the platform
allows). The goal is the first figure: at least 12,000 random 4-player deals
a second, the speed of a compact implementation of the rules on these
machines.

:func:`bare_playout` below is such a compact implementation, written here to
have one to measure: cards as ints, no events, no checks. It is leaner than the
one that goal was measured with (on a quiet core it plays about twice the goal), so the
engine's speed against it is printed for reference, not as the goal. They are
timed in the same process, in alternating rounds, so the machine's swings in
speed hit both alike. Their instruction counts are printed with a third, the
floor's (:mod:`tools.bench.floor`): the least found for an engine with this API.
"""

from __future__ import annotations

import bisect
import dataclasses
import json
import os
import random
import subprocess
import statistics
import sys
import time
from pathlib import Path

from tools.bench.figure import Figure

ROUNDS, ROUND_DEALS = 20, 1_000  # 20,000 deals a profile, timed in short rounds
BOT_DEALS = 10_000
PLAYOUT_GOAL = 12_000
SPEED_RATIO_GOAL = 0.9  #: the engine's speed against the compact implementation, by time and by instructions


def _pin_to_one_core() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


def bare_playout(deck: list[int], choice, players: int = 4, ends_with_stock: bool = False) -> tuple[int, int]:
    """The rules, compactly: no events, no checks, cards as ints (``suit * 13 + 0`` for the ace … ``12`` for the 2).

    ``deck`` is the deck order, top card first, the dealer is seat 0; the
    players choose with ``choice`` among their legal cards in hand order, as
    the engine benchmark does, so the same deck and choices play the same deal
    as the engine. Returns (winner, tricks played).
    """
    first = 1 % players
    dealt = players * players
    hands = [sorted(deck[(seat - first) % players:dealt:players]) for seat in range(players)]
    trump = deck[dealt - players + (0 - first) % players] // 13  # the dealer's last card
    stock = deck[:dealt - 1:-1]  # reversed, so the top card is popped
    holding, leader, tricks = players, first, 0
    while True:
        seat, led, best, winner = leader, -1, -1, -1
        for _ in range(holding):
            while not hands[seat]:  # out of the deal (nobody empties a hand before playing in this trick)
                seat = (seat + 1) % players
            hand = hands[seat]
            legal = hand
            if led >= 0:  # a player holding the led suit must follow suit
                legal = [c for c in hand if c // 13 == led] or hand
            card = choice(legal)
            hand.remove(card)
            if led < 0:
                led, best, winner = card // 13, card, seat
            elif (card // 13 == best // 13 and card < best) or (card // 13 == trump != best // 13):
                best, winner = card, seat
            seat = (seat + 1) % players
        tricks += 1
        if stock:
            bisect.insort(hands[winner], stock.pop())
            if not stock and ends_with_stock:
                return winner, tricks
        holding = sum(1 for hand in hands if hand)
        if holding <= 1:
            return (next(s for s in range(players) if hands[s]) if holding else winner), tricks
        leader = winner
        while not hands[leader]:
            leader = (leader + 1) % players


def _random_playouts(profile: str, rounds: int = ROUNDS, deals: int = ROUND_DEALS, seed: int = 1) -> float:
    """Deals a second: shuffle, deal, and play random legal cards to the end.

    The rate of the fastest of ``rounds`` short rounds, as ``timeit`` takes the fastest repeat: a slower round
    measures other load on the machine (these shared machines swing about twofold), not the engine.
    """
    from linger_longer import Rules

    rules = Rules.from_names(profile)
    rng = random.Random(seed)
    return deals / min(_engine_round(rules, rng, deals) for _ in range(rounds))


def playouts() -> list[Figure]:
    """Random-playout deals per second, 4 players, each profile."""
    _pin_to_one_core()
    figures = []
    for profile in ("standard", "last-card"):
        rate = _random_playouts(profile)
        figures.append(Figure(f"engine: random 4-player deals/s ({profile}, one core)", rate, "deals/s",
                              f">= {PLAYOUT_GOAL:,}", rate >= PLAYOUT_GOAL))
    return figures


def _engine_round(rules, rng: random.Random, deals: int) -> float:
    """Seconds for ``deals`` engine playouts: Deal.new from the seed, then random legal cards to the end."""
    from linger_longer import Deal

    choice = rng.choice
    started = time.perf_counter()
    for _ in range(deals):
        deal = Deal.new(rules, 4, seed=rng)
        while deal.to_act is not None:
            deal.play(choice(deal.legal_plays()))
    return time.perf_counter() - started


def _bare_round(ends_with_stock: bool, rng: random.Random, deals: int) -> float:
    """Seconds for ``deals`` playouts of :func:`bare_playout`, shuffled with ``random.shuffle``."""
    choice, shuffle = rng.choice, rng.shuffle
    started = time.perf_counter()
    for _ in range(deals):
        deck = list(range(52))
        shuffle(deck)
        bare_playout(deck, choice, 4, ends_with_stock)
    return time.perf_counter() - started


def versus_bare(rounds: int = 40, deals: int = 500) -> list[Figure]:
    """Engine against the compact implementation, in alternating short rounds in one process.

    The machine's speed swings (about twofold on these shared machines) then
    hit both alike: the ratio of the paired rounds is the figure to trust.
    """
    from linger_longer import Rules

    _pin_to_one_core()
    figures = []
    for profile in ("standard", "last-card"):
        rules = Rules.from_names(profile)
        engine_rng, bare_rng = random.Random(3), random.Random(3)
        engine_time = bare_time = 0.0
        ratios = []
        for number in range(rounds):
            if number % 2:  # alternate which goes first, so neither always follows the other
                e = _engine_round(rules, engine_rng, deals)
                b = _bare_round(rules.deal_ends_with_stock, bare_rng, deals)
            else:
                b = _bare_round(rules.deal_ends_with_stock, bare_rng, deals)
                e = _engine_round(rules, engine_rng, deals)
            engine_time += e
            bare_time += b
            ratios.append(b / e)
        total = rounds * deals
        ratio = statistics.median(ratios)
        figures += [
            Figure(f"engine: random 4-player deals/s ({profile}), interleaved", total / engine_time, "deals/s"),
            Figure(f"bare:   the same, compact implementation ({profile})", total / bare_time, "deals/s"),
            Figure(f"engine speed / bare speed ({profile}, median of {rounds} pairs)", ratio, "x",
                   f">= {SPEED_RATIO_GOAL}", ratio >= SPEED_RATIO_GOAL),
        ]
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
    median = statistics.median(samples) / 1000
    return [Figure("engine: median legal_plays() + play() step", median, "µs", "<= 1", median <= 1)]


def undo_cost() -> list[Figure]:
    """Median and slowest-decile cost of one undo, taken at every point of seeded deals (inside a trick, across
    a trick's end, after the deal's last trick)."""
    from linger_longer import Deal, Rules

    _pin_to_one_core()
    rng = random.Random(4)
    timer = time.perf_counter_ns
    samples = []
    for _ in range(2000):
        deal = Deal.new(Rules(), 4, seed=rng)
        while not deal.is_over:
            card = rng.choice(deal.legal_plays())
            deal.play(card)
            t0 = timer()
            deal.undo()
            samples.append(timer() - t0)
            deal.play(card)
    median = statistics.median(samples) / 1000
    slow = statistics.quantiles(samples, n=10)[-1] / 1000
    return [Figure("engine: median undo, at any point of a deal", median, "µs", "<= 2", median <= 2),
            Figure("engine: 90th percentile undo", slow, "µs", "<= 2", slow <= 2)]


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

_FLOOR_SCRIPT = """
import random, sys
from linger_longer import Rules
from tools.bench.floor import FloorDeal
rules, rng = Rules(), random.Random(1)
for _ in range(int(sys.argv[1])):
    deal = FloorDeal(rules, 4, rng)
    while deal.to_act is not None:
        deal.play(rng.choice(deal.legal_plays()))
"""

_BARE_SCRIPT = """
import random, sys
from tools.bench.engine import bare_playout
rng = random.Random(1)
for _ in range(int(sys.argv[1])):
    deck = list(range(52))
    rng.shuffle(deck)
    bare_playout(deck, rng.choice)
"""


def instructions(deals: int = 1000) -> list[Figure]:
    """Instructions per random 4-player playout, counted by valgrind: the same on a busy or a quiet machine.

    Wall-clock rates on these shared machines vary about twofold from one minute
    to the next; this count does not, so it is the figure to compare changes by.
    The compact implementation is counted the same way, and so is the floor
    (:mod:`tools.bench.floor`: the cheapest deal found with the engine's API,
    which shows how near the compact implementation's count an engine with that
    API can come); fewer instructions is faster.
    """
    import re
    import shutil

    if shutil.which("valgrind") is None:
        return []
    python = os.path.realpath(sys.executable)
    paths = [str(ROOT / "engine"), str(ROOT), os.environ.get("PYTHONPATH", "")]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in paths if p))

    def collected(script: str, n: int) -> int:
        done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", python, "-c",
                               script, str(n)], capture_output=True, text=True, check=True, cwd=ROOT, env=env)
        return int(re.search(r"Collected : (\d+)", done.stderr).group(1))  # type: ignore[union-attr]

    engine = (collected(_PLAYOUT_SCRIPT, deals) - collected(_PLAYOUT_SCRIPT, 0)) / deals
    floor = (collected(_FLOOR_SCRIPT, deals) - collected(_FLOOR_SCRIPT, 0)) / deals
    bare = (collected(_BARE_SCRIPT, deals) - collected(_BARE_SCRIPT, 0)) / deals
    return [
        Figure("engine: instructions per random 4-player playout (callgrind)", engine / 1000, "k"),
        Figure("floor:  the same, the cheapest engine with this API", floor / 1000, "k"),
        Figure("bare:   the same, compact implementation (callgrind)", bare / 1000, "k"),
        Figure("bare instructions / engine instructions (as a speed ratio)", bare / engine, "x",
               f">= {SPEED_RATIO_GOAL}", bare / engine >= SPEED_RATIO_GOAL),
        Figure("bare instructions / floor instructions (reachable at best)", bare / floor, "x"),
    ]


BENCHMARKS = [playouts, versus_bare, step_cost, undo_cost, bots]
ROOT = Path(__file__).resolve().parents[2]


def in_subprocess() -> list[Figure]:
    """Run the engine benchmarks in their own process, so pinning it to one core affects nothing else."""
    done = subprocess.run([sys.executable, "-m", "tools.bench.engine", "--json", "--instructions"], cwd=ROOT, check=True,
                          capture_output=True, text=True)
    return [Figure(**json.loads(line)) for line in done.stdout.splitlines() if line.startswith("{")]


if __name__ == "__main__":
    as_json = "--json" in sys.argv
    for bench in BENCHMARKS + ([instructions] if "--instructions" in sys.argv else []):
        for figure in bench():
            print(json.dumps(dataclasses.asdict(figure)) if as_json else figure, flush=True)
