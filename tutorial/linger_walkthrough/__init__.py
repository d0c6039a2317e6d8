"""Sphinx extension: worked examples as step-by-step walkthroughs.

In a MyST page::

    ```{walkthrough} last-trump
    ```

reads ``tutorial/examples/last-trump.toml``, replays it through the engine at
build time (``linger_longer.web.walkthrough.replay_json``) in the page's language,
and renders every step:

- the example's title and each step's note become ordinary doctree paragraphs,
  so the gettext builder extracts them into the page's catalog and Sphinx's
  i18n transform translates them;
- the narration and the table come from the engine, already translated through
  its own gettext domain (``linger_longer``) and already escaped; they are
  HTML-only content (other builders get the narration as plain text);
- the wrapper's ``data-`` attributes carry what the browser needs: the example
  id and TOML text, the page language, the path to the site's ``_pyodide/``
  folder, and the widget's labels from the engine's catalog.

Without JavaScript the page shows every step in order.  With it, the page
already arrives as a stepper on the first step (its toolbar and status are drawn
here, :func:`stepper_html`, and the style sheet shows the list's first step
alone), ``static/linger-walkthrough.mjs`` makes that stepper work and, once the
live engine (Pyodide in a Web Worker, ``static/linger-worker.mjs``) is ready,
recomputes the steps there and lets the reader try another card.
"""

from __future__ import annotations

import html
import json
import re
import zlib
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import DirectiveError
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective
from sphinx.util.osutil import relative_uri
from sphinx.writers.html5 import HTML5Translator

from . import clauses_page, deal_table, figures, play_page, proofs, puzzles_page, reference_card
from .failed_pages import FAILED_PAGES, failed_pages_outdated, forget_failed_page, merge_failed_pages, note_failed_page

__version__ = "0.1.0"

PACKAGE = Path(__file__).resolve().parent
STATIC = PACKAGE / "static"
#: The live engine's early start, written inline into the pages (:func:`early_start_tag`).
EARLY_START = PACKAGE / "linger-engine-start.js"
REPO = PACKAGE.parents[1]
EXAMPLE_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")

#: The keys of ``linger_longer.web.labels`` the widget uses (the table's words are rendered by the engine).
WIDGET_KEYS = (
    "first", "back", "next", "last", "step", "controls", "try", "tried", "return",
    "loading", "ready", "failed", "illegal", "static", "narration", "busy", "error",
    "question", "answer", "show_answer", "back_to_question", "ask_card", "ask_suit",
    "analysis", "analysis_panel", "analysis_wait", "show_line", "read_rule", "answered",
    "guided_try", "guided_continue", "learn_progress", "learn_done", "guided_turn", "guided_next", "guided_over",
)


def widget_labels(lang: str) -> dict[str, str]:
    """The widget's words in ``lang``, from the engine's gettext domain."""
    from linger_longer.web.labels import labels

    engine_words = labels(lang)
    return {key: engine_words[key] for key in WIDGET_KEYS}


class walkthrough(nodes.General, nodes.Element):
    """The whole walkthrough; attributes: example, lang, toml, source, labels, nsteps, first_on_page, guided (the
    seat the reader plays in a guided deal, or None)."""


class walkthrough_steps(nodes.General, nodes.Element):
    """The ordered list of steps."""


class walkthrough_step(nodes.General, nodes.Element):
    """One step; attributes: index, total, count (the "step n of m" text), concealed (a puzzle's step after its
    question), to_act (the seat to play a card, whose card the live widget offers to change; or None)."""


class walkthrough_question(nodes.General, nodes.Element):
    """A question to the reader, asked after a step; attributes: at, seat, kind, answer, label.

    Its children are the ask paragraph (translatable), a :class:`walkthrough_prompt` and a :class:`walkthrough_answer`.
    """


class walkthrough_answer(nodes.General, nodes.Element):
    """The answer of a question, in a disclosure; attributes: summary, choice; its child is the step's note."""


