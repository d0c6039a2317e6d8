"""What a seat sees: its own hand and the table, never another hand, the stock's order or another's draws."""

import random

import pytest

from linger_longer import Deal, Rules
from linger_longer.bots import MonteCarloBot, RandomBot, RuleOfThumbBot, hint_reasoning


def _played(seed: int, tricks: int, rules: Rules = Rules()) -> Deal:
    deal = Deal.new(rules, 4, seed=seed)
    rng = random.Random(seed)
    while deal.tricks_played < tricks and not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


def test_a_view_shows_the_seats_own_hand_and_only_the_count_of_the_others():
    """A player sees their own cards and how many cards each other player holds."""
    deal = _played(1, 3)
    for seat in range(4):
        view = deal.view(seat)
        assert view.hand == deal.hand(seat)
        assert view.hand_sizes == tuple(len(hand) for hand in deal.hands)
        assert view.stock_size == deal.stock_size
        for hidden in ("hands", "stock", "copy", "with_hidden", "apply"):
            assert not hasattr(view, hidden)


def test_a_view_shows_a_draw_only_to_the_player_who_drew():
    """Only the trick's winner sees the card they drew; the others see how many cards were drawn."""
    deal = _played(2, 6)
    for seat in range(4):
        for seen, record in zip(deal.view(seat).tricks, deal.tricks):
            assert seen.drawn_count == len(record.drawn)
            assert seen.own_draw == (record.drawn if record.winner == seat else ())
            assert seen.plays == record.plays


def test_only_the_seat_to_act_is_told_what_it_may_play():
    """What a player may play tells of their hand, so a view says it only to the player to act."""
    deal = _played(3, 2)
    for seat in range(4):
        expected = deal.legal_actions() if seat == deal.to_act else ()
        assert deal.view(seat).legal_actions() == expected


def test_the_unseen_cards_are_the_other_hands_and_the_stock_less_the_turned_card():
    """A seat has not seen the other hands and the stock; the turned card it has seen, and it knows the dealer
    keeps it."""
    deal = _played(4, 1)
    seat = (deal.dealer + 2) % 4
    hidden = {c for s in range(4) if s != seat for c in deal.hand(s)} | set(deal.stock)
    assert deal.turned_card in hidden
    assert set(deal.view(seat).unseen()) == hidden - {deal.turned_card}


def test_a_view_imagines_only_the_others_hands():
    """Imagining a placing of the hidden cards leaves the seat's own hand as it is and the deal alone."""
    deal = _played(5, 1)
    seat = deal.to_act
    view = deal.view(seat)
    with pytest.raises(ValueError, match="not its own"):
        view.imagine({seat: deal.hand(seat)}, deal.stock)
    other = (seat + 1) % 4
    imagined = view.imagine({other: deal.hand(other)[::-1]}, deal.stock[::-1])
    assert imagined.stock == deal.stock[::-1] and imagined is not deal


def test_the_whole_deal_is_handed_out_only_when_counting_settles_every_card():
    """Early in a deal the stock's order is hidden, so the view keeps the deal; the hint is then not exact."""
    deal = _played(6, 1)
    view = deal.view(deal.to_act)
    assert view.whole_deal() is None
    assert hint_reasoning(view, seed=1, nodes=2000, samples=4)["exact"] is False


@pytest.mark.parametrize("bot", [RandomBot(1), RuleOfThumbBot(1), MonteCarloBot(1, samples=2, nodes=200)])
def test_a_fair_bot_is_refused_the_whole_deal(bot):
    """A fair bot chooses from its seat's view; given the whole deal it refuses, so it cannot read a hidden card."""
    deal = Deal.new(Rules(), 4, seed=7)
    with pytest.raises(TypeError, match="view"):
        bot.choose(deal)
    assert bot.choose(deal.view(deal.to_act)) in deal.legal_actions()
