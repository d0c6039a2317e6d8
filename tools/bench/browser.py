"""Browser part of ``nox -s bench``: the walkthrough pages in Chromium against the local site.

Measured, cold (a first visit: a fresh browser profile, so empty HTTP and code
caches and no service worker, in a browser that is open, having drawn a page
a second before, as a reader's is) and warm (a later visit in the same profile,
:data:`WARM_LOADS` loads a run: the first visit's engine has stored its memory
snapshot and the service worker has stored the site, as they have when a reader
comes back, so the page comes from the service worker's cache and the engine
from its snapshot):

- first step visible: the first walkthrough's stepper is painted (its step
  counter's Element Timing entry ``linger-first-step``); beside it, when the
  module has made the steppers work (performance mark
  ``linger-steppers-ready``), and the page's first contentful paint; cold,
  over :data:`FIRST_STEP_EXTRA` more loads a run than the other figures; warm,
  printed beside, the same for a page loaded again at once after those extra
  cold loads, as soon as the engine has stored its snapshot, while the service
  worker's background fill of the site is still running;
- engine ready: Pyodide and the engine wheel loaded in the worker
  (mark ``linger-engine-ready``), and every walkthrough on the page showing
  steps the live engine computed (mark ``linger-live``), against a bare
  Pyodide: a page that only starts a module worker loading Pyodide (generated
  into a temporary folder served beside the site's own);
- click to updated table: median time from a click on a card ("try another
  card", a call into Pyodide) to the new table in the page, and the same for
  the Next button (no engine call);
- motion: how long a step forward takes until its cards have glided to their
  places (the Next button to the end of every animation), and a click on
  Next during that motion to the table of the step after (the motion is
  finished at once and the click acts);
- page weight of a walkthrough page without Pyodide (everything the page
  requests outside ``_pyodide/``): the bytes downloaded (each file's Brotli
  copy, as the site is served) and decoded; and the Pyodide folder itself;
- the Play page's strong opponent: its move time and playouts a second in
  the page's own engine worker (``linger_longer.timing`` on fixed decisions,
  the Play page's sample count), against its goals of a median of 200 ms a
  move and a 95th percentile of 400 ms; over :data:`BOT_POSITIONS`
  decisions, so that the 95th percentile rests on ten of them or so, not on
  the slowest two.

Run alone with ``python -m tools.bench.browser [build/site]``; ``python -m
tools.bench`` calls :func:`run`.
"""

from __future__ import annotations

import functools
import statistics
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import unquote, urlsplit

from tools.bench import analysis, offline
from tools.chromium import CHROMIUM, CHROMIUM_ARGS
from tools.local_server import serve

ROOT = Path(__file__).resolve().parents[2]
PAGE = "en/profiles.html"  # holds "winning with your last trump" and three more walkthroughs
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


def _mark(page, name: str, timeout_ms: float = 60_000) -> float:
    page.wait_for_function(f"performance.getEntriesByName({name!r}).length > 0", timeout=timeout_ms)
    return page.evaluate(f"performance.getEntriesByName({name!r})[0].startTime")


def _fcp(page) -> float:
    page.wait_for_function("performance.getEntriesByName('first-contentful-paint').length > 0")
    return page.evaluate("performance.getEntriesByName('first-contentful-paint')[0].startTime")


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
def _fresh_profile(p) -> Iterator:
    """A Chromium context on a new, empty profile (a first visit: no HTTP, code or storage caches), closed after.

    The browser has drawn a page (:data:`OPEN_BROWSER`) and been idle :data:`OPEN_IDLE_MS` before it is handed
    over, as a reader's browser has before it opens the site.
    """
    with tempfile.TemporaryDirectory() as profile:
        context = p.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                                       headless=True)
        try:
            first = context.pages[0] if context.pages else context.new_page()
            first.goto(OPEN_BROWSER)
            _fcp(first)
            first.wait_for_timeout(OPEN_IDLE_MS)
            yield context
        finally:
            context.close()


