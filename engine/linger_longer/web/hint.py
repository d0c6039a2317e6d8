"""A hint for the Play page: the card (or suit) the strong opponent would choose in the human's place, and why.

The reasoning is the strong opponent's own (:func:`linger_longer.bots.hint_reasoning`):
exact when counting settles every card the seat cannot see, else from deals
imagined consistently with what the seat has seen. So the hint tells nothing the
seat has not seen, and its sentence names only the human's own cards (the
choice and the next best one) or suits.

Each kind of reason is one sentence in the reader's language; a sentence with
a number of imagined deals is a plural message.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..bots import hint_reasoning
from ..cards import Card, Suit
from ..game import Phase
from ..i18n import N_, Nn_, Plural, translate, translate_plural
from ..narrate import card_name, suit_name
from .errors import PlayError
from .record import bot_seed, load_game

__all__ = ["HINT_SAMPLES", "REASONS", "hint", "hint_sentence"]

#: Imagined deals behind a hint (at most: the strong opponent stops when its search budget is spent).
HINT_SAMPLES = 60

#: The sentence of each kind of reason, for a card and for a suit to name as trump (a plural message
#: when it counts imagined deals). ``{card}``/``{suit}`` is the choice, ``{other}`` the next best one.
#: (Naming trump always offers the four suits, so it is never the only legal choice.)
REASONS: dict[tuple[str, bool], str | Plural] = {
    ("only-legal", False): N_("{card} is the only card you may play."),
    ("exact-only-win", False): N_("Every card is known by counting: {card} is the only card that wins the "
                                  "deal with best play."),
    ("exact-only-win", True): N_("Every card is known by counting: naming {suit} is the only way to win the "
                                 "deal with best play."),
    ("exact-win", False): N_("Every card is known by counting: {card} wins the deal with best play."),
    ("exact-win", True): N_("Every card is known by counting: naming {suit} wins the deal with best play."),
    ("exact-no-win", False): N_("Every card is known by counting: no card wins the deal with best play; "
                                "{card} keeps you in longest."),
    ("exact-no-win", True): N_("Every card is known by counting: no suit wins the deal with best play; "
                               "naming {suit} keeps you in longest."),
    ("only-keeps-you-in", False): Nn_(
        "{card} won the deal in {percent}% of {count} sampled deal; no other card won any.",
        "{card} won the deal in {percent}% of {count} sampled deals; no other card won any."),
    ("only-keeps-you-in", True): Nn_(
        "Name {suit}: it won the deal in {percent}% of {count} sampled deal; no other suit won any.",
        "Name {suit}: it won the deal in {percent}% of {count} sampled deals; no other suit won any."),
    ("share", False): Nn_(
        "{card} won the deal in {percent}% of {count} sampled deal; the next best card, {other}, won "
        "{other_percent}%.",
        "{card} won the deal in {percent}% of {count} sampled deals; the next best card, {other}, won "
        "{other_percent}%."),
    ("share", True): Nn_(
        "Name {suit}: it won the deal in {percent}% of {count} sampled deal; the next best suit, {other}, "
        "won {other_percent}%.",
        "Name {suit}: it won the deal in {percent}% of {count} sampled deals; the next best suit, {other}, "
        "won {other_percent}%."),
}


def _parse(code: str | None, naming: bool) -> Card | Suit | None:
    if code is None:
        return None
    return Suit.parse(code) if naming else Card.parse(code)


def _shown(action: Card | Suit | None, lang: str) -> str:
    """A choice as the sentence shows it: the card's label in the reader's rank letters, or the suit's name."""
    if action is None:
        return ""
    return suit_name(action, lang) if isinstance(action, Suit) else action.label(lang)


def _spoken(action: Card | Suit | None, lang: str) -> str:
    """A choice in words, for screen readers: the card's name (``seven of clubs``) or the suit's."""
    if action is None:
        return ""
    return suit_name(action, lang) if isinstance(action, Suit) else card_name(action, lang)


def hint_sentence(reason: Mapping[str, Any], naming: bool, lang: str) -> str:
    """The reason of :func:`~linger_longer.bots.hint_reasoning` as one sentence in ``lang``."""
    message = REASONS[(reason["kind"], naming)]
    chosen = _shown(_parse(reason["action"], naming), lang)
    values = {"suit" if naming else "card": chosen, "percent": reason["percent"],
              "other": _shown(_parse(reason["other"], naming), lang), "other_percent": reason["other_percent"]}
    if isinstance(message, Plural):
        return translate_plural(lang, message.singular, message.plural, reason["samples"], **values)
    return translate(lang, message, **values)


def hint(record: Mapping[str, Any] | str, lang: str = "en", samples: int = HINT_SAMPLES) -> dict[str, Any]:
    """The card (or suit) the strong opponent would choose in the human's place, and why, in one sentence."""
    game = load_game(record)
    played = game.current
    deal = played.deal
    if deal.is_over:
        raise PlayError(N_("The deal is over."))
    if deal.to_act != game.settings.seat:
        raise PlayError(N_("It is not your turn."))
    seed = bot_seed(game.settings.seed, played.index, len(played.actions), salt=7)
    reason = hint_reasoning(deal.view(deal.to_act), seed=seed, samples=samples)
    naming = deal.phase is Phase.NAME_TRUMP
    choice = _parse(reason["action"], naming)
    return {
        "action": reason["action"],
        "name": _spoken(choice, lang),
        "kind": reason["kind"],
        "exact": reason["exact"],
        "sentence": hint_sentence(reason, naming, lang),
        "samples": reason["samples"],
        "percent": reason["percent"],
        "other": reason["other"],
        "other_percent": reason["other_percent"],
    }
