"""The exact solver: what every legal action is worth when every card is known.

In a position where the hands and the stock's order are all known (every worked
example; every deal a search bot imagines), the solver plays the rest of the
deal out in every way and says, for each legal action of the player to act,
who wins the deal when every player plays best from there on, and the line of
play that shows it.

**Best play, for several players** (max^n). Each player plays to win the deal
for themself. A finished deal ranks the outcomes for a player ``p``:

1. ``p`` wins the deal; else
2. ``p`` outlasts more players: the more players went out before ``p`` (or all
   who went out, when ``p`` never did), the better.

**Equal choices** are settled by the weakest action: a card that is not trump
before a trump, then the lowest rank, then hand order (♠ ♥ ♣ ♦); a suit to name
under ``grand-coup`` in hand order. So the value of a position is one outcome,
the same every time, and the line is the one a player who plays no stronger a
card than they need would play.

Under that rule the search may stop at the first action that wins the deal for
the player to act: no later action can rank better, and ties keep the first.
The value of a position is the value of its best action (tested).

**Budget.** The search counts the cards it plays (its nodes) and the time it
takes; past either budget it answers "unknown" (:attr:`ActionValue.winner` is
None) rather than a guess. Positions already solved are kept (a transposition
table keyed on the hands, the stock's place, trump, the leader and the phase,
at the start of each trick, where different orders of play meet), and only
completed searches are kept, so an answer is never wrong.

**Why a search state of its own.** The solver plays on a small state of ints
(hands as card sets, the stock as a tuple of card numbers and a place in it,
the trick as a list) rather than on :class:`~linger_longer.game.Deal`, whose
``play``/``undo`` keep the events, the trick records and the history that the
site needs but a search does not. Measured in CPython 3.11 (CPU time) on the
project's machine: a plain search with ``Deal.apply`` and ``Deal.undo`` makes
about 140,000 moves a second on small random positions; this state about
310,000 nodes a second on the same positions (``tools/bench/solver.py`` gives
the figure on your machine). The state also lets the search skip touching
cards: when the next live card below a card in its suit is the same player's
to play, both play alike and only the weaker is tried. Its rules are the
engine's: following suit is :func:`~linger_longer.trick.legal_plays`'s test
and every trick ends in :func:`~linger_longer.kernel.end_trick`, as the deal's
do; the tests also check the solver against a plain search over the public
``Deal`` API on thousands of random positions under every profile and variant.

>>> from .rules import Rules
>>> from .cards import parse_cards, Suit
>>> deal = Deal.from_position(Rules.from_names('last-card'), hands=[parse_cards('KC 7S'), parse_cards('3C QD'),
...     parse_cards('2H'), parse_cards('AC 5S')], stock=parse_cards('9D'), trump=Suit.HEARTS, leader=0,
...     hypothetical=True)
>>> solution = solve(deal)
>>> solution.winner, [str(card) for card in solution.line]
(2, ['7♠', '3♣', '2♥', '5♠'])
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Sequence

from .cards import FULL_DECK, Card, Suit
from .game import Deal, Phase
from .kernel import end_trick, seating
from .trick import legal_plays

__all__ = ["ActionValue", "Solution", "SolverError", "hidden_from", "outcome_rank", "best_response", "position_value", "solve", "weakness"]

#: Nodes (cards played by the search) a solve may use unless told otherwise.
DEFAULT_NODES = 2_000_000

_SUIT_MASKS = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
_SUITS = tuple(Suit)
_WIN = 1 << 20  # ranks above every "outlasted" count


class SolverError(ValueError):
    """A position the solver cannot read, or a budget it cannot work with; the message says what is wrong."""


class _Exhausted(Exception):
    """The budget ran out."""


@dataclass(frozen=True)
class ActionValue:
    """What one legal action is worth with best play by everyone from there on."""

    action: Card | Suit
    #: The seat that wins the deal, or None when the budget ran out first ("unknown").
    winner: int | None
    #: The seats that go out from here to the end of the deal, in order (empty when unknown).
    out_order: tuple[int, ...] = ()
    #: The actions from this one (included) to the end of the deal, or () when unknown.
    line: tuple[Card | Suit, ...] = ()

    @property
    def known(self) -> bool:
        """Whether the search finished within its budget."""
        return self.winner is not None


@dataclass(frozen=True)
class Solution:
    """The value of every legal action of the player to act, and the best one."""

    seat: int
    #: The trump suit of the position (the tie rule plays a card that is not trump first).
    trump: Suit | None
    #: Every legal action, in the order :meth:`Deal.legal_plays` gives (suits in hand order when naming trump).
    actions: tuple[ActionValue, ...]
    #: Nodes searched.
    nodes: int
    #: Time taken, in ms.
    ms: float

    @property
    def complete(self) -> bool:
        """Whether every action's value is known."""
        return all(a.known for a in self.actions)

    @property
    def best(self) -> ActionValue | None:
        """The best action under the tie rule, or None when any value is unknown."""
        if not self.complete:
            return None
        best = None
        for value in sorted(self.actions, key=lambda a: weakness(a.action, self.trump)):
            if best is None or outcome_rank(self.seat, value.winner, value.out_order) > \
                    outcome_rank(self.seat, best.winner, best.out_order):
                best = value
        return best

    @property
    def winner(self) -> int | None:
        """Who wins the deal with best play from everyone (None when unknown)."""
        best = self.best
        return best.winner if best else None

    @property
    def line(self) -> tuple[Card | Suit, ...]:
        """The best line from this position to the end of the deal (() when unknown)."""
        best = self.best
        return best.line if best else ()

    def value_of(self, action: Card | Suit) -> ActionValue:
        """The value of one legal action."""
        for value in self.actions:
            if value.action is action:
                return value
        raise SolverError(f"{action} is not a legal action here")

    @property
    def winning(self) -> tuple[Card | Suit, ...]:
        """The actions with which the player to act wins the deal (with best play from all)."""
        return tuple(a.action for a in self.actions if a.winner == self.seat)


