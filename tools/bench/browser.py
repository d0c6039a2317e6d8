"""Browser part of ``nox -s bench``: the walkthrough page and the Play page in Chromium against the built site.

A *cold* load is a first visit: a fresh profile (empty caches, no service worker) in a browser that has drawn
another page and been idle a second, as a reader's is. A *warm* load is a later visit in that profile
(:data:`WARM_LOADS` a run), once the engine has stored its snapshot and the service worker the site.
Each figure is printed beside its goal:

- the first walkthrough step painted (Element Timing ``linger-first-step``), with the steppers working
  (``linger-steppers-ready``) and the first contentful paint; cold over :data:`FIRST_STEP_EXTRA` more loads a
  run than the rest, and warm also for the page loaded again at once, the service worker's fill still running;
- the live engine ready (``linger-engine-ready``, and ``linger-live`` for every walkthrough) against a bare
  Pyodide: a page that only starts a worker loading Pyodide, served beside the site; the two alternate;
- a click on a card ("try another card", a call into Pyodide) or on Next to the updated table, a step's motion
  to its end, and a click on Next during that motion to the step after;
- the page's weight without Pyodide (downloaded as Brotli, and decoded), and Pyodide's folder;
- the Play page's strong opponent in its own worker (``linger_longer.timing`` over :data:`BOT_POSITIONS`
  fixed decisions, so that the 95th percentile rests on about ten of them).

Run alone with ``python -m tools.bench.browser [build/site]``; ``python -m tools.bench`` calls :func:`run`.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import unquote, urlsplit

from tools.bench import analysis, pages, solver
from tools.bench.pages import PAGE, SITE, mark
from tools.local_server import serve

WIDGET = '.linger-walkthrough[data-example="last-trump"]'
RUNS = 5
#: Cold loads a run adds that measure only the first step: its spread from load to load is wide (the same
#: build gave 284 to 441 ms in three loads in a row), so its median rests on RUNS * (1 + this) loads.
FIRST_STEP_EXTRA = 2
#: A page the browser draws before the cold load, and how long it then stays idle: the reader's browser is
#: open, and its own start (which goes on for a while after its first page, on both cores of a small
#: machine) is not the site's. Measured: a cold first step of 340 ms at once after that page, 254 ms a second on.
OPEN_BROWSER = "data:text/html,<!doctype html><title>An open browser</title><p>A page drawn before the site's.</p>"
OPEN_IDLE_MS = 1000
CLICKS = 15
#: Warm loads a run (each a later visit in the profile of the run's cold load).
WARM_LOADS = 2

BARE_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Bare Pyodide</title>
<link rel="icon" href="data:,"></head><body><p>Bare Pyodide: loading…</p>
<script type="module">
const index = new URL('../_pyodide/', location.href).href;
const url = new URL('bare-worker.mjs', location.href);
url.searchParams.set('index', index);
const worker = new Worker(url, {type: 'module'});
worker.onerror = (e) => { window.bareError = e.message || 'the bare worker failed'; };
worker.onmessage = (e) => {
  if (e.data.error) { window.bareError = e.data.error; return; }
  performance.mark('bare-ready');
};
</script></body></html>
"""
BARE_WORKER = """const index = new URL(self.location.href).searchParams.get('index');
const { loadPyodide } = await import(index + 'pyodide.mjs');
const py = await loadPyodide({ indexURL: index, lockFileURL: index + 'pyodide-lock.json',
                               stdout: () => {}, stderr: () => {} });
py.runPython('1 + 1');
self.postMessage({ ready: true });
"""


#: When the element with this ``elementtiming`` name was painted (Element Timing is read only by an observer);
#: null when no such paint is reported within 10 s.
ELEMENT_PAINTED = """(name) => new Promise((resolve) => {
  setTimeout(() => resolve(null), 10000);
  new PerformanceObserver((list, observer) => {
    const entry = list.getEntries().find((e) => e.identifier === name);
    if (entry) { observer.disconnect(); resolve(entry.renderTime || entry.loadTime); }
  }).observe({ type: 'element', buffered: true });
})"""


