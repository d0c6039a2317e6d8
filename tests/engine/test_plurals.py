"""Counts read right in every language: the plural form for 0, 1 and 2, from the compiled catalogs.

The engine picks the form with each catalog's ``Plural-Forms`` rule (French
puts 0 with 1; English, Italian and Dutch put it with the plural); the
browser receives the finished words.
"""

from __future__ import annotations

import pytest

from linger_longer.i18n import translate_plural
from linger_longer.web.labels import COUNTED, counted

EXPECTED = {
    "en": ["0 cards in hand", "1 card in hand", "2 cards in hand"],
    "fr": ["0 carte en main", "1 carte en main", "2 cartes en main"],
    "it": ["0 carte in mano", "1 carta in mano", "2 carte in mano"],
    "nl": ["0 kaarten in de hand", "1 kaart in de hand", "2 kaarten in de hand"],
}


@pytest.mark.parametrize("lang", sorted(EXPECTED))
def test_cards_in_hand_for_0_1_and_2(lang: str) -> None:
    assert [counted(lang, "cards_in_hand", n) for n in (0, 1, 2)] == EXPECTED[lang]


@pytest.mark.parametrize("lang", sorted(EXPECTED))
def test_every_counted_label_has_its_forms_in_every_language(lang: str) -> None:
    """Each plural label is translated (not the English) in fr, it, nl, and its forms differ between 1 and 2."""
    for key, message in COUNTED.items():
        one, two = counted(lang, key, 1, player="B", total=36), counted(lang, key, 2, player="B", total=36)
        assert "1" in one and "2" in two, (lang, key)
        if lang != "en":
            assert one != message.singular.format(count=1, player="B", total=36), (lang, key)


def test_the_trick_count_reads_right() -> None:
    assert counted("it", "outcome_tricks", 1, player="C") == "C vince dopo 1 presa."
    assert counted("fr", "outcome_tricks", 0, player="C") == "C gagne après 0 pli."
    assert counted("nl", "outcome_tricks", 2, player="C") == "C wint na 2 slagen."


def test_a_broken_plural_form_falls_back_to_english(monkeypatch: pytest.MonkeyPatch) -> None:
    """A form that drops a placeholder other than {count} gives the English sentence for that number."""
    import gettext

    from linger_longer import i18n

    class Broken(gettext.NullTranslations):
        def ngettext(self, singular: str, plural: str, n: int) -> str:
            return "{count} slag" if n == 1 else "gewonnen na {count} slagen"

    monkeypatch.setattr(i18n, "translator", lambda lang: Broken())
    singular, plural = "{player} wins after {count} trick.", "{player} wins after {count} tricks."
    assert translate_plural("nl", singular, plural, 2, player="B") == "B wins after 2 tricks."
    assert translate_plural("nl", singular, plural, 1, player="B") == "B wins after 1 trick."
