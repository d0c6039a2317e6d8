"""Questions to the reader ("Your move") in Chromium, against build/site served on 127.0.0.1.

What the page answers is checked against CPython's engine (linger_longer.web.question) for the
same worked example, choice and language.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from linger_longer.languages import CODES
from linger_longer.web.question import answer, questions
from linger_longer.web.walkthrough import replay_json

from browser_helpers import LIVE_TIMEOUT_MS, SETTLED, go_to, widget

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "tutorial" / "examples"
NORMALISE = "(html) => { const t = document.createElement('template'); t.innerHTML = html; return t.innerHTML; }"
#: An example whose question has another legal card, and one whose question has an illegal card (docs/how-to-play.md).
OTHER_LEGAL, ILLEGAL, PAGE = "trump-beats-ace", "follow-suit", "how-to-play.html"
#: The cards of the hands the verdict lies over (their boxes meet the verdict's box).
CARDS_UNDER_VERDICT = """(root) => {
  const v = root.querySelector('.linger-wt-verdict').getBoundingClientRect();
  return [...root.querySelectorAll('.linger-wt-stage .ll-hand [data-card]')].filter((card) => {
    const c = card.getBoundingClientRect();
    return c.width > 0 && c.left < v.right && v.left < c.right && c.top < v.bottom && v.top < c.bottom;
  }).map((card) => card.dataset.card); }"""
#: A question about naming trump (docs/variants.md).
NAMING, NAMING_PAGE = "variant-grand-coup", "variants.html"


def source_of(example: str) -> str:
    return f"tutorial/examples/{example}.toml"


def toml_of(example: str) -> str:
    return (EXAMPLES / f"{example}.toml").read_text(encoding="utf-8")


def question_of(example: str, lang: str) -> dict:
    (question,) = questions(toml_of(example), lang, source_of(example))
    return question


def judged(example: str, lang: str, at: int, choice: str) -> dict:
    return answer(toml_of(example), lang, at, choice, source_of(example))


def open_live(page, url: str) -> None:
    page.goto(url)
    page.wait_for_function(SETTLED, timeout=LIVE_TIMEOUT_MS)
    states = page.eval_on_selector_all(".linger-walkthrough", "(ws) => ws.map((w) => w.dataset.engine)")
    assert set(states) == {"live"}, states


def choices_at(example: str, lang: str, index: int) -> list[dict]:
    return json.loads(replay_json(toml_of(example), lang, source=source_of(example)))["steps"][index]["choices"]


def shown(page, example: str) -> dict:
    """What the widget shows once its step is drawn (a step forward is paced: its own table comes last)."""
    page.wait_for_function(f"document.querySelector({widget(example) + ' .linger-wt-stage .linger-wt-table'!r})"
                           ".dataset.paced === 'done'")
    return page.eval_on_selector(widget(example), """(root) => ({
        step: Number(root.dataset.step), branch: root.dataset.branch, question: root.dataset.question,
        verdict: root.querySelector('.linger-wt-verdict').hidden ? null
          : [...root.querySelectorAll('.linger-wt-verdict :is(p, li)')].map((n) => n.textContent).join('\\n'),
        ask: root.querySelector('.linger-wt-stage-question').hidden ? null : root.querySelector('.linger-wt-stage-question .linger-wt-ask').textContent,
        note: root.querySelector('.linger-wt-stage-note').textContent.trim(),
        narration: [...root.querySelectorAll('.linger-wt-stage .linger-wt-narration > p')].map((p) => p.textContent),
        live: root.querySelector('.linger-wt-live').textContent,
        back: root.querySelector('.linger-wt-back-to-example').hidden ? null : root.querySelector('.linger-wt-back-to-example').textContent,
      })""")


def stage_table(page, example: str) -> str:
    return page.eval_on_selector(widget(example), """(root) => {
        const table = root.querySelector('.linger-wt-stage .linger-wt-table').cloneNode(true);
        table.querySelector('.linger-wt-verdict')?.remove();  // the verdict lies over the table, not in its HTML
        const prefix = root.id + '--';
        for (const n of table.querySelectorAll('[id]')) n.id = n.id.replace(prefix, '');
        for (const n of table.querySelectorAll('[aria-describedby]')) n.setAttribute('aria-describedby', n.getAttribute('aria-describedby').replace(prefix, ''));
        return table.innerHTML; }""")


def card_button(page, example: str, seat: int, card: str):
    return page.locator(f"{widget(example)} .linger-wt-stage [data-seat='{seat}'] button[data-card='{card}']")


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_question_judges_the_readers_card(watched_context, open_watched, site_url, axe, lang: str) -> None:
    """The walkthrough stops at a question; an illegal card shows the rule, another legal card shows the
    engine's continuation (as CPython computes it) and leads back to the question, the example's card
    moves on to the note that explains it. aria-live speaks each outcome."""
    ctx, watch = watched_context
    page = open_watched(ctx, watch)
    open_live(page, f"{site_url}/{lang}/{PAGE}")
    labels = json.loads(page.get_attribute(widget(OTHER_LEGAL), "data-labels"))

    # An illegal card: the rule that forbids it, in the page's language; the question stays.
    question = question_of(ILLEGAL, lang)
    go_to(page, ILLEGAL, question["at"])
    page.keyboard.press("ArrowRight")
    state = shown(page, ILLEGAL)
    assert state["step"] == question["at"], "the walkthrough waits for the reader's move"
    assert state["question"] == str(question["at"]) and state["ask"]
    assert state["ask"] in state["live"], "the question is spoken"
    illegal = next(c["card"] for c in choices_at(ILLEGAL, lang, question["at"]) if not c["legal"])
    # aria-disabled, so it stays focusable with its reason: the keyboard presses it.
    card_button(page, ILLEGAL, question["seat"], illegal).focus()
    page.keyboard.press("Enter")
    want = judged(ILLEGAL, lang, question["at"], illegal)
    assert want["verdict"] == "illegal"
    page.wait_for_function(f"document.querySelector({widget(ILLEGAL)!r} + ' .linger-wt-live').textContent === {want['text']!r}")
    state = shown(page, ILLEGAL)
    link = page.locator(f"{widget(ILLEGAL)} .linger-wt-verdict a.ll-rule-link")
    assert state["verdict"] == f"✗ {want['text']} {link.text_content()}"  # ✗, the rule, then the link to it
    assert link.get_attribute("href") == f"how-to-play.html#{want['clause']}"
    assert state["step"] == question["at"] and state["branch"] == "no"

    # Another legal card: the engine plays it, the bots go on, the page shows what followed.
    question = question_of(OTHER_LEGAL, lang)
    go_to(page, OTHER_LEGAL, question["at"])
    other = next(c["card"] for c in choices_at(OTHER_LEGAL, lang, question["at"])
                 if c["legal"] and c["card"] != question["answer"])
    card_button(page, OTHER_LEGAL, question["seat"], other).click()
    page.wait_for_function(f"document.querySelector({widget(OTHER_LEGAL)!r}).dataset.branch === 'yes'")
    want = judged(OTHER_LEGAL, lang, question["at"], other)
    assert want["verdict"] == "other" and want["mark"] == "wrong" and want["followed"]
    state = shown(page, OTHER_LEGAL)
    assert state["step"] == question["at"] + 1
    assert state["verdict"] == "\n".join([f"✗ {want['text']}", want["then"], *want["followed"]])
    assert state["live"] == " ".join([want["text"], want["then"], *want["followed"]])
    assert state["back"] == labels["back_to_question"]
    assert page.eval_on_selector(widget(OTHER_LEGAL), CARDS_UNDER_VERDICT) == [], \
        "on a desktop table the verdict lies over the felt alone: every hand stays in view"
    assert stage_table(page, OTHER_LEGAL) == page.evaluate(NORMALISE, want["steps"][question["at"] + 1]["html"])
    page.keyboard.press("End")
    last = want["steps"][-1]
    assert shown(page, OTHER_LEGAL)["narration"] == last["narration"], "the continuation is CPython's"
    assert stage_table(page, OTHER_LEGAL) == page.evaluate(NORMALISE, last["html"])
    page.locator(f"{widget(OTHER_LEGAL)} .linger-wt-back-to-example").click()
    state = shown(page, OTHER_LEGAL)
    assert state["branch"] == "no" and state["step"] == question["at"] and state["ask"], "back at the question"
    assert axe(page) == []

    # The example's card: on to the step whose note explains it.
    card_button(page, OTHER_LEGAL, question["seat"], question["answer"]).click()
    want = judged(OTHER_LEGAL, lang, question["at"], question["answer"])
    assert want["verdict"] == "example"
    page.wait_for_function(f"document.querySelector({widget(OTHER_LEGAL)!r}).dataset.step === '{question['at'] + 1}'")
    state = shown(page, OTHER_LEGAL)
    # The note that explains the answer comes in the verdict; what stands above the table stays as it was.
    note = page.text_content(f"{widget(OTHER_LEGAL)} .linger-wt-verdict .linger-wt-note").strip()
    assert note and state["verdict"].startswith(f"✓ {want['text']}\n")
    assert state["ask"], "the question keeps its place: nothing above the table moves"
    assert state["live"].startswith(f"{want['text']} {note}")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowRight")
    assert shown(page, OTHER_LEGAL)["step"] == question["at"] + 1, "an answered question does not stop the walkthrough"
    watch.check()


def test_a_naming_question_takes_a_suit(watched_context, open_watched, site_url, axe) -> None:
    """At the grand-coup naming question the reader names a suit: another suit plays on, the example's one moves on."""
    ctx, watch = watched_context
    page = open_watched(ctx, watch)
    open_live(page, f"{site_url}/fr/{NAMING_PAGE}")
    question = question_of(NAMING, "fr")
    assert question["kind"] == "suit"
    go_to(page, NAMING, question["at"])
    suits = f"{widget(NAMING)} .linger-wt-stage-question button[data-suit]"
    assert page.locator(suits).count() == 4
    assert axe(page) == []
    other = next(s for s in "SHDC" if s != question["answer"])
    page.locator(f"{suits}[data-suit='{other}']").click()
    page.wait_for_function(f"document.querySelector({widget(NAMING)!r}).dataset.branch === 'yes'")
    want = judged(NAMING, "fr", question["at"], other)
    assert shown(page, NAMING)["verdict"] == "\n".join([f"{want['symbol']} {want['text']}", want["then"],
                                                         *want["followed"]])
    page.locator(f"{widget(NAMING)} .linger-wt-back-to-example").click()
    page.locator(f"{suits}[data-suit='{question['answer']}']").click()
    page.wait_for_function(f"document.querySelector({widget(NAMING)!r}).dataset.step === '{question['at'] + 1}'")
    right = judged(NAMING, "fr", question["at"], question["answer"])["text"]
    assert shown(page, NAMING)["verdict"].startswith(f"✓ {right}\n"), "the mark, the words, then the note"
    watch.check()


