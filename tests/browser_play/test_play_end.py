"""The end of a deal on the Play page in Chromium, what the page remembers, and the paths that could reveal a
hidden card: the panel says what CPython's record says; Play again and Next deal deal on; a game survives a
reload and a new tab; the results count and reset; Undo after the end, Export, the link and hints during a
deal name no card the human's seat has not seen until the reader confirms."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from linger_longer.web.play import Settings, encode_query, new_game, play, play_card as engine_play_card
from linger_longer.web.record import load_game

from games import IDLE, LIVE_TIMEOUT_MS, open_more, open_play, view
from linger_browser_fixtures import watch_context, watch_page

_SPEC = importlib.util.spec_from_file_location(
    "play_hidden_cards_paths", Path(__file__).resolve().parents[1] / "engine" / "test_play_hidden_cards.py")
assert _SPEC is not None and _SPEC.loader is not None
hidden = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(hidden)



def wait_changed(page, before: dict) -> None:
    page.wait_for_function(
        "(before) => JSON.stringify(window.lingerPlay.view.record) !== JSON.stringify(before) "
        "&& !document.querySelector('.linger-play').hasAttribute('aria-busy')",
        arg=before["record"], timeout=LIVE_TIMEOUT_MS)


def play_card(page) -> None:
    """Click the first suit or the first legal card, and wait for the engine's answer."""
    current = view(page)
    target = (page.locator(".linger-play-table button[data-suit]") if current["name_trump"]
              else page.locator(".linger-play-table button[data-legal=true]")).first
    target.click()
    wait_changed(page, current)


def play_deal(page) -> dict:
    while not view(page)["deal"]["over"]:
        play_card(page)
    return view(page)


#: Plays a whole game through the page's engine (no clicks) and draws only its last view: fast enough for 20 deals.
PLAY_THROUGH = """async ([lang, query]) => {
  const page = window.lingerPlay.page;
  const engine = page.engine;
  const settings = await engine.call('decode-query', lang, query, 1);
  let view = await engine.call('new-game', lang, JSON.stringify(settings));
  while (!view.deal.over) {
    const action = view.name_trump ? view.suits[0].suit : view.choices.find((c) => c.legal).card;
    view = await engine.call('play', lang, JSON.stringify(view.record), action);
  }
  page.show(view, false);
  return view.record;
}"""

PANEL = """() => {
  const panel = document.querySelector('.linger-play-table .linger-play-end');
  return {
    winner: Number(panel.dataset.winner), reason: panel.dataset.reason,
    title: panel.querySelector('.linger-play-end-title').textContent,
    out: [...panel.querySelectorAll('.linger-play-end-out li')].map((li) => Number(li.dataset.seat)),
    tricks: [...panel.querySelectorAll('.linger-play-end-tricks li')].map((li) => ({
      number: Number(li.dataset.trick),
      cards: [...li.querySelectorAll('.linger-play-end-card')].map((c) => c.dataset.card),
      seats: [...li.querySelectorAll('.linger-play-end-card')].map((c) => Number(c.dataset.seat)),
      won: [...li.querySelectorAll('.linger-play-end-won')].map((c) => Number(c.dataset.seat)),
    })),
    buttons: [...panel.querySelectorAll('.linger-play-end-actions button')].map((b) => b.dataset.end),
    match: panel.querySelector('.linger-play-end-match') !== null,
  };
}"""



