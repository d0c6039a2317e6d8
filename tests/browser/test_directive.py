"""The ``walkthrough`` directive in small Sphinx projects (no browser needed).

It lives with the browser tests because the directive and the widget are one
piece: what the directive writes is what the widget reads.
"""

from __future__ import annotations

import io
import json
import re
import shutil
from pathlib import Path

import pytest
from linger_longer.web.labels import labels as engine_labels
from linger_longer.web.walkthrough import replay_json
from small_sites import write_project
from sphinx.testing.util import SphinxTestApp

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "tutorial" / "examples"
EXAMPLE = "last-trump"


def make_project(tmp_path: Path, body: str, examples: Path = EXAMPLES) -> Path:
    return write_project(tmp_path / "src", f"# Walkthrough test\n\nSome text.\n\n{body}\n",
                         linger_walkthrough_examples=str(examples), locale_dirs=["locales/"], gettext_compact=False)


def build(src: Path, builder: str, language: str = "en") -> tuple[Path, str]:
    """Build ``src`` with one builder; return the output folder and the warnings."""
    warnings = io.StringIO()
    app = SphinxTestApp(
        builder, srcdir=src, builddir=src.parent / f"build-{language}", freshenv=True,
        confoverrides={"language": language}, status=io.StringIO(), warning=warnings,
    )
    try:
        app.build(force_all=True)
    finally:
        app.cleanup()
    return Path(app.outdir), warnings.getvalue()


def directive(example: str = EXAMPLE) -> str:
    return f"```{{walkthrough}} {example}\n```"


def scripted(lang: str = "en") -> dict:
    toml = (EXAMPLES / f"{EXAMPLE}.toml").read_text(encoding="utf-8")
    return json.loads(replay_json(toml, lang, source=f"tutorial/examples/{EXAMPLE}.toml"))


def test_title_and_notes_are_translatable_text(tmp_path: Path) -> None:
    """The gettext builder extracts the example's title and every step's note into the page's catalog."""
    out, warnings = build(make_project(tmp_path, directive()), "gettext")
    assert warnings == ""
    pot = (out / "index.pot").read_text(encoding="utf-8")
    data = scripted()
    notes = [s["note"].strip() for s in data["steps"] if s["note"]]
    assert notes, "the example has notes"
    for text in [data["title"], *notes]:
        assert f'msgid "{text}"' in pot or text.replace('"', '\\"') in pot, text
    # The engine's narration is translated by the engine, never by the page catalog.
    for sentence in data["steps"][-1]["narration"]:
        assert f'msgid "{sentence}"' not in pot


def test_notes_are_translated_by_the_page_catalog(tmp_path: Path) -> None:
    """A note translated in the page's .po shows translated in that language's HTML; narration comes from the engine."""
    src = make_project(tmp_path, directive())
    data = scripted("fr")
    note = next(s["note"].strip() for s in data["steps"] if s["note"])
    po = src / "locales" / "fr" / "LC_MESSAGES" / "index.po"
    po.parent.mkdir(parents=True)
    po.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        f'msgid "{note}"\nmsgstr "Note traduite pour le test."\n',
        encoding="utf-8",
    )
    out, warnings = build(src, "html", "fr")
    assert warnings == ""
    page = (out / "index.html").read_text(encoding="utf-8")
    assert "Note traduite pour le test." in page
    assert _escape(note) not in re.sub(r'data-toml="[^"]*"', "", page), "the English note is replaced"
    for step in data["steps"]:
        for sentence in step["narration"]:
            assert f"<p>{_escape(sentence)}</p>" in page
    assert 'data-lang="fr"' in page


def _escape(text: str) -> str:
    import html

    return html.escape(text)