def outcome_rank(seat: int, winner: int, out_order: Sequence[int]) -> int:
    """How ``seat`` ranks an outcome: a win above all, else the number of players who went out before it.

    ``out_order`` is the order players went out from the position searched on; a seat that never went out
    outlasted all of them.

    >>> outcome_rank(0, 0, (1,)) > outcome_rank(0, 1, (2, 0)) > outcome_rank(0, 1, (0, 2))
    True
    """
    if winner == seat:
        return _WIN
    return out_order.index(seat) if seat in out_order else len(out_order)


def weakness(action: Card | Suit, trump: Suit | None = None) -> tuple[int, int, int]:
    """The sort key of the tie rule's order: the weakest first (not trump, then low rank, then hand order); suits in hand order."""
    if isinstance(action, Suit):
        return (0, 0, action.number)
    return (action.suit is trump, int(action.rank), action.suit.number)


def hidden_from(deal: Deal, seat: int) -> list[str]:
    """What ``seat`` cannot know in ``deal``: the other hands and the stock, unless counting settles them.

    A seat knows its own hand, the cards played and the turned trump card. The unseen cards are known only
    when they all lie in one place: one other hand, or a stock of one card.
    """
    places = []
    turned = deal.turned_card
    for other in range(deal.players):
        if other == seat or deal.is_out(other):
            continue
        unseen = [c for c in deal.hand(other) if c is not turned]
        if unseen:
            places.append((f"{deal.names[other]}'s hand", len(unseen)))
    stock = [c for c in deal.stock if c is not turned]
    if stock:
        places.append(("the stock's order" if len(stock) > 1 else "the stock", len(stock)))
    if len(places) == 1 and (places[0][0] != "the stock's order"):
        return []  # every unseen card is in one hand (or is the one stock card): counting says which
    return [f"{place} ({count} card{'s' if count != 1 else ''})" for place, count in places]


