"""Whole games played under CPython, for comparison with what the browser and Pyodide play."""

from __future__ import annotations

from linger_longer.web.play import Settings, new_game, next_deal, play


def cpython_game(settings: Settings, lang: str) -> dict:
    """Play a game (every deal of a match) in which the human always chooses their first legal action."""
    view = new_game(settings, lang)
    while True:
        if view["deal"]["over"]:
            if not view["can_next"]:
                break
            view = next_deal(view["record"], lang)
            continue
        action = view["suits"][0]["suit"] if view["name_trump"] else next(c["card"] for c in view["choices"] if c["legal"])
        view = play(view["record"], action, lang)
    return {"record": view["record"], "log": view["log"], "score": view["score"], "html": view["html"]}
