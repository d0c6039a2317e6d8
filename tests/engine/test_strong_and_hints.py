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
        assert a.choose(deal.view(deal.to_act)) is b.choose(twin.view(twin.to_act))
        assert a.last_scores == b.last_scores


def test_the_strong_bot_plays_legal_moves_under_every_trump_rule():
    for variants in ((), ("grand-coup",), ("draw-per-card",), ("random-trump",)):
        deal = Deal.new(Rules.from_names("last-card", variants), 4, seed=2)
        bots = [MonteCarloBot(s, nodes=2000) if s == 1 else RuleOfThumbBot(s) for s in range(4)]
        while not deal.is_over:
            action = bots[deal.to_act].choose(deal.view(deal.to_act))
            assert action in deal.legal_actions()
            deal.apply(action)


def _finish_by_the_tips(deal: Deal, first) -> int:
    """Who wins when the player to act plays ``first`` and everyone then plays by the tips."""
    deal = deal.copy()
    deal.apply(first)
    tips = RuleOfThumbBot(0)
    while not deal.is_over:
        deal.apply(tips.choose(deal.view(deal.to_act)))
    return deal.outcome.winner


def test_the_oracle_answers_the_tips_not_best_play():
    """Here best play from everyone leads 3D, but against rule-of-thumb players the queen of clubs wins the
    deal and 3D does not: the ceiling plays what wins against the players at the table."""
    deal = position("last-card", hands={"A": "QC 3D", "B": "2D QS", "C": "9S 6D"}, stock="8C 8D", trump="H")
    assert solve(deal).best.action is Card.parse("3D")
    choice = OracleBot(1).choose(deal)
    assert choice is Card.parse("QC")
    assert _finish_by_the_tips(deal, choice) == 0
    assert _finish_by_the_tips(deal, Card.parse("3D")) != 0


def test_the_oracle_plays_the_best_reply_to_the_tips_on_seeded_deals():
    """On seeded deals its choice is the best reply's (the weakest of equals), and no other card does better
    against rule-of-thumb players."""
    from linger_longer.solver import best_response, outcome_rank

    for seed in range(4):
        deal = Deal.new(Rules.from_names("standard", ["draw-per-card"] if seed % 2 else []), 4, seed=seed)
        tips = RuleOfThumbBot(0)
        for _ in range(8):
            deal.apply(tips.choose(deal.view(deal.to_act)))
        while len(deal.legal_plays()) < 2:
            deal.apply(tips.choose(deal.view(deal.to_act)))
        solution = best_response(deal, tips)
        choice = OracleBot(seed).choose(deal)
        assert solution.complete and choice is solution.best.action
        seat = deal.to_act
        chosen = solution.value_of(choice)
        assert all(outcome_rank(seat, v.winner, v.out_order) <= outcome_rank(seat, chosen.winner, chosen.out_order)
                   for v in solution.actions)


def test_past_its_budget_the_oracle_plays_by_the_tips():
    """With the budget to search, it plays 3C here; with one node it has settled nothing and plays the tips' 10C."""
    deal = Deal.new(Rules.from_names("standard", ["draw-per-card"]), 4, seed=0)
    tips = RuleOfThumbBot(0)
    for _ in range(8):
        deal.apply(tips.choose(deal.view(deal.to_act)))
    assert OracleBot(1).choose(deal) is Card.parse("3C")
    assert tips.choose(deal.view(deal.to_act)) is Card.parse("TC")
    assert OracleBot(1, nodes=1).choose(deal) is Card.parse("TC")


def test_a_hint_with_one_legal_card_says_so():
    deal = position(hands={"A": "KC 7S", "B": "3C QD", "C": "2H 5D"}, stock="9D 4S", trump="H")
    play(deal, "KC")
    reason = hint_reasoning(deal.view(deal.to_act), seed=1)
    assert reason["kind"] == "only-legal" and reason["action"] == "3C"
    assert reason["sentence"] == "3C is the only legal choice."


def test_a_hint_is_exact_once_counting_settles_every_card():
    """A knows B's hand by counting (no stock, C out): the hint is the solver's, the only card that wins."""
    deal = position(hands={"A": "KC 2S", "B": "3C QD", "C": ""}, out=("C",), trump="H")
    reason = hint_reasoning(deal.view(deal.to_act), seed=1)
    solution = solve(deal)
    assert reason["exact"] is True
    assert reason["kind"] == ("exact-only-win" if len(solution.winning) == 1 else
                              "exact-win" if solution.winning else "exact-no-win")
    assert reason["action"] == solution.best.action.code


def test_a_hint_from_imagined_deals_gives_shares():
    deal = Deal.new(Rules(), 4, seed=11)
    bot = RuleOfThumbBot(0)
    for _ in range(6):
        deal.apply(bot.choose(deal.view(deal.to_act)))
    while len(deal.legal_plays()) < 2:
        deal.apply(bot.choose(deal.view(deal.to_act)))
    reason = hint_reasoning(deal.view(deal.to_act), seed=3, nodes=4000)
    assert reason["exact"] is False
    assert reason["kind"] in ("share", "only-keeps-you-in")
    assert Card.parse(reason["action"]) in deal.legal_plays()
    assert reason["samples"] > 0 and 0 <= reason["percent"] <= 100
    assert reason["other"] is not None and reason["other"] != reason["action"]
    assert str(reason["percent"]) in reason["sentence"]


def test_imagined_deals_follow_what_the_others_plays_tell():
    """C followed the 9♣ lead with the 2♣ while the stock lasts: a player who plays by the tips wins as cheaply
    as it can, so C holds no club above the 9. The imagined deals keep to that (almost always: a player may
    stray from the tips), where dealing the unseen cards at random would often give C a high club."""
    deal = position(hands={"A": "9C 7S 2D 5H", "B": "4C QD 4D 8S", "C": "2C JC AC 3S", "D": "KD 6C 8H TS"},
                    stock="KC QC TC 9S 9H 9D 8C 8D 7C 7D 7H 6S 6D 6H 5S 5C 5D 4S 4H 3C 3D 3H 2S 2H", trump="H")
    play(deal, "9C", "4C")  # C is to act; C plays JC by the tips (the cheapest winner)
    play(deal, "2C")  # C does not: as if C held no higher club
    bot = MonteCarloBot(seed=4)
    high = [c for c in (Card.parse(x) for x in ("AC", "KC", "QC", "JC", "TC"))]
    tells = __import__("linger_longer.bots", fromlist=["_tells"])._tells(deal.view(3))
    assert any(tell[0] == 2 and tell[-1] is Card.parse("2C") for tell in tells)
    imagined = [bot._likely_world(deal.view(3), {}, tells) for _ in range(200)]
    at_random = [bot._sample(deal.view(3), {}) for _ in range(200)]
    def with_high_club(worlds):
        return sum(any(c in high for c in w.hand(2)) for w in worlds)
    assert with_high_club(at_random) > 50
    assert with_high_club(imagined) < 12
