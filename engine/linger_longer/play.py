"""The Play page's engine: a deal or a match against computer opponents, as JSON in and out.

The browser's worker (Pyodide) and the tests (CPython) call the same
functions. Nothing is kept between calls: the page holds a *record* (the
settings and every action played so far, deal by deal) and hands it back with
each request; the engine rebuilds the game from it. The computer players are
seeded from the game's seed, the deal and the move number, so a record always
continues the same way, on CPython and in Pyodide alike.

>>> view = new_game(Settings(players=4, seed=5, seat=0))
>>> view["your_turn"] or view["deal"]["over"]
True
>>> card = next(c["card"] for c in view["choices"] if c["legal"])
>>> after = play(view["record"], card)
>>> len(after["record"]["deals"][0]) > len(view["record"]["deals"][0])
True
>>> decode_query(encode_query(Settings(players=5, variants=("no-trump",), seed=9))) == \\
...     Settings(players=5, variants=("no-trump",), seed=9)
True
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass, field
from html import escape
from typing import Any, Iterable, Mapping
from urllib.parse import parse_qsl, urlencode

from .bots import Bot, MonteCarloBot, RuleOfThumbBot, make_bot
from .cards import Card, InvalidCardError, Suit
from .events import CardDrawn, CardPlayed, Event, PlayerOut, TrickWon
from .game import Deal, IllegalPlayError, Phase, seat_names
from .match import Match
from .narrate import N_, Narrator, card_name, refusal_text, suit_name, translator
from .rules import _TRUMP_VARIANTS, MAX_PLAYERS, MIN_PLAYERS, Profile, Rules, UnknownRuleError, Variant
from .walkthrough import TrickTable, hand_choices, render_step_html, table_view

__all__ = [
    "MODES", "OTHER_VARIANTS", "PLAY_LABELS", "TRUMP_VARIANTS", "STRENGTHS", "HINT_SAMPLES", "PlayError", "Settings", "compare", "decode_query",
    "encode_query", "export_toml", "hint", "new_game", "next_deal", "play", "state", "undo",
    "new_game_json", "play_json", "undo_json", "next_deal_json", "hint_json", "export_json", "compare_json",
    "decode_query_json", "state_json", "play_labels",
]

#: Single deal, or a match won by the first to win 3 or 5 deals.
MODES = {"deal": 1, "match-3": 3, "match-5": 5}
#: The opponents' strengths, by the names the page and the URL use.
STRENGTHS = ("random", "rule-of-thumb", "monte-carlo")
#: The variants that decide where trump comes from (at most one is on; the page offers them as one choice).
TRUMP_VARIANTS = tuple(v.value for v in _TRUMP_VARIANTS)
#: The other variants, each on or off.
OTHER_VARIANTS = tuple(v.value for v in Variant if v not in _TRUMP_VARIANTS)
#: Sampled deals per move of the strong opponent (fits its browser budget: see tools/bench_bots.py).
MONTE_CARLO_SAMPLES = 100
#: Sampled deals behind a hint.
HINT_SAMPLES = 60
#: The largest seed: the page's JavaScript holds numbers exactly up to 2**53 - 1 (Number.MAX_SAFE_INTEGER).
MAX_SEED = 2**53 - 1
#: The record format's version.
RECORD_VERSION = 1

#: Words of the Play page, from the engine's catalogs (see :mod:`linger_longer.labels`).
PLAY_LABELS: dict[str, str] = {
    "settings": N_("Game settings"),
    "players": N_("Players"),
    "profile": N_("Rules profile"),
    "variants": N_("Variants"),
    "mode": N_("Game"),
    "mode_deal": N_("A single deal"),
    "mode_match-3": N_("A match to 3 deals"),
    "mode_match-5": N_("A match to 5 deals"),
    "seat": N_("Your seat"),
    "strength": N_("Opponents"),
    "strength_random": N_("Random"),
    "strength_rule-of-thumb": N_("Rule of thumb"),
    "strength_monte-carlo": N_("Strong (samples deals)"),
    "seed": N_("Deal number (seed)"),
    "start_game": N_("Start"),
    "controls": N_("Game controls"),
    "your_turn": N_("Your turn: choose a card."),
    "name_trump": N_("Name the trump suit."),
    "waiting": N_("The computer is playing…"),
    "undo": N_("Undo my last card"),
    "hint": N_("Hint"),
    "next_deal": N_("Next deal"),
    "export": N_("Export as a worked example"),
    "compare": N_("Compare the profiles"),
    "share": N_("Link to this deal"),
    "log": N_("The deal so far"),
    "score": N_("Score"),
    "deals_won": N_("Deals won"),
    "chips_a": N_("Chips (option A)"),
    "chips_b": N_("Chips (option B)"),
    "deal_number": N_("Deal {number}"),
    "cards_in_hand": N_("{count} cards in hand"),
    "match_won": N_("{player} wins the match."),
    "deal_won": N_("{player} wins the deal."),
    "your_seat": N_("{seat} (you)"),
    "new_seed": N_("New deal number"),
    "profile_standard": N_("Standard"),
    "profile_last-card": N_("Last card"),
    "trump_source": N_("Trump"),
    "trump_dealer": N_("The dealer's last card"),
    "variant_draw-per-card": N_("Draw per card"),
    "variant_no-trump": N_("No trump"),
    "variant_random-trump": N_("Random trump"),
    "variant_grand-coup": N_("Grand coup"),
    "variant_long-hand": N_("Long hand"),
    "variant_eliminate-before-draw": N_("Eliminate before drawing"),
    "noscript": N_("The Play page runs the rules engine in your browser: turn on JavaScript to play."),
    "player": N_("Player"),
    "hint_is": N_("Hint: {sentence}"),
    "link_copied": N_("The link to this deal is copied."),
    "download": N_("Download {filename}"),
    "export_intro": N_("Save this file in tutorial/examples/ to make it a walkthrough, or replay it with "
                       "python -m linger_longer replay."),
    "parts_here": N_("The profiles part here"),
    "trick_number": N_("Trick {number}"),
    "followed": N_("Both columns replay the first {count} moves of your deal; then rule-of-thumb players finish it."),
    "stock_clock": N_("Stock: {count} of {total} cards left"),
    "outcome_tricks": N_("{player} wins after {tricks} tricks."),
    "not_saved": N_("This browser cannot store the game (its storage is full or off): you can go on "
                    "playing, but reloading the page starts a new game."),
    "engine_failed": N_("The live engine could not start, so the game cannot be played on this page. "
                        "Reload the page to try again."),
}

N_("Nothing to undo: you have not played a card in this deal yet.")
N_("It is not your turn.")
N_("The deal is over.")
N_("The deal is not over yet.")
N_("The match is over.")
N_("{card} is the only card you may play.")
N_("{card} won the deal in {percent}% of {samples} sampled deals; the next best card, {other}, "
   "won {other_percent}%.")
N_("Name {suit}: it won the deal in {percent}% of {samples} sampled deals; the next best suit, {other}, "
   "won {other_percent}%.")
N_("Under both profiles this deal goes the same way to its end: it was over before the stock ran out, "
   "and the profiles differ only once it does.")
N_("The profiles part at trick {trick}: the last card of the stock is drawn there, which ends the deal "
   "under last-card, while under standard play goes on.")
N_("The profiles part at trick {trick}.")


def play_labels(lang: str) -> dict[str, str]:
    """Every Play page word in ``lang`` (English where a translation is missing or has other placeholders)."""
    from .labels import _checked

    gettext = translator(lang).gettext
    return {key: _checked(gettext(message), message) for key, message in PLAY_LABELS.items()}


#: The longest text of a reader's own value that a refusal quotes (a longer one is cut, with "…").
MAX_QUOTED = 60


class PlayError(ValueError):
    """A request the game cannot carry out; the message is an English msgid with values, translated on output.

    The reader's own values (``value``, ``keys``) are quoted at most :data:`MAX_QUOTED` characters long.
    """

    def __init__(self, message: str, **values: object) -> None:
        self.msgid = message
        self.values = {key: _shortened(value) if key in ("value", "keys") else value for key, value in values.items()}
        super().__init__(message.format(**self.values))

    def text(self, lang: str) -> str:
        """The message in ``lang``."""
        return _t(lang, self.msgid, **self.values)


def _shortened(value: object) -> object:
    """A text longer than :data:`MAX_QUOTED` characters cut to that length, ending with "…"."""
    if isinstance(value, str) and len(value) > MAX_QUOTED:
        return value[:MAX_QUOTED - 1] + "…"
    return value


def _rules_refusal(profile: object, variants: Iterable[object]) -> PlayError:
    """The translatable refusal of a profile or variant the engine does not know, or of variants it cannot combine."""
    profiles = [p.value for p in Profile]
    if getattr(profile, "value", profile) not in profiles:
        return PlayError(N_("profile: {value!r} is not one of {known}."), value=profile, known=", ".join(profiles))
    names = [getattr(v, "value", v) for v in variants]
    known = [v.value for v in Variant]
    for name in names:
        if name not in known:
            return PlayError(N_("variants: {value!r} is not one of {known}."), value=name, known=", ".join(known))
    trump = ", ".join(v.value for v in _TRUMP_VARIANTS if v.value in names)
    return PlayError(N_("variants: {names} cannot be played together: each decides where trump comes from."),
                     names=trump)


def _t(lang: str, message: str, **values: object) -> str:
    translated = translator(lang).gettext(message)
    try:
        return translated.format(**values)
    except (KeyError, IndexError, ValueError):
        return message.format(**values)


# ------------------------------------------------------------------ settings

@dataclass(frozen=True)
class Settings:
    """Everything that decides a game: with the human's choices, it replays exactly."""

    players: int = 4
    profile: str = "standard"
    variants: tuple[str, ...] = ()
    seed: int = 0
    mode: str = "deal"
    seat: int = 0
    strength: str = "rule-of-thumb"

    def __post_init__(self) -> None:
        if not isinstance(self.players, int) or not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise PlayError(N_("players: {value!r} is not a number from {low} to {high}."),
                            value=self.players, low=MIN_PLAYERS, high=MAX_PLAYERS)
        try:
            rules = Rules.from_names(self.profile, self.variants)
        except UnknownRuleError:
            raise _rules_refusal(self.profile, self.variants) from None
        # Variants in their declared order, each once, so equal settings have one spelling.
        object.__setattr__(self, "variants", rules.variant_names)
        if isinstance(self.seed, bool) or not isinstance(self.seed, int) or not 0 <= self.seed <= MAX_SEED:
            raise PlayError(N_("seed: {value!r} is not a whole number from 0 to {high}."), value=self.seed, high=MAX_SEED)
        if self.mode not in MODES:
            raise PlayError(N_("mode: {value!r} is not one of {known}."), value=self.mode, known=", ".join(MODES))
        if not isinstance(self.seat, int) or not 0 <= self.seat < self.players:
            raise PlayError(N_("seat: {value!r} is not a seat at a table of {players}."),
                            value=self.seat, players=self.players)
        if self.strength not in STRENGTHS:
            raise PlayError(N_("opponents: {value!r} is not one of {known}."),
                            value=self.strength, known=", ".join(STRENGTHS))

    @property
    def rules(self) -> Rules:
        """The rules object of the profile and variants."""
        return Rules.from_names(self.profile, self.variants)

    @property
    def target(self) -> int:
        """Deals needed to win: 1 for a single deal."""
        return MODES[self.mode]

    def to_json(self) -> dict[str, Any]:
        """JSON-ready settings."""
        data = asdict(self)
        data["variants"] = list(self.variants)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Settings:
        """Settings from :meth:`to_json` (unknown keys are refused)."""
        unknown = sorted(set(data) - set(cls.__dataclass_fields__))
        if unknown:
            raise PlayError(N_("unknown settings: {keys}."), keys=", ".join(unknown))
        values = dict(data)
        if "variants" in values:
            values["variants"] = tuple(values["variants"])
        return cls(**values)


