"""A deal of the Play page as a worked-example file (TOML), which ``python -m linger_longer replay`` accepts."""

from __future__ import annotations

import json
from typing import Any, Mapping

from .record import load_game
from .settings import encode_query

__all__ = ["export", "export_toml"]


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


def export(record: Mapping[str, Any] | str) -> dict[str, str]:
    """The current deal as a worked example: ``{"toml": ..., "filename": ...}`` (the page offers it for download)."""
    game = load_game(record)
    return {"toml": export_toml(record), "filename": f"play-{game.settings.seed}-deal-{len(game.deals)}.toml"}
