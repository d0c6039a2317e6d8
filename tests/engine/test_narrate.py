"""Narration in four languages through the engine's gettext catalogs."""

import io

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from helpers import play, position
from linger_longer import Card, CardDrawn, i18n, narrate
from linger_longer.languages import CODES, TRANSLATED
from linger_longer.events import TrumpTurned
from linger_longer.web.labels import labels

HANDS = {"A": "KC 7S", "B": "3C QD", "C": "2H", "D": "AC 5S"}


def example_sentences(lang: str) -> list[str]:
    deal = position("last-card", hands=HANDS, stock="9D 4S 8C")
    events = [TrumpTurned(Card.parse("5H"), 3)] + play(deal, "KC", "3C", "2H", "AC")
    return narrate.narrate(events, lang, deal.names, viewer=narrate.EVERYONE)


@pytest.mark.parametrize("lang, words", [
    ("fr", ["cœur", "R♣"]), ("it", ["cuori", "K♣"]), ("nl", ["harten", "H♣"]), ("en", ["hearts", "K♣"]),
])
def test_narration_in_each_language(lang, words):
    """Events are told in the reader's language, with that language's card notation."""
    text = " ".join(example_sentences(lang))
    for word in words:
        assert word in text
    if lang != "en":
        assert example_sentences(lang) != example_sentences("en")


@pytest.mark.parametrize("lang, name", [
    ("en", "king of clubs"), ("fr", "roi de trèfle"), ("it", "re di fiori"), ("nl", "heer van klaveren"),
])
def test_card_names_in_words(lang, name):
    """Cards are named in words for screen readers, in each language."""
    assert narrate.card_name(Card.parse("KC"), lang).replace(" ", "").lower() == name.replace(" ", "")


def test_every_widget_label_is_translated():
    """The widget's words come from the catalogs: none is left in English in a translated language."""
    english = labels("en")
    same_word = {"nl": {"hand"}}  # Dutch "hand" is the English word too
    for lang in TRANSLATED:
        same = [key for key, text in labels(lang).items()
                if text == english[key] and key not in same_word.get(lang, set())]
        assert not same, f"{lang}: untranslated widget words {same}"


def test_broken_translation_falls_back_to_english(monkeypatch):
    """A translation whose placeholders are broken is not used: that entry shows in English."""
    catalog = Catalog(locale="fr", domain="linger_longer")
    catalog.add("{player} wins the trick.", "{joueur} remporte le pli.")  # a renamed placeholder
    catalog.add("{player} leads {card}.", "{player} entame {card}.")
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    import gettext

    translations = gettext.GNUTranslations(buffer)
    monkeypatch.setattr(i18n, "translator", lambda lang: translations)
    sentences = example_sentences("fr")
    assert "A entame R♣." in sentences
    assert "C wins the trick." in sentences


def test_unknown_language_is_an_error():
    """Only the project's languages (linger_longer.languages) are known."""
    with pytest.raises(ValueError, match="unknown language 'de'"):
        i18n.translator("de")


@pytest.mark.parametrize("lang, hidden", [
    ("en", "D draws a card from the stock."), ("fr", "D pioche une carte dans le talon."),
    ("it", "D pesca una carta dal tallone."), ("nl", "D trekt een kaart van de stok."),
])
def test_a_seat_hears_only_the_cards_it_sees(lang, hidden):
    """Told to seat A, another player's draw is "a card", A's own draw is named, and so is a card every player
    has seen (the turned card at the bottom of the stock); told to everyone, every card is named."""
    names = ("A", "B", "C", "D")
    turned, own, secret = Card.parse("5H"), Card.parse("9D"), Card.parse("4S")
    events = [TrumpTurned(turned, None), CardDrawn(0, own), CardDrawn(3, secret), CardDrawn(2, turned)]
    for_a = narrate.narrate(events, lang, names, viewer=0)
    assert for_a[2] == hidden and secret.label(lang) not in " ".join(for_a)
    assert own.label(lang) in for_a[1] and turned.label(lang) in for_a[3]
    for_all = narrate.narrate(events, lang, names, viewer=narrate.EVERYONE)
    assert secret.label(lang) in for_all[2] and for_all[:2] == for_a[:2]


def test_narration_without_a_viewer_is_an_error():
    """Whom a narration speaks to is always said: leaving it out does not narrate for everyone."""
    with pytest.raises(TypeError, match="viewer"):
        narrate.Narrator("en", ("A", "B", "C"))
    with pytest.raises(TypeError, match="viewer"):
        narrate.narrate([], "en", ("A", "B", "C"))
