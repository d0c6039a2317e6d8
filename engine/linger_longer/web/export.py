"""A deal of the Play page as a file: the whole deal as a worked example (TOML, which ``python -m linger_longer
replay`` accepts), or, while the deal is on, only what the human's seat has seen of it.

The whole deal names its seed, and the seed tells every hand and the stock's order: while the deal
is on, the page exports it only when the reader confirms that they want the deal revealed.
"""

from __future__ import annotations

import json
from typing import Any, Mapping

from ..i18n import N_
from ..narrate import Narrator
from .errors import PlayError
from .record import load_game
from .settings import encode_query

__all__ = ["SCOPES", "export", "export_toml", "seen_toml"]

#: What an export holds: the whole deal, or only what the human's seat has seen of it.
SCOPES = ("whole", "seen")


def _toml_string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)  # a JSON string is a valid TOML basic string


def export_toml(record: Mapping[str, Any] | str, deal_number: int | None = None) -> str:
    """A deal of the game as a worked-example file (``python -m linger_longer replay FILE`` accepts it).

    The start is the deal's seed and dealer; every action is a step with ``by``; a finished deal
    expects its winner.
    """
    game = load_game(record)
    index, played = game.deal_at(deal_number)
    settings = game.settings
    names = list(played.deal.names)
    lines = [
        f"title = {_toml_string(f'Deal {index + 1} played on the Play page (seed {settings.seed})')}",
        f"profile = {_toml_string(settings.profile)}",
        "variants = [" + ", ".join(_toml_string(v) for v in settings.variants) + "]",
        "players = [" + ", ".join(_toml_string(n) for n in names) + "]",
        f"dealer = {_toml_string(names[played.dealer])}",
        f"summary = {_toml_string('Play page: ' + encode_query(settings))}",
        "",
        "[start]",
        f"seed = {played.seed}",
    ]
    for code, seat in zip(played.actions, played.seats):
        key = "name_trump" if len(code) == 1 else "play"
        lines += ["", "[[step]]", f"{key} = {_toml_string(code)}", f"by = {_toml_string(names[seat])}"]
    outcome = played.deal.outcome
    if outcome is not None:
        lines += ["", "[expect]", f"winner = {_toml_string(names[outcome.winner])}",
                  f"reason = {_toml_string(outcome.reason.value)}"]
    return "\n".join(lines) + "\n"


def seen_toml(record: Mapping[str, Any] | str) -> str:
    """What the human's seat has seen of the current deal: its cards played, its own hand and draws, the log.

    No seed and no other hand: the file cannot be replayed, and tells nothing a player at that seat does not know.
    """
    game = load_game(record)
    played = game.current
    deal = played.deal
    human = game.settings.seat
    names = list(deal.names)
    narrator = Narrator("en", names, None, viewer=human)
    log = narrator.narrate(played.setup)
    for events in played.events:
        log.extend(narrator.narrate(events))
    hand = sorted(deal.hand(human), key=lambda card: (card.suit.value, card.rank))
    lines = [
        "# What seat " + names[human] + " has seen of a deal still in play. The deal's seed and the other",
        "# hands are left out, so this file cannot be replayed; export again once the deal is over.",
        f"title = {_toml_string(f'Deal {played.index + 1} played on the Play page, as seat {names[human]} saw it')}",
        f"profile = {_toml_string(game.settings.profile)}",
        "variants = [" + ", ".join(_toml_string(v) for v in game.settings.variants) + "]",
        "players = [" + ", ".join(_toml_string(n) for n in names) + "]",
        f"dealer = {_toml_string(names[played.dealer])}",
        f"seat = {_toml_string(names[human])}",
        "hand = [" + ", ".join(_toml_string(card.code) for card in hand) + "]",
        "actions = [" + ", ".join(_toml_string(code) for code in played.actions) + "]",
        "seen = [",
        *(f"  {_toml_string(sentence)}," for sentence in log),
        "]",
    ]
    return "\n".join(lines) + "\n"


def export(record: Mapping[str, Any] | str, scope: str = "whole") -> dict[str, str]:
    """The current deal as a file: ``{"toml": ..., "filename": ...}`` (the page offers it for download).

    ``scope`` "whole" is the worked example of the whole deal; "seen" is what the human's seat has seen
    (:func:`seen_toml`), the same as "whole" once the deal is over and every card has been shown.
    """
    if scope not in SCOPES:
        raise PlayError(N_("export: {value!r} is not one of {known}."), value=scope, known=", ".join(SCOPES))
    game = load_game(record)
    number = len(game.deals)
    if scope == "seen" and not game.current.deal.is_over:
        return {"toml": seen_toml(record), "filename": f"play-deal-{number}-seen.toml", "scope": "seen"}
    return {"toml": export_toml(record), "filename": f"play-{game.settings.seed}-deal-{number}.toml", "scope": "whole"}
