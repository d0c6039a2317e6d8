"""The guided deal and the questions in Chromium (part of ``nox -s bench``), against the built site.

- The lesson (``en/learn.html``, the ``learn-first-deal`` walkthrough), cold (a fresh profile in a browser already
  open, :func:`tools.bench.browser._open_browser`): its first step painted, that is its counter's Element Timing
  entry ``linger-first-step`` (the step's question, words and table are in the page's HTML, drawn in the same first
  paint; the benchmark checks that the table is drawn and prints how far down the page it lies), against the goal
  of 300 ms; and when A's
  cards can be chosen (``linger-live``: the judge of a move is the engine, so Pyodide has started), printed beside
  it without a goal of its own (the engine's start has its goal against bare Pyodide in
  :mod:`tools.bench.browser`).
- A verdict: from the reader's click on a card (or a suit) to the frame that paints the verdict (linger-question.mjs's
  measure ``linger-verdict``: the engine's judgement in the worker, then the verdict placed), for every card of every
  question of the How-to-play walkthroughs, once the engine is live; the median against the goal of 50 ms.

Run alone with ``python -m tools.bench.learn [build/site]``.
"""

from __future__ import annotations

import statistics
import sys
from collections.abc import Callable
from pathlib import Path

from tools.bench import pages
from tools.bench.browser import _open_browser, _painted, _spread
from tools.bench.figure import Figure
from tools.local_server import serve

LESSON = "en/learn.html"
QUESTIONS = "en/how-to-play.html"
#: The window of the benchmark's browser (Playwright's default, 1280×720).
VIEWPORT_HEIGHT = 720
#: Cold loads of the lesson (its first step's paint varies widely from load to load, :mod:`tools.bench.browser`).
LOADS = 5
FIRST_STEP_GOAL_MS = 300
VERDICT_GOAL_MS = 50

#: Where the lesson's first table lies (its top, from the window's top, px), once it is drawn; null if it is not.
TABLE_TOP = """() => {
  const box = document.querySelector('.linger-walkthrough[data-guided] .linger-wt-table').getBoundingClientRect();
  return box.height > 0 ? box.top + scrollY : null;
}"""

#: Every card (or suit) of every question of the page's walkthroughs chosen in turn, each time from the question's
#: step: the times ``linger-verdict`` measured (ms). The example's own card moves on and another legal card leaves
#: the example (each is undone by going back to the question); a forbidden card leaves the reader at the question.
EVERY_VERDICT = """async () => {
  const times = [];
  const measured = () => performance.getEntriesByName('linger-verdict');
  const until = (test) => new Promise((resolve, reject) => {
    const t0 = performance.now();
    const poll = () => test() ? resolve() : performance.now() - t0 > 60000 ? reject(new Error('no verdict')) : setTimeout(poll, 2);
    poll();
  });
  for (const widget of window.lingerLonger.widgets) {
    if (widget.root.hasAttribute('data-judge') || widget.root.hasAttribute('data-guided')) continue;
    for (const [at, question] of widget.questions.questions) {
      widget.show(at);
      const scope = question.kind === 'suit' ? '.linger-wt-stage-question button[data-suit]'
        : `.linger-wt-stage [data-seat="${question.seat}"] button[data-card]`;
      const choices = [...widget.root.querySelectorAll(scope)].map((b) => b.dataset.suit ?? b.dataset.card);
      for (const choice of choices) {
        widget.show(at);
        const selector = question.kind === 'suit' ? `button[data-suit="${choice}"]` : `button[data-card="${choice}"]`;
        const button = widget.root.querySelector(`.linger-wt-stage ${selector}`);
        const before = measured().length;
        button.click();
        await until(() => measured().length > before);
        times.push(measured()[before].duration);
      }
      widget.questions.answered.delete(at);  // the question asks again on the next visit
    }
  }
  return times;
}"""


def _lesson_cold(page, url: str) -> dict[str, float]:
    page.goto(url)
    shown = _painted(page, "linger-first-step")
    top = page.evaluate(TABLE_TOP)
    if top is None:
        raise RuntimeError(f"{url}: the lesson's first table is not drawn")
    return {"first_step": shown, "table_top": top, "choosable": pages.mark(page, "linger-live")}


def _verdicts(page, url: str) -> list[float]:
    page.goto(url)
    pages.mark(page, "linger-live")
    times = page.evaluate(EVERY_VERDICT)
    if not times:
        raise RuntimeError(f"{url}: no question was answered")
    return times


def run(site: Path = pages.SITE, out: Callable[[str], None] = print) -> list[Figure]:
    """Measure, print the spread, and return the figures beside their goals."""
    from playwright.sync_api import sync_playwright

    pages.check_site(site, "tools.bench.learn", LESSON, QUESTIONS)
    loads: dict[str, list[float]] = {"first_step": [], "table_top": [], "choosable": []}
    with serve(site) as base, sync_playwright() as p:
        for _ in range(LOADS):
            with _open_browser(p) as context:
                for key, value in _lesson_cold(context.new_page(), f"{base}/{LESSON}").items():
                    loads[key].append(value)
        with pages.fresh_profile(p) as context:
            verdicts = _verdicts(context.new_page(), f"{base}/{QUESTIONS}")
    first, choosable, verdict = (statistics.median(v) for v in (loads["first_step"], loads["choosable"], verdicts))
    out(f"Lesson ({LESSON}), cold: first step painted {first:.0f} ms ({_spread(loads['first_step'])}); "
        f"A's cards can be chosen (the live engine) at {choosable:.0f} ms ({_spread(loads['choosable'])}); "
        f"its table's top {max(loads['table_top']):.0f} px down the page (the window: {VIEWPORT_HEIGHT} px)")
    out(f"Questions ({QUESTIONS}): {len(verdicts)} verdicts, click to verdict painted: median {verdict:.1f} ms, "
        f"slowest {max(verdicts):.1f} ms")
    return [Figure("lesson: first step painted, cold (median)", first, "ms", f"<= {FIRST_STEP_GOAL_MS} ms",
                   first <= FIRST_STEP_GOAL_MS),
            Figure("lesson: A's cards can be chosen, cold (live engine)", choosable, "ms"),
            Figure(f"questions: click to verdict painted (median of {len(verdicts)})", verdict, "ms",
                   f"<= {VERDICT_GOAL_MS} ms", verdict <= VERDICT_GOAL_MS)]


if __name__ == "__main__":
    for figure in run(Path(sys.argv[1]) if len(sys.argv) > 1 else pages.SITE):
        print(figure)