_QUERY_KEYS = ("players", "profile", "variants", "mode", "seat", "bot", "seed")
_INT = re.compile(r"[0-9]{1,19}")


def encode_query(settings: Settings) -> str:
    """The settings as a URL query string (without ``?``), keys in a fixed order.

    >>> encode_query(Settings(players=4, seed=42, mode="match-3", seat=2))
    'players=4&profile=standard&variants=&mode=match-3&seat=C&bot=rule-of-thumb&seed=42'
    """
    return urlencode([
        ("players", settings.players), ("profile", settings.profile), ("variants", ",".join(settings.variants)),
        ("mode", settings.mode), ("seat", seat_names(settings.players)[settings.seat]),
        ("bot", settings.strength), ("seed", settings.seed),
    ], safe=",")


def decode_query(query: str, default_seed: int | None = None) -> Settings:
    """Settings from a URL query string (with or without ``?``); missing keys take their defaults.

    Keys the page does not use are ignored (links pick up such keys on the way); a known key with a
    bad value, or given twice, is an error naming the key and the value. Without ``seed`` the
    ``default_seed`` is used, and without that an error is raised: the page draws one at random.
    """
    pairs = parse_qsl(query.lstrip("?"), keep_blank_values=True)
    values: dict[str, str] = {}
    for key, value in pairs:
        if key not in _QUERY_KEYS:
            continue
        if key in values:
            raise PlayError(N_("{key}: given twice."), key=key)
        values[key] = value
    settings: dict[str, Any] = {}
    players = values.get("players", "4")
    if not _INT.fullmatch(players) or not MIN_PLAYERS <= int(players) <= MAX_PLAYERS:
        raise PlayError(N_("players: {value!r} is not a number from {low} to {high}."),
                        value=players, low=MIN_PLAYERS, high=MAX_PLAYERS)
    settings["players"] = int(players)
    settings["profile"] = values.get("profile", "standard")
    variants = values.get("variants", "")
    settings["variants"] = tuple(v for v in variants.split(",") if v)
    settings["mode"] = values.get("mode", "deal")
    names = seat_names(settings["players"])
    seat = values.get("seat", "A")
    if seat not in names:
        raise PlayError(N_("seat: {value!r} is not one of {known}."), value=seat, known=", ".join(names))
    settings["seat"] = names.index(seat)
    settings["strength"] = values.get("bot", "rule-of-thumb")
    if "seed" in values:
        seed = values["seed"]
        if not _INT.fullmatch(seed) or int(seed) > MAX_SEED:
            raise PlayError(N_("seed: {value!r} is not a whole number from 0 to {high}."), value=seed, high=MAX_SEED)
        settings["seed"] = int(seed)
    elif default_seed is not None:
        settings["seed"] = default_seed
    else:
        raise PlayError(N_("seed: missing."))
    return Settings(**settings)


