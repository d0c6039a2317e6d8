"""Worked examples that start a match (``match_seed``): the engine chooses the first dealer as the rules say (a
cut under ``standard``, lots under ``last-card``) and passes the deal clockwise; the example only checks it."""

from __future__ import annotations

from pathlib import Path

import pytest

from linger_longer import Rules
from linger_longer.bots import RandomBot
from linger_longer.events import DealWon, MatchWon
from linger_longer.match import Match
from linger_longer.narrate import EVERYONE, Narrator
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


@pytest.mark.parametrize("name", ["second-deal", "first-dealer-by-lot", "match-to-three"])
def test_the_match_examples_are_real_deals_with_a_history(name: str) -> None:
    scenario = load(EXAMPLES / f"{name}.toml")
    assert scenario.unreachable is None
    history = scenario.history
    assert history is not None


def test_a_match_ends_with_the_deal_that_gives_a_player_its_target() -> None:
    """Recording a deal says nothing until a player reaches the match's target; that deal ends the match."""
    match = Match(Rules.from_names("last-card"), 4, seed=11)
    bots = [RandomBot(seat) for seat in range(4)]
    said = []
    while not match.is_over:
        deal, _ = match.next_deal()
        while not deal.is_over:
            deal.apply(bots[deal.to_act].choose(deal.view(deal.to_act)))
        said.append(match.record(deal.outcome))
    assert all(events == () for events in said[:-1]) and len(said) >= 3
    winner = match.result.winner
    assert said[-1] == (MatchWon(winner, tuple(match.result.deals_won)),) and match.result.deals_won[winner] == 3


def test_the_deal_that_wins_a_last_card_match_ends_with_the_matchs_end() -> None:
    """The example's last step ends the deal, then the match: C's third deal won, against 1 at most."""
    scenario = load(EXAMPLES / "match-to-three.toml")
    results = scenario.check()
    last = results[-1].events
    assert isinstance(last[-2], DealWon) and last[-1] == MatchWon(2, (0, 1, 3, 1, 0, 1))
    assert not any(isinstance(e, MatchWon) for r in results[:-1] for e in r.events)


MATCH_END = {
    "en": "C wins the match, 3 deals to 1.",
    "fr": "C remporte le match par 3 donnes à 1.",
    "it": "C vince la partita per 3 smazzate a 1.",
    "nl": "C wint de partij met 3 rondes tegen 1.",
}


@pytest.mark.parametrize("lang", sorted(MATCH_END))
def test_the_matchs_end_is_narrated_in_each_language(lang: str) -> None:
    narrator = Narrator(lang, ("A", "B", "C", "D", "E", "F"), viewer=EVERYONE)
    assert narrator.narrate([MatchWon(2, (0, 1, 3, 1, 0, 1))]) == [MATCH_END[lang]]
    one = narrator.narrate([MatchWon(0, (1, 0, 0, 0, 0, 0))])[0]
    assert one.startswith("A ") and " 1 " in one and "0" in one


@pytest.mark.parametrize(("expect", "why"), [
    ('match_winner = "B"', r"expected match_winner 'B', but the engine gives 'C'"),
    ("match_score = [0, 1, 3, 1, 1, 0]", r"expected match_score \[0, 1, 3, 1, 1, 0\], but the engine gives \[0, 1, 3, 1, 0, 1\]"),
])
def test_a_wrong_match_end_fails_naming_what_the_engine_gives(expect: str, why: str) -> None:
    text = (EXAMPLES / "match-to-three.toml").read_text(encoding="utf-8")
    text = text.replace('match_winner = "C"\nmatch_score = [0, 1, 3, 1, 0, 1]\n', expect + "\n")
    with pytest.raises(ScenarioError, match=r"^m\.toml: " + why):
        loads(text, "m.toml").check()


def test_a_deal_after_the_match_is_over_is_refused_naming_the_last_deal() -> None:
    text = (EXAMPLES / "match-to-three.toml").read_text(encoding="utf-8").replace("deal = 6", "deal = 7")
    with pytest.raises(ScenarioError, match=r"^m\.toml: \[start\]: the match seeded 4 is over after deal 6, "
                                            r"won by C: ask for deal 6 or earlier"):
        loads(text, "m.toml")
