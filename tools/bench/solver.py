"""The solver's guard rail and the strong opponent's move time, for ``nox -s bench``.

- The solver's nodes a second, solving :data:`POSITIONS` seeded 4-player deals whole after their first trick:
  CPU time (``time.process_time``), the fastest of :data:`ROUNDS` rounds, as ``timeit`` takes its fastest
  repeat, so that other work on a shared machine counts as little as it can. It is printed beside the figure
  measured at :data:`REFERENCE`'s commit; a change may not fall more than 5% below it. Beside it, the same
  search's instructions per node (callgrind), which do not move with the machine's load: the same rail,
  without the noise (at most 3% above).
- The strong opponent's move on fixed decisions (:func:`linger_longer.timing.measure`, at the Play page's
  sample count) in CPython and, when Node finds the site's Pyodide, under Pyodide (``pyodide_bot.mjs``); the
  Play page's own worker in Chromium is timed by :mod:`tools.bench.browser` against the goal.

``python -m tools.bench.solver`` prints them.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import time
from pathlib import Path

from tools.bench.engine import callgrind
from tools.bench.figure import Figure, guard_rail

ROOT = Path(__file__).resolve().parents[2]
#: Today's figures, measured with this module at this commit (CPython 3.11.7, the shared 2-core machine under a
#: load of about 17): nodes a second the median of three runs of :func:`nodes_per_second` (296k, 288k, 290k).
REFERENCE = {"commit": "4c36d0f", "nodes_per_s": 289_754, "instructions_per_node": 19_726}
#: A change may lose at most 5% of the nodes a second, or add 3% to the instructions of a node.
NODES_LIMIT, INSTRUCTIONS_LIMIT = 0.95, 1.03
POSITIONS, ROUNDS = 40, 5
#: The strong opponent's goal in the browser: a median move of at most this (ms).
MOVE_GOAL_MS = 200

#: The solver on the first ``argv[1]`` positions, whole; prints the nodes it searched.
SOLVE_SCRIPT = """
import sys
from linger_longer.solver import solve
from tools.bench.solver import positions
print(sum(solve(deal, nodes=None, lines=False).nodes for deal in positions(int(sys.argv[1]))))
"""


def positions(count: int = POSITIONS) -> list:
    """Seeded 4-player deals (standard rules) after their first trick, played by the tips."""
    from linger_longer import Deal, Rules
    from linger_longer.bots import RuleOfThumbBot

    found = []
    for seed in range(count):
        deal = Deal.new(Rules(), 4, seed=seed)
        bot = RuleOfThumbBot(seed)
        while not deal.tricks:
            deal.apply(bot.choose(deal.view(deal.to_act)))
        found.append(deal)
    return found


def nodes_per_second(rounds: int = ROUNDS) -> float:
    """The solver's nodes a second of CPU on :func:`positions`: the fastest of ``rounds`` rounds."""
    from linger_longer.solver import solve

    deals = positions()
    nodes, fastest = 0, float("inf")
    for _ in range(rounds):
        started = time.process_time()
        nodes = sum(solve(deal, nodes=None, lines=False).nodes for deal in deals)
        fastest = min(fastest, time.process_time() - started)
    return nodes / fastest


def instructions_per_node() -> float:
    """The instructions of one node of the same search (the dealing of the positions subtracted)."""
    solved, nodes = callgrind(SOLVE_SCRIPT, POSITIONS)
    dealt, _ = callgrind(SOLVE_SCRIPT, 0)
    return (solved - dealt) / int(nodes)


def move_times() -> list[Figure]:
    """The strong opponent's move on fixed decisions: CPython, and Pyodide in Node."""
    from linger_longer.timing import measure
    from linger_longer.web.record import MONTE_CARLO_SAMPLES

    runs = [("CPython", measure(MONTE_CARLO_SAMPLES))]
    node = shutil.which("node")
    if node and (ROOT / "node_modules" / "pyodide").is_dir():
        done = subprocess.run([node, str(Path(__file__).with_name("pyodide_bot.mjs")), str(MONTE_CARLO_SAMPLES)],
                              cwd=ROOT, capture_output=True, text=True, check=True)
        runs.append(("Pyodide in Node", json.loads(done.stdout.splitlines()[-1])))
    rows = []
    for runtime, result in runs:
        rows.append(Figure(f"strong bot: median move ({result['samples']} samples, {runtime})", result["median_ms"],
                           "ms", f"<= {MOVE_GOAL_MS} ms in the browser"))
        rows.append(Figure(f"strong bot: 95th percentile move ({runtime})", result["p95_ms"], "ms"))
    return rows


def figures() -> list[Figure]:
    """The solver's guard rail, then the strong opponent's move times."""
    commit = REFERENCE["commit"]
    rows = [guard_rail("solver: nodes a second, CPU", nodes_per_second(), REFERENCE["nodes_per_s"], commit,
                       NODES_LIMIT, "/s")]
    if shutil.which("valgrind"):
        rows.append(guard_rail("solver: instructions per node", instructions_per_node(),
                               REFERENCE["instructions_per_node"], commit, INSTRUCTIONS_LIMIT))
    return rows + move_times()


if __name__ == "__main__":
    for row in figures():
        print(row, flush=True)