# -------------------------------------------------------------------- game

def _bot_seed(seed: int, deal_index: int, ply: int, salt: int = 0) -> int:
    """A bot's seed for one move: the same game, deal and move always give the same seed."""
    return (seed * 1_000_003 + deal_index * 10_007 + ply * 101 + salt) % (2**63)


def _opponent(strength: str, seed: int) -> Bot:
    if strength == MonteCarloBot.name:
        return MonteCarloBot(seed, samples=MONTE_CARLO_SAMPLES)
    return make_bot(strength, seed)


def _parse_action(text: str) -> Card | Suit:
    try:
        return Suit.parse(text) if len(text) == 1 else Card.parse(text)
    except (InvalidCardError, ValueError):
        raise PlayError(N_("{value!r} is neither a card nor a suit."), value=text) from None


def _code(action: Card | Suit) -> str:
    return action.letter if isinstance(action, Suit) else action.code


@dataclass
class _DealState:
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


class _Game:
    """A game rebuilt from settings and recorded actions."""

    def __init__(self, settings: Settings, deals: Iterable[Iterable[str]] = ((),)) -> None:
        self.settings = settings
        self.match = Match(settings.rules, settings.players, target=settings.target, seed=settings.seed)
        self.deals: list[_DealState] = []
        for actions in deals:
            self._start_deal()
            for code in actions:
                self._apply(_parse_action(code))

    @property
    def current(self) -> _DealState:
        return self.deals[-1]

    def _start_deal(self) -> None:
        if self.deals and not self.current.deal.is_over:
            raise PlayError(N_("The deal is not over yet."))
        if self.match.is_over:
            raise PlayError(N_("The match is over."))
        rng_state = self.match.rng.getstate()
        seed = self.match.rng.getrandbits(63)
        self.match.rng.setstate(rng_state)  # next_deal draws the same seed again
        deal, setup = self.match.next_deal()
        self.deals.append(_DealState(len(self.deals), seed, deal.dealer, deal, setup, deal.stock_size))

    def _apply(self, action: Card | Suit) -> None:
        state = self.current
        deal = state.deal
        if deal.is_over:
            raise PlayError(N_("The deal is over."))
        seat = deal.to_act
        try:
            events = deal.apply(action)
        except IllegalPlayError as error:
            raise PlayError("{reason}", reason=str(error)) from None
        state.actions.append(_code(action))
        state.seats.append(seat)  # type: ignore[arg-type]
        state.events.append(events)
        if deal.is_over:
            self.match.record(deal.outcome)  # type: ignore[arg-type]

    def bots_play(self) -> None:
        """The computer plays every seat but the human's until the human is to act or the deal ends."""
        state = self.current
        deal = state.deal
        while not deal.is_over and deal.to_act != self.settings.seat:
            bot = _opponent(self.settings.strength, _bot_seed(self.settings.seed, state.index, len(state.actions)))
            self._apply(bot.choose(deal))

    def human_play(self, action: Card | Suit, lang: str) -> str | None:
        """Apply the human's action; returns the translated reason if the rules refuse it."""
        deal = self.current.deal
        if deal.is_over:
            raise PlayError(N_("The deal is over."))
        if deal.to_act != self.settings.seat:
            raise PlayError(N_("It is not your turn."))
        if isinstance(action, Card):
            refusal = deal.refusal(action)
            if refusal is not None:
                return refusal_text(refusal, lang, deal.names)
        elif deal.phase is not Phase.NAME_TRUMP:
            raise PlayError(N_("{value!r} is neither a card nor a suit."), value=action.letter)
        self._apply(action)
        self.bots_play()
        return None

    def deal_at(self, number: int | None) -> tuple[int, _DealState]:
        """The deal numbered ``number`` (from 1), or the current one; its index and state."""
        index = len(self.deals) - 1 if number is None else number - 1
        if not 0 <= index < len(self.deals):
            raise PlayError(N_("there is no deal {number}."), number=number)
        return index, self.deals[index]

    def record(self) -> dict[str, Any]:
        return {"version": RECORD_VERSION, "settings": self.settings.to_json(),
                "deals": [list(d.actions) for d in self.deals]}


