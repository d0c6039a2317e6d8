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

#: The boxes that make the table: the whole table, the trick, the reader's seat (hand), the message (a verdict),
#: and each card on the trick.
BOXES = """() => {
  const rect = (n) => { const r = n.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
  const box = (sel) => { const n = document.querySelector(sel); return n ? rect(n) : null; };
  return {
    table: box('.linger-play-table .ll-table'), trick: box('.linger-play-table .ll-trick'),
    trick_cards: [...document.querySelectorAll('.linger-play-table .ll-trick .ll-card')].map(rect),
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


def overlaps(one: dict, other: dict) -> bool:
    """Whether two boxes share more than a pixel of area."""
    return (min(one["bottom"], other["bottom"]) - max(one["top"], other["top"]) > 1
            and min(one["right"], other["right"]) - max(one["left"], other["left"]) > 1)


def busiest_first_trick(players: int) -> Settings:
    """The deal and seat of a table of ``players`` whose first view has the most cards on the trick (all the others')."""
    return max((Settings(players=players, seed=seed, seat=seat) for seed in range(3) for seat in range(players)),
               key=lambda s: len(new_game(s)["table"]["trick"]))


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_on_a_phone_every_table_size_fits_one_screen_without_covering_the_trick(chromium, site_url, scheme, players):
    """On a 360×740 phone, with 3 to 6 players and the trick full of the others' cards: at first sight, and scrolled
    to a verdict, the trick and the reader's hand are inside the screen, no card of the trick lies under the hand kept
    at the bottom of the screen, nothing scrolls sideways and every card and button is 48 px or more."""
    settings = busiest_first_trick(players)
    assert len(new_game(settings)["table"]["trick"]) == players - 1
    ctx = chromium.new_context(viewport={"width": 360, "height": 740}, color_scheme=scheme, reduced_motion="reduce")
    try:
        page = ctx.new_page()
        page.goto(f"{site_url}/en/play.html?{encode_query(settings)}")
        page.wait_for_function(IDLE, timeout=LIVE_TIMEOUT_MS)
        for moment in ("first sight", "verdict"):
            if moment == "verdict":
                page.evaluate("(text) => { document.querySelector('.linger-play-message').textContent = text; }",
                              "A holds ♠ and must follow suit. Read the rule")  # a verdict's usual length
                header = page.evaluate("(document.querySelector('.mobile-header') || {offsetHeight: 0}).offsetHeight")
                page.evaluate("(h) => window.scrollBy(0, document.querySelector('.linger-play-message')"
                              ".getBoundingClientRect().top - h - 4)", header)
            boxes = page.evaluate(BOXES)
            where = f"{players} players, {moment}"
            assert len(boxes["trick_cards"]) == players - 1, where
            for name in ("trick", "hand") + (("message",) if moment == "verdict" else ()):
                assert inside(boxes[name], boxes), (where, name, boxes[name])
            covered = [card for card in boxes["trick_cards"] if overlaps(card, boxes["hand"])]
            assert not covered, (where, covered, boxes["hand"])
            assert boxes["scroll"] <= 360, where
            small = [b for b in boxes["buttons"] if b[1] > 0 and (b[2] < 47.5 or b[1] < 47.5)]
            assert not small, (where, small)
    finally:
        ctx.close()
