"""The live engine's early start: the page's inline script starts the worker while the page is parsed, the page's
engine adopts that worker (one worker a page), and the worker begins Pyodide's start (downloads, scripts, the
WebAssembly compile) only once the page has drawn itself (or after its longest wait), so that none of it slows the
first paint; and the first stepper's paint is reported (Element Timing) for the benchmark."""

from __future__ import annotations

from tools.bench.browser import ELEMENT_PAINTED

PAGE = "en/profiles.html"
HOLD_MS = 3000  # tutorial/linger_walkthrough/static/linger-worker.mjs: HOLD_MS

#: Before any script of the page: record every message a page posts to a worker, and when.
SPY = """(() => {
  const post = Worker.prototype.postMessage;
  window.postedToWorkers = [];
  Worker.prototype.postMessage = function (message, ...rest) {
    window.postedToWorkers.push({ type: message && message.type, at: performance.now() });
    return post.call(this, message, ...rest);
  };
})();"""


def test_the_page_adopts_its_early_worker_and_lets_it_start_once_drawn(watched_context, open_watched,
                                                                             site_url) -> None:
    ctx, watch = watched_context
    ctx.add_init_script(SPY)
    page = open_watched(ctx, watch)
    page.goto(f"{site_url}/{PAGE}")
    page.wait_for_function("document.querySelector('.linger-walkthrough').dataset.engine === 'live'", timeout=60_000)
    assert page.evaluate("window.lingerEngineStart.taken") is True
    assert len(page.workers) == 1  # the walkthroughs' engine is the early start's worker, not a second one
    assert page.evaluate("window.lingerLonger.engine.worker === window.lingerEngineStart.worker")
    posted = page.evaluate("window.postedToWorkers")
    painted = [m["at"] for m in posted if m["type"] == "painted"]
    steppers = page.evaluate("performance.getEntriesByName('linger-steppers-ready')[0].startTime")
    assert len(painted) == 1 and painted[0] >= steppers  # sent once the steppers work and were drawn
    assert posted.index(next(m for m in posted if m["type"] == "painted")) == 0  # before any request
    assert watch.failed == []


def test_a_held_worker_starts_only_when_told_or_after_its_longest_wait(watched_context, open_watched,
                                                                       site_url) -> None:
    """Started with `hold` and never told that the page has drawn itself, the worker waits HOLD_MS before it begins
    Pyodide's start (it imports nothing and compiles nothing before), then starts normally; told at once, it does
    not wait."""
    ctx, watch = watched_context
    page = open_watched(ctx, watch, f"{site_url}/{PAGE}")
    phases = page.evaluate("""async (tell) => {
      const start = async (say) => {
        const url = new URL('../_static/linger-worker.mjs', location.href);
        url.searchParams.set('index', new URL('../_pyodide/', location.href).href);
        url.searchParams.set('hold', '1');
        const worker = new Worker(url, { type: 'module' });
        if (say) worker.postMessage({ type: 'painted' });
        const status = await new Promise((resolve) => worker.addEventListener('message', (e) => {
          if (e.data.type === 'status') resolve(e.data);
        }));
        worker.terminate();
        return [status.state, status.phases.begun, status.phases.script, status.phases.compile];
      };
      return [await start(false), await start(true)];
    }""", True)
    (untold_state, *untold), (told_state, *told) = phases
    assert untold_state == "ready" and min(untold) >= HOLD_MS  # begun, pyodide.mjs imported, compile begun
    assert told_state == "ready" and told[0] < HOLD_MS


def test_the_first_steppers_paint_is_reported(watched_context, open_watched, site_url) -> None:
    """The benchmark's "first step visible" is when the first walkthrough's stepper is painted: an Element Timing
    entry on the step counter the page arrives with (in the page's HTML, not added by a script)."""
    ctx, watch = watched_context
    page = open_watched(ctx, watch, f"{site_url}/{PAGE}")
    painted = page.evaluate(ELEMENT_PAINTED, "linger-first-step")
    assert painted is not None and painted > 0, "no Element Timing entry for the first stepper"
    stepper = page.locator(".linger-walkthrough").first.locator(".linger-wt-controls .linger-wt-count")
    assert stepper.get_attribute("elementtiming") == "linger-first-step"
    served = page.evaluate("fetch(location.href).then((r) => r.text())")
    assert served.count('elementtiming="linger-first-step"') == 1
