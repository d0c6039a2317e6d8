"""Sphinx side of the Play page: the ``{play}`` directive.

In a MyST page::

    ```{play}
    ```

renders, at build time and in the page's language, the settings form (players,
profile, where trump comes from, the other variants, a deal or a match, your
seat, the opponents, the deal number) and the empty game area: toolbar, table,
score, log, export and comparison panels. Every word comes from the engine's
catalogs (``linger_longer.web.labels``) and is
escaped here. ``static/linger-play.mjs`` brings it to life: it reads and writes
the settings in the page's URL and asks the page's one engine worker (the same
Pyodide worker as the walkthroughs) to deal, play, undo, hint, export and
compare through the requests of ``linger_longer.web.play``. The rules data the
script needs (the URL's keys, the variants that decide where trump comes from)
is written into the widget's ``data-`` attributes here, from the engine.

Without JavaScript the page says that it needs it; the rest of the site works
without.
"""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from sphinx.util.docutils import SphinxDirective
from sphinx.util.osutil import relative_uri
from sphinx.writers.html5 import HTML5Translator

#: The walkthrough words the Play page also uses (engine status, the table's words, the stepper and the analysis
#: of the review of a finished deal).
SHARED_KEYS = ("loading", "busy", "read_rule", "first", "back", "next", "last", "analysis", "analysis_panel",
               "show_line")


class play_widget(nodes.General, nodes.Element):
    """The Play page's widget; attributes: lang, labels (every word, in the page's language)."""


def page_labels(lang: str) -> dict[str, str]:
    """Every word of the Play page in ``lang``: its own and the walkthrough's it shares."""
    from linger_longer.web.labels import labels, play_labels

    shared = labels(lang)
    return {**play_labels(lang), **{key: shared[key] for key in SHARED_KEYS}}


class PlayDirective(SphinxDirective):
    """```{play}``` — the Play page's form and game area (one per page)."""

    required_arguments = 0
    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {}

    def run(self) -> list[nodes.Node]:
        from . import page_language

        try:
            import linger_longer
        except ImportError as exc:
            raise self.error(f"play: the engine package linger_longer is not importable ({exc})") from exc
        if self.env.new_serialno("linger-play") > 0:
            raise self.error("play: one {play} directive per page (the page's URL holds one game)")
        lang = page_language(self.config.language)
        node = play_widget(lang=lang, labels=page_labels(lang), ids=["linger-play"])
        self.set_source_info(node)
        # The form's options are the engine's: rebuild the page when the engine or its catalogs change.
        package = Path(linger_longer.__file__).parent
        engine_files = [*package.glob("**/*.py"), *package.glob("locale/*/LC_MESSAGES/*.mo")]
        for dependency in sorted([*engine_files, Path(__file__)]):
            self.env.note_dependency(str(dependency))
        return [node]


# -- HTML ---------------------------------------------------------------------


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _select(name: str, label: str, options: list[tuple[str, str]], selected: str) -> str:
    items = "".join(
        f'<option value="{_e(value)}"{" selected" if value == selected else ""}>{_e(text)}</option>'
        for value, text in options
    )
    return (f'<div class="linger-play-field"><label for="linger-play-{name}">{_e(label)}</label>'
            f'<select id="linger-play-{name}" name="{name}">{items}</select></div>')


def _choices(kind: str, name: str, legend: str, options: list[tuple[str, str]], checked: set[str]) -> str:
    items = "".join(
        f'<label><input type="{kind}" name="{name}" value="{_e(value)}"{" checked" if value in checked else ""}> '
        f"{_e(text)}</label>"
        for value, text in options
    )
    return f'<fieldset class="linger-play-choices"><legend>{_e(legend)}</legend>{items}</fieldset>'


