"""Site-wide Sphinx extension for the Linger Longer rules site.

- The ``{card}`KC``` role: a card in the page's language (``R♣`` in French),
  red suits marked, with a spoken name for screen readers.
- Catalogs compiled tolerantly before each build (:mod:`linger_i18n.catalogs`):
  a broken entry falls back to English instead of breaking the build.
- Translated text never becomes raw HTML: a ``<script>`` in a ``msgstr`` is
  shown as text.
- Template context for every page: the language switcher (native names,
  same page in each language), ``hreflang`` alternates, and the notice shown
  on a page whose translation is incomplete (its text comes from the
  ``linger_site`` catalog, so it reads in the page's language).
"""

from __future__ import annotations

import hashlib
import json
import html
import math
import re
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.parsers.rst.states import Inliner
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.locale import get_translation
from sphinx.transforms import SphinxTransform
from sphinx.util import logging
from sphinx.util.nodes import extract_messages
from sphinx.writers.html5 import HTML5Translator

from linger_i18n.catalogs import compile_language
from linger_longer.languages import CODES, LANGUAGES, SOURCE

__version__ = "0.1.0"

logger = logging.getLogger(__name__)

SITE_DOMAIN = "linger_site"
_ = get_translation(SITE_DOMAIN)

def N_(message: str) -> str:
    """Mark a message for extraction into the ``linger_site`` catalog; it is translated where it is used."""
    return message


#: The theme's own words that Sphinx's catalogs do not translate, each with the HTML it sits in
#: (``{}`` is the text). Furo writes some of them without gettext and others with messages
#: Sphinx's catalogs lack; ``page.html`` swaps each for its translation, escaped.
THEME_WORDS: tuple[tuple[str, str], ...] = (
    ('aria-label="{}"', N_("Toggle site navigation sidebar")),
    ('aria-label="{}"', N_("Toggle table of contents sidebar")),
    ('aria-label="{}"', N_("Toggle Light / Dark / Auto color theme")),
    ("<title>{}</title>", N_("Contents")),
    ("<title>{}</title>", N_("Light mode")),
    ("<title>{}</title>", N_("Dark mode")),
    ("<title>{}</title>", N_("Auto light/dark, in light mode")),
    ("<title>{}</title>", N_("Auto light/dark, in dark mode")),
    ('href="#furo-main-content">{}</a>', N_("Skip to content")),
    ("<span>{}</span>", N_("Back to top")),
    ("<span>{}</span>", N_("Next")),
    ("<span>{}</span>", N_("Previous")),
    ('<div class="title">{}</div>', N_("Home")),
    ('<span class="toc-title">\n            {}\n', N_("On this page")),
    ('<p class="admonition-title">{}</p>', N_("Error")),
    ("\n    {}\n", N_("Please activate JavaScript to enable the search functionality.")),
    ("&#169; 2026, {}", N_("The Linger Longer contributors")),  # the copyright holder, from conf.py
)


#: The theme's footer credit: its links, the credit as Furo writes it, and a sentence of ours that words it.
CREDIT_LINKS = {
    "sphinx": '<a href="https://www.sphinx-doc.org/">Sphinx</a>',
    "furo": '<a href="https://github.com/pradyunsg/furo">Furo</a>',
    "author": '<a class="muted-link" href="https://pradyunsg.me">@pradyunsg</a>',
}
THEME_CREDIT = "Made with {sphinx} and {author}'s\n            \n            {furo}".format(**CREDIT_LINKS)
CREDIT = N_("Made with {sphinx} and {furo}, the theme by {author}")


def theme_words(lang: str) -> list[tuple[str, str]]:
    """(English HTML, translated HTML) pairs for :data:`THEME_WORDS` and the footer credit; none for English
    or untranslated words."""
    if lang == DEFAULT_LANGUAGE:
        return []
    pairs = []
    for markup, english in THEME_WORDS:
        translated = str(_(english))
        if translated != english:
            pairs.append((markup.format(english), markup.format(html.escape(translated, quote=True))))
    credit = theme_credit()
    if credit:
        pairs.append((THEME_CREDIT, credit))
    return pairs


def theme_credit() -> str | None:
    """The footer credit in the build's language, its words escaped and its links kept; None while it is
    untranslated or its translation cannot be read (the theme's English credit then stays)."""
    translated = str(_(CREDIT))
    if translated == CREDIT:
        return None
    try:  # the catalog compiler already leaves out an entry whose placeholders differ; this catches stray braces
        return html.escape(translated, quote=True).format(**CREDIT_LINKS)
    except (KeyError, IndexError, ValueError):
        return None


DEFAULT_LANGUAGE = SOURCE


