"""The consequences the pages state, checked against the engine over random seeded deals.

How to play, the FAQ and the profiles page draw conclusions from the rules: winning keeps your hand size,
a deal lasts at most 2n−1 tricks, the stock outlasts the deal, everybody can go out at once only in some
cases, the winner of a deal has won at most n tricks, both profiles play a deal alike. Each page says which
variants change these. Every test here plays whole deals under every profile, every combination of variants
the engine allows and every table size, and checks the statement together with the variants the page names
as exceptions: a statement that a deal under some other variant contradicts fails here.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from functools import cache

import pytest

from linger_longer import Deal, Rules, Variant
from linger_longer.bots import RandomBot, RuleOfThumbBot
from linger_longer.events import CardDrawn, PlayerOut, TrickWon
from linger_longer.rules import TRUMP_VARIANTS

PROFILES = ("standard", "last-card")
TABLES = (3, 4, 5, 6)
DEALS = 6  #: seeded deals per profile, combination, table size and bot (2 bots: 3,072 deals in all)

DPC, LONG, EBD = "draw-per-card", "long-hand", "eliminate-before-draw"


def combinations() -> list[tuple[str, ...]]:
    """Every set of variants the engine allows: at most one of the three that decide trump."""
    others = [v.value for v in Variant if v not in TRUMP_VARIANTS]
    trump = [None, *(v.value for v in TRUMP_VARIANTS)]
    found = []
    for source in trump:
        for n in range(len(others) + 1):
            for chosen in itertools.combinations(others, n):
                found.append(tuple(sorted((*chosen, *([source] if source else [])))))
    return found


@dataclass
class TrickRecord:
    """One trick: hand sizes and stock at its lead and after its draw and eliminations."""

    seats: tuple[int, ...]  #: who played in it
    winner: int
    sizes_before: tuple[int, ...]
    stock_before: int
    sizes_after: tuple[int, ...] = ()
    stock_after: int = 0
    drawn: int = 0
    out: tuple[int, ...] = ()


@dataclass
class Played:
    """A whole deal as the tests read it."""

    profile: str
    variants: tuple[str, ...]
    players: int
    hand: int  #: cards dealt to each player
    deal: Deal
    tricks: list[TrickRecord] = field(default_factory=list)
    events: list = field(default_factory=list)

    def has(self, variant: str) -> bool:
        return variant in self.variants


def play_deal(profile: str, variants: tuple[str, ...], players: int, seed: int, bot: str) -> Played:
    """Play one seeded deal to its end with random or rule-of-thumb players, recording every trick."""
    rules = Rules.from_names(profile, variants)
    deal = Deal.new(rules, players, seed=seed, dealer=seed % players)
    setup = deal.setup_events
    played = Played(profile, variants, players, rules.hand_size(players), deal, events=list(setup))
    chooser = (RandomBot if bot == "random" else RuleOfThumbBot)(seed)
    record: TrickRecord | None = None
    while not deal.is_over:
        if not deal.trick and record is None:
            sizes = tuple(deal.hand_size(s) for s in range(players))
            record = TrickRecord((), -1, sizes, deal.stock_size)
        events = deal.apply(chooser.choose(deal.view(deal.to_act)))
        played.events.extend(events)
        won = next((e for e in events if isinstance(e, TrickWon)), None)
        if won is not None and record is not None:
            record.winner = won.seat
            record.sizes_after = tuple(deal.hand_size(s) for s in range(players))
            record.stock_after = deal.stock_size
            record.drawn = sum(1 for e in events if isinstance(e, CardDrawn))
            record.out = tuple(e.seat for e in events if isinstance(e, PlayerOut))
            record.seats = tuple(s for s in range(players) if record.sizes_before[s] > 0)  # who is still in
            played.tricks.append(record)
            record = None
    return played


@cache
def all_deals() -> tuple[Played, ...]:
    """Every profile, every allowed combination of variants, every table size, both bots, seeded."""
    return tuple(
        play_deal(profile, variants, players, seed, bot)
        for profile in PROFILES for variants in combinations() for players in TABLES
        for bot in ("random", "rule-of-thumb") for seed in range(DEALS))


def deals_where(condition) -> list[Played]:
    return [p for p in all_deals() if condition(p)]


def test_the_combinations_are_all_the_engine_allows() -> None:
    """Three of the six variants decide trump, so at most one of them is on: 4 × 2³ = 32 combinations."""
    assert len(set(combinations())) == 32
    for variants in combinations():
        Rules.from_names("standard", variants)


def test_losing_a_trick_shrinks_the_hand_by_one() -> None:
    """Losing shrinks your hand by one: only the winner draws (how-to-play, "What this means for your hand")."""
    for played in all_deals():
        for trick in played.tricks:
            for seat in trick.seats:
                if seat != trick.winner:
                    assert trick.sizes_after[seat] == trick.sizes_before[seat] - 1, (played.variants, trick)


def test_winning_keeps_the_hand_size_except_under_the_two_variants_the_page_names() -> None:
    """Winning keeps your hand size while the stock lasts; draw-per-card makes it grow, and under
    eliminate-before-draw a winner who played their last card goes out before drawing (how-to-play)."""
    grew = went_out = 0
    for played in all_deals():
        for trick in played.tricks:
            before, after = trick.sizes_before[trick.winner], trick.sizes_after[trick.winner]
            if trick.stock_before == 0:
                assert after == before - 1  # once the stock is empty every hand shrinks, the winner's too
                continue
            if played.has(EBD) and before == 1:
                assert after == 0 and trick.winner in trick.out and trick.drawn == 0
                went_out += 1
            elif played.has(DPC):
                assert after == before - 1 + min(len(trick.seats), trick.stock_before)
                grew += after > before
            else:
                assert after == before, (played.profile, played.variants, played.players, trick)
    assert grew and went_out  # both exceptions happen, so the page is right to name them


def test_a_deal_lasts_at_most_twice_the_hand_size_minus_one_tricks_without_draw_per_card() -> None:
    """Without draw-per-card a deal lasts at most 2n−1 tricks (n cards dealt each): 5, 7, 9, 11, and 13 with
    long-hand (faq.md, "How is a game with 3 players different from one with 6?")."""
    longest: dict[tuple[int, bool], int] = {}
    for played in deals_where(lambda p: not p.has(DPC)):
        assert len(played.tricks) <= 2 * played.hand - 1, (played.profile, played.variants, played.players)
        key = (played.players, played.has(LONG))
        longest[key] = max(longest.get(key, 0), len(played.tricks))
    assert longest[(3, False)] == 5  # the bound is reached, not only respected
    assert max(len(p.tricks) for p in deals_where(lambda p: p.has(DPC))) > 2 * 6 - 1  # draw-per-card goes past it


def test_the_stock_runs_out_only_with_draw_per_card_or_long_hand_at_six() -> None:
    """One card drawn a trick: the stock outlasts every deal except at six players with long-hand; with
    draw-per-card it can run out (faq.md, "Can the stock run out?"; profiles.md)."""
    ran_out = {"draw-per-card": 0, "long-hand at 6": 0}
    for played in all_deals():
        empty = any(t.stock_after == 0 for t in played.tricks)
        if played.has(DPC):
            ran_out["draw-per-card"] += empty
        elif played.has(LONG) and played.players == 6:
            ran_out["long-hand at 6"] += empty
        else:
            assert not empty, (played.profile, played.variants, played.players)
    assert all(ran_out.values()), ran_out


def everyone_out_at_once(played: Played) -> bool:
    last = played.tricks[-1]
    return all(size == 0 for size in last.sizes_after)


def test_everybody_goes_out_at_once_only_where_the_pages_say() -> None:
    """Everybody out after one trick: never in the basic rules; in the standard profile once the stock has run
    out (draw-per-card, long-hand at six); with eliminate-before-draw in both profiles, even while the stock
    still holds cards (faq.md, "What if everybody plays their last card in the same trick?"; how-to-play.md)."""
    seen: set[str] = set()
    for played in deals_where(everyone_out_at_once):
        last = played.tricks[-1]
        assert played.deal.outcome.winner == last.winner  # the winner of that last trick wins the deal
        if last.stock_before > 0:
            assert played.has(EBD), (played.profile, played.variants, played.players)
            seen.add(f"{played.profile}, eliminate-before-draw, stock left")
        else:
            assert played.has(EBD) or (played.profile == "standard" and (
                played.has(DPC) or (played.has(LONG) and played.players == 6))), (played.profile, played.variants)
            seen.add(f"{played.profile}, stock empty")
    for case in ("standard, eliminate-before-draw, stock left", "last-card, eliminate-before-draw, stock left",
                 "standard, stock empty"):
        assert case in seen, seen


def test_a_trick_winner_goes_out_only_with_an_empty_stock_except_under_eliminate_before_draw() -> None:
    """The winner draws before anyone goes out, so a winner can only go out when the stock is already empty;
    eliminate-before-draw changes this (how-to-play.md, "Elimination")."""
    early = 0
    for played in all_deals():
        for trick in played.tricks:
            if trick.winner in trick.out and trick.stock_before > 0:
                assert played.has(EBD), (played.profile, played.variants, played.players)
                early += 1
    assert early


def test_the_deal_winner_wins_at_most_as_many_tricks_as_cards_dealt_without_draw_per_card() -> None:
    """Without draw-per-card, the winner of a deal wins at most as many tricks as the cards each player was
    dealt (4 with 4 players, 7 with long-hand); with draw-per-card more (faq.md, "How many tricks can the winner
    of a deal win?")."""
    reached = False
    for played in deals_where(lambda p: not p.has(DPC)):
        won = played.deal.outcome.tricks_won[played.deal.outcome.winner]
        assert won <= played.hand, (played.profile, played.variants, played.players, won)
        reached |= won == played.hand
    assert reached
    assert any(p.deal.outcome.tricks_won[p.deal.outcome.winner] > p.hand for p in deals_where(lambda p: p.has(DPC)))


def test_both_profiles_play_a_deal_alike_unless_the_stock_can_run_out() -> None:
    """Without draw-per-card, and except at six players with long-hand, a deal plays out the same way in both
    profiles (profiles.md, "Which profile to choose")."""
    compared = 0
    for variants in combinations():
        for players in TABLES:
            if DPC in variants or (LONG in variants and players == 6):
                continue
            for seed in range(3):
                standard = play_deal("standard", variants, players, seed, "rule-of-thumb")
                last_card = play_deal("last-card", variants, players, seed, "rule-of-thumb")
                assert standard.events == last_card.events, (variants, players, seed)
                assert standard.deal.outcome == last_card.deal.outcome
                compared += 1
    assert compared == (16 * 4 - 8) * 3  # 16 combinations without draw-per-card, 8 of them with long-hand
