"""The Play page after a deal and around a refused card, in Chromium: the review of a finished deal (every hand
face up, the analysis on, read-only, the engine's own marks), chips shown only when a chip scoring was chosen,
and the engine's refusal of a card with a link to its rule in the reader's language."""

from __future__ import annotations

import pytest

from linger_longer.game import Deal
from linger_longer.web.deal_end import deal_end
from linger_longer.web.play import Settings, encode_query, new_game
from linger_longer.web.record import load_game
from linger_longer.web.review import review

from games import IDLE, LIVE_TIMEOUT_MS, open_play, view
from linger_browser_fixtures import watch_context, watch_page

#: Plays the rest of the deal through the page's engine (no clicks) and draws its last view.
PLAY_OUT = """async () => {
  const page = window.lingerPlay.page;
  let current = window.lingerPlay.view;
  while (!current.deal.over) {
    const action = current.name_trump ? current.suits[0].suit : current.choices.find((c) => c.legal).card;
    current = await page.engine.call('play', page.lang, JSON.stringify(current.record), action);
  }
  await page.show(current, false);
}"""

#: The analysis marks on the review's table and in its list, as the reader sees them.
MARKS = """() => ({
  cards: Object.fromEntries([...document.querySelectorAll('.linger-play-table .ll-table button[data-analysis]')]
    .map((b) => [b.dataset.card, b.dataset.analysis])),
  list: [...document.querySelectorAll('.linger-play-end-review .linger-wt-analysis-list > li')]
    .map((li) => [li.dataset.action, li.dataset.analysis]),
})"""


def wait_review(page, at: int) -> None:
    page.wait_for_function(f"document.querySelector('.linger-play').dataset.review === '{at}' && ({IDLE})",
                           timeout=LIVE_TIMEOUT_MS)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_review_shows_every_hand_with_the_analysis_and_never_reenters_the_deal(chromium, site_url, axe, scheme):
    """A deal in play cannot be reviewed. Once it is over, "Review the deal" shows its first position with every hand
    face up and the analysis on: the marks on the cards and in the list are CPython's for that position; the stepper
    moves through the deal; no card can be played and Undo stays off; the analysis can be turned off; "Back to the
    result" brings the panel back. No serious axe-core finding."""
    ctx = chromium.new_context(color_scheme=scheme, reduced_motion="reduce", viewport={"width": 1280, "height": 800})
    watch = watch_context(ctx, site_url)
    try:
        page = ctx.new_page()
        watch_page(page, watch)
        settings = Settings(players=4, seed=33, seat=1, strength="rule-of-thumb")
        page.goto(f"{site_url}/fr/play.html?{encode_query(settings)}")
        page.wait_for_function(IDLE, timeout=LIVE_TIMEOUT_MS)
        refused = page.evaluate("""async () => { const page = window.lingerPlay.page;
          try { await page.engine.call('review', page.lang, JSON.stringify(page.view.record), 0, 1); return ''; }
          catch (err) { return err.message; } }""")
        assert refused  # a deal in play keeps its hidden cards: the engine refuses to review it
        assert page.locator(".linger-play-table .ll-hidden").count() == 3
        page.evaluate(PLAY_OUT)
        page.wait_for_function(IDLE, timeout=LIVE_TIMEOUT_MS)
        record = view(page)["record"]
        page.click(".linger-play-end button[data-end=review]")
        wait_review(page, 0)
        assert page.locator(".linger-play-end").count() == 0
        assert page.locator(".linger-play-table .ll-hidden").count() == 0  # every hand face up
        played = load_game(record).current
        dealt = Deal.new(settings.rules, settings.players, seed=played.seed, dealer=played.dealer)
        assert page.locator(".linger-play-table .ll-hand .ll-face").count() == \
            sum(len(dealt.hand(seat)) for seat in range(settings.players))  # every card as dealt
        assert page.locator("#linger-play-review-analysis").is_checked()
        for at in (0, 1):
            expected = review(record, at, True, "fr")
            marks = page.evaluate(MARKS)
            wanted = [[m["action"], m["value"]] for m in expected["analysis"]["marks"]]
            assert wanted and marks["list"] == wanted
            assert marks["cards"] == dict(map(tuple, wanted))
            assert page.text_content(".linger-play-review-position") == expected["position"]
            assert page.locator(".linger-play-table button[data-card]:not([disabled])").count() == \
                page.locator(".linger-play-table button[data-legal=false]").count()  # no legal card is offered
            if at == 0:
                assert page.evaluate("document.activeElement.dataset.review") == "next"
                assert axe(page) == []
                page.click(".linger-play-end-review button[data-review=next]")
                wait_review(page, 1)
        # Nothing plays: a click on any card leaves the record as it was; Undo stays off.
        page.locator(".linger-play-table button[data-card]").first.click(force=True)
        page.wait_for_function(IDLE, timeout=LIVE_TIMEOUT_MS)
        assert view(page)["record"] == record
        assert page.locator(".linger-play-toolbar button[data-action=undo]").is_disabled()
        page.click(".linger-play-end-review button[data-review=last]")
        total = len(load_game(record).current.actions)
        wait_review(page, total)
        assert page.locator(".linger-play-end-review button[data-review=next]").is_disabled()
        page.click(".linger-play-end-review button[data-review=back]")
        wait_review(page, total - 1)
        page.uncheck("#linger-play-review-analysis")
        page.wait_for_function("!document.querySelector('#linger-play-review-analysis').checked "
                               f"&& !document.querySelector('.linger-play-end-review .linger-wt-analysis') && ({IDLE})",
                               timeout=LIVE_TIMEOUT_MS)
        assert page.evaluate(MARKS) == {"cards": {}, "list": []}
        page.click(".linger-play-end-review button[data-end=back]")
        page.wait_for_selector(".linger-play-table .linger-play-end")
        assert page.locator(".linger-play-end-review").count() == 0
        watch.check()
    finally:
        ctx.close()