class walkthrough_prompt(nodes.General, nodes.Element):
    """Where the live widget asks the reader to choose: its prompt and a naming question's suit buttons, kept in
    place unseen until the engine runs; attributes: prompt, suits_html."""


class walkthrough_engine_output(nodes.General, nodes.Element):
    """The engine's narration (list of sentences) and table HTML for one step: not translatable doctree text;
    try_label: the widget's "try another card" line when the step will offer one, else empty; rule_html: for a
    refused card, the engine's link to the rule that forbids it; pace: the tables shown on the way to the step
    when the reader steps forward (``[{"kind", "html"}]``, linger_longer.web.pace)."""


def page_language(config_language: str | None) -> str:
    """The engine's language for a Sphinx build: the base of its ``language``, English if the engine lacks it."""
    from linger_longer.languages import CODES

    lang = (config_language or "en").split("_")[0].split("-")[0].lower()
    return lang if lang in CODES else "en"


def _note_line(toml_text: str, note: str) -> int | None:
    """The 1-based line of the TOML file where a note's text starts (for the catalog's locations)."""
    first = note.strip().splitlines()[0][:40] if note.strip() else ""
    if not first:
        return None
    for number, line in enumerate(toml_text.splitlines(), start=1):
        if first in line:
            return number
    return None


# -- Pages whose walkthrough failed: see failed_pages.py (the figures directives use it too) ------------