def _painted(page, name: str) -> float:
    when = page.evaluate(ELEMENT_PAINTED, name)
    if when is None:
        raise RuntimeError(f"no Element Timing entry {name!r} on {page.url}")
    return when


@contextmanager
def _open_browser(p) -> Iterator:
    """A fresh profile (:func:`tools.bench.pages.fresh_profile`) whose browser has drawn a page
    (:data:`OPEN_BROWSER`) and been idle :data:`OPEN_IDLE_MS`, as a reader's has before it opens the site."""
    with pages.fresh_profile(p) as context:
        first = context.pages[0] if context.pages else context.new_page()
        first.goto(OPEN_BROWSER)
        mark(first, "first-contentful-paint")
        first.wait_for_timeout(OPEN_IDLE_MS)
        yield context


def _first_step(page) -> dict[str, float]:
    """The first stepper painted, the steppers working, and the first contentful paint (ms)."""
    return {
        "steppers_ready": mark(page, "linger-steppers-ready"),
        "first_step": _painted(page, "linger-first-step"),
        "fcp": mark(page, "first-contentful-paint"),
    }


def _walkthrough_load(page, url: str) -> dict[str, float]:
    page.goto(url)
    return {**_first_step(page), "engine_ready": mark(page, "linger-engine-ready"), "live": mark(page, "linger-live")}


def _reloaded_while_filling(context, page, url: str) -> dict[str, float]:
    """The first step of ``url`` loaded again in ``context`` as soon as ``page`` (its first visit) has stored the
    engine's snapshot; ``filling`` is 1 when the service worker was still storing the site then."""
    page.evaluate("window.lingerLonger.engine.snapshot")
    filling = page.evaluate("window.lingerOffline && window.lingerOffline.state !== 'ready'")
    page.close()
    again = context.new_page()
    again.goto(url)
    return {**_first_step(again), "filling": float(filling)}


def _bare_load(page, url: str) -> dict[str, float]:
    page.goto(url)
    page.wait_for_function("window.bareError || performance.getEntriesByName('bare-ready').length > 0",
                           timeout=pages.TIMEOUT_MS)
    if error := page.evaluate("window.bareError"):
        raise RuntimeError(f"{url}: {error}")
    return {"ready": mark(page, "bare-ready")}


#: Shows step ``i`` of the walkthrough ``sel``.
SHOW_JS = "([sel, i]) => { window.lingerLonger.widgets.find((w) => w.root.matches(sel)).show(i); }"
CLICK_JS = """async ([sel, what]) => {
  const root = document.querySelector(sel);
  const table = root.querySelector('.linger-wt-stage .linger-wt-table');
  const target = what === 'card'
    ? root.querySelector('.linger-wt-stage button[data-legal="true"]:not(:disabled)')
    : root.querySelector('.linger-wt-next');
  if (!target) return null;
  return await new Promise((resolve) => {
    const observer = new MutationObserver(() => { observer.disconnect(); resolve(performance.now() - t0); });
    observer.observe(table, { childList: true, subtree: true, characterData: true });
    const t0 = performance.now();
    target.click();
  });
}"""


def _click_latencies(page) -> dict[str, list[float]]:
    """Click cards at every scripted step that offers them, returning to the example each time."""
    widget = page.locator(WIDGET)
    total = int(widget.get_attribute("data-steps"))
    cards: list[float] = []
    nexts: list[float] = []
    while len(cards) < CLICKS:
        before = len(cards)
        for index in range(total):
            page.evaluate(SHOW_JS, [WIDGET, index])
            if page.locator(f"{WIDGET} .linger-wt-stage button[data-legal='true']:not(:disabled)").count() == 0:
                continue
            ms = page.evaluate(CLICK_JS, [WIDGET, "card"])
            if ms is not None:
                cards.append(ms)
            back = page.locator(f"{WIDGET} .linger-wt-back-to-example")
            if back.is_visible():  # the card tried was not the example's own (which just plays the next step)
                back.click()
        if len(cards) == before:
            raise RuntimeError("no step of the walkthrough offers a card to try")
    page.evaluate(SHOW_JS, [WIDGET, 0])
    for _ in range(total - 1):
        nexts.append(page.evaluate(CLICK_JS, [WIDGET, "next"]))
    return {"click_card": cards, "click_next": nexts}


