"""Whether a position in the middle of a deal can be reached by a real deal, and if not, why.

A position is given at the start of a trick: the hands, the stock, who is out,
how many tricks each seat has won. Its won piles are not listed, but the way a
deal goes fixes how many cards they hold and how many cards the stock has lost,
so a position that no deal reaches shows it in its counts:

- **Every card is somewhere.** The hands, the stock and the won piles hold the
  52 cards. A trick holds one card from each player still in when it was led:
  with nobody out, ``T`` tricks hold ``T × players`` cards.
- **A hand's size follows from the tricks.** A player dealt ``h`` cards plays
  one card a trick and draws only when winning, so after ``T`` tricks they hold
  ``h - T + draws``. While the stock lasts a winner draws one card a trick (one
  per card in the trick with ``draw-per-card``), so a player who won ``w`` of
  ``T`` tricks holds ``h - T + w``: winning keeps a hand's size, losing shrinks it.
- **The stock has lost what was drawn.** It starts with ``52 - players × h``
  cards and loses one card a trick while it lasts (with ``draw-per-card``, every
  card played).
- **The stock runs out only where it can.** A deal ends before its stock runs
  out unless the table is large and the hands long: with one card drawn a
  trick, the stock empties only if it holds at most ``2h - 2`` cards (``long-hand``
  at 6 players), because two players still in after ``T`` tricks hold
  ``2(h - T)`` plus what they drew, at most ``T`` cards, and each holds one.
  Under ``last-card`` the deal ends when it does.
- **The leader won the last trick**, or it passed to them from a winner who went out.

:func:`why_unreachable` names the first of these that fails, in words, or
returns None. It checks counts, not cards: which cards were played in earlier
tricks is not known and not asked.

>>> from linger_longer import Rules, parse_cards
>>> hands = [parse_cards("KC 7S"), parse_cards("3C QD"), parse_cards("2H"), parse_cards("AC 5S")]
>>> print(why_unreachable(Rules(), hands=hands, stock_size=3, leader=0, out=(), tricks_won=(0, 0, 1, 0)))
the hands (7 cards), the stock (3) and the won piles of 1 trick (1 × 4 = 4 cards) hold 14 cards; a deck has 52
"""

from __future__ import annotations

from typing import Sequence

from .cards import Card
from .rules import Rules, TrumpSource

__all__ = ["why_unreachable"]

DECK = 52


def why_unreachable(
    rules: Rules,
    *,
    hands: Sequence[Sequence[Card]],
    stock_size: int,
    leader: int,
    out: Sequence[int] | frozenset[int],
    tricks_won: Sequence[int],
    tricks_played: int | None = None,
    trump_set: bool | None = None,
    names: Sequence[str] | None = None,
) -> str | None:
    """The first reason no deal under ``rules`` reaches this position at the start of a trick, or None.

    ``hands`` and ``out`` must already be consistent (no card twice, out seats hold nothing);
    ``trump_set`` says whether a trump suit is known (checked under ``grand-coup``).
    """
    players = len(hands)
    label = list(names) if names is not None else [chr(ord("A") + seat) for seat in range(players)]
    out = frozenset(out)
    won = list(tricks_won)
    played = sum(won) if tricks_played is None else tricks_played
    dealt = rules.hand_size(players)
    at_deal = DECK - players * dealt
    sizes = [len(hand) for hand in hands]
    facts = _Facts(rules, players, dealt, at_deal, stock_size, sizes, out, won, played, label)
    for check in (_one_winner_a_trick, _grand_coup_trump, _stock_at_most_dealt, _last_card_stock_left,
                  _out_no_sooner_than_dealt, _every_card_somewhere, _stock_runs_out_only_where_it_can, _stock_lost_what_was_drawn, _hands_follow_from_tricks, _leader_won_last):
        reason = check(facts, leader=leader, trump_set=trump_set)
        if reason:
            return reason
    return None


class _Facts:
    """The counts of a position and what the rules make of them."""

    def __init__(self, rules: Rules, players: int, dealt: int, at_deal: int, stock: int, sizes: list[int],
                 out: frozenset[int], won: list[int], played: int, label: list[str]) -> None:
        self.rules, self.players, self.dealt, self.at_deal, self.stock = rules, players, dealt, at_deal, stock
        self.sizes, self.out, self.won, self.played, self.label = sizes, out, won, played, label
        self.active = [seat for seat in range(players) if seat not in out]
        self.held = sum(sizes)
        self.per_card = rules.draws_per_card
        self.before_draw = rules.eliminate_before_draw

    def draws(self, seat: int) -> tuple[int, int]:
        """The fewest and most cards ``seat`` can have drawn, from the tricks it won.

        While the stock lasts every win draws in full: one card, or with ``draw-per-card`` one per card in the
        trick, which held a card from every player still in then (at least those in now, and the winner).
        Once the stock is empty a win may have drawn less, or nothing. Under ``eliminate-before-draw`` a
        winner who played their last card drew nothing, which only a player now out can have done.
        """
        wins = self.won[seat]
        is_out = seat in self.out
        if self.stock == 0:
            return 0, wins * (self.players if self.per_card else 1)
        full_wins = wins - 1 if is_out and self.before_draw and wins else wins
        if not self.per_card:
            return full_wins, wins
        smallest = len(self.active) + is_out
        return full_wins * smallest, wins * self.players

    def tricks(self, count: int) -> str:
        return f"{count} trick" + ("" if count == 1 else "s")


