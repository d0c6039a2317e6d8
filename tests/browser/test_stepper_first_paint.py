"""The page arrives as steppers: before the walkthrough module has run, a browser that runs scripts already shows
each walkthrough as its stepper on the first step (the directive draws the toolbar and the status; the style sheet
shows the list's first step alone), so the module's start moves nothing on the page; if the module has not run by
DOMContentLoaded, every step shows again; without scripts, every step shows and no stepper."""

from __future__ import annotations

PAGE = "en/profiles.html"  # five walkthroughs, one with a question at its first step
MODULE = "**/_static/linger-walkthrough.mjs*"
#: Tall enough for all five walkthroughs to be on screen, where the Layout Instability API sees every shift.
VIEWPORT = {"width": 1200, "height": 7500}

SHIFTS = """(() => {
  window.layoutShifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.layoutShifts.push({ value: e.value, at: e.startTime,
        sources: e.sources.map((s) => [(s.node && (s.node.className || s.node.nodeName)) || '', s.previousRect.y, s.currentRect.y]) });
    }
  }).observe({ type: 'layout-shift', buffered: true });
})();"""

VISIBLE = """(root) => {
  const shown = (sel) => [...root.querySelectorAll(sel)].filter((e) => e.getClientRects().length > 0).length;
  return { toolbar: shown(':scope > .linger-wt-controls'), toggle: shown(':scope > .linger-wt-analysis-toggle'),
           status: shown(':scope > .linger-wt-status'), steps: shown(':scope > .linger-wt-steps > .linger-wt-step') };
}"""


def every_step(steps: int) -> dict[str, int]:
    """What VISIBLE finds in a walkthrough shown as its static list: every step, no stepper."""
    return {"toolbar": 0, "toggle": 0, "status": 0, "steps": steps}


def test_the_modules_start_moves_nothing_on_the_page(chromium, site_url) -> None:
    ctx = chromium.new_context(viewport=VIEWPORT)
    try:
        ctx.add_init_script(SHIFTS)
        page = ctx.new_page()
        held = []  # the walkthrough module's request, answered once the page is parsed and painted without it
        page.route(MODULE, lambda route: held.append(route))
        page.goto(f"{site_url}/{PAGE}", wait_until="commit")
        page.wait_for_function("document.readyState !== 'loading' && "
                               "performance.getEntriesByName('first-contentful-paint').length > 0")
        page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        roots = page.locator(".linger-walkthrough")
        before = [roots.nth(i).evaluate(VISIBLE) for i in range(roots.count())]
        assert len(before) == 5 and all(v == {"toolbar": 1, "toggle": 1, "status": 1, "steps": 1} for v in before), before
        assert page.evaluate("performance.getEntriesByName('linger-steppers-ready').length") == 0
        assert roots.first.locator(".linger-wt-analysis-toggle input").is_disabled()  # until the engine runs
        (request,) = held
        request.continue_()
        page.wait_for_function("performance.getEntriesByName('linger-steppers-ready').length > 0")
        page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        mounted = page.evaluate("performance.getEntriesByName('linger-steppers-ready')[0].startTime")
        fcp = page.evaluate("performance.getEntriesByName('first-contentful-paint')[0].startTime")
        assert fcp < mounted  # painted before the module ran: the shifts below are its start's
        shifts = page.evaluate("window.layoutShifts")
        at_start = [s for s in shifts if s["at"] >= mounted]
        assert sum(s["value"] for s in at_start) < 0.001, at_start
        assert roots.first.locator(".linger-wt-controls .linger-wt-count").get_attribute("elementtiming") \
            == "linger-first-step"
    finally:
        ctx.close()


def test_if_the_module_never_runs_every_step_shows(chromium, site_url) -> None:
    ctx = chromium.new_context()
    try:
        page = ctx.new_page()
        page.route(MODULE, lambda route: route.abort())
        page.goto(f"{site_url}/{PAGE}")  # waits for the load event, after DOMContentLoaded
        root = page.locator(".linger-walkthrough").first
        assert "linger-wt-static" in root.get_attribute("class").split()
        assert root.evaluate(VISIBLE) == every_step(int(root.get_attribute("data-steps")))
    finally:
        ctx.close()


