"""The Play page puts the table first: on a 1280×800 screen and a 360×740 phone, in every language, light and
dark, the table (the trick and the reader's hand) is on the first screen; on the phone the trick, the hand and
a verdict fit on one screen together, with no sideways scroll and tap targets of 48 px.

Bounding boxes are read from the built site in Chromium, at the page's own first view (4 players, a fresh
profile: nothing remembered).
"""

from __future__ import annotations

import pytest

from linger_longer.languages import CODES
from linger_longer.web.play import Settings, encode_query, new_game

LIVE_TIMEOUT_MS = 90_000
IDLE = ("window.lingerPlay && window.lingerPlay.view && "
        "!document.querySelector('.linger-play').hasAttribute('aria-busy')")

#: The boxes that make the table: the whole table, the trick, the reader's seat (hand), the message (a verdict).
BOXES = """() => {
  const box = (sel) => { const n = document.querySelector(sel); if (!n) return null;
    const r = n.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
  return {
    table: box('.linger-play-table .ll-table'), trick: box('.linger-play-table .ll-trick'),
    hand: box('.linger-play-table .ll-seat.ll-at-s'), message: box('.linger-play-message'),
    scroll: document.documentElement.scrollWidth, width: window.innerWidth, height: window.innerHeight,
    buttons: [...document.querySelectorAll('.linger-play-table button[data-card], .linger-play-toolbar > button, .linger-play-toolbar summary')]
      .map((b) => { const r = b.getBoundingClientRect(); return [b.dataset.card ?? b.textContent, r.width, r.height]; }),
  };
}"""


def inside(box: dict, boxes: dict) -> bool:
    """Whether ``box`` lies within the viewport (a pixel of rounding allowed)."""
    return box["top"] >= -1 and box["bottom"] <= boxes["height"] + 1 and box["left"] >= -1 and box["right"] <= boxes["width"] + 1


@pytest.fixture(scope="module", params=[("light", 1280, 800), ("dark", 1280, 800), ("light", 360, 740), ("dark", 360, 740)],
                ids=["1280-light", "1280-dark", "360-light", "360-dark"])
def screen(request, chromium):
    scheme, width, height = request.param
    ctx = chromium.new_context(viewport={"width": width, "height": height}, color_scheme=scheme, reduced_motion="reduce")
    try:
        yield width, ctx
    finally:
        ctx.close()


@pytest.mark.parametrize("lang", CODES)
def test_the_table_is_on_the_first_screen(screen, site_url, axe, lang):
    """At first sight, with no scrolling: the whole table on a 1280×800 screen; on a 360×740 phone the trick and the
    reader's hand (kept at the bottom of the screen), with no sideways scroll and every button 48 px high or more.
    In English, no serious or critical axe-core finding, the "More" menu open."""
    width, ctx = screen
    page = ctx.new_page()
    try:
        page.goto(f"{site_url}/{lang}/play.html")
        page.wait_for_function(IDLE, timeout=LIVE_TIMEOUT_MS)
        boxes = page.evaluate(BOXES)
        where = f"{lang} at {width} px"
        assert boxes["scroll"] <= boxes["width"], f"{where}: scrolls sideways"
        if width > 600:
            assert inside(boxes["table"], boxes), (where, boxes["table"])
        else:
            assert inside(boxes["trick"], boxes), (where, boxes["trick"])
            assert inside(boxes["hand"], boxes), (where, boxes["hand"])
            small = [b for b in boxes["buttons"] if b[1] > 0 and (b[2] < 47.5 or b[1] < 47.5)]  # shown ones
            assert not small, (where, small)
        if lang == "en":
            page.click(".linger-play-more > summary")
            assert axe(page) == []
    finally:
        page.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_walkthrough_page_on_a_phone_passes_axe(chromium, site_url, axe, scheme):
    """The walkthroughs' tables, with their larger cards and court figures, on a 360-px phone: no serious or critical
    axe-core finding and no sideways scroll."""
    ctx = chromium.new_context(viewport={"width": 360, "height": 740}, color_scheme=scheme, reduced_motion="reduce")
    try:
        page = ctx.new_page()
        page.goto(f"{site_url}/en/profiles.html")
        page.wait_for_selector(".linger-walkthrough .ll-table")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        assert axe(page) == []
    finally:
        ctx.close()


#: A deal where the reader (B) holds a card they may not play at their first turn: its refusal is a verdict.
REFUSED = next(s for s in (Settings(players=4, seed=seed, seat=1) for seed in range(200))
               if any(not c["legal"] for c in new_game(s)["choices"]))


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_on_a_phone_the_verdict_the_trick_and_the_hand_share_one_screen(chromium, site_url, scheme):
    """On a 360×740 phone, after a refused card, the page scrolled to its verdict shows the verdict, the trick and the
    reader's hand together inside the screen (below Furo's header bar)."""
    ctx = chromium.new_context(viewport={"width": 360, "height": 740}, color_scheme=scheme, reduced_motion="reduce")
    try:
        page = ctx.new_page()
        page.goto(f"{site_url}/fr/play.html?{encode_query(REFUSED)}")
        page.wait_for_function(IDLE, timeout=LIVE_TIMEOUT_MS)
        page.locator(".linger-play-table button[data-legal=false]").first.focus()  # aria-disabled: chosen by key
        page.keyboard.press("Enter")
        page.wait_for_function("document.querySelector('.linger-play-message').textContent !== ''")
        header = page.evaluate("(document.querySelector('.mobile-header') || {offsetHeight: 0}).offsetHeight")
        page.evaluate("(h) => window.scrollBy(0, document.querySelector('.linger-play-message').getBoundingClientRect().top - h - 4)",
                      header)
        boxes = page.evaluate(BOXES)
        for name in ("message", "trick", "hand"):
            assert inside(boxes[name], boxes), (name, boxes[name])
        assert boxes["message"]["top"] >= header - 1
        assert boxes["scroll"] <= 360
    finally:
        ctx.close()