def solve(deal: Deal, *, nodes: int | None = DEFAULT_NODES, ms: float | None = None,
          known_to: int | None = None, lines: bool = True) -> Solution:
    """The value of every legal action of the player to act in ``deal``, with best play from everyone.

    ``nodes`` and ``ms`` bound the search (None: no bound); past either, the actions not yet settled are
    "unknown". With ``known_to``, the position is first checked to be one that seat can see whole (a seat
    that knows only its own hand cannot ask for an exact answer). With ``lines=False`` only the values are
    searched (each action's line is then just the action): what a bot needs, a little faster. The deal is not
    changed.
    """
    if deal.is_over:
        raise SolverError("the deal is over: there is nothing left to solve")
    for name, budget in (("nodes", nodes), ("ms", ms)):
        if budget is not None and (isinstance(budget, bool) or not isinstance(budget, (int, float)) or budget <= 0):
            raise SolverError(f"a budget of {budget!r} {name} leaves nothing to search: give a number above 0")
    if known_to is not None:
        missing = hidden_from(deal, known_to)
        if missing:
            raise SolverError(f"the solver needs every card, but {deal.names[known_to]} cannot see "
                              + ", ".join(missing))
    return _Search(deal, nodes, ms).solve_root(deal, lines)


def position_value(deal: Deal, *, nodes: int | None = DEFAULT_NODES) -> tuple[int, tuple[int, ...]] | None:
    """The value of the position itself: (winner, seats going out from here in order) with best play, or
    None past the budget. It is the value of the best action of :func:`solve` (tested)."""
    if deal.is_over:
        raise SolverError("the deal is over: there is nothing left to solve")
    search = _Search(deal, nodes, None)
    search.load(deal)
    try:
        return search.value()
    except _Exhausted:
        return None


def best_response(deal: Deal, policy, *, nodes: int | None = DEFAULT_NODES) -> Solution:
    """Every legal action's value for the player to act when the others play by ``policy`` (a bot), not best.

    The player to act searches all its own choices from here to the end of the deal, ranking outcomes as
    :func:`solve` does, with the same tie rule; every other seat plays what ``policy.choose`` gives from its
    own seat's view (a deterministic bot, such as :class:`~linger_longer.bots.RuleOfThumbBot`). The search
    runs on the public ``Deal`` API (``apply``/``undo``), since the policy reads a seat's view of a ``Deal``.
    Past ``nodes`` the values not yet
    settled are unknown, as with :func:`solve`.
    """
    if deal.is_over:
        raise SolverError("the deal is over: there is nothing left to solve")
    if nodes is not None and (isinstance(nodes, bool) or not isinstance(nodes, (int, float)) or nodes <= 0):
        raise SolverError(f"a budget of {nodes!r} nodes leaves nothing to search: give a number above 0")
    started = time.perf_counter()
    seat = deal.to_act
    assert seat is not None
    work = deal.copy()
    limit = nodes if nodes is not None else float("inf")
    count = [0]

    def rank_after() -> tuple[int, tuple[int, ...]]:
        """(winner, out order from the root on) when ``seat`` plays best and the others by the policy."""
        if work.is_over:
            outcome = work.outcome
            return outcome.winner, tuple(s for s in outcome.out_order if not deal.is_out(s))  # type: ignore[union-attr]
        count[0] += 1
        if count[0] > limit:
            raise _Exhausted
        if work.to_act != seat:
            work.apply(policy.choose(work.view(work.to_act)))  # type: ignore[arg-type]
            try:
                return rank_after()
            finally:
                work.undo()
        return best_of(work.legal_actions())[1]

    def best_of(actions):
        best = best_rank = None
        for action in sorted(actions, key=lambda a: weakness(a, work.trump)):
            work.apply(action)
            try:
                result = rank_after()
            finally:
                work.undo()
            rank = outcome_rank(seat, *result)
            if best_rank is None or rank > best_rank:
                best, best_rank = (action, result), rank
                if rank == _WIN:
                    break
        return best

    values = []
    exhausted = False
    for action in work.legal_actions():
        if not exhausted:
            try:
                work.apply(action)
                try:
                    winner, outs = rank_after()
                finally:
                    work.undo()
                values.append(ActionValue(action, winner, outs, (action,)))
                continue
            except _Exhausted:
                exhausted = True
        values.append(ActionValue(action, None))
    return Solution(seat, deal.trump, tuple(values), count[0], 1000 * (time.perf_counter() - started))


# --------------------------------------------------------------- the search


