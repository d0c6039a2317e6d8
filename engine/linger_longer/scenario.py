"""Worked examples as data: load a TOML file, replay it through the engine, check what it expects.

The same file is documentation (its notes are shown to readers), walkthrough
(the site replays it step by step) and test (its expectations must hold). A
file describes the rules, the table, a starting position, scripted steps and
expected outcomes::

    title = "Winning with your last trump"
    clauses = ["winner-draws"]     # the rules it shows (IDs of linger_longer.clauses)
    profile = "last-card"          # or "standard"
    variants = []                  # any of the six variant names
    refused_variants = ["no-trump", "random-trump"]  # optional: variants the engine must refuse together at
                                   #   set-up (the example's profile); the walkthrough shows the refusal first
    players = ["A", "B", "C", "D"] # seat names, clockwise from seat 0
    dealer = "D"
    # guided = "A"                 # a guided deal: the reader plays this seat; every one of its plays
                                   #   must be a question (ask + note), with a why wherever another card is legal

    [start]                        # one of: seed = 7 / deck = "AS KS …" / match_seed = 11 / a position:
    trump = "H"
    leader = "A"
    stock = "9D 4S"                # top card first: the whole stock, or its top cards with
    stock_size = 33                #   its size; the rest is shuffled from the seed below
    seed = 2                       #   (the unlisted cards are the rest of the stock and the won piles)
    hands = { A = "KC 7S", B = "3C QD", C = "2H", D = "AC 5S" }
    tricks_won = { C = 1 }
    # hypothetical = true          # a "what if" no deal reaches: checked for consistency only,
                                   # and Scenario.unreachable says why no deal reaches it
    # match_seed = 11              # instead: deal number `deal` (1 unless given) of a match seeded so; the
    # deal = 2                     #   engine chooses the first dealer as the rules say (a cut, or lots) and
                                   #   passes the deal clockwise; earlier deals are played out by random bots;
                                   #   the example then gives no `dealer`. Under last-card the match is played
                                   #   to 3 deals won: the deal that wins it ends with the match's end

    [[step]]
    play = "KC"                    # the card the player to act plays
    by = "A"                       # optional: who must be to act
    note = "A leads the king."     # optional: shown to the reader, translated
    ask = "Which card does A lead?"  # optional: the step becomes a question to the reader (needs a note)
    why = "A keeps the trumps."    # optional, with ask in a guided example: why the script plays its card,
                                   #   told when the reader plays another legal card (translated)

    [[step]]
    try = "2H"                     # an illegal attempt: refused, nothing changes
    refused = "must-follow"        # the rule it breaks

    [expect]                       # checked at the end; a step may carry its own [step.expect]
    tricks = ["C"]                 # trick winners in order
    drawn = ["C 9D"]               # cards drawn, in order
    out = ["A"]                    # players out, in order
    winner = "C"                   # deal winner ("" while the deal goes on)
    dealer = "D"                   # who dealt this deal (for a match_seed start: the engine's choice)
    cutter = "C"                   # who cut the deck after the dealer shuffled: the player on the dealer's
                                   #   right (a seed, deck or match_seed start; "" for a position)
    match_winner = "A"             # a match_seed start: who won the match with this deal ("" if nobody yet)
    match_score = [3, 1, 0, 0]     #   and every player's deals won when it ended
    cuts = ["A 9C", "B 3D"]        # a match_seed start under `standard`: the cards cut for the first
                                   #   dealer, seat by seat, round after round (ties cut again)

Any mistake — bad TOML, an unknown key, an unknown card, an illegal scripted
play, an expectation that does not hold — raises :class:`ScenarioError`
naming the file, the step and the reason. Every value's type and form is
checked when the file is loaded, before anything is replayed:
``<file>: [start]: 'tricks_won.A' must be a whole number from 0 up, got the string 'x'``.
"""

from __future__ import annotations

import random
import re
import stat
import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping

