"""The built site in build/site (``nox -s tests`` builds it fresh with -W first).

These tests read the real site: four languages, switchers, hreflang, shared
assets, the root language chooser and search per language.
"""

from __future__ import annotations

import html
import html.parser
import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from linger_i18n.po import read_po
from linger_longer.languages import LANGUAGES, TRANSLATED, language

LANGS = {lang.code: lang.name for lang in LANGUAGES}  #: every language, by its own name
KING_OF_CLUBS = {"en": "K♣", "fr": "R♣", "it": "K♣", "nl": "H♣"}


class Links(html.parser.HTMLParser):
    """Collect the tags and attributes of one page."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, {k: v or "" for k, v in attrs}))


def parse(path: Path) -> list[tuple[str, dict[str, str]]]:
    p = Links()
    p.feed(path.read_text(encoding="utf-8"))
    return p.tags


def _words(text: str) -> str:
    """Text as words, ignoring what smart quotes and typography change."""
    for straight, typographic in (("--", "–"), ("...", "…")):
        text = text.replace(straight, typographic)
    text = re.sub(r"[\"'“”‘’«»]", " ", text)
    return " ".join(text.split())


def pages(site: Path, lang: str) -> list[Path]:
    return sorted((site / lang).rglob("*.html"))


@pytest.mark.parametrize("lang", LANGS)
def test_every_language_is_built(built_site: Path, lang: str) -> None:
    """Each language has its pages, search page and search index, with <html lang> set."""
    for name in ("index.html", "how-to-play.html", "search.html", "searchindex.js"):
        assert (built_site / lang / name).is_file(), name
    for page in pages(built_site, lang):
        tag, attrs = parse(page)[0]
        assert tag == "html" and attrs.get("lang") == lang, page


@pytest.mark.parametrize("lang", LANGS)
def test_switcher_and_hreflang_on_every_page(built_site: Path, lang: str) -> None:
    """Every page links to itself in the four languages (native names) and declares hreflang alternates."""
    for page in pages(built_site, lang):
        rel = page.relative_to(built_site / lang).as_posix()
        tags = parse(page)
        alternates = {a["hreflang"]: a["href"] for t, a in tags if t == "link" and a.get("rel") == "alternate"}
        assert set(alternates) == {*LANGS, "x-default"}, page
        switcher = [a for t, a in tags if t == "a" and a.get("hreflang") in LANGS and "ll-" not in a.get("href", "")]
        hrefs = {a["hreflang"]: a for a in switcher}
        assert set(hrefs) == set(LANGS), page
        for code in LANGS:
            target = (page.parent / hrefs[code]["href"]).resolve()
            assert target == (built_site / code / rel).resolve(), (page, code)
            assert target.is_file(), (page, code)
            assert (page.parent / alternates[code]).resolve() == target
        current = [a for a in switcher if a.get("aria-current")]
        assert [a["hreflang"] for a in current] == [lang], page


def test_french_page_reads_in_french(built_site: Path, repo_root: Path) -> None:
    """A French page shows French text, French rank letters and a working link to the Dutch page."""
    page = built_site / "fr" / "how-to-play.html"
    text = page.read_text(encoding="utf-8")
    assert 'aria-label="Langue"' in text  # the switcher, from the linger_site catalog
    assert 'placeholder="Recherche"' in text  # Sphinx's own French catalog
    assert re.search(r'class="ll-card ll-black" role="img" aria-label="[^"]+">R♣</span>', text)
    assert ">K♣</span>" not in text
    # Every translated plain-text message of the page's catalog is what the reader sees.
    catalog = read_po(repo_root / "locales" / "fr" / "LC_MESSAGES" / "how-to-play.po")
    plain = [e.msgstr for e in catalog.entries
             if e.msgstr and not e.fuzzy and not re.search(r"[`*_{}\[\]<>|]", e.msgstr)]
    shown = _words(html.unescape(re.sub(r"<[^>]+>", " ", text)))
    for msgstr in plain:
        assert _words(msgstr) in shown, msgstr
    dutch = [a for t, a in parse(page) if t == "a" and a.get("hreflang") == "nl"][0]
    assert dutch["href"] == "../nl/how-to-play.html"
    assert (page.parent / dutch["href"]).is_file()
    assert "<span>Nederlands</span>" in text or ">Nederlands</a>" in text


@pytest.mark.parametrize("lang", LANGS)
def test_rank_letters_follow_the_language(built_site: Path, lang: str) -> None:
    """The king of clubs shows as K♣, R♣, K♣ and H♣ in en, fr, it and nl."""
    text = (built_site / lang / "how-to-play.html").read_text(encoding="utf-8")
    assert f">{KING_OF_CLUBS[lang]}</span>" in text


def test_root_index_lists_the_four_languages(built_site: Path) -> None:
    """build/site/index.html links to the four languages by native name and redirects without inline script."""
    index = built_site / "index.html"
    text = index.read_text(encoding="utf-8")
    tags = parse(index)
    links = {a["hreflang"]: a["href"] for t, a in tags if t == "a"}
    assert links == {code: f"{code}/index.html" for code in LANGS}
    for code, name in LANGS.items():
        assert f">{name}</a>" in text
        assert (built_site / code / "index.html").is_file()
    scripts = [a for t, a in tags if t == "script"]
    assert scripts and all(a.get("src") for a in scripts), "the redirect must be an external script"
    assert re.search(r"<script[^>]*>\s*</script>", text)
    for s in scripts:
        assert (built_site / s["src"]).is_file()


def test_shared_assets_are_stored_once(built_site: Path) -> None:
    """Assets identical in every language live in build/site/_static; language files stay per language."""
    shared = built_site / "_static"
    assert (shared / "styles" / "furo.css").is_file()
    assert (shared / "linger.css").is_file()
    for lang in LANGS:
        own = built_site / lang / "_static"
        assert not (own / "styles" / "furo.css").exists()
        assert (own / "documentation_options.js").is_file()
        assert f"LANGUAGE: '{lang}'" in (own / "documentation_options.js").read_text(encoding="utf-8")
        assert (own / "language_data.js").is_file()
    assert "french" in (built_site / "fr" / "_static" / "language_data.js").read_text(encoding="utf-8").lower()


@pytest.mark.parametrize("lang", LANGS)
def test_every_local_link_resolves(built_site: Path, lang: str) -> None:
    """No page refers to a local file that is not there (checks the asset rewriting)."""
    broken = []
    for page in pages(built_site, lang):
        for tag, attrs in parse(page):
            for attr in ("href", "src"):
                url = attrs.get(attr)
                if not url or url.startswith(("#", "mailto:", "data:", "javascript:")):
                    continue
                parts = urlsplit(url)
                if parts.scheme or parts.netloc:
                    continue
                target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
                if not target.exists():
                    broken.append(f"{page.relative_to(built_site)}: <{tag} {attr}={url!r}>")
    assert not broken, "\n".join(broken[:20])


@pytest.mark.parametrize("lang", LANGS)
def test_search_works_per_language(built_site: Path, lang: str) -> None:
    """Search loads the shared search code and the language's own index and stemmer."""
    search = built_site / lang / "search.html"
    tags = parse(search)
    srcs = [a["src"] for t, a in tags if t == "script" and a.get("src")]
    assert any(s.startswith("searchindex.js") for s in srcs)
    assert any(s.startswith("../_static/searchtools.js") for s in srcs)
    assert any(s.startswith("_static/language_data.js") for s in srcs)
    index = (built_site / lang / "searchindex.js").read_text(encoding="utf-8")
    assert '"how-to-play"' in index


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_themes_own_words_are_translated(built_site: Path, repo_root: Path, lang: str) -> None:
    """The theme's words (skip link, sidebar toggles, colour theme, next/previous, the search page's
    no-JavaScript message, the copyright holder, the footer credit) read in the page's language: none is
    left in English, each shows its translation."""
    from linger_site import CREDIT, CREDIT_LINKS, THEME_CREDIT, THEME_WORDS

    catalog = {e.msgid: e.msgstr for e in read_po(repo_root / "locales" / lang / "LC_MESSAGES" / "linger_site.po").entries}
    credit = html.escape(catalog[CREDIT], quote=True).format(**CREDIT_LINKS)
    for name in ("how-to-play.html", "search.html", "play.html"):
        text = (built_site / lang / name).read_text(encoding="utf-8")
        english = [markup.format(word) for markup, word in THEME_WORDS if markup.format(word) in text]
        assert english == [], f"{lang}/{name}: {english}"
        assert html.escape(catalog["Skip to content"], quote=True) in text
        assert THEME_CREDIT not in text and credit in text, f"{lang}/{name}: the footer credit"
    search = (built_site / lang / "search.html").read_text(encoding="utf-8")
    assert html.escape(catalog["Please activate JavaScript to enable the search functionality."], quote=True) in search
    english = (built_site / "en" / "search.html").read_text(encoding="utf-8")
    assert all(markup.format(word) in english for markup, word in THEME_WORDS
               if word in ("Skip to content", "Toggle site navigation sidebar", "Back to top",
                           "The Linger Longer contributors")), "the patterns still fit the theme"
    assert THEME_CREDIT in english, "the footer credit's pattern still fits the theme"