def test_html_carries_the_widget_settings(tmp_path: Path) -> None:
    """The wrapper's data- attributes carry the example id, its TOML, the language, the Pyodide path and the labels."""
    out, warnings = build(make_project(tmp_path, directive()), "html")
    assert warnings == ""
    page = (out / "index.html").read_text(encoding="utf-8")
    match = re.search(r'<div class="linger-walkthrough"[^>]*>', page)
    assert match
    tag = match.group(0)
    assert f'data-example="{EXAMPLE}"' in tag
    assert 'data-pyodide="./../_pyodide/"' in tag
    assert f'data-steps="{len(scripted()["steps"])}"' in tag
    labels = json.loads(_unescape(re.search(r'data-labels="([^"]*)"', tag).group(1)))
    assert labels["next"] == engine_labels("en")["next"]
    toml = _unescape(re.search(r'data-toml="([^"]*)"', tag).group(1))
    assert toml == (EXAMPLES / f"{EXAMPLE}.toml").read_text(encoding="utf-8")
    assert page.count('class="linger-wt-step"') == len(scripted()["steps"])
    assert 'aria-live="polite"' in page
    engine = re.search(r'<script [^>]*src="_static/linger-engine\.mjs"[^>]*>', page)
    assert engine and 'type="module"' in engine.group(0) and 'data-pyodide="./../_pyodide/"' in engine.group(0)
    assert page.index(engine.group(0)) < page.index("</head>"), "the engine starts while the page is parsed"
    widget = re.search(r'<script [^>]*src="_static/linger-walkthrough\.mjs\?v=[0-9a-f]+"[^>]*>', page)
    assert widget and 'type="module"' in widget.group(0)
    assert "linger-walkthrough.css" in page
    for name in ("linger-walkthrough.mjs", "linger-model.mjs", "linger-worker.mjs", "linger-walkthrough.css"):
        assert (out / "_static" / name).is_file()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_page_arrives_with_each_stepper_on_its_first_step(tmp_path: Path, language: str) -> None:
    """Before the list of steps, the toolbar (first and previous step disabled, the counter on step 1); after it,
    the analysis toggle, disabled, and the status saying the engine loads; in the page's language. Only the page's
    first walkthrough's counter carries the benchmark's Element Timing name."""
    out, warnings = build(make_project(tmp_path, directive() + "\n\n" + directive()), "html", language)
    assert warnings == ""
    page = (out / "index.html").read_text(encoding="utf-8")
    words = engine_labels(language)
    total = len(scripted(language)["steps"])
    roots = page.split('<div class="linger-walkthrough" ')[1:]
    assert len(roots) == 2
    for index, root in enumerate(roots):
        ident = re.match(r'id="([^"]+)"', root).group(1)
        toolbar = re.search(r'<div class="linger-wt-controls" role="toolbar" aria-label="([^"]+)">(.*?)</div>', root)
        assert toolbar and _unescape(toolbar.group(1)) == words["controls"]
        buttons = re.findall(r'<button type="button" class="linger-wt-(\w+)" data-move="\1"( disabled)?>([^<]+)</button>',
                             toolbar.group(2))
        assert [(move, bool(off), _unescape(text)) for move, off, text in buttons] == [
            ("first", True, words["first"]), ("back", True, words["back"]),
            ("next", False, words["next"]), ("last", False, words["last"])]
        timing = ' elementtiming="linger-first-step"' if index == 0 else ""
        count = words["step"].format(current=1, total=total)
        assert f'<p class="linger-wt-count" id="{ident}-count"{timing}>{html_escape(count)}</p>' in toolbar.group(2)
        after = root[root.index("</ol>"):]
        assert after.index(f'<input type="checkbox" id="{ident}-analysis" autocomplete="off" disabled>') \
            < after.index(f'<p class="linger-wt-status" data-state="loading">{html_escape(words["loading"])}</p>')
        assert root.index(toolbar.group(0)) < root.index('<ol class="linger-wt-steps">')


def test_the_steppers_words_are_escaped() -> None:
    """Every word of the stepper comes from a catalog: markup in one is shown as text, in the page and its
    attributes alike."""
    from linger_walkthrough import stepper_html

    bad = '<b onclick="x">&\''
    words = {key: f"{key} {bad}" for key in ("first", "back", "next", "last", "controls", "analysis", "loading")}
    words["step"] = "{current}/{total} " + bad
    toolbar, after = stepper_html('w-1"x', words, 3, False)
    for part in (toolbar, after):
        assert "<b " not in part and 'onclick="x"' not in part
        assert "&lt;b onclick=&quot;x&quot;&gt;&amp;&#x27;" in part
    assert 'id="w-1&quot;x-count"' in toolbar and 'id="w-1&quot;x-analysis"' in after


def html_escape(text: str) -> str:
    import html

    return html.escape(text, quote=True)


