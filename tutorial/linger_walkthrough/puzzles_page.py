"""Sphinx side of the Puzzles page: the ``{puzzles}`` directive.

In a MyST page::

    ```{puzzles}
    ```

reads the index ``tutorial/puzzles/puzzles.toml`` (written by ``nox -s puzzles``,
easy to hard) and renders, in the page's language:

- the progress panel: a list of every puzzle (a link to it, and its state, "not
  solved yet" on the static page), the count of puzzles solved and a Reset
  button; its words come from the engine's catalog (``linger_longer.web.puzzle``),
  the sentence for every count already in its plural form;
- each puzzle as a walkthrough (the same directive code, node and widget as every
  worked example), judged by the solver: its question asks for the one card (or
  suit) that keeps the player to act able to win, its disclosure holds that answer
  and the solver's winning line in words.

``static/linger-puzzles.mjs`` keeps the reader's progress in ``localStorage`` and
updates the panel; without JavaScript the panel lists the puzzles and hides the
controls that need it.
"""

from __future__ import annotations

import html
import json
import tomllib
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from sphinx.writers.html5 import HTML5Translator

#: The ``localStorage`` key of the reader's progress (one key, JSON; see linger-puzzles.mjs).
STORAGE_KEY = "linger-longer.puzzles"


class puzzles_progress(nodes.General, nodes.Element):
    """The progress panel; attributes: labels, counts (the sentence for each number solved), storage (the key),
    puzzles (the ids of the puzzles' walkthroughs, easy to hard); its child, the list of puzzles, is added once the
    page is translated (:func:`list_puzzles`)."""


def _attr(value: str) -> str:
    return html.escape(value, quote=True)


def read_index(folder: Path) -> list[dict[str, Any]]:
    """The puzzles of ``folder/puzzles.toml``, easy to hard; a missing or unreadable index is a ValueError."""
    index = folder / "puzzles.toml"
    try:
        entries = tomllib.loads(index.read_text(encoding="utf-8")).get("puzzle", [])
    except OSError as error:
        raise ValueError(f"puzzles: cannot read {index}: {error.strerror} (run `nox -s puzzles`)") from None
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"puzzles: {index} is not valid TOML: {error}") from None
    if not entries:
        raise ValueError(f"puzzles: {index} lists no puzzle (run `nox -s puzzles`)")
    for number, entry in enumerate(entries, start=1):
        if not isinstance(entry.get("file"), str) or not (folder / entry["file"]).is_file():
            raise ValueError(f"puzzles: {index}: puzzle {number} names no file of {folder} ({entry.get('file')!r})")
    return entries


def _directive_class():
    from . import REPO, WalkthroughDirective, page_language

    class PuzzlesDirective(WalkthroughDirective):
        """```{puzzles}``` — the progress panel, then every puzzle of tutorial/puzzles/ as a walkthrough."""

        required_arguments = 0
        optional_arguments = 0
        has_content = False
        option_spec: ClassVar[dict[str, Any]] = {}

        def _render(self) -> list[nodes.Node]:
            from linger_longer.web.puzzle import page_labels, solved_counts

            folder = Path(self.config.linger_walkthrough_puzzles)
            self.env.note_dependency(str(folder / "puzzles.toml"))
            try:
                entries = read_index(folder)
            except ValueError as error:
                raise self.error(str(error)) from None
            lang = page_language(self.config.language)
            puzzles = []
            for entry in entries:
                path = folder / entry["file"]
                try:
                    rel = path.relative_to(REPO).as_posix()
                except ValueError:
                    rel = path.as_posix()
                puzzles.append(self.build(path, rel, path.stem, puzzle=True))
            panel = puzzles_progress(labels=page_labels(lang), counts=solved_counts(lang, len(puzzles)),
                                     storage=STORAGE_KEY, puzzles=[p["ids"][0] for p in puzzles],
                                     ids=["linger-puzzles-progress"])
            return [panel, *puzzles]

    return PuzzlesDirective


# -- HTML ---------------------------------------------------------------------


def visit_progress_html(self: HTML5Translator, node: puzzles_progress) -> None:
    labels = node["labels"]
    attrs = {
        "class": "linger-puzzles-progress",
        "id": node["ids"][0],
        "role": "region",
        "aria-labelledby": "linger-puzzles-progress-title",
        "data-storage": node["storage"],
        "data-labels": json.dumps(labels, ensure_ascii=False),
        "data-counts": json.dumps(node["counts"], ensure_ascii=False),
    }
    self.body.append("<section " + " ".join(f'{k}="{_attr(v)}"' for k, v in attrs.items()) + ">\n")
    self.body.append(f'<p class="linger-puzzles-title" id="linger-puzzles-progress-title"><strong>'
                     f'{_attr(labels["progress"])}</strong></p>\n')
    # The count and the controls need the script (it keeps the progress): hidden until it runs.
    self.body.append(f'<p class="linger-puzzles-count" hidden>{_attr(node["counts"][0])}</p>\n')


def depart_progress_html(self: HTML5Translator, node: puzzles_progress) -> None:
    labels = node["labels"]
    self.body.append(
        '<div class="linger-puzzles-controls" hidden>'
        f'<button type="button" class="linger-puzzles-reset">{_attr(labels["reset"])}</button>'
        '<div class="linger-puzzles-confirm" role="group" aria-labelledby="linger-puzzles-confirm-text" hidden>'
        f'<p id="linger-puzzles-confirm-text">{_attr(labels["confirm"])}</p>'
        f'<button type="button" class="linger-puzzles-confirm-yes">{_attr(labels["confirm_yes"])}</button> '
        f'<button type="button" class="linger-puzzles-confirm-no">{_attr(labels["confirm_no"])}</button>'
        '</div></div>\n'
        '<p class="linger-puzzles-status" role="status" aria-live="polite"></p>\n</section>\n')


def list_puzzles(app: Any, doctree: nodes.document, docname: str) -> None:
    """Fill each progress panel with the list of its puzzles: a link to each, named by its title.

    This runs once the page is translated, so the list shows the titles in the page's language (they are
    translated where they stand, above each puzzle) and the catalog holds each title once. Builders other
    than HTML get the list alone.
    """
    if app.builder.name == "gettext":
        return
    for panel in list(doctree.findall(puzzles_progress)):
        titles = {node["ids"][0]: node.children[0].astext() for node in doctree.findall(nodes.Element)
                  if node["ids"] and node["ids"][0] in panel["puzzles"]}
        listing = nodes.enumerated_list(enumtype="arabic", prefix="", suffix=".", classes=["linger-puzzles-list"])
        for ident in panel["puzzles"]:
            link = nodes.reference(titles[ident], titles[ident], refid=ident, internal=True)
            listing += nodes.list_item("", nodes.paragraph("", "", link), classes=["linger-puzzles-item"])
        if app.builder.format == "html":
            panel += listing
        else:
            panel.replace_self(listing)


def setup(app: Any) -> None:
    from . import REPO

    app.add_config_value("linger_walkthrough_puzzles", str(REPO / "tutorial" / "puzzles"), "env", [str])
    app.add_node(puzzles_progress, html=(visit_progress_html, depart_progress_html))
    app.add_directive("puzzles", _directive_class())
    app.connect("doctree-resolved", list_puzzles)
