"""The page arrives as steppers: before the walkthrough module has run, a browser that runs scripts already shows
each walkthrough as its stepper on the first step (the directive draws the toolbar and the status; the style sheet
shows the list's first step alone), so the module's start moves nothing on the page; if the module has not run by
DOMContentLoaded, every step shows again; without scripts, every step shows and no stepper."""

from __future__ import annotations

PAGE = "en/profiles.html"  # four walkthroughs, one with a question at its first step
MODULE = "**/_static/linger-walkthrough.mjs*"
#: Tall enough for all four walkthroughs to be on screen, where the Layout Instability API sees every shift.
VIEWPORT = {"width": 1200, "height": 6000}

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
        assert len(before) == 4 and all(v == {"toolbar": 1, "toggle": 1, "status": 1, "steps": 1} for v in before), before
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