MOTION_JS = """async ([sel, during]) => {
  const root = document.querySelector(sel);
  const next = root.querySelector('.linger-wt-next');
  const t0 = performance.now();
  next.click();
  const animations = document.getAnimations();
  if (!during) {
    await Promise.all(animations.map((a) => a.finished.catch(() => null)));
    return animations.length ? performance.now() - t0 : null;
  }
  if (!animations.length) return null;
  await new Promise((resolve) => setTimeout(resolve, 60));  // in the middle of the motion
  const step = root.dataset.step;
  const t1 = performance.now();
  next.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
  next.click();
  const ms = performance.now() - t1;
  // Applied: the step after is drawn, and the motion that was running has ended (the click starts its own).
  return root.dataset.step !== step && animations.every((a) => a.playState === 'finished') ? ms : null;
}"""


def _motion(page) -> dict[str, list[float]]:
    """Steps forward with motion: until the motion ends, and a click on Next in the middle of it."""
    widget = page.locator(WIDGET)
    total = int(widget.get_attribute("data-steps"))
    figures: dict[str, list[float]] = {"step_motion": [], "click_in_motion": []}
    for _ in range(3):
        for during, key in ((False, "step_motion"), (True, "click_in_motion")):
            for index in range(total - 2):
                page.evaluate(SHOW_JS, [WIDGET, index])
                ms = page.evaluate(MOTION_JS, [WIDGET, during])
                if ms is not None:
                    figures[key].append(ms)
    if not all(figures.values()):
        raise RuntimeError("no step of the walkthrough moves a card (is prefers-reduced-motion on?)")
    return figures


def _served_size(path: Path) -> int:
    """The bytes a browser that accepts Brotli downloads for ``path``: its ``.br`` copy when the build made one
    (tools.serve and a static host that uses the precompressed files send that), else the file itself."""
    brotli = path.with_name(path.name + ".br")
    return (brotli if brotli.is_file() else path).stat().st_size


def _weight(site: Path, urls: list[str]) -> dict[str, int]:
    """The requested files outside _pyodide/, decoded (bytes on disk) and as downloaded (Brotli); _pyodide/ on disk."""
    weight = {"page_weight_bytes": 0, "page_download_bytes": 0, "pyodide_bytes": 0}
    for url in dict.fromkeys(urls):
        path = site / unquote(urlsplit(url).path).lstrip("/")
        if path.is_dir():
            path = path / "index.html"
        if not path.is_file():
            continue
        if path.relative_to(site).parts[0] == "_pyodide":
            weight["pyodide_bytes"] += path.stat().st_size
        else:
            weight["page_weight_bytes"] += path.stat().st_size
            weight["page_download_bytes"] += _served_size(path)
    return weight


PLAY_PAGE = "en/play.html"
#: Fixed decisions timed on the Play page (``linger_longer.timing.measure``): the first decisions of seat 0
#: with two cards or more in seeded deals, from a deal's first trick to its last; 200 of them puts about ten
#: above the 95th percentile.
BOT_POSITIONS = 200
#: The strong opponent's 95th-percentile goal in the browser (ms a move; its median's is the solver bench's).
BOT_P95_GOAL_MS = 400


def _strong_bot_in_browser(page, url: str) -> dict[str, float]:
    """The strong opponent's move time on the Play page, in the page's own engine worker."""
    from linger_longer.web.record import MONTE_CARLO_SAMPLES

    page.goto(url)
    page.wait_for_function("window.lingerPlay && window.lingerPlay.view", timeout=120_000)
    return page.evaluate(
        "async ([samples, positions]) => JSON.parse(await window.lingerPlay.engine.engine.callFunction("
        "'linger_longer.timing', 'measure_json', [samples, positions]))",
        [MONTE_CARLO_SAMPLES, BOT_POSITIONS],
    )