def asked_examples() -> dict[str, int]:
    """The examples that ask the reader, with how many questions each asks (read from the files)."""
    found = {}
    for path in sorted(EXAMPLES.glob("*.toml")):
        asks = sum(1 for step in tomllib.loads(path.read_text(encoding="utf-8")).get("step", []) if "ask" in step)
        if asks:
            found[path.stem] = asks
    return found


def test_without_javascript_every_question_shows_its_answer(chromium, site_url, site_dir) -> None:
    """With JavaScript off, every question of every walkthrough is shown in its step, above its table, with the example's
    answer and note in a closed disclosure that opens; translated pages show it translated."""
    asked = asked_examples()
    pages = sorted({p.relative_to(site_dir / "en").as_posix() for p in (site_dir / "en").rglob("*.html")
                    if "linger-wt-question" in p.read_text(encoding="utf-8")})
    ctx = chromium.new_context(java_script_enabled=False)
    try:
        page = ctx.new_page()
        for lang in CODES:
            seen: dict[str, int] = {}
            for rel in pages:
                page.goto(f"{site_url}/{lang}/{rel}")
                # The puzzles' answers are the solver's (tests/browser/test_puzzles.py).
                for root in page.locator(".linger-walkthrough:not([data-judge])").all():
                    example = root.get_attribute("data-example")
                    for block in root.locator(".linger-wt-question").all():
                        seen[example] = seen.get(example, 0) + 1
                        want = next(q for q in questions(toml_of(example), lang, source_of(example))
                                    if str(q["at"]) == block.get_attribute("data-at"))
                        where = f"{lang}/{rel} {example}"
                        step = root.locator(f".linger-wt-step[data-index='{want['at']}']")
                        assert step.locator(".linger-wt-question").count() == 1, f"{where}: asked in its step"
                        above = block.bounding_box()["y"] < step.locator(".ll-table").first.bounding_box()["y"]
                        assert above, f"{where}: asked above the step's table, as the live widget asks"
                        ask = block.locator(".linger-wt-ask")
                        assert ask.is_visible() and ask.text_content().strip(), where
                        if lang != "en":
                            assert ask.text_content().strip() != want["ask"], f"{where}: the question is translated"
                        choice = block.locator(".linger-wt-answer-choice")
                        assert not choice.is_visible(), f"{where}: the answer waits in the disclosure"
                        block.locator("details > summary").click()
                        assert choice.is_visible() and choice.text_content() == want["answer_text"], where
                        assert block.locator("details .linger-wt-note").text_content().strip(), where
            assert seen == asked, f"{lang}: every question is on the site"
    finally:
        ctx.close()