def test_a_change_to_the_extension_rereads_its_pages(tmp_path: Path) -> None:
    """The directive draws the walkthrough's HTML: its pages depend on the extension's code, as on the engine's,
    so an incremental build rewrites them when either changes."""
    src = make_project(tmp_path, directive())
    app = SphinxTestApp("html", srcdir=src, builddir=src.parent / "build-deps", freshenv=True,
                        status=io.StringIO(), warning=io.StringIO())
    try:
        app.build(force_all=True)
        dependencies = {Path(d) for d in app.env.dependencies["index"]}
    finally:
        app.cleanup()
    extension = REPO / "tutorial" / "linger_walkthrough" / "__init__.py"
    assert extension in dependencies
    assert any(d.name == "walkthrough.py" and d.parent.name == "web" for d in dependencies)  # the engine's bridge


def _unescape(text: str) -> str:
    import html

    return html.unescape(text)


def test_pages_without_walkthrough_do_not_load_the_widget(tmp_path: Path) -> None:
    """Only pages that hold a walkthrough link the widget's script and style."""
    src = make_project(tmp_path, directive())
    (src / "other.md").write_text("# Other\n\nNo walkthrough here.\n", encoding="utf-8")
    (src / "index.md").write_text((src / "index.md").read_text(encoding="utf-8") + "\n```{toctree}\nother\n```\n", encoding="utf-8")
    out, warnings = build(src, "html")
    assert warnings == ""
    assert "linger-walkthrough.mjs" in (out / "index.html").read_text(encoding="utf-8")
    other = (out / "other.html").read_text(encoding="utf-8")
    assert "linger-walkthrough" not in other


def test_plain_text_builder_gets_the_narration(tmp_path: Path) -> None:
    """Builders other than HTML get every step's narration as plain text."""
    out, warnings = build(make_project(tmp_path, directive()), "text")
    assert warnings == ""
    text = (out / "index.txt").read_text(encoding="utf-8")
    for step in scripted()["steps"]:
        for sentence in step["narration"]:
            assert sentence in text
    assert "<" not in text


def test_unknown_example_fails_with_file_and_line(tmp_path: Path) -> None:
    """An unknown example id is an error at the directive's line, naming the missing file."""
    _, warnings = build(make_project(tmp_path, directive("no-such-example")), "html")
    assert re.search(r"index\.md:5: .*ERROR.*no-such-example.*tutorial/examples/no-such-example\.toml|"
                     r"index\.md:5: .*ERROR.*no-such-example", warnings), warnings


def test_malformed_example_fails_with_the_engine_reason(tmp_path: Path) -> None:
    """A malformed example file fails the build at the directive's line with the engine's message naming the file."""
    examples = tmp_path / "examples"
    examples.mkdir()
    shutil.copy(EXAMPLES / f"{EXAMPLE}.toml", examples / "broken.toml")
    text = (examples / "broken.toml").read_text(encoding="utf-8")
    (examples / "broken.toml").write_text(text.replace('play = "KC"', 'play = "ZZ"', 1), encoding="utf-8")
    _, warnings = build(make_project(tmp_path, directive("broken"), examples), "html")
    assert "index.md:5:" in warnings and "ERROR" in warnings, warnings
    assert "broken.toml" in warnings and "ZZ" in warnings, warnings


@pytest.mark.parametrize("bad", ["Last-Trump", "../etc", "a b"])
def test_bad_example_id_is_an_error(tmp_path: Path, bad: str) -> None:
    """An argument that is not an example id is refused."""
    _, warnings = build(make_project(tmp_path, f"```{{walkthrough}} {bad}\n```"), "html")
    assert "ERROR" in warnings and "walkthrough" in warnings


