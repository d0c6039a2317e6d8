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
from tools.bench.pages import ROOT, SITE, TIMEOUT_MS, check_site, fresh_profile

PUZZLES = ROOT / "tutorial" / "puzzles"
PAGE = "en/puzzles.html"
#: Every puzzle's first solve in Chromium, the page's worker included, at most this (ms).
GOAL_MS = 100
#: How many times the bench presses the trainer's Next puzzle (the same goal: shown within GOAL_MS).
NEXTS = 5


def positions() -> list[tuple[str, str, int, str]]:
    """(puzzle id, TOML text, question position, source) for every puzzle, easy to hard."""
    index = tomllib.loads((PUZZLES / "puzzles.toml").read_text(encoding="utf-8"))["puzzle"]
    return [(Path(e["file"]).stem, (PUZZLES / e["file"]).read_text(encoding="utf-8"), e["question_step"] - 1,
             f"tutorial/puzzles/{e['file']}") for e in index]


def _rows(times: list[tuple[str, dict]], where: str, goal: bool) -> list[Figure]:
    def row(name: str, ms: float) -> Figure:
        return Figure(name, ms, "ms", f"<= {GOAL_MS} ms", ms <= GOAL_MS) if goal else Figure(name, ms, "ms")

    rows = [row(f"puzzle {name}: solve, {where}{'' if t['complete'] else ' (unknown past the budget)'}", t["ms"])
            for name, t in times]
    values = [t["ms"] for _, t in times]
    rows.append(Figure(f"puzzles: median solve, {where} ({len(values)} positions)", statistics.median(values), "ms"))
    rows.append(row(f"puzzles: slowest solve, {where}", max(values)))
    return rows


def cpython_figures() -> list[Figure]:
    from linger_longer.web.puzzle import solve_time

    return _rows([(name, solve_time(toml, at, source)) for name, toml, at, source in positions()], "CPython", False)


def browser_figures(site: Path = SITE) -> list[Figure]:
    """The same positions solved in Chromium, in the Puzzles page's engine worker (Pyodide)."""
    from playwright.sync_api import sync_playwright

    from tools.local_server import serve

    check_site(site, "tools.bench.puzzles", PAGE)
    with serve(site) as base, sync_playwright() as p, fresh_profile(p) as context:
        page = context.new_page()
        page.goto(f"{base}/{PAGE}")
        page.wait_for_function("window.lingerLonger && window.lingerLonger.engine", timeout=TIMEOUT_MS)
        page.evaluate("window.lingerLonger.ready")
        times = []
        for name, toml, at, source in positions():
            text = page.evaluate("(args) => window.lingerLonger.engine.callFunction("
                                 "'linger_longer.web.puzzle', 'solve_time_json', args)", [toml, at, source])
            times.append((name, json.loads(text)))
        # The trainer's Next: from the click to the next puzzle drawn live at its question.
        page.wait_for_function("document.querySelector('.linger-trainer')?.dataset.puzzle", timeout=TIMEOUT_MS)
        nexts = []
        for _ in range(NEXTS):
            before = page.get_attribute(".linger-trainer", "data-puzzle")
            page.click(".linger-trainer-next")
            page.wait_for_function("(before) => document.querySelector('.linger-trainer').dataset.puzzle !== before",
                                   arg=before, timeout=TIMEOUT_MS)
            nexts.append(float(page.get_attribute(".linger-trainer", "data-next-ms")))
    return [*_rows(times, "Chromium", True),
            Figure(f"puzzles: slowest Next puzzle shown, Chromium ({NEXTS} in a row)", max(nexts), "ms",
                   f"<= {GOAL_MS} ms", max(nexts) <= GOAL_MS)]


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
