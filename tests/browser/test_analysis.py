"""The walkthroughs' analysis toggle in Chromium, against build/site served on 127.0.0.1.

The marks the page shows are checked against CPython's engine (linger_longer.web.analysis) for the same
worked example, step and language.
"""

from __future__ import annotations

from pathlib import Path

from linger_longer.web.analysis import analysis

REPO = Path(__file__).resolve().parents[2]
LIVE_TIMEOUT_MS = 90_000
EXAMPLE, PAGE, QUESTION_AT, MIXED_AT = "follow-suit", "how-to-play.html", 2, 4
WIDGET = f'.linger-walkthrough[data-example="{EXAMPLE}"]'
TOGGLE = f"{WIDGET} .linger-wt-analysis-toggle input"
SOURCE = f"tutorial/examples/{EXAMPLE}.toml"


def ours(lang: str, at: int, answered: bool = False) -> dict:
    return analysis((REPO / SOURCE).read_text(encoding="utf-8"), lang, at, SOURCE, answered)


def open_live(page, url: str) -> None:
    page.goto(url)
    page.wait_for_function("(s) => document.querySelector(s)?.dataset.engine === 'live'", arg=WIDGET,
                           timeout=LIVE_TIMEOUT_MS)


def state(page) -> str:
    return page.get_attribute(WIDGET, "data-analysis")


def wait_state(page, *wanted: str) -> None:
    page.wait_for_function("([s, w]) => w.includes(document.querySelector(s).dataset.analysis)",
                           arg=[WIDGET, list(wanted)], timeout=LIVE_TIMEOUT_MS)


def marks(page) -> list[dict]:
    """The marks on the table's cards of the player to act: code, value, spoken name, drawn symbol."""
    return page.eval_on_selector_all(f"{WIDGET} .linger-wt-stage .ll-table button[data-analysis]", """(cards) =>
        cards.map((c) => ({action: c.dataset.card, value: c.dataset.analysis, name: c.getAttribute('aria-label'),
                           symbol: c.querySelector('.ll-mark')?.textContent}))""")


def test_the_toggle_marks_the_cards_as_cpython_does(watched_context, open_watched, site_url, axe) -> None:
    """Off by default; on, each legal card carries CPython's mark, spoken in French; the line shows on request;
    an unanswered question gets no marks; the setting survives a reload, and only "on" turns it on."""
    ctx, watch = watched_context
    page = open_watched(ctx, watch)
    open_live(page, f"{site_url}/fr/{PAGE}")
    assert page.is_visible(TOGGLE) and not page.is_checked(TOGGLE)
    assert state(page) == "off" and marks(page) == []

    page.check(TOGGLE)
    wait_state(page, "shown")
    expected = ours("fr", 0)["marks"]
    assert expected and {m["value"] for m in expected} <= {"wins", "loses"}
    assert marks(page) == [{"action": m["action"], "value": m["value"], "name": m["name"], "symbol": m["symbol"]}
                           for m in expected]
    items = f"{WIDGET} .linger-wt-analysis-list > li"
    assert page.locator(items).count() == len(expected)
    first = page.locator(items).first
    assert not first.locator("ol").is_visible()
    first.locator("summary").click()
    assert first.locator("ol > li").all_text_contents() == expected[0]["line"]
    assert axe(page) == []

    # Step to the question: nothing is marked before the reader answers.
    page.focus(WIDGET)
    for _ in range(QUESTION_AT):
        page.keyboard.press("ArrowRight")
    wait_state(page, "withheld")
    assert page.get_attribute(WIDGET, "data-step") == str(QUESTION_AT)
    assert marks(page) == []
    assert page.text_content(f"{WIDGET} .linger-wt-analysis").strip() == ours("fr", QUESTION_AT)["text"]
    page.click(f"{WIDGET} .linger-wt-show-answer")  # the reader asks for the answer: then it may be analysed
    page.keyboard.press("ArrowLeft")
    wait_state(page, "shown")
    assert [m["action"] for m in marks(page)] == [m["action"] for m in ours("fr", QUESTION_AT, True)["marks"]]
    page.focus(WIDGET)
    for _ in range(8):  # on to a step where some cards win and others lose
        if page.get_attribute(WIDGET, "data-step") == str(MIXED_AT):
            break
        page.keyboard.press("ArrowRight")
    assert page.get_attribute(WIDGET, "data-step") == str(MIXED_AT)
    wait_state(page, "shown")
    mixed = ours("fr", MIXED_AT, True)["marks"]
    assert {m["value"] for m in mixed} == {"wins", "loses"}
    assert [(m["action"], m["value"]) for m in marks(page)] == [(m["action"], m["value"]) for m in mixed]

    page.reload()
    open_live(page, f"{site_url}/fr/{PAGE}")
    assert page.is_checked(TOGGLE)
    wait_state(page, "shown")
    assert [m["value"] for m in marks(page)] == [m["value"] for m in expected]
    page.evaluate("localStorage.setItem('linger-longer:analysis', 'yes')")  # not a value the page writes
    page.reload()
    open_live(page, f"{site_url}/fr/{PAGE}")
    assert not page.is_checked(TOGGLE) and state(page) == "off"
    watch.check()


def test_without_javascript_the_toggle_is_not_shown(chromium, site_url) -> None:
    ctx = chromium.new_context(java_script_enabled=False)
    try:
        page = ctx.new_page()
        page.goto(f"{site_url}/en/{PAGE}")
        assert page.locator(WIDGET).count() == 1
        assert page.locator(".linger-wt-analysis").count() == 0
        toggles = page.locator(".linger-wt-analysis-toggle")  # drawn with the page, one a walkthrough, hidden
        assert toggles.count() == page.locator(".linger-walkthrough").count()
        assert not any(toggle.is_visible() for toggle in toggles.all())
    finally:
        ctx.close()
