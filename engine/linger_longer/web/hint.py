"""A hint for the Play page: the card (or suit) the strong opponent would choose in the human's place, and why.

The hint is the strong bot's choice for the human's seat: it samples deals
consistent with what that seat has seen, so it tells nothing the seat has not
seen, and its sentence names only the human's own cards.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..bots import MonteCarloBot
from ..cards import Card, Suit
from ..i18n import N_, translate, translate_plural
from ..narrate import card_name, suit_name
from .errors import PlayError
from .record import action_code, bot_seed, load_game

__all__ = ["HINT_SAMPLES", "hint"]

#: Sampled deals behind a hint.
HINT_SAMPLES = 60



def hint(record: Mapping[str, Any] | str, lang: str = "en", samples: int = HINT_SAMPLES) -> dict[str, Any]:
    """The card (or suit) the strong opponent would choose in the human's place, and why, in one sentence."""
    game = load_game(record)
    played = game.current
    deal = played.deal
    if deal.is_over:
        raise PlayError(N_("The deal is over."))
    if deal.to_act != game.settings.seat:
        raise PlayError(N_("It is not your turn."))
    bot = MonteCarloBot(bot_seed(game.settings.seed, played.index, len(played.actions), salt=7), samples=samples)
    choice = bot.choose(deal)
    naming = isinstance(choice, Suit)

    def shown(action: Card | Suit) -> str:
        return suit_name(action, lang) if isinstance(action, Suit) else action.label(lang)

    ranked = sorted(bot.last_scores, key=lambda m: -bot.last_scores[m])
    if len(ranked) == 1:
        sentence = translate(lang, "{card} is the only card you may play.", card=shown(choice))
        other = None
    else:
        other = next(m for m in ranked if m != choice)
        values = dict(percent=round(100 * bot.last_wins[choice]),
                      other=shown(other), other_percent=round(100 * bot.last_wins[other]))
        if naming:
            sentence = translate_plural(
                lang, "Name {suit}: it won the deal in {percent}% of {count} sampled deal; "
                "the next best suit, {other}, won {other_percent}%.",
                "Name {suit}: it won the deal in {percent}% of {count} sampled deals; "
                "the next best suit, {other}, won {other_percent}%.", samples, suit=shown(choice), **values)
        else:
            sentence = translate_plural(
                lang, "{card} won the deal in {percent}% of {count} sampled deal; "
                "the next best card, {other}, won {other_percent}%.",
                "{card} won the deal in {percent}% of {count} sampled deals; "
                "the next best card, {other}, won {other_percent}%.", samples, card=shown(choice), **values)
    return {
        "action": action_code(choice),
        "name": suit_name(choice, lang) if naming else card_name(choice, lang),  # type: ignore[arg-type]
        "sentence": sentence,
        "samples": samples,
        "wins": {action_code(m): bot.last_wins.get(m) for m in ranked},
        "scores": {action_code(m): bot.last_scores[m] for m in ranked},
    }