def _load(record: Mapping[str, Any] | str) -> _Game:
    if isinstance(record, str):
        record = json.loads(record)
    if not isinstance(record, Mapping) or record.get("version") != RECORD_VERSION:
        raise PlayError(N_("not a game record of version {version}."), version=RECORD_VERSION)
    settings = Settings.from_json(record["settings"])
    deals = record.get("deals") or [[]]
    return _Game(settings, deals)


# -------------------------------------------------------------------- views

def _hidden_hand_html(count: int, lang: str) -> str:
    words = _t(lang, PLAY_LABELS["cards_in_hand"], count=count)
    backs = '<span class="ll-card ll-back" aria-hidden="true"></span>' * count
    return f'<span class="ll-hand ll-hidden" role="img" aria-label="{escape(words)}">{backs}</span>'


def _render(step: dict[str, Any], lang: str, prefix: str, names: list[str], hidden: Mapping[int, int]) -> str:
    """The walkthrough's table renderer, with the opponents' hands face down."""
    html = render_step_html(step, lang, prefix, names)
    for seat, count in hidden.items():
        start = html.index(f'data-seat="{seat}"')
        at = html.index('<span class="ll-hand"', start)
        end = html.index("</span></li>", at) + len("</span>")  # the hand closes its seat
        html = html[:at] + _hidden_hand_html(count, lang) + html[end:]
    return html


