"""The reference card (the one-page rules): the parts the build draws for it.

In a MyST page::

    ```{site-qr}
    ```

    ```{hand-sizes}
    players | cards in each hand | cards in the stock
    ```

    ```{rank-order}
    ```

    ```{drawn-trick}
    :trump: S

    A 7H | B KH | C 3S | D AH
    ```

    ```{pdf-links}
    rules | The rules as PDF
    card-a4 | This card as PDF (A4)
    ```

- ``site-qr``: the game's name, the site's address in the page's language and a QR code to it, an inline
  SVG made now by segno (no request when the page is read). The address is the configuration value
  ``linger_site_address`` (``docs/conf.py``; ``docs/dev/deploying.md`` says how to set it).
- ``hand-sizes``: cards dealt and cards left in the stock for each table size, from the engine's rules.
- ``rank-order``: a suit's ranks from high to low, in the page's letters.
- ``drawn-trick``: one trick drawn by the site's table renderer, its winner decided by the engine.
- ``pdf-links``: links to the PDFs that ``nox -s pdf`` writes into ``<lang>/pdf/`` (:func:`pdf_name`); the
  words are the page's, so they are translated like the rest of it.
"""

from __future__ import annotations

from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from linger_longer.cards import FULL_DECK, Card, Rank, Suit, rank_letter
from linger_longer.rules import MAX_PLAYERS, MIN_PLAYERS, Rules
from linger_longer.trick import trick_winner
from linger_longer.web.render import escape, render_trick_html

from .figures import FiguresTable

#: The PDFs of one language, by the key a ``pdf-links`` line names: what ``tools/pdf.py`` writes.
PDFS = ("rules", "card-a4", "card-letter")


def pdf_name(key: str, lang: str) -> str:
    """The file name of a language's PDF, under ``<lang>/pdf/``.

    >>> pdf_name("card-a4", "fr")
    'linger-longer-card-a4-fr.pdf'
    """
    if key not in PDFS:
        raise ValueError(f"unknown PDF {key!r}: choose one of {', '.join(PDFS)}")
    return f"linger-longer-{key}-{lang}.pdf"


def site_address(base: str, lang: str) -> str:
    """The address of a language's home page on the site.

    >>> site_address("https://example.org/linger", "it")
    'https://example.org/linger/it/'
    """
    return f"{base.rstrip('/')}/{lang}/"


def qr_svg(address: str) -> str:
    """An inline SVG QR code of ``address`` (segno): black on white in both colour schemes (what phones read
    best), with a quiet zone. Hidden from assistive technology: the address beside it says the same."""
    import segno

    code = segno.make(address, error="m", micro=False)
    svg = code.svg_inline(scale=4, border=2, dark="#000", light="#fff", omitsize=True, svgclass="ll-qr",
                          lineclass=None)
    return svg.replace("<svg ", '<svg aria-hidden="true" focusable="false" ', 1)


class SiteQrDirective(SphinxDirective):
    """The game's name, the site's address and its QR code: the head of the reference card."""

    def run(self) -> list[nodes.Node]:
        lang = self.env.config.language or "en"
        base = self.env.config.linger_site_address
        if not base.startswith(("https://", "http://")):
            raise self.error(f"site-qr: linger_site_address is {base!r}; set it in docs/conf.py to the site's "
                             "address (https://...)")
        address = site_address(base, lang)
        html = (f'<div class="ll-card-head"><p class="ll-card-name">{escape(self.env.config.project)}</p>'
                f'<a class="ll-card-address" href="{escape(address)}">{escape(address)}</a>'
                f"{qr_svg(address)}</div>")
        return [nodes.raw("", html, format="html")]


class HandSizesDirective(FiguresTable):
    """Cards in each hand and in the stock for each table size: one row per figure, one column per size."""

    def render(self) -> list[nodes.Node]:
        header, rest = self.header(3)
        if rest:
            raise self.error("hand-sizes: give only the line of 3 row names")
        rules = Rules.from_names("standard")
        sizes = range(MIN_PLAYERS, MAX_PLAYERS + 1)
        rows = [
            [self._words(header[0]), *(self.text(n) for n in sizes)],
            [self._words(header[1]), *(self.text(rules.hand_size(n)) for n in sizes)],
            [self._words(header[2]), *(self.text(len(FULL_DECK) - n * rules.hand_size(n)) for n in sizes)],
        ]
        table = nodes.table(classes=["linger-figures", "ll-hand-sizes"])
        group = nodes.tgroup(cols=1 + len(sizes))
        table += group
        group += nodes.colspec(colwidth=3, stub=1)
        group.extend(nodes.colspec(colwidth=1) for _ in sizes)
        body = nodes.tbody()
        for cells in rows:
            body += self._row(cells)
        group += body
        return [table]