@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_play_again_next_deal_review_and_axe(chromium, site_url, axe, scheme):
    """A match's deal ends with the panel on the table, the focus on Next deal, which deals deal 2; Review shows
    every hand without the panel, read-only, and comes back (see test_play_review.py); Play again starts a new game with the same settings. The panel
    has no serious axe-core finding."""
    ctx = chromium.new_context(color_scheme=scheme, reduced_motion="reduce", viewport={"width": 1280, "height": 900})
    watch = watch_context(ctx, site_url)
    try:
        page = ctx.new_page()
        watch_page(page, watch)
        settings = Settings(players=4, seed=41, seat=0, mode="match-3", strength="rule-of-thumb")
        page.goto(f"{site_url}/fr/play.html?{encode_query(settings)}")
        page.wait_for_function(IDLE, timeout=LIVE_TIMEOUT_MS)
        page.evaluate(f"document.body.dataset.theme = '{scheme}'")
        end = play_deal(page)
        panel = page.locator(".linger-play-table .linger-play-end")
        assert panel.is_visible()
        assert page.evaluate("document.activeElement.dataset.end") == "next"
        assert end["end"]["headline"] in panel.text_content()
        panel.locator("details summary").click()
        assert axe(page) == []  # no serious or critical finding, the panel and its trick list open
        page.click(".linger-play-end button[data-end=review]")
        page.wait_for_function(f"document.querySelector('.linger-play').dataset.review === '0' && ({IDLE})",
                               timeout=LIVE_TIMEOUT_MS)
        assert page.locator(".linger-play-end").count() == 0 and page.locator(".linger-play-end-review").is_visible()
        assert page.locator(".linger-play-table .ll-hidden").count() == 0  # every hand face up
        assert page.locator(".linger-play-table button[data-legal=true]:not([disabled])").count() == 0  # read-only
        page.click(".linger-play-end-review button[data-end=back]")
        page.wait_for_selector(".linger-play-table .linger-play-end")
        assert panel.is_visible()
        before = view(page)
        page.click(".linger-play-end button[data-end=next]")
        wait_changed(page, before)
        assert view(page)["deal"]["number"] == 2 and page.locator(".linger-play-end").count() == 0
        play_deal(page)
        before = view(page)
        page.click(".linger-play-end button[data-end=again]")
        wait_changed(page, before)
        again = view(page)
        assert again["deal"]["number"] == 1 and len(again["record"]["deals"]) == 1
        assert {k: v for k, v in again["settings"].items() if k != "seed"} == \
            {k: v for k, v in settings.to_json().items() if k != "seed"}
        watch.check()
    finally:
        ctx.close()


def test_a_game_survives_a_reload_and_a_new_tab_and_damage_starts_afresh(chromium, site_url):
    """The game in progress is kept in the browser: a reload, and a new tab of the bare Play page, continue it;
    a damaged saved game starts a fresh one."""
    ctx = chromium.new_context(reduced_motion="reduce")
    try:
        settings = Settings(players=3, seed=52, seat=0, mode="match-3")
        page = open_play(ctx, site_url, "nl", encode_query(settings))
        play_card(page)
        played = view(page)["record"]
        page.reload()
        page.wait_for_function(IDLE, timeout=LIVE_TIMEOUT_MS)
        assert view(page)["record"] == played
        page.close()
        tab = open_play(ctx, site_url, "nl")  # the bare page, as when coming back later
        assert view(tab)["record"] == played
        for damage in ["{{{", '{"version": 1}', '{"version": 1, "settings": 5, "deals": 5}', "[" * 5000]:
            tab.evaluate("(text) => localStorage.setItem('linger-longer.play-game', text)", damage)
            tab.reload()
            tab.wait_for_function(IDLE, timeout=LIVE_TIMEOUT_MS)
            fresh = view(tab)
            assert fresh["record"] != played and fresh["deal"]["number"] == 1 and not fresh["deal"]["over"]
            assert tab.text_content(".linger-play-status") == ""
    finally:
        ctx.close()


