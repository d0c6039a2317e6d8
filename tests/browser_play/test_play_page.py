"""The Play page of the built site in Chromium: games played by clicking and by keyboard, the URL, export, hint, undo,
the profile comparison, accessibility and a 360-px screen.

Every game here is also played by CPython (tests/browser_play/games.py) with the same seed and the same choices
(the reader always takes the first card the page offers): the record, the log and the score must be equal.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import pytest

from games import LIVE_TIMEOUT_MS, cpython_game, open_more, open_play, view, wait_idle
from linger_longer.web.play import Settings, compare, decode_query, encode_query, hint, new_game, play

from linger_browser_fixtures import watch_context, watch_page

REPO = Path(__file__).resolve().parents[2]
ROOT = ".linger-play"


def act(page, use_keyboard: bool) -> None:
    """Take the page's first offered action (the first legal card, or the first suit), or deal the next deal."""
    current = view(page)
    if current["deal"]["over"]:  # the end-of-deal panel's Next deal, where the keyboard focus goes
        target = page.locator(".linger-play-end button[data-end=next]")
    elif current["name_trump"]:
        target = page.locator(".linger-play-table button[data-suit]").first
    else:
        target = page.locator(".linger-play-table button[data-legal=true]").first
    if use_keyboard:
        # After a play the focus is on what the reader does next: the first legal card, the first suit or
        # the next deal (never a refused card), so Enter alone plays the page's first offer.
        assert target.evaluate("(el) => el === document.activeElement"), (
            "the keyboard focus is not on the next choice: "
            + page.evaluate("() => document.activeElement ? document.activeElement.outerHTML.slice(0, 160) : ''"))
        page.keyboard.press("Enter")
    else:
        target.click()
    page.wait_for_function(
        "(before) => JSON.stringify(window.lingerPlay.view.record) !== JSON.stringify(before) "
        "&& !document.querySelector('.linger-play').hasAttribute('aria-busy')",
        arg=current["record"], timeout=LIVE_TIMEOUT_MS,
    )


def play_to_the_end(page, use_keyboard: bool = False) -> dict:
    while True:
        current = view(page)
        if current["deal"]["over"] and not current["can_next"]:
            return current
        act(page, use_keyboard)


@pytest.mark.parametrize("settings, lang, keyboard", [
    (Settings(players=4, seed=31, seat=1, strength="rule-of-thumb"), "fr", False),
    (Settings(players=5, seed=32, seat=3, profile="last-card", variants=("draw-per-card",), mode="match-3",
              strength="random"), "nl", True),
])
def test_a_game_played_on_the_page_equals_cpython(chromium, site_url, settings, lang, keyboard):
    """A whole game played by clicking (French) or with the keyboard alone (Dutch) ends as CPython's does."""
    ctx = chromium.new_context(reduced_motion="reduce")
    watch = watch_context(ctx, site_url)
    try:
        page = ctx.new_page()
        watch_page(page, watch)
        page.goto(f"{site_url}/{lang}/play.html?{encode_query(settings)}")
        wait_idle(page)
        if keyboard:
            page.locator(".linger-play-table button[data-legal=true]").first.focus()
        final = play_to_the_end(page, keyboard)
        ours = cpython_game(settings, lang)
        assert final["record"] == ours["record"]
        assert final["log"] == ours["log"]
        assert final["score"] == ours["score"]
        # What the reader sees: the log, the score table, the end of the game, all in the page's language.
        assert page.locator(".linger-play-log li").all_text_contents() == ours["log"]
        rows = page.locator(".linger-play-score tbody tr").all()
        # Deals won only: no chip scoring was chosen, so no chips column (see test_play_end.py for chips).
        assert [int(c) for c in rows[settings.seat].locator("td").all_text_contents()] == [
            ours["score"]["deals_won"][settings.seat]]
        assert ours["log"][0] != cpython_game(settings, "en")["log"][0]
        turn = page.locator(".linger-play-recent .linger-play-turn").text_content()
        winner = final["players"][final["score"]["winner"]]
        assert winner in turn and turn != winner
        watch.check()
    finally:
        ctx.close()


