"""The Play page's settings and their URL query: everything that decides a game, in one spelling.

>>> decode_query(encode_query(Settings(players=5, variants=("no-trump",), seed=9))) == \\
...     Settings(players=5, variants=("no-trump",), seed=9)
True
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from typing import Any, Iterable, Mapping
from urllib.parse import parse_qsl, urlencode

from ..game import seat_names
from ..i18n import N_
from ..rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    TRUMP_VARIANTS,
    IncompatibleVariantsError,
    Profile,
    RuleError,
    Rules,
    Variant,
)
from .errors import PlayError

__all__ = [
    "MAX_SEED", "MODES", "OTHER_VARIANT_NAMES", "QUERY_KEYS", "SCORINGS", "STRENGTHS", "TRUMP_VARIANT_NAMES", "Settings",
    "decode_query", "encode_query", "trump_variants_refusal",
]

#: Single deal, or a match won by the first to win 3 or 5 deals.
MODES = {"deal": 1, "match-3": 3, "match-5": 5}
#: How the page scores: deals won only, or chips too, by option A (the winner's tricks) or B (who went out).
SCORINGS = ("deals", "chips-a", "chips-b")
#: The opponents' strengths, by the names the page and the URL use.
STRENGTHS = ("random", "rule-of-thumb", "monte-carlo")
#: The variants that decide where trump comes from (at most one is on; the page offers them as one choice).
TRUMP_VARIANT_NAMES = tuple(v.value for v in TRUMP_VARIANTS)
#: The other variants, each on or off.
OTHER_VARIANT_NAMES = tuple(v.value for v in Variant if v not in TRUMP_VARIANTS)
#: The largest seed: the page's JavaScript holds numbers exactly up to 2**53 - 1 (Number.MAX_SAFE_INTEGER).
MAX_SEED = 2**53 - 1


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
    return trump_variants_refusal(names)


def trump_variants_refusal(names: Iterable[str]) -> PlayError:
    """The refusal of two or more of the variants that each decide where trump comes from, with the rule's clause
    (``one-trump-variant``) for the link to it."""
    trump = ", ".join(v.value for v in TRUMP_VARIANTS if v.value in set(names))
    return PlayError(N_("variants: {names} cannot be played together: each decides where trump comes from."),
                     clause=IncompatibleVariantsError.clause, names=trump)


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
    scoring: str = "deals"

    def __post_init__(self) -> None:
        if not isinstance(self.players, int) or not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise PlayError(N_("players: {value!r} is not a number from {low} to {high}."),
                            value=self.players, low=MIN_PLAYERS, high=MAX_PLAYERS)
        try:
            rules = Rules.from_names(self.profile, self.variants)
        except RuleError:
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
        if self.scoring not in SCORINGS:
            raise PlayError(N_("scoring: {value!r} is not one of {known}."),
                            value=self.scoring, known=", ".join(SCORINGS))

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
        """Settings from :meth:`to_json` (unknown keys, and values of the wrong JSON type, are refused)."""
        if not isinstance(data, Mapping):
            raise PlayError(N_("not a game record: {field} has the wrong type: {value}."), field="settings",
                            value=repr(data)[:200])
        for key, kind in _JSON_TYPES.items():
            value = data.get(key)
            if key in data and not (isinstance(value, kind) and not isinstance(value, bool)):
                raise PlayError(N_("not a game record: {field} has the wrong type: {value}."), field=key,
                                value=repr(value)[:200])
        if any(not isinstance(v, str) for v in data.get("variants", [])):
            raise PlayError(N_("not a game record: {field} has the wrong type: {value}."), field="variants",
                            value=repr(data["variants"])[:200])
        unknown = sorted(set(data) - set(cls.__dataclass_fields__))
        if unknown:
            raise PlayError(N_("unknown settings: {keys}."), keys=", ".join(unknown))
        values = dict(data)
        if "variants" in values:
            values["variants"] = tuple(values["variants"])
        return cls(**values)


#: The JSON type of each setting in a record.
_JSON_TYPES: dict[str, type] = {"players": int, "profile": str, "variants": list, "seed": int, "mode": str,
                                "seat": int, "strength": str, "scoring": str}

#: The URL query's keys, in the order :func:`encode_query` writes them (the page reads them from here too).
QUERY_KEYS = ("players", "profile", "variants", "mode", "seat", "bot", "scoring", "seed")
#: "given twice", for each key of the URL, naming its field as the settings form does.
_GIVEN_TWICE = {
    "players": N_("Players: given twice."),
    "profile": N_("Rules profile: given twice."),
    "variants": N_("Variants: given twice."),
    "mode": N_("Game: given twice."),
    "seat": N_("Your seat: given twice."),
    "bot": N_("Opponents: given twice."),
    "scoring": N_("Scoring: given twice."),
    "seed": N_("Deal number (seed): given twice."),
}
_INT = re.compile(r"[0-9]{1,19}")


def encode_query(settings: Settings, seed: bool = True) -> str:
    """The settings as a URL query string (without ``?``), keys in a fixed order; ``seed=False`` leaves the seed out.

    >>> encode_query(Settings(players=4, seed=42, mode="match-3", seat=2))
    'players=4&profile=standard&variants=&mode=match-3&seat=C&bot=rule-of-thumb&scoring=deals&seed=42'
    """
    return urlencode([
        ("players", settings.players), ("profile", settings.profile), ("variants", ",".join(settings.variants)),
        ("mode", settings.mode), ("seat", seat_names(settings.players)[settings.seat]),
        ("bot", settings.strength), ("scoring", settings.scoring), *([("seed", settings.seed)] if seed else []),
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
        if key not in QUERY_KEYS:
            continue
        if key in values:
            raise PlayError(_GIVEN_TWICE[key])
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
    settings["scoring"] = values.get("scoring", "deals")
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
