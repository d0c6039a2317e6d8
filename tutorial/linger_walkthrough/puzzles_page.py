"""Sphinx side of the Puzzles page: the ``{puzzles}`` directive, a trainer that shows one puzzle at a time.

In a MyST page::

    ```{puzzles}
    ```

reads the index ``tutorial/puzzles/puzzles.toml`` (written by ``nox -s puzzles``,
easy to hard) and renders, in the page's language:

- the filters (plain rules only, theme, difficulty) in a disclosure whose summary says the
  current choice; one line of heading (the puzzle's number, its difficulty in dots and in
  words, its rules, its themes) and what to find; under the table Next puzzle, then the score
  on one line (streak, best, solved, to retry) and Reset behind a confirmation: all drawn
  for the script (hidden when the browser runs none);
- the first puzzle for a newcomer (plain rules, easiest first) as a walkthrough judged by the
  solver, the stock's next cards face up when its answer depends on them: without JavaScript it
  is a puzzle with its answer in a disclosure, with it the trainer's first table;
- every puzzle as data, compactly (one JSON island: its TOML text, question step, difficulty,
  themes, rules, how many stock cards to show), not as 150 drawn walkthroughs: the browser's
  engine draws the chosen one (``linger_longer.web.puzzle.trainer_json``), so the page stays
  light and its build short;
- a readable list of every puzzle (its rules, difficulty and themes), each a deep link
  (``#puzzle=<id>``) that the trainer opens.

``static/linger-puzzles.mjs`` is the trainer: it keeps the reader's progress in ``localStorage``
(one key; a damaged value starts afresh) and places what the engine computes.
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
#: Where each variant and profile is explained (the pages' labels).
VARIANT_PAGE, PROFILE_PAGE = "variants", "profiles"


class puzzles_trainer(nodes.General, nodes.Element):
    """The trainer; attributes: labels, progress (the progress words), counts (the sentence for each number
    solved), storage (the key), puzzles (each puzzle's data), themes (id -> name and sentence), first (the id of
    the puzzle drawn statically). Its child is that puzzle's walkthrough."""


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
        difficulty = entry.get("difficulty", 0)
        if not isinstance(difficulty, int) or not 0 <= difficulty <= 5:
            raise ValueError(f"puzzles: {index}: puzzle {number} ({entry['file']}): difficulty {difficulty!r} "
                             "is not a whole number from 1 to 5")
        shown = entry.get("stock_shown", 0)
        if not isinstance(shown, int) or shown < 0:
            raise ValueError(f"puzzles: {index}: puzzle {number} ({entry['file']}): stock_shown {shown!r} "
                             "is not a whole number of cards")
    return entries


def _puzzle_data(number: int, entry: dict[str, Any], toml_text: str) -> dict[str, Any]:
    """What the trainer needs of one puzzle (the page's JSON island): short keys, the TOML without comments."""
    scenario = tomllib.loads(toml_text)
    compact = "\n".join(line for line in toml_text.splitlines() if line.strip() and not line.lstrip().startswith("#"))
    return {
        "id": Path(entry["file"]).stem,
        "n": number,
        "src": f"tutorial/puzzles/{entry['file']}",
        "at": entry["question_step"] - 1,
        "level": entry.get("difficulty", 0),
        "themes": list(entry.get("themes", [])),
        "profile": scenario.get("profile", "standard"),
        "variants": list(scenario.get("variants", [])),
        "stock": entry.get("stock_shown", 0),
        "toml": compact,
    }


def theme_words(lang: str, ids: list[str]) -> dict[str, dict[str, str]]:
    """The themes ``ids`` (in the engine's order), each with its name and sentence in ``lang``; an id the engine
    does not know is a ValueError."""
    from linger_longer.puzzle_rating import theme_names

    names = theme_names(lang)
    unknown = sorted(set(ids) - set(names))
    if unknown:
        raise ValueError(f"puzzles: unknown themes {unknown} (known: {', '.join(names)})")
    return {ident: {"name": words["name"], "text": words["sentence"]} for ident, words in names.items() if ident in ids}


