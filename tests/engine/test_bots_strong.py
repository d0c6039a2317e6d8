"""The strong (Monte-Carlo) bot: it samples hidden cards consistently with what it has seen."""

from __future__ import annotations

import pytest

from helpers import play, position
from linger_longer import Card, Deal, Rules, Suit
from linger_longer.bots import MonteCarloBot, RuleOfThumbBot, seen_voids


def test_a_discard_reveals_a_void():
    """A player who does not follow the led suit holds none of it: sampled deals never give them that suit."""
    deal = position(hands={"A": "KC 7S 2D", "B": "3H QD 4D", "C": "2C 9S 5S", "D": "AC 5C 6C"},
                    stock="9D 4S TH JH QH", trump="S")
    play(deal, "KC", "3H")  # B has no clubs
    assert seen_voids(deal.view(deal.to_act)) == {1: {Suit.CLUBS: 0}}
    bot = MonteCarloBot(seed=1, samples=1)
    caps = seen_voids(deal.view(deal.to_act))
    for _ in range(200):
        world = bot._sample(deal.view(2), caps)
        assert not any(card.suit is Suit.CLUBS for card in world.hand(1))
        assert sorted(c.index for c in world.hand(1) + world.hand(0) + world.hand(3) + world.stock) == \
            sorted(c.index for c in deal.hand(1) + deal.hand(0) + deal.hand(3) + deal.stock)


def test_each_card_drawn_may_be_of_the_missing_suit():
    """A void seen earlier allows one card of that suit per card drawn since."""
    deal = position(hands={"A": "KC 7S", "B": "3H QD", "C": "2C 9S"}, stock="5C 4S TH", trump="S")
    play(deal, "KC", "3H", "2C")  # B shows no clubs; A wins and draws
    play(deal, "7S", "QD")  # B cannot follow spades either
    assert seen_voids(deal.view(deal.to_act)) == {1: {Suit.CLUBS: 0, Suit.SPADES: 0}}
    deal = position(hands={"A": "2C 7D", "B": "3H QD", "C": "KC 9S"}, stock="5C 4S TH", trump="H")
    play(deal, "2C", "3H", "KC")  # B trumps clubs, wins and draws one card
    assert seen_voids(deal.view(deal.to_act)) == {1: {Suit.CLUBS: 1}}


@pytest.mark.parametrize("profile, variants", [("standard", ()), ("last-card", ("draw-per-card",)),
                                               ("standard", ("grand-coup",)), ("last-card", ("random-trump",))])
def test_plays_only_legal_moves_and_is_deterministic(profile, variants):
    """The strong bot only chooses legal actions, and the same seed gives the same choices."""
    rules = Rules.from_names(profile, variants)
    for seed in range(3):
        lines = []
        for _ in range(2):
            deal = Deal.new(rules, 4, seed=seed, dealer=seed % 4)
            bots = [MonteCarloBot(seed, samples=8) if s == 0 else RuleOfThumbBot(s) for s in range(4)]
            actions = []
            while not deal.is_over:
                action = bots[deal.to_act].choose(deal.view(deal.to_act))
                if isinstance(action, Card):
                    assert action in deal.legal_plays()
                else:
                    assert isinstance(action, Suit)
                actions.append(action)
                deal.apply(action)
            lines.append(actions)
        assert lines[0] == lines[1]


def test_without_inference_the_sampler_ignores_voids():
    """The bot can be measured without void inference (the figures before and after it)."""
    deal = position(hands={"A": "KC 7S 2D", "B": "3H QD 4D", "C": "2C 9S 5S", "D": "AC 5C 6C"},
                    stock="9D 4S TH JH QH TC JC QC", trump="S")
    play(deal, "KC", "3H")
    bot = MonteCarloBot(seed=2, samples=1, infer_voids=False)
    assert any(any(c.suit is Suit.CLUBS for c in bot._sample(deal.view(2), {}).hand(1)) for _ in range(200))


def test_strength_order_strong_beats_rule_of_thumb_beats_random():
    """The strong bot beats the rule-of-thumb bot, which beats the random bot; the ceiling beats them all.

    The strong bot's figures are the committed ones (``nox -s strength``: thousands of deals, hours of
    CPU), whose paired gain must lie above zero; the first of those deals are played again here and must
    give the same winners, deal by deal, so the file is what today's bots do (its digest is checked in
    tests/site/test_strength_figures.py). The rule-of-thumb bot's gain over a random bot is quick to
    measure live: 2,000 paired deals.
    """
    import json
    import os

    from tools import strength

    data = json.loads(strength.DATA.read_text(encoding="utf-8"))
    rows = {row["key"]: row for row in data["rows"]}
    strong, ceiling = rows["monte-carlo/rule-of-thumb/standard"], rows["oracle/rule-of-thumb/standard"]
    low, high = strong["gain_ci"]
    assert low > 0, f"the strong bot does not beat rule of thumb: {100 * low:+.1f} to {100 * high:+.1f} points"
    assert ceiling["gain_ci"][0] > strong["gain"], "the strong bot is as good as a player who sees every card"
    for row in (strong, ceiling):
        replay = min(40, row["deals"])
        wins = strength._wins(row["hero"], row["field"], row["rules"], replay, jobs=1)
        assert wins == strength.read_record(row["record"], row["deals"])[:replay], row["key"]
        base = strength._wins(row["field"], row["field"], row["rules"], replay, jobs=1)
        assert base == strength.read_record(row["base_record"], row["deals"])[:replay], row["key"]
    result = strength.run("rule-of-thumb", "random", "standard", 2000, samples=100, jobs=min(2, os.cpu_count() or 1))
    mean, low, high = result.gain
    print(f"\n{result}")
    assert low > 0, f"rule-of-thumb does not beat random: gain {100 * mean:+.1f} points ({100 * low:+.1f} to {100 * high:+.1f})"