def test_the_url_holds_the_game_and_a_link_replays_it(chromium, site_url):
    """The form's settings go to the URL in the engine's spelling, without the seed while the deal is on; the
    same settings with the seed deal the same cards."""
    ctx = chromium.new_context(reduced_motion="reduce")
    try:
        page = open_play(ctx, site_url, "it")
        first = dict(parse_qsl(urlsplit(page.url).query, keep_blank_values=True))
        assert first["players"] == "4" and "seed" not in first  # a random seed, not shown while the deal is on
        dealt = view(page)["settings"]["seed"]
        assert isinstance(dealt, int) and page.input_value("#linger-play-seed") != str(dealt)
        page.click(".linger-play-new > summary")  # the settings wait in the closed "New game" panel
        page.select_option("#linger-play-players", "5")
        page.select_option("#linger-play-seat", "C")
        page.check("input[name=profile][value=last-card]")
        page.check("input[name=trump][value=grand-coup]")
        page.check("input[name=variants][value=draw-per-card]")
        page.select_option("#linger-play-mode", "match-3")
        page.select_option("#linger-play-bot", "random")
        page.fill("#linger-play-seed", "123456789012345")
        page.click(".linger-play-start")
        page.wait_for_function("window.lingerPlay.view.settings.seed === 123456789012345")
        wait_idle(page)
        expected = Settings(players=5, seat=2, profile="last-card", variants=("grand-coup", "draw-per-card"),
                            mode="match-3", strength="random", seed=123456789012345)
        assert urlsplit(page.url).query == encode_query(expected, seed=False)
        assert decode_query(urlsplit(page.url).query, 123456789012345) == expected
        html = view(page)["html"]
        other = open_play(ctx, site_url, "it", encode_query(expected))  # a new tab with the link
        assert view(other)["html"] == html
        assert other.locator("input[name=trump][value=grand-coup]").is_checked()
        assert other.input_value("#linger-play-seat") == "C"
        # Reloading a tab continues its game; a damaged saved record only means a fresh start.
        act(other, use_keyboard=False)
        played = view(other)["record"]
        other.reload()
        wait_idle(other)
        assert view(other)["record"] == played
        other.evaluate("""() => { const record = JSON.parse(localStorage.getItem('linger-longer.play-game'));
          record.version = 99; localStorage.setItem('linger-longer.play-game', JSON.stringify(record)); }""")
        other.reload()  # the address of a deal in play has no seed: a fresh deal with the same settings
        wait_idle(other)
        fresh = view(other)
        assert fresh["record"]["deals"] != played["deals"] and fresh["deal"]["number"] == 1
        assert {k: v for k, v in fresh["settings"].items() if k != "seed"} == \
            {k: v for k, v in expected.to_json().items() if k != "seed"}
    finally:
        ctx.close()


def test_a_bad_link_is_refused_with_its_key_and_value(chromium, site_url):
    """A URL with an impossible setting shows the engine's message, in the page's language, and deals nothing."""
    ctx = chromium.new_context(reduced_motion="reduce")
    try:
        page = ctx.new_page()
        page.goto(f"{site_url}/fr/play.html?players=9&seed=1")
        page.wait_for_function("document.querySelector('.linger-play').dataset.state === 'error'", timeout=LIVE_TIMEOUT_MS)
        status = page.text_content(".linger-play-status")
        assert "9" in status and "3" in status and "6" in status
        assert status != "players: '9' is not a number from 3 to 6."  # French, not the English msgid
        assert page.locator(".linger-play-game").is_hidden()
    finally:
        ctx.close()


def test_export_replays_through_the_command_line(chromium, site_url, tmp_path):
    """The exported deal is a worked-example file that `python -m linger_longer replay` plays to the same winner."""
    ctx = chromium.new_context(accept_downloads=True, reduced_motion="reduce")
    try:
        settings = Settings(players=4, seed=77, seat=0, strength="random")
        page = open_play(ctx, site_url, "en", encode_query(settings))
        final = play_to_the_end(page)
        # Beside the button, and as its description: the file holds every hand.
        from linger_longer.web.labels import play_labels

        open_more(page)  # export is in the "More" menu
        note = page.locator("#" + page.get_attribute(".linger-play-toolbar button[data-action=export]", "aria-describedby"))
        assert note.is_visible() and note.text_content() == play_labels("en")["export_note"]
        page.click(".linger-play-toolbar button[data-action=export]")
        page.wait_for_function("!document.querySelector('.linger-play-export').hidden")
        text = page.text_content(".linger-play-export code")
        with page.expect_download() as download:
            page.click(".linger-play-download")
        saved = tmp_path / download.value.suggested_filename
        download.value.save_as(saved)
        assert saved.read_text(encoding="utf-8") == text
        assert saved.name == "play-77-deal-1.toml"
        done = subprocess.run([sys.executable, "-m", "linger_longer", "replay", str(saved)],
                              capture_output=True, text=True, cwd=REPO, check=False)
        assert done.returncode == 0, done.stderr
        assert done.stdout.splitlines()[-1] == final["log"][-1]  # the same end, in the same words
    finally:
        ctx.close()


