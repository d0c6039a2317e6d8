"""Matches, chip scoring and the bots."""


import pytest

from helpers import play, position
from linger_longer import Deal, Rules
from linger_longer.bots import RandomBot, RuleOfThumbBot, make_bot
from linger_longer.match import Match
from linger_longer.scoring import chips_option_a, chips_option_b


@pytest.mark.parametrize("target", [3, 5])
def test_match_first_to_target(target):
    """Match: count deals won; the first to 3 (or 5) wins the match."""
    match = Match(Rules(), 4, target=target, seed=3)
    result = match.play([RandomBot(s) for s in range(4)])
    assert max(result.deals_won) == target == result.deals_won[result.winner]
    assert sorted(result.deals_won)[-2] < target
    assert sum(result.deals_won) == len(result.outcomes)


def test_deal_passes_clockwise():
    """The deal passes clockwise after each deal."""
    match = Match(Rules(), 5, target=3, seed=8)
    first = match.dealer
    dealers = []
    bots = [RandomBot(s) for s in range(5)]
    while not match.is_over:
        deal, _ = match.next_deal()
        dealers.append(deal.dealer)
        while not deal.is_over:
            deal.apply(bots[deal.to_act].choose(deal.view(deal.to_act)))
        match.record(deal.outcome)
    assert dealers == [(first + i) % 5 for i in range(len(dealers))]


def test_chips_option_a():
    """Option A: each other player pays the deal winner 1 chip per trick the winner won in that deal."""
    deal = position(hands={"A": "TC 7S", "B": "3C", "C": "2C"}, stock="")
    play(deal, "TC", "3C", "2C")
    assert chips_option_a(deal.outcome, 3) == (2, -1, -1)


def test_chips_option_b():
    """Option B: 1 chip from each opponent who held fewer cards than the winner when that opponent went out."""
    deal = position(hands={"A": "TC 7S", "B": "3C", "C": "2C 5D"}, stock="")
    play(deal, "TC", "3C", "2C")  # B (1 card against A's 2) goes out
    play(deal, "7S", "5D")  # C (1 card against A's 1) goes out: not fewer
    assert deal.outcome.winner == 0
    assert chips_option_b(deal.outcome, 3) == (1, -1, 0)


def test_chips_sum_to_zero():
    """Chips move between players: the totals always sum to zero."""
    result = Match(Rules(), 4, target=5, seed=1).play([RuleOfThumbBot(s) for s in range(4)])
    assert sum(result.chips_a) == 0 and sum(result.chips_b) == 0
    assert result.chips_a[result.winner] != 0


def test_unknown_bot():
    """An unknown bot name lists the known ones."""
    with pytest.raises(ValueError, match="'random', 'rule-of-thumb'"):
        make_bot("clever")


def test_rule_of_thumb_beats_random():
    """The rule-of-thumb bot (strategy tips) beats random bots by a clear margin."""
    wins, deals = 0, 1000
    for seed in range(deals):
        deal = Deal.new(Rules(), 4, seed=seed, dealer=seed % 4)
        bots = [RuleOfThumbBot(seed)] + [RandomBot(seed * 4 + s) for s in range(1, 4)]
        while not deal.is_over:
            deal.apply(bots[deal.to_act].choose(deal.view(deal.to_act)))
        wins += deal.outcome.winner == 0
    assert wins / deals > 0.30  # an even share is 0.25


def test_bots_only_choose_legal_actions():
    """Bots always choose a legal card (or name a suit when asked)."""
    rules = Rules.from_names("standard", ["grand-coup"])
    for seed in range(100):
        deal = Deal.new(rules, 5, seed=seed)
        bot = RuleOfThumbBot(seed)
        while not deal.is_over:
            action = bot.choose(deal.view(deal.to_act))
            assert action in deal.legal_actions()
            deal.apply(action)


def test_with_hidden_keeps_every_card_once():
    """Replacing hidden cards must use exactly the same cards and hand sizes."""
    from linger_longer import InvalidPositionError

    deal = Deal.new(Rules(), 4, seed=1)
    stock = list(deal.stock)
    swapped = deal.with_hidden({1: deal.hand(2), 2: deal.hand(1)}, stock[::-1])
    assert swapped.hand(1) == deal.hand(2) and swapped.stock == tuple(stock[::-1])
    with pytest.raises(InvalidPositionError):
        deal.with_hidden({1: deal.hand(0)}, stock)