from .cards import FULL_DECK, Card, InvalidCardError, Suit, parse_cards
from .clauses import UnknownClauseError, clause
from .events import CardDrawn, DealWon, EndReason, Event, MatchWon, PlayerOut, ShuffledAndCut, TrickWon
from .game import Deal, IllegalPlayError, InvalidPositionError, Refusal, RefusalKind
from .position import why_unreachable
from .reachability import History, Unreachable, find_history
from .rules import IncompatibleVariantsError, Rules, UnknownRuleError

__all__ = ["Scenario", "ScenarioError", "Step", "StepResult", "load", "loads", "read_example"]


class ScenarioError(ValueError):
    """A worked example that is malformed or whose expectations do not hold."""


#: Words with which a title or a first note tells the reader that a position is a "what if".
_WHAT_IF = re.compile(r"\b(suppose|what if|imagine|hypothetical)\b", re.IGNORECASE)

#: The largest worked-example file the loader reads: real ones are a few kilobytes.
MAX_FILE_BYTES = 1_000_000


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
    ask: str | None = None  #: a question to the reader: which card (or suit) does the player to act choose?
    why: str | None = None  #: in a guided example: why the script plays its card rather than another legal one


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
    clauses: tuple[str, ...] = ()  #: the rules the example shows (IDs of :data:`linger_longer.clauses.CLAUSES`)
    #: For a ``match_seed`` start: the cards cut for the match's first dealer, seat by seat, round after round.
    cuts: tuple[tuple[int, Card], ...] = ()
    #: ``refused_variants``: the variants the engine refused to set up together, and the clause that forbids it.
    refused_setup: IncompatibleVariantsError | None = None
    #: For a guided example (``guided = "A"``): the seat the reader plays, every one of whose plays is a question.
    guided: int | None = None

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
        return self._start()[1:]

    def _start(self) -> tuple[Any, Deal, tuple[Event, ...]]:
        """The match the deal belongs to (a ``match_seed`` start, else None), the deal, and its setup events."""
        start, players = self.start, len(self.names)
        try:
            if "match_seed" in start:
                return _match_deal(self.rules, self.names, start["match_seed"], start.get("deal", 1))
            if "hands" not in start and ("seed" in start or "deck" in start):
                deal = Deal.new(self.rules, players, seed=start.get("seed"), deck=start.get("deck"),
                                dealer=self.dealer, names=self.names)
                return None, deal, deal.setup_events
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
            return None, deal, ()
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
        reason = why_unreachable(
            self.rules, hands=deal.hands, stock_size=deal.stock_size, leader=deal.to_act, out=deal.out,
            tricks_won=deal.tricks_won, tricks_played=deal.tricks_played, trump_set=deal.trump is not None,
            names=self.names,
        )
        try:
            return reason or (self.history and None)
        except Unreachable as error:
            return str(error)

    @property
    def history(self) -> History:
        """A whole deal and its plays that the engine replays to the starting position (for a seed or a deck, the
        deal itself); :class:`~linger_longer.reachability.Unreachable` if there is none."""
        deal = self.start_deal()[0]
        return find_history(
            self.rules, hands=deal.hands, stock=deal.stock, trump=deal.trump, leader=deal.to_act, dealer=self.dealer,
            out=deal.out, tricks_won=deal.tricks_won, turned_card=deal.turned_card, names=self.names,
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
        """Replay the steps, yielding the starting position and then each step's result.

        For a ``match_seed`` start, the step that ends the deal also scores it in the match, and if that deal
        wins the match its events end with the match's end (:class:`~linger_longer.events.MatchWon`).
        """
        match, deal, events = self._start()
        yield StepResult(None, events, None, deal.copy())
        for step in self.steps:
            result = self._apply(deal, step)
            if match is not None and result.refusal is None and deal.is_over:
                result = replace(result, events=result.events + match.record(deal.outcome))  # type: ignore[arg-type]
            yield result

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
        if self.hypothetical and not self._tells_it_is_hypothetical():
            raise self.error("[start]: marked hypothetical, but neither the title nor the first note tells the "
                             "reader that no deal reaches it (start the first note with \"Suppose …\")")
        history: list[Event] = [e for r in results for e in r.events]
        seen: list[Event] = []
        for result in results:
            seen.extend(result.events)
            if result.step is not None and result.step.expect:
                self._check_expect(result.step.expect, seen, result.deal, result.step)
        self._check_expect(self.expect, history, results[-1].deal, None)
        self._check_guided(results)
        return results

    def _check_guided(self, results: list[StepResult]) -> None:
        """A guided example asks the reader every play of its seat, and says why wherever another card is legal;
        a ``why`` elsewhere would never be shown."""
        for before, step in zip(results, self.steps):
            if step.why is not None and self.guided is None:
                raise self.error("'why' belongs to a guided example (guided = \"<player>\")", step)
            if self.guided is None or step.kind != "play" or before.deal.to_act != self.guided:
                continue
            if step.ask is None:
                raise self.error(f"a guided example asks every play of {self.names[self.guided]}: "
                                 f"give this step an 'ask' and a 'note'", step)
            others = len(before.deal.legal_plays()) > 1
            if others and not step.why:
                raise self.error("another card is legal here: give a 'why' (why the script plays its card)", step)

    def _tells_it_is_hypothetical(self) -> bool:
        """Whether the title or the first note says the position is a "what if" (the catalogs translate both)."""
        first_note = next((step.note for step in self.steps if step.note), "")
        return any(_WHAT_IF.search(text) for text in (self.title, first_note))

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
            "dealer": names[deal.dealer],
            "cutter": next((names[e.cutter] for e in events if isinstance(e, ShuffledAndCut)), ""),
            "match_winner": next((names[e.seat] for e in events if isinstance(e, MatchWon)), ""),
            "match_score": next((list(e.deals_won) for e in events if isinstance(e, MatchWon)), []),
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
            elif key == "cuts":
                want = [f"{w.split()[0]} {Card.parse(w.split()[1]).code}" for w in wanted]
                got = [f"{names[seat]} {card.code}" for seat, card in self.cuts]
                if want != got:
                    raise fail("cuts", want, got)
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
    """Load a worked-example file (read by :func:`read_example`)."""
    return loads(read_example(path), source=str(path))


def read_example(path: str | Path) -> str:
    """The text of a worked-example file: a regular UTF-8 file of at most :data:`MAX_FILE_BYTES`.

    A device, a folder or a pipe is refused before it is opened (``/dev/zero`` never ends).
    """
    path = Path(path)
    try:
        if not stat.S_ISREG(path.stat().st_mode):
            raise ScenarioError(f"{path}: not a regular file (a device, a folder or a pipe)")
        with path.open("rb") as file:
            data = file.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise ScenarioError(f"{path}: cannot read: {error.strerror}") from None
    if len(data) > MAX_FILE_BYTES:
        raise ScenarioError(f"{path}: larger than {MAX_FILE_BYTES:,} bytes, too large for a worked example")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ScenarioError(f"{path}: not UTF-8 text: byte 0x{data[error.start]:02x} at offset {error.start}") from None


def loads(text: str, source: str = "<example>") -> Scenario:
    """Load a worked example from TOML text; ``source`` names it in errors."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ScenarioError(f"{source}: invalid TOML: {error}") from None
    except RecursionError:
        raise ScenarioError(f"{source}: invalid TOML: arrays or tables nested too deeply") from None
    return _build(data, source)


# ------------------------------------------------------------------ shapes

def _what(value: Any) -> str:
    """A value as an error shows it: its TOML type and its text, shortened to about 60 characters."""
    kinds = ((bool, "the boolean"), (int, "the integer"), (float, "the number"), (str, "the string"),
             (list, "the list"), (dict, "the table"))
    kind = next((name for cls, name in kinds if isinstance(value, cls)), f"the {type(value).__name__}")
    text = repr(value)
    return f"{kind} {text if len(text) <= 60 else text[:59] + '…'}"


class _Shapes:
    """Checks that each value of a worked example has the type and form its key needs.

    Every refusal reads ``<file>: <where>: '<key>' must be <what it needs>, got <what it is>``;
    a card or a suit that does not parse is named with its key and the card parser's reason.
    """

    def __init__(self, source: str, names: tuple[str, ...]) -> None:
        self.source = source
        self.names = names

    def fail(self, where: str, key: str, must: str, value: Any) -> ScenarioError:
        prefix = f"{self.source}: {where}: " if where else f"{self.source}: "
        return ScenarioError(f"{prefix}{key!r} must be {must}, got {_what(value)}")

    def check(self, table: Mapping[str, Any], shapes: Mapping[str, Callable[..., None]], where: str) -> None:
        """Refuse unknown keys, then check each known key's value."""
        unknown = sorted(set(table) - set(shapes))
        if unknown:
            prefix = f"{where}: " if where else "top level: "
            raise ScenarioError(f"{self.source}: {prefix}unknown key(s) {unknown}; known: {sorted(shapes)}")
        for key, value in table.items():
            shapes[key](self, where, key, value)


def _string(shapes: _Shapes, where: str, key: str, value: Any) -> None:
    if not isinstance(value, str):
        raise shapes.fail(where, key, "a string", value)


def _whole(shapes: _Shapes, where: str, key: str, value: Any) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise shapes.fail(where, key, "a whole number", value)


def _count(shapes: _Shapes, where: str, key: str, value: Any) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise shapes.fail(where, key, "a whole number from 0 up", value)


def _boolean(shapes: _Shapes, where: str, key: str, value: Any) -> None:
    if not isinstance(value, bool):
        raise shapes.fail(where, key, "true or false", value)


def _table(shapes: _Shapes, where: str, key: str, value: Any) -> None:
    if not isinstance(value, dict):
        raise shapes.fail(where, key, "a table", value)


def _tables(shapes: _Shapes, where: str, key: str, value: Any) -> None:
    if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
        raise shapes.fail(where, key, f"an array of tables ([[{key}]])", value)


def _strings(shapes: _Shapes, where: str, key: str, value: Any) -> None:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise shapes.fail(where, key, f"a list of strings, such as [\"{key[:-1]}-name\"]", value)


def _cards(shapes: _Shapes, where: str, key: str, value: Any) -> None:
    if not isinstance(value, str):
        raise shapes.fail(where, key, 'a string of cards, such as "KC 7S"', value)
    try:
        parse_cards(value)
    except InvalidCardError as error:
        raise ScenarioError(f"{shapes.source}: {where}: {key!r}: {error}") from None


def _card(shapes: _Shapes, where: str, key: str, value: Any) -> None:
    if not isinstance(value, str):
        raise shapes.fail(where, key, 'one card, such as "KC"', value)
    try:
        Card.parse(value)
    except InvalidCardError as error:
        raise ScenarioError(f"{shapes.source}: {where}: {key!r}: {error}") from None


def _suit(shapes: _Shapes, where: str, key: str, value: Any) -> None:
    if not isinstance(value, str):
        raise shapes.fail(where, key, 'a suit, such as "H"', value)
    if value:
        try:
            Suit.parse(value)
        except InvalidCardError as error:
            raise ScenarioError(f"{shapes.source}: {where}: {key!r}: {error}") from None


def _clause_ids(shapes: _Shapes, where: str, key: str, value: Any) -> None:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise shapes.fail(where, key, 'a list of clause IDs, such as ["follow-suit"]', value)
    for item in value:
        try:
            clause(item)
        except UnknownClauseError as error:
            raise ScenarioError(f"{shapes.source}: {key!r}: {error}") from None


def _counts(shapes: _Shapes, where: str, key: str, value: Any) -> None:
    if not isinstance(value, list) or not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0
                                              for n in value):
        raise shapes.fail(where, key, "a list of whole numbers from 0 up, one per player", value)


