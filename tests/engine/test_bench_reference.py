"""The benchmark's compact implementation plays the same rules as the engine, so comparing their speed is fair."""

import random

import pytest

from linger_longer import FULL_DECK, Deal, Rules
from tools.bench.engine import bare_playout


@pytest.mark.parametrize("profile", ["standard", "last-card"])
def test_bare_playout_plays_the_engines_deals(profile: str) -> None:
    """From the same deck order and the same random choices, both give the same winner after the same tricks."""
    rules = Rules.from_names(profile)
    for seed in range(300):
        deck = list(range(52))
        random.Random(seed).shuffle(deck)
        deal = Deal.new(rules, 4, deck=[FULL_DECK[i] for i in deck])
        choice = random.Random(seed).choice
        while deal.to_act is not None:
            deal.play(choice(deal.legal_plays()))
        assert deal.outcome is not None
        expected = (deal.outcome.winner, deal.tricks_played)
        assert bare_playout(deck, random.Random(seed).choice, 4, rules.deal_ends_with_stock) == expected
