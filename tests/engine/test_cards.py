"""Cards and notation (the rules page, docs/how-to-play.md: Cards and ranks)."""

import pytest

from linger_longer import FULL_DECK, Card, InvalidCardError, Rank, Suit, parse_cards
from linger_longer.languages import CODES
from linger_longer.narrate import card_name


def test_deck_has_52_distinct_cards():
    """One standard 52-card deck, no jokers."""
    assert len(FULL_DECK) == 52
    assert len(set(FULL_DECK)) == 52


def test_rank_order_high_to_low():
    """Rank, high to low: A K Q J 10 9 8 7 6 5 4 3 2."""
    ranks = [Card.parse(c + "S").rank for c in "A K Q J T 9 8 7 6 5 4 3 2".split()]
    assert ranks == sorted(ranks, reverse=True)
    assert Rank.ACE > Rank.KING > Rank.TEN > Rank.TWO


@pytest.mark.parametrize("text", ["KC", "kc", "K♣", "k♣", " KC "])
def test_both_notations_parse(text):
    """Cards are written with a suit letter or a suit symbol; letters are case-insensitive."""
    assert Card.parse(text) is Card(Rank.KING, Suit.CLUBS)


@pytest.mark.parametrize("text", ["TC", "10C", "10♣", "t♣", "10c"])
def test_ten_is_t_or_10(text):
    """The ten is written T or 10."""
    assert Card.parse(text).rank is Rank.TEN


def test_str_and_repr_round_trip():
    """str() shows the symbol form and repr round-trips through Card.parse."""
    card = Card.parse("TH")
    assert str(card) == "10♥"
    assert eval(repr(card), {"Card": Card}) is card
    assert card.code == "TH"


@pytest.mark.parametrize("text", ["1X", "", "KK", "11C", "ZS", "K", "A♠♠", "joker"])
def test_malformed_card_error_quotes_input(text):
    """Anything else is an InvalidCardError that quotes the input."""
    with pytest.raises(InvalidCardError) as info:
        Card.parse(text)
    assert repr(text) in str(info.value)


def test_parse_cards_lists():
    """A list of cards may be separated by spaces or commas."""
    assert parse_cards("AS, KH 10♦") == (Card.parse("AS"), Card.parse("KH"), Card.parse("TD"))


#: The rank letters of the source booklets, per language (ace, king, queen, jack, ten).
RANK_LETTERS = {"en": "A K Q J 10", "fr": "A R D V 10", "it": "A K Q J 10", "nl": "A H V B 10"}


@pytest.mark.parametrize("lang", CODES)
def test_rank_letters_per_language(lang):
    """Rank letters per language: English A K Q J; French A R D V; Italian A K Q J; Dutch A H V B (a new
    language needs its letters here too)."""
    labels = [Card.parse(c + "C").label(lang)[:-1] for c in "AKQJT"]
    assert " ".join(labels) == RANK_LETTERS[lang]


@pytest.mark.parametrize("lang", CODES)
def test_each_language_reads_its_own_card_labels(lang):
    """A reader may type a card as the site shows it in their language (French R♣, Dutch HC), or in the
    data-file notation; the other languages' letters stay errors."""
    for card in Card.parse("AS"), Card.parse("KC"), Card.parse("QD"), Card.parse("JH"), Card.parse("TS"):
        assert Card.parse(card.label(lang), lang) is card
        assert Card.parse(card.label(lang)[:-1] + card.suit.letter.lower(), lang) is card
        assert Card.parse(card.code, lang) is card
    if lang != "en":
        with pytest.raises(InvalidCardError, match="'RC' is not a card"):
            Card.parse("RC")  # French letters are not English ones
    with pytest.raises(InvalidCardError, match="'BC' is not a card"):
        Card.parse("BC", "fr")  # B is the Dutch jack, not a French letter


def test_suit_symbols_and_colour():
    """Suit symbols are the same everywhere; hearts and diamonds are red."""
    assert [s.symbol for s in Suit] == ["♠", "♥", "♣", "♦"]
    assert [s.is_red for s in Suit] == [False, True, False, True]


def test_card_names_for_screen_readers():
    """Cards are named in words for screen readers."""
    assert card_name(Card.parse("KC"), "en") == "king of clubs"
