"""The walkthroughs in Chromium, against build/site served on 127.0.0.1.

What the page shows is checked against CPython's engine (linger_longer.web.walkthrough)
for the same worked-example file and language.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from linger_longer.languages import CODES
from linger_longer.web.walkthrough import branch_json, replay_json

REPO = Path(__file__).resolve().parents[2]
LANGS = CODES
EXAMPLES = REPO / "tutorial" / "examples"
LAST_TRUMP_PAGE = "profiles.html"  # docs/profiles.md embeds "winning with your last trump"
WIDGET = '.linger-walkthrough[data-example="last-trump"]'
LIVE_TIMEOUT_MS = 90_000
SETTLED = "[...document.querySelectorAll('.linger-walkthrough')].every((w) => w.dataset.engine !== 'static')"
ENGINE_STATES = """[...document.querySelectorAll('.linger-walkthrough')].map((w) => [
  w.dataset.example, w.dataset.engine, w.querySelector('.linger-wt-status').textContent, w.dataset.engineError ?? ''])"""
NORMALISE = "(html) => { const t = document.createElement('template'); t.innerHTML = html; return t.innerHTML; }"


def source_of(example: str) -> str:
    return f"tutorial/examples/{example}.toml"


def toml_of(example: str) -> str:
    return (EXAMPLES / f"{example}.toml").read_text(encoding="utf-8")


def expected(example: str, lang: str) -> dict:
    return json.loads(replay_json(toml_of(example), lang, source=source_of(example)))


def walkthrough_pages(site_dir: Path) -> list[str]:
    """Pages (relative to a language folder) that hold at least one walkthrough."""
    return sorted(
        p.relative_to(site_dir / "en").as_posix()
        for p in (site_dir / "en").rglob("*.html")
        if 'class="linger-walkthrough"' in p.read_text(encoding="utf-8")
    )


def stage_state(page, widget: str, ids_prefix: str) -> dict:
    """What the widget shows now: step counter, narration sentences, table HTML (ids un-prefixed)."""
    return page.evaluate(
        """([sel, prefix]) => {
          const root = document.querySelector(sel);
          const stage = root.querySelector('.linger-wt-stage');
          const table = stage.querySelector('.linger-wt-table').cloneNode(true);
          // Copies of a gathered trick glide to the winner's pile for a moment: not part of the table.
          for (const n of table.querySelectorAll('.ll-ghost')) n.remove();
          // The verdict on an answer lies over the table, not in the engine's HTML of it.
          for (const n of table.querySelectorAll('.linger-wt-verdict')) n.remove();
          for (const n of table.querySelectorAll('[id]')) n.id = n.id.replace(prefix, '');
          for (const n of table.querySelectorAll('[aria-describedby]'))
            n.setAttribute('aria-describedby', n.getAttribute('aria-describedby').split(' ').map((i) => i.replace(prefix, '')).join(' '));
          for (const n of table.querySelectorAll('button[data-card]')) {
            // The widget enables the legal cards once the live engine runs; the engine renders them disabled.
            if (n.dataset.legal === 'true') n.disabled = true;
          }
          return {
            step: Number(root.dataset.step),
            count: root.querySelector('.linger-wt-controls .linger-wt-count').textContent,
            narration: [...stage.querySelectorAll('.linger-wt-narration > p')].map((p) => p.textContent),
            table: table.innerHTML,
            live: root.querySelector('.linger-wt-live').textContent,
          };
        }""",
        [widget, ids_prefix],
    )


def check_steps(page, widget: str, steps: list[dict], labels: dict, first: int = 0) -> None:
    """Step with the keyboard from step ``first`` to the end, comparing every step with ``steps``."""
    prefix = page.eval_on_selector(widget, "(w) => w.id") + "--"
    answered = False
    for index in range(first, len(steps)):
        # A step forward may be paced (test_walkthrough_pace.py): a pointer press shows the step's own table.
        page.evaluate("document.dispatchEvent(new PointerEvent('pointerdown'))")
        state = stage_state(page, widget, prefix)
        want = steps[index]
        assert state["step"] == index
        assert state["count"] == labels["step"].format(current=index + 1, total=len(steps))
        assert state["narration"] == want["narration"], f"step {index}"
        assert state["table"] == page.evaluate(NORMALISE, want["html"]), f"table at step {index}"
        asking = bool(page.get_attribute(widget, "data-question"))
        if index > first:
            announce = " ".join([state["count"], *want["narration"]])
            if answered:  # the answer's note is spoken before the step
                assert state["live"].endswith(" " + announce), "aria-live announces the step"
            elif asking:  # the question is spoken after the step
                assert state["live"].startswith(announce + " "), "aria-live announces the step"
            else:
                assert state["live"] == announce, "aria-live announces the step"
        # The live walkthrough waits at a question ("Your move"): the test asks for the answer.
        answered = asking and page.get_attribute(widget, "data-engine") == "live"
        if answered:
            page.click(f"{widget} .linger-wt-show-answer")
        else:
            page.keyboard.press("ArrowRight")
    assert stage_state(page, widget, prefix)["step"] == len(steps) - 1, "ArrowRight stops at the last step"


def wait_until_live(page) -> None:
    """Wait until the live engine has settled every walkthrough of the page; all of them must be live."""
    page.wait_for_function(SETTLED, timeout=LIVE_TIMEOUT_MS)
    states = page.evaluate(ENGINE_STATES)
    assert all(state[1] == "live" for state in states), states


def labels_of(page, widget: str) -> dict:
    return json.loads(page.get_attribute(widget, "data-labels"))


@pytest.mark.parametrize("lang", LANGS)
def test_last_trump_walkthrough(watched_context, open_watched, site_url, axe, lang: str) -> None:
    """Winning with your last trump, in each language: the keyboard steps through the engine's steps,
    the live engine computes every example as CPython does, and another card plays on as the engine says."""
    ctx, watch = watched_context
    page = open_watched(ctx, watch, f"{site_url}/{lang}/{LAST_TRUMP_PAGE}")
    want = expected("last-trump", lang)
    assert page.get_attribute(WIDGET, "data-lang") == lang
    labels = labels_of(page, WIDGET)

    # Static steps, before the live engine: nothing waits for Pyodide.
    page.focus(WIDGET)
    page.keyboard.press("End")
    page.keyboard.press("Home")
    check_steps(page, WIDGET, want["steps"], labels)
    page.keyboard.press("ArrowLeft")
    assert page.get_attribute(WIDGET, "data-step") == str(len(want["steps"]) - 2)

    # The live engine: every walkthrough on the page switches to steps Pyodide computed.
    wait_until_live(page)
    assert "live" in page.get_attribute(f"{WIDGET} .linger-wt-status", "data-state")
    page.focus(WIDGET)
    page.keyboard.press("Home")
    check_steps(page, WIDGET, want["steps"], labels)

    # Pyodide's replay of every worked example equals CPython's.
    for toml in sorted(EXAMPLES.glob("*.toml")):
        example = toml.stem
        got = page.evaluate(
            "([t, l, s]) => window.lingerLonger.replay(t, l, s)", [toml_of(example), lang, source_of(example)]
        )
        assert got == expected(example, lang), f"{example} in {lang}: Pyodide and CPython differ"

    # Try another card: at the first step offering a legal card other than the scripted one.
    steps = want["steps"]
    at, card = next(
        (i, c["card"])
        for i, s in enumerate(steps[:-1])
        for c in s["choices"]
        if c["legal"] and c["card"] != (steps[i + 1]["action"] or {}).get("card")
    )
    page.focus(WIDGET)
    page.keyboard.press("Home")
    for _ in range(at):
        page.keyboard.press("ArrowRight")
    stage = f"{WIDGET} .linger-wt-stage"
    for choice in steps[at]["choices"]:
        button = page.locator(f"{stage} button[data-card='{choice['card']}']")
        if choice["legal"]:
            assert button.is_enabled()
        else:
            assert button.get_attribute("aria-disabled") == "true"
            assert button.get_attribute("title") == choice["reason"]
            described = button.get_attribute("aria-describedby")
            assert choice["reason"] in page.locator(f"[id='{described}']").text_content()
    # On a card, the arrow keys move between the cards that may be played; the step keys
    # (Page Down, Page Up) keep working from a focused card button, whose table is redrawn.
    legal = [c["card"] for c in steps[at]["choices"] if c["legal"]]
    page.locator(f"{stage} button[data-card='{legal[0]}']").focus()
    page.keyboard.press("ArrowRight")
    focused = page.evaluate("document.activeElement.dataset.card")
    assert focused == legal[1 % len(legal)], "ArrowRight goes to the next card that may be played"
    assert page.get_attribute(WIDGET, "data-step") == str(at), "an arrow key on a card does not step"
    page.keyboard.press("PageDown")
    page.keyboard.press("PageUp")
    assert page.get_attribute(WIDGET, "data-step") == str(at)
    page.locator(f"{stage} button[data-card='{card}']").click()
    page.wait_for_function(f"document.querySelector({WIDGET!r}).dataset.branch === 'yes'")
    branch = json.loads(branch_json(toml_of("last-trump"), lang, at, card, source=source_of("last-trump")))
    assert "error" not in branch
    page.focus(WIDGET)
    check_steps(page, WIDGET, branch["steps"], labels, first=at + 1)
    page.locator(f"{WIDGET} .linger-wt-back-to-example").click()
    assert page.get_attribute(WIDGET, "data-branch") == "no"
    assert page.get_attribute(WIDGET, "data-step") == str(at)

    assert axe(page) == []
    assert [w.url for w in page.context.service_workers] in ([], [f"{site_url}/sw.js"]), "only the site's own"
    watch.check()


def test_walkthroughs_on_one_page_are_independent(watched_context, open_watched, site_url) -> None:
    """Several walkthroughs on one page step independently and share one worker."""
    ctx, watch = watched_context
    workers: list[object] = []
    page = open_watched(ctx, watch)
    page.on("worker", lambda worker: workers.append(worker))
    page.goto(f"{site_url}/en/{LAST_TRUMP_PAGE}")
    roots = page.locator(".linger-walkthrough")
    count = roots.count()
    wait_until_live(page)
    assert len(workers) == 1
    if count < 2:
        pytest.fail(f"{LAST_TRUMP_PAGE} should hold several walkthroughs, it holds {count}")
    roots.nth(0).focus()
    page.keyboard.press("End")
    assert roots.nth(0).get_attribute("data-step") != "0"
    for i in range(1, count):
        assert roots.nth(i).get_attribute("data-step") == "0"
    # One engine, one status region: "ready" is spoken once for the page, not once per walkthrough.
    assert page.locator(".linger-walkthrough [role=status]").count() == 1
    watch.check()


def test_without_javascript_every_step_is_shown(chromium, site_url, site_dir) -> None:
    """With JavaScript off, every walkthrough page shows every step, in order, with its narration."""
    ctx = chromium.new_context(java_script_enabled=False)
    try:
        page = ctx.new_page()
        pages = walkthrough_pages(site_dir)
        assert LAST_TRUMP_PAGE in pages
        for lang in LANGS:
            for rel in pages:
                page.goto(f"{site_url}/{lang}/{rel}")
                # A puzzle keeps its steps after the question for the live widget (tests/browser/test_puzzles.py).
                for root in page.locator(".linger-walkthrough:not([data-judge])").all():
                    example = root.get_attribute("data-example")
                    want = expected(example, lang)
                    items = root.locator(".linger-wt-step")
                    assert items.count() == len(want["steps"])
                    for i, step in enumerate(want["steps"]):
                        item = items.nth(i)
                        assert item.is_visible()
                        texts = item.locator(".linger-wt-narration > p").all_text_contents()
                        assert texts == step["narration"], f"{lang}/{rel} {example} step {i}"
                        # The same card table the live widget draws, for every step.
                        table = item.locator(".linger-wt-table")
                        assert table.locator(".ll-table .ll-seat").count() == len(want["players"])
                        assert table.inner_html() == page.evaluate(NORMALISE, step["html"]), f"{lang}/{rel} {example} step {i}"
                    assert root.locator("noscript").count() == 1
    finally:
        ctx.close()


def test_fits_a_360_px_screen(chromium, site_url, site_dir) -> None:
    """On a 360-px-wide screen no walkthrough step makes the page scroll sideways (with and without JavaScript)."""
    for js in (True, False):
        ctx = chromium.new_context(viewport={"width": 360, "height": 740}, java_script_enabled=js)
        try:
            page = ctx.new_page()
            for rel in walkthrough_pages(site_dir):
                for lang in LANGS:
                    page.goto(f"{site_url}/{lang}/{rel}")
                    widths = [page.evaluate("document.documentElement.scrollWidth")]
                    if js:
                        for root in page.locator(".linger-walkthrough").all():
                            root.focus()
                            page.keyboard.press("Home")
                            for _ in range(int(root.get_attribute("data-steps"))):
                                widths.append(page.evaluate("document.documentElement.scrollWidth"))
                                page.keyboard.press("ArrowRight")
                    assert max(widths) <= 360, f"{lang}/{rel} scrolls sideways (js={js}): {max(widths)} px"
        finally:
            ctx.close()


def test_engine_failure_leaves_the_static_walkthrough_usable(chromium, site_url) -> None:
    """When the engine wheel cannot load, the status says so and the steps still work."""
    ctx = chromium.new_context(service_workers="block")  # else its stored wheel would load
    page = ctx.new_page()
    page.route("**/_pyodide/*.whl", lambda route: route.fulfill(status=404, body="missing"))
    page.goto(f"{site_url}/en/{LAST_TRUMP_PAGE}")
    page.wait_for_function(
        f"document.querySelector({WIDGET!r}).dataset.engine === 'failed'", timeout=LIVE_TIMEOUT_MS
    )
    labels = labels_of(page, WIDGET)
    assert page.text_content(f"{WIDGET} .linger-wt-status") == labels["failed"]
    page.focus(WIDGET)
    page.keyboard.press("ArrowRight")
    assert page.get_attribute(WIDGET, "data-step") == "1"
    want = expected("last-trump", "en")
    assert page.locator(f"{WIDGET} .linger-wt-stage .linger-wt-narration > p").all_text_contents() == want["steps"][1]["narration"]
    ctx.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_walkthrough_pages_pass_axe(chromium, site_url, site_dir, axe, scheme: str) -> None:
    """Every walkthrough page, live, in light and dark colours, has no serious or critical axe-core violation
    (contrast of 4.5:1 included, red suits too)."""
    ctx = chromium.new_context(color_scheme=scheme)
    try:
        page = ctx.new_page()
        for rel in walkthrough_pages(site_dir):
            page.goto(f"{site_url}/fr/{rel}")
            wait_until_live(page)
            # Show a step where a player is to act, so the enabled card buttons are checked too.
            page.evaluate("window.lingerLonger.widgets.forEach((w) => w.show(1))")
            assert axe(page) == [], f"fr/{rel} ({scheme})"
    finally:
        ctx.close()


def test_worker_calls_engine_functions_and_returns_python_errors_as_data(watched_context, open_watched, site_url) -> None:
    """The shared worker runs any public engine function on plain data; a Python exception comes back
    as the engine's message (not an unhandled rejection); nothing outside the engine package is callable."""
    from linger_longer.web.labels import labels

    ctx, watch = watched_context
    page = open_watched(ctx, watch, f"{site_url}/it/{LAST_TRUMP_PAGE}")
    wait_until_live(page)
    call = "([m, n, a]) => window.lingerLonger.engine.callFunction(m, n, a).then((r) => ({ok: r}), (e) => ({error: e.message}))"
    assert page.evaluate(call, ["linger_longer.web.labels", "labels", ["it"]]) == {"ok": labels("it")}
    text = page.evaluate(call, ["linger_longer.web.walkthrough", "replay_json", [toml_of("last-trump"), "it", source_of("last-trump")]])
    assert text == {"ok": replay_json(toml_of("last-trump"), "it", source=source_of("last-trump"))}
    bad = page.evaluate(call, ["linger_longer.cards", "parse_cards", ["ZZ"]])
    assert "ZZ" in bad["error"]
    assert "not an engine function" in page.evaluate(call, ["os", "system", ["true"]])["error"]
    assert "not an engine function" in page.evaluate(call, ["linger_longer.web.walkthrough", "_step_json", []])["error"]
    # The widgets still work after the errors.
    replay = "(args) => window.lingerLonger.replay(...args)"
    assert page.evaluate(replay, [toml_of("last-trump"), "it", source_of("last-trump")]) == expected("last-trump", "it")
    watch.check()
