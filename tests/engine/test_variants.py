"""The six variants (the variants page, docs/variants.md), each alone and in combination."""

import pytest

from helpers import play, position, types
from linger_longer import (
    Card,
    CardDrawn,
    Deal,
    DealWon,
    EndReason,
    IllegalPlayError,
    PlayerOut,
    Rules,
    Suit,
    TrickWon,
    TrumpNamed,
    IncompatibleVariantsError,
    UnknownRuleError,
    Variant,
    parse_cards,
)
from linger_longer.game import Phase


def test_variant_names_are_exact():
    """Variants are chosen by these exact names (data files, flags and URLs use them)."""
    assert [v.value for v in Variant] == [
        "draw-per-card", "no-trump", "random-trump", "grand-coup", "long-hand", "eliminate-before-draw"]


def test_unknown_variant_lists_known_ones():
    """An unknown name is an error listing the known ones."""
    with pytest.raises(UnknownRuleError) as info:
        Rules.from_names("standard", ["sift-smoke"])
    message = str(info.value)
    assert "'sift-smoke'" in message
    assert all(repr(v.value) in message for v in Variant)


def test_unknown_profile_lists_known_ones():
    """Profiles are chosen by name; an unknown one lists 'standard' and 'last-card'."""
    with pytest.raises(UnknownRuleError, match="'standard', 'last-card'"):
        Rules.from_names("classic")


def test_draw_per_card():
    """draw-per-card: the winner draws one card per card in the trick (as many as the stock still has)."""
    deal = position(hands={"A": "TC 7S", "B": "AS 7D", "C": "QC 6D"}, stock="9D 8D 2C 3C",
                    variants=("draw-per-card",))
    events = play(deal, "TC", "AS", "QC")
    assert [e.card for e in events if isinstance(e, CardDrawn)] == list(parse_cards("9D 8D 2C"))
    assert len(deal.hand(2)) == 4
    deal = position(hands={"A": "TC 7S", "B": "AS 7D", "C": "QC 6D"}, stock="9D 8D",
                    variants=("draw-per-card",))
    events = play(deal, "TC", "AS", "QC")
    assert [e.card for e in events if isinstance(e, CardDrawn)] == list(parse_cards("9D 8D"))


def test_no_trump():
    """no-trump: there is no trump suit; the highest card of the led suit always wins."""
    deal = position(hands={"A": "TC 7S", "B": "2H 7D", "C": "QC 6D"}, stock="9D", trump=None,
                    variants=("no-trump",))
    events = play(deal, "TC", "2H", "QC")
    assert [e.seat for e in events if isinstance(e, TrickWon)] == [2]
    fresh = Deal.new(Rules.from_names("standard", ["no-trump"]), 4, seed=3)
    assert fresh.trump is None and fresh.turned_card is None


def test_random_trump():
    """random-trump: the top stock card is turned for trump and goes face up to the bottom of the stock."""
    rules = Rules.from_names("standard", ["random-trump"])
    deal = Deal.new(rules, 4, seed=21, dealer=0)
    events = deal.setup_events
    plain = Deal.new(Rules(), 4, seed=21, dealer=0)
    turned = plain.stock[0]  # the same shuffle: the card that would be on top of the stock
    assert deal.trump is turned.suit
    assert deal.stock[-1] is turned and deal.stock_size == 36
    assert deal.hands == plain.hands  # the dealer's card is not turned; hands are as dealt
    assert events[0].type == "shuffled-and-cut"  # the dealer shuffled and the player on their right cut
    assert events[1].card is turned and events[1].seat is None


def test_grand_coup():
    """grand-coup: the first trick is played without trump; its winner then names trump for the rest of the deal."""
    rules = Rules.from_names("standard", ["grand-coup"])
    deal = Deal.new(rules, 4, seed=4)
    assert deal.trump is None and deal.turned_card is None
    events = []
    while deal.phase is Phase.PLAY:
        events.extend(deal.play(deal.legal_plays()[0]))
    winner = [e for e in events if isinstance(e, TrickWon)][0].seat
    assert deal.phase is Phase.NAME_TRUMP and deal.to_act == winner
    with pytest.raises(IllegalPlayError, match="must name the trump suit"):
        deal.play(deal.hand(winner)[0])
    assert deal.name_trump(Suit.SPADES) == (TrumpNamed(winner, Suit.SPADES),)
    assert deal.trump is Suit.SPADES and deal.phase is Phase.PLAY
    with pytest.raises(IllegalPlayError):
        deal.name_trump(Suit.HEARTS)


def test_grand_coup_first_trick_has_no_trump():
    """grand-coup: in the first trick an off-suit card cannot win."""
    deal = position(hands={"A": "TC 7S", "B": "2H 7D", "C": "QC 6D"}, stock="9D", trump=None,
                    variants=("grand-coup",))
    events = play(deal, "TC", "2H", "QC")
    assert [e.seat for e in events if isinstance(e, TrickWon)] == [2]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_long_hand(players):
    """long-hand: 7 cards each whatever the number of players."""
    deal = Deal.new(Rules.from_names("standard", ["long-hand"]), players, seed=2)
    assert [len(h) for h in deal.hands] == [7] * players
    assert deal.stock_size == 52 - 7 * players


def test_eliminate_before_draw():
    """eliminate-before-draw: empty hands go out before the winner draws; an eliminated winner draws nothing."""
    deal = position(hands={"A": "KC 7S", "B": "3C QD", "C": "2H", "D": "AC 5S"}, stock="9D 4S",
                    variants=("eliminate-before-draw",))
    events = play(deal, "KC", "3C", "2H", "AC")
    assert types(events)[-4:] == ["card-played", "trick-won", "player-out", "lead-passed"]
    assert deal.is_out(2) and deal.stock_size == 2 and deal.to_act == 3


def test_trump_variants_cannot_combine():
    """no-trump, random-trump and grand-coup each decide where trump comes from: they cannot be combined."""
    with pytest.raises(IncompatibleVariantsError, match="cannot be combined"):
        Rules.from_names("standard", ["no-trump", "grand-coup"])


def test_variants_combine():
    """Other variants can be switched on together."""
    rules = Rules.from_names("last-card", ["long-hand", "draw-per-card", "eliminate-before-draw", "random-trump"])
    assert rules.name == "last-card+draw-per-card+random-trump+long-hand+eliminate-before-draw"
    deal = Deal.new(rules, 5, seed=1)
    assert [len(h) for h in deal.hands] == [7] * 5
