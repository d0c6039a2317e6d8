"""The Play page's game, replayed from its record: the settings and every action, deal by deal.

Nothing is kept between the page's requests: the page holds the record and
hands it back with each one; the engine rebuilds the game from it. The computer
players are seeded from the game's seed, the deal and the move number, so a
record always continues the same way, on CPython and in Pyodide alike.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from ..bots import STRONG_SAMPLES, Bot, MonteCarloBot, make_bot
from ..cards import Card, InvalidCardError, Suit
from ..events import Event
from ..game import Deal, Phase
from ..i18n import N_
from ..match import Match
from ..narrate import refusal_text
from ..trick import Refusal
from .errors import PlayError
from .settings import Settings

__all__ = [
    "MONTE_CARLO_SAMPLES", "RECORD_VERSION", "Game", "PlayedDeal", "RefusedAction", "action_code", "bot_seed", "load_game",
    "opponent", "parse_action",
]

#: Sampled deals per move of the strong opponent (fits its browser budget: see tools/bench/solver.py).
MONTE_CARLO_SAMPLES = STRONG_SAMPLES
#: The record format's version.
RECORD_VERSION = 1


class RefusedAction(PlayError):
    """A recorded action the rules refuse: the rule it breaks, told in the request's language."""

    def __init__(self, refusal: Refusal, names: tuple[str, ...]) -> None:
        self.refusal = refusal
        self.names = names
        super().__init__("{reason}", reason=refusal_text(refusal, "en", names))

    def text(self, lang: str) -> str:
        return refusal_text(self.refusal, lang, self.names)


def bot_seed(seed: int, deal_index: int, ply: int, salt: int = 0) -> int:
    """A bot's seed for one move: the same game, deal and move always give the same seed."""
    return (seed * 1_000_003 + deal_index * 10_007 + ply * 101 + salt) % (2**63)


def opponent(strength: str, seed: int) -> Bot:
    """The computer player of ``strength`` for one move."""
    if strength == MonteCarloBot.name:
        return MonteCarloBot(seed, samples=MONTE_CARLO_SAMPLES)
    return make_bot(strength, seed)


def parse_action(text: str) -> Card | Suit:
    """A recorded action: a card code (``KC``) or a suit letter (naming trump)."""
    try:
        return Suit.parse(text) if len(text) == 1 else Card.parse(text)
    except (InvalidCardError, ValueError):
        raise PlayError(N_("{value!r} is neither a card nor a suit."), value=text) from None


def action_code(action: Card | Suit) -> str:
    """The record's spelling of an action (the inverse of :func:`parse_action`)."""
    return action.letter if isinstance(action, Suit) else action.code


@dataclass
class PlayedDeal:
    """One deal of the game, rebuilt from the record."""

    index: int
    seed: int
    dealer: int
    deal: Deal
    setup: tuple[Event, ...]
    stock_at_start: int = 0  #: the stock's size once the cards are dealt (the page's "clock")
    actions: list[str] = field(default_factory=list)
    seats: list[int] = field(default_factory=list)  #: who took each action
    events: list[tuple[Event, ...]] = field(default_factory=list)  #: each action's events


