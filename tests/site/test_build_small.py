"""Small sites built with the project's own conf.py: translation fallbacks and escaping.

Each test writes a tiny source tree and catalogs into a temporary folder and
builds it with ``-n -W --keep-going`` (any warning fails the build).
"""

from __future__ import annotations

import html
import re
import shutil
from pathlib import Path

import pytest

from tools.build_site import BuildError, build_language
from linger_i18n.po import quote

HEADER = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: fr\\n"\n\n'

INDEX = """\
# Home

Welcome to the small site.

A card {card}`KC` and the {term}`trump` suit.

Another card {card}`QH` for the {term}`trump` page.

A sentence whose translation carries a script.

A sentence nobody has translated.

```{toctree}
other
glossary
```
"""

OTHER = """\
# Other

The only paragraph here.
"""

GLOSSARY = """\
# Glossary

```{glossary}
trump
  The suit that beats every other suit.
```
"""


def po(*pairs: tuple[str, str], extra: str = "") -> str:
    return HEADER + "".join(f"msgid {quote(a)}\nmsgstr {quote(b)}\n\n" for a, b in pairs) + extra


def make_site(tmp_path: Path, repo_root: Path, pages: dict[str, str], catalogs: dict[str, str]) -> Path:
    src = tmp_path / "docs"
    src.mkdir()
    for name, text in pages.items():
        (src / f"{name}.md").write_text(text, encoding="utf-8")
    messages = tmp_path / "locales" / "fr" / "LC_MESSAGES"
    messages.mkdir(parents=True)
    shutil.copy(repo_root / "locales" / "fr" / "LC_MESSAGES" / "linger_site.po", messages)
    for name, text in catalogs.items():
        (messages / f"{name}.po").write_text(text, encoding="utf-8")
    return src


def build(tmp_path: Path, repo_root: Path, lang: str, src: Path) -> Path:
    out = tmp_path / "site"
    build_language(lang, out, tmp_path / "doctrees", srcdir=src, confdir=repo_root / "docs", fresh=True)
    return out / lang


@pytest.fixture(scope="module")
def french(tmp_path_factory: pytest.TempPathFactory, repo_root: Path) -> Path:
    """One French build covering good, broken and hostile catalog entries."""
    tmp = tmp_path_factory.mktemp("small")
    src = make_site(
        tmp,
        repo_root,
        {"index": INDEX, "other": OTHER, "glossary": GLOSSARY},
        {
            "index": po(
                ("Home", "Accueil"),
                ("Welcome to the small site.", "Bienvenue sur le petit site."),
                # Broken: a bare glossary role loses its target (Sphinx would warn, -W would fail).
                ("A card {card}`KC` and the {term}`trump` suit.", "Une carte {card}`KC` et la couleur {term}`atout`."),
                ("Another card {card}`QH` for the {term}`trump` page.",
                 "Une autre carte {card}`QH` pour la page {term}`atout <trump>`."),
                ("A sentence whose translation carries a script.",
                 "Une phrase qui porte <script>alert(1)</script> un script."),
            ),
            # A syntax error in the middle of the file: the entries around it still count.
            "other": po(("Other", "Autre"), extra='msgid "Broken\nmsgstr "Cassé"\n\n'
                        + 'msgid "The only paragraph here."\nmsgstr "Le seul paragraphe ici."\n'),
        },
    )
    return build(tmp, repo_root, "fr", src)


def test_broken_entry_falls_back_to_english(french: Path) -> None:
    """A broken entry shows in English; the page's other entries stay translated."""
    page = (french / "index.html").read_text(encoding="utf-8")
    assert "Bienvenue sur le petit site." in page
    assert "A card <span" in page  # the broken entry, in English
    assert "Une carte" not in page
    assert "Une autre carte" in page
    assert re.search(r'<a class="reference internal" href="glossary.html#term-trump"[^>]*>.*?atout', page, re.S)


def test_catalog_with_a_syntax_error_still_builds(french: Path) -> None:
    """A .po file with a syntax error does not break the build; its good entries are used."""
    page = (french / "other.html").read_text(encoding="utf-8")
    assert "Autre" in page and "Le seul paragraphe ici." in page


def test_script_in_a_translation_is_shown_as_text(french: Path) -> None:
    """HTML in a msgstr is escaped text, never a script element."""
    page = (french / "index.html").read_text(encoding="utf-8")
    assert "Une phrase qui porte &lt;script&gt;alert(1)&lt;/script&gt; un script." in page
    assert "<script>alert" not in page


def test_cards_use_the_page_language(french: Path) -> None:
    """{card}`KC` shows the French rank letter, coloured and named for screen readers."""
    page = (french / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<span class="ll-card ll-black" role="img" aria-label="[^"]+">R♣</span>', page)
    assert re.search(r'<span class="ll-card ll-red" role="img" aria-label="[^"]+">D♥</span>', page)