def _score(game: _Game) -> dict[str, Any]:
    result = game.match.result
    return {
        "target": game.settings.target,
        "deals_played": len(result.outcomes),
        "deals_won": list(result.deals_won),
        "chips_a": list(result.chips_a),
        "chips_b": list(result.chips_b),
        "winner": result.winner,
    }


def _view_of(game: _Game, lang: str, refused: str | None = None) -> dict[str, Any]:
    settings = game.settings
    state = game.current
    deal = state.deal
    human = settings.seat
    narrator = Narrator(lang, deal.names, None)
    log = narrator.narrate(state.setup)
    table = TrickTable()
    last_human = max((i for i, s in enumerate(state.seats) if s == human), default=-1)
    recent: list[str] = []
    for i, events in enumerate(state.events):
        table.see(events)
        sentences = narrator.narrate(events)
        log.extend(sentences)
        if i >= last_human:
            recent.extend(sentences)
    if not state.events:
        recent = list(log)
    view = table_view(deal, table)
    over = deal.is_over
    your_turn = not over and deal.to_act == human
    hidden = {s: len(deal.hand(s)) for s in range(deal.players) if s != human and not over}
    for seat, count in hidden.items():
        view["seats"][seat]["hand"] = []
        view["seats"][seat]["hidden"] = count
    choices = hand_choices(deal, lang) if your_turn else []
    step = {"table": view, "choices": choices}
    names = list(deal.names)
    shown = list(names)  # the table marks the human's seat
    shown[human] = _t(lang, PLAY_LABELS["your_seat"], seat=names[human])
    outcome = deal.outcome
    match_over = game.match.is_over
    return {
        "lang": lang,
        "settings": settings.to_json(),
        "query": encode_query(settings),
        "record": game.record(),
        "players": names,
        "human": human,
        "deal": {
            # The deal's own seed is drawn from the game's (up to 2**63): a string, exact in JavaScript.
            "number": state.index + 1, "seed": str(state.seed), "dealer": state.dealer, "over": over,
            "stock_at_start": state.stock_at_start,
            "outcome": {"winner": outcome.winner, "reason": outcome.reason.value} if outcome else None,
        },
        "table": view,
        "choices": choices,
        "your_turn": your_turn,
        "name_trump": your_turn and deal.phase is Phase.NAME_TRUMP,
        "suits": ([{"suit": s.letter, "symbol": s.symbol, "name": suit_name(s, lang)} for s in Suit]
                  if your_turn and deal.phase is Phase.NAME_TRUMP else []),
        "html": _render(step, lang, f"play-{state.index}-{len(state.actions)}", shown, hidden),
        "log": log,
        "recent": recent,
        "refused": refused,
        "score": _score(game),
        "can_undo": any(s == human for s in state.seats),
        "can_next": over and not match_over,
        "match_over": match_over,
    }


