"""The card table in Chromium: its geometry on a wide and a phone screen, the card faces in each language,
motion (and input during it), print, and axe-core on every built page in light and dark colours.

Bounding boxes come from the DOM of the built site (build/site, served on 127.0.0.1). One browser
context per screen size is reused across languages and pages, to keep the suite quick.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from linger_longer import Card
from linger_longer.languages import CODES, language
from linger_longer.narrate import card_name
from linger_longer.web.play import Settings, encode_query

LANGS = CODES
WALKTHROUGH_PAGE = "profiles.html"
LIVE_TIMEOUT_MS = 90_000

#: Boxes of the table at the current step: seats, the middle, every card face, the page's scroll width.
BOXES = """(root) => {
  const box = (n) => { const r = n.getBoundingClientRect(); return {x: r.left, y: r.top, w: r.width, h: r.height}; };
  const table = root.querySelector('.ll-table');
  return {
    scroll: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
    middle: box(table.querySelector('.ll-middle')),
    seats: [...table.querySelectorAll('.ll-seat')].map((s) => ({
      seat: s.dataset.seat, at: [...s.classList].find((c) => c.startsWith('ll-at-')).slice(6), ...box(s)})),
    cards: [...table.querySelectorAll('[data-card]')].filter((c) => !c.closest('.ll-ghost')).map((c) => ({card: c.dataset.card, ...box(c)})),
    faces: [...table.querySelectorAll('.ll-face[data-card]')].map((f) => ({
      card: f.dataset.card, name: f.getAttribute('aria-label'),
      // What the reader sees: the style sheet draws the glyphs (generated content).
      index: getComputedStyle(f, '::before').content, pip: getComputedStyle(f, '::after').content,
      figure: getComputedStyle(f, '::after').maskImage || getComputedStyle(f, '::after').webkitMaskImage,
      rank: f.dataset.rank, suit: f.dataset.pip, court: f.dataset.court ?? null})),
  };
}"""


#: The least width of a card a reader can tap where a hand lies fanned (px).
TAP_PX = 48


def overlap(a: dict, b: dict) -> bool:
    """Whether two boxes overlap by more than a pixel (touching edges do not count)."""
    return (min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"]) > 1
            and min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"]) > 1)


def check_geometry(boxes: dict, wide: bool, where: str) -> None:
    """The seats surround the middle (wide) or sit above and below it (narrow); nothing overlaps or scrolls sideways."""
    assert boxes["scroll"] <= boxes["viewport"], f"{where}: scrolls sideways ({boxes['scroll']} px)"
    mid = boxes["middle"]
    seats = boxes["seats"]
    for i, a in enumerate(seats):
        for b in seats[i + 1:]:
            assert not overlap(a, b), f"{where}: seats {a['seat']} and {b['seat']} overlap"
        assert not overlap(a, mid), f"{where}: seat {a['seat']} lies on the middle"
        if a["at"] == "s":
            assert a["y"] >= mid["y"] + mid["h"] - 1, f"{where}: the reader's seat is not below the trick"
        elif not wide or a["at"] == "n":
            assert a["y"] + a["h"] <= mid["y"] + 1, f"{where}: seat {a['seat']} ({a['at']}) is not above the trick"
        elif a["at"] in ("w", "nw"):
            assert a["x"] + a["w"] <= mid["x"] + 1, f"{where}: seat {a['seat']} ({a['at']}) is not left of the trick"
        else:  # e, ne
            assert a["x"] >= mid["x"] + mid["w"] - 1, f"{where}: seat {a['seat']} ({a['at']}) is not right of the trick"
    cards = boxes["cards"]
    for i, a in enumerate(cards):
        for b in cards[i + 1:]:
            # One row of a hand (a playable card lifted a little) may lie fanned, each card a tap target wide.
            if abs(a["y"] - b["y"]) < a["h"] / 2:
                assert abs(a["x"] - b["x"]) >= TAP_PX, f"{where}: cards {a['card']} and {b['card']} overlap"
            else:
                assert not overlap(a, b), f"{where}: cards {a['card']} and {b['card']} overlap"


@pytest.fixture(scope="module", params=[1280, 360], ids=["1280px", "360px"])
def sized_page(request, chromium):
    """One page at each width, with motion off (the boxes are measured where the cards end up)."""
    ctx = chromium.new_context(viewport={"width": request.param, "height": 900}, reduced_motion="reduce")
    try:
        yield request.param, ctx.new_page()
    finally:
        ctx.close()


#: The walkthrough pages whose tables the geometry test measures, with the numbers of seats they show
#: (checked, so that a page that changes its examples cannot silently drop a size); 5 seats: the Play page.
GEOMETRY_PAGES = {"profiles.html": {4, 6}, "scoring.html": {3, 6}}
#: The Play page's tables measured in every language: every number of players it offers.
PLAY_SEATS = (3, 4, 5, 6)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("path", GEOMETRY_PAGES)
def test_walkthrough_table_geometry_and_faces(sized_page, site_url, path: str, lang: str) -> None:
    """Every step of every walkthrough of the profiles page (4 and 6 seats) and the scoring page (3 and 6 seats): seats
    around the trick, no overlap, no sideways scroll; each face shows the language's rank letters and has the
    card's spoken name."""
    width, page = sized_page
    # The static steps are the live ones (tests/browser/test_walkthrough.py): no need to start Pyodide here.
    page.context.route("**/_pyodide/**", lambda route: route.abort())
    try:
        page.goto(f"{site_url}/{lang}/{path}")
        seats = page.locator(".linger-walkthrough .linger-wt-steps .ll-table").evaluate_all(
            "(ts) => [...new Set(ts.map((t) => t.querySelectorAll('.ll-seat').length))]")
        assert set(seats) == GEOMETRY_PAGES[path], f"{lang}/{path}: tables of {sorted(seats)} seats"
        check_walkthroughs(page, width, lang)
    finally:
        page.context.unroute("**/_pyodide/**")