def _one_winner_a_trick(f: _Facts, **_: object) -> str | None:
    """Every trick has exactly one winner, so the tricks won add up to the tricks played."""
    if sum(f.won) != f.played:
        return (f"{f.tricks(f.played)} played, but the tricks won add up to {sum(f.won)}: "
                "every trick has exactly one winner")
    return None


def _grand_coup_trump(f: _Facts, *, trump_set: bool | None, **_: object) -> str | None:
    """Under ``grand-coup`` the first trick has no trump, and its winner names trump before the second."""
    if trump_set is None or f.rules.trump_source is not TrumpSource.NAMED_BY_FIRST_WINNER:
        return None
    if f.played == 0 and trump_set:
        return "under 'grand-coup' the first trick is played without trump, so no trump is set before it"
    if f.played >= 2 and not trump_set:
        return (f"under 'grand-coup' the winner of the first trick names trump before the second, "
                f"but after {f.tricks(f.played)} no trump is set")
    return None


def _stock_at_most_dealt(f: _Facts, **_: object) -> str | None:
    """The stock holds what the deal left, less what was drawn."""
    if f.stock > f.at_deal:
        return (f"the stock holds {f.stock} cards, but dealing {f.dealt} cards to each of {f.players} players "
                f"leaves {f.at_deal}")
    return None


def _last_card_stock_left(f: _Facts, **_: object) -> str | None:
    """Under ``last-card`` the deal ends when the last stock card is drawn, so a deal in play has a stock."""
    if not f.stock and f.rules.deal_ends_with_stock:
        return "the stock is empty, so under 'last-card' the deal has already ended"
    return None


def _stock_runs_out_only_where_it_can(f: _Facts, **_: object) -> str | None:
    """With one card drawn a trick, a deal whose stock holds more than ``2h - 2`` cards ends before it runs out."""
    if f.stock:
        return None
    if not f.per_card and f.at_deal > 2 * f.dealt - 2:
        return (f"the stock is empty, but with {f.players} players and {f.dealt} cards each it never runs out: "
                f"it holds {f.at_deal} cards, one is drawn a trick, and the deal is over before "
                f"{2 * f.dealt - 1} tricks have been played")
    return None


def _out_no_sooner_than_dealt(f: _Facts, **_: object) -> str | None:
    """A player plays one card a trick, so a player out has played at least the cards dealt."""
    for seat in sorted(f.out):
        if f.played < f.dealt:
            return (f"{f.label[seat]} is out after {f.tricks(f.played)}, but was dealt {f.dealt} cards "
                    f"and plays one a trick")
    return None


def _every_card_somewhere(f: _Facts, **_: object) -> str | None:
    """The hands, the stock and the won piles hold the 52 cards; each trick holds one card from every player in."""
    left_for_piles = DECK - f.held - f.stock
    most = f.players * f.played
    # A player now out played at least the cards dealt (more if they drew) and at most every trick.
    least = len(f.active) * f.played + sum(max(f.dealt, f.won[seat]) for seat in f.out)
    where = f"the hands ({f.held} cards), the stock ({f.stock}) and the won piles of {f.tricks(f.played)}"
    if not f.out:
        if left_for_piles != most:
            total = f.held + f.stock + most
            return f"{where} ({f.played} × {f.players} = {most} cards) hold {total} cards; a deck has {DECK}"
        return None
    if left_for_piles > most:
        return f"{where} (at most {most} cards) hold at most {f.held + f.stock + most} cards; a deck has {DECK}"
    if left_for_piles < least:
        gone = ", ".join(f.label[seat] for seat in sorted(f.out))
        return (f"{where} (at least {least} cards, as {gone} played at least the cards they were dealt) "
                f"hold at least {f.held + f.stock + least} cards; a deck has {DECK}")
    return None


