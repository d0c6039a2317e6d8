"""Every question of every walkthrough, every card, on a phone: the verdict teaches and never moves the table.

For each question ("Your move") of the walkthroughs (not the puzzles: tests/browser/test_puzzles.py), in a
360×740 window: each card of the player to act (each suit when trump is named) is chosen in turn. The page must
show what CPython's engine answers (linger_longer.web.question.answer): the example's card ✓, every other card ✗
with the engine's reason (or ✓ when the engine says it answers as well), the mark in its colour; the verdict must
appear inside the window, without scrolling, and without moving what is on the page (the layout shifts that
Chromium reports while it appears sum to less than 0.02). "Show the answer" comes after the cards in tab order.
Each page is loaded once and every question on it answered there (back to the question between answers), at the
instant speed: where the verdict lands does not depend on the pacing.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from linger_longer.web.question import answer, questions
from linger_longer.web.walkthrough import replay_json

from browser_helpers import LIVE_TIMEOUT_MS, SETTLED, go_to, widget

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "tutorial" / "examples"
PHONE = {"width": 360, "height": 740}
#: Every layout shift Chromium reports, with or without recent input (a click's own shifts count too).
SHIFTS = """window.__shifts = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__shifts.push(e.value); })
  .observe({ type: 'layout-shift', buffered: true });"""
MOST_SHIFT = 0.02


def toml_of(example: str) -> str:
    return (EXAMPLES / f"{example}.toml").read_text(encoding="utf-8")


def source_of(example: str) -> str:
    return f"tutorial/examples/{example}.toml"


def asking_pages(site_dir: Path) -> list[str]:
    """The English pages with a walkthrough question, as paths under the language folder."""
    return sorted(p.relative_to(site_dir / "en").as_posix() for p in (site_dir / "en").rglob("*.html")
                  if "linger-wt-question" in p.read_text(encoding="utf-8"))


def choices(example: str, lang: str, question: dict) -> list[str]:
    """Every card of the player to act (every suit when trump is named), the example's own last."""
    if question["kind"] == "suit":
        options = list("SHDC")
    else:
        step = json.loads(replay_json(toml_of(example), lang, source=source_of(example)))["steps"][question["at"]]
        options = [c["card"] for c in step["choices"]]
    return sorted(options, key=lambda c: c == question["answer"])


def choose(page, example: str, question: dict, choice: str) -> None:
    """Choose with the keyboard, as a reader may: focus the card (or suit) and press Enter."""
    if question["kind"] == "suit":
        target = f"{widget(example)} .linger-wt-stage-question button[data-suit='{choice}']"
    else:
        target = f"{widget(example)} .linger-wt-stage [data-seat='{question['seat']}'] button[data-card='{choice}']"
    page.locator(target).focus()
    page.wait_for_timeout(100)  # the focus has scrolled the card into view
    page.keyboard.press("Enter")


def settle(page) -> None:
    """Two frames and a moment: the layout shifts of what was drawn are in the observer's list."""
    page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    page.wait_for_timeout(250)  # and the verdict's last look at the window (linger-question.mjs)


VERDICT = """(root) => {
  const v = root.querySelector('.linger-wt-verdict');
  if (v.hidden || !v.textContent.trim()) return null;
  const box = v.getBoundingClientRect();
  const mark = v.querySelector('.linger-wt-mark');
  return { first: v.querySelector('p').textContent, mark: v.dataset.mark, top: box.top, bottom: box.bottom,
           left: box.left, right: box.right, markColour: mark ? getComputedStyle(mark).color : null,
           inTable: root.querySelector('.linger-wt-stage .linger-wt-table').contains(v) };
}"""


def progress_of(page, example: str, lang: str) -> str:
    (question, *_) = questions(toml_of(example), lang, source_of(example))
    go_to(page, example, question["at"])
    return page.text_content(f"{widget(example)} .linger-wt-stage-question .linger-wt-progress")


