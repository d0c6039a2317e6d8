"""Screenshots of the card table for the repository's readers: ``python -m tools.screenshots [build/site]``.

Writes ``docs/_static/screenshots/{walkthrough,play}-{1280,360}-{light,dark}.png`` from the built
site in Chromium: one walkthrough step (the first walkthrough of the profiles page, at a trick in
progress) and one Play page turn (the reader's seat to play, the opponents' cards face down), on a
desktop and a 360-px screen, in the light and the dark colour scheme. Each picture is the widget
alone, drawn with motion off and nothing hovered or focused. The site does not serve them
(``docs/conf.py`` keeps ``screenshots`` out of its static files); docs/dev/design.md links them.
"""

from __future__ import annotations

import sys
from pathlib import Path

from tools.chromium import CHROMIUM, CHROMIUM_ARGS
from tools.local_server import serve

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "_static" / "screenshots"
WIDTHS = (1280, 360)
SCHEMES = ("light", "dark")
WALKTHROUGH = ("en/profiles.html", ".linger-walkthrough", 1)  # page, widget, step shown (a trick in progress)
PLAY = "en/play.html?players=4&seat=B&seed=7"  # D leads: two cards lie in the trick at B's turn
IDLE = ("window.lingerPlay && window.lingerPlay.view && "
        "!document.querySelector('.linger-play').hasAttribute('aria-busy')")
LIVE_TIMEOUT_MS = 120_000


def _still(page) -> None:
    """No focus ring, no tooltip: the picture shows the table as a reader first sees it. (The viewport is
    taller than the widgets, so nothing scrolls and the theme's fixed header stays out of the picture.)"""
    page.mouse.move(0, 0)
    page.evaluate("() => document.activeElement && document.activeElement.blur && document.activeElement.blur()")


def shoot(site: Path, out: Path = OUT) -> list[Path]:
    """Take the eight screenshots; return their paths."""
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    written = []
    with serve(site) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for width in WIDTHS:
                for scheme in SCHEMES:
                    ctx = browser.new_context(viewport={"width": width, "height": 2400}, color_scheme=scheme,
                                              reduced_motion="reduce")
                    try:
                        page = ctx.new_page()
                        path, widget, step = WALKTHROUGH
                        page.goto(f"{base}/{path}")
                        page.wait_for_function("performance.getEntriesByName('linger-live').length > 0",
                                               timeout=LIVE_TIMEOUT_MS)
                        page.evaluate("(i) => window.lingerLonger.widgets[0].show(i)", step)
                        _still(page)
                        written.append(out / f"walkthrough-{width}-{scheme}.png")
                        page.locator(widget).first.screenshot(path=str(written[-1]))
                        page.goto(f"{base}/{PLAY}")
                        page.wait_for_function(IDLE, timeout=LIVE_TIMEOUT_MS)
                        _still(page)
                        written.append(out / f"play-{width}-{scheme}.png")
                        page.locator(".linger-play-game").screenshot(path=str(written[-1]))
                    finally:
                        ctx.close()
        finally:
            browser.close()
    return written


def main(argv: list[str]) -> int:
    if len(argv) > 1 or (argv and argv[0].startswith("-")):
        print("usage: python -m tools.screenshots [build/site]", file=sys.stderr)
        return 2
    site = Path(argv[0]) if argv else ROOT / "build" / "site"
    if not (site / "en" / "play.html").is_file():
        print(f"tools.screenshots: no built site in {site}: run `nox -s site` first", file=sys.stderr)
        return 2
    for path in shoot(site):
        print(f"{path.relative_to(ROOT)}: {path.stat().st_size / 1024:.0f} KiB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
