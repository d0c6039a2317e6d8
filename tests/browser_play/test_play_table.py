"""The Play page's card table in Chromium: what the page shows and speaks never names a card the human's
seat has not seen, over 20 seeded deals and more in two languages played through the page.

The page's text (every sentence, the table's words) and its ARIA (labels, descriptions, titles) and the
cards' data attributes are searched after each of the page's views, against CPython's record of the hidden
hands (the other hands and the stock, rebuilt from the page's record, less what the seat has seen):
tests/engine/test_play_hidden_cards.py holds the search and the bookkeeping, used here unchanged.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from linger_longer.web.play import encode_query

_SPEC = importlib.util.spec_from_file_location(
    "play_hidden_cards", Path(__file__).resolve().parents[1] / "engine" / "test_play_hidden_cards.py")
assert _SPEC is not None and _SPEC.loader is not None
hidden = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(hidden)

LIVE_TIMEOUT_MS = 90_000
#: Ten games a language (rule variants, 3 to 6 players, single deals and matches, draw-per-card among them).
GAMES = {"fr": hidden.GAMES[:10], "nl": hidden.GAMES[10:20]}

#: Everything the page shows or speaks in its game area: text, and the attributes assistive technology reads.
SHOWN = """() => {
  const game = document.querySelector('.linger-play-game');
  // Text node by node: a count followed by a seat's name ("2", "D") is not the card 2D.
  const texts = [];
  const walker = document.createTreeWalker(game, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) texts.push(walker.currentNode.textContent);
  const attrs = [];
  for (const node of game.querySelectorAll('*')) {
    for (const name of ['aria-label', 'title', 'alt', 'data-card', 'data-hint']) {
      const value = node.getAttribute(name);
      if (value) attrs.push(value);
    }
  }
  return [...texts, ...attrs, document.querySelector('.linger-play').dataset.hint ?? ''].join('\\n');
}"""

IDLE = ("window.lingerPlay && window.lingerPlay.view && "
        "!document.querySelector('.linger-play').hasAttribute('aria-busy')")

START = """async ([lang, query]) => {
  const page = window.lingerPlay.page;
  await page.run(async () => {
    const settings = await page.engine.call('decode-query', lang, query, 1);
    page.show(await page.engine.call('new-game', lang, JSON.stringify(settings)), true);
  });
}"""


def view(page) -> dict:
    return page.evaluate("JSON.parse(JSON.stringify(window.lingerPlay.view))")


def act(page, current: dict) -> None:
    """Click the first suit or the first legal card, or the next deal's button; wait for the new view."""
    if current["deal"]["over"]:
        target = page.locator(".linger-play-toolbar button[data-action=next]")
    elif current["name_trump"]:
        target = page.locator(".linger-play-table button[data-suit]").first
    else:
        target = page.locator(".linger-play-table button[data-legal=true]").first
    target.click()
    page.wait_for_function(
        "(before) => JSON.stringify(window.lingerPlay.view.record) !== JSON.stringify(before) "
        "&& !document.querySelector('.linger-play').hasAttribute('aria-busy')",
        arg=current["record"], timeout=LIVE_TIMEOUT_MS,
    )


def check_arrow_keys(page) -> None:
    """On a card, the arrow keys move the focus between the cards that may be played (wrapping round)."""
    legal = page.locator(".linger-play-table button[data-legal=true]").evaluate_all("(bs) => bs.map((b) => b.dataset.card)")
    if not legal:
        return
    page.locator(f".linger-play-table button[data-card='{legal[0]}']").focus()
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.card") == legal[1 % len(legal)]
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("document.activeElement.dataset.card") == legal[0]


@pytest.mark.parametrize("lang", sorted(GAMES))
def test_the_page_never_names_an_unseen_card(chromium, site_url, lang: str) -> None:
    ctx = chromium.new_context(reduced_motion="reduce")
    deals = views = 0
    try:
        page = ctx.new_page()
        page.goto(f"{site_url}/{lang}/play.html?{encode_query(GAMES[lang][0])}")
        page.wait_for_function(IDLE, timeout=LIVE_TIMEOUT_MS)
        check_arrow_keys(page)
        for number, settings in enumerate(GAMES[lang]):
            if number:
                page.evaluate(START, [lang, encode_query(settings)])
                page.wait_for_function(IDLE, timeout=LIVE_TIMEOUT_MS)
            seat = hidden.Seat()
            current = view(page)
            assert current["settings"]["seed"] == settings.seed
            deals += 1
            while True:
                if current["deal"]["over"]:
                    # Every hand may be turned up now: the table shows them all.
                    assert page.locator(".linger-play-table .ll-hidden").count() == 0
                    if not current["can_next"]:
                        break
                    act(page, current)
                    current, seat = view(page), hidden.Seat()
                    deals += 1
                    continue
                seat.take_in(current)
                unseen = seat.unseen(current)
                leaks = hidden.named(page.evaluate(SHOWN), unseen, lang)
                assert not leaks, (f"the page names cards seat {current['human']} has not seen", leaks, current["record"])
                # The opponents' hands are face down, drawn as backs only.
                assert page.locator(".linger-play-table .ll-hidden").count() == current["settings"]["players"] - 1
                views += 1
                act(page, current)
                current = view(page)
    finally:
        ctx.close()
    assert deals >= 10 and views > deals