def _directive_class():
    from . import REPO, WalkthroughDirective, page_language

    class PuzzlesDirective(WalkthroughDirective):
        """```{puzzles}``` — the trainer: its bar, the first puzzle as a walkthrough, every puzzle as data."""

        required_arguments = 0
        optional_arguments = 0
        has_content = False
        option_spec: ClassVar[dict[str, Any]] = {}

        def _render(self) -> list[nodes.Node]:
            from linger_longer.scenario import read_example
            from linger_longer.web.puzzle import page_labels, solved_counts, trainer_labels

            folder = Path(self.config.linger_walkthrough_puzzles)
            self.env.note_dependency(str(folder / "puzzles.toml"))
            try:
                entries = read_index(folder)
            except ValueError as error:
                raise self.error(str(error)) from None
            lang = page_language(self.config.language)
            puzzles = []
            for number, entry in enumerate(entries, start=1):
                path = folder / entry["file"]
                self.env.note_dependency(str(path))
                try:
                    puzzles.append(_puzzle_data(number, entry, read_example(path)))
                except (ValueError, KeyError) as error:
                    raise self.error(f"puzzles: {path}: {error}") from None
            # Easy to hard: by difficulty, then in the index's order.
            puzzles.sort(key=lambda p: (p["level"], p["n"]))
            # The newcomer's first puzzle: the easiest with plain rules, else the easiest.
            first = next((p for p in puzzles if p["profile"] == "standard" and not p["variants"]), puzzles[0])
            path = folder / entries[first["n"] - 1]["file"]
            try:
                rel = path.relative_to(REPO).as_posix()
            except ValueError:
                rel = path.as_posix()
            shown = self.build(path, rel, first["id"], puzzle=True, stock_shown=first["stock"])
            try:
                themes = theme_words(lang, sorted({theme for p in puzzles for theme in p["themes"]}))
            except ValueError as error:
                raise self.error(str(error)) from None
            trainer = puzzles_trainer(labels=trainer_labels(lang), progress=page_labels(lang),
                                      counts=solved_counts(lang, len(puzzles)), storage=STORAGE_KEY,
                                      puzzles=puzzles, themes=themes, first=first["id"],
                                      ids=["linger-trainer"])
            trainer += shown
            return [trainer]

    return PuzzlesDirective


# -- HTML ---------------------------------------------------------------------


def _rules_html(self: HTML5Translator, puzzle: dict[str, Any], labels: dict[str, str]) -> str:
    """The puzzle's profile and variants, each a link to the page that explains it."""
    docname = self.builder.current_docname

    def link(page: str, anchor: str, text: str) -> str:
        href = self.builder.get_relative_uri(docname, page) + anchor
        return f'<a href="{_attr(href)}">{_attr(text)}</a>'

    if puzzle["profile"] == "standard" and not puzzle["variants"]:
        return _attr(labels["plain_rules"])
    parts = [link(PROFILE_PAGE, "#profiles-compared", puzzle["profile"])]
    parts.extend(link(VARIANT_PAGE, f"#variants-{variant}", variant) for variant in puzzle["variants"])
    return " + ".join(parts)


def _select(name: str, label: str, options: list[tuple[str, str]]) -> str:
    items = "".join(f'<option value="{_attr(value)}">{_attr(text)}</option>' for value, text in options)
    return (f'<label class="linger-trainer-filter">{_attr(label)} '
            f'<select class="linger-trainer-{name}" autocomplete="off">{items}</select></label>')


def _label_value(labels: dict[str, str], label_html: str, value_html: str) -> str:
    """A label and its value on one line ("Difficulty: 2 of 5") in the page's language, from two pieces of HTML
    (French puts a no-break space before the colon)."""
    return _attr(labels["label_value"]).replace("{label}", label_html).replace("{value}", value_html)