def check_progress(page, site_url: str, lang: str, rel: str, examples: list[str]) -> None:
    """Every question of the page was answered right: the page's count says so, and still does after a reload."""
    total = sum(len(questions(toml_of(e), lang, source_of(e))) for e in examples)
    template = json.loads(page.get_attribute(widget(examples[0]), "data-labels"))["answered"]
    want = template.replace("{count}", str(total)).replace("{total}", str(total))
    assert progress_of(page, examples[-1], lang) == want, f"{lang}/{rel}: every answer counted"
    page.reload()
    page.wait_for_function(SETTLED, timeout=LIVE_TIMEOUT_MS)
    assert progress_of(page, examples[0], lang) == want, f"{lang}/{rel}: the count is kept over a reload"


@pytest.mark.parametrize(("lang", "scheme"), [("en", "light"), ("fr", "dark")])
def test_every_question_gets_a_verdict_that_teaches(chromium, site_url, site_dir, axe, lang: str,
                                                    scheme: str) -> None:
    ctx = chromium.new_context(viewport=PHONE, color_scheme=scheme)
    ctx.add_init_script(SHIFTS)
    errors: list[str] = []
    judged = 0
    try:
        page = ctx.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        for rel in asking_pages(site_dir):
            page.goto(f"{site_url}/{lang}/{rel}")
            page.wait_for_function(SETTLED, timeout=LIVE_TIMEOUT_MS)
            examples = page.eval_on_selector_all(
                ".linger-walkthrough:not([data-judge]):not([data-guided])",
                "(ws) => ws.filter((w) => w.querySelector('.linger-wt-question')).map((w) => w.dataset.example)")
            for example in examples:
                for question in questions(toml_of(example), lang, source_of(example)):
                    for choice in choices(example, lang, question):
                        where = f"{lang}/{rel} {example} {choice}"
                        go_to(page, example, question["at"])
                        order = page.eval_on_selector(widget(example), """(root) => {
                            const reveal = root.querySelector('.linger-wt-show-answer');
                            const cards = [...root.querySelectorAll('.linger-wt-stage button[data-card], .linger-wt-stage button[data-suit]')];
                            return !reveal.hidden && cards.length > 0
                              && cards.every((c) => c.compareDocumentPosition(reveal) & Node.DOCUMENT_POSITION_FOLLOWING); }""")
                        assert order, f"{where}: 'Show the answer' comes after the cards"
                        want = answer(toml_of(example), lang, question["at"], choice, source_of(example))
                        settle(page)  # the steps' own shifts are reported before the count is taken
                        shifts_before = page.evaluate("window.__shifts.length")
                        choose(page, example, question, choice)
                        page.wait_for_function(
                            f"(() => {{ const v = document.querySelector({widget(example)!r} + ' .linger-wt-verdict');"
                            f" return !v.hidden && v.textContent.includes({want['text']!r}); }})()")
                        settle(page)  # the frames after the verdict: their shifts are reported
                        shown = page.eval_on_selector(widget(example), VERDICT)
                        shift = page.evaluate(f"window.__shifts.slice({shifts_before}).reduce((a, b) => a + b, 0)")
                        assert shift < MOST_SHIFT, f"{where}: the page moved ({shift:.3f}) as the verdict appeared"
                        assert shown["inTable"], f"{where}: the verdict lies over the table"
                        inside = (-4 <= shown["top"] and shown["bottom"] <= PHONE["height"] + 4
                                  and 0 <= shown["left"] and shown["right"] <= PHONE["width"])
                        assert inside, (f"{where}: the verdict is outside the 360×740 window: {shown} "
                                        f"{page.evaluate('[scrollY, document.activeElement.outerHTML.slice(0, 90)]')}")
                        assert shown["mark"] == want["mark"], where
                        assert shown["first"].startswith(f"{want['symbol']} {want['text']}"), where
                        if choice == question["answer"]:
                            assert want["mark"] == "right", where
                        elif question["kind"] == "card":
                            assert want["mark"] == "wrong", f"{where}: another card is wrong, and the engine says why"
                        judged += 1
                        if want["verdict"] == "other":
                            assert axe(page) == [], f"{where}: {scheme}"
                            page.locator(f"{widget(example)} .linger-wt-back-to-example").click()
            if examples:
                check_progress(page, site_url, lang, rel, examples)
        assert judged >= 15, f"every card of every question was judged ({judged})"
        assert errors == []
    finally:
        ctx.close()