class WalkthroughDirective(SphinxDirective):
    """```{walkthrough} <example id>``` — embed tutorial/examples/<id>.toml, replayed by the engine."""

    required_arguments = 1
    optional_arguments = 0
    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {}

    def run(self) -> list[nodes.Node]:
        try:
            return self._render()
        except DirectiveError:
            note_failed_page(self.env, self.env.docname)
            raise

    def _render(self) -> list[nodes.Node]:
        example_id = self.arguments[0].strip()
        examples = Path(self.config.linger_walkthrough_examples)
        if not EXAMPLE_ID.fullmatch(example_id):
            raise self.error(f"walkthrough: {example_id!r} is not an example id (lowercase words joined by '-')")
        path = examples / f"{example_id}.toml"
        try:
            rel = path.relative_to(REPO).as_posix()
        except ValueError:
            rel = path.as_posix()
        if not path.is_file():
            known = ", ".join(sorted(p.stem for p in examples.glob("*.toml"))) or "none"
            raise self.error(f"walkthrough: unknown example {example_id!r}: no file {rel} (known: {known})")
        return [self.build(path, rel, example_id)]

    def build(self, path: Path, rel: str, example_id: str, puzzle: bool = False, stock_shown: int = 0) -> walkthrough:
        """The walkthrough of the example file ``path`` (``rel`` from the repository), replayed by the engine.

        A ``puzzle`` (the Puzzles page) is judged by the solver (``linger_longer.web.puzzle``): its
        disclosure holds the solver's winning line in words, and the steps after its question carry only
        their notes (the live widget gets their tables from the engine), so that the page without
        JavaScript does not give the answer away outside the disclosure; its tables show the stock's next
        ``stock_shown`` cards face up.
        """
        self.env.note_dependency(str(path))
        try:
            import linger_longer
            from linger_longer.web import puzzle as engine_puzzle
            from linger_longer.web import question as engine_question
            from linger_longer.web import walkthrough as engine_walkthrough
        except ImportError as exc:
            raise self.error(f"walkthrough: the engine package linger_longer is not importable ({exc})") from exc
        # The page shows what the engine computes and this extension draws, with the early start inline and the
        # widget modules' versions in its URLs: re-read it when the engine, its catalogs or the extension change.
        package = Path(linger_longer.__file__).parent
        for dependency in sorted([*package.glob("**/*.py"), *package.glob("locale/*/LC_MESSAGES/*.mo"),
                                  *PACKAGE.glob("*.py"), EARLY_START, *STATIC.glob("*.mjs")]):
            self.env.note_dependency(str(dependency))
        from linger_longer.scenario import read_example

        lang = page_language(self.config.language)
        try:
            toml_text = read_example(path)
            data = json.loads(engine_walkthrough.replay_json(toml_text, lang, rel, stock_shown))
            asked = {q["at"]: q for q in engine_question.questions(toml_text, lang, source=rel)}
        except ValueError as exc:  # ScenarioError, InvalidCardError, TOML errors: all name the file and step
            raise self.error(f"walkthrough {example_id!r}: {exc}") from None
        labels = widget_labels(lang)
        steps = data["steps"]
        players = data.get("players", [])
        from linger_longer.scenario import loads

        guided = loads(toml_text, rel).guided  # a guided deal: the reader plays this seat, every move a question

        root = walkthrough(
            example=example_id,
            lang=lang,
            toml=toml_text,
            source_path=rel,
            labels=labels,
            nsteps=len(steps),
            players=players,
            judge="linger_longer.web.puzzle" if puzzle else "",
            guided=guided,
            stock_shown=stock_shown,
            classes=["linger-walkthrough"],
        )
        self.set_source_info(root)
        serial = self.env.new_serialno("linger-walkthrough")
        ident = f"walkthrough-{example_id}-{serial}"
        root["ids"].append(ident)
        root["first_on_page"] = serial == 0
        title = nodes.paragraph(data["title"], data["title"], classes=["linger-wt-title"], ids=[f"{ident}-title"])
        title.source, title.line = str(path), _note_line(toml_text, data["title"]) or 1
        root += title
        listing = walkthrough_steps(classes=["linger-wt-steps"])
        first_question = min(asked, default=len(steps))
        for step in steps:
            # The seat whose card the live widget will offer to change (none while trump is named, say).
            offers_card = bool(step.get("choices"))
            to_act = (step.get("table") or {}).get("to_act") if offers_card else None
            item = walkthrough_step(
                index=step["index"],
                total=len(steps),
                count=labels["step"].format(current=step["index"] + 1, total=len(steps)),
                concealed=puzzle and step["index"] > first_question,
                to_act=to_act,
            )
            # The question asked at this step comes first, above the step's table, as the live widget shows it.
            if step["index"] in asked:
                question = asked[step["index"]]
                suits = engine_question.suit_choices_html(lang) if question["kind"] == "suit" else ""
                if puzzle:  # the solver's verdict on the answer and its winning line, in words
                    solved = engine_puzzle.answer(toml_text, lang, question["at"], question["answer"], rel)
                    text = solved["text"].removeprefix(solved.get("word", "")).strip()  # no ✓ in the disclosure
                    question = {**question, "answer_text": text, "line": solved["followed"]}
                item += self._question(question, steps[step["index"] + 1], labels, players, suits, path, toml_text,
                                       counted=not puzzle,
                                       progress_key="learn_progress" if guided is not None else "answered")
            note = step.get("note")
            if note:
                para = nodes.paragraph(note.strip(), note.strip(), classes=["linger-wt-note"])
                para.source, para.line = str(path), _note_line(toml_text, note) or 1
                item += para
            if not item["concealed"]:
                coming = offers_card and step["index"] not in asked and guided is None
                item += walkthrough_engine_output(narration=list(step["narration"]), table_html=step["html"],
                                                  rule_html=step.get("rule_html", ""), pace=step.get("pace", []),
                                                  try_label=fill_player(labels["try"], players, to_act) if coming else "")
            listing += item
        root += listing
        return root

    @staticmethod
    def _question(question: dict[str, Any], answer_step: dict[str, Any], labels: dict[str, str], players: list[str],
                  suits_html: str, path: Path, toml_text: str, counted: bool,
                  progress_key: str = "answered") -> walkthrough_question:
        """The question asked at a step: its ask text, the place of the live widget's prompt (and suit buttons, and
        the page's progress line when the question counts towards it), then the example's choice and note in a
        disclosure."""
        node = walkthrough_question(
            at=question["at"], seat=question["seat"], kind=question["kind"], answer=question["answer"],
            label=labels["question"],
        )
        ask = nodes.paragraph(question["ask"], question["ask"], classes=["linger-wt-ask"])
        ask.source, ask.line = str(path), _note_line(toml_text, question["ask"]) or 1
        node += ask
        template = labels["ask_suit"] if question["kind"] == "suit" else labels["ask_card"]
        progress = labels[progress_key].replace("{count}", "0").replace("{total}", "0") if counted else ""
        node += walkthrough_prompt(prompt=fill_player(template, players, question["seat"]), suits_html=suits_html,
                                   progress=progress)
        disclosure = walkthrough_answer(summary=labels["answer"], choice=question["answer_text"])
        note = (answer_step.get("note") or "").strip()
        para = nodes.paragraph(note, note, classes=["linger-wt-note"])
        para.source, para.line = str(path), _note_line(toml_text, note) or 1
        disclosure += para
        if question.get("why"):  # a guided deal: why the script plays its card, told when the reader plays another
            why = nodes.paragraph(question["why"], question["why"], classes=["linger-wt-why"])
            why.source, why.line = str(path), _note_line(toml_text, question["why"]) or 1
            disclosure += why
        if question.get("line"):
            disclosure += walkthrough_engine_output(narration=list(question["line"]), table_html="", line=True)
        node += disclosure
        return node