def _name(shapes: _Shapes, where: str, key: str, value: Any) -> None:
    if not isinstance(value, str) or value not in shapes.names:
        raise shapes.fail(where, key, f"one of the players {list(shapes.names)}", value)


def _name_or_nobody(shapes: _Shapes, where: str, key: str, value: Any) -> None:
    if value != "":
        _name(shapes, where, key, value)


def _names(shapes: _Shapes, where: str, key: str, value: Any) -> None:
    if not isinstance(value, list) or not all(isinstance(item, str) and item in shapes.names for item in value):
        raise shapes.fail(where, key, f"a list of players from {list(shapes.names)}", value)


def _per_player(shape: Callable[..., None]) -> Callable[..., None]:
    """A table from player names to values of ``shape`` (hands, tricks won)."""

    def check(shapes: _Shapes, where: str, key: str, value: Any) -> None:
        if not isinstance(value, dict):
            raise shapes.fail(where, key, f"a table of players, such as {{ {shapes.names[0]} = … }}", value)
        unknown = sorted(set(value) - set(shapes.names))
        if unknown:
            raise ScenarioError(f"{shapes.source}: {where}: {key!r} names {unknown} who are not players")
        for name, item in value.items():
            shape(shapes, where, f"{key}.{name}", item)

    return check


