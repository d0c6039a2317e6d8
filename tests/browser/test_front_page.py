"""The front page in Chromium, four languages: a still table drawn by the site's renderer and the three ways in
(learn, play, puzzles) inside the first screen on a desktop and a phone, with no engine loaded; axe-core in light and
dark colours. One browser context per screen, reused across the languages."""

from __future__ import annotations

import pytest

from linger_longer.languages import CODES

SCREENS = {"desktop": {"viewport": {"width": 1280, "height": 800}},
           "phone": {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}}
#: The actions' targets, relative to the page, in order: the guided first deal, the Play page, the puzzles.
ACTIONS = ["learn.html", "play.html", "puzzles.html"]
#: What a page that starts the live engine requests: Pyodide's folder and the engine's modules.
ENGINE_PARTS = ("/_pyodide/", "linger-engine", "linger-worker", "linger-walkthrough.mjs", "linger-play")

#: The boxes the test reads: the table, its cards, the actions, and the page's scroll width.
FRONT = """() => {
  const box = (n) => { const r = n.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left,
                                                                     right: r.right, w: r.width, h: r.height}; };
  const table = document.querySelector('figure.ll-deal-table > .ll-table');
  return {
    table: table && box(table),
    seats: table ? table.querySelectorAll('.ll-seat').length : 0,
    faces: table ? [...table.querySelectorAll('.ll-card.ll-face')].filter((c) => box(c).w > 0).length : 0,
    trick: table ? table.querySelectorAll('.ll-trick .ll-card').length : 0,
    buttons: table ? table.querySelectorAll('button').length : 0,
    caption: (document.querySelector('figure.ll-deal-table > figcaption') || {}).textContent || '',
    actions: [...document.querySelectorAll('.ll-actions a')].map((a) => ({href: a.getAttribute('href'),
                                                                      text: a.textContent.trim(), ...box(a)})),
    minute: Boolean(document.getElementById('game-in-a-minute')),
    scrollWidth: document.documentElement.scrollWidth,
    scripts: [...document.scripts].map((s) => s.src || s.textContent.slice(0, 60)),
  };
}"""


@pytest.mark.parametrize("screen", SCREENS)
def test_table_and_actions_in_the_first_screen_without_the_engine(chromium, site_url, screen: str) -> None:
    options = SCREENS[screen]
    height, width = options["viewport"]["height"], options["viewport"]["width"]
    # No service worker: its background fill of the offline copy is not the page's own request.
    ctx = chromium.new_context(**options, service_workers="block", reduced_motion="reduce")
    requests: list[str] = []
    ctx.on("request", lambda request: requests.append(request.url))
    problems = {}
    try:
        page = ctx.new_page()
        for lang in CODES:
            requests.clear()
            page.goto(f"{site_url}/{lang}/index.html", wait_until="load")
            page.wait_for_load_state("networkidle")
            front = page.evaluate(FRONT)
            where = f"{lang} {screen}"
            assert front["table"] is not None, f"{where}: no still table on the front page"
            assert front["seats"] == 4 and front["trick"] == 4 and front["faces"] >= 12, (where, front)
            assert front["buttons"] == 0, f"{where}: the still table offers cards to click"
            assert front["caption"].strip(), f"{where}: the table has no caption"
            assert [a["href"] for a in front["actions"]] == ACTIONS, (where, front["actions"])
            assert all(a["text"] for a in front["actions"]), (where, front["actions"])
            assert front["minute"], f"{where}: no 'game in a minute' anchor"
            assert front["scrollWidth"] <= width, f"{where}: the page scrolls sideways ({front['scrollWidth']} px)"
            outside = [name for name, b in [("table", front["table"]), *((a["href"], a) for a in front["actions"])]
                       if b["top"] < 0 or b["bottom"] > height or b["left"] < 0 or b["right"] > width or b["h"] < 1]
            if outside:
                problems[where] = {"outside the first screen": outside, "table": front["table"],
                                   "actions": [(a["href"], a["top"], a["bottom"]) for a in front["actions"]]}
            small = [a["href"] for a in front["actions"] if a["h"] < 44 or a["w"] < 44]
            if small:
                problems.setdefault(where, {})["smaller than a 44-px target"] = small
            engine = [url for url in requests if any(part in url for part in ENGINE_PARTS)]
            engine += [src for src in front["scripts"] if any(part in src for part in ENGINE_PARTS)]
            assert engine == [], f"{where}: the front page loads the engine: {engine}"
    finally:
        ctx.close()
    assert problems == {}, problems


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_front_page_passes_axe(chromium, site_url, axe, scheme: str) -> None:
    """No serious or critical axe-core violation on the front page, desktop and phone, in each language."""
    found = {}
    for screen, options in SCREENS.items():
        ctx = chromium.new_context(**options, color_scheme=scheme, service_workers="block", reduced_motion="reduce")
        try:
            page = ctx.new_page()
            for lang in CODES:
                page.goto(f"{site_url}/{lang}/index.html")
                found[f"{lang} {screen}"] = axe(page)
        finally:
            ctx.close()
    assert len(found) == 2 * len(CODES)
    assert {where: v for where, v in found.items() if v} == {}