#: The search page's status line (Sphinx's searchtools.js); Sphinx's own Dutch and Italian catalogs leave it
#: empty, so the line showed in English. Ours translate it; linger-search-i18n.js uses them first.
SEARCH_WORDS: tuple[tuple[str, str], ...] = (
    (
        N_("Search finished, found one page matching the search query."),
        N_("Search finished, found ${resultCount} pages matching the search query."),
    ),
)


def search_words(lang: str) -> dict[str, list[str]]:
    """Sphinx's English singular -> [singular, plural] in the build's language, for the translated pairs only."""
    if lang == DEFAULT_LANGUAGE:
        return {}
    words = {}
    for one, other in SEARCH_WORDS:
        pair = [str(_(one)), str(_(other))]
        if pair != [one, other] and "${resultCount}" in pair[1]:
            words[one] = pair
    return words


def add_search_words(app: Sphinx) -> None:
    """Give the search page the status line from our catalogs (a JSON object, so catalog text stays text)."""
    words = search_words(page_language(app.config))
    if words:
        body = "window.LINGER_SEARCH_WORDS = " + json.dumps(words, ensure_ascii=True).replace("<", "\\u003c") + ";"
        app.add_js_file(None, body=body)


class no_search(nodes.General, nodes.Element):  # noqa: N801 (a docutils node class)
    """Wraps widget markup so Sphinx's indexer skips it (class ``no-search``); writes nothing itself."""


def _pass(self: HTML5Translator, node: nodes.Element) -> None:
    pass


#: Walkthrough node classes (tutorial/linger_walkthrough) whose text is the widget's, not the page's prose.
WIDGET_NODES = frozenset({"walkthrough_engine_output"})


