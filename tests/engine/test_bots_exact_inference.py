"""The exact-inference candidate's hand sampler: imagined hands explain every play the table saw by the tips."""

from __future__ import annotations

import random

import pytest

from helpers import play, position
from linger_longer import Card, Deal, Rules
from linger_longer.bots import RuleOfThumbBot, _as_the_tips_say, _tells
from linger_longer.cards import card_set
from tools.bench.exact_inference import ExactInferenceBot, HandSampler


def _positions(rules: Rules, deals: int):
    """(deal, seat to act) at every card play of seeded 4-player deals among rule-of-thumb bots."""
    for seed in range(deals):
        deal = Deal.new(rules, 4, seed=500 + seed)
        bots = [RuleOfThumbBot(s) for s in range(4)]
        while not deal.is_over:
            if deal.phase.value == "play":
                yield deal, deal.to_act
            deal.apply(bots[deal.to_act].choose(deal))


@pytest.mark.parametrize("rules", ["standard", "standard+draw-per-card", "last-card+random-trump"])
def test_every_sampled_hand_gives_every_play_since_the_seats_last_draw(rules: str) -> None:
    """Since its last draw a seat holds its hand of now plus what it played: the tips must give each play (the
    seats here all play by the tips; the sampler gives up on a seat, a stray, only when its tries run out)."""
    profile, *variants = rules.split("+")
    model, rng, checked, samplers, strays = RuleOfThumbBot(0), random.Random(1), 0, 0, 0
    for deal, seat in _positions(Rules.from_names(profile, tuple(variants)), 8):
        sampler = HandSampler(deal, seat, model, rng, tries=60)
        hands, stock = sampler.sample()
        deal.with_hidden(hands, stock)  # the same cards, the same hand sizes
        samplers += 1
        strays += len(sampler.strays)
        for tell in _tells(deal, seat):
            if tell[0] not in sampler.strays:
                assert _as_the_tips_say(model, hands, *tell), (tell, hands[tell[0]])
                checked += 1
    assert checked > 150
    assert strays <= 0.05 * samplers


def test_the_true_hands_are_never_ruled_out() -> None:
    """Ruling out is sound: the real hand is among the allowed cards and explains the history for some draws."""
    model, rng = RuleOfThumbBot(0), random.Random(2)
    for deal, seat in _positions(Rules(), 6):
        sampler = HandSampler(deal, seat, model, rng)
        for other in sampler.others:
            true = card_set(c for c in deal.hand(other) if c is not sampler.held_turned)
            assert true & ~sampler.allowed[other] == 0
            assert any(sampler.fits(other, card_set(deal.hand(other))) for _ in range(200))


def test_a_discard_by_the_tips_rules_out_every_weaker_card() -> None:
    """C, void in clubs, discards 5D by the tips: so it holds no heart (trump) to win with, and no card under 5D."""
    deal = position(hands={"A": "KC 7S", "B": "3C QD", "C": "5D 9S", "D": "AC 6C"},
                    stock="9D 4S TH JH QH 2S 3S", trump="H")
    play(deal, "KC", "3C", "5D")
    sampler = HandSampler(deal, 3, RuleOfThumbBot(0), random.Random(0))
    ruled_out = ~sampler.allowed[2]
    for code in ("TH", "JH", "QH", "2S", "3S", "4S"):
        assert ruled_out & Card.parse(code).mask, code
    for code in ("9S", "9D", "7S"):
        assert not ruled_out & Card.parse(code).mask, code
    possible = {Card.parse(code) for code in ("7S", "QD", "9S", "9D")}  # the unseen cards not ruled out
    for _ in range(50):
        hands, _ = sampler.sample()
        assert set(hands[2]) <= possible


def test_a_seat_that_does_not_play_by_the_tips_is_dealt_at_random() -> None:
    """A player who follows with 9C and then with 3C, having drawn nothing between, did not play by the tips (they
    follow a trick they cannot win with their weakest card): its hand is not forced to fit, and the sampled deal
    still uses exactly the hidden cards."""
    deal = position(hands={"A": "KC 7S 8S", "B": "9C 3C 5H", "C": "2S 9S 4D", "D": "AC 6C 5D"},
                    stock="9D 4S TH JH QH 2H 3S", trump="H")
    play(deal, "KC", "9C", "2S", "AC", "6C", "7S", "3C")
    sampler = HandSampler(deal, 2, RuleOfThumbBot(0), random.Random(0), tries=5)
    hands, stock = sampler.sample()
    deal.with_hidden(hands, stock)
    assert 1 in sampler.strays


def test_the_candidate_plays_legal_cards_and_a_seed_repeats_its_choice() -> None:
    deal = Deal.new(Rules(), 4, seed=11)
    bots = [RuleOfThumbBot(s) for s in range(4)]
    for _ in range(9):
        deal.apply(bots[deal.to_act].choose(deal))
    first, again = ExactInferenceBot(3).choose(deal), ExactInferenceBot(3).choose(deal)
    assert first in deal.legal_plays() and first is again
