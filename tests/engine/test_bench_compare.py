"""The paired comparison of a candidate opponent with today's strong one (``python -m tools.bench.compare``)."""

import pytest

from tools.bench import compare


def test_todays_strong_opponent_compared_with_itself_differs_by_nothing_deal_by_deal() -> None:
    """It plays the strength figures' deals from the same seats with the same seeds: the committed record."""
    result = compare.compare(compare.candidate_factory("monte-carlo", {}), "monte-carlo", "standard", 6, 6)
    assert result["reference"].startswith("from ")  # the committed figures were measured on today's bots
    assert result["difference"] == (0.0, 0.0, 0.0)
    assert result["gain"] == result["today_gain"]
    assert result["moves"] > 0 and result["move_ms"][0] > 0


def test_a_yardstick_that_sees_the_other_hands_plays_differently_from_todays_bot() -> None:
    """The hand oracle is a real bot of its own: on 12 deals it wins different ones (its record is not copied)."""
    result = compare.compare(compare.candidate_factory("hand-oracle", {}), "hand-oracle", "standard", 0, 12)
    today = compare.compare(compare.candidate_factory("monte-carlo", {}), "monte-carlo", "standard", 0, 12)
    assert result["record"] != today["record"]


def test_the_best_play_yardstick_expects_best_play_where_the_ceiling_answers_the_tips() -> None:
    """Both see every card; in this position best play from everyone leads 3D, while the rule-of-thumb
    players let the queen of clubs win the deal."""
    from helpers import position
    from linger_longer import Card

    deal = position("last-card", hands={"A": "QC 3D", "B": "2D QS", "C": "9S 6D"}, stock="8C 8D", trump="H")
    assert compare.candidate_factory("best-play-oracle", {})(1).choose(deal) is Card.parse("3D")
    assert compare.candidate_factory("oracle", {})(1).choose(deal) is Card.parse("QC")


@pytest.mark.parametrize("argv, named", [
    (["nope"], "'nope'"),
    (["monte-carlo", "--param", "samples"], "name=value"),
    (["monte-carlo", "--param", "bogus=1"], "bogus"),
    (["monte-carlo", "--rules", "standard+zzz"], "zzz"),
    (["monte-carlo", "--deals", "0"], "--deals 0"),
    (["no_such_module:Bot"], "no_such_module"),
])
def test_bad_input_exits_2_with_one_line_naming_it(argv, named, capsys) -> None:
    with pytest.raises(SystemExit) as stop:
        compare.main(argv)
    assert stop.value.code == 2
    error = capsys.readouterr().err.strip().splitlines()[-1]
    assert error.startswith("python -m tools.bench.compare: error:") and named in error