# -- HTML ---------------------------------------------------------------------


def _attr(value: str) -> str:
    return html.escape(value, quote=True)


def visit_walkthrough_html(self: HTML5Translator, node: walkthrough) -> None:
    docname = self.builder.current_docname
    to_root = relative_uri(self.builder.get_target_uri(docname), "") if docname else ""
    pyodide = to_root + self.config.linger_walkthrough_pyodide
    ident = node["ids"][0]
    attrs = {
        "class": "linger-walkthrough",
        "id": ident,
        "role": "group",
        "aria-labelledby": f"{ident}-title",
        "data-example": node["example"],
        "data-lang": node["lang"],
        "data-source": node["source_path"],
        "data-pyodide": pyodide,
        "data-steps": str(node["nsteps"]),
        "data-players": json.dumps(node["players"], ensure_ascii=False),
        "data-labels": json.dumps(node["labels"], ensure_ascii=False),
        "data-toml": node["toml"],
        "data-engine": "static",
    }
    if node.get("judge"):
        attrs["data-judge"] = node["judge"]
    if node.get("guided") is not None:
        attrs["data-guided"] = str(node["guided"])
    if node.get("stock_shown"):
        attrs["data-stock-shown"] = str(node["stock_shown"])
    self.body.append("<div " + " ".join(f'{k}="{_attr(v)}"' for k, v in attrs.items()) + ">\n")
    if node["labels"].get("static"):
        self.body.append(f'<noscript><p class="linger-wt-noscript">{_attr(node["labels"]["static"])}</p></noscript>\n')


def depart_walkthrough_html(self: HTML5Translator, node: walkthrough) -> None:
    self.body.append(f'<div class="linger-wt-live" aria-live="polite" id="{_attr(node["ids"][0])}-live"></div>\n</div>\n')


