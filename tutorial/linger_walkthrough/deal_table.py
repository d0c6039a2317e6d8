"""The ``{deal-table}`` directive: one position of a worked example, drawn as a still table.

In a MyST page::

    ```{deal-table} trump-beats-ace
    :step: 4

    Diamonds are trump: B's four of diamonds takes the trick.
    ```

replays ``tutorial/examples/<id>.toml`` through the engine at build time, in the page's language, and
draws the table after the step named by ``:step:`` (0-based, the last step when omitted) with the engine's
renderer (``linger_longer.web.render.render_step_html``), the HTML a walkthrough's first step arrives with,
but without the cards to choose from: a picture of the game, not a widget. The content is its caption, a
paragraph of the page (the gettext builder extracts it, each language translates it).

The page gets the table's style sheet and no script: the engine (Pyodide) is never loaded for it.
"""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import DirectiveError, directives
from sphinx.util.docutils import SphinxDirective
from sphinx.writers.html5 import HTML5Translator

from .failed_pages import note_failed_page


class deal_table(nodes.General, nodes.Element):
    """A still table; attributes: table_html (the engine's, already escaped), example; its child is the caption."""


class DealTableDirective(SphinxDirective):
    """```{deal-table} <example id>``` with ``:step: n`` and a one-line caption as content."""

    required_arguments = 1
    has_content = True
    option_spec: ClassVar[dict[str, Any]] = {"step": directives.nonnegative_int}

    def run(self) -> list[nodes.Node]:
        try:
            return [self.render()]
        except DirectiveError:
            note_failed_page(self.env, self.env.docname)
            raise

    def render(self) -> deal_table:
        from linger_longer.scenario import read_example
        from linger_longer.web import walkthrough as engine_walkthrough
        from linger_longer.web.render import render_step_html

        from . import EXAMPLE_ID, REPO, page_language

        example_id = self.arguments[0].strip()
        if not EXAMPLE_ID.fullmatch(example_id):
            raise self.error(f"deal-table: {example_id!r} is not an example id (lowercase words joined by '-')")
        path = Path(self.config.linger_walkthrough_examples) / f"{example_id}.toml"
        rel = path.relative_to(REPO).as_posix() if path.is_relative_to(REPO) else path.as_posix()
        if not path.is_file():
            raise self.error(f"deal-table: unknown example {example_id!r}: no file {rel}")
        caption = " ".join(line.strip() for line in self.content if line.strip())
        if not caption:
            raise self.error(f"deal-table {example_id!r}: give the table a one-line caption as the directive's content")
        # The table is the engine's drawing in the page's language: read the page again when the example, the
        # engine or its catalogs change.
        import linger_longer

        package = Path(linger_longer.__file__).parent
        for dependency in sorted([path, *package.glob("**/*.py"), *package.glob("locale/*/LC_MESSAGES/*.mo")]):
            self.env.note_dependency(str(dependency))
        lang = page_language(self.config.language)
        try:
            data = json.loads(engine_walkthrough.replay_json(read_example(path), lang, source=rel))
        except ValueError as exc:
            raise self.error(f"deal-table {example_id!r}: {exc}") from None
        steps = data["steps"]
        at = self.options.get("step", len(steps) - 1)
        if at >= len(steps):
            raise self.error(f"deal-table {example_id!r}: step {at} is past the last step ({len(steps) - 1}) of {rel}")
        # The table as it stands after the step, with no card offered to anyone (no "choices"): a still picture.
        table_html = render_step_html({"table": steps[at]["table"]}, lang, f"{example_id}-still", data["players"])
        node = deal_table(table_html=table_html, example=example_id, classes=["ll-deal-table"])
        self.set_source_info(node)
        para = nodes.paragraph(caption, caption, classes=["ll-deal-table-caption"])
        self.set_source_info(para)
        node += para
        return node


def visit_deal_table_html(self: HTML5Translator, node: deal_table) -> None:
    # The table HTML comes from the engine, every text in it already escaped; the caption is a doctree paragraph.
    example = html.escape(node["example"], quote=True)
    self.body.append(f'<figure class="ll-deal-table" data-example="{example}">\n{node["table_html"]}\n<figcaption>')


def depart_deal_table_html(self: HTML5Translator, node: deal_table) -> None:
    self.body.append("</figcaption></figure>\n")


def plain_deal_tables(app: Any, doctree: nodes.document, docname: str) -> None:
    """Builders other than HTML (and gettext) keep the caption only."""
    if app.builder.format == "html" or app.builder.name == "gettext":
        return
    for node in list(doctree.findall(deal_table)):
        node.replace_self(list(node.children))


def setup(app: Any) -> None:
    app.add_node(deal_table, html=(visit_deal_table_html, depart_deal_table_html))
    app.add_directive("deal-table", DealTableDirective)
    app.connect("doctree-resolved", plain_deal_tables)
