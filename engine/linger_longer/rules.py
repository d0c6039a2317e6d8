"""The rules object: a profile plus any set of variants, found by name.

The two profiles and the six variants are the ones of the rules contract. Their
names are part of the public interface: they appear in worked-example files, in
command-line flags and in the site's URLs.

>>> rules = Rules.from_names('last-card', ['no-trump'])
>>> rules.name
'last-card+no-trump'
>>> rules.hand_size(4), rules.trump_source
(4, <TrumpSource.NONE: 'none'>)
>>> Rules.from_names('blitz')
Traceback (most recent call last):
...
linger_longer.rules.UnknownRuleError: unknown profile 'blitz'; known profiles: 'standard', 'last-card'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import cached_property
from typing import Iterable

__all__ = [
    "FirstDealer",
    "IncompatibleVariantsError",
    "Profile",
    "RuleError",
    "Rules",
    "TrumpSource",
    "TRUMP_VARIANTS",
    "UnknownRuleError",
    "Variant",
    "find_profile",
    "find_variant",
]

MIN_PLAYERS = 3
MAX_PLAYERS = 6


class RuleError(ValueError):
    """Rules that cannot be set up: an unknown name, or variants that cannot be played together."""


class UnknownRuleError(RuleError):
    """A profile or variant name that the engine does not know; the message lists the known ones."""


class IncompatibleVariantsError(RuleError):
    """Known variants that cannot be played together: two that each decide where trump comes from.

    ``variants`` names them; ``clause`` is the rule that forbids it (:mod:`linger_longer.clauses`), which the
    command line and the Play page link to.
    """

    clause = "one-trump-variant"

    def __init__(self, variants: tuple[str, ...]) -> None:
        self.variants = variants
        super().__init__("variants " + " and ".join(repr(v) for v in variants)
                         + " cannot be combined: each decides where trump comes from"
                         + f" (rule {self.clause}: choose at most one of them)")


class Profile(enum.Enum):
    """The two rule profiles; everything not listed here is the same in both."""

    #: The booklet: lowest cut deals first; when the stock runs out play goes on without drawing.
    STANDARD = "standard"
    #: The one-page profile: first dealer by lot; the deal ends when the last stock card is taken.
    LAST_CARD = "last-card"


class Variant(enum.Enum):
    """The optional variants named by the sources; each can be switched on alone."""

    #: The trick winner draws one card per card in the trick (as many as the stock still has).
    DRAW_PER_CARD = "draw-per-card"
    #: No trump suit: the highest card of the led suit always wins.
    NO_TRUMP = "no-trump"
    #: The top stock card is turned for trump and goes face up to the bottom of the stock.
    RANDOM_TRUMP = "random-trump"
    #: The first trick has no trump; its winner names the trump suit for the rest of the deal.
    GRAND_COUP = "grand-coup"
    #: Seven cards each, whatever the number of players.
    LONG_HAND = "long-hand"
    #: Empty hands go out before the winner draws: winning with your last card does not save you.
    ELIMINATE_BEFORE_DRAW = "eliminate-before-draw"


class TrumpSource(enum.Enum):
    """Where a deal's trump suit comes from."""

    DEALER_CARD = "dealer-card"
    STOCK_CARD = "stock-card"
    NAMED_BY_FIRST_WINNER = "named-by-first-winner"
    NONE = "none"


class FirstDealer(enum.Enum):
    """How a match chooses its first dealer."""

    LOWEST_CUT = "lowest-cut"
    BY_LOT = "by-lot"


def _known(kind: str, names: Iterable[str]) -> str:
    return f"known {kind}: " + ", ".join(repr(n) for n in names)


def find_profile(name: str | Profile) -> Profile:
    """Find a profile by its exact name; an unknown name lists the known ones."""
    if isinstance(name, Profile):
        return name
    try:
        return Profile(name)
    except ValueError:
        raise UnknownRuleError(
            f"unknown profile {name!r}; " + _known("profiles", (p.value for p in Profile))
        ) from None