#: The Play page against the strong opponent, a fixed deal (the same cards every run).
PLAY_STRONG = f"{PLAY_PAGE}?bot=monte-carlo&seed=42"
#: Goals of the Play page: its first card playable cold, over bare Pyodide's ready time in the same run; on a
#: repeat visit, over the cold figure; the engine's answer to the reader's card, that is the computer's next card
#: (median, pacing excluded: the computer's later cards are worked out while the page shows the earlier ones); a skip.
PLAY_COLD_GOAL = 0.8
PLAY_WARM_GOAL = 0.35
PLAY_ANSWER_GOAL_MS = 200
PLAY_SKIP_GOAL_MS = 50
#: The reader's cards played a run on the repeat visit (fewer when the deal ends first).
PLAY_CARDS = 6

#: Plays the first legal card; resolves once the engine's answer is measured (linger-play.mjs's measure
#: ``linger-play-answer``) with that answer (ms) and, if the answer is paced, how long a pointer press took to
#: bring the final table (the skip), else null.
PLAY_CARD_JS = """async () => {
  const root = document.querySelector('.linger-play');
  const table = root.querySelector('.linger-play-table');
  const card = table.querySelector('button[data-legal="true"]:not(:disabled)');
  if (!card) return null;
  const answers = performance.getEntriesByName('linger-play-answer').length;
  card.click();
  const wait = (test) => new Promise((resolve) => {
    const poll = () => (test() ? resolve() : setTimeout(poll, 2));
    poll();
  });
  await wait(() => performance.getEntriesByName('linger-play-answer').length > answers);
  const answer = performance.getEntriesByName('linger-play-answer')[answers].duration;
  let skip = null;
  if (table.dataset.paced && table.dataset.paced !== 'done') {
    const t0 = performance.now();
    document.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    await wait(() => table.dataset.paced === 'done');
    skip = performance.now() - t0;
  }
  await wait(() => root.getAttribute('aria-busy') !== 'true');
  return { answer, skip };
}"""


def _play_ready(page, url: str) -> dict[str, float]:
    """The Play page loaded until the reader's first card can be played (linger-play.mjs's ``linger-play-ready``)."""
    page.goto(url)
    return {"ready": mark(page, "linger-play-ready")}


def _play_cards(page) -> dict[str, list[float]]:
    """The reader's cards on the Play page (the first legal one each turn): the engine's answers and the skips."""
    figures: dict[str, list[float]] = {"play_answer": [], "play_skip": []}
    for _ in range(PLAY_CARDS):
        played = page.evaluate(PLAY_CARD_JS)
        if played is None:
            break
        figures["play_answer"].append(played["answer"])
        if played["skip"] is not None:
            figures["play_skip"].append(played["skip"])
    if not figures["play_answer"]:
        raise RuntimeError(f"no card to play on {page.url}")
    return figures


def _spread(values: list[float]) -> str:
    """How many loads a median rests on, and the middle half of them."""
    ordered = sorted(values)
    return (f"median of {len(ordered)} loads, middle half {ordered[len(ordered) // 4]:.0f}-"
            f"{ordered[(3 * len(ordered)) // 4]:.0f} ms")


def run(site: Path = SITE, out: Callable[[str], None] = print) -> dict[str, float]:
    """Measure and print; return the figures (milliseconds and bytes)."""

    pages.check_site(site, "tools.bench.browser", PAGE, "_pyodide/pyodide-lock.json", PLAY_PAGE)
    with tempfile.TemporaryDirectory() as root:
        # Served root: the site's folders (linked, untouched) plus the bare page in _bench/.
        served = Path(root)
        for entry in site.iterdir():
            (served / entry.name).symlink_to(entry.resolve(), target_is_directory=entry.is_dir())
        bench = served / "_bench"
        bench.mkdir()
        (bench / "bare.html").write_text(BARE_HTML, encoding="utf-8")
        (bench / "bare-worker.mjs").write_text(BARE_WORKER, encoding="utf-8")
        return _measure(site, served, out)


