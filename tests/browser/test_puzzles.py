"""The Puzzles page's trainer in Chromium, against build/site served on 127.0.0.1.

One puzzle at a time: what the page answers is checked against CPython's solver bridge (linger_longer.web.puzzle)
for the same puzzle, card and language. Few page loads: each scenario shares one.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from linger_longer.web.puzzle import answer, solved_counts, trainer_labels
from linger_longer.web.walkthrough import replay

REPO = Path(__file__).resolve().parents[2]
PUZZLES = REPO / "tutorial" / "puzzles"
INDEX = tomllib.loads((PUZZLES / "puzzles.toml").read_text(encoding="utf-8"))["puzzle"]
BY_ID = {Path(entry["file"]).stem: entry for entry in INDEX}
LIVE_TIMEOUT_MS = 90_000
KEY = "linger-longer.puzzles"
TRAINER = ".linger-trainer"
WIDGET = f"{TRAINER} .linger-trainer-stage .linger-walkthrough"


def plain(entry: dict) -> bool:
    scenario = tomllib.loads((PUZZLES / entry["file"]).read_text(encoding="utf-8"))
    return scenario.get("profile", "standard") == "standard" and not scenario.get("variants")


#: The plain-rules puzzles in the trainer's order: easy to hard (by difficulty, then the index's order).
PLAIN = [Path(e["file"]).stem for _, _, e in sorted((e.get("difficulty", 0), n, e) for n, e in enumerate(INDEX) if plain(e))]


def toml_of(entry: dict) -> str:
    return (PUZZLES / entry["file"]).read_text(encoding="utf-8")


def judged(entry: dict, lang: str, choice: str) -> dict:
    return answer(toml_of(entry), lang, entry["question_step"] - 1, choice, f"tutorial/puzzles/{entry['file']}",
                  entry.get("stock_shown", 0))


def wrong_card(entry: dict) -> str:
    """A legal card of the question that is not the answer (every puzzle has one)."""
    steps = replay(toml_of(entry), "en", f"tutorial/puzzles/{entry['file']}")["steps"]
    return next(c["card"] for c in steps[entry["question_step"] - 1]["choices"]
                if c["legal"] and c["card"] != entry["answer"])


def wait_shown(page, puzzle_id: str | None = None) -> str:
    """Wait until the trainer shows a puzzle live at its question; its id."""
    want = "true" if puzzle_id is None else f"t.dataset.puzzle === {puzzle_id!r}"
    page.wait_for_function(
        f"""(() => {{ const t = document.querySelector({TRAINER!r}); const w = t && t.querySelector('.linger-walkthrough');
        return t && w && t.dataset.puzzle && {want} && w.dataset.engine === 'live' && w.dataset.question !== ''
          && !t.querySelector('.linger-trainer-next').disabled; }})()""", timeout=LIVE_TIMEOUT_MS)
    return page.get_attribute(TRAINER, "data-puzzle")


def choose(page, card: str) -> None:
    seat = page.get_attribute(f"{WIDGET} .linger-wt-question", "data-seat")
    button = page.locator(f"{WIDGET} .linger-wt-stage [data-seat='{seat}'] button[data-card='{card}']")
    table_top = page.eval_on_selector(f"{WIDGET} .linger-wt-stage .linger-wt-table", "(t) => t.getBoundingClientRect().top + window.scrollY")
    button.focus()
    page.keyboard.press("Enter")
    page.wait_for_function(f"!document.querySelector('{WIDGET} .linger-wt-verdict').hidden", timeout=LIVE_TIMEOUT_MS)
    moved = page.eval_on_selector(f"{WIDGET} .linger-wt-stage .linger-wt-table",
                                  f"(t) => Math.abs(t.getBoundingClientRect().top + window.scrollY - {table_top})")
    # The brief's bound is a layout shift under 0.02: the distance fraction bounds the shift score from above.
    height = page.evaluate("window.innerHeight")
    assert moved / height < 0.02, f"the verdict moved the table by {moved} px"


def wait_other(page, old: str) -> str:
    """Wait until the trainer shows a puzzle other than ``old`` live at its question; its id."""
    page.wait_for_function(
        f"""(() => {{ const t = document.querySelector({TRAINER!r}); const w = t && t.querySelector('.linger-walkthrough');
        return t && w && t.dataset.puzzle && t.dataset.puzzle !== {old!r} && w.dataset.engine === 'live'
          && w.dataset.question !== '' && !t.querySelector('.linger-trainer-next').disabled; }})()""", timeout=LIVE_TIMEOUT_MS)
    return page.get_attribute(TRAINER, "data-puzzle")


def themes_of(entry: dict) -> set[str]:
    return set(entry.get("themes", []))


def verdict_clear_of_cards(page) -> None:
    """The verdict lies over no card of the table (bounding boxes), and below every one."""
    boxes = page.eval_on_selector(f"{WIDGET} .linger-wt-stage .linger-wt-table", """(t) => {
        const v = t.querySelector('.linger-wt-verdict').getBoundingClientRect();
        return { verdict: [v.left, v.top, v.right, v.bottom],
                 cards: [...t.querySelectorAll('.ll-card')].map((c) => { const r = c.getBoundingClientRect();
                   return [r.left, r.top, r.right, r.bottom, c.dataset.card || c.className]; }) }; }""")
    left, top, right, bottom = boxes["verdict"]
    assert boxes["cards"], "the table shows cards"
    for c_left, c_top, c_right, c_bottom, name in boxes["cards"]:
        overlaps = c_left < right and left < c_right and c_top < bottom and top < c_bottom
        assert not overlaps, f"the verdict {boxes['verdict']} covers the card {name} {[c_left, c_top, c_right, c_bottom]}"


def verdict(page) -> list[str]:
    return page.eval_on_selector(f"{WIDGET} .linger-wt-verdict",
                                 "(v) => [...v.querySelectorAll(':is(p, li)')].map((n) => n.textContent)")


def stored(page) -> dict:
    return json.loads(page.evaluate(f"localStorage.getItem({KEY!r})"))


def test_without_javascript_the_first_puzzle_and_the_list_are_readable(chromium, site_url) -> None:
    """With JavaScript off: the first plain-rules puzzle shows its position and question, its answer (the solver's
    words) waits in a disclosure, every puzzle is listed, and the trainer's controls are not shown."""
    ctx = chromium.new_context(java_script_enabled=False)
    try:
        page = ctx.new_page()
        for lang in ("en", "fr"):
            page.goto(f"{site_url}/{lang}/puzzles.html")
            assert page.locator(".linger-puzzles-list > li").count() == len(INDEX), lang
            roots = page.locator(".linger-walkthrough")
            assert roots.count() == 1, "one puzzle drawn, the others are data"
            entry = BY_ID[PLAIN[0]]
            assert roots.get_attribute("data-example") == PLAIN[0]
            block = roots.locator(".linger-wt-question")
            assert block.locator(".linger-wt-ask").is_visible()
            block.locator("details > summary").click()
            want = judged(entry, lang, entry["answer"])
            assert block.locator(".linger-wt-answer-choice").text_content() == want["text"].removeprefix(want["word"]).strip()
            assert block.locator("details .linger-wt-line > li").all_text_contents() == want["followed"]
            for hidden in (".linger-trainer-filters", ".linger-trainer-score", ".linger-trainer-next"):
                assert page.locator(hidden).is_hidden(), hidden
    finally:
        ctx.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_trainer_scores_filters_retries_and_remembers(watched_context, open_watched, site_url, lang: str) -> None:
    """Damaged storage starts afresh without an error; a wrong card shows ✗ and the solver's refutation by trick
    (CPython's words) without moving the table, Try again, then the right card ✓ (no streak: it was missed); the
    next puzzle solved at once counts a streak of 1; the miss comes back in the retry queue; Next shows within a
    sane time; the filters choose; progress and filters survive a reload; a deep link opens its puzzle."""
    ctx, watch = watched_context
    page = open_watched(ctx, watch)
    url = f"{site_url}/{lang}/puzzles.html"
    labels = trainer_labels(lang)
    counts = solved_counts(lang, len(INDEX))
    page.goto(url)
    page.evaluate(f"localStorage.setItem({KEY!r}, '{{\"version\": 2, \"solved\": [\"01-seed')")
    page.reload()
    first = wait_shown(page)
    assert first == PLAIN[0], "a newcomer starts with the first plain-rules puzzle"
    assert page.is_checked(".linger-trainer-plain")
    assert page.text_content(".linger-trainer-count") == counts[0]

    # A wrong legal card: ✗, the solver's refutation by trick, then Try again; the streak stays at 0.
    entry = BY_ID[first]
    wrong = wrong_card(entry)
    choose(page, wrong)
    want = judged(entry, lang, wrong)
    assert want["symbol"] == "✗" and want["mark"] == "wrong"
    assert verdict(page) == [f"{want['symbol']} {want['text']}", *want["followed"]]
    assert page.get_attribute(f"{WIDGET} .linger-wt-verdict", "data-mark") == "wrong"
    assert page.text_content(".linger-trainer-misses") == labels["misses"].replace("{count}", "1")
    retry = page.locator(f"{WIDGET} .linger-wt-back-to-example")
    assert retry.text_content() == labels["retry"]
    retry.click()
    choose(page, entry["answer"])
    right = judged(entry, lang, entry["answer"])
    assert verdict(page) == [f"✓ {right['text']}", *right["followed"]]
    assert page.text_content(".linger-trainer-streak") == labels["streak"].replace("{count}", "0")
    assert page.text_content(".linger-trainer-count") == counts[1]
    assert page.text_content(".linger-trainer-misses") == labels["misses"].replace("{count}", "0")

    # Next: the next plain puzzle; solved at the first try, the streak is 1.
    page.click(".linger-trainer-next")
    second = wait_shown(page, PLAIN[1])
    assert float(page.get_attribute(TRAINER, "data-next-ms")) < 5_000
    assert page.url.endswith(f"#puzzle={second}")
    choose(page, BY_ID[second]["answer"])
    assert page.text_content(".linger-trainer-streak") == labels["streak"].replace("{count}", "1")

    # A miss on the third, then it comes back two puzzles later, announced.
    page.click(".linger-trainer-next")
    third = wait_shown(page, PLAIN[2])
    choose(page, wrong_card(BY_ID[third]))
    assert page.text_content(".linger-trainer-streak") == labels["streak"].replace("{count}", "0")
    page.click(".linger-trainer-next")
    wait_shown(page, PLAIN[3])
    page.click(".linger-trainer-next")
    wait_shown(page, third)
    assert page.text_content(".linger-trainer-status") == labels["retrying"]

    # Filters: plain rules off and a difficulty that no puzzle has (or has): the choice is kept over a reload.
    page.uncheck(".linger-trainer-plain")
    assert stored(page)["filters"]["plain"] is False
    page.reload()
    shown = wait_shown(page, third)
    assert shown == third and not page.is_checked(".linger-trainer-plain")
    kept = stored(page)
    assert set(kept["solved"]) == {first, second} and kept["best"] == 1 and kept["misses"][0]["id"] == third
    assert page.text_content(".linger-trainer-count") == counts[2]
    assert page.text_content(".linger-trainer-best") == labels["best"].replace("{count}", "1")

    # A deep link opens its puzzle, variants and all.
    other = next(Path(e["file"]).stem for e in INDEX if not plain(e))
    page.goto(f"{url}#puzzle={other}")
    wait_shown(page, other)
    rules = page.locator(f"{TRAINER} .linger-trainer-rules a")
    assert rules.count() >= 1 and rules.first.get_attribute("href").startswith("profiles.html#")
    watch.check()


