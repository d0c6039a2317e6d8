"""The end of a deal on the Play page: who won and how, when each player went out, and the deal trick by trick.

Every sentence is finished here, in the reader's language; the page only places it
(``linger-play-end.mjs``). It is built only for a deal that is over, when every card
may be shown.

>>> from linger_longer.web.record import Game
>>> from linger_longer.web.settings import Settings
>>> game = Game(Settings(players=3, seed=4, seat=0))
>>> while not game.current.deal.is_over:
...     game.apply(game.current.deal.legal_plays()[0])
>>> end = deal_end(game, game.current, "en")
>>> end["match"] is None and end["chips"] is None  # a single deal scored by deals: no match score, no chips
True
>>> [row["seat"] for row in end["out"]] == list(game.current.deal.outcome.out_order)
True
"""

from __future__ import annotations

from typing import Any

from ..events import DealWon, EndReason
from ..i18n import N_, translate
from ..narrate import EVERYONE, narrate
from ..scoring import score_deal
from .labels import PLAY_LABELS
from .record import Game, PlayedDeal

#: The settings' scorings that pay chips (the others count deals only).
CHIP_SCORINGS = ("chips-a", "chips-b")

__all__ = ["REASON_TITLES", "deal_end"]

#: How a deal was won, in a few words (a heading for the sentence that tells it).
REASON_TITLES: dict[EndReason, str] = {
    EndReason.LAST_HOLDING: N_("Last player holding cards"),
    EndReason.LAST_TRICK: N_("Won the last trick"),
    EndReason.STOCK_EXHAUSTED: N_("Took the last card of the stock"),
}


def _names(game: Game, played: PlayedDeal, lang: str) -> list[str]:
    """The seats' names, the human's marked "(you)"."""
    names = list(played.deal.names)
    human = game.settings.seat
    names[human] = translate(lang, PLAY_LABELS["your_seat"], seat=names[human])
    return names


def _how(played: PlayedDeal, lang: str) -> str:
    """The narration's sentence for the end of the deal (the same words as the log's last line)."""
    won = next(e for events in reversed(played.events) for e in events if isinstance(e, DealWon))
    return narrate([won], lang, played.deal.names, viewer=EVERYONE)[0]  # the deal is over: nothing is hidden


def _tricks(played: PlayedDeal, names: list[str], lang: str) -> list[dict[str, Any]]:
    """Each trick of the deal: its cards in playing order, who took it and who went out after it."""
    return [{
        "number": trick.number,
        "title": translate(lang, PLAY_LABELS["trick_number"], number=trick.number),
        "cards": [{"seat": seat, "name": names[seat], "card": card.code, "label": card.label(lang),
                   "red": card.suit.is_red, "won": seat == trick.winner}
                  for seat, card in zip(trick.seats, trick.cards)],
        "winner": trick.winner,
        "taken": translate(lang, N_("{player} takes the trick."), player=names[trick.winner]),
        "went_out": list(trick.went_out),
    } for trick in played.deal.tricks]


def _out_order(played: PlayedDeal, names: list[str], lang: str) -> list[dict[str, Any]]:
    """The players who went out, in order, each with the trick after which they held no card."""
    out_after = {seat: trick.number for trick in played.deal.tricks for seat in trick.went_out}
    outcome = played.deal.outcome
    assert outcome is not None
    rows = []
    for seat in outcome.out_order:
        number = out_after.get(seat)
        text = (translate(lang, N_("{player} went out after trick {number}."), player=names[seat], number=number)
                if number is not None else translate(lang, N_("{player} went out."), player=names[seat]))
        rows.append({"seat": seat, "trick": number, "text": text})
    return rows


def _match(game: Game, names: list[str], lang: str) -> dict[str, Any] | None:
    """A match's score to its target after this deal; None for a single deal."""
    target = game.settings.target
    if target == 1:
        return None
    result = game.match.result
    return {
        "target": target,
        "title": translate(lang, N_("Match: the first to win {target} deals"), target=target),
        "scores": [{"seat": seat, "name": names[seat], "won": won} for seat, won in enumerate(result.deals_won)],
        "over": game.match.is_over,
        "winner": result.winner,
        "verdict": (translate(lang, PLAY_LABELS["match_won"], player=names[result.winner])
                    if result.winner is not None else None),
    }


def _chips(game: Game, played: PlayedDeal, names: list[str], lang: str) -> dict[str, Any] | None:
    """The chips this deal paid, when the reader chose a chip scoring (named, with its explanation); else None."""
    scoring = game.settings.scoring
    if scoring not in CHIP_SCORINGS:
        return None
    outcome = played.deal.outcome
    assert outcome is not None
    score = score_deal(outcome, played.deal.players)
    paid = score.chips_a if scoring == "chips-a" else score.chips_b
    return {
        "title": translate(lang, PLAY_LABELS["chips_this_deal"]),
        "scoring": translate(lang, PLAY_LABELS[f"scoring_{scoring}"]),
        "note": translate(lang, PLAY_LABELS[f"scoring_note_{scoring}"]),
        "scores": [{"seat": seat, "name": names[seat], "chips": chips, "shown": f"{chips:+d}" if chips else "0"}
                   for seat, chips in enumerate(paid)],
    }


def deal_end(game: Game, played: PlayedDeal, lang: str) -> dict[str, Any]:
    """The end of the finished deal ``played`` of ``game``, told in ``lang``."""
    outcome = played.deal.outcome
    assert outcome is not None, "deal_end is for a deal that is over"
    names = _names(game, played, lang)
    human = game.settings.seat
    return {
        "winner": outcome.winner,
        "you_won": outcome.winner == human,
        "headline": translate(lang, PLAY_LABELS["deal_won"], player=names[outcome.winner]),
        "reason": outcome.reason.value,
        "reason_title": translate(lang, REASON_TITLES[outcome.reason]),
        "how": _how(played, lang),
        "out": _out_order(played, names, lang),
        "tricks": _tricks(played, names, lang),
        "match": _match(game, names, lang),
        "chips": _chips(game, played, names, lang),
    }