@pytest.mark.parametrize("scoring", ["deals", "chips-a", "chips-b"])
def test_chips_show_only_when_a_chip_scoring_was_chosen(chromium, site_url, scoring):
    """A single deal scored by deals is won as a deal, with no chips and no match anywhere (panel, score table,
    results); with a chip scoring the panel names it in plain words with its one-line explanation, gives this deal's
    chips as CPython counts them, and the score table has a chips column."""
    ctx = chromium.new_context(reduced_motion="reduce")
    try:
        settings = Settings(players=3, seed=8, seat=0, scoring=scoring)
        page = open_play(ctx, site_url, "en", encode_query(settings))
        assert page.locator("#linger-play-scoring").input_value() == scoring
        page.evaluate(PLAY_OUT)
        page.wait_for_function(IDLE, timeout=LIVE_TIMEOUT_MS)
        game = load_game(view(page)["record"])
        end = deal_end(game, game.current, "en")
        panel = page.locator(".linger-play-table .linger-play-end")
        assert panel.locator(".linger-play-end-title").text_content() == end["headline"]
        assert end["headline"].endswith("wins the deal.") and panel.locator(".linger-play-end-match").count() == 0
        chips_column = page.locator(".linger-play-score th.linger-play-chips")
        visible_text = page.evaluate("document.querySelector('.linger-play-game').innerText")
        assert "match" not in visible_text.lower()
        if scoring == "deals":
            assert panel.locator(".linger-play-end-chips").count() == 0
            assert chips_column.is_hidden() and page.locator(".linger-play-chips-note").is_hidden()
            assert "chip" not in visible_text.lower()
            cells = page.locator(".linger-play-score tbody tr").first.locator("td").all_text_contents()
            assert cells == [str(game.match.result.deals_won[0])]
            return
        chips = panel.locator(".linger-play-end-chips")
        assert chips.locator(".linger-play-end-subtitle").text_content() == \
            f"{end['chips']['title']}: {end['chips']['scoring']}"
        assert chips.locator(".linger-play-end-note").text_content() == end["chips"]["note"]
        assert chips.locator("strong").all_text_contents() == [s["shown"] for s in end["chips"]["scores"]]
        paid = game.match.result.chips_a if scoring == "chips-a" else game.match.result.chips_b
        assert [s["chips"] for s in end["chips"]["scores"]] == list(paid) and sum(paid) == 0
        assert chips_column.is_visible() and page.locator(".linger-play-chips-note").text_content() == end["chips"]["note"]
        rows = page.locator(".linger-play-score tbody tr").all()
        assert [r.locator("td").all_text_contents() for r in rows] == \
            [[str(won), str(c)] for won, c in zip(game.match.result.deals_won, paid)]
    finally:
        ctx.close()


#: A deal where the reader (B) holds a card they may not play at their first turn.
REFUSED = next(s for s in (Settings(players=4, seed=seed, seat=1) for seed in range(200))
               if any(not c["legal"] for c in new_game(s)["choices"]))


@pytest.mark.parametrize("lang", ["fr", "nl"])
def test_the_engine_refusal_links_to_the_rule_in_the_page_language(chromium, site_url, lang):
    """A card the engine refuses (sent to it as the page would send any card) comes back with its reason and a link
    to the rule, in the page's language, to the clause on that language's page; nothing is played."""
    ctx = chromium.new_context(reduced_motion="reduce")
    try:
        page = open_play(ctx, site_url, lang, encode_query(REFUSED))
        before = view(page)
        card = next(c for c in before["choices"] if not c["legal"])
        page.evaluate("(card) => window.lingerPlay.page.playAction(card)", card["card"])
        page.wait_for_function("document.querySelector('.linger-play-message a.ll-rule-link') !== null",
                               timeout=LIVE_TIMEOUT_MS)
        after = view(page)
        assert after["record"] == before["record"] and after["refused"] == card["reason"]
        link = page.locator(".linger-play-message a.ll-rule-link")
        assert link.text_content() == page.evaluate("window.lingerPlay.page.labels.read_rule")
        assert link.text_content() != "Read the rule"  # translated
        assert page.text_content(".linger-play-message").startswith(card["reason"])
        href = link.evaluate("(a) => a.href")
        assert href.startswith(f"{site_url}/{lang}/") and href.endswith(f"#{card['rule'].split('#')[1]}")
        target = page.evaluate("""async (href) => { const r = await fetch(href); const text = await r.text();
          return [r.status, text.includes('id="' + new URL(href).hash.slice(1) + '"')]; }""", href)
        assert target == [200, True]
    finally:
        ctx.close()
