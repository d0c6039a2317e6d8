"""The benchmark's floor plays exactly the engine's deals, so counting the engine against it is fair."""

import random

import pytest

from linger_longer import Deal, IllegalPlayError, Rules, Suit, Variant
from tools.bench.floor import FloorDeal

VARIANT_SETS = [[]] + [[variant.value] for variant in Variant] + [
    ["draw-per-card", "eliminate-before-draw"], ["long-hand", "grand-coup"], ["random-trump", "draw-per-card"],
]
DEALS_EACH = 4  # 2 profiles x 10 variant sets x 4 table sizes x 4 = 320 deals


def play_both(rules: Rules, players: int, seed: int) -> tuple[Deal, FloorDeal]:
    """One seeded deal played by the engine and by the floor with the same random choices, checked action by
    action: who acts, the legal plays, and every event returned."""
    dealer = seed % players
    deal = Deal.new(rules, players, seed=seed, dealer=dealer)
    floor = FloorDeal(rules, players, random.Random(seed), dealer)
    assert floor.setup_events == deal.setup_events
    choice = random.Random(seed + 1_000_000).choice
    while deal.to_act is not None:
        assert floor.to_act == deal.to_act
        legal = deal.legal_plays()
        assert floor.legal_plays() == legal
        if legal:
            card = choice(legal)
            assert floor.play(card) == deal.play(card), f"{rules.name}, {players} players, seed {seed}: {card}"
        else:  # grand-coup: the first trick's winner names trump
            suit = choice(list(Suit))
            assert floor.name_trump(suit) == deal.name_trump(suit)
    assert floor.to_act is None
    return deal, floor


@pytest.mark.parametrize("profile", ["standard", "last-card"])
@pytest.mark.parametrize("variants", VARIANT_SETS, ids=lambda variants: "+".join(variants) or "no-variant")
def test_floor_plays_the_engines_deals(profile: str, variants: list[str]) -> None:
    """Same set-up events, the same events play for play, the same legal plays, the same winner after as many
    tricks, at every table size."""
    rules = Rules.from_names(profile, variants)
    for players in range(3, 7):
        for seed in range(players * 100, players * 100 + DEALS_EACH):
            deal, floor = play_both(rules, players, seed)
            assert deal.outcome is not None
            assert (floor.winner, floor.tricks_played) == (deal.outcome.winner, deal.tricks_played)


def test_floor_refuses_what_the_engine_refuses() -> None:
    """The floor pays for checking each play, so it must refuse a card that is not legal, and a non-card."""
    floor = FloorDeal(Rules(), 4, random.Random(5))
    deal = Deal.new(Rules(), 4, seed=5)
    held_by_another = deal.hand((deal.to_act + 1) % 4)[0]
    with pytest.raises(IllegalPlayError):
        floor.play(held_by_another)
    with pytest.raises(IllegalPlayError):
        floor.play("7S")
    assert floor.legal_plays() == deal.legal_plays()  # nothing was played
