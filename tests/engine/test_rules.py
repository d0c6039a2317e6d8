"""One test per rule of the rules page (docs/how-to-play.md) and the profiles (docs/profiles.md), through the public API."""

import random

import pytest

from helpers import play, position, types
from linger_longer import (
    FULL_DECK,
    Card,
    CardDrawn,
    Deal,
    DealWon,
    EndReason,
    IllegalPlayError,
    LeadPassed,
    PlayerOut,
    Rules,
    ShuffledAndCut,
    Suit,
    TrickWon,
    TrumpTurned,
    parse_cards,
)
from linger_longer.match import Match, cut_for_dealer
from linger_longer.rules import FirstDealer

STANDARD = Rules()
LAST_CARD = Rules.from_names("last-card")


# ---------------------------------------------------------------- set-up

@pytest.mark.parametrize("players", [2, 7, 0])
def test_three_to_six_players(players):
    """3 to 6 players, each for themselves."""
    with pytest.raises(ValueError, match="3 to 6 players"):
        Deal.new(STANDARD, players, seed=1)


@pytest.mark.parametrize("players, stock", [(3, 43), (4, 36), (5, 27), (6, 16)])
def test_hand_size_equals_number_of_players(players, stock):
    """Each player gets as many cards as there are players; the rest is the stock (36 with 4 players)."""
    deal = Deal.new(STANDARD, players, seed=5)
    assert [len(h) for h in deal.hands] == [players] * players
    assert deal.stock_size == stock


def test_deal_one_at_a_time_clockwise_from_dealers_left():
    """Deal one card at a time, clockwise, starting left of the dealer; the rest, in order, is the stock."""
    deck = FULL_DECK
    deal = Deal.new(STANDARD, 4, deck=deck, dealer=2)
    # Seat 3 is left of dealer 2: it gets cards 0, 4, 8, 12; the dealer gets 3, 7, 11, 15.
    assert set(deal.hand(3)) == {deck[0], deck[4], deck[8], deck[12]}
    assert set(deal.hand(2)) == {deck[3], deck[7], deck[11], deck[15]}
    assert deal.stock == deck[16:]


def test_dealers_last_card_is_trump_and_stays_in_hand():
    """The dealer shuffled and the player on the dealer's right cut; the dealer's last card is shown; its suit is
    trump for the deal and the dealer keeps it."""
    deck = FULL_DECK[::-1]
    deal = Deal.new(STANDARD, 4, deck=deck, dealer=3)
    events = deal.setup_events
    last_to_dealer = deck[15]  # the dealer is served last in each round of four
    assert deal.trump is last_to_dealer.suit
    assert last_to_dealer in deal.hand(3)
    assert events == (ShuffledAndCut(dealer=3, cutter=2), TrumpTurned(card=last_to_dealer, seat=3))
    assert deal.turned_card is last_to_dealer
    assert last_to_dealer not in deal.stock  # no card goes under the stock


def test_left_of_dealer_leads_first():
    """The player left of the dealer leads the first trick."""
    for dealer in range(5):
        assert Deal.new(STANDARD, 5, seed=dealer, dealer=dealer).to_act == (dealer + 1) % 5


def test_first_dealer_by_lowest_cut_with_recut_on_ties():
    """Standard profile: each player cuts a card, the lowest deals; ties cut again."""
    assert STANDARD.first_dealer is FirstDealer.LOWEST_CUT
    for seed in range(200):
        dealer, rounds = cut_for_dealer(4, random.Random(seed))
        last = rounds[-1].cards
        low = min(card.rank for _, card in last)
        assert [seat for seat, card in last if card.rank == low] == [dealer]
        for earlier, later in zip(rounds, rounds[1:]):
            low = min(card.rank for _, card in earlier.cards)
            assert [s for s, _ in later.cards] == [s for s, c in earlier.cards if c.rank == low]
    assert any(len(cut_for_dealer(4, random.Random(s))[1]) > 1 for s in range(200))


def test_last_card_first_dealer_by_lot():
    """The last-card profile draws the first dealer by lot."""
    assert LAST_CARD.first_dealer is FirstDealer.BY_LOT
    dealers = {Match(LAST_CARD, 4, seed=s).first_dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}


