"""The Play page's paced table in Chromium: after the reader's card the computer's cards arrive one at a time,
the finished trick stays on the felt with its winner, a click skips to the reader's turn, instant speed and
reduced motion move nothing, and every glide starts from a card-sized box.

Every table the page draws is logged as it is drawn (a MutationObserver on the table's box, installed before
the reader's card): the seats on the trick, the winner, the caption on the felt, the time.
"""

from __future__ import annotations

import pytest

from linger_longer.web.play import Settings, encode_query, new_game, play

from browser_helpers import LIVE_TIMEOUT_MS, LOG_GLIDES
from linger_browser_fixtures import watch_context, watch_page

#: The pacing is what these tests test: their browser contexts keep the normal speed.
pytestmark = pytest.mark.paced

IDLE = ("window.lingerPlay && window.lingerPlay.view && "
        "!document.querySelector('.linger-play').hasAttribute('aria-busy')")
#: The reader (A) leads a four-player deal: after A's card, B, C and D finish the trick.
SETTINGS = Settings(players=4, seed=5, seat=0, strength="rule-of-thumb")

#: Log every table drawn in the Play table's box from now on.
LOG_TABLES = """() => {
  const box = document.querySelector('.linger-play-table');
  window.tables = [];
  new MutationObserver(() => {
    const trick = box.querySelector('.ll-trick');
    if (!trick) return;
    const caption = trick.querySelector('.ll-trick-caption');
    window.tables.push({
      t: performance.now(),
      seats: [...trick.querySelectorAll('.ll-play')].map((p) => Number(p.dataset.seat)),
      winner: trick.dataset.winner ?? null,
      caption: caption ? caption.textContent : null,
      captionVisible: caption ? caption.getBoundingClientRect().width > 0 : false,
    });
  }).observe(box, { childList: true });
}"""


def open_page(ctx, site_url: str, lang: str = "en", settings: Settings = SETTINGS):
    page = ctx.new_page()
    page.goto(f"{site_url}/{lang}/play.html?{encode_query(settings)}")
    page.wait_for_function(IDLE, timeout=LIVE_TIMEOUT_MS)
    return page


def first_card(page):
    return page.locator(".linger-play-table button[data-legal=true]").first


def test_the_computers_cards_arrive_one_at_a_time_and_the_finished_trick_stays(chromium, site_url):
    """After the reader's card, B, C and D's cards appear one at a time in the order of play, about 400 ms apart;
    the complete trick stays on the felt, its winner marked and said there, for about a second before it is
    gathered; the page's words come after."""
    ctx = chromium.new_context(reduced_motion="no-preference")
    watch = watch_context(ctx, site_url)
    try:
        page = open_page(ctx, site_url)
        watch_page(page, watch)
        page.evaluate(LOG_TABLES)
        card = first_card(page).get_attribute("data-card")
        first_card(page).click()
        page.wait_for_function(IDLE, timeout=LIVE_TIMEOUT_MS)
        tables = page.evaluate("window.tables")
        seats = [t["seats"] for t in tables]
        assert seats[:4] == [[0], [0, 1], [0, 1, 2], [0, 1, 2, 3]], seats
        gaps = [b["t"] - a["t"] for a, b in zip(tables, tables[1:4])]
        assert all(gap >= 300 for gap in gaps), gaps  # one at a time, not all at once
        finished = tables[3]
        expected = new_game(SETTINGS)
        after = play(expected["record"], card)
        winner = after["steps"][3]
        assert finished["winner"] is not None and finished["captionVisible"]
        assert finished["caption"] == f'{after["players"][int(finished["winner"])]} wins the trick.'
        assert 'data-winner' in winner["html"]
        # Held on the felt before it is gathered (the next table has the felt clear or a new trick).
        assert tables[4]["t"] - finished["t"] >= 800, tables[3:5]
        assert tables[4]["winner"] is None
        # The page ends on the engine's own view.
        assert page.evaluate("window.lingerPlay.view.html") == after["html"]
        watch.check()
    finally:
        ctx.close()


def test_a_click_skips_to_the_readers_turn_at_once(chromium, site_url):
    """A click during the pacing ends it at once: the table the pacing was heading for is drawn within 50 ms (the
    time is printed), and the rest of the stretch comes unpaced, up to the reader's turn, well before the pacing
    would have ended."""
    ctx = chromium.new_context(reduced_motion="no-preference")
    try:
        page = open_page(ctx, site_url)
        page.evaluate(LOG_TABLES)
        first_card(page).click()
        page.wait_for_function("window.tables.length >= 2", timeout=LIVE_TIMEOUT_MS)
        # On the window, capturing: before the page's own listeners (on the document) see the click.
        page.evaluate("""() => window.addEventListener('pointerdown', () => { window.clicked = performance.now(); },
                                                      { capture: true, once: true })""")
        page.locator(".linger-play-title").click()
        page.wait_for_function(IDLE, timeout=5_000)
        tables = page.evaluate("window.tables")
        clicked = page.evaluate("window.clicked")
        skip_ms = next(t["t"] for t in tables if t["t"] >= clicked) - clicked
        print(f"skip applied in {skip_ms:.1f} ms; the reader's turn {tables[-1]['t'] - clicked:.1f} ms after the click")
        assert 0 <= skip_ms < 50, skip_ms
        assert len(tables) < 6  # the rest of the stretch was never drawn one by one
        assert page.evaluate("document.querySelector('.linger-play-table').dataset.paced") == "done"
        assert page.locator(".linger-play-table button[data-legal=true]").count() > 0  # the reader's turn
    finally:
        ctx.close()


@pytest.mark.parametrize("how", ["instant speed", "reduced motion"])
def test_instant_speed_and_reduced_motion_show_no_transition(chromium, site_url, how):
    """At the instant speed (chosen in the More menu, remembered) or with prefers-reduced-motion, the reader's card
    draws the view's table at once: one table, no motion."""
    ctx = chromium.new_context(reduced_motion="reduce" if how == "reduced motion" else "no-preference")
    try:
        page = open_page(ctx, site_url)
        if how == "instant speed":
            page.click(".linger-play-more > summary")
            page.select_option("#linger-play-speed", "instant")
            page.reload()
            page.wait_for_function(IDLE, timeout=LIVE_TIMEOUT_MS)
            assert page.input_value("#linger-play-speed") == "instant"  # remembered
        page.evaluate(LOG_TABLES)
        page.evaluate(LOG_GLIDES)
        first_card(page).click()
        page.wait_for_function(IDLE, timeout=LIVE_TIMEOUT_MS)
        assert len(page.evaluate("window.tables")) == 1
        assert page.evaluate("window.glides") == []
        assert page.evaluate("document.querySelector('.linger-play-table').getAnimations({subtree: true}).length") == 0
    finally:
        ctx.close()


def test_every_glide_starts_from_a_card_sized_box(chromium, site_url):
    """Over a few of the reader's cards at the normal speed, every glide's first frame is at most 1.2 times the size
    of the card it moves (never the seat's whole box)."""
    ctx = chromium.new_context(reduced_motion="no-preference")
    try:
        page = open_page(ctx, site_url)
        page.evaluate(LOG_GLIDES)
        for _ in range(3):
            if page.evaluate("window.lingerPlay.view.deal.over"):
                break
            first_card(page).click()
            page.wait_for_function(IDLE, timeout=LIVE_TIMEOUT_MS)
        glides = page.evaluate("window.glides")
        assert len(glides) >= 6, glides
        assert all(g["scale"] <= 1.2 for g in glides), [g for g in glides if g["scale"] > 1.2]
    finally:
        ctx.close()