class RankOrderDirective(SphinxDirective):
    """The ranks of a suit from high to low, in the page's letters (``A R D V 10 … 2`` in French)."""

    def run(self) -> list[nodes.Node]:
        lang = self.env.config.language or "en"
        ranks = sorted(Rank, reverse=True)
        strip = nodes.paragraph(classes=["ll-rank-order"], translatable=False)  # the letters are the language's
        for rank in ranks:
            strip += nodes.inline("", rank_letter(rank, lang), classes=["ll-rank"])
            if rank != ranks[-1]:
                strip += nodes.inline("", " > ", classes=["ll-rank-gt"])
        return [strip]


class DrawnTrickDirective(SphinxDirective):
    """One finished trick, drawn: ``NAME CARD | NAME CARD | ...`` in the order played, the first at the bottom."""

    has_content = True
    option_spec: ClassVar[dict[str, Any]] = {"trump": directives.unchanged_required}

    def run(self) -> list[nodes.Node]:
        line = " ".join(self.content).strip()
        try:
            trump = Suit.parse(self.options["trump"])
            plays = [cell.split() for cell in line.split("|")]
            names = [name for name, _ in plays]
            cards = [Card.parse(code) for _, code in plays]
        except (KeyError, ValueError) as error:
            raise self.error(f"drawn-trick: {line!r} (trump {self.options.get('trump')!r}): give ':trump: S' and "
                             f"'NAME CARD | NAME CARD | ...': {error}") from None
        winner = trick_winner(cards, trump)
        lang = self.env.config.language or "en"
        return [drawn_trick(html=render_trick_html([c.code for c in cards], names, trump.letter, winner, lang))]


class drawn_trick(nodes.General, nodes.Element):
    """A trick drawn by the table renderer (its HTML in ``html``); its page links the table's style sheet."""


def visit_drawn_trick(self: Any, node: drawn_trick) -> None:
    self.body.append(node["html"])
    raise nodes.SkipNode


def add_table_style(app: Sphinx, pagename: str, templatename: str, context: dict, doctree: Any) -> None:
    """The table's style sheet on a page with a drawn trick and no widget (a widget's page links it already)."""
    if doctree is not None and next(doctree.findall(drawn_trick), None) is not None:
        app.add_css_file("linger-walkthrough.css")


class pdf_link(nodes.paragraph):
    """A paragraph of page words that becomes a link to one of the language's PDFs once translated."""


class PdfLinksDirective(FiguresTable):
    """Links to the language's PDFs: ``KEY | words`` per line, the words translated like the page's."""

    def render(self) -> list[nodes.Node]:
        items = nodes.bullet_list(classes=["ll-pdf-links"])
        for line in (line for line in self.content if line.strip()):
            key, _, words = (part.strip() for part in line.partition("|"))
            if key not in PDFS or not words:
                raise self.error(f"pdf-links: {line!r}: give 'KEY | words', KEY one of {', '.join(PDFS)}")
            paragraph = pdf_link(words, words, pdf=key)
            paragraph.source, paragraph.line = self.get_source_info()
            item = nodes.list_item()
            item += paragraph
            items += item
        return [items]


def link_pdfs(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Make each translated ``pdf_link`` paragraph's words a link to its PDF (``pdf/<name>`` in the language)."""
    lang = app.config.language or "en"
    up = "../" * docname.count("/")
    for paragraph in doctree.findall(pdf_link):
        link = nodes.reference("", "", refuri=f"{up}pdf/{pdf_name(paragraph['pdf'], lang)}",
                               classes=["ll-pdf-link"])
        link.extend(paragraph.children)
        paragraph.children = []
        paragraph += link


def visit_pdf_link(self: Any, node: pdf_link) -> None:
    self.visit_paragraph(node)


def depart_pdf_link(self: Any, node: pdf_link) -> None:
    self.depart_paragraph(node)


def setup(app: Sphinx) -> None:
    app.add_config_value("linger_site_address", "", "env", types=frozenset({str}))
    app.add_directive("site-qr", SiteQrDirective)
    app.add_directive("hand-sizes", HandSizesDirective)
    app.add_directive("rank-order", RankOrderDirective)
    app.add_node(drawn_trick, html=(visit_drawn_trick, None))
    app.add_directive("drawn-trick", DrawnTrickDirective)
    app.connect("html-page-context", add_table_style)
    app.add_node(pdf_link, html=(visit_pdf_link, depart_pdf_link))
    app.add_directive("pdf-links", PdfLinksDirective)
    app.connect("doctree-resolved", link_pdfs)
