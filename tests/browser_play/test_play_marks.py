"""The Play page's performance marks, which the browser benchmark (tools/bench/browser.py) reads: the moment the
reader's first card can be played, and the engine's answer to a card, timed apart from the pacing that follows."""

from __future__ import annotations

import pytest
from linger_longer.web.play import Settings, encode_query

LIVE_TIMEOUT_MS = 90_000
IDLE = ("window.lingerPlay && window.lingerPlay.view && "
        "!document.querySelector('.linger-play').hasAttribute('aria-busy')")
#: The reader (A) leads a four-player deal: after A's card, B, C and D finish the trick (paced).
SETTINGS = Settings(players=4, seed=5, seat=0, strength="rule-of-thumb")

#: The answer is measured apart from the pacing that follows it: the contexts keep the normal speed.
pytestmark = pytest.mark.paced


def test_first_playable_card_is_marked_once_and_the_answer_is_measured(chromium, site_url):
    """``linger-play-ready`` is marked once, when a legal card is enabled (not while the engine works); a card
    played adds one ``linger-play-answer`` measure, which ends before the pacing it starts does."""
    ctx = chromium.new_context(reduced_motion="no-preference")
    try:
        page = ctx.new_page()
        page.goto(f"{site_url}/en/play.html?{encode_query(SETTINGS)}")
        page.wait_for_function(IDLE, timeout=LIVE_TIMEOUT_MS)
        ready = page.evaluate("performance.getEntriesByName('linger-play-ready').map((e) => e.startTime)")
        assert len(ready) == 1 and ready[0] > 0, ready
        assert page.evaluate("performance.getEntriesByName('linger-play-answer').length") == 0
        page.evaluate("""() => {
          const box = document.querySelector('.linger-play-table');
          window.lastTable = 0;
          new MutationObserver(() => { window.lastTable = performance.now(); }).observe(box, { childList: true });
        }""")
        page.locator(".linger-play-table button[data-legal=true]").first.click()
        page.wait_for_function(IDLE, timeout=LIVE_TIMEOUT_MS)
        answers = page.evaluate("performance.getEntriesByName('linger-play-answer')"
                                ".map((e) => ({ start: e.startTime, end: e.startTime + e.duration }))")
        assert len(answers) == 1, answers
        assert 0 < answers[0]["end"] - answers[0]["start"] < LIVE_TIMEOUT_MS
        # The pacing (three cards, the trick held, then gathered) ends well after the engine answered.
        assert page.evaluate("window.lastTable") - answers[0]["end"] >= 800
        assert page.evaluate("performance.getEntriesByName('linger-play-ready').length") == 1
    finally:
        ctx.close()
