"""The Puzzles page in Chromium, against build/site served on 127.0.0.1.

What the page answers is checked against CPython's solver bridge (linger_longer.web.puzzle) for the same
puzzle, card and language. One browser context and few page loads: the page holds 24 walkthroughs.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from linger_longer.languages import CODES
from linger_longer.web.puzzle import answer, solved_counts

REPO = Path(__file__).resolve().parents[2]
PUZZLES = REPO / "tutorial" / "puzzles"
INDEX = tomllib.loads((PUZZLES / "puzzles.toml").read_text(encoding="utf-8"))["puzzle"]
LIVE_TIMEOUT_MS = 90_000
SETTLED = "[...document.querySelectorAll('.linger-walkthrough')].every((w) => w.dataset.engine !== 'static')"
KEY = "linger-longer.puzzles"
COUNT = "#linger-puzzles-progress .linger-puzzles-count"
STATUS = "#linger-puzzles-progress .linger-puzzles-status"


def toml_of(entry: dict) -> str:
    return (PUZZLES / entry["file"]).read_text(encoding="utf-8")


def judged(entry: dict, lang: str, choice: str) -> dict:
    return answer(toml_of(entry), lang, entry["question_step"] - 1, choice, f"tutorial/puzzles/{entry['file']}")


def widget(entry: dict) -> str:
    return f'.linger-walkthrough[data-example="{Path(entry["file"]).stem}"]'


def open_live(page, url: str) -> None:
    page.goto(url)
    page.wait_for_function(SETTLED, timeout=LIVE_TIMEOUT_MS)
    states = page.eval_on_selector_all(".linger-walkthrough", "(ws) => ws.map((w) => w.dataset.engine)")
    assert set(states) == {"live"}, states


def to_question(page, entry: dict) -> None:
    """Step with the keyboard from the first step to the question (it stops the walkthrough there)."""
    at = entry["question_step"] - 1
    page.focus(widget(entry))
    page.keyboard.press("Home")
    for _ in range(at + 1):  # one press more than needed: the question holds
        page.keyboard.press("ArrowRight")
    assert page.get_attribute(widget(entry), "data-step") == str(at)
    assert page.get_attribute(widget(entry), "data-question") == str(at)


def verdict(page, entry: dict) -> str:
    return page.eval_on_selector(widget(entry), """(root) => root.querySelector('.linger-wt-verdict').hidden ? ''
        : [...root.querySelectorAll('.linger-wt-verdict :is(p, li)')].map((n) => n.textContent).join('\\n')""")


def card_button(page, entry: dict, card: str):
    seat = page.get_attribute(f"{widget(entry)} .linger-wt-question", "data-seat")
    return page.locator(f"{widget(entry)} .linger-wt-stage [data-seat='{seat}'] button[data-card='{card}']")


def wrong_card(entry: dict) -> str:
    """A legal card of the question that is not the answer (every puzzle has one)."""
    from linger_longer.web.walkthrough import replay

    steps = replay(toml_of(entry), "en", f"tutorial/puzzles/{entry['file']}")["steps"]
    return next(c["card"] for c in steps[entry["question_step"] - 1]["choices"]
                if c["legal"] and c["card"] != entry["answer"])


def test_the_static_page_lists_every_puzzle_with_its_answer_in_a_disclosure(chromium, site_url) -> None:
    """With JavaScript off, each language's page lists the 24 puzzles, shows each position and question, and
    keeps the solver's answer and winning line in a closed disclosure, translated (CPython's words)."""
    ctx = chromium.new_context(java_script_enabled=False)
    try:
        page = ctx.new_page()
        for lang in CODES:
            page.goto(f"{site_url}/{lang}/puzzles.html")
            assert page.locator(".linger-puzzles-list > li").count() == len(INDEX) >= 24, lang
            roots = page.locator(".linger-walkthrough")
            assert roots.count() == len(INDEX)
            for number, entry in enumerate(INDEX):
                root = roots.nth(number)
                where = f"{lang} {entry['file']}"
                assert root.get_attribute("data-example") == Path(entry["file"]).stem, where
                at = entry["question_step"] - 1
                position = root.locator(f".linger-wt-step[data-index='{at}'] .linger-wt-table .ll-table")
                assert position.is_visible(), f"{where}: the position is shown"
                assert root.locator(f".linger-wt-step[data-index='{at + 1}']").is_hidden(), f"{where}: no spoiler"
                block = root.locator(".linger-wt-question")
                assert block.locator(".linger-wt-ask").is_visible(), where
                want = judged(entry, lang, entry["answer"])
                choice = block.locator(".linger-wt-answer-choice")
                assert not choice.is_visible(), f"{where}: the answer waits in the disclosure"
                block.locator("details > summary").click()
                assert choice.text_content() == want["text"], where
                assert block.locator("details .linger-wt-line > li").all_text_contents() == want["followed"], where
                if lang != "en":
                    english = judged(entry, "en", entry["answer"])
                    assert want["text"] != english["text"], f"{where}: the answer is translated"
            assert page.locator(".linger-puzzles-count").is_hidden(), "no progress without the script"
    finally:
        ctx.close()


@pytest.mark.parametrize("lang", ["en"])
def test_solving_a_puzzle_is_kept_and_reset(watched_context, open_watched, site_url, axe, lang: str) -> None:
    """A corrupt stored value is ignored; a wrong legal card shows the solver's refutation line (CPython's), the
    right card marks the puzzle solved, which survives a reload (a full quota only costs the keeping); a foreign value
    is ignored; Reset asks first
    and clears the progress, announced in the live region; the keyboard does it all."""
    ctx, watch = watched_context
    page = open_watched(ctx, watch)
    url = f"{site_url}/{lang}/puzzles.html"
    counts = solved_counts(lang, len(INDEX))
    labels = None

    # A corrupt value (not JSON) is ignored: nothing solved, and no error.
    page.goto(url)
    page.evaluate(f"localStorage.setItem({KEY!r}, '{{\"version\": 1, \"solved\": [\"01-seed')")
    open_live(page, url)
    labels = json.loads(page.get_attribute("#linger-puzzles-progress", "data-labels"))
    assert page.text_content(COUNT) == counts[0]
    assert page.locator(".linger-puzzles-state[data-solved='false']").count() == len(INDEX)

    # A wrong legal card: the solver's refutation, as CPython gives it, in words and on the table.
    entry = INDEX[0]
    to_question(page, entry)
    wrong = wrong_card(entry)
    card_button(page, entry, wrong).focus()
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.querySelector({widget(entry)!r}).dataset.branch === 'yes'")
    want = judged(entry, lang, wrong)
    assert want["verdict"] == "other" and want["winner"] != entry["player"]
    assert verdict(page, entry) == "\n".join([want["text"], *want["followed"]])
    assert page.text_content(f"{widget(entry)} .linger-wt-live") == " ".join([want["text"], *want["followed"]])
    assert page.text_content(COUNT) == counts[0], "a wrong card solves nothing"
    page.keyboard.press("Enter")  # the focus is on "Back to the question"
    assert page.get_attribute(widget(entry), "data-branch") == "no"

    # The right card: solved, said in the progress region, and kept over a reload.
    card_button(page, entry, entry["answer"]).focus()
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.querySelector({COUNT!r}).textContent === {counts[1]!r}")
    right = judged(entry, lang, entry["answer"])
    assert verdict(page, entry) == "\n".join([right["text"], *right["followed"]])
    title = page.text_content(f"{widget(entry)} .linger-wt-title")
    assert page.text_content(STATUS) == f"{labels['just_solved'].replace('{title}', title)} {counts[1]}"
    stored = json.loads(page.evaluate(f"localStorage.getItem({KEY!r})"))
    assert stored == {"version": 1, "solved": [Path(entry["file"]).stem]}
    page.reload()
    assert page.text_content(COUNT) == counts[1]
    first = page.locator(".linger-puzzles-list > li").first.locator(".linger-puzzles-state")
    assert first.get_attribute("data-solved") == "true" and labels["solved"] in first.text_content()
    assert axe(page) == []

    # Reset: asks first (Escape keeps the progress), then clears it and says so.
    page.focus(".linger-puzzles-reset")
    page.keyboard.press("Enter")
    assert page.locator(".linger-puzzles-confirm").is_visible()
    assert page.evaluate("document.activeElement.className") == "linger-puzzles-confirm-no"
    page.keyboard.press("Escape")
    assert page.locator(".linger-puzzles-confirm").is_hidden() and page.text_content(COUNT) == counts[1]
    page.focus(".linger-puzzles-reset")
    page.keyboard.press("Enter")
    page.keyboard.press("Shift+Tab")  # from Cancel to "Yes, reset"
    page.keyboard.press("Enter")
    assert page.text_content(COUNT) == counts[0]
    assert page.text_content(STATUS) == f"{labels['was_reset']} {counts[0]}"
    assert page.evaluate(f"localStorage.getItem({KEY!r})") is None

    # A full quota: the puzzle still counts for the visit, and the page says the browser does not keep it.
    page.evaluate("() => { Storage.prototype.setItem = () => { throw new DOMException('full', 'QuotaExceededError'); }; }")
    page.focus(widget(entry))
    page.keyboard.press("Home")
    for _ in range(entry["question_step"] - 1):
        page.keyboard.press("ArrowRight")
    card_button(page, entry, entry["answer"]).click()
    page.wait_for_function(f"document.querySelector({COUNT!r}).textContent === {counts[1]!r}")
    assert page.text_content(STATUS).endswith(labels["not_kept"])
    assert page.evaluate(f"localStorage.getItem({KEY!r})") is None
    page.reload()  # the browser's own storage again
    assert page.text_content(COUNT) == counts[0], "nothing was kept"

    # A foreign value (another shape, or ids the page does not hold) is ignored too.
    for foreign in ('{"version": 2, "solved": ["01-seed-54"]}', '["01-seed-54"]', '{"version": 1, "solved": ["x"]}'):
        page.evaluate(f"localStorage.setItem({KEY!r}, {foreign!r})")
        page.reload()
        assert page.text_content(COUNT) == counts[0], foreign
    watch.check()