def settings_form(words: dict[str, str]) -> str:
    """The settings form, with the engine's defaults selected; names are the URL's keys."""
    from linger_longer.web.settings import (
        MODES, OTHER_VARIANT_NAMES, SCORINGS, STRENGTHS, TRUMP_VARIANT_NAMES, Settings,
    )
    from linger_longer.rules import MAX_PLAYERS, MIN_PLAYERS, Profile

    default = Settings()
    seats = [chr(ord("A") + i) for i in range(MAX_PLAYERS)]
    parts = [
        # Collapsed: a game starts as soon as the page is ready, and the table comes first.
        f'<details class="linger-play-new"><summary>{_e(words["new_game"])}</summary>',
        '<form class="linger-play-settings" id="linger-play-settings" novalidate>',
        f'<fieldset class="linger-play-group"><legend>{_e(words["settings"])}</legend>',
        _select("players", words["players"], [(str(n), str(n)) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)],
                str(default.players)),
        _select("seat", words["seat"], [(s, s) for s in seats], seats[default.seat]),
        _select("mode", words["mode"], [(m, words[f"mode_{m}"]) for m in MODES], default.mode),
        _select("bot", words["strength"], [(s, words[f"strength_{s}"]) for s in STRENGTHS], default.strength),
        _select("scoring", words["scoring"], [(s, words[f"scoring_{s}"]) for s in SCORINGS], default.scoring),
        _choices("radio", "profile", words["profile"], [(p.value, words[f"profile_{p.value}"]) for p in Profile],
                 {default.profile}),
        _choices("radio", "trump", words["trump_source"],
                 [("", words["trump_dealer"]), *((v, words[f"variant_{v}"]) for v in TRUMP_VARIANT_NAMES)], {""}),
        _choices("checkbox", "variants", words["variants"], [(v, words[f"variant_{v}"]) for v in OTHER_VARIANT_NAMES],
                 set()),
        '<div class="linger-play-field linger-play-seed">'
        f'<label for="linger-play-seed">{_e(words["seed"])}</label>'
        '<input id="linger-play-seed" name="seed" type="text" inputmode="numeric" autocomplete="off" '
        'pattern="[0-9]{1,16}" size="17">'
        f'<button type="button" class="linger-play-new-seed">{_e(words["new_seed"])}</button></div>',
        f'<button type="submit" class="linger-play-start">{_e(words["start_game"])}</button>',
        "</fieldset></form></details>",
    ]
    return "".join(parts)


def _score_heading(words: dict[str, str], key: str) -> str:
    """A column heading of the score table; a column with a short form (``<key>_short``) carries both, and
    the style sheet shows the short one, an ``<abbr>`` of the long one, on a phone's narrow table."""
    short = words.get(f"{key}_short")
    if short is None:
        return _e(words[key])
    return (f'<span class="linger-play-long">{_e(words[key])}</span>'
            f'<abbr class="linger-play-short" title="{_e(words[key])}">{_e(short)}</abbr>')


#: The speeds of the table's pacing (linger-pace.mjs), by the key of their label.
SPEEDS = ("normal", "fast", "instant")


def _buttons(words: dict[str, str], actions: tuple[tuple[str, str], ...]) -> str:
    panels = {"export": "linger-play-export", "compare": "linger-play-compare"}  # buttons that open a panel
    return "".join(
        f'<button type="button" class="linger-play-do-{action}" data-action="{action}"'
        + (f' aria-controls="{panels[action]}" aria-expanded="false"' if action in panels else "")
        + (' aria-describedby="linger-play-export-note"' if action == "export" else "")
        + f" disabled>{_e(words[label])}</button>"
        for action, label in actions
    )


def more_menu(words: dict[str, str]) -> str:
    """The "More" menu: what a player rarely needs (export, comparison, link, the table's speed).

    Export and Link each stay one button with its ``data-action``: a confirmation before either reveals a
    deal in progress goes between the click and the action (``PlayPage.toolbar``)."""
    speeds = "".join(f'<option value="{s}">{_e(words[f"speed_{s}"])}</option>' for s in SPEEDS)
    return (f'<details class="linger-play-more"><summary>{_e(words["more"])}</summary>'
            '<div class="linger-play-more-menu">'
            + _buttons(words, (("export", "export"), ("compare", "compare"), ("share", "share")))
            + f'<p class="linger-play-export-note" id="linger-play-export-note">{_e(words["export_note"])}</p>'
            f'<div class="linger-play-field linger-play-speed"><label for="linger-play-speed">{_e(words["speed"])}</label>'
            f'<select id="linger-play-speed">{speeds}</select></div>'
            "</div></details>")