class _MoveOrder(dict):
    """The cards of a set in the tie rule's order (weakest first) for one trump suit, made when first asked."""

    def __init__(self, trump: int) -> None:
        super().__init__()
        self.key = [((i // 13 == trump), -(i % 13), i // 13) for i in range(52)]

    def __missing__(self, mask: int) -> tuple[int, ...]:
        cards = []
        m = mask
        while m:
            low = m & -m
            cards.append(low.bit_length() - 1)
            m ^= low
        ordered = self[mask] = tuple(sorted(cards, key=self.key.__getitem__))
        return ordered


#: For each card, the cards of its suit that rank below it.
_BELOW = tuple(_SUIT_MASKS[c // 13] & ~((2 << c) - 1) for c in range(52))

_ORDERS = {trump: _MoveOrder(trump) for trump in (-1, 0, 1, 2, 3)}


class _Search:
    """Max^n search on a small state of ints; see the module docstring for the rules it keeps."""

    def __init__(self, deal: Deal, nodes: int | None, ms: float | None) -> None:
        self.rules = deal.rules
        self.players = deal.players
        self.stock = tuple(c.index for c in deal.stock)
        #: For each place in the stock, the cards still in it from there on, as a card set.
        self.stock_left = [sum(1 << c for c in self.stock[place:]) for place in range(len(self.stock) + 1)]
        self.limit = nodes if nodes is not None else float("inf")
        self.deadline = time.perf_counter() + ms / 1000 if ms is not None else None
        self.nodes = 0
        self.table_cache: dict[tuple, tuple[int, tuple[int, ...]]] = {}

    # -- state

    def load(self, deal: Deal) -> None:
        """Take the position of ``deal`` (its stock must be this search's stock, from some place on)."""
        self.hands = [sum(c.mask for c in deal.hand(s)) for s in range(self.players)]
        self.pos = len(self.stock) - deal.stock_size
        self.trump = deal.trump.number if deal.trump is not None else -1
        self.naming = deal.phase is Phase.NAME_TRUMP
        self.out = sum(1 << s for s in deal.out)
        self.leader = deal.leader  # at the start of a trick, the seat to act; mid-trick, the seat that led
        self.order = seating(self.players, self.out)[1][deal.leader]
        trick = deal.trick
        self.table = [c.index for _, c in trick]

    def tick(self) -> None:
        """Count a node; stop past the budget."""
        self.nodes += 1
        if self.nodes > self.limit:
            raise _Exhausted
        if self.deadline is not None and not self.nodes & 1023 and time.perf_counter() > self.deadline:
            raise _Exhausted

    # -- values

    def value(self) -> tuple[int, tuple[int, ...]]:
        """(winner, seats going out from here in order) with best play, from the current state."""
        if not self.table:
            key = (*self.hands, self.pos, self.trump, self.leader, self.naming)
            known = self.table_cache.get(key)
            if known is None:
                known = self.table_cache[key] = self.decide()[0]
            return known
        return self.decide()[0]

    def decide(self) -> tuple[tuple[int, tuple[int, ...]], int]:
        """The best action here and its value: (value, card number, or suit number when naming trump)."""
        if self.naming:
            return self._name_trump()
        table = self.table
        seat = self.order[len(table)]
        hand = legal_plays(self.hands[seat], _SUITS[table[0] // 13] if table else None)
        best = best_rank = best_card = None
        live = self.stock_left[self.pos]
        for h in self.hands:
            live |= h
        for card in table:
            live |= 1 << card
        for card in _ORDERS[self.trump][hand]:
            # Touching cards are one choice: when the next live card below this one in its suit (in a hand,
            # the stock or the trick) is also this player's to play, both play alike, and the weaker is tried.
            below = live & _BELOW[card]
            if below & -below & hand:
                continue
            self.tick()
            bit = 1 << card
            self.hands[seat] ^= bit
            table.append(card)
            try:
                if len(table) == len(self.order):
                    result = self._finish_trick()
                else:
                    result = self.value()
            finally:
                table.pop()
                self.hands[seat] ^= bit
            winner, outs = result
            rank = _WIN if winner == seat else (outs.index(seat) if seat in outs else len(outs))
            if best_rank is None or rank > best_rank:
                best, best_rank, best_card = result, rank, card
                if rank == _WIN:
                    break  # nothing ranks above a win, and ties keep the first (weakest)
        return best, best_card  # type: ignore[return-value]

    def _name_trump(self) -> tuple[tuple[int, tuple[int, ...]], int]:
        seat = self.leader
        best = best_rank = best_suit = None
        self.naming = False
        try:
            for suit in range(4):
                self.tick()
                self.trump = suit
                result = self.value()
                winner, outs = result
                rank = _WIN if winner == seat else (outs.index(seat) if seat in outs else len(outs))
                if best_rank is None or rank > best_rank:
                    best, best_rank, best_suit = result, rank, suit
                    if rank == _WIN:
                        break
        finally:
            self.trump = -1
            self.naming = True
        return best, best_suit  # type: ignore[return-value]

    def _finish_trick(self) -> tuple[int, tuple[int, ...]]:
        """The end of a trick (:func:`~linger_longer.kernel.end_trick`, the deal's own), the rest of the deal
        searched, and the state put back."""
        hands = self.hands
        saved = (self.pos, self.out, self.leader, self.order, self.naming, self.table, hands.copy())
        winner, drawn, went_out, out, deal_winner, reason, leader, names_trump = end_trick(
            self.rules, hands, self.stock, self.pos, self.out, self.order, self.table, self.trump)
        try:
            if reason is not None:
                return deal_winner, went_out  # type: ignore[return-value]
            self.pos += len(drawn)
            self.out, self.leader, self.order, self.table = out, leader, seating(self.players, out)[1][leader], []
            if names_trump:
                self.naming = True
            rest_winner, rest_out = self.value()
            return rest_winner, went_out + rest_out
        finally:
            self.pos, self.out, self.leader, self.order, self.naming, self.table, self.hands = saved

    # -- the root

    def solve_root(self, deal: Deal, lines: bool = True) -> Solution:
        """Every legal action's value and line; the budget may leave some unknown."""
        started = time.perf_counter()
        seat = deal.to_act
        assert seat is not None
        values = []
        exhausted = False
        for action in deal.legal_actions():
            if exhausted:
                values.append(ActionValue(action, None))
                continue
            try:
                values.append(self._value_of(deal, action) if lines else self._bare_value_of(deal, action))
            except _Exhausted:
                exhausted = True
                values.append(ActionValue(action, None))
        return Solution(seat, deal.trump, tuple(values), self.nodes, 1000 * (time.perf_counter() - started))

    def _bare_value_of(self, deal: Deal, action: Card | Suit) -> ActionValue:
        """One action's value without its line: the action applied to the search's own state."""
        self.load(deal)
        self.tick()
        if isinstance(action, Suit):
            self.naming, self.trump = False, action.number
            winner, outs = self.value()
            return ActionValue(action, winner, outs, (action,))
        seat = self.order[len(self.table)]
        self.hands[seat] ^= action.mask
        self.table.append(action.index)
        if len(self.table) == len(self.order):
            winner, outs = self._finish_trick()
        else:
            winner, outs = self.value()
        return ActionValue(action, winner, outs, (action,))

    def _value_of(self, deal: Deal, action: Card | Suit) -> ActionValue:
        """One action's value and its line, played on a copy of ``deal`` (which checks every step)."""
        after = deal.copy()
        after.apply(action)
        self.tick()
        line: list[Card | Suit] = [action]
        if after.is_over:
            outcome = after.outcome
            assert outcome is not None
            return ActionValue(action, outcome.winner, _went_out(deal, after), tuple(line))
        self.load(after)
        searched = self.value()  # the value, searched (and kept) once
        while not after.is_over:
            self.load(after)
            _, move = self.decide()
            chosen: Card | Suit = _SUITS[move] if self.naming else FULL_DECK[move]
            after.apply(chosen)
            line.append(chosen)
        outcome = after.outcome
        assert outcome is not None
        went_out = _went_out(deal, after)
        # The line, replayed by the engine itself, must end as the search said: a check of the search's rules.
        assert (searched[0], searched[1]) == (outcome.winner, went_out[len(went_out) - len(searched[1]):]), \
            f"the search says {searched}, the engine's replay {outcome.winner, went_out}"
        return ActionValue(action, outcome.winner, went_out, tuple(line))


def _went_out(before: Deal, after: Deal) -> tuple[int, ...]:
    """The seats that went out between two positions of one deal, in order."""
    outcome = after.outcome
    assert outcome is not None
    return tuple(s for s in outcome.out_order if not before.is_out(s))