def test_incomplete_translation_notice(french: Path) -> None:
    """A partly translated page says so in French; a complete one does not."""
    index = (french / "index.html").read_text(encoding="utf-8")
    notice = re.search(r'<aside class="ll-translation-notice"[^>]*>(.*?)</aside>', index, re.S)
    assert notice, "no translation notice on a partly translated page"
    assert "Cette page n’est traduite qu’en partie" in notice.group(1)
    glossary = (french / "glossary.html").read_text(encoding="utf-8")
    assert 'data-percent="0"' in glossary  # no catalog at all: nothing translated
    other = (french / "other.html").read_text(encoding="utf-8")
    assert "ll-translation-notice" not in other


def test_untranslated_passages_are_marked_english(french: Path) -> None:
    """English fallback text carries lang="en" so screen readers pronounce it right."""
    page = (french / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<p class="untranslated" lang="en">A sentence nobody has translated.</p>', page)


def test_bad_card_code_fails_the_build(tmp_path: Path, repo_root: Path) -> None:
    """A card role with a bad code is a build error that names the code."""
    src = make_site(tmp_path, repo_root, {"index": "# Home\n\nPlay {card}`ZX` now.\n"}, {})
    with pytest.raises(BuildError) as excinfo:
        build(tmp_path, repo_root, "en", src)
    assert "invalid card code 'ZX'" in str(excinfo.value)


def test_hreflang_uses_the_base_url_when_given(tmp_path: Path, repo_root: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """With LINGER_BASE_URL, alternates are absolute URLs (what search engines ask for)."""
    monkeypatch.setenv("LINGER_BASE_URL", "https://example.org/linger/")
    src = make_site(tmp_path, repo_root, {"index": "# Home\n\nHello.\n\n```{toctree}\nother\n```\n",
                                          "other": OTHER}, {})
    page = (build(tmp_path, repo_root, "en", src) / "other.html").read_text(encoding="utf-8")
    assert '<link rel="alternate" hreflang="fr" href="https://example.org/linger/fr/other.html">' in page
    assert '<link rel="alternate" hreflang="x-default" href="https://example.org/linger/en/other.html">' in page


def test_a_change_to_the_site_catalog_rewrites_every_page(tmp_path: Path, repo_root: Path) -> None:
    """The theme's words come from the site's own catalog and sit on every page: after a translator edits one,
    an incremental build shows the new words on every page, not only on pages whose own text changed."""
    src = make_site(tmp_path, repo_root, {"index": "# Home\n\nHello.\n\n```{toctree}\nother\n```\n",
                                          "other": OTHER}, {})
    site_po = tmp_path / "locales" / "fr" / "LC_MESSAGES" / "linger_site.po"
    out = build(tmp_path, repo_root, "fr", src)
    before = site_po.read_text(encoding="utf-8")
    assert 'msgstr "Haut de page"' in before
    site_po.write_text(before.replace('msgstr "Haut de page"', 'msgstr "Retour en haut"'), encoding="utf-8")
    build_language("fr", tmp_path / "site", tmp_path / "doctrees", srcdir=src, confdir=repo_root / "docs")
    for name in ("index.html", "other.html"):
        page = (out / name).read_text(encoding="utf-8")
        assert "Retour en haut" in page and "Haut de page" not in page, name


TITLES = """\
# Home

Read {doc}`other` first.

See {doc}`other` as well.

Try the {doc}`other page <other>` too.

{doc}`other`

```{toctree}
other
```
"""


def _text(page: str) -> str:
    """A page's words without its tags, entities decoded."""
    return html.unescape(re.sub(r"<[^>]+>", "", page))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_title_named_in_a_sentence_is_quoted(tmp_path: Path, repo_root: Path, lang: str) -> None:
    """A page title that a sentence names by its link stands in the language's quotation marks; a title the
    translation quotes already is not quoted twice; a link with its own words, or alone in its paragraph, has none."""
    src = make_site(tmp_path, repo_root, {"index": TITLES, "other": OTHER}, {
        "index": po(("Home", "Accueil"),
                    ("Read {doc}`other` first.", "Lisez d’abord {doc}`other`."),
                    ("See {doc}`other` as well.", "Voir aussi «\u00a0{doc}`other`\u00a0»."),
                    ("Try the {doc}`other page <other>` too.", "Essayez aussi l’{doc}`autre page <other>`.")),
        "other": po(("Other", "Autre"), ("The only paragraph here.", "Le seul paragraphe ici."))})
    page = (build(tmp_path, repo_root, lang, src) / "index.html").read_text(encoding="utf-8")
    text = _text(page)
    title = {"en": "Other", "fr": "Autre"}[lang]
    expected = {"en": ["Read “Other” first.", "See “Other” as well.", "Try the other page too."],
                "fr": ["Lisez d’abord «\u00a0Autre\u00a0».", "Voir aussi «\u00a0Autre\u00a0».",
                       "Essayez aussi l’autre page."]}[lang]
    for sentence in expected:
        assert sentence in text, sentence
    assert "««" not in text.replace(" ", "").replace("\u00a0", "")
    alone = rf'<p[^>]*><a class="reference internal" href="other.html"><span class="doc">{title}</span></a></p>'
    assert re.search(alone, page), "a link alone in its paragraph is not a sentence: no quotation marks"
