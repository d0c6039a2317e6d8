"""The languages of the project: one entry each, read by everything that needs one.

The engine reads the rank letters (card notation) and the codes (narration),
the site's Sphinx extensions the native names (the language switcher, the
translation status page), the build tools the codes (one Sphinx build each),
the translation gate the hunspell dictionaries and the plural rule that every
catalog's header must carry, the noxfile the Debian packages of those
dictionaries, and the site's JavaScript the codes, from a data attribute the
build writes. English is the source language: the pages are written in it,
the other languages come from gettext catalogs (``locales/<code>/``).

Adding a language is one more :class:`Language` in :data:`LANGUAGES`; then
``nox -s locales -- -l <code>`` creates its catalogs, its termbase column and
its spelling word list (the translators page, "Adding a language").

This module uses the standard library only and imports nothing from the
package, so the noxfile can read it as a file, without installing the engine.

>>> [language.code for language in LANGUAGES]
['en', 'fr', 'it', 'nl']
>>> language('fr').name, language('nl').rank_letters
('Français', 'AHVB')
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["CODES", "LANGUAGES", "SOURCE", "TRANSLATED", "Language", "language"]


@dataclass(frozen=True)
class Language:
    """One language of the site and the engine's narration."""

    #: ISO 639-1 code: the folder of the built site and of the catalogs (``locales/fr``).
    code: str
    #: The language's name in that language, as the language switcher shows it.
    name: str
    #: The letters a reader of the language writes for the ace, king, queen and jack, in that order.
    rank_letters: str
    #: One sentence in the language, under its name on the site's root page (the language chooser).
    tagline: str
    #: The catalogs' ``Plural-Forms`` header: gettext's classic rule for the language (two forms for
    #: French and Italian, not CLDR's three: the third, for round millions, never occurs in a card game).
    plural_forms: str
    #: The hunspell dictionary that spell-checks the translations (None for the source language).
    hunspell: str | None = None
    #: The Debian package that installs that dictionary.
    hunspell_package: str | None = None
    #: The one apostrophe the translations use (``’`` or ``'``), checked by the translation gate.
    apostrophe: str = "’"
    #: What stands between a number and ``%``: ``""`` ("95%") or a no-break space ("95 %").
    percent_space: str = ""
    #: The decimal sign: "2.5" or "2,5".
    decimal_sign: str = "."
    #: What groups the thousands: "10,000", "10.000" or, with a no-break space, "10 000".
    thousands_separator: str = ","
    #: French spacing: a no-break space before ``: ; ! ?`` and inside ``« »``.
    no_break_punctuation: bool = False
    #: The quotation marks, opening and closing, that the site puts around a page or section title named
    #: in a sentence ("Read “How to play” first"), spaces included.
    quotes: tuple[str, str] = ("“", "”")


LANGUAGES: tuple[Language, ...] = (
    Language("en", "English", "AKQJ", "The rules of the card game, in English.",
             "nplurals=2; plural=(n != 1);"),
    Language("fr", "Français", "ARDV", "Les règles du jeu de cartes, en français.",
             "nplurals=2; plural=(n > 1);",
             "fr_FR", "hunspell-fr", percent_space="\u00a0", no_break_punctuation=True, decimal_sign=",",
             thousands_separator="\u00a0", quotes=("«\u00a0", "\u00a0»")),
    Language("it", "Italiano", "AKQJ", "Le regole del gioco di carte, in italiano.",
             "nplurals=2; plural=(n != 1);",
             "it_IT", "hunspell-it", decimal_sign=",", thousands_separator=".", quotes=("«", "»")),
    Language("nl", "Nederlands", "AHVB", "De spelregels van het kaartspel, in het Nederlands.",
             "nplurals=2; plural=(n != 1);",
             "nl_NL", "hunspell-nl", apostrophe="'", decimal_sign=",", thousands_separator=".",
             quotes=("“", "”")),
)
"""Every language, in the order the language switcher lists them; the source language first."""

#: The source language: the pages and the engine's messages are written in it.
SOURCE = LANGUAGES[0].code
#: Every language's code, in the switcher's order.
CODES: tuple[str, ...] = tuple(lang.code for lang in LANGUAGES)
#: The codes of the languages translated from the source (those with catalogs in ``locales/``).
TRANSLATED: tuple[str, ...] = tuple(code for code in CODES if code != SOURCE)

_BY_CODE = {lang.code: lang for lang in LANGUAGES}


def language(code: str) -> Language:
    """The language with this code; a ``KeyError`` naming the known codes otherwise."""
    try:
        return _BY_CODE[code]
    except KeyError:
        raise KeyError(f"unknown language {code!r}; known languages: {', '.join(CODES)}") from None
