"""Generation on Dask: the puzzles of a fixed seed range on a local cluster of one worker, then of two.

The issue's goal: two workers at least :data:`GOAL` times as fast as one on a two-core machine, the same
seeds. Both runs use a ``distributed.LocalCluster`` started before the clock (so the figure is the work,
not the cluster's start) and no journal; the two runs must find the same puzzles.
"""

from __future__ import annotations

import time

from tools import generate
from tools import puzzles as dask_puzzles
from tools.bench.figure import Figure

#: Sixteen seeds: two turns of the eight rule sets, four of them slow draw-per-card deals (40 s on one core).
SEEDS = range(0, 16)
GOAL = 1.7


def _timed(workers: int) -> tuple[float, list[str]]:
    from distributed import LocalCluster
    from linger_longer.puzzles import to_toml

    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster:
        started = time.perf_counter()
        found = generate.run(dask_puzzles.tasks(SEEDS), generate.Options(scheduler=cluster.scheduler_address))
        elapsed = time.perf_counter() - started
    return elapsed, [to_toml(p, 1) if p else "" for part in found for p in part]


def figures() -> list[Figure]:
    one, found_by_one = _timed(1)
    two, found_by_two = _timed(2)
    if found_by_one != found_by_two:
        raise AssertionError("generation: one and two workers found different puzzles for the same seeds")
    speed_up = one / two
    label = f"seeds {SEEDS.start}-{SEEDS.stop - 1}"
    return [Figure(f"generation: puzzles of {label}, 1 Dask worker", one, "s"),
            Figure(f"generation: puzzles of {label}, 2 Dask workers", two, "s"),
            Figure("generation: speed-up, 2 workers against 1", speed_up, "x", f">= {GOAL:.2f}", speed_up >= GOAL)]


if __name__ == "__main__":
    for figure in figures():
        print(figure, flush=True)