def stepper_html(ident: str, labels: dict[str, str], nsteps: int, timed: bool) -> tuple[str, str]:
    """The stepper's controls as they are on the first step, before the widget's module has run.

    The page is drawn as the widget will show it, so its first paint already shows the first step with
    its stepper and the module's start moves nothing: the toolbar (first and previous step disabled, the
    step counter) before the list of steps, whose first step stands for the widget's stage; after it the
    analysis toggle (disabled until the live engine runs; ``autocomplete="off"``, so that no browser
    restores a state of an earlier visit into it) and the status saying the live engine is loading.
    The module (``linger-walkthrough.mjs``) adopts them, puts its stage after the toolbar and the
    toggle in the stage, below the table.  Without scripts the style sheet hides them and shows every
    step.  ``timed`` puts the Element Timing name ``linger-first-step``
    on the counter (the page's first walkthrough; the benchmark reads it).  Returns what comes before
    the list and what comes after it.
    """
    def button(move: str, disabled: bool) -> str:
        state = " disabled" if disabled else ""
        return (f'<button type="button" class="linger-wt-{move}" data-move="{move}"{state}>'
                f"{_attr(labels[move])}</button>")

    timing = ' elementtiming="linger-first-step"' if timed else ""
    count = labels["step"].format(current=1, total=nsteps)
    toolbar = (
        f'<div class="linger-wt-controls" role="toolbar" aria-label="{_attr(labels["controls"])}">'
        + "".join(button(move, disabled) for move, disabled in (
            ("first", True), ("back", True), ("next", nsteps < 2), ("last", nsteps < 2)))
        + f'<p class="linger-wt-count" id="{_attr(ident)}-count"{timing}>{_attr(count)}</p></div>\n'
    )
    checkbox = f"{_attr(ident)}-analysis"
    toggle = (f'<p class="linger-wt-analysis-toggle">'
              f'<input type="checkbox" id="{checkbox}" autocomplete="off" disabled>'
              f'<label for="{checkbox}">{_attr(labels["analysis"])}</label></p>\n')
    return toolbar, toggle + f'<p class="linger-wt-status" data-state="loading">{_attr(labels["loading"])}</p>\n'


def _stepper(node: walkthrough_steps) -> tuple[str, str]:
    root = node.parent
    return stepper_html(root["ids"][0], root["labels"], root["nsteps"], root.get("first_on_page", False))


def visit_steps_html(self: HTML5Translator, node: walkthrough_steps) -> None:
    self.body.append(_stepper(node)[0])
    self.body.append('<ol class="linger-wt-steps">\n')


def depart_steps_html(self: HTML5Translator, node: walkthrough_steps) -> None:
    self.body.append("</ol>\n")
    self.body.append(_stepper(node)[1])


def fill_player(template: str, players: list[str], seat: int) -> str:
    """A widget line about ``seat``'s player ("try another card", a question's prompt), worded as the widget
    words it (its ``{player}`` filled)."""
    return template.replace("{player}", players[seat] if seat < len(players) else str(seat))


def visit_step_html(self: HTML5Translator, node: walkthrough_step) -> None:
    hidden = " hidden" if node.get("concealed") else ""
    to_act = "" if node.get("to_act") is None else f' data-to-act="{int(node["to_act"])}"'
    self.body.append(
        f'<li class="linger-wt-step" data-index="{node["index"]}"{to_act}{hidden}>'
        f'<p class="linger-wt-count">{_attr(node["count"])}</p>\n'
    )


def depart_step_html(self: HTML5Translator, node: walkthrough_step) -> None:
    self.body.append("</li>\n")


def visit_question_html(self: HTML5Translator, node: walkthrough_question) -> None:
    self.body.append(
        f'<div class="linger-wt-question" data-at="{node["at"]}" data-seat="{node["seat"]}" '
        f'data-kind="{_attr(node["kind"])}" data-answer="{_attr(node["answer"])}">'
        f'<p class="linger-wt-question-label">{_attr(node["label"])}</p>\n'
    )


def depart_question_html(self: HTML5Translator, node: walkthrough_question) -> None:
    self.body.append('</div>\n')


def visit_prompt_html(self: HTML5Translator, node: walkthrough_prompt) -> None:
    # For the live widget only (see the CSS): the prompt and the suit buttons (engine HTML, already escaped).
    # The progress line's place too, so the live widget's question box, which adds it, is as tall as this one.
    progress = f'<p class="linger-wt-progress">{html.escape(node["progress"])}</p>' if node["progress"] else ""
    self.body.append(f'<div class="linger-wt-coming"><p class="linger-wt-prompt">{html.escape(node["prompt"])}</p>'
                     f'{node["suits_html"]}{progress}</div>\n')
    raise nodes.SkipNode


