"""The one-page summary prints on one sheet, A4 and Letter, in every language (Chromium's print to PDF)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tools.local_server import serve

LANGS = ("en", "fr", "it", "nl")


@pytest.fixture(scope="module")
def base_url(built_site: Path) -> Iterator[str]:
    with serve(built_site) as url:
        yield url


def pdf_pages(pdf: bytes) -> int:
    """The number of pages of a PDF: its page objects (``/Type /Page``, not the ``/Pages`` tree)."""
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))


@pytest.mark.parametrize("paper", ["A4", "Letter"])
@pytest.mark.parametrize("lang", LANGS)
def test_the_summary_prints_on_one_page(chromium, base_url: str, lang: str, paper: str) -> None:  # type: ignore[no-untyped-def]
    page = chromium.new_page()
    try:
        page.goto(f"{base_url}/{lang}/summary.html")
        assert page.locator("h1").count() == 1
        pdf = page.pdf(format=paper, margin={"top": "12mm", "bottom": "12mm", "left": "12mm", "right": "12mm"})
    finally:
        page.close()
    assert pdf.startswith(b"%PDF")
    assert pdf_pages(pdf) == 1, f"the {lang} summary prints on {pdf_pages(pdf)} {paper} pages"


def test_the_page_count_counts_pages() -> None:
    """The counter tells one page from two (so the test above can fail)."""
    one = b"%PDF-1.4 1 0 obj << /Type /Pages /Count 1 >> 2 0 obj << /Type /Page >>"
    two = one + b" 3 0 obj << /Type /Page >>"
    assert (pdf_pages(one), pdf_pages(two)) == (1, 2)