#: The loads of a run, in turn: the walkthrough page and bare Pyodide.
LOADS = (("walk", PAGE, _walkthrough_load), ("bare", "_bench/bare.html", _bare_load))


def _measure(site: Path, served: Path, out: Callable[[str], None]) -> dict[str, float]:
    from playwright.sync_api import sync_playwright

    results: dict[str, list[float]] = {}

    def add(prefix: str, figures: dict[str, float]) -> None:
        for key, value in figures.items():
            results.setdefault(f"{prefix}_{key}", []).append(value)

    with serve(served) as base, sync_playwright() as p:
        urls: list[str] = []
        for _ in range(RUNS):  # walkthrough and bare pages alternate, so machine load hits both alike
            for kind, path, load in LOADS:
                with _open_browser(p) as context:
                    page = context.new_page()
                    if kind == "walk" and not urls:
                        page.on("request", lambda r: urls.append(r.url))
                    add(f"cold_{kind}", load(page, f"{base}/{path}"))
                    if kind == "walk":  # a later visit: the engine's snapshot and the site stored
                        page.evaluate("window.lingerLonger.engine.snapshot")
                        pages.wait_stored(page)
                    page.close()
                    for _ in range(WARM_LOADS):
                        page = context.new_page()  # same profile: warm caches
                        add(f"warm_{kind}", load(page, f"{base}/{path}"))
                        if kind == "walk" and "click_card" not in results:
                            results.update(_click_latencies(page), **_motion(page),
                                           analysis_step=analysis.in_browser(page))
                        page.close()
            with _open_browser(p) as context:  # the Play page: cold, then a repeat visit and the reader's cards
                page = context.new_page()
                add("cold_play", _play_ready(page, f"{base}/{PLAY_STRONG}"))
                pages.wait_stored(page)
                page.close()
                page = context.new_page()
                add("warm_play", _play_ready(page, f"{base}/{PLAY_STRONG}"))
                for key, values in _play_cards(page).items():
                    results.setdefault(key, []).extend(values)
                page.close()
            for _ in range(FIRST_STEP_EXTRA):  # cold loads for the first step alone
                with _open_browser(p) as context:
                    page = context.new_page()
                    page.goto(f"{base}/{PAGE}")
                    add("cold_walk", _first_step(page))
                    # and the page again at once, the service worker's fill still running
                    add("filling_walk", _reloaded_while_filling(context, page, f"{base}/{PAGE}"))
        weight = _weight(site, urls)
        with pages.fresh_profile(p) as context:
            bot = _strong_bot_in_browser(context.new_page(), f"{base}/{PLAY_PAGE}")
    med = {key: statistics.median(values) for key, values in results.items()}
    _report(med, results, weight, bot, out)
    return {**{key: round(value, 1) for key, value in med.items()}, **weight,
            **{f"strong_bot_{key}": round(bot[key], 1) for key in ("median_ms", "p95_ms", "max_ms", "playouts_per_s")}}


def _goal(value: float, goal: float, unit: str = "") -> str:
    """``(goal <= goal)``, with MISSED when ``value`` is above it (a missed goal is printed, not raised)."""
    return f"(goal <= {goal:g}{' ' + unit if unit else ''}{'' if value <= goal else ': MISSED'})"