# ---------------------------------------------------------------- a trick

def test_leader_plays_any_card():
    """The leader plays any card."""
    deal = position(hands={"A": "KC 7S 2H", "B": "3C", "C": "4D"}, stock="9D")
    assert deal.legal_plays() == parse_cards("7S 2H KC")


def test_must_follow_suit():
    """A player holding the led suit must follow suit; the error names the rule."""
    deal = position(hands={"A": "KC 7S", "B": "3C 2H", "C": "4D 5D"}, stock="9D")
    play(deal, "KC")
    assert deal.legal_plays() == parse_cards("3C")
    with pytest.raises(IllegalPlayError, match="B holds ♣ and must follow suit"):
        deal.play(Card.parse("2H"))


def test_void_player_may_trump_or_discard():
    """Only a player void in the led suit may trump or discard, freely."""
    deal = position(hands={"A": "KC 7S", "B": "2H 5D", "C": "4D 5S"}, stock="9D")
    play(deal, "KC")
    assert set(deal.legal_plays()) == set(parse_cards("2H 5D"))


def test_no_duty_to_beat():
    """There is no duty to beat the cards played."""
    deal = position(hands={"A": "TC 7S", "B": "3C AC", "C": "4D 5S"}, stock="9D")
    play(deal, "TC")
    assert set(deal.legal_plays()) == set(parse_cards("3C AC"))
    play(deal, "3C")  # a lower club is fine


def test_highest_trump_wins():
    """The highest trump wins, even against a higher card of the led suit."""
    deal = position(hands={"A": "AC 7S", "B": "2H 7D", "C": "5H 6D"}, stock="9D 8D")
    events = play(deal, "AC", "2H", "5H")
    assert [e for e in events if isinstance(e, TrickWon)][0].seat == 2


def test_highest_of_led_suit_wins_without_trump():
    """If no trump was played, the highest card of the led suit wins; discards never win."""
    deal = position(hands={"A": "TC 7S", "B": "AS 7D", "C": "QC 6D"}, stock="9D 8D")
    events = play(deal, "TC", "AS", "QC")
    assert [e for e in events if isinstance(e, TrickWon)][0].seat == 2


def test_played_cards_go_to_winners_won_pile():
    """The played cards go to the winner's won pile; they never return to a hand or the stock."""
    deal = position(hands={"A": "TC 7S", "B": "AS 7D", "C": "QC 6D"}, stock="9D 8D")
    play(deal, "TC", "AS", "QC")
    assert set(deal.won_piles[2]) == set(parse_cards("TC AS QC"))
    assert not set(parse_cards("TC AS QC")) & set(deal.stock + sum(deal.hands, ()))


def test_winner_draws_exactly_one_card():
    """The winner draws exactly one card from the top of the stock, one per trick, not one per card."""
    deal = position(hands={"A": "TC 7S", "B": "AS 7D", "C": "QC 6D"}, stock="9D 8D 2C")
    events = play(deal, "TC", "AS", "QC")
    drawn = [e for e in events if isinstance(e, CardDrawn)]
    assert drawn == [CardDrawn(2, Card.parse("9D"))]
    assert deal.stock == parse_cards("8D 2C")


def test_no_draw_from_empty_stock():
    """The winner draws only if the stock is not empty."""
    deal = position(hands={"A": "TC 7S", "B": "AS 7D", "C": "QC 6D"}, stock="")
    events = play(deal, "TC", "AS", "QC")
    assert not [e for e in events if isinstance(e, CardDrawn)]


def test_winning_keeps_hand_size_losing_shrinks_it():
    """Winning a trick keeps your hand size (spend one, draw one); losing shrinks it by one."""
    deal = position(hands={"A": "TC 7S 4S", "B": "AS 7D 3D", "C": "QC 6D 2S"}, stock="9D 8D")
    play(deal, "TC", "AS", "QC")
    assert [len(h) for h in deal.hands] == [2, 2, 3]


def test_once_stock_is_empty_every_hand_shrinks():
    """Once the stock is empty every hand shrinks by one each trick."""
    deal = position(hands={"A": "TC 7S 4S", "B": "AS 7D 3D", "C": "QC 6D 2S"}, stock="")
    play(deal, "TC", "AS", "QC")
    assert [len(h) for h in deal.hands] == [2, 2, 2]


