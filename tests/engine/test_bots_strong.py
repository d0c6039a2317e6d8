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
    assert seen_voids(deal) == {1: {Suit.CLUBS: 0}}
    bot = MonteCarloBot(seed=1, samples=1)
    caps = seen_voids(deal)
    for _ in range(200):
        world = bot._sample(deal, 2, caps)
        assert not any(card.suit is Suit.CLUBS for card in world.hand(1))
        assert sorted(c.index for c in world.hand(1) + world.hand(0) + world.hand(3) + world.stock) == \
            sorted(c.index for c in deal.hand(1) + deal.hand(0) + deal.hand(3) + deal.stock)


def test_each_card_drawn_may_be_of_the_missing_suit():
    """A void seen earlier allows one card of that suit per card drawn since."""
    deal = position(hands={"A": "KC 7S", "B": "3H QD", "C": "2C 9S"}, stock="5C 4S TH", trump="S")
    play(deal, "KC", "3H", "2C")  # B shows no clubs; A wins and draws
    play(deal, "7S", "QD")  # B cannot follow spades either
    assert seen_voids(deal) == {1: {Suit.CLUBS: 0, Suit.SPADES: 0}}
    deal = position(hands={"A": "2C 7D", "B": "3H QD", "C": "KC 9S"}, stock="5C 4S TH", trump="H")
    play(deal, "2C", "3H", "KC")  # B trumps clubs, wins and draws one card
    assert seen_voids(deal) == {1: {Suit.CLUBS: 1}}


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
                action = bots[deal.to_act].choose(deal)
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
    assert any(any(c.suit is Suit.CLUBS for c in bot._sample(deal, 2, {}).hand(1)) for _ in range(200))


def test_strength_order_strong_beats_rule_of_thumb_beats_random():
    """The strong bot beats the rule-of-thumb bot, which beats the random bot.

    Paired comparison over the same 2,000 seeded 4-player deals (tools/bench/bots.py, the deals of the
    10,000-deal figures on the opponents page): the lone bot's wins minus those of a field bot in the same
    seat. The 95 % interval of that gain must lie above zero; the margins are printed.
    """
    import os

    from tools.bench.bots import run

    jobs = min(2, os.cpu_count() or 1)
    for hero, field, deals in (("monte-carlo", "rule-of-thumb", 2000), ("rule-of-thumb", "random", 2000)):
        result = run(hero, field, "standard", deals, samples=100, jobs=jobs)
        mean, low, high = result.gain
        print(f"\n{result}")
        assert low > 0, f"{hero} does not beat {field}: gain {100 * mean:+.1f} points ({100 * low:+.1f} to {100 * high:+.1f})"
