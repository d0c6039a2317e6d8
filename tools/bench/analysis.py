"""The walkthroughs' analysis time per step (``linger_longer.web.analysis``), in CPython and in Chromium.

Every position of every worked example is analysed as the page asks for it (the marks, their sentences
and lines, in one language). CPython's figure is CPU time (``time.process_time``), the best of three
runs per step, so the machine's other load counts as little as it can; Chromium's goes through the
walkthrough page's own engine worker (:func:`in_browser`, called by :mod:`tools.bench.browser`), one
example's steps, and includes the worker's round trip.

``python -m tools.bench.analysis`` prints CPython's figures.
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from tools.bench.figure import Figure

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "tutorial" / "examples"
#: A step's analysis should answer well within this (ms).
GOAL_MS = 100
#: The example timed in Chromium: its page and its steps (en/profiles.html, as the walkthrough benchmark).
BROWSER_EXAMPLE = "last-trump"


def _steps() -> list[tuple[Path, str, int]]:
    from linger_longer.scenario import loads

    found = []
    for path in sorted(EXAMPLES.glob("*.toml")):
        text = path.read_text(encoding="utf-8")
        found.extend((path, text, index) for index in range(len(loads(text, str(path)).check())))
    return found


def cpython_times(runs: int = 3) -> list[float]:
    """The analysis time of every example step (ms of CPU, best of ``runs``)."""
    from linger_longer.web.analysis import analysis

    times = []
    for path, text, index in _steps():
        best = float("inf")
        for _ in range(runs):
            started = time.process_time()
            analysis(text, "fr", index, str(path), answered=True)
            best = min(best, 1000 * (time.process_time() - started))
        times.append(best)
    return times


def bench_figures() -> list[Figure]:
    """CPython's median and slowest step."""
    times = cpython_times()
    slowest = max(times)
    return [
        Figure(f"analysis: median step ({len(times)} example steps), CPython CPU", statistics.median(times), "ms"),
        Figure("analysis: slowest step, CPython CPU", slowest, "ms", f"<= {GOAL_MS}", slowest <= GOAL_MS),
    ]


#: Runs in the page: every step of the example analysed through the page's worker, timed from the page.
BROWSER_JS = """async ([example, source]) => {
  const w = window.lingerLonger.widgets.find((w) => w.id === example);
  const times = [];
  for (let at = 0; at < w.state.scripted.length; at++) {
    const t0 = performance.now();
    await w.engine.callFunction('linger_longer.web.analysis', 'analysis_json', [w.toml, w.lang, at, source, true]);
    times.push(performance.now() - t0);
  }
  return times;
}"""


def in_browser(page) -> list[float]:
    """The analysis time of each step of :data:`BROWSER_EXAMPLE` in the page's worker (ms); the page is live."""
    return page.evaluate(BROWSER_JS, [BROWSER_EXAMPLE, f"tutorial/examples/{BROWSER_EXAMPLE}.toml"])


if __name__ == "__main__":
    for figure in bench_figures():
        print(figure)