def test_elimination_after_the_draw():
    """Eliminations are decided after the winner's draw: winning with your last card saves you."""
    deal = position(hands={"A": "KC 7S", "B": "3C QD", "C": "2H", "D": "AC 5S"}, stock="9D 4S")
    events = play(deal, "KC", "3C", "2H", "AC")
    assert types(events)[-2:] == ["trick-won", "card-drawn"]
    assert deal.hand(2) == parse_cards("9D") and not deal.is_out(2)


def test_empty_hand_goes_out_and_plays_no_more():
    """A player whose hand is empty is out: they play no further tricks, not even as followers."""
    deal = position(hands={"A": "KC 7S", "B": "3C", "C": "QC 6D"}, stock="9D 8D")
    events = play(deal, "KC", "3C", "QC")
    assert PlayerOut(1) in events and deal.is_out(1)
    play(deal, "9D")  # A won and drew 9D; A leads it
    assert deal.to_act == 2  # B is skipped


def test_winner_leads_next():
    """The winner leads the next trick."""
    deal = position(hands={"A": "TC 7S", "B": "AS 7D", "C": "QC 6D"}, stock="9D 8D")
    play(deal, "TC", "AS", "QC")
    assert deal.to_act == 2


def test_lead_passes_when_winner_holds_no_card():
    """If the winner holds no card, the lead passes clockwise to the next player who still holds cards."""
    deal = position(hands={"A": "TC 7S", "B": "7D 5D", "C": "AC", "D": "2S 3S"}, stock="", trump="H")
    events = play(deal, "TC", "7D", "AC", "2S")
    assert PlayerOut(2) in events
    assert LeadPassed(2, 3) in events
    assert deal.to_act == 3


def test_deal_ends_when_one_player_holds_cards():
    """The deal ends after a trick when at most one player still holds cards: that player wins."""
    deal = position(hands={"A": "TC 7S", "B": "3C", "C": "2C"}, stock="")
    events = play(deal, "TC", "3C", "2C")
    assert events[-1] == DealWon(0, EndReason.LAST_HOLDING)
    assert deal.is_over and deal.to_act is None and deal.outcome.winner == 0


def test_nobody_holds_cards_last_trick_winner_wins():
    """If all remaining players play their last card in the same trick with the stock empty, that trick's winner wins."""
    deal = position(hands={"A": "TC", "B": "3C", "C": "KC"}, stock="")
    events = play(deal, "TC", "3C", "KC")
    assert events[-1] == DealWon(2, EndReason.LAST_TRICK)
    assert deal.outcome.out_order == (0, 1, 2)


def test_play_after_deal_over_is_refused():
    """Nobody plays once the deal has a winner."""
    deal = position(hands={"A": "TC", "B": "3C", "C": "KC"}, stock="")
    play(deal, "TC", "3C", "KC")
    with pytest.raises(IllegalPlayError, match="the deal is over"):
        deal.play(Card.parse("AS"))
    assert deal.legal_plays() == ()


# ---------------------------------------------------------------- profiles

def test_standard_play_goes_on_after_stock_runs_out():
    """Standard: when the stock runs out, play goes on without drawing until one player holds cards."""
    deal = position(hands={"A": "TC 7S", "B": "3C 7D", "C": "2C 6D"}, stock="9D")
    events = play(deal, "TC", "3C", "2C")
    assert "stock-empty" in types(events) and not deal.is_over
    events = play(deal, "7S", "7D", "6D")
    assert not [e for e in events if isinstance(e, CardDrawn)]


def test_last_card_deal_ends_when_last_stock_card_is_taken():
    """Last-card: the winner of the trick that took the last stock card wins the deal at once."""
    deal = position("last-card", hands={"A": "TC 7S", "B": "3C 7D", "C": "2C 6D"}, stock="9D")
    events = play(deal, "TC", "3C", "2C")
    assert events[-1] == DealWon(0, EndReason.STOCK_EXHAUSTED)


def test_last_card_match_is_first_to_three():
    """Last-card: one match point a deal; play to 3."""
    assert LAST_CARD.default_match_target == 3
    assert STANDARD.default_match_target is None
