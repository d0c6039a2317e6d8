"""A reader's own value, quoted in a refusal, is cut to a readable length (the Play page and the command line).

>>> shortened("x" * 100)[-3:], len(shortened("x" * 100))
('xx…', 60)
>>> shorten_quoted("unknown profile 'abcdef'")
"unknown profile 'abcdef'"
>>> len(shorten_quoted("invalid int value: '" + "9" * 5000 + "'"))
81
>>> shorten_quoted("7" * 300 + " players: the game is for 3 to 6 players")[55:]
'7777… players: the game is for 3 to 6 players'

"""

from __future__ import annotations

import re

__all__ = ["MAX_QUOTED", "shorten_quoted", "shortened"]

#: The longest text of a reader's own value that a refusal quotes (a longer one is cut, with "…").
MAX_QUOTED = 60

_QUOTED = re.compile(r"'([^']{%d,})'|\"([^\"]{%d,})\"|(?<![\w.])([-+]?\d{%d,})(?![\w.])" % ((MAX_QUOTED + 1,) * 3))


def shortened(value: object) -> object:
    """A text longer than :data:`MAX_QUOTED` characters cut to that length, ending with "…"."""
    if isinstance(value, str) and len(value) > MAX_QUOTED:
        return value[:MAX_QUOTED - 1] + "…"
    return value


def shorten_quoted(message: str) -> str:
    """``message`` with every quoted value, and every bare number, longer than :data:`MAX_QUOTED` characters
    cut (argparse and the rules echo the value they refuse, however long it is; a file's path is kept)."""

    def cut(match: re.Match[str]) -> str:
        if match.group(3):
            return str(shortened(match.group(3)))
        quote = match.group(0)[0]
        return f"{quote}{shortened(match.group(1) or match.group(2))}{quote}"

    return _QUOTED.sub(cut, message)