def test_hint_names_the_strong_players_card_and_undo_takes_back(chromium, site_url):
    """Hint marks the card CPython's strong player would choose, with its sentence; undo restores the record."""
    ctx = chromium.new_context(reduced_motion="reduce")
    try:
        settings = Settings(players=4, seed=5, seat=0)
        page = open_play(ctx, site_url, "nl", encode_query(settings))
        start = view(page)
        page.click(".linger-play-toolbar button[data-action=hint]")
        page.wait_for_function("document.querySelector('.linger-play').dataset.hint !== undefined")
        wait_idle(page)
        ours = hint(start["record"], "nl")
        assert page.get_attribute(ROOT, "data-hint") == ours["action"]
        assert ours["sentence"] in page.text_content(".linger-play-message")
        assert ours["sentence"] != hint(start["record"], "en")["sentence"]  # the strong opponent's reason, in Dutch
        assert page.locator(".ll-hinted").get_attribute("data-card") == ours["action"]
        act(page, use_keyboard=False)
        first_legal = next(c["card"] for c in start["choices"] if c["legal"])
        assert view(page)["record"] == play(start["record"], first_legal, "nl")["record"]
        page.click(".linger-play-toolbar button[data-action=undo]")
        page.wait_for_function("(r) => JSON.stringify(window.lingerPlay.view.record) === JSON.stringify(r)",
                               arg=start["record"], timeout=LIVE_TIMEOUT_MS)
        assert view(page)["html"] == start["html"]
    finally:
        ctx.close()


def test_an_illegal_card_says_why(chromium, site_url):
    """A card the rules refuse stays focusable and, when chosen, shows the rule in the message area."""
    ctx = chromium.new_context(reduced_motion="reduce")
    try:
        # The first deal in which seat B, at its first turn, holds a card it may not play.
        settings = next(s for s in (Settings(players=4, seed=seed, seat=1) for seed in range(200))
                        if any(not c["legal"] for c in new_game(s)["choices"]))
        page = open_play(ctx, site_url, "en", encode_query(settings))
        illegal = page.locator(".linger-play-table button[data-legal=false]").first
        # Not disabled (so it can be focused and read), only aria-disabled.
        assert illegal.evaluate("(b) => !b.disabled") and illegal.get_attribute("aria-disabled") == "true"
        reason = illegal.get_attribute("title")
        refused = next(c for c in new_game(settings)["choices"] if not c["legal"])
        assert illegal.get_attribute("data-card") == refused["card"]
        assert reason == refused["reason"]  # the engine's sentence, which names the rule and the led suit:
        assert reason.startswith("B holds ") and reason.endswith(" and must follow suit.")
        record = json.dumps(view(page)["record"])
        illegal.focus()
        page.keyboard.press("Enter")
        assert page.text_content(".linger-play-message") == f"{reason} Read the rule"  # and a link to the rule
        assert page.get_attribute(".linger-play-message a.ll-rule-link", "href") == "how-to-play.html#follow-suit"
        assert json.dumps(view(page)["record"]) == record
    finally:
        ctx.close()