def _first_step(page) -> dict[str, float]:
    """The first stepper painted, the steppers working, and the first contentful paint (ms)."""
    return {
        "steppers_ready": _mark(page, "linger-steppers-ready"),
        "first_step": _painted(page, "linger-first-step"),
        "fcp": _fcp(page),
    }


def _walkthrough_load(page, url: str) -> dict[str, float]:
    page.goto(url)
    return {**_first_step(page), "engine_ready": _mark(page, "linger-engine-ready"), "live": _mark(page, "linger-live")}


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
                           timeout=60_000)
    if error := page.evaluate("window.bareError"):
        raise RuntimeError(f"{url}: {error}")
    return {"ready": _mark(page, "bare-ready")}


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
            page.evaluate("([sel, i]) => { const w = window.lingerLonger.widgets.find((w) => w.root.matches(sel)); w.show(i); }", [WIDGET, index])
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
    page.evaluate("([sel]) => { const w = window.lingerLonger.widgets.find((w) => w.root.matches(sel)); w.show(0); }", [WIDGET])
    for _ in range(total - 1):
        nexts.append(page.evaluate(CLICK_JS, [WIDGET, "next"]))
    return {"card": cards, "next": nexts}


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
    figures: dict[str, list[float]] = {"motion": [], "during": []}
    show = "([sel, i]) => window.lingerLonger.widgets.find((w) => w.root.matches(sel)).show(i)"
    for _ in range(3):
        for during, key in ((False, "motion"), (True, "during")):
            for index in range(total - 2):
                page.evaluate(show, [WIDGET, index])
                ms = page.evaluate(MOTION_JS, [WIDGET, during])
                if ms is not None:
                    figures[key].append(ms)
    if not figures["motion"] or not figures["during"]:
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
#: The strong opponent's goals in the browser (ms a move).
BOT_MEDIAN_GOAL_MS = 200
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


def _figure(med: dict[str, float], prefix: str, key: str) -> float:
    return med[f"{prefix}_{key}"]


def _spread(values: list[float]) -> str:
    """How many loads a median rests on, and the middle half of them."""
    ordered = sorted(values)
    return (f"median of {len(ordered)} loads, middle half {ordered[len(ordered) // 4]:.0f}-"
            f"{ordered[(3 * len(ordered)) // 4]:.0f} ms")


