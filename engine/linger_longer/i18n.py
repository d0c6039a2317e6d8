"""The engine's words in the reader's language: one translation helper, English as the fallback.

Messages are English msgids of the ``linger_longer`` gettext domain. The
source catalogs are ``locales/<lang>/LC_MESSAGES/linger_longer.po``; the
compiled ``.mo`` files ship inside the package under ``locale/``. A language
without a catalog, a message without a translation, and a translation whose
placeholders differ from the English ones all give the English text, so a
broken catalog entry never breaks a sentence.

>>> translate('en', '{player} wins the trick.', player='B')
'B wins the trick.'
>>> translate('fr', 'no such message {x}', x=1)
'no such message 1'
"""

from __future__ import annotations

import gettext
import string
from functools import lru_cache
from pathlib import Path

from .cards import LANGUAGES

__all__ = ["DOMAIN", "LOCALE_DIR", "N_", "template", "translate", "translate_in_context", "translator"]

#: The gettext domain of the engine's sentences and the widgets' words.
DOMAIN = "linger_longer"
#: Where the compiled catalogs live inside the package.
LOCALE_DIR = Path(__file__).parent / "locale"


def N_(message: str) -> str:
    """Mark a message for extraction without translating it here."""
    return message


@lru_cache(maxsize=None)
def translator(lang: str) -> gettext.NullTranslations:
    """The translations for ``lang`` (one of :data:`~linger_longer.cards.LANGUAGES`), English as fallback."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; known languages: {', '.join(LANGUAGES)}")
    return gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[lang], fallback=True)


def _placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def _usable(translated: str, english: str) -> str:
    """The translation if it has the English placeholders, else the English message."""
    try:
        return translated if _placeholders(translated) == _placeholders(english) else english
    except ValueError:  # an unbalanced brace in the translation
        return english


def template(lang: str, message: str) -> str:
    """The message in ``lang`` with its placeholders unfilled (for widgets that fill them later)."""
    return _usable(translator(lang).gettext(message), message)


def translate(lang: str, message: str, **values: object) -> str:
    """The message in ``lang`` with its placeholders filled."""
    return template(lang, message).format(**values)


def translate_in_context(lang: str, context: str, message: str, **values: object) -> str:
    """As :func:`translate`, for a message that has a gettext context (``msgctxt``)."""
    return _usable(translator(lang).pgettext(context, message), message).format(**values)
