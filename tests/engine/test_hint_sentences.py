"""The Play page's hint: the strong opponent's reasoning as one sentence per kind, in every language, naming only
the player's own cards."""

from __future__ import annotations

import pytest

from helpers import position
from linger_longer import FULL_DECK, Card, Suit
from linger_longer.bots import hint_reasoning
from linger_longer.game import Phase
from linger_longer.i18n import translate, translate_plural
from linger_longer.narrate import suit_name
from linger_longer.web.hint import REASONS, hint, hint_sentence
from linger_longer.web.play import Settings, new_game

LANGS = ("en", "fr", "it", "nl")

#: Positions whose hint is of each kind: (naming trump?, hands, stock, seats out, cards played first, the seed of
#: the imagined deals). Under grand-coup the first legal cards are played until trump is to be named.
POSITIONS = [
    (False, {"A": "3H 5D AC", "B": "QS JH 8C", "C": "9C 2H 8H"}, "TC 5H 3C", (), (), 0),
    (True, {"A": "6S 4C 5D", "B": "TS JH 7S", "C": "9C QC TC"}, "QD 3H AH", (), (), 1),
    (False, {"A": "JS 9S 3D", "B": "4H 4S JD", "C": ""}, "", ("C",), (), 2),
    (True, {"A": "QH 3C 6C", "B": "6S 4H 2C", "C": ""}, "", ("C",), (), 3),
    (False, {"A": "4C QS KC", "B": "TC 2D AS", "C": ""}, "", ("C",), (), 10),
    (False, {"A": "8S AD 9D", "B": "5D QD 7C", "C": ""}, "", ("C",), (), 14),
    (True, {"A": "TD QS 7C", "B": "7S 8C 2S", "C": ""}, "", ("C",), (), 19),
    (False, {"A": "5S JC 3D", "B": "3S 8D 2H", "C": "5H KC 8C"}, "7S 6C JD", (), (), 100),
    (True, {"A": "8D JC 7D", "B": "9D 6D AH", "C": ""}, "", ("C",), (), 103),
    (False, {"A": "KC 7S", "B": "3C QD", "C": "2H 5D"}, "9D 4S", (), ("KC",), 1),  # B must follow with 3♣
]


def _deal(naming, hands, stock, out, first):
    deal = position(hands=hands, stock=stock, out=out, trump=None if naming else "H",
                    variants=("grand-coup",) if naming else ())
    if naming:
        while deal.phase is not Phase.NAME_TRUMP:
            deal.apply(deal.legal_plays()[0])
    for code in first:
        deal.play(Card.parse(code))
    return deal


def _reasons():
    for naming, hands, stock, out, first, seed in POSITIONS:
        deal = _deal(naming, hands, stock, out, first)
        yield deal, naming, hint_reasoning(deal.view(deal.to_act), seed=seed, nodes=3000, samples=20)


def _unseen_labels(deal, lang):
    """The labels of every card the player to act does not hold."""
    held = set(deal.hand(deal.to_act))
    return {card.label(lang) for card in FULL_DECK if card not in held}


def test_the_positions_give_every_kind_of_reason():
    """Every exact kind, for a card and for a suit, and the sampled ones (which of the two a sampled position
    gives depends on the imagined deals; the plural test below checks the sentence of each)."""
    kinds = {(reason["kind"], naming) for _, naming, reason in _reasons()}
    exact = {(kind, naming) for kind in ("exact-only-win", "exact-win", "exact-no-win") for naming in (False, True)}
    assert exact | {("only-legal", False)} <= kinds
    assert {kind for kind, _ in kinds - exact} > {"only-legal"}  # a sampled kind too


@pytest.mark.parametrize("lang", LANGS)
def test_each_kind_is_one_translated_sentence_naming_only_own_cards(lang):
    for deal, naming, reason in _reasons():
        sentence = hint_sentence(reason, naming, lang)
        english = hint_sentence(reason, naming, "en")
        if lang != "en":
            assert sentence != english, (lang, reason["kind"], sentence)  # translated, not the English fallback
        chosen = Suit.parse(reason["action"]) if naming else Card.parse(reason["action"])
        assert (suit_name(chosen, lang) if naming else chosen.label(lang)) in sentence
        if reason["samples"]:
            assert f"{reason['samples']}" in sentence and f"{reason['percent']}" in sentence
        named = [label for label in _unseen_labels(deal, lang) if label in sentence]
        assert not named, (reason["kind"], sentence, named)
        assert "{" not in sentence and "}" not in sentence


@pytest.mark.parametrize("lang", LANGS)
def test_counted_sentences_take_the_plural_form(lang):
    """A sentence that counts imagined deals is a plural message: one deal and several read differently."""
    for kind in ("only-keeps-you-in", "share"):
        reason = {"kind": kind, "action": "H", "percent": 100, "samples": 1, "other": "S", "other_percent": 0}
        one = hint_sentence(reason, True, lang)
        many = hint_sentence({**reason, "samples": 40, "percent": 5}, True, lang)
        message = REASONS[(kind, True)]
        values = {"suit": suit_name(Suit.HEARTS, lang), "percent": 100, "other": suit_name(Suit.SPADES, lang),
                  "other_percent": 0}
        assert one == translate_plural(lang, message.singular, message.plural, 1, **values)
        assert one != many and "40" in many
        if lang != "en":
            assert one != translate("en", message.singular, **values, count=1)


@pytest.mark.parametrize("lang", LANGS)
def test_the_play_pages_hint_is_the_strong_opponents_reasoning(lang):
    """The page's hint gives the kind, the numbers and the sentence of the strong opponent's reasoning."""
    for seed in range(30):
        view = new_game(Settings(seed=seed, seat=0))
        if sum(c["legal"] for c in view["choices"]) > 1:
            break
    advice = hint(view["record"], lang, samples=20)
    legal = [c["card"] for c in view["choices"] if c["legal"]]
    assert advice["action"] in legal and advice["other"] in legal
    assert advice["kind"] in ("share", "only-keeps-you-in") and advice["samples"] == 20
    assert advice["sentence"] == hint_sentence(advice, False, lang)
    assert Card.parse(advice["action"]).label(lang) in advice["sentence"]
    assert hint(view["record"], lang, samples=20) == advice  # deterministic
