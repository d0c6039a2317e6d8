"""Worked examples as data: load a TOML file, replay it through the engine, check what it expects.

The same file is documentation (its notes are shown to readers), walkthrough
(the site replays it step by step) and test (its expectations must hold). A
file describes the rules, the table, a starting position, scripted steps and
expected outcomes::

    title = "Winning with your last trump"
    profile = "last-card"          # or "standard"
    variants = []                  # any of the six variant names
    players = ["A", "B", "C", "D"] # seat names, clockwise from seat 0
    dealer = "D"

    [start]                        # one of: seed = 7 / deck = "AS KS …" / a position:
    trump = "H"
    leader = "A"
    stock = "9D 4S"                # top card first: the whole stock, or its top cards with
    stock_size = 33                #   its size; the rest is shuffled from the seed below
    seed = 2                       #   (the unlisted cards are the rest of the stock and the won piles)
    hands = { A = "KC 7S", B = "3C QD", C = "2H", D = "AC 5S" }
    tricks_won = { C = 1 }
    # hypothetical = true          # a "what if" no deal reaches: checked for consistency only,
                                   # and Scenario.unreachable says why no deal reaches it

    [[step]]
    play = "KC"                    # the card the player to act plays
    by = "A"                       # optional: who must be to act
    note = "A leads the king."     # optional: shown to the reader, translated

    [[step]]
    try = "2H"                     # an illegal attempt: refused, nothing changes
    refused = "must-follow"        # the rule it breaks

    [expect]                       # checked at the end; a step may carry its own [step.expect]
    tricks = ["C"]                 # trick winners in order
    drawn = ["C 9D"]               # cards drawn, in order
    out = ["A"]                    # players out, in order
    winner = "C"                   # deal winner ("" while the deal goes on)

Any mistake — bad TOML, an unknown key, an unknown card, an illegal scripted
play, an expectation that does not hold — raises :class:`ScenarioError`
naming the file, the step and the reason.
"""

from __future__ import annotations

import random
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator, Mapping

from .cards import FULL_DECK, Card, InvalidCardError, Suit, parse_cards
from .events import CardDrawn, DealWon, Event, PlayerOut, TrickWon
from .game import Deal, IllegalPlayError, InvalidPositionError, Refusal, RefusalKind
from .position import why_unreachable
from .rules import Rules, UnknownRuleError

__all__ = ["Scenario", "ScenarioError", "Step", "StepResult", "load", "loads"]


class ScenarioError(ValueError):
    """A worked example that is malformed or whose expectations do not hold."""


_TOP_KEYS = {"title", "profile", "variants", "players", "dealer", "start", "step", "expect", "summary"}
_START_KEYS = {"seed", "deck", "trump", "leader", "stock", "stock_size", "hands", "out", "tricks_won", "turned",
               "hypothetical"}
_STEP_KEYS = {"play", "try", "name_trump", "by", "note", "refused", "expect"}
_EXPECT_KEYS = {"tricks", "drawn", "out", "winner", "hands", "stock", "trump", "to_act", "reason", "over"}


@dataclass(frozen=True)
class Step:
    """One scripted action: a card played, a suit named, or an illegal attempt."""

    number: int  #: 1-based position in the file
    kind: str  #: "play", "try" or "name_trump"
    card: Card | None = None
    suit: Suit | None = None
    by: int | None = None
    note: str | None = None
    refused: RefusalKind | None = None
    expect: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class StepResult:
    """What one step did: its events (or the refusal of an attempt) and the deal after it."""

    step: Step | None  #: None for the starting position
    events: tuple[Event, ...]
    refusal: Refusal | None
    deal: Deal  #: a copy of the deal after the step


