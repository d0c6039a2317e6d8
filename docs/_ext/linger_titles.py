"""Page and section titles quoted where a sentence names them.

A ``{doc}`` or ``{ref}`` link without its own text shows the title of the page
or section it points to. Dropped into a sentence as it is, a title reads as
part of the sentence: "Commencez par Comment jouer", "De twee voorbeelden van
Als de stok op is worden…". So, in running text, the HTML builders put such a
title between the quotation marks of the page's language (``“…”`` in English,
``« … »`` in French, ``«…»`` in Italian, ``“…”`` in Dutch, from
:mod:`linger_longer.languages`). This happens in one place for every page and
every language, whatever each catalog does:

- a link that is the whole paragraph (a list of pages) is left alone;
- a link with its own text (``{doc}`the puzzles <puzzles>```) is part of the
  sentence's wording and is left alone;
- a title the text already quotes (``« {doc}`summary` »``) is not quoted twice.
"""

from __future__ import annotations

import re
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.transforms.post_transforms import SphinxPostTransform

from linger_longer.languages import CODES, SOURCE, language

__all__ = ["QuoteTitlesInSentences", "TITLE_ROLES", "setup", "titles_to_quote"]

#: The link roles whose text, when not given, is the title of the page or section they point to.
TITLE_ROLES = frozenset({"doc", "ref"})
#: Characters that open a quotation in any of the site's languages: a title after one of them is quoted already.
OPENING_QUOTES = "«“‘„‚‹\"'"
_WORD = re.compile(r"\w")


def _language(config: Any) -> str:
    lang = (config.language or SOURCE).replace("-", "_").split("_")[0].lower()
    return lang if lang in CODES else SOURCE


def _text_outside(block: nodes.Element, link: nodes.Element) -> str:
    """The text of ``block`` that is not inside ``link``."""
    inside = set(map(id, link.findall(nodes.Text)))
    return "".join(t.astext() for t in block.findall(nodes.Text) if id(t) not in inside)


def _quoted_already(link: nodes.Element) -> bool:
    index = link.parent.index(link)
    previous = link.parent[index - 1] if index else None
    if not isinstance(previous, nodes.Text):
        return False
    return previous.astext().rstrip(" \u00a0\u202f").endswith(tuple(OPENING_QUOTES))


def titles_to_quote(doctree: nodes.Node) -> list[addnodes.pending_xref]:
    """The links of ``doctree`` that show a title inside a sentence and are not quoted yet."""
    found = []
    for link in doctree.findall(addnodes.pending_xref):
        if link.get("reftype") not in TITLE_ROLES or link.get("refexplicit"):
            continue
        block = link.parent
        while block is not None and not isinstance(block, nodes.paragraph):
            if isinstance(block, (nodes.title, nodes.caption, nodes.Structural)):
                block = None
                break
            block = block.parent
        if block is None or not _WORD.search(_text_outside(block, link)):
            continue  # a title on its own, not in a sentence
        if not _quoted_already(link):
            found.append(link)
    return found


class QuoteTitlesInSentences(SphinxPostTransform):
    """Put the page language's quotation marks around every title a sentence names by a link."""

    default_priority = 5  # before the references are resolved (10): the links still say whether their text is given
    formats = ("html",)

    def run(self, **kwargs: Any) -> None:
        opening, closing = language(_language(self.config)).quotes
        for link in titles_to_quote(self.document):
            parent = link.parent
            index = parent.index(link)
            parent.insert(index + 1, nodes.Text(closing))
            parent.insert(index, nodes.Text(opening))


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_post_transform(QuoteTitlesInSentences)
    return {"version": "0.1.0", "parallel_read_safe": True, "parallel_write_safe": True}