def state(record: Mapping[str, Any] | str, lang: str = "en") -> dict[str, Any]:
    """The view of a recorded game as it stands."""
    return _view_of(_load(record), lang)


def new_game(settings: Settings, lang: str = "en") -> dict[str, Any]:
    """Deal the first deal and let the computer play until it is the human's turn."""
    game = _Game(settings)
    game.bots_play()
    return _view_of(game, lang)


def play(record: Mapping[str, Any] | str, action: str, lang: str = "en") -> dict[str, Any]:
    """The human plays ``action`` (a card code such as ``KC``, or a suit letter when naming trump).

    A card the rules refuse changes nothing: the view comes back with ``refused`` set to the reason.
    """
    game = _load(record)
    refused = game.human_play(_parse_action(action), lang)
    return _view_of(game, lang, refused)


def undo(record: Mapping[str, Any] | str, lang: str = "en") -> dict[str, Any]:
    """Take back the human's last action in the current deal, and the computer's actions after it."""
    game = _load(record)
    state_ = game.current
    human = game.settings.seat
    mine = [i for i, s in enumerate(state_.seats) if s == human]
    if not mine:
        raise PlayError(N_("Nothing to undo: you have not played a card in this deal yet."))
    deals = [list(d.actions) for d in game.deals]
    deals[-1] = deals[-1][:mine[-1]]
    return _view_of(_Game(game.settings, deals), lang)


def next_deal(record: Mapping[str, Any] | str, lang: str = "en") -> dict[str, Any]:
    """In a match, deal the next deal (the deal passes clockwise) once the current one is over."""
    game = _load(record)
    game._start_deal()
    game.bots_play()
    return _view_of(game, lang)


