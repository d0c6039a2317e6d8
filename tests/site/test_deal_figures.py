"""The FAQ's deal figures are computed by the engine at build time: the built page shows simulate's numbers."""

from __future__ import annotations

from pathlib import Path

import pytest

from linger_longer import Rules
from linger_longer.statistics import simulate
from small_sites import table_cells

DECIMAL = {"en": ".", "fr": ",", "it": ",", "nl": ","}


@pytest.mark.parametrize("lang", ["en", "fr", "it", "nl"])
def test_the_faq_shows_the_figures_simulate_gives(built_site: Path, lang: str) -> None:
    rows = table_cells((built_site / lang / "faq.html").read_text(encoding="utf-8"), "linger-figures")
    header, body = rows[0], rows[1:]
    assert len(header) == 8 and len(body) >= 6
    by_rules = {(row[0], row[1]): row for row in body}
    row = by_rules["standard", "4"]
    deals, seed = int(row[2]), int(row[3])
    figures = simulate(Rules(), 4, deals, seed=seed, bots=("rule-of-thumb",))
    sign = DECIMAL[lang]
    assert row[4] == f"{figures.mean_tricks:.1f}".replace(".", sign)
    assert row[5] == str(figures.longest)
    assert row[6].replace("\u00a0", "") == f"{100 * figures.stock_ran_out:.1f}%".replace(".", sign)
    assert row[7].replace("\u00a0", "") == f"{100 * figures.first_seat_won:.1f}%".replace(".", sign)
    six_long = by_rules["standard+long-hand", "6"]
    assert six_long[6] not in ("0.0%", "0,0%", "0,0\u00a0%")  # the stock does run out there


@pytest.mark.parametrize("lang", ["en", "fr", "it", "nl"])
def test_the_scoring_page_shows_the_chips_the_engine_counts(built_site: Path, repo_root: Path, lang: str) -> None:
    from linger_longer import scenario
    from linger_longer.scoring import score_deal

    page = (built_site / lang / "scoring.html").read_text(encoding="utf-8")
    rows = table_cells(page, "linger-chips")[1:]
    example = scenario.load(repo_root / "tutorial" / "examples" / "three-players-whole-deal.toml")
    deal = example.check()[-1].deal
    score = score_deal(deal.outcome, deal.players)
    want = [[example.names[s], str(deal.outcome.tricks_won[s]), f"{score.chips_a[s]:+d}", f"{score.chips_b[s]:+d}"]
            for s in range(deal.players)]
    assert rows == want
