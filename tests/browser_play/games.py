"""Whole games played under CPython, for comparison with what the browser and Pyodide play, and the Play page's
own steps in Chromium (open it, wait for it, open its "More" menu, read its view)."""

from __future__ import annotations

from linger_longer.web.play import Settings, new_game, next_deal, play


def cpython_game(settings: Settings, lang: str) -> dict:
    """Play a game (every deal of a match) in which the human always chooses their first legal action."""
    view = new_game(settings, lang)
    while True:
        if view["deal"]["over"]:
            if not view["can_next"]:
                break
            view = next_deal(view["record"], lang)
            continue
        action = view["suits"][0]["suit"] if view["name_trump"] else next(c["card"] for c in view["choices"] if c["legal"])
        view = play(view["record"], action, lang)
    return {"record": view["record"], "log": view["log"], "score": view["score"], "html": view["html"]}


LIVE_TIMEOUT_MS = 90_000
#: The page shows a view and no engine request is running.
IDLE = ("window.lingerPlay && window.lingerPlay.view && "
        "!document.querySelector('.linger-play').hasAttribute('aria-busy')")


def open_play(ctx, site_url: str, lang: str, query: str = ""):
    """Open the Play page and wait until its first view is drawn."""
    page = ctx.new_page()
    page.goto(f"{site_url}/{lang}/play.html" + (f"?{query}" if query else ""))
    wait_idle(page)
    return page


def wait_idle(page) -> None:
    """Wait until the page shows a view and no engine request is running."""
    page.wait_for_function(IDLE, timeout=LIVE_TIMEOUT_MS)


def open_more(page) -> None:
    """Open the "More" menu (export, comparison, link, speed) unless it is open."""
    if not page.locator(".linger-play-more").evaluate("(menu) => menu.open"):
        page.click(".linger-play-more > summary")


def view(page) -> dict:
    return page.evaluate("JSON.parse(JSON.stringify(window.lingerPlay.view))")
