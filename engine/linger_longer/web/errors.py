"""The one error of the Play page's bridge: a request the game cannot carry out, told in the reader's language."""

from __future__ import annotations

from ..i18n import translate

__all__ = ["MAX_QUOTED", "PlayError"]


#: The longest text of a reader's own value that a refusal quotes (a longer one is cut, with "…").
MAX_QUOTED = 60


class PlayError(ValueError):
    """A request the game cannot carry out; the message is an English msgid with values, translated on output.

    The reader's own values (``value``, ``keys``) are quoted at most :data:`MAX_QUOTED` characters long.
    """

    def __init__(self, message: str, **values: object) -> None:
        self.msgid = message
        self.values = {key: _shortened(value) if key in ("value", "keys") else value for key, value in values.items()}
        super().__init__(message.format(**self.values))

    def text(self, lang: str) -> str:
        """The message in ``lang``."""
        return translate(lang, self.msgid, **self.values)


def _shortened(value: object) -> object:
    """A text longer than :data:`MAX_QUOTED` characters cut to that length, ending with "…"."""
    if isinstance(value, str) and len(value) > MAX_QUOTED:
        return value[:MAX_QUOTED - 1] + "…"
    return value