def _filters_html(node: puzzles_trainer) -> str:
    """The filters, in a disclosure whose summary says the current choice (the script fills it and opens it where
    the screen has room), drawn for the script (the style sheet hides them when scripts do not run)."""
    labels = node["labels"]
    themes = [("", labels["any_theme"])] + [(ident, words["name"]) for ident, words in node["themes"].items()]
    levels = [("", labels["any_difficulty"])] + [(str(n), labels["level"].replace("{level}", str(n)))
                                                 for n in range(1, 6)]
    choice = " · ".join((labels["plain"], labels["any_theme"], labels["any_difficulty"]))
    return (
        '<details class="linger-trainer-filters"><summary>'
        + _label_value(labels, _attr(labels["filters"]), f'<span class="linger-trainer-choice">{_attr(choice)}</span>')
        + '</summary><fieldset class="linger-trainer-bar">'
        f'<legend class="linger-trainer-legend">{_attr(labels["filters"])}</legend>'
        '<label class="linger-trainer-filter"><input type="checkbox" class="linger-trainer-plain" '
        f'autocomplete="off" checked> {_attr(labels["plain"])}</label>'
        + _select("theme", labels["theme"], themes) + _select("level", labels["difficulty"], levels)
        + '</fieldset></details>\n'
    )


def _score_html(node: puzzles_trainer) -> str:
    """The score on one line (streak · best · solved · to retry), then Reset behind its confirmation."""
    labels, progress = node["labels"], node["progress"]
    stat = '<span class="linger-trainer-{0}">{1}</span>'
    return (
        '<p class="linger-trainer-score">'
        + stat.format("streak", _attr(labels["streak"].replace("{count}", "0")))
        + stat.format("best", _attr(labels["best"].replace("{count}", "0")))
        + stat.format("count", _attr(node["counts"][0]))
        + stat.format("misses", _attr(labels["misses"].replace("{count}", "0")))
        + '<span class="linger-trainer-reset">'
        f'<button type="button" class="linger-puzzles-reset" disabled>{_attr(progress["reset"])}</button>'
        '<span class="linger-puzzles-confirm" role="group" aria-labelledby="linger-puzzles-confirm-text" hidden>'
        f'<span id="linger-puzzles-confirm-text">{_attr(progress["confirm"])}</span> '
        f'<button type="button" class="linger-puzzles-confirm-yes">{_attr(progress["confirm_yes"])}</button> '
        f'<button type="button" class="linger-puzzles-confirm-no">{_attr(progress["confirm_no"])}</button>'
        '</span></span></p>\n'
    )


def _level_html(labels: dict[str, str], level: int) -> str:
    """The difficulty as dots ("●●○○○"), and in words for screen readers ("Difficulty: 2 of 5")."""
    words = _label_value(labels, _attr(labels["difficulty"]), _attr(labels["level"].replace("{level}", str(level))))
    return (f'<span class="linger-trainer-dots" aria-hidden="true">{"●" * level}{"○" * (5 - level)}</span>'
            f'<span class="linger-trainer-words">{words}</span>')


def _head_html(self: HTML5Translator, node: puzzles_trainer, puzzle: dict[str, Any]) -> str:
    """The shown puzzle's heading on one line: its number (a deep link), difficulty, rules and themes; then what to
    find (the script fills it from the question)."""
    labels = node["labels"]
    themes = "".join(f'<li title="{_attr(node["themes"][t]["text"])}">{_attr(node["themes"][t]["name"])}</li>'
                     for t in puzzle["themes"])
    rules = _label_value(labels, _attr(labels["rules"]), _rules_html(self, puzzle, labels))
    return (
        '<div class="linger-trainer-head">'
        f'<p class="linger-trainer-title"><a class="linger-trainer-link" href="#puzzle={_attr(puzzle["id"])}" '
        f'title="{_attr(labels["link"])}"><strong>'
        f'{_attr(labels["puzzle"].replace("{number}", str(puzzle["n"])))}</strong></a></p>'
        f'<p class="linger-trainer-level" data-level="{puzzle["level"]}">{_level_html(labels, puzzle["level"])}</p>'
        f'<p class="linger-trainer-rules">{rules}</p>'
        f'<ul class="linger-trainer-themes" aria-label="{_attr(labels["theme"])}">{themes}</ul></div>\n'
        '<p class="linger-trainer-prompt"></p>\n'
    )