def visit_answer_html(self: HTML5Translator, node: walkthrough_answer) -> None:
    self.body.append(
        f'<details class="linger-wt-answer"><summary>{_attr(node["summary"])}</summary>'
        f'<p class="linger-wt-answer-choice">{_attr(node["choice"])}</p>\n'
    )


def depart_answer_html(self: HTML5Translator, node: walkthrough_answer) -> None:
    self.body.append("</details>\n")


def visit_engine_output_html(self: HTML5Translator, node: walkthrough_engine_output) -> None:
    # The sentences are plain text from the engine (escape them); the table HTML is already escaped by the engine.
    if node.get("line"):  # a line of play in words (a puzzle's answer): a list, no table
        items = "".join(f"<li>{html.escape(s)}</li>" for s in node["narration"])
        self.body.append(f'<ol class="linger-wt-line">{items}</ol>\n')
        raise nodes.SkipNode
    sentences = "".join(f"<p>{html.escape(s)}</p>" for s in node["narration"])
    self.body.append(f'<div class="linger-wt-narration">{sentences}</div>\n')
    if node.get("rule_html"):  # a refused card: after its reason, the engine's link to the rule (escaped HTML)
        self.body.append(f'<p class="linger-wt-rule">{node["rule_html"]}</p>\n')
    if node.get("try_label"):  # the place of the widget's line, which comes with the live engine (see the CSS)
        self.body.append(f'<p class="linger-wt-try linger-wt-coming">{html.escape(node["try_label"])}</p>\n')
    self.body.append(f'<div class="linger-wt-table">{node["table_html"]}</div>\n')
    # The tables shown on the way to this step when the reader steps forward (the engine's beats, already
    # escaped): inert until the widget plays them, never shown without it.
    for beat in node.get("pace", []):
        self.body.append(f'<template class="linger-wt-pace" data-kind="{_attr(beat["kind"])}">{beat["html"]}</template>\n')
    raise nodes.SkipNode


def _skip(self: Any, node: nodes.Node) -> None:
    raise nodes.SkipNode


# -- Other builders: plain text ----------------------------------------------