def _report(med: dict[str, float], results: dict[str, list[float]], weight: dict[str, int], bot: dict,
            out: Callable[[str], None]) -> None:
    """The figures beside their goals, in English."""
    out(f"Browser benchmark (Chromium headless, {PAGE}, median of {RUNS} runs; ms from navigation start)")
    for state, what in (("cold", "a first visit: a fresh profile, in a browser already open"),
                        ("warm", "a later visit: the engine's snapshot and the site stored, the page from the "
                                 "service worker")):
        w = {key.removeprefix(f"{state}_walk_"): value for key, value in med.items()}
        bare = med[f"{state}_bare_ready"]
        out(f"  {state} ({what}):")
        out(f"    first step visible       {w['first_step']:7.0f} ms   (goal < 300 ms; "
            f"{_spread(results[f'{state}_walk_first_step'])}; the steppers work at {w['steppers_ready']:.0f} ms, "
            f"first contentful paint {w['fcp']:.0f} ms)")
        if state == "warm":
            out(f"    first step, loaded again at once after a first visit  {med['filling_walk_first_step']:.0f} ms   "
                f"(goal < 300 ms; {_spread(results['filling_walk_first_step'])}; the service worker still storing "
                f"the site in {sum(results['filling_walk_filling']):.0f} of them)")
        out(f"    live engine ready        {w['engine_ready']:7.0f} ms   "
            f"(every walkthrough live at {w['live']:.0f} ms)")
        out(f"    bare Pyodide ready       {bare:7.0f} ms   "
            f"-> engine/bare {w['engine_ready'] / bare:.2f} (goal <= 1.10)")
    out(f"  click on a card -> updated table: median {med['click_card']:.1f} ms over {len(results['click_card'])} "
        f"clicks (goal < 50 ms) (Next button: {med['click_next']:.1f} ms)")
    out(f"  step with motion: cards in place after {med['step_motion']:.0f} ms (goal <= 300 ms); a click during the "
        f"motion applied in {med['click_in_motion']:.1f} ms (goal <= 50 ms)")
    out(f"  analysis of a step ({analysis.BROWSER_EXAMPLE}, {len(results['analysis_step'])} steps, "
        f"through the worker): median {med['analysis_step']:.1f} ms, slowest {max(results['analysis_step']):.1f} ms")
    out(f"  page weight without Pyodide: {weight['page_download_bytes'] / 1024:.0f} KiB downloaded (Brotli, the "
        f"precompressed copies; goal <= 250 KiB), {weight['page_weight_bytes'] / 1024:.0f} KiB decoded; "
        f"Pyodide and engine: {weight['pyodide_bytes'] / 1e6:.1f} MB")
    cold_play, warm_play = med["cold_play_ready"], med["warm_play_ready"]
    out(f"  Play page ({PLAY_STRONG}), the reader's first card playable: cold {cold_play:.0f} ms -> "
        f"play/bare {cold_play / med['cold_bare_ready']:.2f} {_goal(cold_play / med['cold_bare_ready'], PLAY_COLD_GOAL)}; "
        f"repeat visit {warm_play:.0f} ms -> repeat/cold {warm_play / cold_play:.2f} "
        f"{_goal(warm_play / cold_play, PLAY_WARM_GOAL)}")
    skips = results.get("play_skip", [])
    out(f"  Play page, the engine's answer to the reader's card (the computer's next card, the others worked out "
        f"while it is shown; strong opponent, pacing excluded): median "
        f"{med['play_answer']:.0f} ms over {len(results['play_answer'])} cards "
        f"{_goal(med['play_answer'], PLAY_ANSWER_GOAL_MS, 'ms')}; a skip of the pacing applied in "
        + (f"{max(skips):.1f} ms at most over {len(skips)} {_goal(max(skips), PLAY_SKIP_GOAL_MS, 'ms')}" if skips
           else "(no answer was paced: MISSED, nothing measured)"))
    out(f"  Play page, strong opponent ({bot['samples']} sampled deals a move, {bot['positions']} fixed decisions, "
        f"Pyodide in the page's worker): median {bot['median_ms']:.0f} ms a move (goal <= {solver.MOVE_GOAL_MS} ms), "
        f"95th percentile {bot['p95_ms']:.0f} ms (goal <= {BOT_P95_GOAL_MS} ms), slowest {bot['max_ms']:.0f} ms; "
        f"{bot['playouts_per_s']:,.0f} playouts/s")

if __name__ == "__main__":
    run(Path(sys.argv[1]) if len(sys.argv) > 1 else SITE)
