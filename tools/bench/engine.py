"""The engine's guard rail for ``nox -s bench``: the instructions of a random playout, against today's.

The count comes from valgrind's callgrind, the same on a busy or a quiet machine: the instructions of
:data:`PLAYOUTS` random 4-player playouts less those of none, divided by their number. It is printed beside
the count measured at :data:`REFERENCE`'s commit; a change may not pass it by more than 3%. The random
playouts a second (CPU time, the fastest of ten rounds, as ``timeit`` takes its fastest repeat) are printed
for reference, without a goal. ``python -m tools.bench.engine`` prints them.
"""

from __future__ import annotations

import os
import random
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

from tools.bench.figure import Figure, guard_rail

ROOT = Path(__file__).resolve().parents[2]
#: Today's count, measured with :func:`playout_instructions` at this commit (CPython 3.11.7; counts move by
#: about 0.5k from run to run with the hash seed).
REFERENCE = {"commit": "4c36d0f", "playout_instructions": 440_569}
#: A change may cost at most this much more.
LIMIT = 1.03
PLAYOUTS = 1_000

#: Random 4-player playouts, as the engine's callers play them; the deal count is the script's argument.
PLAYOUT_SCRIPT = """
import random, sys
from linger_longer import Deal, Rules
rules, rng = Rules(), random.Random(1)
for _ in range(int(sys.argv[1])):
    deal = Deal.new(rules, 4, seed=rng)
    while deal.to_act is not None:
        deal.play(rng.choice(deal.legal_plays()))
"""


def playouts_per_second(profile: str, rounds: int = 10, deals: int = 1_000) -> float:
    """Random 4-player deals a second of CPU: the fastest of ``rounds`` rounds of ``deals``."""
    from linger_longer import Deal, Rules

    rules, rng = Rules.from_names(profile), random.Random(1)
    fastest = float("inf")
    for _ in range(rounds):
        started = time.process_time()
        for _ in range(deals):
            deal = Deal.new(rules, 4, seed=rng)
            while deal.to_act is not None:
                deal.play(rng.choice(deal.legal_plays()))
        fastest = min(fastest, time.process_time() - started)
    return deals / fastest


def callgrind(script: str, argument: int) -> tuple[int, str]:
    """The instructions ``python -c script argument`` runs under callgrind (engine and repository importable),
    and what it prints."""
    paths = [str(ROOT / "engine"), str(ROOT), os.environ.get("PYTHONPATH", "")]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in paths if p))
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                           os.path.realpath(sys.executable), "-c", script, str(argument)],
                          capture_output=True, text=True, check=True, cwd=ROOT, env=env)
    return int(re.search(r"Collected : (\d+)", done.stderr).group(1)), done.stdout  # type: ignore[union-attr]


def playout_instructions() -> float:
    """Instructions per random 4-player playout (standard rules)."""
    return (callgrind(PLAYOUT_SCRIPT, PLAYOUTS)[0] - callgrind(PLAYOUT_SCRIPT, 0)[0]) / PLAYOUTS


def figures() -> list[Figure]:
    """The playouts a second, then the guard rail (when valgrind is installed)."""
    rows = [Figure(f"engine: random 4-player deals a second ({profile}, CPU)", playouts_per_second(profile),
                   "deals/s") for profile in ("standard", "last-card")]
    if shutil.which("valgrind") is None:
        return rows + [Figure("engine: instructions per playout not counted: no valgrind", float("nan"), "", ok=False)]
    return rows + [guard_rail("engine: instructions per random playout", playout_instructions(),
                              REFERENCE["playout_instructions"], REFERENCE["commit"], LIMIT)]


if __name__ == "__main__":
    for row in figures():
        print(row, flush=True)