def plain_walkthroughs(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """For builders other than HTML (and gettext): the walkthrough as plain paragraphs and a numbered list."""
    if app.builder.format == "html" or app.builder.name == "gettext":
        return
    for node in list(doctree.findall(walkthrough_engine_output)):
        node.replace_self([nodes.paragraph(s, s) for s in node["narration"]])
    for node in list(doctree.findall(walkthrough_prompt)):  # only the live widget asks
        node.parent.remove(node)
    for node in list(doctree.findall(walkthrough_answer)):
        node.replace_self([nodes.paragraph(node["choice"], node["choice"]), *node.children])
    for node in list(doctree.findall(walkthrough_question)):
        node.replace_self(nodes.container("", *node.children, classes=["linger-wt-question"]))
    for node in list(doctree.findall(walkthrough_step)):
        node.replace_self(nodes.list_item("", *node.children))
    for node in list(doctree.findall(walkthrough_steps)):
        node.replace_self(nodes.enumerated_list("", *node.children, enumtype="arabic", prefix="", suffix="."))
    for node in list(doctree.findall(walkthrough)):
        node.replace_self(nodes.container("", *node.children, classes=["linger-walkthrough"]))


# -- Setup ----------------------------------------------------------------------


def add_assets(app: Sphinx) -> None:
    """Register the widget's static files for HTML builders only, and the lesson's ✓ script on every page."""
    if app.builder.format != "html":
        return
    app.config.html_static_path.append(str(STATIC))
    # On every page: the ✓ beside each link to the guided deal once the reader has finished it.
    done = widget_labels(page_language(app.config.language))["learn_done"]
    app.add_js_file("linger-learn-mark.js", **{"data-done": done})


#: A static import of one of the widget's modules by another: ``import ... from './name.mjs';``.
STATIC_IMPORT = re.compile(r"^import\s[^;]*?\sfrom\s+'\./([\w.-]+\.mjs)'", re.MULTILINE)


def module_imports(name: str) -> list[str]:
    """Every module of ``static/`` that ``name`` imports, directly or not, in the order they are met.

    The page names them in ``<link rel="modulepreload">``: the browser then fetches them with the
    page instead of after the module that imports them, which saves a round trip before the first step.
    """
    found: dict[str, None] = {}
    pending = [name]
    while pending:
        for imported in STATIC_IMPORT.findall((STATIC / pending.pop()).read_text(encoding="utf-8")):
            if imported not in found:
                found[imported] = None
                pending.append(imported)
    return list(found)


def add_page_assets(app: Sphinx, pagename: str, templatename: str, context: dict, doctree: nodes.document | None) -> None:
    """Link the widgets' CSS and scripts from the pages that hold a walkthrough or the Play page (only those).

    First, inline, the engine's early start (``linger-engine-start.js``, :func:`early_start_tag`): it
    starts the live engine's worker while the page is still being parsed, before the first layout.
    The other scripts are modules in ``<head>``.  ``linger-engine.mjs`` (no imports) is ``async``: it
    adopts that worker as the page's engine.  The widget modules
    are deferred (a module's default): the browser fetches them with the page and runs them,
    in order, as soon as the page is parsed, before the theme's deferred scripts
    (:func:`defer_theme_scripts`) and before its ``DOMContentLoaded`` work, and make the
    steppers the page arrives with (:func:`stepper_html`) work.
    The engine module is linked without a version query: the widget module imports it by
    that URL, and one URL means one module instance, so one worker.  The engine's tag
    carries the site's Pyodide folder, relative to the page, in ``data-pyodide``.  The modules
    those import are preloaded (:func:`module_imports`), by the URLs the imports resolve to.
    """
    if app.builder.format != "html" or doctree is None:
        return
    widgets = [script for node_class, script in ((walkthrough, "linger-walkthrough.mjs"),
                                                 (play_page.play_widget, "linger-play.mjs"),
                                                 (puzzles_page.puzzles_trainer, "linger-puzzles.mjs"))
               if next(doctree.findall(node_class), None) is not None]
    if not widgets:
        if next(doctree.findall(deal_table.deal_table), None) is not None:  # a still table: its style, no script
            app.add_css_file("linger-walkthrough.css")
        return
    app.add_css_file("linger-walkthrough.css")
    if "linger-play.mjs" in widgets:
        app.add_css_file("linger-play.css")
        app.add_css_file("linger-play-end.css")
    pathto = context["pathto"]
    pyodide = relative_uri(app.builder.get_target_uri(pagename), "") + app.config.linger_walkthrough_pyodide
    tags = [early_start_tag(pathto("_static/linger-worker.mjs", 1), pyodide),
            f'<script async type="module" src="{_attr(pathto("_static/linger-engine.mjs", 1))}" data-pyodide="{_attr(pyodide)}"></script>']
    if "linger-puzzles.mjs" in widgets:  # the trainer imports the walkthrough widget: one module instance
        widgets.remove("linger-walkthrough.mjs")
    for name in widgets:
        version = zlib.crc32((STATIC / name).read_bytes())
        tags.append(f'<script type="module" src="{_attr(pathto(f"_static/{name}", 1))}?v={version:08x}"></script>')
    preloaded = dict.fromkeys(m for name in widgets for m in module_imports(name) if m != "linger-engine.mjs")
    tags.extend(f'<link rel="modulepreload" href="{_attr(pathto(f"_static/{m}", 1))}">' for m in preloaded)
    context["metatags"] = "\n    ".join([context.get("metatags", ""), *tags])


def early_start_tag(worker: str, pyodide: str) -> str:
    """The inline ``<script>`` of ``linger-engine-start.js``, with the worker's and the Pyodide folder's URLs.

    The file's text is the site's own (no reader's or catalog's text), written as it is: inline, it costs
    the page no request (the file lives beside this module, not among the static files the site serves).
    A ``</script`` in it would end the tag early, so the build refuses one.
    """
    code = EARLY_START.read_text(encoding="utf-8")
    if "</script" in code.lower():
        raise ValueError("linger-engine-start.js must not contain '</script'")
    return f'<script data-worker="{_attr(worker)}" data-early-pyodide="{_attr(pyodide)}">\n{code}</script>'


#: Page templates that write classic scripts of their own after the theme's, which rely on running
#: after them (the search page's searchtools.js reads documentation_options.js): left as they are.
OWN_SCRIPTS_TEMPLATES = frozenset({"search.html"})


def defer_theme_scripts(app: Sphinx, pagename: str, templatename: str, context: dict, doctree: nodes.document | None) -> None:
    """Load the page's classic scripts (Sphinx's and the theme's, at the end of ``<body>``) with ``defer``.

    A classic script at the end of the body stops the parser until it has run, and the browser
    lays the page out before running it, so the first paint waited for a layout of the page and
    the scripts; deferred, they run in the same order once the page is parsed, before
    ``DOMContentLoaded``, which is all they wait for (doctools.js, sphinx_highlight.js and furo.js
    start from there).  Scripts that already have ``async`` or ``defer``, modules and inline
    scripts keep their tags; so do the pages of :data:`OWN_SCRIPTS_TEMPLATES`.
    """
    if app.builder.format != "html" or templatename in OWN_SCRIPTS_TEMPLATES:
        return
    scripts = context.get("script_files")
    if not isinstance(scripts, list):
        return

    def deferred(script: Any) -> Any:
        attributes = getattr(script, "attributes", None)
        if (attributes is None or not script.filename or attributes.get("type") == "module"
                or "async" in attributes or "defer" in attributes):
            return script
        return type(script)(script.filename, priority=script.priority, **attributes, defer="defer")

    # In place: the builder restores this list before the next page.
    scripts[:] = [deferred(script) for script in scripts]


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("linger_walkthrough_examples", str(REPO / "tutorial" / "examples"), "env", [str])
    # The site's Pyodide folder, relative to the HTML output root (the languages are subfolders of the site).
    app.add_config_value("linger_walkthrough_pyodide", "../_pyodide/", "html", [str])
    app.add_node(walkthrough, html=(visit_walkthrough_html, depart_walkthrough_html))
    app.add_node(walkthrough_steps, html=(visit_steps_html, depart_steps_html))
    app.add_node(walkthrough_step, html=(visit_step_html, depart_step_html))
    app.add_node(walkthrough_question, html=(visit_question_html, depart_question_html))
    app.add_node(walkthrough_answer, html=(visit_answer_html, depart_answer_html))
    app.add_node(walkthrough_prompt, html=(visit_prompt_html, None))
    app.add_node(walkthrough_engine_output, html=(visit_engine_output_html, None))
    app.add_directive("walkthrough", WalkthroughDirective)
    app.add_node(play_page.play_widget, html=(play_page.visit_play_html, None))
    app.add_directive("play", play_page.PlayDirective)
    figures.setup(app)
    deal_table.setup(app)
    puzzles_page.setup(app)
    clauses_page.setup(app)
    reference_card.setup(app)
    app.connect("doctree-resolved", plain_walkthroughs)
    app.connect("doctree-resolved", play_page.plain_play)
    app.connect("builder-inited", add_assets)
    app.connect("builder-inited", proofs.take_back)
    app.connect("build-finished", proofs.keep)
    app.connect("env-get-outdated", failed_pages_outdated)
    app.connect("env-purge-doc", forget_failed_page)
    app.connect("env-merge-info", merge_failed_pages)
    app.connect("html-page-context", add_page_assets)
    app.connect("html-page-context", defer_theme_scripts, priority=900)  # after the hooks that add scripts
    # env_version: raised when the pages' walkthrough HTML changes shape, so a stored environment is read anew
    # (2: the stepper drawn with the page; 3: the rules' clauses and the examples that show them).
    return {"version": __version__, "env_version": 3, "parallel_read_safe": True, "parallel_write_safe": True}
