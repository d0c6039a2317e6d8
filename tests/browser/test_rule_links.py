"""A refused card's reason links to its rule: the follow-suit walkthrough's refused attempt, stepped through
before and after the live engine starts, shows the link once, to the follow-suit rule of the same language."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from linger_longer.scenario import read_example
from linger_longer.web.walkthrough import replay_json

EXAMPLES = Path(__file__).resolve().parents[2] / "tutorial" / "examples"
WIDGET = '.linger-walkthrough[data-example="follow-suit"]'
LIVE = "document.querySelector('.linger-walkthrough[data-example=\"follow-suit\"]').dataset.engine === 'live'"


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_the_refused_attempt_links_once_to_its_rule(watched_context, open_watched, site_url, lang: str) -> None:
    ctx, watch = watched_context
    page = open_watched(ctx, watch, f"{site_url}/{lang}/how-to-play.html")
    steps = json.loads(replay_json(read_example(EXAMPLES / "follow-suit.toml"), lang))["steps"]
    refused = next(s["index"] for s in steps if (s.get("action") or {}).get("type") == "illegal")
    want = next(s["rule_html"] for s in steps if s["index"] == refused)
    for moment in ("static", "live"):
        if moment == "live":
            page.wait_for_function(LIVE, timeout=90_000)
        page.focus(WIDGET)
        page.keyboard.press("Home")
        for _ in range(refused):
            page.keyboard.press("ArrowRight")
        assert page.get_attribute(WIDGET, "data-step") == str(refused), moment
        links = page.locator(f"{WIDGET} .linger-wt-stage a.ll-rule-link")
        assert links.count() == 1, moment
        assert links.first.evaluate("(a) => a.outerHTML") == want, moment
        assert links.first.get_attribute("href") == "how-to-play.html#follow-suit"
        target = page.evaluate("(h) => new URL(h, location.href).pathname", "how-to-play.html#follow-suit")
        assert target.endswith(f"/{lang}/how-to-play.html")