def find_variant(name: str | Variant) -> Variant:
    """Find a variant by its exact name; an unknown name lists the known ones.

    >>> find_variant('grand-coup')
    <Variant.GRAND_COUP: 'grand-coup'>
    """
    if isinstance(name, Variant):
        return name
    try:
        return Variant(name)
    except ValueError:
        raise UnknownRuleError(
            f"unknown variant {name!r}; " + _known("variants", (v.value for v in Variant))
        ) from None


#: Variants that each decide where trump comes from; at most one of them can be on.
TRUMP_VARIANTS = (Variant.NO_TRUMP, Variant.RANDOM_TRUMP, Variant.GRAND_COUP)


@dataclass(frozen=True)
class Rules:
    """A profile and a set of variants; the engine asks it every question a rule can change."""

    profile: Profile = Profile.STANDARD
    variants: frozenset[Variant] = frozenset()

    def __post_init__(self) -> None:
        trump_variants = [v.value for v in TRUMP_VARIANTS if v in self.variants]
        if len(trump_variants) > 1:
            raise IncompatibleVariantsError(tuple(trump_variants))

    @classmethod
    def from_names(cls, profile: str | Profile = "standard", variants: Iterable[str | Variant] = ()) -> Rules:
        """Build rules from the names used in files, flags and URLs."""
        return cls(find_profile(profile), frozenset(find_variant(v) for v in variants))

    @property
    def name(self) -> str:
        """The profile and the variants joined with ``+``, variants in their declared order."""
        return "+".join([self.profile.value] + [v.value for v in Variant if v in self.variants])

    @property
    def variant_names(self) -> tuple[str, ...]:
        """The variants' names in their declared order."""
        return tuple(v.value for v in Variant if v in self.variants)

    def has(self, variant: Variant) -> bool:
        """Whether ``variant`` is switched on."""
        return variant in self.variants

    def hand_size(self, players: int) -> int:
        """Cards dealt to each player: as many as there are players, or 7 with ``long-hand``."""
        check_table_size(players)
        return self._long_hand_size or players

    @cached_property
    def _long_hand_size(self) -> int:
        """7 with ``long-hand``, else 0; looked up once (a variant lookup hashes an enum member in Python)."""
        return 7 if Variant.LONG_HAND in self.variants else 0

    @cached_property
    def trump_source(self) -> TrumpSource:
        """The dealer's last card, unless a variant says otherwise."""
        if Variant.NO_TRUMP in self.variants:
            return TrumpSource.NONE
        if Variant.RANDOM_TRUMP in self.variants:
            return TrumpSource.STOCK_CARD
        if Variant.GRAND_COUP in self.variants:
            return TrumpSource.NAMED_BY_FIRST_WINNER
        return TrumpSource.DEALER_CARD

    @cached_property
    def draws_per_card(self) -> bool:
        """With ``draw-per-card`` the winner draws one card per card in the trick, not one in all."""
        return Variant.DRAW_PER_CARD in self.variants

    @cached_property
    def eliminate_before_draw(self) -> bool:
        """With ``eliminate-before-draw`` empty hands go out before the winner draws."""
        return Variant.ELIMINATE_BEFORE_DRAW in self.variants

    @cached_property
    def deal_ends_with_stock(self) -> bool:
        """Under ``last-card`` the winner of the trick that takes the last stock card wins the deal."""
        return self.profile is Profile.LAST_CARD

    @property
    def first_dealer(self) -> FirstDealer:
        """Lowest cut card under ``standard``; by lot under ``last-card``."""
        return FirstDealer.BY_LOT if self.profile is Profile.LAST_CARD else FirstDealer.LOWEST_CUT

    @property
    def default_match_target(self) -> int | None:
        """Deals needed to win a match: 3 under ``last-card``; none (a single deal) under ``standard``."""
        return 3 if self.profile is Profile.LAST_CARD else None


def check_table_size(players: int) -> None:
    """Linger Longer is for 3 to 6 players."""
    if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"{players!r} players: the game is for {MIN_PLAYERS} to {MAX_PLAYERS} players")