def test_compare_marks_the_trick_where_the_profiles_part(chromium, site_url):
    """With draw-per-card the stock runs out; the comparison marks CPython's parting trick in both columns."""
    ctx = chromium.new_context(reduced_motion="reduce")
    try:
        # The first deal whose two profiles part, when the reader takes the first card offered.
        settings = next(s for s in (Settings(players=4, seed=seed, seat=0, variants=("draw-per-card",),
                                             strength="random") for seed in range(200))
                        if compare(cpython_game(s, "en")["record"], "en")["parts_at"] is not None)
        page = open_play(ctx, site_url, "en", encode_query(settings))
        final = play_to_the_end(page)
        ours = compare(final["record"], "en")
        assert final["record"] == cpython_game(settings, "en")["record"]
        open_more(page)
        page.click(".linger-play-toolbar button[data-action=compare]")
        page.wait_for_function("!document.querySelector('.linger-play-compare').hidden")
        marked = page.locator(".linger-play-line li.linger-play-parts")
        assert marked.count() == 2
        assert {marked.nth(i).get_attribute("data-trick") for i in range(2)} == {str(ours["parts_at"])}
        assert ours["sentence"] in page.text_content(".linger-play-compare-sentence")
        columns = page.locator(".linger-play-line")
        assert [columns.nth(i).get_attribute("data-profile") for i in range(2)] == ["standard", "last-card"]
        assert page.get_attribute(".linger-play-toolbar button[data-action=compare]", "aria-expanded") == "true"
    finally:
        ctx.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_play_page_passes_axe_and_fits_360_px(chromium, site_url, axe, scheme):
    """No serious or critical axe-core violation (contrast included) with the panels open, and no sideways scroll
    on a 360-px screen."""
    ctx = chromium.new_context(color_scheme=scheme, viewport={"width": 360, "height": 740}, reduced_motion="reduce")
    try:
        settings = Settings(players=6, seed=8, seat=5, variants=("draw-per-card",), strength="random")
        page = open_play(ctx, site_url, "fr", encode_query(settings))
        # During the deal: the hint and the export (the comparison waits for the end of the deal).
        assert page.locator(".linger-play-toolbar button[data-action=compare]").is_disabled()
        for action in ("hint", "export"):
            if action == "export":
                open_more(page)
            page.click(f".linger-play-toolbar button[data-action={action}]")
            wait_idle(page)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        assert axe(page) == []
        play_to_the_end(page)
        for action in ("export", "compare"):
            open_more(page)
            page.click(f".linger-play-toolbar button[data-action={action}]")
            wait_idle(page)
        assert page.locator(".linger-play-compare").is_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        assert axe(page) == []
    finally:
        ctx.close()


def test_without_the_engine_the_page_says_so(chromium, site_url):
    """When the engine cannot start, the page says the game cannot be played, in the page's language."""
    ctx = chromium.new_context(service_workers="block")  # else its stored wheel would load
    try:
        page = ctx.new_page()
        page.route("**/_pyodide/*.whl", lambda route: route.fulfill(status=404, body="missing"))
        page.goto(f"{site_url}/it/play.html")
        page.wait_for_function("document.querySelector('.linger-play').dataset.engine === 'failed'",
                               timeout=LIVE_TIMEOUT_MS)
        labels = json.loads(page.get_attribute(ROOT, "data-labels"))
        assert page.text_content(".linger-play-status") == labels["engine_failed"]
        assert page.locator(".linger-play-game").is_hidden()
    finally:
        ctx.close()


def test_without_javascript_the_page_says_it_needs_it(chromium, site_url):
    """Without JavaScript the page shows the sentence that says why it cannot play, and no dead form."""
    ctx = chromium.new_context(java_script_enabled=False)
    try:
        page = ctx.new_page()
        page.goto(f"{site_url}/nl/play.html")
        labels = json.loads(page.get_attribute(ROOT, "data-labels"))
        assert page.locator(".linger-play-noscript").text_content() == labels["noscript"]
        assert page.locator(".linger-play-noscript").is_visible()
        assert page.locator(".linger-play-settings").is_hidden()
        assert labels["noscript"] != "The Play page runs the rules engine in your browser: turn on JavaScript to play."
    finally:
        ctx.close()


def test_the_stock_pile_on_the_table_agrees_with_the_clock(chromium, site_url):
    """The stock lies on the table as a face-down pile whose count is the clock's; trump shows beside it."""
    ctx = chromium.new_context(reduced_motion="reduce")
    try:
        page = open_play(ctx, site_url, "it", encode_query(Settings(players=4, seed=8, seat=0)))
        left = view(page)["table"]["stock"]
        assert page.locator(".linger-play-clock-text").is_visible()
        assert str(left) in page.text_content(".linger-play-clock-text")
        pile = page.locator(".linger-play-table .ll-stock")
        assert pile.is_visible() and pile.locator(".ll-count").text_content() == str(left)
        assert pile.locator(".ll-back").count() >= 1 and pile.locator("[data-card]").count() == 0
        assert page.locator(".linger-play-table .ll-trump").is_visible()
    finally:
        ctx.close()
