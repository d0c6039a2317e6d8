"""The one error of the Play page's bridge: a request the game cannot carry out, told in the reader's language."""

from __future__ import annotations

from ..i18n import translate
from ..quote import MAX_QUOTED, shortened

__all__ = ["MAX_QUOTED", "PlayError"]


class PlayError(ValueError):
    """A request the game cannot carry out; the message is an English msgid with values, translated on output.

    The reader's own values (``value``, ``keys``) are quoted at most :data:`MAX_QUOTED` characters long.
    ``clause`` names the rule that forbids the request (:mod:`linger_longer.clauses`), if a rule does.
    """

    def __init__(self, message: str, clause: str | None = None, **values: object) -> None:
        self.msgid = message
        self.clause = clause
        self.values = {key: shortened(value) if key in ("value", "keys") else value for key, value in values.items()}
        super().__init__(message.format(**self.values))

    def text(self, lang: str) -> str:
        """The message in ``lang``."""
        return translate(lang, self.msgid, **self.values)
