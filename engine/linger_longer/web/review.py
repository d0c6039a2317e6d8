"""Reviewing a finished deal of the Play page: any position of it, every hand face up, with the analysis.

Once a deal is over every card has been shown, so the review shows each position of the
deal (0 is the deal as dealt, the last is the end) with all hands face up, the action
that led to it in words, and, when asked, the walkthroughs' analysis of the player to
act's choices there (:func:`linger_longer.web.analysis.analysis`, on the deal exported as
a worked example). It is read-only: the cards are drawn but never offered, and a deal
still in play is refused, so the review can neither reveal a hidden card nor re-enter a
deal.

>>> from .record import Game
>>> from .settings import Settings
>>> game = Game(Settings(players=3, seed=4, seat=0))
>>> while not game.current.deal.is_over:
...     game.apply(game.current.deal.legal_plays()[0])
>>> start = review(game.record(), 0, True, "en")
>>> start["at"], start["total"] == len(game.current.actions), start["position"]
(0, True, 'Starting position')
>>> all(mark["value"] in ("wins", "loses", "unknown") for mark in start["analysis"]["marks"])
True
"""

from __future__ import annotations

from typing import Any, Mapping

from ..game import Deal
from ..i18n import N_, translate
from ..narrate import EVERYONE, Narrator
from .analysis import analysis
from .errors import PlayError
from .export import export_toml
from .labels import LABELS, PLAY_LABELS
from .record import load_game, parse_action
from .render import render_step_html
from .table import TrickTable, hand_choices, table_view

__all__ = ["review"]


def _position(at: int, total: int, lang: str) -> str:
    """Where the review stands, in the walkthroughs' words: the starting position, or step ``at`` of ``total``."""
    if at == 0:
        return translate(lang, LABELS["start"])
    return translate(lang, LABELS["step"], current=at, total=total)


def review(record: Mapping[str, Any] | str, at: int, analysed: bool, lang: str) -> dict[str, Any]:
    """Position ``at`` (0 to the number of actions) of the current, finished deal of ``record``, every hand shown.

    Returns ``at``, ``total``, ``position`` (in words), ``said`` (the sentences of the action that led
    there), ``html`` (the table, its choices drawn but disabled) and ``analysis`` (the analysis's
    answer when ``analysed``, else None).
    """
    game = load_game(record)
    played = game.current
    if not played.deal.is_over:  # a deal in play keeps its hidden cards hidden
        raise PlayError(N_("The deal is still in play: it can be reviewed once it is over."))
    total = len(played.actions)
    if isinstance(at, bool) or not isinstance(at, int) or not 0 <= at <= total:
        raise PlayError(N_("review: {value!r} is not a position from 0 to {total}."), value=at, total=total)
    deal = Deal.new(game.settings.rules, game.settings.players, seed=played.seed, dealer=played.dealer,
                    names=played.deal.names)
    trick = TrickTable()
    narrator = Narrator(lang, deal.names, None, viewer=EVERYONE)  # the deal is over: nothing is hidden
    said = narrator.narrate(played.setup)
    for code in played.actions[:at]:
        events = deal.apply(parse_action(code))
        trick.see(events)
        said = narrator.narrate(events)
    names = list(deal.names)
    human = game.settings.seat
    names[human] = translate(lang, PLAY_LABELS["your_seat"], seat=names[human])
    choices = hand_choices(deal, lang) if not deal.is_over and deal.to_act is not None else []
    html = render_step_html({"table": table_view(deal, trick, viewer=EVERYONE), "choices": choices}, lang,
                            f"review-{played.index}-{at}", names, bottom=human)
    return {
        "at": at,
        "total": total,
        "position": _position(at, total, lang),
        "said": said,
        "html": html,
        "analysis": analysis(export_toml(record), lang, at, answered=True) if analysed else None,
    }