def hint(record: Mapping[str, Any] | str, lang: str = "en", samples: int = HINT_SAMPLES) -> dict[str, Any]:
    """The card (or suit) the strong opponent would choose in the human's place, and why, in one sentence."""
    game = _load(record)
    state_ = game.current
    deal = state_.deal
    if deal.is_over:
        raise PlayError(N_("The deal is over."))
    if deal.to_act != game.settings.seat:
        raise PlayError(N_("It is not your turn."))
    bot = MonteCarloBot(_bot_seed(game.settings.seed, state_.index, len(state_.actions), salt=7), samples=samples)
    choice = bot.choose(deal)
    naming = isinstance(choice, Suit)

    def shown(action: Card | Suit) -> str:
        return suit_name(action, lang) if isinstance(action, Suit) else action.label(lang)

    ranked = sorted(bot.last_scores, key=lambda m: -bot.last_scores[m])
    if len(ranked) == 1:
        sentence = _t(lang, "{card} is the only card you may play.", card=shown(choice))
        other = None
    else:
        other = next(m for m in ranked if m != choice)
        values = dict(percent=round(100 * bot.last_wins[choice]), samples=samples,
                      other=shown(other), other_percent=round(100 * bot.last_wins[other]))
        if naming:
            sentence = _t(lang, "Name {suit}: it won the deal in {percent}% of {samples} sampled deals; "
                          "the next best suit, {other}, won {other_percent}%.", suit=shown(choice), **values)
        else:
            sentence = _t(lang, "{card} won the deal in {percent}% of {samples} sampled deals; the next best "
                          "card, {other}, won {other_percent}%.", card=shown(choice), **values)
    return {
        "action": _code(choice),
        "name": suit_name(choice, lang) if naming else card_name(choice, lang),  # type: ignore[arg-type]
        "sentence": sentence,
        "samples": samples,
        "wins": {_code(m): bot.last_wins.get(m) for m in ranked},
        "scores": {_code(m): bot.last_scores[m] for m in ranked},
    }


# ------------------------------------------------------------------- export

def _toml_string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)  # a JSON string is a valid TOML basic string


def export_toml(record: Mapping[str, Any] | str, deal_number: int | None = None) -> str:
    """A deal of the game as a worked-example file (``python -m linger_longer replay FILE`` accepts it).

    The start is the deal's seed and dealer; every action is a step with ``by``; a finished deal
    expects its winner.
    """
    game = _load(record)
    index, state_ = game.deal_at(deal_number)
    settings = game.settings
    names = list(state_.deal.names)
    lines = [
        f"title = {_toml_string(f'Deal {index + 1} played on the Play page (seed {settings.seed})')}",
        f"profile = {_toml_string(settings.profile)}",
        "variants = [" + ", ".join(_toml_string(v) for v in settings.variants) + "]",
        "players = [" + ", ".join(_toml_string(n) for n in names) + "]",
        f"dealer = {_toml_string(names[state_.dealer])}",
        f"summary = {_toml_string('Play page: ' + encode_query(settings))}",
        "",
        "[start]",
        f"seed = {state_.seed}",
    ]
    for code, seat in zip(state_.actions, state_.seats):
        key = "name_trump" if len(code) == 1 else "play"
        lines += ["", "[[step]]", f"{key} = {_toml_string(code)}", f"by = {_toml_string(names[seat])}"]
    outcome = state_.deal.outcome
    if outcome is not None:
        lines += ["", "[expect]", f"winner = {_toml_string(names[outcome.winner])}",
                  f"reason = {_toml_string(outcome.reason.value)}"]
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------ compare

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
    deal, setup = Deal.deal(rules, players, seed=seed, dealer=dealer)
    events: list[Event] = list(setup)
    followed = 0
    for code in actions:
        if deal.is_over:
            break
        action = _parse_action(code)
        if isinstance(action, Card) and deal.refusal(action) is not None:
            break
        if isinstance(action, Suit) and deal.phase is not Phase.NAME_TRUMP:
            break
        events.extend(deal.apply(action))
        followed += 1
    ply = 0
    while not deal.is_over:
        events.extend(deal.apply(RuleOfThumbBot(_bot_seed(seed, 0, ply)).choose(deal)))
        ply += 1
    outcome = deal.outcome
    assert outcome is not None
    return {
        "profile": rules.profile.value,
        "followed": followed,
        "tricks": _trick_summaries(events, Narrator(lang, deal.names)),
        "outcome": {"winner": outcome.winner, "reason": outcome.reason.value, "tricks": outcome.tricks_played,
                    "stock_left": deal.stock_size},
    }