def _drawn(shapes: _Shapes, where: str, key: str, value: Any) -> None:
    must = f'a list of "player card" pairs, such as ["{shapes.names[0]} 9D"]'
    if not isinstance(value, list):
        raise shapes.fail(where, key, must, value)
    for item in value:
        parts = item.split() if isinstance(item, str) else []
        if len(parts) != 2 or parts[0] not in shapes.names:
            raise shapes.fail(where, key, must, item)
        _card(shapes, where, key, parts[1])


def _reason(shapes: _Shapes, where: str, key: str, value: Any) -> None:
    known = [reason.value for reason in EndReason]
    if value != "" and value not in known:
        raise shapes.fail(where, key, f'one of {known} (or "" while the deal goes on)', value)


#: What each key of a worked example holds.
_TOP_SHAPES: dict[str, Callable[..., None]] = {
    "title": _string, "summary": _string, "profile": _string, "variants": _strings, "players": _strings,
    "dealer": _name, "start": _table, "step": _tables, "expect": _table, "clauses": _clause_ids, "guided": _name,
    "refused_variants": _strings,
}
_START_SHAPES: dict[str, Callable[..., None]] = {
    "seed": _whole, "deck": _cards, "trump": _suit, "leader": _name, "stock": _cards,
    "hands": _per_player(_cards), "out": _names, "tricks_won": _per_player(_count), "turned": _card,
    "stock_size": _count, "hypothetical": _boolean, "match_seed": _whole, "deal": _count,
}
_EXPECT_SHAPES: dict[str, Callable[..., None]] = {
    "tricks": _names, "drawn": _drawn, "out": _names, "winner": _name_or_nobody, "hands": _per_player(_cards),
    "stock": _count, "trump": _suit, "to_act": _name_or_nobody, "reason": _reason, "over": _boolean,
    "dealer": _name, "cuts": _drawn, "cutter": _name_or_nobody, "match_winner": _name_or_nobody,
    "match_score": _counts,
}
_STEP_SHAPES: dict[str, Callable[..., None]] = {
    "play": _card, "try": _card, "name_trump": _suit, "by": _name, "note": _string, "ask": _string, "refused": _string,
    "expect": _table, "why": _string,
}


