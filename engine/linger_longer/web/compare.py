"""The Play page's comparison: a finished deal played under ``standard`` and under ``last-card``."""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from ..bots import RuleOfThumbBot
from ..cards import Card, Suit
from ..events import CardDrawn, CardPlayed, Event, PlayerOut, TrickWon
from ..game import Deal, Phase
from ..i18n import N_, translate
from ..narrate import EVERYONE, Narrator
from ..rules import Profile, Rules
from .errors import PlayError
from .labels import counted
from .record import bot_seed, load_game, parse_action

__all__ = ["compare"]


def _trick_summaries(events: Iterable[Event], narrator: Narrator) -> list[dict[str, Any]]:
    """Each trick's cards, winner, draws, players out and end, from a deal's events, with its sentences.

    The sentences (``narration``) are not compared: the rest says what happened, they say it in words.
    """
    tricks: list[dict[str, Any]] = []
    current: dict[str, Any] = {"cards": [], "winner": None, "drawn": [], "out": [], "end": None, "narration": []}
    for event in events:
        if isinstance(event, CardPlayed):
            if current["winner"] is not None:
                tricks.append(current)
                current = {"cards": [], "winner": None, "drawn": [], "out": [], "end": None, "narration": []}
        current["narration"].extend(narrator.narrate((event,)))
        if isinstance(event, CardPlayed):
            current["cards"].append({"seat": event.seat, "card": event.card.code})
        elif isinstance(event, TrickWon):
            current["winner"] = event.seat
        elif isinstance(event, CardDrawn):
            current["drawn"].append({"seat": event.seat, "card": event.card.code})
        elif isinstance(event, PlayerOut):
            current["out"].append(event.seat)
        elif event.type == "deal-won":
            current["end"] = {"winner": event.seat, "reason": event.reason.value}  # type: ignore[attr-defined]
    if current["cards"]:
        tricks.append(current)
    for number, trick in enumerate(tricks, start=1):
        trick["number"] = number
    return tricks


def _line(rules: Rules, players: int, seed: int, dealer: int, actions: list[str], lang: str) -> dict[str, Any]:
    """The deal under ``rules``: the recorded actions while they are legal, then rule-of-thumb players."""
    deal = Deal.new(rules, players, seed=seed, dealer=dealer)
    setup = deal.setup_events
    events: list[Event] = list(setup)
    followed = 0
    for code in actions:
        if deal.is_over:
            break
        action = parse_action(code)
        if isinstance(action, Card) and deal.refusal(action) is not None:
            break
        if isinstance(action, Suit) and deal.phase is not Phase.NAME_TRUMP:
            break
        events.extend(deal.apply(action))
        followed += 1
    ply = 0
    while not deal.is_over:
        events.extend(deal.apply(RuleOfThumbBot(bot_seed(seed, 0, ply)).choose(deal.view(deal.to_act))))
        ply += 1
    outcome = deal.outcome
    assert outcome is not None
    return {
        "profile": rules.profile.value,
        "followed": followed,
        "tricks": _trick_summaries(events, Narrator(lang, deal.names, None, viewer=EVERYONE)),
        "outcome": {"winner": outcome.winner, "reason": outcome.reason.value, "tricks": outcome.tricks_played,
                    "stock_left": deal.stock_size,
                    "text": counted(lang, "outcome_tricks", outcome.tricks_played, player=deal.names[outcome.winner])},
    }


def compare(record: Mapping[str, Any] | str, lang: str = "en", deal_number: int | None = None) -> dict[str, Any]:
    """The deal played under ``standard`` and under ``last-card`` with the same seed, dealer and choices.

    Both lines follow the recorded actions (yours and the computer's) while they stay legal; where the
    record ends, or no longer fits, rule-of-thumb players finish the deal at every seat. ``parts_at``
    is the first trick whose cards, winner, draws, players out or end differ; None when they never do.
    The lines show every card, so the deal must be over: while it is on, the human's seat has not
    seen the other hands.
    """
    game = load_game(record)
    index, played = game.deal_at(deal_number)
    if not played.deal.is_over:
        raise PlayError(N_("The profiles are compared once the deal is over: the comparison plays the deal to "
                           "its end with every player's cards."))
    settings = game.settings
    lines = [
        _line(Rules.from_names(profile, settings.variants), settings.players, played.seed, played.dealer,
              played.actions, lang)
        for profile in (Profile.STANDARD.value, Profile.LAST_CARD.value)
    ]
    standard, last_card = lines[0]["tricks"], lines[1]["tricks"]
    parts_at = None
    def facts(tricks: list[dict[str, Any]], number: int) -> dict[str, Any] | None:
        trick = tricks[number - 1] if number <= len(tricks) else None
        return None if trick is None else {k: v for k, v in trick.items() if k != "narration"}

    for number in range(1, max(len(standard), len(last_card)) + 1):
        if facts(standard, number) != facts(last_card, number):
            parts_at = number
            break
    if parts_at is None:
        sentence = translate(lang, "Under both profiles this deal goes the same way to its end: it was over before the "
                             "stock ran out, and the profiles differ only once it does.")
    else:
        trick = last_card[parts_at - 1] if parts_at <= len(last_card) else None
        if (trick is not None and trick["end"] and trick["end"]["reason"] == "stock-exhausted"
                and len(standard) > parts_at):  # standard really goes on after that trick
            sentence = translate(lang, "The profiles part at trick {trick}: the last card of the stock is drawn there, "
                                 "which ends the deal under last-card, while under standard play goes on.",
                                 trick=parts_at)
        else:
            sentence = translate(lang, "The profiles part at trick {trick}.", trick=parts_at)
    replayed = counted(lang, "followed", max(line["followed"] for line in lines))
    return {"deal": index + 1, "seed": str(played.seed), "dealer": played.dealer, "lines": lines,
            "parts_at": parts_at, "sentence": sentence, "replayed": replayed}