def test_the_stock_lies_face_up_in_order_when_the_answer_depends_on_it(watched_context, open_watched, site_url) -> None:
    """A puzzle with stock cards to show draws them face up, next card first, as the engine's stock order."""
    from linger_longer.scenario import loads

    entry = next((e for e in INDEX if e.get("stock_shown")), None)
    assert entry is not None, "no puzzle shows its stock: puzzles.toml carries no stock_shown"
    ident = Path(entry["file"]).stem
    ctx, watch = watched_context
    page = open_watched(ctx, watch)
    for lang in ("en", "fr"):
        page.goto(f"{site_url}/{lang}/puzzles.html#puzzle={ident}")
        wait_shown(page, ident)
        stage = f"{WIDGET} .linger-wt-stage .linger-wt-table"
        shown = page.eval_on_selector_all(f"{stage} .ll-stock-next > li > [data-card]", "(cards) => cards.map((c) => c.dataset.card)")
        scenario = loads(toml_of(entry), entry["file"])
        deal = scenario.check()[entry["question_step"] - 1].deal
        assert shown == [card.code for card in deal.stock[:entry["stock_shown"]]], lang
        assert shown, f"{lang}: the stock's next cards are drawn face up"
        assert page.locator(f"{stage} .ll-stock-next").is_visible()
    watch.check()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [1280, 360])