@dataclass(frozen=True)
class Scenario:
    """A loaded worked example."""

    source: str
    title: str
    rules: Rules
    names: tuple[str, ...]
    dealer: int
    start: Mapping[str, Any]
    steps: tuple[Step, ...]
    expect: Mapping[str, Any]
    summary: str | None = None

    def error(self, reason: str, step: Step | None = None) -> ScenarioError:
        """An error naming this file and, when given, the step."""
        where = f"{self.source}: step {step.number}" if step else self.source
        return ScenarioError(f"{where}: {reason}")

    def seat(self, name: str, step: Step | None = None, key: str = "player") -> int:
        """The seat of a player's name."""
        try:
            return self.names.index(name)
        except ValueError:
            raise self.error(f"{key} {name!r} is not one of the players {list(self.names)}", step) from None

    def start_deal(self) -> tuple[Deal, tuple[Event, ...]]:
        """The deal at the starting position and the events of setting it up."""
        start, players = self.start, len(self.names)
        try:
            if "hands" not in start and ("seed" in start or "deck" in start):
                return Deal.deal(self.rules, players, seed=start.get("seed"), deck=start.get("deck"),
                                 dealer=self.dealer, names=self.names)
            hands = start.get("hands")
            if not isinstance(hands, dict):
                raise self.error("[start] needs a seed, a deck, or hands for every player")
            unknown = set(hands) - set(self.names)
            if unknown:
                raise self.error(f"[start.hands] names {sorted(unknown)} who are not players")
            held = [parse_cards(hands.get(name, "")) for name in self.names]
            deal = Deal.from_position(
                self.rules,
                hands=held,
                stock=self._stock(held),
                trump=Suit.parse(start["trump"]) if start.get("trump") else None,
                leader=self.seat(start.get("leader", ""), key="leader"),
                dealer=self.dealer,
                out=[self.seat(n, key="out") for n in start.get("out", [])],
                tricks_won=[int(start.get("tricks_won", {}).get(n, 0)) for n in self.names],
                turned_card=Card.parse(start["turned"]) if start.get("turned") else None,
                names=self.names,
                hypothetical=self.hypothetical,
            )
            return deal, ()
        except (InvalidCardError, InvalidPositionError, ValueError) as error:
            if isinstance(error, ScenarioError):
                raise
            raise self.error(f"[start]: {error}") from None

    @property
    def hypothetical(self) -> bool:
        """Whether the starting position is a "what if" that no deal reaches (``hypothetical = true``)."""
        return self.start.get("hypothetical") is True

    @property
    def unreachable(self) -> str | None:
        """Why no deal reaches the starting position, in words; None for a position a deal reaches."""
        if "hands" not in self.start:
            return None
        deal = self.start_deal()[0]
        return why_unreachable(
            self.rules, hands=deal.hands, stock_size=deal.stock_size, leader=deal.to_act, out=deal.out,
            tricks_won=deal.tricks_won, tricks_played=deal.tricks_played, trump_set=deal.trump is not None,
            names=self.names,
        )

    def _stock(self, held: list[tuple[Card, ...]]) -> tuple[Card, ...]:
        """The starting stock: as listed, or its listed top cards followed by cards shuffled from the seed
        out of those in no hand, up to ``stock_size``."""
        listed = parse_cards(self.start.get("stock", ""))
        if "stock_size" not in self.start:
            return listed
        size, seed = self.start["stock_size"], self.start.get("seed")
        if not isinstance(size, int) or size < len(listed):
            raise self.error(f"[start]: stock_size {size!r} must be a whole number of at least the "
                             f"{len(listed)} stock cards listed")
        if not isinstance(seed, int):
            raise self.error("[start]: stock_size needs a seed, from which the rest of the stock is shuffled")
        placed = {card for hand in held for card in hand} | set(listed)
        rest = [card for card in FULL_DECK if card not in placed]
        random.Random(seed).shuffle(rest)
        if size - len(listed) > len(rest):
            raise self.error(f"[start]: stock_size {size} leaves room for only {len(listed) + len(rest)} cards")
        return listed + tuple(rest[:size - len(listed)])

    def play_through(self) -> Iterator[StepResult]:
        """Replay the steps, yielding the starting position and then each step's result."""
        deal, events = self.start_deal()
        yield StepResult(None, events, None, deal.copy())
        for step in self.steps:
            yield self._apply(deal, step)

    def _apply(self, deal: Deal, step: Step) -> StepResult:
        if deal.is_over:
            raise self.error("the deal is already over", step)
        if step.by is not None and deal.to_act != step.by:
            raise self.error(f"{self.names[step.by]} is not to act: {self.names[deal.to_act]} is", step)  # type: ignore[index]
        if step.kind == "try":
            refusal = deal.refusal(step.card)  # type: ignore[arg-type]
            if refusal is None:
                raise self.error(f"trying {step.card} was expected to be refused, but it is legal", step)
            if step.refused is not None and refusal.kind is not step.refused:
                raise self.error(f"{step.card} is refused for {refusal.kind.value!r}, not {step.refused.value!r}", step)
            return StepResult(step, (), refusal, deal.copy())
        try:
            events = deal.play(step.card) if step.kind == "play" else deal.name_trump(step.suit)  # type: ignore[arg-type]
        except IllegalPlayError as error:
            raise self.error(f"illegal play: {error}", step) from None
        return StepResult(step, events, None, deal.copy())

    def check(self) -> list[StepResult]:
        """Replay the example and check every expectation; returns the results."""
        results = list(self.play_through())
        if self.hypothetical and self.unreachable is None:
            raise self.error("[start]: marked hypothetical, but a real deal reaches this position")
        history: list[Event] = [e for r in results for e in r.events]
        seen: list[Event] = []
        for result in results:
            seen.extend(result.events)
            if result.step is not None and result.step.expect:
                self._check_expect(result.step.expect, seen, result.deal, result.step)
        self._check_expect(self.expect, history, results[-1].deal, None)
        return results

    def _check_expect(self, expect: Mapping[str, Any], events: list[Event], deal: Deal, step: Step | None) -> None:
        names = self.names

        def fail(what: str, wanted: object, got: object) -> ScenarioError:
            return self.error(f"expected {what} {wanted!r}, but the engine gives {got!r}", step)

        actual: dict[str, Any] = {
            "tricks": [names[e.seat] for e in events if isinstance(e, TrickWon)],
            "drawn": [f"{names[e.seat]} {e.card.code}" for e in events if isinstance(e, CardDrawn)],
            "out": [names[e.seat] for e in events if isinstance(e, PlayerOut)],
            "winner": next((names[e.seat] for e in events if isinstance(e, DealWon)), ""),
            "reason": next((e.reason.value for e in events if isinstance(e, DealWon)), ""),
            "over": deal.is_over,
            "stock": deal.stock_size,
            "trump": deal.trump.letter if deal.trump else "",
            "to_act": names[deal.to_act] if deal.to_act is not None else "",
        }
        for key, wanted in expect.items():
            if key == "hands":
                for name, cards in wanted.items():
                    held = [c.code for c in deal.hand(self.seat(name, step))]
                    want = [c.code for c in sorted(self._cards(cards, step))]
                    if held != want:
                        raise fail(f"{name}'s hand", " ".join(want), " ".join(held))
            elif key == "drawn":
                want = [f"{w.split()[0]} {Card.parse(w.split()[1]).code}" for w in wanted]
                if want != actual[key]:
                    raise fail("cards drawn", want, actual[key])
            elif key == "trump":
                want = Suit.parse(wanted).letter if wanted else ""
                if want != actual[key]:
                    raise fail("trump", want, actual[key])
            elif actual[key] != wanted:
                raise fail(key, wanted, actual[key])

    def _cards(self, text: str, step: Step | None) -> tuple[Card, ...]:
        try:
            return parse_cards(text)
        except InvalidCardError as error:
            raise self.error(str(error), step) from None