def test_a_game_saved_between_two_computer_moves_goes_on_to_the_readers_turn(chromium, site_url):
    """The page keeps the game after each of the computer's answers; a tab closed between two of them comes back
    to a page that lets the computer play on, to the same cards as without the interruption."""
    settings = Settings(players=4, seed=5, seat=0, strength="rule-of-thumb")
    start = new_game(settings)
    card = next(c["card"] for c in start["choices"] if c["legal"])
    halfway = engine_play_card(start["record"], card)
    assert halfway["computer_to_act"]
    ctx = chromium.new_context(reduced_motion="reduce")
    try:
        page = ctx.new_page()
        page.add_init_script(f"localStorage.setItem('linger-longer.play-game', {json.dumps(json.dumps(halfway['record']))})")
        page.goto(f"{site_url}/en/play.html")
        page.wait_for_function(f"{IDLE} && window.lingerPlay.view.your_turn", timeout=LIVE_TIMEOUT_MS)
        assert view(page)["record"] == play(start["record"], card)["record"]
    finally:
        ctx.close()


def test_results_count_per_strength_and_players_and_reset(chromium, site_url, axe):
    """A finished deal is counted in the results table (deals played, won, winning streak) for its opponents'
    strength and table size; Reset asks first and then empties it; damaged results read as none. On a 360-px
    screen the page does not scroll sideways and axe-core finds nothing serious."""
    ctx = chromium.new_context(reduced_motion="reduce", viewport={"width": 360, "height": 740}, color_scheme="dark")
    try:
        settings = Settings(players=3, seed=8, seat=0, strength="random")
        page = open_play(ctx, site_url, "en", encode_query(settings))
        assert page.locator(".linger-play-stats-body").text_content() == "No deal finished yet."
        end = play_deal(page)
        won = int(end["end"]["winner"] == 0)
        row = page.locator(".linger-play-stats tr[data-tally='random/3'] td")
        assert row.all_text_contents() == ["3", "1", str(won), str(won)]
        stored = json.loads(page.evaluate("localStorage.getItem('linger-longer.play-stats')"))
        assert stored["tallies"]["random/3"] == {"played": 1, "won": won, "streak": won}
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        assert axe(page) == []
        page.reload()
        page.wait_for_function(IDLE, timeout=LIVE_TIMEOUT_MS)
        assert row.all_text_contents() == ["3", "1", str(won), str(won)]  # a reload of a finished deal: no recount
        page.once("dialog", lambda dialog: dialog.dismiss())
        page.click(".linger-play-stats-reset")
        assert row.count() == 4
        page.once("dialog", lambda dialog: dialog.accept())
        page.click(".linger-play-stats-reset")
        assert page.locator(".linger-play-stats-body").text_content() == "No deal finished yet."
        page.evaluate("localStorage.setItem('linger-longer.play-stats', '{\"version\": 1, \"tallies\": 7}')")
        page.reload()
        page.wait_for_function(IDLE, timeout=LIVE_TIMEOUT_MS)
        assert page.locator(".linger-play-stats-body").text_content() == "No deal finished yet."
    finally:
        ctx.close()


#: Everything of the page a reader or a script could read: text, attributes, form values, storage and the URL.
EVERYWHERE = """() => {
  const texts = [];
  const root = document.querySelector('.linger-play');
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) texts.push(walker.currentNode.textContent);
  for (const node of [root, ...root.querySelectorAll('*')]) {
    for (const attr of node.attributes) texts.push(attr.value);
    if ('value' in node && typeof node.value === 'string') texts.push(node.value);
  }
  for (const store of [localStorage, sessionStorage]) {
    for (let i = 0; i < store.length; i++) texts.push(store.getItem(store.key(i)));
  }
  texts.push(location.href, document.title);
  return texts.join('\\n');
}"""

#: One deal a language, each strength at least once.
HIDDEN_GAMES = [
    ("en", Settings(players=4, seed=20, seat=0, strength="rule-of-thumb")),
    ("fr", Settings(players=3, seed=21, seat=1, strength="monte-carlo")),
    ("it", Settings(players=5, seed=22, seat=2, strength="random", variants=("draw-per-card",))),
    ("nl", Settings(players=4, seed=23, seat=3, strength="monte-carlo", mode="match-3")),
]