def test_the_trainer_passes_axe(chromium, site_url, axe, scheme: str, width: int) -> None:
    ctx = chromium.new_context(viewport={"width": width, "height": 740 if width == 360 else 800}, color_scheme=scheme)
    try:
        page = ctx.new_page()
        page.goto(f"{site_url}/en/puzzles.html")
        wait_shown(page)
        choose(page, wrong_card(BY_ID[page.get_attribute(TRAINER, "data-puzzle")]))
        assert axe(page) == []
    finally:
        ctx.close()


def shown_entry(page) -> dict:
    return BY_ID[page.get_attribute(TRAINER, "data-puzzle")]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_one_puzzle_one_screen_reset_and_filters(watched_context, open_watched, site_url, lang: str) -> None:
    """On a 360 x 740 phone: the puzzle's position alone (no step buttons, no step count), its heading (difficulty in
    dots and in words) and what to find above the table, the filters folded under a summary of the choice; a click on
    a wrong card shows the verdict under the cards, on the screen with the hand, covering no card (and at 1280 px
    too); Reset asks first (Cancel keeps the score, Yes clears it, over a reload); the difficulty and theme filters
    only ever show matching puzzles, and a combination no puzzle fits says so."""
    ctx, watch = watched_context
    page = open_watched(ctx, watch)
    page.set_viewport_size({"width": 360, "height": 740})
    labels = trainer_labels(lang)
    counts = solved_counts(lang, len(INDEX))
    page.goto(f"{site_url}/{lang}/puzzles.html")
    first = wait_shown(page)
    entry = BY_ID[first]

    # One puzzle, one screen: no stepper, a heading, what to find.
    steppers = f"{TRAINER} :is(.linger-wt-first, .linger-wt-back, .linger-wt-next, .linger-wt-last, .linger-wt-count)"
    assert page.locator(steppers).count() >= 4, "the widget keeps its stepper, hidden"
    assert page.locator(f"{steppers} >> visible=true").count() == 0, "no step buttons or step count in the trainer"
    level = entry["difficulty"]
    assert page.text_content(f"{TRAINER} .linger-trainer-dots") == "●" * level + "○" * (5 - level)
    assert page.text_content(f"{TRAINER} .linger-trainer-words") == labels["label_value"].replace(
        "{label}", labels["difficulty"]).replace("{value}", labels["level"].replace("{level}", str(level)))
    ask = page.text_content(f"{WIDGET} .linger-wt-question .linger-wt-ask")
    assert ask and page.text_content(f"{TRAINER} .linger-trainer-prompt") == ask
    assert page.is_visible(f"{TRAINER} .linger-trainer-prompt")
    filters = page.locator(f"{TRAINER} .linger-trainer-filters")
    assert not filters.evaluate("(d) => d.open"), "the filters are folded on a phone"
    choice = " · ".join((labels["plain"], labels["any_theme"], labels["any_difficulty"]))
    assert page.text_content(f"{TRAINER} .linger-trainer-choice") == choice

    # A tap on a wrong card: the verdict under the cards, visible with the hand, over no card.
    seat = page.get_attribute(f"{WIDGET} .linger-wt-question", "data-seat")
    hand = page.locator(f"{WIDGET} .linger-wt-stage [data-seat='{seat}']").first
    card = page.locator(f"{WIDGET} .linger-wt-stage [data-seat='{seat}'] button[data-card='{wrong_card(entry)}']")
    card.scroll_into_view_if_needed()
    card.click()
    page.wait_for_function(f"!document.querySelector('{WIDGET} .linger-wt-verdict').hidden", timeout=LIVE_TIMEOUT_MS)
    page.wait_for_function(f"document.querySelector('{WIDGET} .linger-wt-verdict').dataset.mark === 'wrong'")
    mark = page.locator(f"{WIDGET} .linger-wt-verdict p").first.bounding_box()
    seen = hand.bounding_box()
    for name, box in (("the verdict's first line", mark), ("the hand", seen)):
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= 740, f"{name} is off the screen: {box}"
    verdict_clear_of_cards(page)
    page.set_viewport_size({"width": 1280, "height": 800})
    verdict_clear_of_cards(page)
    page.set_viewport_size({"width": 360, "height": 740})
    assert page.text_content(".linger-trainer-misses") == labels["misses"].replace("{count}", "1")

    # Try again, then Show the solution: the solver's words and line without a ✓, and no point for it.
    page.click(f"{WIDGET} .linger-wt-back-to-example")
    reveal = page.locator(f"{WIDGET} .linger-wt-show-answer")
    assert reveal.text_content() == labels["solution"]
    reveal.click()
    page.wait_for_function(f"""(() => {{ const v = document.querySelector('{WIDGET} .linger-wt-verdict');
                           return !v.hidden && v.dataset.mark === '' && v.textContent; }})()""", timeout=LIVE_TIMEOUT_MS)
    right = judged(entry, lang, entry["answer"])
    assert verdict(page) == [right["text"].removeprefix(right["word"]).strip(), *right["followed"]]
    assert page.text_content(".linger-trainer-count") == counts[0], "a solution shown is not a puzzle solved"
    assert page.text_content(".linger-trainer-misses") == labels["misses"].replace("{count}", "1")

    # Reset: Cancel keeps the score; Yes clears it, and a reload keeps it cleared.
    page.click(".linger-puzzles-reset")
    assert page.is_visible(".linger-puzzles-confirm")
    page.click(".linger-puzzles-confirm-no")
    assert page.is_hidden(".linger-puzzles-confirm")
    assert page.text_content(".linger-trainer-misses") == labels["misses"].replace("{count}", "1")
    assert len(stored(page)["misses"]) == 1
    page.click(".linger-puzzles-reset")
    page.click(".linger-puzzles-confirm-yes")
    zero = {"streak": labels["streak"], "best": labels["best"], "misses": labels["misses"]}
    for _ in range(2):
        for name, text in zero.items():
            assert page.text_content(f".linger-trainer-{name}") == text.replace("{count}", "0"), name
        assert page.text_content(".linger-trainer-count") == counts[0]
        assert page.is_disabled(".linger-puzzles-reset")
        page.reload()
        wait_shown(page)

    # The difficulty filter: every puzzle shown has that difficulty (and plain rules, the default).
    page.click(f"{TRAINER} .linger-trainer-filters > summary")
    levels = {BY_ID[i]["difficulty"] for i in PLAIN}
    want = max(levels, key=lambda n: sum(BY_ID[i]["difficulty"] == n for i in PLAIN))
    shown = page.get_attribute(TRAINER, "data-puzzle")
    page.select_option(f"{TRAINER} .linger-trainer-level", str(want))
    for _ in range(2):
        shown = wait_other(page, shown) if BY_ID[shown]["difficulty"] != want or _ else shown
        assert shown in PLAIN and BY_ID[shown]["difficulty"] == want, (shown, want)
        page.click(".linger-trainer-next")
    assert labels["label_value"].replace("{label}", labels["difficulty"]).replace(
        "{value}", labels["level"].replace("{level}", str(want))) in page.text_content(f"{TRAINER} .linger-trainer-choice")

    # The theme filter, any difficulty: every puzzle shown has that theme.
    shown = wait_other(page, shown)
    theme = next(t for t in sorted({t for i in PLAIN for t in themes_of(BY_ID[i])})
                 if t not in themes_of(BY_ID[shown]) and sum(t in themes_of(BY_ID[i]) for i in PLAIN) >= 2)
    page.select_option(f"{TRAINER} .linger-trainer-level", "")
    page.select_option(f"{TRAINER} .linger-trainer-theme", theme)
    for _ in range(2):
        shown = wait_other(page, shown)
        assert shown in PLAIN and theme in themes_of(BY_ID[shown]), (shown, theme)
        page.click(".linger-trainer-next")
    shown = wait_other(page, shown)

    # A combination no puzzle fits says so, and Next keeps saying so instead of breaking.
    empty = next((t, n) for t in sorted({t for e in INDEX for t in themes_of(e)}) for n in range(1, 6)
                 if not any(t in themes_of(BY_ID[i]) and BY_ID[i]["difficulty"] == n for i in PLAIN))
    page.select_option(f"{TRAINER} .linger-trainer-theme", empty[0])
    if empty[0] not in themes_of(BY_ID[shown]) and any(empty[0] in themes_of(BY_ID[i]) for i in PLAIN):
        shown = wait_other(page, shown)  # the theme alone still has puzzles: one of them comes first
    page.select_option(f"{TRAINER} .linger-trainer-level", str(empty[1]))
    assert page.text_content(".linger-trainer-status") == labels["none_left"]
    page.click(".linger-trainer-next")
    assert page.text_content(".linger-trainer-status") == labels["none_left"]
    assert page.get_attribute(TRAINER, "data-puzzle") == shown, "the puzzle on show stays"
    watch.check()
