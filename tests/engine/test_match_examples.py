"""Worked examples that start a match (``match_seed``): the engine chooses the first dealer as the rules say (a
cut under ``standard``, lots under ``last-card``) and passes the deal clockwise; the example only checks it."""

from __future__ import annotations

from pathlib import Path

import pytest

from linger_longer import Rules
from linger_longer.bots import RandomBot
from linger_longer.match import Match
from linger_longer.scenario import ScenarioError, load, loads

EXAMPLES = Path(__file__).resolve().parents[2] / "tutorial" / "examples"

MATCH = '''
title = "A second deal"
players = ["A", "B", "C", "D"]
[start]
match_seed = 19
deal = 2
[[step]]
play = "KC"
'''


def test_the_second_deal_is_the_matchs_own_dealt_by_the_player_left_of_the_first_dealer() -> None:
    """The example's start is deal 2 of the engine's match: the same cards, dealt by the seat after the first
    dealer, whom the lowest cut card chose (C and D tie at 7 and cut again; D's two is lowest)."""
    scenario = loads(MATCH, "m.toml")
    deal = scenario.start_deal()[0]
    match = Match(Rules.from_names("standard"), 4, seed=19, target=3)
    cut = [(seat, card.code) for round_ in match.cuts for seat, card in round_.cards]
    assert cut == [(0, "TD"), (1, "QS"), (2, "7C"), (3, "7S"), (2, "8C"), (3, "2S")]
    assert match.first_dealer == 3
    first, _ = match.next_deal()
    bots = [RandomBot(seat) for seat in range(4)]
    while not first.is_over:
        first.apply(bots[first.to_act].choose(first.view(first.to_act)))
    match.record(first.outcome)
    second, _ = match.next_deal()
    assert scenario.dealer == deal.dealer == second.dealer == 0  # clockwise from D is A
    assert [deal.hand(s) for s in range(4)] == [second.hand(s) for s in range(4)]
    assert deal.stock == second.stock and deal.to_act == 1


@pytest.mark.parametrize(("expect", "why"), [
    ('dealer = "B"', r"step 1: expected dealer 'B', but the engine gives 'A'"),
    ('cuts = ["A TD", "B QS", "C 7C", "D 7S"]', r"step 1: expected cuts \['A TD', 'B QS', 'C 7C', 'D 7S'\], but the engine"),
])
def test_a_wrong_dealer_or_cut_fails_naming_what_the_engine_chose(expect: str, why: str) -> None:
    with pytest.raises(ScenarioError, match=r"^m\.toml: " + why):
        loads(MATCH + "[step.expect]\n" + expect + "\n", "m.toml").check()


@pytest.mark.parametrize(("change", "why"), [
    (lambda t: 'dealer = "D"\n' + t, r"match_seed lets the engine choose the dealer as the rules do; leave out 'dealer'"),
    (lambda t: t.replace("deal = 2", "deal = 2\nseed = 4"), r"match_seed deals the cards itself; leave out seed"),
    (lambda t: t.replace("deal = 2", "deal = 0"), r"'deal' must be 1 or more"),
    (lambda t: t.replace("match_seed = 19", 'match_seed = "x"'), r"'match_seed' must be a whole number"),
])
def test_a_match_start_that_also_sets_the_deal_itself_is_refused(change, why: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ScenarioError, match=r"^m\.toml: \[start\]: .*" + why):
        loads(change(MATCH), "m.toml")


def test_under_last_card_the_first_dealer_is_drawn_by_lot_and_nobody_cuts() -> None:
    scenario = load(EXAMPLES / "first-dealer-by-lot.toml")
    scenario.check()
    match = Match(Rules.from_names("last-card"), 4, seed=5)
    assert scenario.dealer == match.first_dealer == 2 and scenario.cuts == () and match.cuts == ()


@pytest.mark.parametrize("name", ["second-deal", "first-dealer-by-lot"])
def test_the_match_examples_are_real_deals_with_a_history(name: str) -> None:
    scenario = load(EXAMPLES / f"{name}.toml")
    assert scenario.unreachable is None
    history = scenario.history
    assert history is not None
