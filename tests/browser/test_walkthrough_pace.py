"""A walkthrough stepped forward is paced as the Play page is, in Chromium: the step's cards arrive one at a time,
a complete trick stays on the felt with its winner before the winner draws, the next card first gathers it to the
winner's pile; a click skips, a Next during the pacing moves on at once; back and jumps, the instant speed and
reduced motion show no transition; every glide starts from a card-sized box.

The beats are the engine's (linger_longer.web.pace through linger_longer.web.walkthrough): what the page shows on
the way to a step is checked against CPython's for the same example. Every table drawn in the stage is logged as it
is drawn (a MutationObserver on the stage's table box).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from linger_longer.web.walkthrough import replay_json

from browser_helpers import LIVE_TIMEOUT_MS, LOG_GLIDES, SETTLED

#: The pacing is what these tests test: their browser contexts keep the normal speed.
pytestmark = pytest.mark.paced

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = "three-players-whole-deal"
PAGE = "scoring.html"  # docs/scoring.md embeds the whole three-player deal
WIDGET = f'.linger-walkthrough[data-example="{EXAMPLE}"]'
NORMALISE = "(html) => { const t = document.createElement('template'); t.innerHTML = html; return t.innerHTML; }"
#: The widget at rest: the step's own table drawn, nothing paced any more.
AT_REST = f"(step) => document.querySelector({WIDGET!r}).dataset.step === String(step) && " \
          f"document.querySelector('{WIDGET} .linger-wt-stage .linger-wt-table').dataset.paced === 'done'"

#: Log every table drawn in the stage from now on: the seats on the trick, the winner, the caption, the stock.
LOG_TABLES = f"""() => {{
  const box = document.querySelector('{WIDGET} .linger-wt-stage .linger-wt-table');
  window.tables = [];
  // The question's verdict box goes back over each table drawn (linger-question.mjs): not a table of its own.
  const verdictOnly = (r) => [...r.addedNodes, ...r.removedNodes].every((n) => n.classList?.contains('linger-wt-verdict'));
  new MutationObserver((records) => {{
    if (records.every(verdictOnly)) return;
    const trick = box.querySelector('.ll-trick');
    if (!trick) return;
    const caption = trick.querySelector('.ll-trick-caption');
    window.tables.push({{
      t: performance.now(),
      seats: [...trick.querySelectorAll('.ll-play')].map((p) => Number(p.dataset.seat)),
      winner: trick.dataset.winner ?? null,
      caption: caption ? caption.textContent : null,
      captionVisible: caption ? caption.getBoundingClientRect().width > 0 : false,
      stock: box.querySelector('.ll-stock .ll-count')?.textContent ?? null,
      html: (() => {{  // the table drawn, without the copies of a gathered trick gliding to the pile
        const copy = box.cloneNode(true);
        for (const ghost of copy.querySelectorAll('.ll-ghost, .linger-wt-verdict')) ghost.remove();
        return copy.innerHTML;
      }})(),
    }});
  }}).observe(box, {{ childList: true }});
}}"""


def expected() -> dict:
    toml = (REPO / "tutorial" / "examples" / f"{EXAMPLE}.toml").read_text(encoding="utf-8")
    return json.loads(replay_json(toml, "en", source=f"tutorial/examples/{EXAMPLE}.toml"))


def steps_with(kind: str, steps: list[dict]) -> list[int]:
    return [s["index"] for s in steps if [b["kind"] for b in s["pace"]] == [kind]]


def open_live(ctx, site_url: str):
    """The page with its live engine running (the engine's steps in place: nothing redraws the stage later)."""
    page = ctx.new_page()
    page.goto(f"{site_url}/en/{PAGE}")
    page.wait_for_function(SETTLED, timeout=LIVE_TIMEOUT_MS)
    assert page.get_attribute(WIDGET, "data-engine") == "live"
    return page


def go_to(page, step: int) -> None:
    """Show ``step`` (a jump: no pacing), the widget focused for its keys."""
    page.evaluate(f"(n) => window.lingerLonger.widgets.find((w) => w.root.matches({WIDGET!r})).show(n)", step)
    page.wait_for_function(AT_REST, arg=step)
    page.focus(WIDGET)


def test_the_static_page_holds_the_engines_beats() -> None:
    """The engine paces the deal as the Play page does: a complete trick before the draw at each trick's last card,
    the last trick gathered at the next trick's first card; nothing else."""
    steps = expected()["steps"]
    tricks, gathered = steps_with("trick", steps), steps_with("gathered", steps)
    assert tricks and gathered
    assert all(step + 1 in gathered for step in tricks if step + 1 < len(steps))
    for index in tricks:
        beat, table = steps[index]["pace"][0]["html"], steps[index]["html"]
        assert "data-winner" in beat and "ll-trick-caption" in beat
        assert beat != table  # the winner draws afterwards
    assert all(not s["pace"] for s in steps if s["index"] not in tricks + gathered)


def test_the_built_page_carries_the_beats(chromium, site_url) -> None:
    """Before the live engine runs, the widget's steps carry the same beats as CPython's (the page's templates)."""
    want = expected()["steps"]
    ctx = chromium.new_context()
    try:
        page = ctx.new_page()
        page.route("**/_pyodide/**", lambda route: route.abort())  # the static steps only
        page.goto(f"{site_url}/en/{PAGE}")
        got = page.evaluate(f"""() => window.lingerLonger.widgets.find((w) => w.root.matches({WIDGET!r}))
                                 .state.scripted.map((s) => s.pace)""")
        assert [[b["kind"] for b in s] for s in got] == [[b["kind"] for b in s["pace"]] for s in want]
        for step, beats in zip(want, got):
            for beat, shown in zip(step["pace"], beats):
                assert shown["html"] == page.evaluate(NORMALISE, beat["html"]), f"step {step['index']}"
    finally:
        ctx.close()


def test_a_stepped_trick_arrives_card_by_card_and_the_finished_trick_stays(chromium, site_url) -> None:
    """Stepping through the first trick: one more card on the felt at each step; at the trick's last card the
    complete trick is shown with its winner marked and said on the felt, and only about a second later does the
    winner draw; the next step first gathers the trick (the felt clear), then its card arrives."""
    steps = expected()["steps"]
    last = steps_with("trick", steps)[0]
    ctx = chromium.new_context(reduced_motion="no-preference")
    try:
        page = open_live(ctx, site_url)
        go_to(page, 0)
        page.evaluate(LOG_TABLES)
        for step in range(1, last + 2):
            page.keyboard.press("ArrowRight")
            page.wait_for_function(AT_REST, arg=step, timeout=5_000)
        tables = page.evaluate("window.tables")
        sizes = [len(t["seats"]) for t in tables]
        # One card a step, then the finished trick twice (before and after the draw), then the felt clear, one card.
        assert sizes == [*range(1, last + 1), last, 0, 1], sizes
        finished, drawn, clear, card = tables[last - 1], tables[last], tables[last + 1], tables[last + 2]
        assert finished["winner"] is not None and finished["captionVisible"]
        winner = expected()["players"][int(finished["winner"])]
        assert finished["caption"] == f"{winner} wins the trick."
        assert finished["stock"] != drawn["stock"], "the winner draws only after the trick was shown"
        assert drawn["t"] - finished["t"] >= 800, "the complete trick stays on the felt about a second"
        assert clear["winner"] is None and card["t"] - clear["t"] >= 250, "gathered before the next card"
        assert finished["html"] == page.evaluate(NORMALISE, steps[last]["pace"][0]["html"])
        assert clear["html"] == page.evaluate(NORMALISE, steps[last + 1]["pace"][0]["html"])
    finally:
        ctx.close()


def test_a_click_skips_and_next_moves_on_at_once(chromium, site_url) -> None:
    """A click during the pacing draws the step's own table at once (under 50 ms); Next during the pacing of a
    step finishes it and moves on to the next step at once."""
    steps = expected()["steps"]
    last = steps_with("trick", steps)[0]
    ctx = chromium.new_context(reduced_motion="no-preference")
    try:
        page = open_live(ctx, site_url)
        go_to(page, last - 1)
        title = page.locator(f"{WIDGET} .linger-wt-title").bounding_box()
        page.evaluate(LOG_TABLES)
        page.evaluate("""() => window.addEventListener('pointerdown', () => { window.clicked = performance.now(); },
                                                      { capture: true, once: true })""")
        page.keyboard.press("ArrowRight")
        page.wait_for_function("window.tables.length >= 1")
        page.mouse.click(title["x"] + 5, title["y"] + title["height"] / 2)
        assert page.evaluate("window.tables.length") == 2, "the click came during the pacing and ended it"
        page.wait_for_function(AT_REST, arg=last, timeout=2_000)
        tables = page.evaluate("window.tables")
        skip_ms = tables[-1]["t"] - page.evaluate("window.clicked")
        print(f"walkthrough skip applied in {skip_ms:.1f} ms")
        assert 0 <= skip_ms < 50, skip_ms
        assert len(tables) == 2
        prefix = page.eval_on_selector(WIDGET, "(w) => w.id") + "--"
        narration = page.locator(f"{WIDGET} .linger-wt-stage .linger-wt-narration > p").all_text_contents()
        assert narration == steps[last]["narration"]
        # Next while the following step is paced: that step ends, and the one after is on show at once.
        page.focus(WIDGET)
        page.keyboard.press("ArrowRight")
        assert page.evaluate("document.querySelector('%s .linger-wt-stage .linger-wt-table').dataset.paced" % WIDGET) \
            == "gathered"
        page.locator(f"{WIDGET} .linger-wt-next").click()
        assert page.get_attribute(WIDGET, "data-step") == str(last + 2)
        page.wait_for_function(AT_REST, arg=last + 2, timeout=2_000)
        table = page.evaluate(f"""(prefix) => {{
            const t = document.querySelector('{WIDGET} .linger-wt-stage .linger-wt-table').cloneNode(true);
            for (const n of t.querySelectorAll('.ll-ghost, .linger-wt-verdict')) n.remove();
            for (const n of t.querySelectorAll('[id]')) n.id = n.id.replace(prefix, '');
            for (const n of t.querySelectorAll('[aria-describedby]'))
              n.setAttribute('aria-describedby', n.getAttribute('aria-describedby').split(' ').map((i) => i.replace(prefix, '')).join(' '));
            for (const n of t.querySelectorAll('button[data-card]')) if (n.dataset.legal === 'true') n.disabled = true;
            return t.innerHTML; }}""", prefix)
        assert table == page.evaluate(NORMALISE, steps[last + 2]["html"])
    finally:
        ctx.close()


@pytest.mark.parametrize("how", ["instant speed", "reduced motion", "back and jumps"])
def test_no_transition_at_instant_speed_with_reduced_motion_or_backwards(chromium, site_url, how) -> None:
    """At the instant speed (the Play page's setting, remembered in this browser), with prefers-reduced-motion, and
    when stepping back or jumping, every step draws its own table once, and nothing moves."""
    steps = expected()["steps"]
    ctx = chromium.new_context(reduced_motion="reduce" if how == "reduced motion" else "no-preference")
    if how == "instant speed":
        ctx.add_init_script("localStorage.setItem('linger-play-speed', 'instant')")
    try:
        page = open_live(ctx, site_url)
        last = len(steps) - 1
        go_to(page, last if how == "back and jumps" else 0)
        page.evaluate(LOG_TABLES)
        page.evaluate(LOG_GLIDES)
        keys = ["ArrowLeft"] * 6 + ["Home", "End"] if how == "back and jumps" else ["ArrowRight"] * 6
        for key in keys:
            page.keyboard.press(key)
        assert len(page.evaluate("window.tables")) == len(keys), "one table a step, no beat"
        assert page.evaluate("window.glides") == []
        assert page.evaluate("document.getAnimations().length") == 0
    finally:
        ctx.close()


def test_every_glide_starts_from_a_card_sized_box(chromium, site_url) -> None:
    """Stepping forward through the whole deal at the normal speed, every glide's first frame is at most 1.2 times
    the size of the card it moves (never a seat's whole box)."""
    steps = expected()["steps"]
    ctx = chromium.new_context(reduced_motion="no-preference")
    try:
        page = open_live(ctx, site_url)
        go_to(page, 0)
        page.evaluate(LOG_GLIDES)
        for step in range(1, len(steps)):
            page.keyboard.press("ArrowRight")
            page.wait_for_function(AT_REST, arg=step, timeout=5_000)
        glides = page.evaluate("window.glides")
        assert len(glides) >= len(steps), glides
        assert all(g["scale"] <= 1.2 for g in glides), [g for g in glides if g["scale"] > 1.2]
    finally:
        ctx.close()


@pytest.mark.parametrize("width", [1280, 360])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_paced_trick_passes_axe(chromium, site_url, axe, width: int, scheme: str) -> None:
    """The complete trick on the felt, held before the draw, has no serious or critical axe-core violation, in
    light and dark colours, at 1280 and 360 px."""
    steps = expected()["steps"]
    last = steps_with("trick", steps)[0]
    ctx = chromium.new_context(viewport={"width": width, "height": 900}, color_scheme=scheme,
                               reduced_motion="no-preference")
    try:
        page = open_live(ctx, site_url)
        go_to(page, last - 1)
        # Hold the beat on the felt while axe runs: the pacing's timer is not set (the step is taken with timers
        # off, then they are back for axe).
        page.evaluate("() => { window.realSetTimeout = window.setTimeout; window.setTimeout = () => 0; }")
        page.keyboard.press("ArrowRight")
        page.evaluate("() => { window.setTimeout = window.realSetTimeout; }")
        assert page.evaluate(f"document.querySelector('{WIDGET} .linger-wt-stage .linger-wt-table').dataset.paced") \
            == "trick"
        assert axe(page) == [], f"{width} px, {scheme}"
    finally:
        ctx.close()
