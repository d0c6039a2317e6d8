"""Every benchmark of ``nox -s bench``, figure by figure (``python -m tools.bench``).

- ``engine``: the engine's and the solver's guard rails and the strong opponent's move time
  (:mod:`tools.bench.engine`, :mod:`tools.bench.solver`), each puzzle's solve time and the walkthroughs'
  analysis time per step in CPython (:mod:`tools.bench.puzzles`, :mod:`tools.bench.analysis`), the puzzle
  generation's speed-up on two Dask workers against one (:mod:`tools.bench.generation`); the opponents
  page's strength figures have their own session, ``nox -s strength``;
- ``site``: the full build and the rebuild of one language after a one-line ``.po`` edit (:mod:`tools.bench.build`);
- ``browser``: the walkthroughs and the Play page in Chromium against ``build/site`` (:mod:`tools.bench.browser`),
  the service worker's figures (:mod:`tools.bench.offline`), each puzzle's solve in the page's worker, the
  front page's weight (:mod:`tools.bench.front`), the guided deal's first step and a question's verdict
  (:mod:`tools.bench.learn`).

``--only`` picks some of them. The exit status is 1 when a figure misses its goal.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from tools.bench import analysis, browser, build, engine, front, generation, learn, offline, puzzles, solver
from tools.bench.figure import Figure

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "build" / "site"

ENGINE_BENCHMARKS: list[Callable[[], list[Figure]]] = [engine.figures, solver.figures, puzzles.cpython_figures,
                                                      analysis.bench_figures, generation.figures]
"""Each function runs one engine benchmark and returns its figures."""


def _browser_figures() -> list[Figure]:
    """The walkthroughs and the Play page in Chromium (:func:`tools.bench.browser.run` prints its own lines)."""
    browser.run(SITE)
    return []


def _offline_figures() -> list[Figure]:
    """The service worker's figures (printed as they come), and the repeat visit's ratio against its goal."""
    ready = offline.run(SITE)
    return [Figure(f"offline: engine ready, repeat visit / first ({label})", ready[f"{label}_ratio"], "x",
                   f"<= {offline.REPEAT_GOAL:.2f}", ready[f"{label}_ratio"] <= offline.REPEAT_GOAL)
            for label in ("loopback", "line")]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", choices=("engine", "site", "browser"), action="append")
    parts = parser.parse_args(argv).only or ["engine", "site", "browser"]
    benchmarks = ENGINE_BENCHMARKS if "engine" in parts else []
    if "site" in parts:
        benchmarks = [*benchmarks, build.bench_site]
    if "browser" in parts:
        benchmarks = [*benchmarks, _browser_figures, _offline_figures,
                      lambda: puzzles.browser_figures(SITE), lambda: front.run(SITE),
                      lambda: learn.run(SITE)]
    figures: list[Figure] = []
    for bench in benchmarks:
        for figure in bench():
            print(figure, flush=True)
            figures.append(figure)
    missed = [f for f in figures if f.ok is False]
    for f in missed:
        print(f"goal missed: {f.name}", file=sys.stderr)
    return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