def _build(data: dict[str, Any], source: str) -> Scenario:
    for key in ("title", "players"):
        if key not in data:
            raise ScenarioError(f"{source}: missing {key!r}")
    names = data["players"]
    if not isinstance(names, list) or not all(isinstance(n, str) and n for n in names) or len(set(names)) != len(names):
        raise ScenarioError(f"{source}: 'players' must list distinct names, got {_what(names)}")
    shapes = _Shapes(source, tuple(names))
    shapes.check(data, _TOP_SHAPES, "")
    start = data.get("start", {})
    shapes.check(start, _START_SHAPES, "[start]")
    expect = data.get("expect", {})
    shapes.check(expect, _EXPECT_SHAPES, "[expect]")
    try:
        rules = Rules.from_names(data.get("profile", "standard"), data.get("variants", []))
        rules.hand_size(len(names))
    except (UnknownRuleError, ValueError) as error:
        raise ScenarioError(f"{source}: {error}") from None
    scenario = Scenario(
        source=source, title=data["title"], rules=rules, names=tuple(names), dealer=0,
        start=start, steps=(), expect=expect, summary=data.get("summary"),
    )
    dealer_name = data.get("dealer")
    dealer = scenario.seat(dealer_name, key="dealer") if dealer_name else (len(names) - 1)
    cuts: tuple[tuple[int, Card], ...] = ()
    if "match_seed" in start:
        dealer, cuts = _match_dealer(source, data, rules, tuple(names))
    steps = tuple(_build_step(scenario, shapes, i, raw) for i, raw in enumerate(data.get("step", []), start=1))
    return Scenario(
        source=source, title=data["title"], rules=rules, names=tuple(names), dealer=dealer,
        start=start, steps=steps, expect=expect, summary=data.get("summary"), clauses=tuple(data.get("clauses", ())),
        cuts=cuts, refused_setup=_refused_setup(source, data),
        guided=scenario.seat(data["guided"], key="guided") if "guided" in data else None,
    )


