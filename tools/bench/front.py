"""The front page's weight in Chromium (part of ``nox -s bench``): what a first visit to ``<lang>/index.html``
downloads, as the site serves it (the precompressed Brotli copies, :func:`tools.bench.browser._served_size`), in
each language, with the service worker blocked (its background copy of the site for offline use is not the page's
weight). The front page draws its table without the engine: the bytes of Pyodide and of the engine's modules it
requests are counted apart, and must be none.

Run alone with ``python -m tools.bench.front [build/site]``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from linger_longer.languages import CODES

from tools.bench import pages
from tools.bench.browser import _weight
from tools.bench.figure import Figure
from tools.chromium import CHROMIUM, CHROMIUM_ARGS
from tools.local_server import serve

#: The goal: the front page without Pyodide, downloaded, at most 250 KiB.
GOAL_BYTES = 250 * 1024
#: What a page that starts the live engine requests besides Pyodide's folder.
ENGINE_MODULES = ("linger-engine", "linger-worker", "linger-walkthrough.mjs", "linger-play")


def weigh(site: Path) -> dict[str, dict[str, int]]:
    """Per language: the downloaded and decoded bytes of everything the front page requests outside ``_pyodide/``,
    and the bytes of Pyodide and the engine's modules among them."""
    from playwright.sync_api import sync_playwright

    figures: dict[str, dict[str, int]] = {}
    with serve(site) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            for lang in CODES:
                context = browser.new_context(service_workers="block")  # a fresh profile: nothing cached
                urls: list[str] = []
                context.on("request", lambda request: urls.append(request.url))
                page = context.new_page()
                page.goto(f"{base}/{lang}/index.html", wait_until="load", timeout=pages.TIMEOUT_MS)
                page.wait_for_load_state("networkidle", timeout=pages.TIMEOUT_MS)
                context.close()
                weight = _weight(site, urls)
                engine = _weight(site, [u for u in urls if any(m in u for m in ENGINE_MODULES)])
                figures[lang] = {**weight, "engine_bytes": weight["pyodide_bytes"] + engine["page_weight_bytes"],
                                 "requests": len(urls)}
        finally:
            browser.close()
    return figures


def run(site: Path = pages.SITE, out: Callable[[str], None] = print) -> list[Figure]:
    """Measure, print a line per language, and return the heaviest language's figures beside the goals."""
    pages.check_site(site, "tools.bench.front", *(f"{lang}/index.html" for lang in CODES))
    figures = weigh(site)
    out("Front page (first visit, service worker blocked; downloaded as the site serves it, Brotli):")
    for lang, f in figures.items():
        out(f"  {lang}/index.html: {f['page_download_bytes'] / 1024:6.1f} KiB downloaded, "
            f"{f['page_weight_bytes'] / 1024:6.1f} KiB decoded, {f['requests']} requests; "
            f"Pyodide and engine: {f['engine_bytes']} bytes")
    heaviest = max(figures, key=lambda lang: figures[lang]["page_download_bytes"])
    download = figures[heaviest]["page_download_bytes"] / 1024
    engine = max(f["engine_bytes"] for f in figures.values())
    return [Figure(f"front page weight without Pyodide ({heaviest}, the heaviest)", download, "KiB",
                   f"<= {GOAL_BYTES // 1024} KiB", download * 1024 <= GOAL_BYTES),
            Figure("front page: Pyodide and engine bytes requested", engine, "B", "0", engine == 0)]


if __name__ == "__main__":
    for figure in run(Path(sys.argv[1]) if len(sys.argv) > 1 else pages.SITE):
        print(figure)
