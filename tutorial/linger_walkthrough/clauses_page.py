"""The rules as named clauses on the site: ```{clause} <id>``` marks a rule and lists the examples that show it.

In a MyST page, after the rule's list item or paragraph::

    3. **Follow suit.** If you hold at least one card of the led suit, …

       ```{clause} follow-suit
       ```

gives that list item (or the paragraph just before the directive) the clause's anchor from the registry
(:data:`linger_longer.clauses.CLAUSES`: the ID, the page that states it, its anchor), and draws under it
"See it in: “Following suit”." in the page's language, each title quoted as the language quotes a title and
linked to its walkthrough. The examples are the walkthroughs on the site whose TOML lists the clause
(``clauses = [...]``); their titles are taken from the pages as translated.

The build fails (a warning under ``-W``, on every build until fixed: the page is read again each time) for an unknown clause ID, a clause on
a page other than its registered one, a registered clause missing from its page, and a clause that no
example on the site shows. An example naming an unknown clause already fails its walkthrough directive.
Only clauses whose page is part of the project are checked, so small test projects stay small.
"""

from __future__ import annotations

import tomllib
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import DirectiveError
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

logger = logging.getLogger(__name__)

#: Environment attributes: where each clause is marked, and every walkthrough shown on a page.
PLACED = "linger_clauses_placed"  # clause ID -> (docname, line)
SHOWN = "linger_clauses_examples"  # docname -> [(example ID, anchor, title, clause IDs)]


class clause_examples(nodes.General, nodes.Element):
    """The "See it in: …" line of a clause (attribute ``clause``), filled in when the page is resolved."""


class ClauseDirective(SphinxDirective):
    """```{clause} <id>``` — the anchor of a rule and the list of the worked examples that show it."""

    required_arguments = 1
    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {}

    def run(self) -> list[nodes.Node]:
        from . import note_failed_page

        try:
            return self._mark()
        except DirectiveError:
            note_failed_page(self.env, self.env.docname)  # read again next time: fail on every build until fixed
            raise

    def _mark(self) -> list[nodes.Node]:
        from linger_longer.clauses import UnknownClauseError, clause

        try:
            rule = clause(self.arguments[0].strip())
        except UnknownClauseError as error:
            raise self.error(f"clause: {error}") from None
        docname = self.env.docname
        if rule.page != docname:
            raise self.error(f"clause {rule.id!r} belongs on {rule.page!r} (linger_longer.clauses), not {docname!r}")
        placed = _placed(self.env)
        if rule.id in placed and placed[rule.id][0] == docname:
            raise self.error(f"clause {rule.id!r} is marked twice on {docname!r}")
        placed[rule.id] = (docname, self.lineno)
        node = clause_examples(clause=rule.id, anchor=rule.anchor, classes=["ll-clause-examples"])
        self.set_source_info(node)
        return [node]


def place_anchors(env: Any, doctree: nodes.document) -> None:
    """Give each clause's rule its anchor: the list item the directive sits in, or the element just before it
    (a rule's paragraph); a section that already carries the anchor (a variant's heading) keeps it."""
    from . import note_failed_page

    for node in doctree.findall(clause_examples):
        anchor, parent = node["anchor"], node.parent
        if anchor in parent.get("ids", ()):
            continue
        if anchor in doctree.ids:
            logger.warning(f"clause {node['clause']!r}: its anchor {anchor!r} is already used on this page",
                           location=node, type="linger", subtype="clause")
            note_failed_page(env, env.docname)
            continue
        if isinstance(parent, nodes.list_item):
            holder = parent
        else:
            before = [child for child in parent.children[:parent.index(node)] if isinstance(child, nodes.Element)]
            if not before:
                logger.warning(f"clause {node['clause']!r}: put the directive after the rule's paragraph or inside "
                               "its list item", location=node, type="linger", subtype="clause")
                note_failed_page(env, env.docname)
                continue
            holder = before[-1]
        holder["ids"].append(anchor)
        doctree.ids[anchor] = holder


def _placed(env: Any) -> dict[str, tuple[str, int]]:
    if not hasattr(env, PLACED):
        setattr(env, PLACED, {})
    return getattr(env, PLACED)


def _shown(env: Any) -> dict[str, list[tuple[str, str, str, tuple[str, ...]]]]:
    if not hasattr(env, SHOWN):
        setattr(env, SHOWN, {})
    return getattr(env, SHOWN)


