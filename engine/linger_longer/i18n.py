"""The engine's words in the reader's language: one translation helper, English as the fallback.

Messages are English msgids of the ``linger_longer`` gettext domain. The
source catalogs are ``locales/<lang>/LC_MESSAGES/linger_longer.po``; the
compiled ``.mo`` files ship inside the package under ``locale/``. A language
without a catalog, a message without a translation, and a translation whose
placeholders differ from the English ones all give the English text, so a
broken catalog entry never breaks a sentence.

Wherever a number meets a noun, the message is a plural one
(:func:`translate_plural`, ``msgid_plural`` in the catalogs): gettext picks
the form with the catalog's ``Plural-Forms`` rule, English picks "1 card" /
"2 cards". The browser receives the finished sentence, never a form to pick.

>>> translate('en', '{player} wins the trick.', player='B')
'B wins the trick.'
>>> translate('fr', 'no such message {x}', x=1)
'no such message 1'
>>> [translate_plural('en', '{count} card in hand', '{count} cards in hand', n) for n in (0, 1, 2)]
['0 cards in hand', '1 card in hand', '2 cards in hand']
"""

from __future__ import annotations

import gettext
import string
from functools import lru_cache
from pathlib import Path

from .languages import CODES

__all__ = ["DOMAIN", "LOCALE_DIR", "N_", "Nn_", "Plural", "template", "translate", "translate_in_context",
           "translate_plural", "translate_plural_in_context", "translator"]

#: The gettext domain of the engine's sentences and the widgets' words.
DOMAIN = "linger_longer"
#: Where the compiled catalogs live inside the package.
LOCALE_DIR = Path(__file__).parent / "locale"


def N_(message: str) -> str:
    """Mark a message for extraction without translating it here."""
    return message


class Plural(tuple):
    """A plural message marked for extraction (:func:`Nn_`): the English singular and plural."""

    __slots__ = ()

    def __new__(cls, singular: str, plural: str) -> Plural:
        return super().__new__(cls, (singular, plural))

    @property
    def singular(self) -> str:
        return self[0]

    @property
    def plural(self) -> str:
        return self[1]


def Nn_(singular: str, plural: str) -> Plural:
    """Mark a plural message (``msgid`` and ``msgid_plural``) for extraction; translated where it is used."""
    return Plural(singular, plural)


@lru_cache(maxsize=None)
def translator(lang: str) -> gettext.NullTranslations:
    """The translations for ``lang`` (one of :data:`~linger_longer.languages.CODES`), English as fallback."""
    if lang not in CODES:
        raise ValueError(f"unknown language {lang!r}; known languages: {', '.join(CODES)}")
    return gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[lang], fallback=True)


def _placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def _usable(translated: str, english: str, may_omit: frozenset[str] = frozenset()) -> str:
    """The translation if it has the English placeholders (``may_omit`` aside), else the English message."""
    try:
        found, wanted = _placeholders(translated), _placeholders(english)
    except ValueError:  # an unbalanced brace in the translation
        return english
    return translated if found <= wanted and wanted - found <= may_omit else english


def template(lang: str, message: str) -> str:
    """The message in ``lang`` with its placeholders unfilled (for widgets that fill them later)."""
    return _usable(translator(lang).gettext(message), message)


def translate(lang: str, message: str, **values: object) -> str:
    """The message in ``lang`` with its placeholders filled."""
    return template(lang, message).format(**values)


def translate_in_context(lang: str, context: str, message: str, **values: object) -> str:
    """As :func:`translate`, for a message that has a gettext context (``msgctxt``)."""
    return _usable(translator(lang).pgettext(context, message), message).format(**values)


_COUNT = frozenset({"count"})


def _plural_form(translated: str, singular: str, plural: str, n: int) -> str:
    """The chosen form if usable; else the English form for ``n``.

    A form may leave out ``{count}`` ("une carte", "one card"), nothing else: a
    form that drops another placeholder, or that the catalog lacks (gettext
    then returns the English), gives the English sentence for ``n``.
    """
    english = singular if n == 1 else plural
    if translated in (singular, plural):  # no translation: gettext gave the English back
        return english
    return translated if _usable(translated, plural, may_omit=_COUNT) == translated else english


def translate_plural(lang: str, singular: str, plural: str, n: int, **values: object) -> str:
    """The message for the number ``n`` in ``lang``, in the plural form its rule picks; ``n`` fills ``{count}``.

    Other placeholders come from ``values`` (a value named ``count`` there wins).
    """
    translated = translator(lang).ngettext(singular, plural, n)
    return _plural_form(translated, singular, plural, n).format(**{"count": n, **values})


def translate_plural_in_context(lang: str, context: str, singular: str, plural: str, n: int,
                                **values: object) -> str:
    """As :func:`translate_plural`, for a plural message that has a gettext context (``msgctxt``)."""
    translated = translator(lang).npgettext(context, singular, plural, n)
    return _plural_form(translated, singular, plural, n).format(**{"count": n, **values})