def run(site: Path = ROOT / "build" / "site", out: Callable[[str], None] = print) -> dict[str, float]:
    """Measure and print; return the figures (milliseconds and bytes)."""

    if not (site / PAGE).is_file() or not (site / "_pyodide" / "pyodide-lock.json").is_file():
        raise SystemExit(f"tools.bench.browser: no built site in {site}: run `nox -s site` first")
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
                with _fresh_profile(p) as context:
                    page = context.new_page()
                    if kind == "walk" and not urls:
                        page.on("request", lambda r: urls.append(r.url))
                    add(f"cold_{kind}", load(page, f"{base}/{path}"))
                    if kind == "walk":  # a later visit: the engine's snapshot and the site stored
                        page.evaluate("window.lingerLonger.engine.snapshot")
                        offline.wait_stored(page)
                    page.close()
                    for _ in range(WARM_LOADS):
                        page = context.new_page()  # same profile: warm caches
                        add(f"warm_{kind}", load(page, f"{base}/{path}"))
                        if kind == "walk" and "click_card" not in results:
                            clicks = _click_latencies(page)
                            results["click_card"] = clicks["card"]
                            results["click_next"] = clicks["next"]
                            motion = _motion(page)
                            results["step_motion"] = motion["motion"]
                            results["click_in_motion"] = motion["during"]
                            results["analysis_step"] = analysis.in_browser(page)
                        page.close()
            for _ in range(FIRST_STEP_EXTRA):  # cold loads for the first step alone
                with _fresh_profile(p) as context:
                    page = context.new_page()
                    page.goto(f"{base}/{PAGE}")
                    add("cold_walk", _first_step(page))
                    # and the page again at once, the service worker's fill still running
                    add("filling_walk", _reloaded_while_filling(context, page, f"{base}/{PAGE}"))
        weight = _weight(site, urls)
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            bot = _strong_bot_in_browser(browser.new_page(), f"{base}/{PLAY_PAGE}")
        finally:
            browser.close()

    med = {key: statistics.median(values) for key, values in results.items()}
    figures = {
        **{key: round(value, 1) for key, value in med.items()},
        **weight,
        "strong_bot_median_ms": round(bot["median_ms"], 1),
        "strong_bot_p95_ms": round(bot["p95_ms"], 1),
        "strong_bot_max_ms": round(bot["max_ms"], 1),
        "strong_bot_playouts_per_s": round(bot["playouts_per_s"]),
    }
    out(f"Browser benchmark (Chromium headless, {PAGE}, median of {RUNS} runs; ms from navigation start)")
    for state in ("cold", "warm"):
        w = functools.partial(_figure, med, f"{state}_walk")
        b = functools.partial(_figure, med, f"{state}_bare")
        out("  warm (a later visit: the engine's snapshot and the site stored, the page from the service worker):"
            if state == "warm" else "  cold (a first visit: a fresh profile, in a browser already open):")
        out(f"    first step visible       {w('first_step'):7.0f} ms   (goal < 300 ms; {_spread(results[f'{state}_walk_first_step'])}; "
            f"the steppers work at {w('steppers_ready'):.0f} ms, first contentful paint {w('fcp'):.0f} ms)")
        if state == "warm":
            filling = results["filling_walk_filling"]
            out(f"    first step, loaded again at once after a first visit  {med['filling_walk_first_step']:.0f} ms   "
                f"(goal < 300 ms; {_spread(results['filling_walk_first_step'])}; the service worker still storing "
                f"the site in {sum(filling):.0f} of them)")
        out(
            f"    live engine ready        {w('engine_ready'):7.0f} ms   (every walkthrough live at {w('live'):.0f} ms)"
        )
        out(
            f"    bare Pyodide ready       {b('ready'):7.0f} ms   -> engine/bare {w('engine_ready') / b('ready'):.2f} "
            f"(goal <= 1.10)"
        )
    out(
        f"  click on a card -> updated table: median {med['click_card']:.1f} ms over {len(results['click_card'])} clicks (goal < 50 ms) "
        f"(Next button: {med['click_next']:.1f} ms)"
    )
    out(
        f"  step with motion: cards in place after {med['step_motion']:.0f} ms (goal <= 300 ms); a click during the "
        f"motion applied in {med['click_in_motion']:.1f} ms (goal <= 50 ms)"
    )
    out(f"  analysis of a step ({analysis.BROWSER_EXAMPLE}, {len(results['analysis_step'])} steps, through the worker): "
        f"median {med['analysis_step']:.1f} ms, slowest {max(results['analysis_step']):.1f} ms")
    out(
        f"  page weight without Pyodide: {weight['page_download_bytes'] / 1024:.0f} KiB downloaded (Brotli, the precompressed "
        f"copies; goal <= 250 KiB), {weight['page_weight_bytes'] / 1024:.0f} KiB decoded; "
        f"Pyodide and engine: {weight['pyodide_bytes'] / 1e6:.1f} MB"
    )
    out(
        f"  Play page, strong opponent ({bot['samples']} sampled deals a move, {bot['positions']} fixed decisions, "
        f"Pyodide in the page's worker): median {bot['median_ms']:.0f} ms a move (goal <= {BOT_MEDIAN_GOAL_MS} ms), "
        f"95th percentile {bot['p95_ms']:.0f} ms (goal <= {BOT_P95_GOAL_MS} ms), slowest {bot['max_ms']:.0f} ms; "
        f"{bot['playouts_per_s']:,.0f} playouts/s"
    )
    return figures


if __name__ == "__main__":
    run(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "build" / "site")
