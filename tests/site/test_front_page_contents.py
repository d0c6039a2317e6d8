"""The front page's contents and the sidebar list the rules and the learning pages; the translators' pages have a
section of their own, reached from every page's footer (read from the built site, four languages)."""

from __future__ import annotations

import html.parser
from pathlib import Path

import pytest

from linger_longer.languages import CODES

#: The rules and the learning pages, in the order the front page lists them.
RULES_AND_LEARNING = ("learn", "how-to-play", "summary", "profiles", "variants", "scoring", "strategy", "play", "puzzles",
                      "opponents", "faq", "glossary", "sources")
#: The pages for translators only.
TRANSLATOR_PAGES = ("translators", "status")


class Links(html.parser.HTMLParser):
    """The hrefs of the links inside the elements of one class (nested ones included), in order."""

    def __init__(self, css_class: str) -> None:
        super().__init__()
        self.css_class = css_class
        self.depth = 0  # open elements since the first one of that class (0: outside)
        self.hrefs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if self.depth:
            self.depth += tag not in VOID
        elif self.css_class in (found.get("class") or "").split():
            self.depth = 1
        if self.depth and tag == "a" and found.get("href"):
            self.hrefs.append(found["href"].split("#")[0])

    def handle_endtag(self, tag: str) -> None:
        if self.depth and tag not in VOID:
            self.depth -= 1


VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


def links(page: Path, css_class: str) -> list[str]:
    parser = Links(css_class)
    parser.feed(page.read_text(encoding="utf-8"))
    return parser.hrefs


@pytest.mark.parametrize("lang", CODES)
def test_front_page_contents_are_the_rules_and_learning_pages(built_site: Path, lang: str) -> None:
    front = built_site / lang / "index.html"
    contents = links(front, "toctree-wrapper")
    listed = list(dict.fromkeys(href.removesuffix(".html") for href in contents))
    assert listed == list(RULES_AND_LEARNING), listed
    sidebar = {href.removesuffix(".html") for href in links(front, "sidebar-tree")}
    assert set(RULES_AND_LEARNING) <= sidebar
    assert not sidebar & set(TRANSLATOR_PAGES), sidebar


@pytest.mark.parametrize("lang", CODES)
def test_translators_section_is_built_and_reached_from_the_footer(built_site: Path, lang: str) -> None:
    for name in TRANSLATOR_PAGES:
        assert (built_site / lang / f"{name}.html").is_file(), name
    for name in ("index", "how-to-play", "status"):  # the footer of every page, the translators' own pages too
        page = built_site / lang / f"{name}.html"
        assert links(page, "ll-footer-links") == ["translators.html"], page
        assert not {h.removesuffix(".html") for h in links(page, "sidebar-tree")} & set(TRANSLATOR_PAGES), page
    # The translators' page leads on to the status page.
    assert "status.html" in links(built_site / lang / "translators.html", "main")