def test_questions_are_translatable_and_answered_in_a_disclosure(tmp_path: Path) -> None:
    """A step's question reaches the page's catalog like a note; the HTML asks it after the step it is
    asked at, with the example's choice and the step's note in a closed <details>; plain text keeps both."""
    from linger_longer.web.question import questions

    toml = (EXAMPLES / f"{EXAMPLE}.toml").read_text(encoding="utf-8")
    (question,) = questions(toml, "en", f"tutorial/examples/{EXAMPLE}.toml")
    note = scripted()["steps"][question["at"] + 1]["note"].strip()
    src = make_project(tmp_path, directive())
    out, warnings = build(src, "gettext")
    assert warnings == ""
    assert f'msgid "{question["ask"]}"' in (out / "index.pot").read_text(encoding="utf-8")

    out, warnings = build(src, "html")
    assert warnings == ""
    page = (out / "index.html").read_text(encoding="utf-8")
    steps = page.split('<li class="linger-wt-step" ')
    step = next(s for s in steps if s.startswith(f'data-index="{question["at"]}"'))
    block = step[step.index('<div class="linger-wt-question" '):]
    assert f'data-at="{question["at"]}" data-seat="{question["seat"]}" data-kind="card" ' \
           f'data-answer="{question["answer"]}"' in block
    assert f'<p class="linger-wt-ask">{_escape(question["ask"])}</p>' in block
    disclosure = re.search(r"<details class=\"linger-wt-answer\">(.*?)</details>", block, re.S).group(1)
    assert f"<summary>{engine_labels('en')['answer']}</summary>" in disclosure
    assert _escape(question["answer_text"]) in disclosure
    assert "C will win the trick" in disclosure and note.startswith("C has no club")

    out, warnings = build(src, "text")
    text = (out / "index.txt").read_text(encoding="utf-8")
    assert question["ask"] in text and question["answer_text"] in text


def test_the_engine_starts_from_an_inline_script_before_the_stylesheets(tmp_path: Path) -> None:
    """The early start is the first script of the page, before any stylesheet (a worker's script is fetched from
    the page's thread, which the first layout keeps busy), written from linger-engine-start.js as it is."""
    out, warnings = build(make_project(tmp_path, directive()), "html")
    assert warnings == ""
    page = (out / "index.html").read_text(encoding="utf-8")
    start = re.search(r'<script data-worker="_static/linger-worker\.mjs" data-early-pyodide="\./\.\./_pyodide/">\n(.*?)</script>',
                      page, re.S)
    assert start, "no early start"
    source = (REPO / "tutorial" / "linger_walkthrough" / "linger-engine-start.js").read_text(encoding="utf-8")
    assert start.group(1) == source
    assert page.index(start.group(0)) == page.index("<script")  # the first script of the page
    assert page.index(start.group(0)) < page.index('rel="stylesheet"')


def test_each_step_keeps_the_place_of_what_comes_with_the_live_engine(tmp_path: Path) -> None:
    """A step where a player is to play a card names that seat (data-to-act) and holds the place of the widget's
    "try another card" line, in its words; a question holds the place of its prompt; a step where trump is named
    (a player to act, no card to play) holds neither, as the live widget offers no card there."""
    toml = (EXAMPLES / "variant-grand-coup.toml").read_text(encoding="utf-8")
    replay = json.loads(replay_json(toml, "en", source="tutorial/examples/variant-grand-coup.toml"))
    naming = [s["index"] for s in replay["steps"] if s["table"]["to_act"] is not None and not s["choices"]]
    assert naming, "the example no longer has a step where trump is named"
    out, warnings = build(make_project(tmp_path, directive("variant-grand-coup")), "html")
    assert warnings == ""
    page = (out / "index.html").read_text(encoding="utf-8")
    items = {int(m.group(1)): m.group(0) for m in
             re.finditer(r'<li class="linger-wt-step" data-index="(\d+)".*?</li>', page, re.S)}
    labels = engine_labels("en")
    for step in replay["steps"]:
        item = items[step["index"]]
        asked = '<div class="linger-wt-question"' in item
        if step["choices"]:
            assert f'data-to-act="{step["table"]["to_act"]}"' in item.split(">", 1)[0]
            assert (f'<p class="linger-wt-try linger-wt-coming">{_escape(labels["try"])}</p>' in item) != asked
        else:
            assert "data-to-act" not in item.split(">", 1)[0] and "linger-wt-try" not in item
        if asked:
            player = replay["players"][int(re.search(r'<div class="linger-wt-question"[^>]* data-seat="(\d+)"', item)[1])]
            prompt = labels["ask_suit" if 'data-kind="suit"' in item else "ask_card"].replace("{player}", player)
            assert f'<div class="linger-wt-coming"><p class="linger-wt-prompt">{_escape(prompt)}</p>' in item
