"""Finding a rule: the search page in the page's language, an index without widget text, glossary snippets.

The browser tests run against build/site served on 127.0.0.1, like test_site_browser.py.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tools.local_server import serve

ROOT = Path(__file__).resolve().parents[2]
QUERY = {"fr": "atout", "it": "briscola", "nl": "troef"}  # a game word each language's search finds
STATUS_MANY = "Search finished, found ${resultCount} pages matching the search query."

def site_catalog(lang: str) -> dict[str, str]:
    with (ROOT / "locales" / lang / "LC_MESSAGES" / "linger_site.po").open("rb") as f:
        return {m.id: m.string for m in read_po(f) if isinstance(m.id, str)}


def search_index(site: Path, lang: str) -> dict:
    text = (site / lang / "searchindex.js").read_text(encoding="utf-8")
    return json.loads(text[text.index("(") + 1 : text.rindex(")")])


@pytest.fixture(scope="module")
def base_url(built_site: Path) -> Iterator[str]:
    with serve(built_site) as url:
        yield url


def test_raw_widget_html_is_skipped_by_the_indexer() -> None:
    """Raw HTML is wrapped in a no-search node: Sphinx's word collector skips it and keeps the prose."""
    from docutils import nodes
    from docutils.utils import new_document
    from linger_site import keep_widgets_out_of_search
    from sphinx.search import SearchLanguage, WordCollector

    doctree = new_document("<test>")
    doctree += nodes.paragraph("", "Follow suit when you can.")
    doctree += nodes.raw("", '<div class="ll-table">Dealer Stock 43 Step 3 of 14</div>', format="html")
    html_app = type("App", (), {"builder": type("Builder", (), {"format": "html"})()})()
    keep_widgets_out_of_search(html_app, doctree, "page")  # type: ignore[arg-type]
    collector = WordCollector(doctree, SearchLanguage({}))
    doctree.walk(collector)
    assert "suit" in collector.found_words
    assert not {"Dealer", "Stock", "Step"} & set(collector.found_words), collector.found_words


@pytest.mark.parametrize("lang", ["en", "fr", "it", "nl"])
def test_no_table_text_in_the_search_index(built_site: Path, lang: str) -> None:
    """The index holds words of prose: no card glyph, no seat letter glued to a count ("43B", "0A")."""
    terms = search_index(built_site, lang)["terms"]
    assert terms
    # "A4" is prose: the paper size of the printable rules, not a seat and a count.
    table_like = sorted(t for t in terms if re.search(r"[\u2660-\u2667]|^\d+[a-e]$|^[a-e]\d+$", t, re.I) and t != "a4")
    assert table_like == [], table_like


@pytest.mark.parametrize("lang", ["fr", "it", "nl"])
def test_search_status_line_is_in_the_page_language(chromium, base_url: str, lang: str) -> None:  # type: ignore[no-untyped-def]
    """The line under the results comes from our catalog, with the count, not in English."""
    many = site_catalog(lang)[STATUS_MANY]
    assert many and "${resultCount}" in many
    page = chromium.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{base_url}/{lang}/search.html?q={QUERY[lang]}")
    page.wait_for_function("document.querySelector('#search-results p.search-summary')?.textContent.length > 0", timeout=30_000)
    status = page.text_content("#search-results p.search-summary") or ""
    count = page.eval_on_selector_all("#search-results ul.search > li", "els => els.length")
    assert count > 1
    assert status == many.replace("${resultCount}", str(count)), status
    assert "Search finished" not in status
    assert errors == []
    page.close()


def test_dutch_troef_shows_the_glossary_definition(chromium, base_url: str) -> None:  # type: ignore[no-untyped-def]
    """Searching "troef" in Dutch: Dutch status line, and the glossary hit's snippet is its definition."""
    page = chromium.new_page()
    page.goto(f"{base_url}/nl/glossary.html")
    definition = page.eval_on_selector("dt#term-trump + dd", "dd => dd.textContent.trim()")
    assert definition
    page.goto(f"{base_url}/nl/search.html?q=troef")
    page.wait_for_selector("#search-results li:has(a[href*='glossary.html#term-trump']) p.context", timeout=30_000)
    snippet = page.text_content("#search-results li:has(a[href*='glossary.html#term-trump']) p.context") or ""
    words = definition.split()
    assert " ".join(words[:6]) in " ".join(snippet.split()), (snippet, definition)
    page.wait_for_function("document.querySelector('#search-results p.search-summary')?.textContent.length > 0", timeout=30_000)
    status = page.text_content("#search-results p.search-summary") or ""
    assert status.startswith("Zoeken voltooid"), status
    page.close()
