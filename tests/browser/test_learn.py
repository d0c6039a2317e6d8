"""The guided first deal (learn.html), played in Chromium as a newcomer plays it, in two languages.

One page load per language plays the whole lesson: a legal card other than the lesson's gets the engine's words,
the lesson's reason and the way on (try again, or play the lesson's card); a card the rules forbid is refused with
its rule and a link to it; the place is kept over a reload; at the end the lesson is finished, and every link to it
(in the sidebar, and on the front page) carries a ✓. axe-core finds nothing serious on the page, light and dark.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from linger_longer.scenario import loads, read_example
from linger_longer.web.labels import labels as engine_labels
from linger_longer.web.question import answer, questions

LESSON = Path(__file__).resolve().parents[2] / "tutorial" / "examples" / "learn-first-deal.toml"
SOURCE = "tutorial/examples/learn-first-deal.toml"
WIDGET = '.linger-walkthrough[data-example="learn-first-deal"]'
LIVE = f"document.querySelector({WIDGET!r}).dataset.engine === 'live'"
LIVE_TIMEOUT_MS = 90_000
VERDICT = f"{WIDGET} .linger-wt-stage .linger-wt-verdict"
STATUS = f"{WIDGET} > .linger-wt-status"


def toml() -> str:
    return read_example(LESSON)


def labels(page) -> dict[str, str]:
    return json.loads(page.get_attribute(WIDGET, "data-labels"))


def step_to(page, index: int) -> None:
    """Step forward with the keyboard, as a reader does, up to step ``index`` (no question on the way)."""
    page.focus(WIDGET)
    while int(page.get_attribute(WIDGET, "data-step")) < index:
        before = page.get_attribute(WIDGET, "data-step")
        page.keyboard.press("ArrowRight")
        assert page.get_attribute(WIDGET, "data-step") != before, f"stuck at step {before} on the way to {index}"
    assert page.get_attribute(WIDGET, "data-step") == str(index)


def choose(page, seat: int, card: str) -> None:
    """Choose with the keyboard, as a reader may (a card the rules forbid is aria-disabled, still focusable)."""
    page.locator(f"{WIDGET} .linger-wt-stage [data-seat='{seat}'] button[data-card='{card}']").focus()
    page.keyboard.press("Enter")


def verdict_says(page, text: str) -> None:
    page.wait_for_function(f"(() => {{ const v = document.querySelector({VERDICT!r});"
                           f" return v && !v.hidden && v.textContent.includes({text!r}); }})()")


def answered_with_lessons_card(page, at: int) -> None:
    page.wait_for_function(f"document.querySelector({WIDGET!r}).dataset.step === '{at + 1}'")


def status_says(page, lang: str, key: str) -> None:
    """The lesson's status line says what the reader does now, in the engine's words (never the walkthroughs'
    "try another line of play": the lesson has no other line)."""
    words = engine_labels(lang)
    want = words[key].format(player="A")
    assert page.text_content(STATUS) == want != words["ready"]


@pytest.mark.parametrize(("lang", "scheme"), [("en", "light"), ("fr", "dark")])
def test_the_guided_deal_is_played_through_kept_and_marked_done(chromium, site_url, axe, lang: str,
                                                                scheme: str) -> None:
    ctx = chromium.new_context(reduced_motion="reduce", color_scheme=scheme)  # instant steps: pacing is not tested
    errors: list[str] = []
    try:
        page = ctx.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(f"{site_url}/{lang}/learn.html")
        page.wait_for_function(LIVE, timeout=LIVE_TIMEOUT_MS)
        words = labels(page)
        status_says(page, lang, "guided_turn")
        asked = {q["at"]: q for q in questions(toml(), lang, SOURCE)}
        assert sorted(asked) == [0, 7, 9, 12, 18]
        progress = f"{WIDGET} .linger-wt-stage-question .linger-wt-progress"
        assert page.text_content(progress) == words["learn_progress"].format(count=0, total=5)
        assert page.text_content(f"{WIDGET} .linger-wt-show-answer") == words["guided_continue"]
        # Nobody but A may be played: no "try another card" for the other seats.
        assert page.locator(f"{WIDGET} .linger-wt-stage .linger-wt-try:not([hidden])").count() == 0

        # A legal card other than the lesson's: the engine's words, the lesson's reason, and the way on.
        told = answer(toml(), lang, 0, "AS", SOURCE)
        assert told["verdict"] == "guided"
        choose(page, 0, "AS")
        verdict_says(page, told["text"])
        why = page.text_content(f"{WIDGET} .linger-wt-steps [data-at='0'] .linger-wt-why").strip()
        shown = page.text_content(VERDICT)
        assert why and why in shown and words["guided_try"] in shown
        assert page.get_attribute(WIDGET, "data-step") == "0", "the reader stays at the question"
        assert axe(page) == [], f"{lang} {scheme}: the guided reply"
        choose(page, 0, "KC")  # try again, with the lesson's card
        answered_with_lessons_card(page, 0)
        status_says(page, lang, "guided_next")  # the other players' cards come next

        # A card the rules forbid: the rule, and a link to it.
        step_to(page, 7)
        refused = answer(toml(), lang, 7, "AS", SOURCE)
        choose(page, 0, "AS")
        verdict_says(page, refused["text"])
        link = page.locator(f"{VERDICT} a.ll-rule-link")
        assert link.get_attribute("href") == "how-to-play.html#follow-suit"
        assert axe(page) == [], f"{lang} {scheme}: the refusal"
        choose(page, 0, "5D")
        answered_with_lessons_card(page, 7)

        # Another legal card, then the lesson's card by its button.
        step_to(page, 9)
        choose(page, 0, "AS")
        verdict_says(page, answer(toml(), lang, 9, "AS", SOURCE)["text"])
        page.locator(f"{WIDGET} .linger-wt-show-answer").click()
        answered_with_lessons_card(page, 9)

        # The place and the moves done are kept over a reload.
        kept = page.evaluate("JSON.parse(localStorage.getItem('linger-learn'))")
        assert sorted(kept["done"]) == [0, 7, 9] and kept["step"] == 10 and kept["finished"] is False
        page.reload()
        page.wait_for_function(LIVE, timeout=LIVE_TIMEOUT_MS)
        assert page.get_attribute(WIDGET, "data-step") == "10"
        step_to(page, 12)
        assert page.text_content(progress) == words["learn_progress"].format(count=3, total=5)
        assert page.locator("a.linger-learn-done, .linger-learn-done").count() == 0, "no ✓ before the end"

        choose(page, 0, "3H")
        answered_with_lessons_card(page, 12)
        step_to(page, 18)
        choose(page, 0, "AS")
        answered_with_lessons_card(page, 18)
        last = len(loads(toml(), SOURCE).steps)
        step_to(page, last)
        page.wait_for_function(f"document.querySelector({WIDGET!r}).dataset.learned === 'true'")
        status_says(page, lang, "guided_over")
        assert page.evaluate("JSON.parse(localStorage.getItem('linger-learn')).finished") is True

        # The ✓ beside the sidebar's link to the lesson, on this page at once and on another page.
        assert page.locator(".sidebar-tree a.current .linger-learn-done").count() == 1
        assert page.locator(".headerlink .linger-learn-done").count() == 0, "a heading's own link is no lesson link"
        page.goto(f"{site_url}/{lang}/how-to-play.html")
        assert page.locator(".sidebar-tree a[href$='learn.html'] .linger-learn-done").count() >= 1
        tick = page.locator(".sidebar-tree a[href$='learn.html'] .linger-learn-done").first
        assert "✓" in tick.text_content() and words["learn_done"] in tick.text_content()
        page.goto(f"{site_url}/{lang}/index.html")
        body_links = page.locator("article a[href$='learn.html']")
        assert body_links.count() >= 1
        assert all(re.search("✓", body_links.nth(i).text_content()) for i in range(body_links.count()))
        assert errors == []
    finally:
        ctx.close()


def test_damaged_progress_starts_the_lesson_fresh(chromium, site_url) -> None:
    ctx = chromium.new_context(reduced_motion="reduce")
    try:
        page = ctx.new_page()
        page.goto(f"{site_url}/en/learn.html")
        page.evaluate("localStorage.setItem('linger-learn', '{not json')")
        page.reload()
        page.wait_for_function(LIVE, timeout=LIVE_TIMEOUT_MS)
        assert page.get_attribute(WIDGET, "data-step") == "0"
        assert page.locator(".linger-learn-done").count() == 0
    finally:
        ctx.close()
