"""The strong opponent sees only what its seat sees, and explains its choice for the hint."""

from __future__ import annotations

import random

from helpers import play, position
from linger_longer import Card, Deal, Rules, Suit
from linger_longer.bots import MonteCarloBot, OracleBot, RuleOfThumbBot, hint_reasoning
from linger_longer.solver import solve


def _same_view_other_cards(deal: Deal, seat: int, seed: int) -> Deal:
    """The same deal as ``seat`` sees it, with the cards it cannot see dealt again among the same places."""
    others = [s for s in range(deal.players) if s != seat and not deal.is_out(s)]
    pool = [c for s in others for c in deal.hand(s)] + list(deal.stock)
    random.Random(seed).shuffle(pool)
    hands, at = {}, 0
    for s in others:
        hands[s] = pool[at:at + deal.hand_size(s)]
        at += deal.hand_size(s)
    return deal.with_hidden(hands, pool[at:])


def test_the_strong_bot_chooses_from_what_its_seat_sees_only():
    """Two deals that look the same from the seat to act get the same choice and the same scores, however the
    hidden cards really lie."""
    for seed in range(4):
        deal = Deal.new(Rules.from_names("standard", ["no-trump"]), 4, seed=seed)
        seat = deal.to_act
        twin = _same_view_other_cards(deal, seat, seed)
        assert twin.hands != deal.hands
        a, b = MonteCarloBot(seed, nodes=3000), MonteCarloBot(seed, nodes=3000)
        assert a.choose(deal) is b.choose(twin)
        assert a.last_scores == b.last_scores


def test_the_strong_bot_plays_legal_moves_under_every_trump_rule():
    for variants in ((), ("grand-coup",), ("draw-per-card",), ("random-trump",)):
        deal = Deal.new(Rules.from_names("last-card", variants), 4, seed=2)
        bots = [MonteCarloBot(s, nodes=2000) if s == 1 else RuleOfThumbBot(s) for s in range(4)]
        while not deal.is_over:
            action = bots[deal.to_act].choose(deal)
            assert isinstance(action, Suit) if deal.phase.value == "name-trump" else action in deal.legal_plays()
            deal.apply(action)


def test_the_oracle_plays_the_solvers_best_card():
    deal = position("last-card", hands={"A": "KC 7S", "B": "3C QD", "C": "2H", "D": "AC 5S"}, stock="9D", trump="H")
    play(deal, "KC", "3C")
    assert OracleBot(1).choose(deal) is Card.parse("2H")


def test_a_hint_with_one_legal_card_says_so():
    deal = position(hands={"A": "KC 7S", "B": "3C QD", "C": "2H 5D"}, stock="9D 4S", trump="H")
    play(deal, "KC")
    reason = hint_reasoning(deal, seed=1)
    assert reason["kind"] == "only-legal" and reason["action"] == "3C"
    assert reason["sentence"] == "3C is the only legal choice."


def test_a_hint_is_exact_once_counting_settles_every_card():
    """A knows B's hand by counting (no stock, C out): the hint is the solver's, the only card that wins."""
    deal = position(hands={"A": "KC 2S", "B": "3C QD", "C": ""}, out=("C",), trump="H")
    reason = hint_reasoning(deal, seed=1)
    solution = solve(deal)
    assert reason["exact"] is True
    assert reason["kind"] == ("exact-only-win" if len(solution.winning) == 1 else
                              "exact-win" if solution.winning else "exact-no-win")
    assert reason["action"] == solution.best.action.code


def test_a_hint_from_imagined_deals_gives_shares():
    deal = Deal.new(Rules(), 4, seed=11)
    bot = RuleOfThumbBot(0)
    for _ in range(6):
        deal.apply(bot.choose(deal))
    while len(deal.legal_plays()) < 2:
        deal.apply(bot.choose(deal))
    reason = hint_reasoning(deal, seed=3, nodes=4000)
    assert reason["exact"] is False
    assert reason["kind"] in ("share", "only-keeps-you-in")
    assert Card.parse(reason["action"]) in deal.legal_plays()
    assert reason["samples"] > 0 and 0 <= reason["percent"] <= 100
    assert reason["other"] is not None and reason["other"] != reason["action"]
    assert str(reason["percent"]) in reason["sentence"]