_HEADING = re.compile(r"<h[1-4][^>]*>(.*?)</h[1-4]>", re.S)
_PARAGRAPH = re.compile(r"<p[^>]*>(.*?)</p>", re.S)
_TITLE_LINK = re.compile(r'<a class="reference internal"[^>]*><span class="(?:doc|std std-ref)">(.*?)</span></a>', re.S)


def _plain(fragment: str) -> str:
    fragment = re.sub(r'<a class="headerlink".*?</a>', "", fragment, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", fragment)).strip()


@pytest.mark.parametrize("lang", LANGS)
def test_titles_named_in_sentences_are_quoted(built_site: Path, lang: str) -> None:
    """A page or section title that a sentence names by its link stands in quotation marks (the language's own,
    or the ones its translation wrote), never spliced into the sentence as if it were words of it."""
    opening = language(lang).quotes[0].strip()
    site_pages = pages(built_site, lang)
    titles = {_plain(h) for page in site_pages for h in _HEADING.findall(page.read_text(encoding="utf-8"))}
    spliced = []
    for page in site_pages:
        for paragraph in _PARAGRAPH.findall(page.read_text(encoding="utf-8")):
            for link in _TITLE_LINK.finditer(paragraph):
                title = _plain(link.group(1))
                rest = _plain(paragraph[:link.start()] + paragraph[link.end():])
                if title not in titles or not re.search(r"\w", rest):
                    continue
                before = _plain(paragraph[:link.start()] + "|").rstrip("|").rstrip(" \u00a0")
                if not before.endswith((opening, "«", "“", "‘", "„")):
                    spliced.append(f"{page.name}: …{before[-40:]}[{title}]")
    assert not spliced, "\n".join(spliced)