def compare(record: Mapping[str, Any] | str, lang: str = "en", deal_number: int | None = None) -> dict[str, Any]:
    """The deal played under ``standard`` and under ``last-card`` with the same seed, dealer and choices.

    Both lines follow the recorded actions (yours and the computer's) while they stay legal; where the
    record ends, or no longer fits, rule-of-thumb players finish the deal at every seat. ``parts_at``
    is the first trick whose cards, winner, draws, players out or end differ; None when they never do.
    """
    game = _load(record)
    index, state_ = game.deal_at(deal_number)
    settings = game.settings
    lines = [
        _line(Rules.from_names(profile, settings.variants), settings.players, state_.seed, state_.dealer,
              state_.actions, lang)
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
        sentence = _t(lang, "Under both profiles this deal goes the same way to its end: it was over before the "
                      "stock ran out, and the profiles differ only once it does.")
    else:
        trick = last_card[parts_at - 1] if parts_at <= len(last_card) else None
        if (trick is not None and trick["end"] and trick["end"]["reason"] == "stock-exhausted"
                and len(standard) > parts_at):  # standard really goes on after that trick
            sentence = _t(lang, "The profiles part at trick {trick}: the last card of the stock is drawn there, "
                          "which ends the deal under last-card, while under standard play goes on.", trick=parts_at)
        else:
            sentence = _t(lang, "The profiles part at trick {trick}.", trick=parts_at)
    return {"deal": index + 1, "seed": str(state_.seed), "dealer": state_.dealer, "lines": lines,
            "parts_at": parts_at, "sentence": sentence}


# ------------------------------------------------------------ JSON bridge

def _json(call: Any, lang: str) -> str:
    try:
        result = call()
    except PlayError as error:
        result = {"error": error.text(lang)}
    return json.dumps(result, ensure_ascii=False, sort_keys=True)


def new_game_json(settings_json: str, lang: str) -> str:
    """:func:`new_game` from settings as JSON (see :meth:`Settings.to_json`)."""
    return _json(lambda: new_game(Settings.from_json(json.loads(settings_json)), lang), lang)


def decode_query_json(query: str, default_seed: int, lang: str) -> str:
    """The settings of a URL query string as JSON, or ``{"error": ...}``."""
    return _json(lambda: decode_query(query, default_seed).to_json(), lang)


def state_json(record_json: str, lang: str) -> str:
    """:func:`state` as JSON."""
    return _json(lambda: state(record_json, lang), lang)


def play_json(record_json: str, action: str, lang: str) -> str:
    """:func:`play` as JSON."""
    return _json(lambda: play(record_json, action, lang), lang)


def undo_json(record_json: str, lang: str) -> str:
    """:func:`undo` as JSON."""
    return _json(lambda: undo(record_json, lang), lang)


def next_deal_json(record_json: str, lang: str) -> str:
    """:func:`next_deal` as JSON."""
    return _json(lambda: next_deal(record_json, lang), lang)


def hint_json(record_json: str, lang: str) -> str:
    """:func:`hint` as JSON."""
    return _json(lambda: hint(record_json, lang), lang)


def export_json(record_json: str, lang: str) -> str:
    """:func:`export_toml` as JSON: ``{"toml": ..., "filename": ...}``."""
    def run() -> dict[str, str]:
        game = _load(record_json)
        return {"toml": export_toml(record_json),
                "filename": f"play-{game.settings.seed}-deal-{len(game.deals)}.toml"}
    return _json(run, lang)


def compare_json(record_json: str, lang: str) -> str:
    """:func:`compare` as JSON."""
    return _json(lambda: compare(record_json, lang), lang)
