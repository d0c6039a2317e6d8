"""Every benchmark of ``nox -s bench``, figure by figure (``python -m tools.bench``).

- ``engine``: the engine's speed (:mod:`tools.bench.engine`), then the bots'
  strength and the strong bot's move time (:mod:`tools.bench.bots`), the solver's speed
  (:mod:`tools.bench.solver`), a short run of the opponents page's strength figures
  (:mod:`tools.bench.strength`; the page's own come from ``nox -s strength``, and this run leaves its
  data file alone), each puzzle's solve time (:mod:`tools.bench.puzzles`, CPython; Chromium with the
  browser figures), and the walkthroughs' analysis time per step (:mod:`tools.bench.analysis`);
- ``site``: the full build and the rebuild of one language after a one-line
  ``.po`` edit (:mod:`tools.bench.build`);
- ``browser``: the walkthroughs and the Play page in Chromium against
  ``build/site`` (:mod:`tools.bench.browser`), and the service worker's
  figures (:mod:`tools.bench.offline`).

``--only`` picks some of them. The exit status is 1 when a figure misses its goal.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from tools.bench import analysis, bots, browser, build, engine, offline, puzzles, solver, strength
from tools.bench.figure import Figure

ROOT = Path(__file__).resolve().parents[2]

ENGINE_BENCHMARKS: list[Callable[[], list[Figure]]] = [engine.in_subprocess, bots.bench_figures, solver.figures,
                                                      strength.bench_figures, puzzles.cpython_figures,
                                                      analysis.bench_figures]
"""Each function runs one engine benchmark and returns its figures."""


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", choices=("engine", "site", "browser"), action="append")
    args = parser.parse_args(argv)
    parts = args.only or ["engine", "site", "browser"]
    figures: list[Figure] = []
    if "engine" in parts:
        for bench in ENGINE_BENCHMARKS:
            for fig in bench():
                print(fig, flush=True)
                figures.append(fig)
    if "site" in parts:
        for fig in build.bench_site():
            print(fig, flush=True)
            figures.append(fig)
    if "browser" in parts:
        browser.run(ROOT / "build" / "site")
        ready = offline.run(ROOT / "build" / "site")  # the service worker's figures
        for label in ("loopback", "line"):
            ratio = ready[f"{label}_ratio"]
            figure = Figure(f"offline: engine ready, repeat visit / first ({label})", ratio, unit="x",
                            goal="<= 0.50", ok=ratio <= 0.5)
            print(figure, flush=True)
            figures.append(figure)
        for figure in puzzles.browser_figures(ROOT / "build" / "site"):  # each puzzle's solve in the page's worker
            print(figure, flush=True)
            figures.append(figure)
    missed = [f for f in figures if f.ok is False]
    for f in missed:
        print(f"goal missed: {f.name}", file=sys.stderr)
    return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
