"""The Play page given bad input: a hostile URL, a saved record that is too deep, a full storage.

Each refusal is in the page's language and quotes a long value shortened; a bad saved record
never reaches the engine; a storage that refuses the game never stops it from being drawn.
"""

from __future__ import annotations

import json

import pytest

from linger_browser_fixtures import watch_context, watch_page
from linger_longer.web.play import decode_query

LIVE_TIMEOUT_MS = 90_000
ROOT = ".linger-play"
SETTLED = ("window.lingerPlay && document.querySelector('.linger-play').dataset.engine === 'live' "
           "&& !document.querySelector('.linger-play').hasAttribute('aria-busy') "
           "&& document.querySelector('.linger-play').dataset.state !== 'busy'")
QUERY = "players=4&profile=standard&variants=&mode=deal&seat=A&bot=random&seed=12"

#: Fills the browser's local storage to its quota before the page runs (once per tab).
FILL_STORAGE = """
if (!localStorage.getItem('fill-0')) {
  let size = 1 << 22;
  for (let i = 0; size > 0; i++) {
    try { localStorage.setItem('fill-' + i, 'x'.repeat(size)); } catch { size >>= 1; }
  }
}
"""


@pytest.fixture
def watched(chromium, site_url):
    """A fresh browser context whose pages' requests, console errors and uncaught errors are recorded."""
    ctx = chromium.new_context()
    watch = watch_context(ctx, site_url)
    try:
        yield ctx, watch
    finally:
        ctx.close()


def open_watched(ctx, watch):
    page = ctx.new_page()
    watch_page(page, watch)
    return page


def open_settled(ctx, url: str):
    page = ctx.new_page()
    page.goto(url)
    page.wait_for_function(SETTLED, timeout=LIVE_TIMEOUT_MS)
    return page


def labels_of(page) -> dict:
    return json.loads(page.get_attribute(ROOT, "data-labels"))


@pytest.mark.parametrize("lang, query, message", [
    ("fr", "profile=<script>alert(1)</script>&seed=1",
     "Profil de règles\u00a0: '<script>alert(1)</script>' n’est pas l’une des valeurs possibles (standard, last-card)."),
    ("it", "variants=a,b,c&seed=1", "Varianti: 'a' non è tra draw-per-card"),
    ("nl", "variants=no-trump,random-trump&seed=1", "Varianten: no-trump, random-trump kunnen niet samen gespeeld worden"),
])
def test_a_rules_refusal_from_the_url_is_in_the_page_language(watched, site_url,
                                                              lang: str, query: str, message: str) -> None:
    ctx, watch = watched
    page = open_watched(ctx, watch)
    page.goto(f"{site_url}/{lang}/play.html?{query}")
    page.wait_for_function(SETTLED, timeout=LIVE_TIMEOUT_MS)
    assert page.text_content(".linger-play-status").startswith(message)
    assert page.locator(".linger-play script").count() == 0  # the value stays text
    watch.check()


def test_a_long_value_in_the_url_is_quoted_shortened(chromium, site_url) -> None:
    ctx = chromium.new_context()
    try:
        page = open_settled(ctx, f"{site_url}/fr/play.html?seed=1&bot={'Q' * 3000}")
        status = page.text_content(".linger-play-status")
        assert "Q" * 59 + "…" in status and "Q" * 60 not in status and len(status) < 200, status
    finally:
        ctx.close()


def test_a_deeply_nested_saved_record_never_reaches_the_engine(watched, site_url) -> None:
    """A record nested 50,000 deep (which crashes Pyodide's parser) is dropped: the page deals a new game."""
    ctx, watch = watched
    settings = json.dumps(decode_query(QUERY).to_json(), sort_keys=True)  # as the engine answers it
    record = '{"version": 1, "settings": ' + settings + ', "deals": ' + "[" * 50_000 + "]" * 50_000 + "}"
    ctx.add_init_script(f"if (!localStorage.getItem('planted')) {{ localStorage.setItem('planted', '1'); "
                        f"localStorage.setItem('linger-longer.play-game', {json.dumps(record)}); }}")
    page = open_watched(ctx, watch)
    page.goto(f"{site_url}/en/play.html?{QUERY}")
    page.wait_for_function(SETTLED + " && window.lingerPlay.view", timeout=LIVE_TIMEOUT_MS)
    assert page.get_attribute(ROOT, "data-state") == "live", page.text_content(".linger-play-status")
    saved = page.evaluate("localStorage.getItem('linger-longer.play-game')")
    assert len(saved) < 2000 and json.loads(saved)["deals"] == [[]]  # the new game, saved instead
    # The engine still answers: play the first legal card.
    page.click(".linger-play-table button[data-legal=true]")
    page.wait_for_function(SETTLED + " && window.lingerPlay.view.record.deals[0].length > 0", timeout=LIVE_TIMEOUT_MS)
    watch.check()


def test_a_full_storage_never_stops_the_game(watched, site_url) -> None:
    """With the browser's storage full, the game is drawn and played; the page says once, translated, that it is unsaved."""
    ctx, watch = watched
    ctx.add_init_script(FILL_STORAGE)
    page = open_watched(ctx, watch)
    page.goto(f"{site_url}/it/play.html?{QUERY}")
    page.wait_for_function(SETTLED + " && window.lingerPlay.view", timeout=LIVE_TIMEOUT_MS)
    assert page.evaluate("localStorage.getItem('linger-longer.play-game')") is None  # it really did not fit
    assert page.get_attribute(ROOT, "data-state") == "live", page.text_content(".linger-play-status")
    assert page.locator(".linger-play-table button[data-legal=true]").count() > 0  # the hand is drawn
    for _ in range(2):
        before = page.evaluate("window.lingerPlay.view.record.deals[0].length")
        page.click(".linger-play-table button[data-legal=true]")
        page.wait_for_function(f"{SETTLED} && window.lingerPlay.view.record.deals[0].length > {before}",
                               timeout=LIVE_TIMEOUT_MS)
    notes = page.locator(".linger-play-unsaved")
    assert notes.count() == 1
    assert notes.text_content() == labels_of(page)["not_saved"]
    assert notes.text_content().startswith("Questo browser non può salvare")
    watch.check()