def load(path: str | Path) -> Scenario:
    """Load a worked-example file."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise ScenarioError(f"{path}: cannot read: {error.strerror}") from None
    return loads(text, source=str(path))


def loads(text: str, source: str = "<example>") -> Scenario:
    """Load a worked example from TOML text; ``source`` names it in errors."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ScenarioError(f"{source}: invalid TOML: {error}") from None
    return _build(data, source)


def _unknown_keys(table: Mapping[str, Any], known: set[str], where: str, source: str) -> None:
    unknown = sorted(set(table) - known)
    if unknown:
        raise ScenarioError(f"{source}: {where}: unknown key(s) {unknown}; known: {sorted(known)}")


def _build(data: dict[str, Any], source: str) -> Scenario:
    _unknown_keys(data, _TOP_KEYS, "top level", source)
    for key in ("title", "players"):
        if key not in data:
            raise ScenarioError(f"{source}: missing {key!r}")
    names = data["players"]
    if not isinstance(names, list) or not all(isinstance(n, str) and n for n in names) or len(set(names)) != len(names):
        raise ScenarioError(f"{source}: 'players' must list distinct names, got {names!r}")
    try:
        rules = Rules.from_names(data.get("profile", "standard"), data.get("variants", []))
        rules.hand_size(len(names))
    except (UnknownRuleError, ValueError) as error:
        raise ScenarioError(f"{source}: {error}") from None
    start = data.get("start", {})
    _unknown_keys(start, _START_KEYS, "[start]", source)
    expect = data.get("expect", {})
    _unknown_keys(expect, _EXPECT_KEYS, "[expect]", source)
    scenario = Scenario(
        source=source, title=data["title"], rules=rules, names=tuple(names), dealer=0,
        start=start, steps=(), expect=expect, summary=data.get("summary"),
    )
    dealer_name = data.get("dealer")
    dealer = scenario.seat(dealer_name, key="dealer") if dealer_name else (len(names) - 1)
    steps = tuple(_build_step(scenario, i, raw) for i, raw in enumerate(data.get("step", []), start=1))
    return Scenario(
        source=source, title=data["title"], rules=rules, names=tuple(names), dealer=dealer,
        start=start, steps=steps, expect=expect, summary=data.get("summary"),
    )


def _build_step(scenario: Scenario, number: int, raw: dict[str, Any]) -> Step:
    probe = Step(number, "play")
    unknown = sorted(set(raw) - _STEP_KEYS)
    if unknown:
        raise scenario.error(f"unknown key(s) {unknown}; known: {sorted(_STEP_KEYS)}", probe)
    actions = [k for k in ("play", "try", "name_trump") if k in raw]
    if len(actions) != 1:
        raise scenario.error("give exactly one of 'play', 'try' or 'name_trump'", probe)
    kind = actions[0]
    try:
        card = Card.parse(raw[kind]) if kind != "name_trump" else None
        suit = Suit.parse(raw[kind]) if kind == "name_trump" else None
        refused = RefusalKind(raw["refused"]) if "refused" in raw else None
    except InvalidCardError as error:
        raise scenario.error(str(error), probe) from None
    except ValueError:
        known = [k.value for k in RefusalKind]
        raise scenario.error(f"refused {raw['refused']!r} is not a rule; known: {known}", probe) from None
    expect = raw.get("expect", {})
    unknown = sorted(set(expect) - _EXPECT_KEYS)
    if unknown:
        raise scenario.error(f"[step.expect]: unknown key(s) {unknown}; known: {sorted(_EXPECT_KEYS)}", probe)
    by = scenario.seat(raw["by"], probe, key="by") if "by" in raw else None
    return Step(number, kind, card=card, suit=suit, by=by, note=raw.get("note"), refused=refused, expect=expect)