def _refused_setup(source: str, data: dict[str, Any]) -> IncompatibleVariantsError | None:
    """``refused_variants``: the engine's refusal of those variants together under the example's profile, which
    the example must name among its clauses; variants the engine accepts are an error."""
    if "refused_variants" not in data:
        return None
    variants = data["refused_variants"]
    try:
        Rules.from_names(data.get("profile", "standard"), variants)
    except IncompatibleVariantsError as refusal:
        if refusal.clause not in data.get("clauses", ()):
            raise ScenarioError(f"{source}: 'refused_variants': the engine refuses them by the rule "
                                f"{refusal.clause!r}; add it to the example's clauses") from None
        return refusal
    except UnknownRuleError as error:
        raise ScenarioError(f"{source}: 'refused_variants': {error}") from None
    raise ScenarioError(f"{source}: 'refused_variants': the engine accepts {variants!r} together; "
                        "name variants it refuses")


def _match_dealer(source: str, data: dict[str, Any], rules: Rules,
                  names: tuple[str, ...]) -> tuple[int, tuple[tuple[int, Card], ...]]:
    """A ``match_seed`` start: the dealer the match gives its deal and the cards cut for the first dealer; an
    example that also sets the dealer or the cards itself, or asks for deal 0, is an error."""
    start = data["start"]
    if "dealer" in data:
        raise ScenarioError(f"{source}: [start]: match_seed lets the engine choose the dealer as the rules do; "
                            f"leave out 'dealer' (got {data['dealer']!r})")
    given = [key for key in ("seed", "deck", "hands", "stock", "stock_size", "trump", "leader", "out", "tricks_won",
                             "turned", "hypothetical") if key in start]
    if given:
        raise ScenarioError(f"{source}: [start]: match_seed deals the cards itself; leave out {', '.join(given)}")
    number = start.get("deal", 1)
    if number < 1:
        raise ScenarioError(f"{source}: [start]: 'deal' must be 1 or more (the match's first deal is 1), "
                            f"got {number!r}")
    try:
        match = _match_deal(rules, names, start["match_seed"], number)[0]
    except ValueError as error:
        raise ScenarioError(f"{source}: [start]: {error}") from None
    return match.dealer, tuple(pair for cut in match.cuts for pair in cut.cards)