def _stock_lost_what_was_drawn(f: _Facts, **_: object) -> str | None:
    """The stock has lost one card a trick while it lasts (with ``draw-per-card``, every card played)."""
    drawn = f.at_deal - f.stock
    if f.per_card:
        played_cards = DECK - f.held - f.stock
        if f.stock and not f.before_draw and drawn != played_cards:
            return (f"with 'draw-per-card' every card played is replaced from the stock while it lasts, so "
                    f"{played_cards} cards played leave {f.at_deal - played_cards} in the stock, not {f.stock}")
        if drawn > played_cards:
            return f"{drawn} cards have left the stock, but only {played_cards} were played"
        return None
    lost_draws = sum(1 for seat in f.out if f.won[seat]) if f.before_draw else 0
    if f.stock and not f.played - lost_draws <= drawn <= f.played:
        return (f"{f.tricks(f.played)} played and each winner drew one card, so the stock holds "
                f"{f.at_deal - f.played} of its {f.at_deal} cards, not {f.stock}")
    if not f.stock and drawn > f.played:
        return (f"the stock is empty, so all its {f.at_deal} cards were drawn, but only {f.tricks(f.played)} "
                f"were played and a winner draws one card a trick")
    return None


def _hands_follow_from_tricks(f: _Facts, **_: object) -> str | None:
    """A hand holds what was dealt, less a card a trick played, plus what its player drew for the tricks won."""
    drawn_in_all = f.at_deal - f.stock
    least_sum = most_sum = 0
    for seat in range(f.players):
        name, wins = f.label[seat], f.won[seat]
        fewest, most = f.draws(seat)
        if seat in f.out:
            # Out after playing dealt + drawn cards, at most one a trick.
            fewest, most = max(fewest, wins - f.dealt, 0), min(most, f.played - f.dealt)
            if fewest > most:
                return (f"{name} is out, but {name} was dealt {f.dealt} cards and won {f.tricks(wins)}, so played "
                        f"at least {f.dealt + fewest} cards, one a trick, before going out; only "
                        f"{f.tricks(f.played)} were played")
        else:
            drew = f.sizes[seat] - f.dealt + f.played
            if drew < 0:
                return (f"{name} holds {f.sizes[seat]} cards after {f.tricks(f.played)} from the {f.dealt} dealt, "
                        f"but a hand loses at most one card a trick")
            if not fewest <= drew <= most:
                return _hand_size_reason(f, seat, fewest, most)
            fewest = most = drew
        least_sum, most_sum = least_sum + fewest, most_sum + most
    if not least_sum <= drawn_in_all <= most_sum:
        return (f"the stock has lost {drawn_in_all} cards, but the hands, after the tricks each player won, "
                f"account for between {least_sum} and {most_sum} cards drawn")
    return None


def _hand_size_reason(f: _Facts, seat: int, fewest: int, most: int) -> str:
    """Why a hand of this size does not fit the tricks its player won."""
    name, wins, size = f.label[seat], f.won[seat], f.sizes[seat]
    if f.stock and not f.per_card:
        return (f"{name} was dealt {f.dealt} cards and won {wins} of the {f.tricks(f.played)} played, so "
                f"{name} holds {f.dealt - f.played + wins} (a winner draws, keeping the hand's size, while the "
                f"stock lasts; every other player loses a card), not {size}")
    if not f.per_card:
        return (f"{name} holds {size} cards after {f.tricks(f.played)} from the {f.dealt} dealt, which needs "
                f"{size - f.dealt + f.played} cards drawn, but {name} won only {f.tricks(wins)} and a winner "
                f"draws one card")
    if fewest == most:
        return (f"with 'draw-per-card' {name}, dealt {f.dealt} cards, who won {wins} of the "
                f"{f.tricks(f.played)} played, holds {f.dealt - f.played + most}, not {size}")
    return (f"with 'draw-per-card' {name}, dealt {f.dealt} cards, who won {wins} of the {f.tricks(f.played)} "
            f"played, holds between {f.dealt - f.played + fewest} and {f.dealt - f.played + most} cards, not {size}")


def _leader_won_last(f: _Facts, *, leader: int, **_: object) -> str | None:
    """The winner of a trick leads the next; a winner who went out passes the lead clockwise to the next player in."""
    if not f.played or f.won[leader]:
        return None
    passers = [seat for seat in f.out if f.won[seat] and _next_in(f, seat) == leader]
    if passers and (not f.stock or f.before_draw):  # a winner goes out only when it could not draw
        return None
    return (f"{f.label[leader]} leads, so {f.label[leader]} won the last trick (or it passed to them from a "
            f"winner who went out), but {f.label[leader]} has won no trick")


def _next_in(f: _Facts, seat: int) -> int:
    """The next seat clockwise from ``seat`` that is still in the deal."""
    for step in range(1, f.players):
        following = (seat + step) % f.players
        if following not in f.out:
            return following
    return seat