def visit_trainer_html(self: HTML5Translator, node: puzzles_trainer) -> None:
    labels = node["labels"]
    first = next(p for p in node["puzzles"] if p["id"] == node["first"])
    # The links of every puzzle's rules, drawn here once (the script shows the chosen one's).
    rules = {p["id"]: _rules_html(self, p, labels) for p in node["puzzles"]}
    attrs = {
        "class": "linger-trainer",
        "id": node["ids"][0],
        "data-storage": node["storage"],
        "data-labels": json.dumps({**labels, **node["progress"]}, ensure_ascii=False),
        "data-counts": json.dumps(node["counts"], ensure_ascii=False),
        "data-themes": json.dumps(node["themes"], ensure_ascii=False),
        "data-first": node["first"],
    }
    self.body.append("<section " + " ".join(f'{k}="{_attr(v)}"' for k, v in attrs.items())
                     + f' aria-label="{_attr(labels["trainer"])}">\n')
    self.body.append(_filters_html(node))
    # The puzzles as data: JSON in a script element, its "<" escaped so no text can end the element.
    data = json.dumps({"puzzles": node["puzzles"], "rules": rules}, ensure_ascii=False, separators=(",", ":"))
    self.body.append('<script type="application/json" class="linger-trainer-data">'
                     + data.replace("<", "\\u003c") + "</script>\n")
    self.body.append(_head_html(self, node, first))
    self.body.append('<div class="linger-trainer-stage">\n')


def depart_trainer_html(self: HTML5Translator, node: puzzles_trainer) -> None:
    labels = node["labels"]
    # Under the table: Next (the main button), the status, then the score.
    self.body.append('</div>\n<div class="linger-trainer-actions">'
                     f'<button type="button" class="linger-trainer-next" disabled>{_attr(labels["next"])}</button>'
                     '<p class="linger-trainer-status" role="status" aria-live="polite"></p></div>\n'
                     + _score_html(node))
    items = []
    for puzzle in node["puzzles"]:
        level = labels["level"].replace("{level}", str(puzzle["level"])) if puzzle["level"] else ""
        themes = ", ".join(node["themes"][t]["name"] for t in puzzle["themes"])
        facts = " · ".join(_attr(f) for f in (level, themes) if f)
        items.append(f'<li data-puzzle="{_attr(puzzle["id"])}"><a href="#puzzle={_attr(puzzle["id"])}">'
                     f'{_attr(labels["puzzle"].replace("{number}", str(puzzle["n"])))}</a> '
                     f'({_rules_html(self, puzzle, labels)}){" · " + facts if facts else ""}'
                     '<span class="linger-puzzles-state"></span></li>')
    self.body.append(f'<details class="linger-trainer-all"><summary>{_attr(labels["list"])}</summary>'
                     f'<ol class="linger-puzzles-list">{"".join(items)}</ol></details>\n</section>\n')


def plain_trainer(app: Any, doctree: nodes.document, docname: str) -> None:
    """Builders other than HTML get the trainer's walkthrough alone."""
    if app.builder.format == "html" or app.builder.name == "gettext":
        return
    for node in list(doctree.findall(puzzles_trainer)):
        node.replace_self(node.children)


def setup(app: Any) -> None:
    from . import REPO

    app.add_config_value("linger_walkthrough_puzzles", str(REPO / "tutorial" / "puzzles"), "env", [str])
    app.add_node(puzzles_trainer, html=(visit_trainer_html, depart_trainer_html))
    app.add_directive("puzzles", _directive_class())
    app.connect("doctree-resolved", plain_trainer, priority=400)
