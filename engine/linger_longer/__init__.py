"""Linger Longer (also called Sift Smoke): the rules engine behind the rules site.

Pure Python, standard library only; runs on CPython 3.11+ and in Pyodide.

>>> from linger_longer import Deal, Rules, Card
>>> deal = Deal.from_position(
...     Rules.from_names('last-card'),
...     hands=[[Card.parse('KC'), Card.parse('7S')], [Card.parse('3C'), Card.parse('QD')],
...            [Card.parse('2H')], [Card.parse('AC'), Card.parse('5S')]],
...     stock=[Card.parse('9D'), Card.parse('4S')], trump=Suit.HEARTS, leader=0,
...     hypothetical=True)  # only the cards that matter: no real deal has a stock of two here
>>> for code in ['KC', '3C', '2H', 'AC']:
...     events = deal.play(Card.parse(code))
>>> [e.type for e in events]
['card-played', 'trick-won', 'card-drawn']
>>> deal.hand(2)
(Card.parse('9♦'),)
"""

from .cards import FULL_DECK, Card, InvalidCardError, Rank, Suit, card_set, cards_in, parse_cards
from .events import (
    CardDrawn,
    CardPlayed,
    DealWon,
    EndReason,
    Event,
    LeadPassed,
    PlayerOut,
    ShuffledAndCut,
    StockEmpty,
    TrickStarted,
    TrickWon,
    TrumpNamed,
    TrumpTurned,
)
from .game import Deal, IllegalPlayError, InvalidPositionError, Outcome, Phase, Refusal, RefusalKind, Trick
from .rules import (
    IncompatibleVariantsError,
    Profile,
    RuleError,
    Rules,
    UnknownRuleError,
    Variant,
    find_profile,
    find_variant,
)
from .scoring import DealScore, chips_option_a, chips_option_b, score_deal
from .trick import beats, legal_plays, trick_winner
from .view import SeatView, SeenTrick

__version__ = "0.1.0"

__all__ = [
    "FULL_DECK", "Card", "CardDrawn", "CardPlayed", "Deal", "DealScore", "DealWon", "EndReason",
    "Event", "IllegalPlayError", "IncompatibleVariantsError", "InvalidCardError", "InvalidPositionError",
    "LeadPassed", "Outcome", "Phase", "PlayerOut", "Profile", "Refusal", "RefusalKind", "Rank", "RuleError",
    "Rules", "SeatView", "SeenTrick", "ShuffledAndCut", "StockEmpty", "Suit", "Trick", "TrickStarted", "TrickWon", "TrumpNamed",
    "TrumpTurned",
    "UnknownRuleError", "Variant", "beats", "card_set", "cards_in", "chips_option_a", "chips_option_b",
    "find_profile", "find_variant", "legal_plays", "parse_cards", "score_deal", "trick_winner",
]
