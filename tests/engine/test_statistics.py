"""The site's deal figures are those of ``python -m linger_longer simulate`` for the same arguments."""

import re
from io import StringIO

import pytest

from linger_longer import Rules
from linger_longer.cli import main
from linger_longer.statistics import simulate


def test_the_figures_are_the_simulate_commands():
    out = StringIO()
    assert main(["simulate", "300", "--seed", "5", "--players", "6", "--variant", "long-hand",
                 "--bots", "rule-of-thumb"], out) == 0
    text = out.getvalue()
    figures = simulate(Rules.from_names("standard", ["long-hand"]), 6, 300, seed=5, bots=("rule-of-thumb",))
    assert f"mean tricks per deal: {figures.mean_tricks:.2f}" in text
    assert f"stock ran out in: {100 * figures.stock_ran_out:.1f}% of deals" in text
    assert f"first seat (left of the dealer) won: {100 * figures.first_seat_won:.1f}%" in text
    wins = [int(n) for n in re.findall(r"[A-F]=(\d+)", text)]
    assert wins == list(figures.wins) and sum(wins) == 300


def test_the_stock_runs_out_only_where_the_rules_let_it():
    basic = simulate(Rules(), 4, 300, seed=2)
    six_long = simulate(Rules.from_names("standard", ["long-hand"]), 6, 300, seed=2)
    assert basic.stock_ran_out == 0 and basic.longest <= 7
    assert 0 < six_long.stock_ran_out < 1


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="deals: 0 is not a positive number"):
        simulate(Rules(), 4, 0, seed=1)
    with pytest.raises(ValueError, match="give one name or 4, got 2"):
        simulate(Rules(), 4, 10, seed=1, bots=("random", "random"))
