"""The Play page's bridge: a deal or a match against computer opponents, as JSON in and out.

The page's worker (Pyodide) calls :func:`answer_json` with the name of a
request and its arguments; the tests (CPython) call the same functions
directly. Every request but ``decode-query`` takes the game's record (see
:mod:`linger_longer.web.record`), as JSON text or data.

>>> import json
>>> view = json.loads(answer_json("new-game", "en", {"players": 4, "seed": 5}))
>>> view["deal"]["number"]
1
>>> json.loads(answer_json("undo", "en", view["record"]))["error"]
'Nothing to undo: you have not played a card in this deal yet.'
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from ..clauses import clause
from ..i18n import template
from .compare import compare
from .errors import PlayError
from .export import export, export_toml
from .hint import HINT_SAMPLES, hint
from .json_text import json_text
from .labels import PLAY_LABELS, play_labels
from .record import MONTE_CARLO_SAMPLES
from .review import review
from .rule_links import READ_THE_RULE
from .settings import (
    MODES,
    OTHER_VARIANT_NAMES,
    QUERY_KEYS,
    STRENGTHS,
    TRUMP_VARIANT_NAMES,
    Settings,
    decode_query,
    encode_query,
)
from .views import computer_move, computer_moves, new_game, next_deal, play, play_card, state, undo

__all__ = [
    "HINT_SAMPLES", "MODES", "MONTE_CARLO_SAMPLES", "OTHER_VARIANT_NAMES", "PLAY_LABELS", "QUERY_KEYS", "REQUESTS",
    "STRENGTHS", "TRUMP_VARIANT_NAMES", "PlayError", "Settings", "answer_json", "compare", "decode_query",
    "computer_move", "computer_moves", "encode_query", "export", "export_toml", "hint", "new_game", "next_deal", "play", "play_card",
    "play_labels", "review", "state", "undo",
]


def _settings_of_query(query: str, default_seed: int, lang: str) -> dict[str, Any]:
    """The settings a URL query describes (the page draws ``default_seed`` for a query without one)."""
    return decode_query(query, default_seed).to_json()


def _export(record: Mapping[str, Any] | str, scope: str, lang: str) -> dict[str, str]:
    return export(record, scope)


#: The page's requests by name: each takes its arguments (the record first) and the language last.
REQUESTS: dict[str, Callable[..., Any]] = {
    "decode-query": _settings_of_query,
    "new-game": new_game,
    "state": state,
    "play": play,
    "play-card": play_card,
    "computer-move": computer_move,
    "computer-moves": computer_moves,
    "undo": undo,
    "next-deal": next_deal,
    "hint": hint,
    "export": _export,
    "compare": compare,
    "review": review,
}


def answer_json(request: str, lang: str, *args: Any) -> str:
    """Answer one request of the page as JSON text: its result, or ``{"error": ...}`` in ``lang``.

    A request the game refuses (a :class:`PlayError`) is an answer, not a failure; an unknown
    request is a programming error and raises.
    """
    try:
        function = REQUESTS[request]
    except KeyError:
        raise ValueError(f"unknown Play request {request!r}; known: {', '.join(REQUESTS)}") from None
    try:
        result = function(*args, lang)
    except PlayError as error:
        result = {"error": error.text(lang)}
        if error.clause is not None:  # the rule that forbids it, on its page in the reader's language
            result["rule"] = clause(error.clause).href
            result["read_rule"] = template(lang, READ_THE_RULE)
    return json_text(result)
