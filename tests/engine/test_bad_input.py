"""Bad input gives a clear error naming the value and the reason."""

import pytest

from helpers import position
from linger_longer import Deal, InvalidCardError, InvalidPositionError, Rules, parse_cards


def test_duplicate_card_in_position():
    """A card cannot be in two places."""
    with pytest.raises(InvalidPositionError, match="K♣ appears twice: in A's hand and in C's hand"):
        position(hands={"A": "KC 2S", "B": "3C", "C": "KC"}, stock="9D")


def test_duplicate_card_in_stock():
    """A card cannot be both held and in the stock."""
    with pytest.raises(InvalidPositionError, match="9♦ appears twice: in B's hand and in the stock"):
        position(hands={"A": "KC 2S", "B": "9D", "C": "4C"}, stock="9D")


def test_unknown_card():
    """An unknown card is an InvalidCardError quoting it."""
    with pytest.raises(InvalidCardError, match="'1X'"):
        parse_cards("KC 1X")


def test_hand_bigger_than_a_deal_allows():
    """Winning keeps a hand's size, so no hand can hold more than the deal gave."""
    with pytest.raises(InvalidPositionError, match="A holds 4 cards; a 3-player deal never gives a hand more than 3"):
        position(hands={"A": "KC 2S 3S 4S", "B": "3C", "C": "4C"}, stock="9D")


def test_hand_growth_allowed_with_draw_per_card():
    """With draw-per-card a hand can grow past the deal's size."""
    deal = position(hands={"A": "KC 2S 3S 4S", "B": "3C", "C": "4C"}, stock="9D", variants=("draw-per-card",))
    assert len(deal.hand(0)) == 4


def test_leader_who_is_out():
    """A player who is out cannot lead."""
    with pytest.raises(InvalidPositionError, match="B cannot lead: B is out"):
        position(hands={"A": "KC", "B": "", "C": "4C"}, stock="9D", leader="B", out=("B",))


def test_empty_hand_must_be_out():
    """A player without cards is out of the deal."""
    with pytest.raises(InvalidPositionError, match="B holds no card, so must be listed as out"):
        position(hands={"A": "KC", "B": "", "C": "4C"}, stock="9D")


def test_out_player_holding_cards():
    """A player who is out holds no cards."""
    with pytest.raises(InvalidPositionError, match="B is out but holds 1 cards"):
        position(hands={"A": "KC", "B": "5C", "C": "4C"}, stock="9D", out=("B",))


def test_last_card_with_empty_stock():
    """Under last-card an empty stock means the deal has already ended."""
    with pytest.raises(InvalidPositionError, match="under 'last-card' the deal has already ended"):
        position("last-card", hands={"A": "KC", "B": "5C", "C": "4C"}, stock="", hypothetical=False)


def test_deck_order_must_hold_52_cards():
    """A deck order holds each of the 52 cards once."""
    with pytest.raises(InvalidPositionError, match="got 3 cards"):
        Deal.new(Rules(), 4, deck="AS KS QS")
    with pytest.raises(InvalidPositionError, match="repeated: A♠"):
        Deal.new(Rules(), 4, deck=["AS"] * 0 + list(parse_cards("AS")) * 52)


def test_no_trump_position_with_trump():
    """A no-trump deal has no trump suit."""
    with pytest.raises(InvalidPositionError, match="'no-trump' is played without trump"):
        position(hands={"A": "KC", "B": "5C", "C": "4C"}, stock="9D", variants=("no-trump",))


def test_trump_needed():
    """A standard deal needs a trump suit."""
    with pytest.raises(InvalidPositionError, match="need a trump suit"):
        position(hands={"A": "KC", "B": "5C", "C": "4C"}, stock="9D", trump=None)


def test_dealer_off_the_table():
    """The dealer sits at the table."""
    with pytest.raises(InvalidPositionError, match="dealer seat 5"):
        Deal.new(Rules(), 4, seed=1, dealer=5)
