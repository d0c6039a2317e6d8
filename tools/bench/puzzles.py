"""The solve time of every puzzle's question position: CPython, and Chromium through the page's worker.

``python -m tools.bench.puzzles`` prints the CPython figures; ``--browser`` adds Chromium's, measured
on the built Puzzles page (``build/site/en/puzzles.html``) in its own engine worker. Both time the same
function, :func:`linger_longer.web.puzzle.solve_time`, so the figures compare the runtimes alone.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tomllib
from pathlib import Path

from tools.bench.figure import Figure

ROOT = Path(__file__).resolve().parents[2]
PUZZLES = ROOT / "tutorial" / "puzzles"
PAGE = "en/puzzles.html"
#: The goal set for a worked example's question position in Chromium, printed beside the puzzles' for comparison
#: (the puzzles have no goal of their own: a wrong card waits for the solver, right or wrong it is told at once).
GOAL_MS = 100


def positions() -> list[tuple[str, str, int, str]]:
    """(puzzle id, TOML text, question position, source) for every puzzle, easy to hard."""
    index = tomllib.loads((PUZZLES / "puzzles.toml").read_text(encoding="utf-8"))["puzzle"]
    return [(Path(e["file"]).stem, (PUZZLES / e["file"]).read_text(encoding="utf-8"), e["question_step"] - 1,
             f"tutorial/puzzles/{e['file']}") for e in index]


def _rows(times: list[tuple[str, dict]], where: str, goal: bool) -> list[Figure]:
    reference = f"an example's question: <= {GOAL_MS} ms" if goal else ""
    rows = [Figure(f"puzzle {name}: solve, {where}{'' if t['complete'] else ' (unknown past the budget)'}",
                   t["ms"], "ms", reference) for name, t in times]
    values = [t["ms"] for _, t in times]
    rows.append(Figure(f"puzzles: median solve, {where} ({len(values)} positions)", statistics.median(values), "ms"))
    rows.append(Figure(f"puzzles: slowest solve, {where}", max(values), "ms", reference))
    return rows


def cpython_figures() -> list[Figure]:
    from linger_longer.web.puzzle import solve_time

    return _rows([(name, solve_time(toml, at, source)) for name, toml, at, source in positions()], "CPython", False)


def browser_figures(site: Path = ROOT / "build" / "site") -> list[Figure]:
    """The same positions solved in Chromium, in the Puzzles page's engine worker (Pyodide)."""
    from playwright.sync_api import sync_playwright

    from tools.chromium import CHROMIUM, CHROMIUM_ARGS
    from tools.local_server import serve

    if not (site / PAGE).is_file():
        raise SystemExit(f"tools.bench.puzzles: no {site / PAGE}: run `nox -s site` first")
    with serve(site) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page()
            page.goto(f"{base}/{PAGE}")
            page.wait_for_function("window.lingerLonger && window.lingerLonger.engine", timeout=120_000)
            page.evaluate("window.lingerLonger.ready")
            times = []
            for name, toml, at, source in positions():
                text = page.evaluate("(args) => window.lingerLonger.engine.callFunction("
                                     "'linger_longer.web.puzzle', 'solve_time_json', args)", [toml, at, source])
                times.append((name, json.loads(text)))
        finally:
            browser.close()
    return _rows(times, "Chromium", True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench.puzzles", description=__doc__.split("\n\n")[0])
    parser.add_argument("--browser", action="store_true", help="also in Chromium, on the built Puzzles page")
    args = parser.parse_args(argv)
    rows = cpython_figures() + (browser_figures() if args.browser else [])
    for row in rows:
        print(row, flush=True)
    return 1 if any(row.ok is False for row in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