def check_walkthroughs(page, width: int, lang: str) -> None:
    king = language(lang).rank_letters[1]
    kings = 0
    for root in page.locator(".linger-walkthrough").all():
        root.focus()
        page.keyboard.press("Home")
        for step in range(int(root.get_attribute("data-steps"))):
            boxes = root.locator(".linger-wt-stage").evaluate(BOXES)
            check_geometry(boxes, width > 600, f"{lang} {root.get_attribute('data-example')} step {step} at {width} px")
            for face in boxes["faces"]:
                card = Card.parse(face["card"])
                assert face["name"] == card_name(card, lang)
                assert face["rank"] + face["suit"] == card.label(lang)
                # Drawn by the style sheet from those attributes: the corner index, and the pip or, on a king,
                # a queen or a jack, a figure (an SVG mask in the suit's ink).
                assert face["index"] == f'"{face["rank"]}\\a {face["suit"]}"', face
                if card.rank.name in ("KING", "QUEEN", "JACK"):
                    assert face["court"] == card.rank.name[0].lower() and face["figure"].startswith('url("data:image/svg'), face
                else:
                    assert face["court"] is None and face["pip"] == f'"{face["suit"]}"', face
                kings += face["rank"] == king and card.rank.name == "KING"
            page.keyboard.press("ArrowRight")
    assert kings, f"no king with the letter {king} on the {lang} page"


#: A new game of ``players`` on the Play page already open, through the page's own engine and drawing.
NEW_GAME = """async ([lang, query]) => {
  const page = window.lingerPlay.page;
  await page.run(async () => {
    const settings = await page.engine.call('decode-query', lang, query, 1);
    await page.show(await page.engine.call('new-game', lang, JSON.stringify(settings)), false);
  });
}"""