def game_area(words: dict[str, str]) -> str:
    """The game's empty panels: the script fills them from the engine's views."""
    buttons = _buttons(words, (("hint", "hint"), ("undo", "undo"), ("next", "next_deal"))) + more_menu(words)
    # The chips column and its explanation show only when the game scores with chips (linger-play.mjs).
    chips_column = ' class="linger-play-chips" hidden'
    score_head = "".join(f'<th scope="col"{chips_column if k == "chips" else ""}>{_score_heading(words, k)}</th>'
                         for k in ("player", "deals_won", "chips"))
    return (
        '<section class="linger-play-game" aria-labelledby="linger-play-title" hidden>'
        '<div class="linger-play-head"><p class="linger-play-title" id="linger-play-title" tabindex="-1"></p>'
        f'<div class="linger-play-toolbar" role="group" aria-label="{_e(words["controls"])}">{buttons}</div></div>'
        '<div class="linger-play-clock"><span class="linger-play-clock-text"></span>'
        '<span class="linger-play-clock-bar" aria-hidden="true"><span></span></span></div>'
        # Just above the table: a refusal or a hint stays on the screen with the trick and the hand, on a phone too.
        '<p class="linger-play-message" aria-live="polite"></p>'
        '<div class="linger-play-table"></div>'
        '<div class="linger-play-recent" aria-live="polite"></div>'
        f'<table class="linger-play-score"><caption>{_e(words["score"])}</caption>'
        f"<thead><tr>{score_head}</tr></thead><tbody></tbody></table>"
        '<p class="linger-play-chips-note" hidden></p>'
        f'<details class="linger-play-log"><summary>{_e(words["log"])}</summary><ol></ol></details>'
        '<section class="linger-play-export" id="linger-play-export" aria-labelledby="linger-play-export-title" hidden>'
        f'<p class="linger-play-panel-title" id="linger-play-export-title">{_e(words["export"])}</p>'
        f'<p>{_e(words["export_intro"])}</p><pre tabindex="0"><code></code></pre>'
        '<p><a class="linger-play-download" download></a></p></section>'
        '<section class="linger-play-compare" id="linger-play-compare" aria-labelledby="linger-play-compare-title" hidden>'
        f'<p class="linger-play-panel-title" id="linger-play-compare-title">{_e(words["compare"])}</p>'
        '<p class="linger-play-compare-sentence"></p><div class="linger-play-lines"></div></section>'
        "</section>"
    )


def rules_data() -> dict[str, str]:
    """The rules data the page's script needs, as ``data-`` attributes: the JavaScript keeps no copy of it."""
    from linger_longer.web.settings import QUERY_KEYS, TRUMP_VARIANT_NAMES

    return {"data-query-keys": json.dumps(list(QUERY_KEYS)), "data-trump-variants": json.dumps(list(TRUMP_VARIANT_NAMES))}


def visit_play_html(self: HTML5Translator, node: play_widget) -> None:
    docname = self.builder.current_docname
    to_root = relative_uri(self.builder.get_target_uri(docname), "") if docname else ""
    words: dict[str, str] = node["labels"]
    attrs = {
        "class": "linger-play",
        "id": node["ids"][0],
        "data-lang": node["lang"],
        "data-pyodide": to_root + self.config.linger_walkthrough_pyodide,
        "data-labels": json.dumps(words, ensure_ascii=False),
        **rules_data(),
        "data-engine": "static",
    }
    self.body.append(
        "<div " + " ".join(f'{k}="{_e(v)}"' for k, v in attrs.items()) + ">"
        f'<noscript><p class="linger-play-noscript">{_e(words["noscript"])}</p></noscript>'
        + settings_form(words)
        + '<p class="linger-play-status" role="status"></p>'
        + game_area(words)
        + "</div>\n"
    )
    raise nodes.SkipNode


def plain_play(app: Any, doctree: nodes.document, docname: str) -> None:
    """For builders other than HTML (and gettext): the widget becomes its no-JavaScript sentence."""
    if app.builder.format == "html" or app.builder.name == "gettext":
        return
    for node in list(doctree.findall(play_widget)):
        text = node["labels"]["noscript"]
        node.replace_self(nodes.paragraph(text, text))