def _match_deal(rules: Rules, names: tuple[str, ...], seed: int, number: int) -> tuple[Any, Deal, tuple[Event, ...]]:
    """Deal number ``number`` of a match seeded ``seed``: the match, the deal and its setup events. The deals
    before it are played out by random bots (seeded by seat) and recorded, which passes the deal clockwise."""
    from .bots import RandomBot  # the bots bring the solver: imported only for a match start
    from .match import Match

    # The match's own length (3 deals won under last-card); a standard match has none, so it runs on.
    match = Match(rules, len(names), seed=seed, target=rules.default_match_target or number + 1, names=names)
    bots = [RandomBot(seat) for seat in range(len(names))]
    for _ in range(number - 1):
        if match.is_over:
            break
        deal, _events = match.next_deal()
        while not deal.is_over:
            deal.apply(bots[deal.to_act].choose(deal.view(deal.to_act)))  # type: ignore[index]
        match.record(deal.outcome)  # type: ignore[arg-type]
    if match.is_over:
        last = len(match.result.outcomes)
        raise ValueError(f"the match seeded {seed} is over after deal {last}, won by "
                         f"{names[match.result.winner]}: ask for deal {last} or earlier")  # type: ignore[index]
    deal, events = match.next_deal()
    return match, deal, events


def _build_step(scenario: Scenario, shapes: _Shapes, number: int, raw: dict[str, Any]) -> Step:
    probe = Step(number, "play")
    shapes.check(raw, _STEP_SHAPES, f"step {number}")
    actions = [k for k in ("play", "try", "name_trump") if k in raw]
    if len(actions) != 1:
        raise scenario.error("give exactly one of 'play', 'try' or 'name_trump'", probe)
    kind = actions[0]
    try:  # the shapes allow "" for a suit (an expected trump of none); a suit to name must be one
        card = Card.parse(raw[kind]) if kind != "name_trump" else None
        suit = Suit.parse(raw[kind]) if kind == "name_trump" else None
    except InvalidCardError as error:
        raise scenario.error(f"{kind!r}: {error}", probe) from None
    try:
        refused = RefusalKind(raw["refused"]) if "refused" in raw else None
    except ValueError:
        known = [k.value for k in RefusalKind]
        raise scenario.error(f"refused {raw['refused']!r} is not a rule; known: {known}", probe) from None
    expect = raw.get("expect", {})
    shapes.check(expect, _EXPECT_SHAPES, f"step {number}: [step.expect]")
    by = scenario.seat(raw["by"], probe, key="by") if "by" in raw else None
    why = raw.get("why")
    if why is not None and "ask" not in raw:
        raise scenario.error("'why' explains the answer to a question: it needs an 'ask'", probe)
    return Step(number, kind, card=card, suit=suit, by=by, note=raw.get("note"), refused=refused, expect=expect,
                ask=_question(scenario, probe, kind, raw), why=why.strip() if why else None)


def _question(scenario: Scenario, probe: Step, kind: str, raw: dict[str, Any]) -> str | None:
    """A step's ``ask``: a question about the card played (or the suit named), answered by its ``note``."""
    if "ask" not in raw:
        return None
    ask = raw["ask"]
    if not isinstance(ask, str) or not ask.strip():
        raise scenario.error(f"'ask' must be a non-empty text, got {ask!r}", probe)
    if kind == "try":
        raise scenario.error("'ask' belongs on a 'play' or 'name_trump' step: the answer is what the step does, "
                             "and a 'try' is refused", probe)
    note = raw.get("note")
    if not isinstance(note, str) or not note.strip():
        raise scenario.error("a step with 'ask' needs a 'note': it explains the answer", probe)
    return ask.strip()