@pytest.mark.parametrize("lang", LANGS)
def test_play_table_geometry(sized_page, site_url, lang: str) -> None:
    """The Play page's table for 3, 4, 5 and 6 players in each language: the reader's seat at the bottom, the
    cards to play at least 44 by 44 px, seats around the trick, nothing scrolls sideways."""
    width, page = sized_page
    page.goto(f"{site_url}/{lang}/play.html")
    idle = ("window.lingerPlay && window.lingerPlay.view && "
            "!document.querySelector('.linger-play').hasAttribute('aria-busy')")
    page.wait_for_function(idle, timeout=LIVE_TIMEOUT_MS)
    for players in PLAY_SEATS:
        settings = Settings(players=players, seed=40 + players, seat=players // 2)
        page.evaluate(NEW_GAME, [lang, encode_query(settings)])
        page.wait_for_function(idle, timeout=LIVE_TIMEOUT_MS)
        where = f"{lang} play {players} players at {width} px"
        # The table's end on the screen: a phone keeps the hand at the bottom of the screen (sticky) while the
        # table runs below it, over the trick; measured at rest, where it lies under the trick.
        page.locator(".linger-play-table").evaluate("(t) => t.scrollIntoView({block: 'end'})")
        page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")  # laid out
        boxes = page.locator(".linger-play-table").evaluate(BOXES)
        assert len(boxes["seats"]) == players, where
        check_geometry(boxes, width > 600, where)
        bottom = next(s for s in boxes["seats"] if s["at"] == "s")
        assert bottom["seat"] == str(settings.seat), where
        buttons = page.locator(".linger-play-table button[data-card]").evaluate_all(
            "(bs) => bs.map((b) => [b.getBoundingClientRect().width, b.getBoundingClientRect().height])")
        assert buttons and all(w >= 44 and h >= 44 for w, h in buttons), (where, buttons)
    check_score_table(page, f"{lang} play at {width} px")


#: The score table's headings and the players' names, word by word: the words a line break splits (a word whose
#: text takes more than one line box), and whether the table is wider than its box (it would scroll sideways).
SCORE_WORDS = """(table) => {
  const split = [];
  for (const cell of table.querySelectorAll('th')) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      for (const m of node.textContent.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (lines.size > 1) split.push(m[0]);
      }
    }
  }
  return {split, overflow: table.scrollWidth - table.clientWidth};
}"""


def check_score_table(page, where: str) -> None:
    """The score table fits its box and breaks its headings and names only between words."""
    found = page.locator(".linger-play-score").evaluate(SCORE_WORDS)
    assert not found["split"], f"{where}: words of the score table broken across lines: {found['split']}"
    assert found["overflow"] <= 0, f"{where}: the score table is {found['overflow']} px wider than its box"


@pytest.mark.paced  # a step forward moves its cards at the normal speed
def test_reduced_motion_moves_nothing_and_input_during_motion_acts_at_once(chromium, site_url) -> None:
    """With motion: a step forward glides the cards (within 300 ms) and a key pressed meanwhile finishes the
    motion and steps at once. With prefers-reduced-motion, and when stepping back, nothing moves."""
    for reduce in (False, True):
        ctx = chromium.new_context(reduced_motion="reduce" if reduce else "no-preference")
        try:
            page = ctx.new_page()
            page.goto(f"{site_url}/en/{WALKTHROUGH_PAGE}")
            root = page.locator('.linger-walkthrough[data-example="last-trump"]')
            root.focus()
            page.keyboard.press("Home")
            moved = []
            for step in range(1, int(root.get_attribute("data-steps"))):
                got = page.evaluate("""(sel) => {
                  const root = document.querySelector(sel);
                  root.querySelector('.linger-wt-next').click();
                  const running = document.getAnimations().filter((a) => a.playState === 'running');
                  const longest = Math.max(0, ...running.map((a) => a.effect.getComputedTiming().endTime));
                  // A click during the motion: the motion ends at once and the click acts.
                  const before = Number(root.dataset.step);
                  const t0 = performance.now();
                  root.querySelector('.linger-wt-next').dispatchEvent(new PointerEvent('pointerdown', {bubbles: true}));
                  const left = document.getAnimations().filter((a) => a.playState === 'running').length;
                  root.querySelector('.linger-wt-back').click();
                  return {running: running.length, longest, left, before, after: Number(root.dataset.step),
                          ms: performance.now() - t0, back: document.getAnimations().length};
                }""", '.linger-walkthrough[data-example="last-trump"]')
                assert got["left"] == 0, "input during a motion finishes it"
                assert got["after"] == got["before"] - 1, "the click during the motion was applied at once"
                assert got["ms"] < 50
                assert got["back"] == 0, "stepping back is instant"
                page.evaluate("(sel) => document.querySelector(sel).querySelector('.linger-wt-next').click()",
                              '.linger-walkthrough[data-example="last-trump"]')
                page.evaluate("() => document.getAnimations().forEach((a) => a.finish())")
                moved.append(got["running"])
                assert got["longest"] <= 300, f"a motion lasts {got['longest']} ms"
            if reduce:
                assert moved == [0] * len(moved), "prefers-reduced-motion: no motion"
            else:
                assert all(n > 0 for n in moved), f"every step forward moves a card: {moved}"
        finally:
            ctx.close()


def test_print_shows_every_step_and_the_last_table_without_controls(chromium, site_url) -> None:
    """Printed, a walkthrough is its steps' words in order and the table as the last step leaves it (every table
    made the rules' PDF three times longer); no sidebar, no controls."""
    ctx = chromium.new_context()
    try:
        page = ctx.new_page()
        page.goto(f"{site_url}/fr/{WALKTHROUGH_PAGE}")
        page.wait_for_selector(".linger-wt-js")
        page.emulate_media(media="print")
        root = page.locator(".linger-walkthrough").first
        steps = int(root.get_attribute("data-steps"))
        assert root.locator(".linger-wt-steps > .linger-wt-step .ll-table").count() == steps
        for i in range(steps):
            step = root.locator(".linger-wt-steps > .linger-wt-step").nth(i)
            assert step.is_visible()
            assert step.locator(".ll-table").is_visible() == (i == steps - 1)
        assert not root.locator(".linger-wt-controls").is_visible()
        assert not root.locator(".linger-wt-stage").is_visible()
        for selector in (".sidebar-drawer", ".toc-drawer", ".mobile-header"):
            loc = page.locator(selector)
            assert loc.count() == 0 or not loc.first.is_visible(), f"{selector} is printed"
    finally:
        ctx.close()


def built_pages(site_dir: Path, lang: str) -> list[str]:
    return sorted(p.relative_to(site_dir / lang).as_posix() for p in (site_dir / lang).rglob("*.html"))


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_page_passes_axe(chromium, site_url, site_dir, axe, scheme: str) -> None:
    """Every built page of the four languages, in light and dark colours: no serious or critical axe-core
    violation (the walkthroughs as the stepper draws them; the Play page once its table is drawn)."""
    ctx = chromium.new_context(color_scheme=scheme, reduced_motion="reduce")
    found = {}
    pages = [(lang, rel) for lang in LANGS for rel in built_pages(site_dir, lang)]
    try:
        page = ctx.new_page()
        # The walkthroughs as the stepper draws them before the live engine (the live ones are checked in
        # tests/browser/test_walkthrough.py): Pyodide is not started on every page, which keeps this quick.
        ctx.route("**/_pyodide/**", lambda route: route.abort())
        for lang, rel in pages:
            if rel == "play.html":
                continue
            page.goto(f"{site_url}/{lang}/{rel}")
            if page.locator(".linger-walkthrough").count():
                page.wait_for_selector(".linger-wt-js")
                page.evaluate("window.lingerLonger.widgets.forEach((w) => w.show(1))")
            found[f"{lang}/{rel}"] = axe(page)
        ctx.unroute("**/_pyodide/**")
        for lang, rel in pages:
            if rel == "play.html":  # once its engine has dealt and drawn the table
                page.goto(f"{site_url}/{lang}/{rel}")
                page.wait_for_function("window.lingerPlay && window.lingerPlay.view", timeout=LIVE_TIMEOUT_MS)
                found[f"{lang}/{rel}"] = axe(page)
    finally:
        ctx.close()
    assert len(found) == len(pages)
    found = {where: violations for where, violations in found.items() if violations}
    assert found == {}, json.dumps(found, indent=1)[:4000]
