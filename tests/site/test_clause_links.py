"""In the built site, in every language: each clause has its anchor on its page, the link from a refused
card's reason reaches it, and each clause's "See it in" line links to walkthroughs that exist."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest

from linger_longer.clauses import CLAUSES
from linger_longer.languages import CODES
from linger_longer.web.question import answer

def ids_of(page: Path) -> set[str]:
    return set(re.findall(r'\sid="([^"]+)"', page.read_text(encoding="utf-8")))


def target(page: Path, href: str) -> tuple[Path, str]:
    """The file and the anchor a relative link on ``page`` leads to."""
    address, _, anchor = href.partition("#")
    return (page.parent / address if address else page), anchor


@pytest.mark.parametrize("lang", CODES)
def test_every_clause_has_its_anchor_on_its_page(built_site: Path, lang: str) -> None:
    for rule in CLAUSES.values():
        assert rule.anchor in ids_of(built_site / lang / f"{rule.page}.html"), (lang, rule)


@pytest.mark.parametrize("lang", CODES)
def test_a_refused_cards_link_reaches_its_clause_in_the_same_language(built_site: Path, lang: str,
                                                                       question_toml: str) -> None:
    """The illegal verdict's link, followed from the page that asked (How to play), lands on the follow-suit
    rule of the same language's How to play page; its words are in that language."""
    verdict = answer(question_toml, lang, 1, "4S")
    href = re.search(r'href="([^"]+)"', verdict["html"]).group(1)
    file, anchor = target(built_site / lang / "how-to-play.html", href)
    assert file == built_site / lang / "how-to-play.html" and anchor == "follow-suit"
    assert anchor in ids_of(file)


@pytest.mark.parametrize("lang", CODES)
def test_each_clause_lists_its_examples_with_working_links(built_site: Path, lang: str) -> None:
    """Under each clause, "See it in" quotes each example's title and links to its walkthrough."""
    lines = 0
    for name in sorted({rule.page for rule in CLAUSES.values()}):
        page = built_site / lang / f"{name}.html"
        for line in re.findall(r'<p class="ll-clause-examples">(.*?)</p>', page.read_text(encoding="utf-8"), re.S):
            lines += 1
            links = re.findall(r'<a class="reference internal" href="([^"]+)">([^<]+)</a>', line)
            assert links, (lang, name, line)
            for href, title in links:
                file, anchor = target(page, href)
                assert anchor.startswith("walkthrough-") and anchor in ids_of(file), (lang, href)
                assert unescape(title).strip()
            text = unescape(re.sub(r"<[^>]+>", "", line))
            assert ("See it in" in text) == (lang == "en"), (lang, text)
    assert lines == len(CLAUSES)
