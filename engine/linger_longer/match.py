"""A match: several deals, the deal passing clockwise, scored by deals won and by chips.

The first dealer is chosen by a cut (each player cuts a card, the lowest
deals, ties cut again) under ``standard``, by lot under ``last-card``. A match
is won by the first player to win ``target`` deals (3 or 5); under
``last-card`` each deal is worth one match point and the target is 3. Chips
are counted alongside, both ways the rules allow (:mod:`~linger_longer.scoring`).

>>> from .rules import Rules
>>> from .bots import RandomBot
>>> match = Match(Rules.from_names('last-card'), players=4, seed=11)
>>> result = match.play([RandomBot(s) for s in range(4)])
>>> max(result.deals_won) == 3 and sum(result.chips_a) == 0
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Sequence

from .bots import Bot
from .cards import FULL_DECK, Card
from .events import Event, MatchWon
from .game import Deal, Outcome, seat_names
from .rules import FirstDealer, Rules, check_table_size
from .scoring import score_deal

__all__ = ["Cut", "Match", "MatchResult", "cut_for_dealer"]


@dataclass(frozen=True)
class Cut:
    """One round of cutting for the first deal: each seat's card."""

    cards: tuple[tuple[int, Card], ...]


def cut_for_dealer(players: int, rng: random.Random) -> tuple[int, tuple[Cut, ...]]:
    """Each player cuts a card; the lowest deals; players tied for lowest cut again.

    Suits are equal, so only ranks compare.
    """
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    contenders = list(range(players))
    rounds: list[Cut] = []
    while True:
        cut = tuple((seat, deck.pop()) for seat in contenders)
        rounds.append(Cut(cut))
        low = min(card.rank for _, card in cut)
        contenders = [seat for seat, card in cut if card.rank == low]
        if len(contenders) == 1:
            return contenders[0], tuple(rounds)


@dataclass
class MatchResult:
    """The running score of a match."""

    players: int
    deals_won: list[int]
    chips_a: list[int]
    chips_b: list[int]
    outcomes: list[Outcome] = field(default_factory=list)
    winner: int | None = None


class Match:
    """Deals played one after another until a player has won ``target`` of them."""

    def __init__(self, rules: Rules, players: int, *, target: int | None = None, seed: int | None = None,
                 names: Sequence[str] | None = None) -> None:
        check_table_size(players)
        self.rules = rules
        self.players = players
        self.names = tuple(names) if names is not None else seat_names(players)
        self.target = target if target is not None else (rules.default_match_target or 1)
        if self.target < 1:
            raise ValueError(f"a match target of {self.target!r} deals: give 1 or more")
        self.rng = random.Random(seed)
        if rules.first_dealer is FirstDealer.LOWEST_CUT:
            self.first_dealer, self.cuts = cut_for_dealer(players, self.rng)
        else:
            self.first_dealer, self.cuts = self.rng.randrange(players), ()  # drawn by lot
        self.dealer = self.first_dealer
        self.result = MatchResult(players, [0] * players, [0] * players, [0] * players)
        self._next_seed: int | None = None

    @property
    def is_over(self) -> bool:
        """Whether a player has won ``target`` deals."""
        return self.result.winner is not None

    def next_seed(self) -> int:
        """The seed :meth:`next_deal` shuffles the next deal with (asking again gives the same seed)."""
        if self._next_seed is None:
            self._next_seed = self.rng.getrandbits(63)
        return self._next_seed

    def next_deal(self) -> tuple[Deal, tuple[Event, ...]]:
        """Shuffle and deal the next deal, dealt by the current dealer."""
        if self.is_over:
            raise ValueError("the match is over")
        seed, self._next_seed = self.next_seed(), None
        deal = Deal.new(self.rules, self.players, seed=seed, dealer=self.dealer, names=self.names)
        return deal, deal.setup_events

    def record(self, outcome: Outcome) -> tuple[Event, ...]:
        """Score a finished deal and pass the deal clockwise; the event of the match's end if this deal won it."""
        result = self.result
        result.outcomes.append(outcome)
        result.deals_won[outcome.winner] += 1
        score = score_deal(outcome, self.players)
        for seat in range(self.players):
            result.chips_a[seat] += score.chips_a[seat]
            result.chips_b[seat] += score.chips_b[seat]
        self.dealer = (self.dealer + 1) % self.players  # the deal passes clockwise
        if result.deals_won[outcome.winner] < self.target:
            return ()
        result.winner = outcome.winner
        return (MatchWon(outcome.winner, tuple(result.deals_won)),)

    def play(self, bots: Sequence[Bot]) -> MatchResult:
        """Play the whole match with one bot per seat."""
        if len(bots) != self.players:
            raise ValueError(f"{len(bots)} bots for {self.players} seats")
        while not self.is_over:
            deal, _ = self.next_deal()
            while not deal.is_over:
                deal.apply(bots[deal.to_act].choose(deal.view(deal.to_act)))  # type: ignore[index]
            self.record(deal.outcome)  # type: ignore[arg-type]
        return self.result
