"""The scoring page's chip examples are those of a real deal: the three-player worked example, scored by the engine."""

from __future__ import annotations

import re
from pathlib import Path

from linger_longer import scenario
from linger_longer.scoring import score_deal

ROOT = Path(__file__).resolve().parents[2]


def test_the_scoring_page_gives_the_chips_the_engine_counts_for_its_deal():
    example = scenario.load(ROOT / "tutorial" / "examples" / "three-players-whole-deal.toml")
    deal = example.check()[-1].deal
    score = score_deal(deal.outcome, deal.players)
    winner = example.names[score.winner]
    page = (ROOT / "docs" / "scoring.md").read_text(encoding="utf-8")
    won = deal.outcome.tricks_won[score.winner]
    assert f"{winner} wins the deal and won {won} tricks during it" in page
    assert f"so {winner} collects {score.chips_a[score.winner]} chips." in page
    assert re.search(rf"- {winner} collects {score.chips_b[score.winner]} chips?\.", page)
    for seat, chips in enumerate(score.chips_b):
        if seat != score.winner:
            name = example.names[seat]
            paid = f"{name} pays 1 chip" if chips == -1 else f"{name} pays nothing"
            assert paid in page, f"the page says otherwise about {name}, who pays {-chips} under option B"
    assert "{walkthrough} three-players-whole-deal" in page