def keep_widgets_out_of_search(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Raw HTML (the Play and puzzle forms, drawn tables) and the walkthrough's engine output stay out of
    the search index: their words are labels and cards, not rules. HTML builders only (the wrapper has
    no other writer)."""
    if app.builder.format != "html":
        return
    for node in list(doctree.findall(nodes.Element)):
        if isinstance(node, nodes.raw) and "html" in node.get("format", "").split():
            wrapper = no_search(classes=["no-search"])
            node.replace_self(wrapper)
            wrapper += node
        elif type(node).__name__ in WIDGET_NODES:
            node["classes"].append("no-search")


def page_language(config: Config) -> str:
    """The site language of this build (``fr_BE`` reads as ``fr``; unknown as English)."""
    lang = (config.language or DEFAULT_LANGUAGE).replace("-", "_").split("_")[0].lower()
    return lang if lang in CODES else DEFAULT_LANGUAGE


# -- The {card} role ---------------------------------------------------------


class card(nodes.inline):
    """A playing card in running text. Non-HTML builders render its label as text."""


def _card_name(card_obj: Any, lang: str) -> str:
    from linger_longer.narrate import card_name

    return str(card_name(card_obj, lang))


def card_role(
    name: str,
    rawtext: str,
    text: str,
    lineno: int,
    inliner: Inliner,
    options: dict[str, Any] | None = None,
    content: list[str] | None = None,
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    """``{card}`KC``` → ``K♣`` (``R♣`` on French pages), with its spoken name."""
    from linger_longer.cards import Card

    env = inliner.document.settings.env
    lang = page_language(env.config)
    try:
        parsed = Card.parse(text)
    except ValueError as exc:
        msg = inliner.reporter.error(f"{{card}} role: invalid card code {text!r}: {exc}", line=lineno)
        prb = inliner.problematic(rawtext, rawtext, msg)
        return [prb], [msg]
    colour = "ll-red" if parsed.suit.is_red else "ll-black"
    node = card(rawtext, parsed.label(lang), classes=["ll-card", colour])
    node["aria_label"] = _card_name(parsed, lang)
    node["code"] = parsed.code
    return [node], []


def visit_card_html(self: HTML5Translator, node: card) -> None:
    classes = " ".join(node["classes"])
    self.body.append(
        f'<span class="{html.escape(classes)}" role="img" '
        f'aria-label="{html.escape(node["aria_label"])}">{html.escape(node.astext())}</span>'
    )
    raise nodes.SkipNode


def depart_card_html(self: HTML5Translator, node: card) -> None:  # pragma: no cover - SkipNode
    pass


# -- Translations: never raw HTML, progress for every page ---------------------


class TranslatedRawAsText(SphinxTransform):
    """Show raw HTML that arrived through a translation as text.

    MyST turns inline HTML into raw nodes; in a ``msgstr`` that would let a
    catalog inject markup (or a script) into the page. The English source is
    trusted, the catalogs are not.
    """

    default_priority = 21  # right after sphinx.transforms.i18n.Locale (20)

    def apply(self, **kwargs: Any) -> None:
        for raw in list(self.document.findall(nodes.raw)):
            parent = raw.parent
            while parent is not None and not parent.get("translated"):
                parent = parent.parent
            if parent is not None:
                raw.replace_self(nodes.Text(raw.astext()))


class CountUntranslatedPages(SphinxTransform):
    """Give a page without any catalog a translation progress of 0 of N.

    Sphinx's ``Locale`` transform returns early when a page has no catalog,
    so its ``TranslationProgressTotaliser`` counts 0 of 0 for it.
    """

    default_priority = 26  # after TranslationProgressTotaliser (25)

    def apply(self, **kwargs: Any) -> None:
        if page_language(self.config) == DEFAULT_LANGUAGE:
            return
        progress = self.document.get("translation_progress")
        if progress is None or progress["total"]:
            return
        total = sum(1 for _node in extract_messages(self.document))
        self.document["translation_progress"] = {"total": total, "translated": 0}


def compile_catalogs(app: Sphinx, config: Config) -> None:
    """Compile this language's catalogs (tolerantly) and load the site's own domain."""
    lang = page_language(config)
    for locale_dir in config.locale_dirs:
        path = Path(app.srcdir, locale_dir)
        if lang != DEFAULT_LANGUAGE and (path / lang).is_dir():
            cache = Path(app.doctreedir, "linger-catalogs.json")
            left_out = compile_language(path, lang, cache=cache)
            for problem in left_out:
                # Not a warning: the build must survive a broken entry (English shows);
                # `nox -s i18n` is the gate that fails on it.
                logger.info("catalog entry left out (shown in English): %s", problem)
            if left_out:
                logger.info("%d catalog entries left out; run `nox -s i18n` for details", len(left_out))
        app.add_message_catalog(SITE_DOMAIN, str(path))


def site_catalog_changed(app: Sphinx, env: Any, added: set[str], changed: set[str], removed: set[str]) -> list[str]:
    """Every page shows words from the site's own catalog (the switcher, the notice, the theme's words), so
    when that catalog changes every page is read and written again, not only the pages whose text changed."""
    lang = page_language(app.config)
    digests = [
        hashlib.sha256(mo.read_bytes()).hexdigest()
        for locale_dir in app.config.locale_dirs
        if (mo := Path(app.srcdir, locale_dir, lang, "LC_MESSAGES", f"{SITE_DOMAIN}.mo")).is_file()
    ]
    if getattr(env, "linger_site_catalog", None) == digests:
        return []
    env.linger_site_catalog = digests
    return sorted(env.found_docs - added - changed)


_UNTRANSLATED = re.compile(r'<(\w+)((?:\s[^>]*?)?\sclass="(?:[^"]*\s)?untranslated(?:\s[^"]*)?")')


_CODE_BLOCK = '<div class="highlight"><pre>'
_TABLE_WRAPPER = '<div class="table-wrapper'  # the theme's box around a table, which scrolls on a narrow screen


def focusable_code_blocks(body: str) -> str:
    """Code blocks and tables reachable with the keyboard: one wider than the page scrolls, and a region that
    scrolls must take the focus so the arrow keys can scroll it (WCAG 2.1.1, axe's scrollable-region-focusable).

    >>> focusable_code_blocks('<div class="highlight"><pre>x = 1</pre></div>')
    '<div class="highlight"><pre tabindex="0">x = 1</pre></div>'
    >>> focusable_code_blocks('<div class="table-wrapper docutils container"><table></table></div>')
    '<div tabindex="0" class="table-wrapper docutils container"><table></table></div>'
    """
    body = body.replace(_CODE_BLOCK, '<div class="highlight"><pre tabindex="0">')
    return body.replace(_TABLE_WRAPPER, '<div tabindex="0" class="table-wrapper')


#: The pages kept out of the contents (the front page's and the sidebar's, which list the rules and the learning
#: pages) and linked from every page's footer instead, under their own titles: the translators' section.
FOOTER_PAGES = ("translators",)


def footer_links(app: Sphinx, pathto: Any) -> list[dict[str, str]]:
    """The footer's links: each page of :data:`FOOTER_PAGES` the site has, titled in the page's language."""
    titles = app.env.titles
    return [{"href": pathto(name), "text": titles[name].astext()} for name in FOOTER_PAGES if name in titles]


def page_context(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any],
                 doctree: nodes.document | None) -> None:
    """Language switcher, hreflang alternates, the translation notice, and code blocks the keyboard can scroll."""
    if "body" in context:
        context["body"] = focusable_code_blocks(context["body"])
    lang = page_language(app.config)
    uri = app.builder.get_target_uri(pagename)
    up = "../" * (pagename.count("/") + 1)
    base = (app.config.linger_base_url or "").rstrip("/")

    def href(code: str, target: str = uri) -> str:
        return f"{base}/{code}/{target}" if base else f"{up}{code}/{target}"

    context["linger_languages_label"] = str(_("Language"))
    context["linger_languages"] = [
        {"code": language.code, "name": language.name, "href": href(language.code), "current": language.code == lang}
        for language in LANGUAGES
    ]
    alternates = [{"hreflang": code, "href": href(code)} for code in CODES]
    if pagename == app.config.root_doc:
        default = f"{base}/index.html" if base else f"{up}index.html"
    else:
        default = href(DEFAULT_LANGUAGE)
    alternates.append({"hreflang": "x-default", "href": default})
    context["linger_alternates"] = alternates

    context["linger_theme_words"] = theme_words(lang)
    context["linger_footer_links"] = footer_links(app, context["pathto"])
    context["linger_notice"] = None
    if lang == DEFAULT_LANGUAGE or doctree is None:
        return
    progress = doctree.get("translation_progress") or {"total": 0, "translated": 0}
    total, done = progress["total"], progress["translated"]
    if total and done < total:
        percent = math.floor(100 * done / total)
        notice = {
            "text": str(_("This page is only partly translated ({percent}%). "
                          "Passages that are not translated yet are shown in English.")).format(percent=percent),
            "percent": percent,
            "help": None,
        }
        if "translators" in app.env.found_docs:
            notice["help"] = {"text": str(_("Help translate this site")),
                              "href": context["pathto"]("translators")}
        context["linger_notice"] = notice
    # Untranslated passages are English: say so, so screen readers pronounce them right.
    if "body" in context:
        context["body"] = _UNTRANSLATED.sub(r'<\1\2 lang="en"', context["body"])


def _speed_up_myst_translations() -> None:
    """Stop MyST from building throw-away docutils settings for every translated message.

    ``myst_parser``'s ``setup_render`` evaluates ``make_document()`` eagerly as the
    default of ``options.get("document", ...)``, even though Sphinx always passes
    the document. Each call populates docutils' option parser (several ms), and
    Sphinx parses every ``msgstr`` separately: about a third of a French build
    went there. Caching the default settings keeps the behaviour (each call still
    gets its own copy) and makes translated builds, full and incremental, faster.
    """
    try:
        from myst_parser.mdit_to_docutils import base
    except ImportError:  # pragma: no cover - myst_parser is a hard requirement of conf.py
        return
    if getattr(base.make_document, "_linger_cached", False):
        return
    import copy
    import functools

    from docutils.frontend import get_default_settings
    from docutils.utils import new_document

    @functools.cache
    def default_settings(parser_cls: type) -> Any:
        return get_default_settings(parser_cls)

    def make_document(source_path: str = "notset", parser_cls: type = base.RSTParser) -> nodes.document:
        return new_document(source_path, settings=copy.deepcopy(default_settings(parser_cls)))

    make_document._linger_cached = True  # type: ignore[attr-defined]
    base.make_document = make_document


def cache_compiled_templates(app: Sphinx) -> None:
    """Keep Jinja's compiled templates between builds (in the doctree folder).

    Every ``sphinx-build`` compiles Furo's templates again, a fixed cost that
    dominates a one-page rebuild. Jinja checks each template's source before
    using the cached code, so an edited template is compiled afresh.
    """
    import jinja2

    environment = getattr(getattr(app.builder, "templates", None), "environment", None)
    if isinstance(environment, jinja2.Environment) and environment.bytecode_cache is None:
        cache = Path(app.doctreedir, "jinja-bytecode")
        cache.mkdir(parents=True, exist_ok=True)
        environment.bytecode_cache = jinja2.FileSystemBytecodeCache(str(cache))


def setup(app: Sphinx) -> dict[str, Any]:
    _speed_up_myst_translations()
    app.connect("builder-inited", cache_compiled_templates)
    app.add_config_value("linger_base_url", "", "html", types=frozenset({str}))
    app.add_node(card, html=(visit_card_html, depart_card_html))
    app.add_role("card", card_role)
    app.add_transform(TranslatedRawAsText)
    app.add_transform(CountUntranslatedPages)
    app.connect("config-inited", compile_catalogs)
    app.connect("env-get-outdated", site_catalog_changed)
    app.connect("html-page-context", page_context)
    app.add_node(no_search, html=(_pass, _pass))
    app.connect("doctree-resolved", keep_widgets_out_of_search)
    app.connect("builder-inited", add_search_words)
    app.add_js_file("linger-search-i18n.js")  # after Sphinx's doctools.js (see the file)
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True}