class Game:
    """A game rebuilt from settings and recorded actions."""

    def __init__(self, settings: Settings, deals: Iterable[Iterable[str]] = ((),)) -> None:
        self.settings = settings
        self.match = Match(settings.rules, settings.players, target=settings.target, seed=settings.seed)
        self.deals: list[PlayedDeal] = []
        for actions in deals:
            self.start_deal()
            for code in actions:
                self.apply(parse_action(code))

    @property
    def current(self) -> PlayedDeal:
        """The deal being played (the last one dealt)."""
        return self.deals[-1]

    def start_deal(self) -> None:
        """Deal the match's next deal once the current one is over."""
        if self.deals and not self.current.deal.is_over:
            raise PlayError(N_("The deal is not over yet."))
        if self.match.is_over:
            raise PlayError(N_("The match is over."))
        seed = self.match.next_seed()  # the seed next_deal shuffles with: the page shows it
        deal, setup = self.match.next_deal()
        self.deals.append(PlayedDeal(len(self.deals), seed, deal.dealer, deal, setup, deal.stock_size))

    def apply(self, action: Card | Suit) -> None:
        """Play one action of the seat to act and record it; a finished deal is scored in the match."""
        played = self.current
        deal = played.deal
        if deal.is_over:
            raise PlayError(N_("The deal is over."))
        seat = deal.to_act
        if isinstance(action, Card):
            refusal = deal.refusal(action)
            if refusal is not None:
                raise RefusedAction(refusal, deal.names)
        elif deal.phase is not Phase.NAME_TRUMP:
            raise PlayError(N_("Only the winner of the first trick names trump, once, under grand coup."))
        events = deal.apply(action)  # checked above: an IllegalPlayError here would be the engine's bug
        played.actions.append(action_code(action))
        played.seats.append(seat)  # type: ignore[arg-type]
        played.events.append(events)
        if deal.is_over:
            self.match.record(deal.outcome)  # type: ignore[arg-type]

    @property
    def computer_to_act(self) -> bool:
        """Whether a computer seat is to act in the current deal (before the human's turn or the deal's end)."""
        deal = self.current.deal
        return not deal.is_over and deal.to_act != self.settings.seat

    def bots_play(self, moves: int | None = None) -> None:
        """The computer plays every seat but the human's until the human is to act or the deal ends, or
        ``moves`` of its actions at most. Each action depends only on the game's seed and the position, so
        playing a stretch in one call or one action a call gives the same deal."""
        played = self.current
        deal = played.deal
        while self.computer_to_act and (moves is None or moves > 0):
            bot = opponent(self.settings.strength, bot_seed(self.settings.seed, played.index, len(played.actions)))
            self.apply(bot.choose(deal.view(deal.to_act)))
            moves = None if moves is None else moves - 1

    def human_play(self, action: Card | Suit, lang: str, answers: int | None = None) -> tuple[str, str] | None:
        """Apply the human's action, then the computer's answers (all of them up to the human's next turn, or
        ``answers`` at most); if the rules refuse the action, returns the translated reason and the clause's ID."""
        deal = self.current.deal
        if deal.is_over:
            raise PlayError(N_("The deal is over."))
        if deal.to_act != self.settings.seat:
            raise PlayError(N_("It is not your turn."))
        if isinstance(action, Card):
            refusal = deal.refusal(action)
            if refusal is not None:
                return refusal_text(refusal, lang, deal.names), refusal.clause
        elif deal.phase is not Phase.NAME_TRUMP:
            raise PlayError(N_("{value!r} is neither a card nor a suit."), value=action.letter)
        self.apply(action)
        self.bots_play(answers)
        return None

    def deal_at(self, number: int | None) -> tuple[int, PlayedDeal]:
        """The deal numbered ``number`` (from 1), or the current one; its index and state."""
        index = len(self.deals) - 1 if number is None else number - 1
        if not 0 <= index < len(self.deals):
            raise PlayError(N_("there is no deal {number}."), number=number)
        return index, self.deals[index]

    def record(self) -> dict[str, Any]:
        """The game's record: what the page keeps and hands back with each request."""
        return {"version": RECORD_VERSION, "settings": self.settings.to_json(),
                "deals": [list(d.actions) for d in self.deals]}


def _record_data(text: str) -> Any:
    """The JSON data of a record's text; text that is not JSON, or nests absurdly deep, is refused."""
    try:
        return json.loads(text)
    except RecursionError:
        raise PlayError(N_("not a game record: it is nested too deeply.")) from None
    except ValueError:  # json.JSONDecodeError is a ValueError
        raise PlayError(N_("not a game record: the text is not JSON.")) from None


def _deal_actions(deals: Any) -> list[list[str]]:
    """The record's ``deals``: a list of deals, each a list of action codes (checked without recursion)."""
    if deals is None or deals == []:
        return [[]]
    if not isinstance(deals, list):
        raise PlayError(N_("not a game record: {field} has the wrong type: {value}."), field="deals",
                        value=_short_repr(deals))
    for actions in deals:
        if not isinstance(actions, list) or not all(isinstance(code, str) for code in actions):
            raise PlayError(N_("not a game record: {field} has the wrong type: {value}."), field="deals",
                            value=_short_repr(actions))
    return deals


def _short_repr(value: Any) -> str:
    """A value's repr for a message, never recursing deep (a 2,000-deep list is shown by its first levels)."""
    try:
        return repr(value)[:200]
    except RecursionError:
        return "[[[…]]]"


def load_game(record: Mapping[str, Any] | str) -> Game:
    """The game of a record (a mapping, or its JSON text), replayed from its settings and actions.

    Anything that is not such a record, whatever its shape, is a :class:`PlayError`.
    """
    if isinstance(record, str):
        record = _record_data(record)
    if not isinstance(record, Mapping) or record.get("version") != RECORD_VERSION:
        raise PlayError(N_("not a game record of version {version}."), version=RECORD_VERSION)
    if "settings" not in record:
        raise PlayError(N_("not a game record: {field} is missing."), field="settings")
    settings = Settings.from_json(record["settings"])
    return Game(settings, _deal_actions(record.get("deals")))
