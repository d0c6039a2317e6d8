"""The worked example "winning with your last trump" (docs/profiles.md), in its three readings."""

from helpers import play, position
from linger_longer import Card, CardDrawn, DealWon, EndReason, PlayerOut

HANDS = {"A": "KC 7S", "B": "3C QD", "C": "2H", "D": "AC 5S"}


def test_c_survives_by_drawing():
    """Hearts trump: A leads K♣, B 3♣, C plays their last card 2♥, D A♣; C wins, draws 9♦ and stays in."""
    deal = position("last-card", hands=HANDS, stock="9D 4S 8C")
    events = play(deal, "KC", "3C", "2H", "AC")
    assert CardDrawn(2, Card.parse("9D")) in events
    assert not [e for e in events if isinstance(e, PlayerOut)]
    assert deal.hand(2) == (Card.parse("9D"),) and deal.to_act == 2


def test_c_wins_when_nine_of_diamonds_is_the_last_stock_card():
    """Under last-card, had 9♦ been the last card of the stock, the deal ends and C wins it."""
    deal = position("last-card", hands=HANDS, stock="9D")
    events = play(deal, "KC", "3C", "2H", "AC")
    assert events[-1] == DealWon(2, EndReason.STOCK_EXHAUSTED)


def test_standard_profile_goes_on_after_the_last_stock_card():
    """Under standard, taking the last stock card does not end the deal: C stays in with 9♦."""
    deal = position("standard", hands=HANDS, stock="9D")
    events = play(deal, "KC", "3C", "2H", "AC")
    assert not deal.is_over and deal.hand(2) == (Card.parse("9D"),)
    assert events[-1].type == "stock-empty"


def test_c_is_out_under_eliminate_before_draw():
    """Under eliminate-before-draw, C's hand is empty before the draw: C is out and draws nothing."""
    deal = position("last-card", hands=HANDS, stock="9D 4S 8C", variants=("eliminate-before-draw",))
    events = play(deal, "KC", "3C", "2H", "AC")
    assert PlayerOut(2) in events
    assert not [e for e in events if isinstance(e, CardDrawn)]
    assert deal.stock_size == 3
