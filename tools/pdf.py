"""The rules as PDFs, printed by Chromium from the built site: ``python -m tools.pdf build/site [LANG ...]``.

For each language, into ``<site>/<lang>/pdf/`` (the names: ``linger_walkthrough.reference_card.pdf_name``,
which the pages' links use too):

- the reference card (``summary.html``) on one A4 sheet and on one Letter sheet, as the reader's own
  browser prints it (the site's print style sheet, its ``@page`` margins);
- the full rules: How to play, the profiles, the variants, scoring and the FAQ, one after the other in
  one document, each page headed with the game's name and numbered in its footer (Chromium's header and
  footer templates). The pages are printed as they read without JavaScript: each walkthrough as its
  steps, with their tables.

``nox -s pdf`` builds the site and runs this; ``nox -s tests`` runs it after its build, so the site CI
builds links only PDFs that exist. ``nox -s serve`` does not (it needs no browser): there the links
answer 404 until ``nox -s pdf`` has run. The service worker does not precache the PDFs
(``tools/offline_sw.mjs`` lists the types it stores), so a first visit does not download them.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tutorial")]

from linger_longer.languages import CODES  # noqa: E402
from linger_walkthrough.reference_card import pdf_name  # noqa: E402

from tools.chromium import CHROMIUM, CHROMIUM_ARGS, MISSING  # noqa: E402
from tools.local_server import serve  # noqa: E402

#: The pages of the full rules, in their order in the PDF.
RULES_PAGES = ("how-to-play", "profiles", "variants", "scoring", "faq")
PAPERS = {"card-a4": "A4", "card-letter": "Letter"}
GAME = "Linger Longer"
_ARTICLE = re.compile(r'(<article\b[^>]*>)(.*?)(</article>)', re.S)
#: Chromium draws the header and footer in the page's top and bottom margins (``@page`` in linger.css).
HEADER = ('<div style="font-size:8pt;width:100%;margin:0 12mm;font-family:sans-serif;color:#444">'
          f'{GAME}</div>')
FOOTER = ('<div style="font-size:8pt;width:100%;margin:0 12mm;text-align:right;font-family:sans-serif;'
          'color:#444"><span class="pageNumber"></span> / <span class="totalPages"></span></div>')


class PdfError(RuntimeError):
    """A PDF could not be written; the message says which and why."""


def article(html: str, page: Path) -> str:
    """The content of a built page's ``<article>`` (the page without the site's navigation)."""
    found = _ARTICLE.search(html)
    if found is None:
        raise PdfError(f"{page}: no <article> in the page: is it a page of the built site?")
    return found.group(2)


def rules_document(folder: Path) -> str:
    """One HTML document holding the full rules' pages of a language, in the first page's frame."""
    pages = [folder / f"{name}.html" for name in RULES_PAGES]
    missing = [str(p) for p in pages if not p.is_file()]
    if missing:
        raise PdfError(f"pages missing from the built site: {', '.join(missing)}")
    texts = [p.read_text(encoding="utf-8") for p in pages]
    body = "\n".join(article(text, page) for text, page in zip(texts, pages, strict=True))
    first = _ARTICLE.search(texts[0])
    assert first is not None
    return texts[0][:first.start(2)] + body + texts[0][first.end(2):]


def write_pdfs(site: Path, langs: Sequence[str] = CODES, log: Callable[[str], None] = print,
               browser: Any = None) -> list[Path]:
    """Write each language's PDFs into ``<site>/<lang>/pdf/``; return their paths.

    ``browser``: a Playwright Chromium already running (the tests'), else one is started for this.
    """
    if browser is None:
        if not Path(CHROMIUM).is_file():
            raise PdfError(MISSING)
        from playwright.sync_api import sync_playwright

        with sync_playwright() as p:
            started = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                return write_pdfs(site, langs, log, started)
            finally:
                started.close()
    written: list[Path] = []
    with serve(site) as base:
        context = browser.new_context(java_script_enabled=False, service_workers="block")
        try:
            page = context.new_page()
            for lang in langs:
                written.extend(_language_pdfs(page, base, site, lang, log))
        finally:
            context.close()
    return written


def _language_pdfs(page: Any, base: str, site: Path, lang: str, log: Callable[[str], None]) -> list[Path]:
    """One language's reference card (A4, Letter) and full rules, printed by ``page``."""
    started = time.perf_counter()
    folder = site / lang
    out = folder / "pdf"
    out.mkdir(exist_ok=True)
    written = []
    page.goto(f"{base}/{lang}/summary.html")
    for key, paper in PAPERS.items():
        target = out / pdf_name(key, lang)
        page.pdf(path=str(target), format=paper, print_background=True)
        written.append(target)
    document = rules_document(folder)
    url = f"{base}/{lang}/{RULES_PAGES[0]}.html?print"  # the same folder: the pages' links still work
    page.route(url, lambda route: route.fulfill(body=document, content_type="text/html"))
    page.goto(url)
    page.unroute(url)
    target = out / pdf_name("rules", lang)
    page.pdf(path=str(target), format="A4", print_background=True, display_header_footer=True,
             header_template=HEADER, footer_template=FOOTER)
    written.append(target)
    log(f"pdf: {lang}: {', '.join(p.name for p in written)} in {time.perf_counter() - started:.1f} s")
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.pdf", description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path, help="the built site (build/site)")
    parser.add_argument("langs", nargs="*", metavar="LANG", help=f"languages (default: all of {', '.join(CODES)})")
    args = parser.parse_args(argv)
    unknown = [lang for lang in args.langs if lang not in CODES]
    if unknown:
        parser.error(f"unknown language {unknown[0]!r}; choose among {', '.join(CODES)}")
    try:
        write_pdfs(args.site, args.langs or CODES)
    except PdfError as error:
        print(f"tools.pdf: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