def collect_examples(app: Sphinx, doctree: nodes.document) -> None:
    """``doctree-read``: place the clauses' anchors; note the page's walkthroughs, with their titles as translated
    and the clauses they show."""
    from . import walkthrough

    place_anchors(app.env, doctree)
    found = []
    for node in doctree.findall(walkthrough):
        title = next((p.astext() for p in node.findall(nodes.paragraph) if "linger-wt-title" in p["classes"]), "")
        clauses = tuple(tomllib.loads(node["toml"]).get("clauses", ()))  # checked by the walkthrough directive
        found.append((node["example"], node["ids"][0], title, clauses))
    if found:
        _shown(app.env)[app.env.docname] = found


def purge(app: Sphinx, env: Any, docname: str) -> None:
    """``env-purge-doc``: forget what the page marked and showed; reading it again records it anew."""
    _shown(env).pop(docname, None)
    placed = _placed(env)
    for clause_id in [c for c, (doc, _) in placed.items() if doc == docname]:
        del placed[clause_id]


def merge(app: Sphinx, env: Any, docnames: set[str], other: Any) -> None:
    """``env-merge-info``: keep what a parallel reader found."""
    _placed(env).update({c: where for c, where in _placed(other).items() if where[0] in docnames})
    _shown(env).update({doc: found for doc, found in _shown(other).items() if doc in docnames})


def examples_of(env: Any) -> dict[str, list[tuple[str, str, str]]]:
    """For each clause: the walkthroughs that show it (page, anchor, title), in the order of the pages."""
    by_clause: dict[str, list[tuple[str, str, str]]] = {}
    for docname in sorted(_shown(env), key=_page_order(env)):
        for _example, anchor, title, clauses in _shown(env)[docname]:
            for clause_id in clauses:
                by_clause.setdefault(clause_id, []).append((docname, anchor, title))
    return by_clause


def _page_order(env: Any) -> Any:
    """Pages in the order of the site's table of contents (then by name)."""
    order = {doc: place for place, doc in enumerate(env.toctree_includes.get(env.config.root_doc, []))}
    return lambda doc: (order.get(doc, len(order)), doc)


def check_clauses(app: Sphinx, env: Any) -> None:
    """``env-updated``: every clause of the project's pages is marked and shown by an example.

    A page with a failing clause is remembered as a failed page (:func:`linger_walkthrough.note_failed_page`),
    so the next build reads it again and fails again until it is fixed (Sphinx checks nothing in a build
    that reads no page). This runs before the environment is stored, so that memory is kept.
    """
    from linger_longer.clauses import CLAUSES

    from . import note_failed_page

    shown = examples_of(env)
    placed = _placed(env)
    for rule in CLAUSES.values():
        if rule.page not in env.found_docs:
            continue
        if rule.id not in placed or rule.id not in shown:
            note_failed_page(env, rule.page)
        if rule.id not in placed:
            logger.warning(f"clause {rule.id!r} (linger_longer.clauses) is not marked on its page: "
                           f"add ```{{clause}} {rule.id}``` after its rule", location=(rule.page, None),
                           type="linger", subtype="clause")
        elif rule.id not in shown:
            logger.warning(f"clause {rule.id!r} has no example: no worked example shown on the site lists it in "
                           f"its clauses = [...]", location=placed[rule.id],
                           type="linger", subtype="clause")


def fill_examples(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """``doctree-resolved``: each clause's "See it in: …" line, in the page's language, linked to the examples."""
    from linger_longer.web.rule_links import quote_marks, see_it_in

    from . import page_language

    found = list(doctree.findall(clause_examples))
    if not found:
        return
    if app.builder.name == "gettext":  # generated text: nothing to translate in the pages' catalogs
        for node in found:
            node.parent.remove(node)
        return
    lang = page_language(app.config.language)
    before, after = see_it_in(lang)
    opening, closing = quote_marks(lang)
    shown = examples_of(app.env)
    for node in found:
        line = nodes.paragraph("", classes=["ll-clause-examples"])
        line += nodes.Text(before)
        for place, (page, anchor, title) in enumerate(shown.get(node["clause"], [])):
            if place:
                line += nodes.Text(", ")
            uri = "" if page == docname else app.builder.get_relative_uri(docname, page)
            line += nodes.Text(opening)
            line += nodes.reference("", title, refuri=f"{uri}#{anchor}", internal=True)
            line += nodes.Text(closing)
        line += nodes.Text(after)
        node.replace_self(line)


def setup(app: Sphinx) -> None:
    app.add_node(clause_examples)
    app.add_directive("clause", ClauseDirective)
    app.connect("doctree-read", collect_examples)
    app.connect("env-purge-doc", purge)
    app.connect("env-merge-info", merge)
    app.connect("env-updated", check_clauses)
    app.connect("doctree-resolved", fill_examples)
