"""The built site in Debian's Chromium: search per language and the root language chooser.

These run against build/site served on 127.0.0.1 (``nox -s tests`` builds it
and installs Chromium first). They prove what static checks cannot: that the
shared search code, each language's index and stemmer, and the redirect
script work together in a browser.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tools.local_server import serve

# A word of each language's rules that the search must find, stemmed its own way.
SEARCH = {"en": "trumps", "fr": "atouts", "it": "briscola", "nl": "troef"}


@pytest.fixture(scope="module")
def base_url(built_site: Path) -> Iterator[str]:
    with serve(built_site) as url:
        yield url


@pytest.fixture
def browser(chromium):  # type: ignore[no-untyped-def]
    """The session's one Chromium (tests/conftest.py)."""
    return chromium


@pytest.mark.parametrize("lang", SEARCH)
def test_search_finds_pages_in_each_language(browser, base_url: str, lang: str) -> None:  # type: ignore[no-untyped-def]
    """Searching a game word on the language's search page lists results in that language."""
    page = browser.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{base_url}/{lang}/search.html?q={SEARCH[lang]}")
    page.wait_for_selector("#search-results ul.search li", timeout=30_000)
    links = page.eval_on_selector_all("#search-results ul.search li a", "els => els.map(e => e.href)")
    assert links, "no search results"
    assert all(f"/{lang}/" in href for href in links), links
    assert errors == []
    page.close()


@pytest.mark.parametrize(("locale", "lang"), [("nl-NL", "nl"), ("fr-CA", "fr"), ("it", "it"), ("de-DE", "en")])
def test_root_sends_readers_to_their_language(browser, base_url: str, locale: str, lang: str) -> None:  # type: ignore[no-untyped-def]
    """The root page redirects to the browser's language, English when it has none of ours."""
    context = browser.new_context(locale=locale)
    page = context.new_page()
    page.goto(f"{base_url}/")
    page.wait_for_url(f"{base_url}/{lang}/index.html", timeout=15_000)
    assert page.evaluate("document.documentElement.lang") == lang
    context.close()


def test_root_without_javascript_lists_the_languages(browser, base_url: str) -> None:  # type: ignore[no-untyped-def]
    """Without JavaScript the root page stays and offers the four languages by native name."""
    context = browser.new_context(java_script_enabled=False, locale="fr-FR")
    page = context.new_page()
    page.goto(f"{base_url}/")
    assert page.url == f"{base_url}/"
    names = page.eval_on_selector_all("main a", "els => els.map(e => e.textContent.trim())")
    assert names == ["English", "Français", "Italiano", "Nederlands"]
    context.close()