def test_if_the_browser_refuses_the_worker_and_the_module_every_step_shows(chromium, site_url) -> None:
    """A page opened from the disk: the browser refuses to make the engine's worker (the early start's first act
    after its fallback) and to load the modules; every step must still be readable."""
    ctx = chromium.new_context()
    try:
        ctx.add_init_script("window.Worker = function () { throw new DOMException('refused', 'SecurityError'); };")
        page = ctx.new_page()
        page.route(MODULE, lambda route: route.abort())
        page.goto(f"{site_url}/{PAGE}")
        root = page.locator(".linger-walkthrough").first
        assert root.evaluate(VISIBLE) == every_step(int(root.get_attribute("data-steps")))
    finally:
        ctx.close()


def test_without_scripts_every_step_shows_and_no_stepper(chromium, site_url) -> None:
    ctx = chromium.new_context(java_script_enabled=False)
    try:
        page = ctx.new_page()
        page.goto(f"{site_url}/{PAGE}")
        for root in page.locator(".linger-walkthrough").all():
            assert root.evaluate(VISIBLE) == every_step(int(root.get_attribute("data-steps")))
    finally:
        ctx.close()


LAST_TRUMP = '.linger-walkthrough[data-example="last-trump"]'  # its first step has a player to act, no question
TRY_LINE = """(root) => {
  const line = root.querySelector('.linger-wt-stage .linger-wt-try');
  return { hidden: line.hidden, seen: getComputedStyle(line).visibility === 'visible', text: line.textContent,
           table: root.querySelector('.linger-wt-stage .linger-wt-table').getBoundingClientRect().top };
}"""

#: Where each walkthrough's table is on the page (whole pixels: a moved table moves by a line, 20 px or more).
TABLES = """() => [...document.querySelectorAll('.linger-wt-stage .linger-wt-table')]
  .map((t) => Math.round(t.getBoundingClientRect().top))"""


def test_the_table_stays_in_place_when_the_live_engine_comes(chromium, site_url) -> None:
    """Before the engine runs, what comes with it keeps its place unseen, in the page as the directive drew it and
    in the widget's stage: the "try another card" line, a question's prompt; when the engine comes, they show there
    and no walkthrough's table has moved."""
    ctx = chromium.new_context(viewport=VIEWPORT)
    try:
        wasm = {"held": [], "released": False}  # Pyodide's WebAssembly module: no engine until it is answered

        def hold_wasm(route) -> None:
            if wasm["released"]:
                route.continue_()
            else:
                wasm["held"].append(route)

        ctx.route("**/_pyodide/pyodide.asm.wasm", hold_wasm)
        page = ctx.new_page()
        module = []
        page.route(MODULE, lambda route: module.append(route))
        page.goto(f"{site_url}/{PAGE}", wait_until="commit")
        page.wait_for_function("document.readyState !== 'loading'")
        root = page.locator(LAST_TRUMP)
        first_step = root.locator(".linger-wt-steps > .linger-wt-step").first
        placeholder = first_step.locator(".linger-wt-try")
        assert placeholder.evaluate("(p) => getComputedStyle(p).display !== 'none' && "
                                    "getComputedStyle(p).visibility === 'hidden'")
        top_in_page = first_step.locator(".linger-wt-table").evaluate("(t) => t.getBoundingClientRect().top")
        (request,) = module
        request.continue_()
        page.wait_for_function("performance.getEntriesByName('linger-steppers-ready').length > 0")
        before = root.evaluate(TRY_LINE)
        assert before["hidden"] is False and before["seen"] is False, before
        assert before["text"] == placeholder.text_content()
        assert abs(before["table"] - top_in_page) < 0.5, (top_in_page, before)
        assert root.get_attribute("data-engine") != "live"
        tables = page.evaluate(TABLES)
        wasm["released"] = True
        for route in wasm["held"]:
            route.continue_()
        page.wait_for_function("performance.getEntriesByName('linger-live').length > 0", timeout=120_000)  # all five
        page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        after = root.evaluate(TRY_LINE)
        assert after["hidden"] is False and after["seen"] is True, after
        assert abs(after["table"] - before["table"]) < 0.5
        assert page.evaluate(TABLES) == tables  # a question's prompt on a first step included
    finally:
        ctx.close()
