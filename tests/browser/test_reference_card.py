"""The reference card (summary.html) and the PDFs of the rules (``tools/pdf.py``, ``nox -s pdf``).

- The card prints on one page, A4 and Letter, in every language, with the game's name, and its QR code
  (read back from the printed page by a QR decoder) leads to the configured address.
- The full rules' PDF holds the five pages' headings, and every page carries the game's name and its number.
- The pages link the PDFs, which exist; the card page passes axe-core in both colour schemes and asks
  nothing from outside the site.

The PDFs are written once for the session (or kept from ``nox -s tests``, which writes them after its build,
when they are newer than the pages they print).
"""

from __future__ import annotations

import re
import runpy
import unicodedata
from pathlib import Path

import pytest

from linger_longer.languages import CODES
from linger_walkthrough.reference_card import PDFS, pdf_name, site_address
from tools.pdf import RULES_PAGES, write_pdfs

REPO = Path(__file__).resolve().parents[2]
GAME = "Linger Longer"


def configured_address() -> str:
    """``linger_site_address`` as ``docs/conf.py`` sets it (in this environment, as the build did)."""
    return runpy.run_path(str(REPO / "docs" / "conf.py"))["linger_site_address"]


def _stale(site: Path) -> bool:
    pages = [site / lang / f"{name}.html" for lang in CODES for name in ("summary", *RULES_PAGES)]
    pdfs = [site / lang / "pdf" / pdf_name(key, lang) for lang in CODES for key in PDFS]
    if not all(p.is_file() for p in pdfs):
        return True
    return min(p.stat().st_mtime for p in pdfs) < max(p.stat().st_mtime for p in pages)


@pytest.fixture(scope="session")
def pdfs(site_dir: Path, chromium) -> dict[tuple[str, str], Path]:  # type: ignore[no-untyped-def]
    """Every language's PDFs, by (language, key): written now unless up to date."""
    if _stale(site_dir):
        write_pdfs(site_dir, CODES, browser=chromium)
    return {(lang, key): site_dir / lang / "pdf" / pdf_name(key, lang) for lang in CODES for key in PDFS}


def pdf_text(path: Path) -> list[str]:
    from pypdf import PdfReader

    return [page.extract_text() or "" for page in PdfReader(path).pages]


def page_titles(site: Path, lang: str) -> list[str]:
    """The ``<h1>`` of each page of the full rules, as built in ``lang``."""
    titles = []
    for name in RULES_PAGES:
        html = (site / lang / f"{name}.html").read_text(encoding="utf-8")
        found = re.search(r"<h1\b[^>]*>(.*?)<a class=\"headerlink\"", html, re.S)
        assert found, f"{lang}/{name}.html has no <h1>"
        titles.append(re.sub(r"<[^>]+>", "", found.group(1)).strip())
    return titles


def squeeze(text: str) -> str:
    """Text without its spaces and line breaks (the PDF's text extraction breaks lines where it likes), its
    ligatures (``ﬁ``) as letters."""
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", text))


@pytest.mark.parametrize("key", ["card-a4", "card-letter"])
@pytest.mark.parametrize("lang", CODES)
def test_the_card_prints_on_one_page_with_the_games_name(pdfs, site_dir: Path, lang: str, key: str) -> None:  # type: ignore[no-untyped-def]
    pages = pdf_text(pdfs[lang, key])
    assert len(pages) == 1, f"the {lang} reference card prints on {len(pages)} pages ({key})"
    assert GAME in pages[0]
    summary = (site_dir / lang / "summary.html").read_text(encoding="utf-8")
    h1 = re.sub(r"<[^>]+>", "", re.search(r"<h1\b[^>]*>(.*?)<a class", summary, re.S).group(1)).strip()
    assert squeeze(h1) in squeeze(pages[0]), f"{h1!r} is not on the printed {lang} card"
    assert squeeze(site_address(configured_address(), lang)) in squeeze(pages[0])


@pytest.mark.parametrize("key", ["card-a4", "card-letter"])
@pytest.mark.parametrize("lang", CODES)
def test_the_cards_qr_code_leads_to_the_site(pdfs, lang: str, key: str) -> None:  # type: ignore[no-untyped-def]
    import pypdfium2
    import zxingcpp

    document = pypdfium2.PdfDocument(str(pdfs[lang, key]))
    try:
        image = document[0].render(scale=3).to_pil()
    finally:
        document.close()
    found = [code.text for code in zxingcpp.read_barcodes(image) if code.format == zxingcpp.BarcodeFormat.QRCode]
    assert found == [site_address(configured_address(), lang)]


def test_the_qr_decoder_can_fail() -> None:
    """A page without a QR code decodes to nothing (so the test above can fail)."""
    from PIL import Image
    import zxingcpp

    assert zxingcpp.read_barcodes(Image.new("RGB", (300, 300), "white")) == []


@pytest.mark.parametrize("lang", CODES)
def test_the_full_rules_pdf_holds_the_pages_numbered(pdfs, site_dir: Path, lang: str) -> None:  # type: ignore[no-untyped-def]
    pages = pdf_text(pdfs[lang, "rules"])
    assert 10 <= len(pages) <= 120, f"the {lang} rules print on {len(pages)} pages"
    whole = squeeze("\n".join(pages))
    at = 0
    for title in page_titles(site_dir, lang):  # in their order (a title may also be named earlier, in a link)
        at = whole.find(squeeze(title), at)
        assert at >= 0, f"the heading {title!r} is missing from the {lang} rules, or out of order"
    for number, text in enumerate(pages, start=1):
        assert GAME in text, f"page {number} of the {lang} rules has no header"
        assert re.search(rf"(?<!\d){number}\s*/\s*{len(pages)}(?!\d)", text), f"page {number} has no number"


@pytest.mark.parametrize("lang", CODES)
def test_the_pages_link_their_pdfs(pdfs, site_dir: Path, lang: str) -> None:  # type: ignore[no-untyped-def]
    for page, keys in (("summary", PDFS), ("how-to-play", ("rules",))):
        html = (site_dir / lang / f"{page}.html").read_text(encoding="utf-8")
        for key in keys:
            href = f"pdf/{pdf_name(key, lang)}"
            assert f'href="{href}"' in html, f"{lang}/{page}.html does not link {href}"
            assert (site_dir / lang / href).stat().st_size > 1000


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_card_page_passes_axe_and_stays_on_the_site(watched_context, open_watched, site_url: str, axe,  # type: ignore[no-untyped-def]
                                                         scheme: str) -> None:
    context, watch = watched_context
    page = open_watched(context, watch)
    page.emulate_media(color_scheme=scheme)
    page.goto(f"{site_url}/en/summary.html")
    assert page.locator(".ll-qr").count() == 1 and page.locator(".ll-drawn-trick .ll-face").count() == 4
    assert axe(page) == []
    watch.check()