@pytest.mark.parametrize("lang, settings", HIDDEN_GAMES, ids=[g[0] for g in HIDDEN_GAMES])
def test_no_path_names_an_unseen_card(chromium, site_url, lang, settings):
    """Through a whole deal, with a hint, the export and the link asked for during it and Undo after its end, no
    card the human's seat has not seen is in the DOM, the storage, the URL or the exported file, and the seed is
    nowhere on the page, until the reader confirms that they want the whole deal."""
    ctx = chromium.new_context(reduced_motion="reduce")
    try:
        page = open_play(ctx, site_url, lang, encode_query(settings))
        seed = str(settings.seed)
        steps = 0
        seat = hidden.Seat()
        while True:
            current = view(page)
            if current["deal"]["over"]:
                break
            seat.take_in(current)
            unseen = seat.unseen(current)
            if steps == 1:
                page.click(".linger-play-toolbar button[data-action=hint]")
                page.wait_for_function("document.querySelector('.linger-play').dataset.hint !== undefined",
                                       timeout=LIVE_TIMEOUT_MS)
                page.wait_for_function(IDLE, timeout=LIVE_TIMEOUT_MS)
                open_more(page)
                page.click(".linger-play-toolbar button[data-action=export]")
                page.wait_for_function("!document.querySelector('.linger-play-export').hidden")
                page.wait_for_function(IDLE, timeout=LIVE_TIMEOUT_MS)
                exported = page.text_content(".linger-play-export code")
                assert "seed =" not in exported and not hidden.named(exported, unseen, "en")
                asked = []
                page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
                open_more(page)
                page.click(".linger-play-toolbar button[data-action=share]")
                assert asked and seed not in page.text_content(".linger-play-message")
            everything = page.evaluate(EVERYWHERE)
            record = json.dumps(current["record"], separators=(",", ":"), ensure_ascii=False)
            assert record in everything  # the saved game: its actions are cards played in sight of every seat
            leaks = hidden.named(everything.replace(record, ""), unseen, lang)
            assert not leaks, (steps, leaks)
            shown = everything.replace(page.evaluate("localStorage.getItem('linger-longer.play-game')") or "", "")
            assert f"seed={seed}" not in shown and f"seed = {seed}" not in shown
            play_card(page)
            steps += 1
        assert page.locator(".linger-play-toolbar button[data-action=undo]").is_disabled()
        refused = page.evaluate("""async () => { try { await window.lingerPlay.engine.call('undo',
          window.lingerPlay.page.lang, JSON.stringify(window.lingerPlay.view.record)); return ''; }
          catch (err) { return err.message; } }""")
        assert refused and view(page)["deal"]["over"]
    finally:
        ctx.close()


def test_the_whole_deal_is_exported_only_when_confirmed(chromium, site_url):
    """During a deal the export holds what the seat has seen; the whole deal comes only after the reader confirms."""
    ctx = chromium.new_context(reduced_motion="reduce")
    try:
        settings = Settings(players=4, seed=20, seat=0)
        page = open_play(ctx, site_url, "en", encode_query(settings))
        play_card(page)
        open_more(page)
        page.click(".linger-play-toolbar button[data-action=export]")
        page.wait_for_function("!document.querySelector('.linger-play-export').hidden")
        page.wait_for_function(IDLE, timeout=LIVE_TIMEOUT_MS)
        seen = page.text_content(".linger-play-export code")
        page.once("dialog", lambda dialog: dialog.dismiss())
        page.click(".linger-play-export-scope button")
        assert page.text_content(".linger-play-export code") == seen and "seed =" not in seen
        page.once("dialog", lambda dialog: dialog.accept())
        page.click(".linger-play-export-scope button")
        page.wait_for_function("(seen) => document.querySelector('.linger-play-export code').textContent !== seen",
                               arg=seen, timeout=LIVE_TIMEOUT_MS)
        assert "seed = " in page.text_content(".linger-play-export code")
    finally:
        ctx.close()
