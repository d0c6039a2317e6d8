"""The one error of the Play page's bridge: a request the game cannot carry out, told in the reader's language."""

from __future__ import annotations

from ..i18n import translate

__all__ = ["PlayError"]


class PlayError(ValueError):
    """A request the game cannot carry out; the message is an English msgid with values, translated on output."""

    def __init__(self, message: str, **values: object) -> None:
        self.msgid = message
        self.values = values
        super().__init__(message.format(**values))

    def text(self, lang: str) -> str:
        """The message in ``lang``."""
        return translate(lang, self.msgid, **self.values)
