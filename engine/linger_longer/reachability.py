"""Whether a real deal reaches a position in the middle of a deal, proved by a history the engine replays.

Counting cards (:mod:`.position`) shows many impossible positions, but not all: a
position whose counts add up may still need a player to revoke, or a dealer who
never held the trump they turned. :func:`find_history` settles it for good: it
searches for a whole deal (a deck order and a dealer) and the plays from it that
reach the position exactly, the hands, the stock in its order, trump, the turned
card, the leader, who is out and the tricks each player won. What it finds is
replayed by :class:`~linger_longer.game.Deal` itself before it is believed.

The unknowns are the cards in the won piles (each was played once) and which
cards the winners drew. The search plays the tricks in order, first choosing who
wins each one, and decides each unknown only when it matters:

- a card played was dealt to its player, or drawn by them earlier; it cannot be
  of a suit its player showed void in (by not following it) while holding it;
- a card drawn is the next of the stock, named only when it is played or, at the
  end, as one of the cards the winner still holds;
- hand sizes follow from the counts (a player plays one card a trick and draws
  only when winning), so who goes out and when needs no card;
- the dealer turned a card of the trump suit and kept it (with ``random-trump``
  the turned card lies at the bottom of the stock and is drawn last).

States that failed once are remembered, so a search over few unknown cards is
exhaustive and its "no" is a proof. When no history exists, the search runs again
without the turned card and without following suit, to say which rule rules the
position out. A search that needs more than its budget of steps raises
:class:`UndecidedError`: it never passes a position it could not prove.

>>> from linger_longer import Deal, Rules
>>> deal = Deal.new(Rules(), 4, seed=3)
>>> for _ in range(4):
...     _ = deal.play(deal.legal_plays()[0])
>>> history = find_history(Rules(), hands=deal.hands, stock=deal.stock, trump=deal.trump, leader=deal.to_act,
...                        dealer=deal.dealer, out=deal.out, tricks_won=deal.tricks_won)
>>> len(history.deck), len(history.actions)
(52, 4)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import NamedTuple, Sequence

from .cards import FULL_DECK, Card, Suit, card_set, cards_in
from .rules import Rules, TrumpSource
from .trick import trick_winner

__all__ = ["History", "UndecidedError", "Unreachable", "find_history", "known_answers", "remember_answers",
           "why_no_history"]

#: Steps (cards tried) one search may take before it gives up with an error. The worked examples and puzzles
#: need a few hundred to a few thousand; a position that needs more is refused, never passed.
BUDGET = 200_000


class UndecidedError(ValueError):
    """The search ran out of its budget before it found a history or proved there is none."""


class Unreachable(ValueError):
    """No deal reaches the position; the message says which rule rules it out."""


@dataclass(frozen=True)
class History:
    """A whole deal that reaches a position: the deck (top card first), the dealer, and the actions from the
    deal on (cards played, and the suit named under ``grand-coup``)."""

    deck: tuple[Card, ...]
    dealer: int
    actions: tuple[Card | Suit, ...]

    def replay(self, rules: Rules, players: int, names: Sequence[str] | None = None):  # -> Deal
        """The deal this history reaches, played by the engine from the deck."""
        from .game import Deal  # game imports this module

        deal = Deal.new(rules, players, deck=self.deck, dealer=self.dealer, names=names)
        for action in self.actions:
            deal.apply(action)
        return deal


@dataclass(frozen=True)
class _Goal:
    """The position to reach, and the rules a history must keep (the last two may be relaxed to find why not)."""

    rules: Rules
    hands: tuple[int, ...]
    stock: tuple[Card, ...]
    trump: Suit | None
    leader: int
    dealer: int
    out: frozenset[int]
    wins: tuple[int, ...]
    turned: Card | None
    names: tuple[str, ...]
    follow_suit: bool = True
    keep_turned: bool = True

    @property
    def players(self) -> int:
        return len(self.hands)


def find_history(
    rules: Rules,
    *,
    hands: Sequence[Sequence[Card]],
    stock: Sequence[Card],
    trump: Suit | None,
    leader: int,
    dealer: int | None = None,
    out: Sequence[int] | frozenset[int] = (),
    tricks_won: Sequence[int] | None = None,
    turned_card: Card | None = None,
    names: Sequence[str] | None = None,
    budget: int | None = None,
) -> History:
    """A history that reaches the position at the start of a trick; :class:`Unreachable` with the reason if none
    does, :class:`UndecidedError` if the search needs more than ``budget`` steps (:data:`BUDGET` by default).

    With no ``dealer``, every seat is tried. The history is replayed by the engine before it is returned. Answers
    are remembered for the life of the process: a site build asks about each worked example several times.
    """
    players = len(hands)
    wins = tuple(tricks_won) if tricks_won is not None else (0,) * players
    label = tuple(names) if names is not None else tuple("ABCDEF"[:players])
    dealers = [dealer] if dealer is not None else list(range(players))
    goals = tuple(_Goal(rules, tuple(card_set(h) for h in hands), tuple(stock), trump, leader, seat, frozenset(out),
                        wins, turned_card, label) for seat in dealers)
    budget = BUDGET if budget is None else budget
    if (goals, budget) not in _ANSWERS:
        _ANSWERS[goals, budget] = _kept_answer(goals, budget) or _answer(goals, budget)
    answer = _ANSWERS[goals, budget]
    if isinstance(answer, Exception):
        raise type(answer)(str(answer))
    return answer


#: Every position asked about, with its history or the error that says why none exists.
_ANSWERS: dict[tuple[tuple[_Goal, ...], int], History | Exception] = {}


#: Short searches with the cards in a shuffled order, tried before the long one: a history often lies where
#: one order of trying would reach it late. What a restart proves impossible, the next ones skip.
RESTARTS, RESTART_STEPS = 12, 1500


def known_answers() -> dict[str, dict]:
    """The answers found so far, as plain data (for a site build to keep between builds): a key naming the
    position, and its history or the reason none exists. Undecided searches are not kept."""
    kept = {}
    for (goals, budget), answer in _ANSWERS.items():
        if isinstance(answer, History):
            kept[_key_text(goals, budget)] = {"deck": " ".join(c.code for c in answer.deck), "dealer": answer.dealer,
                                              "actions": [getattr(a, "code", None) or a.letter for a in answer.actions]}
        elif isinstance(answer, Unreachable):
            kept[_key_text(goals, budget)] = {"unreachable": str(answer)}
    return kept


def remember_answers(kept: dict[str, dict]) -> None:
    """Take back answers given by :func:`known_answers` (of the same engine: the caller checks). A history is
    used only after the engine has replayed it to the position again; one that does not is searched again."""
    _KEPT.update(kept)


#: Answers taken back from an earlier process, by key, used when the same position is asked about.
_KEPT: dict[str, dict] = {}


def _key_text(goals: tuple[_Goal, ...], budget: int) -> str:
    goal = goals[0]
    return repr((goal.rules.name, [" ".join(c.code for c in cards_in(h)) for h in goal.hands],
                 " ".join(c.code for c in goal.stock), goal.trump and goal.trump.letter, goal.leader,
                 [g.dealer for g in goals], sorted(goal.out), list(goal.wins), goal.turned and goal.turned.code,
                 list(goal.names), budget))


def _kept_answer(goals: tuple[_Goal, ...], budget: int) -> History | Exception | None:
    """An answer taken back from an earlier build, if it still holds."""
    kept = _KEPT.get(_key_text(goals, budget))
    if kept is None:
        return None
    if "unreachable" in kept:
        return Unreachable(kept["unreachable"])
    from .cards import parse_cards

    actions = tuple(Suit.parse(a) if len(a) == 1 else Card.parse(a) for a in kept["actions"])
    history = History(parse_cards(kept["deck"]), kept["dealer"], actions)
    goal = next((g for g in goals if g.dealer == history.dealer), None)
    try:
        if goal is None:
            return None
        _check_replay(goal, history)
    except (AssertionError, ValueError):
        return None
    return history


def _answer(goals: tuple[_Goal, ...], budget: int) -> History | Exception:
    counter = _Budget(budget)
    try:
        for goal in goals:
            history = _search(goal, counter)
            if history is not None:
                _check_replay(goal, history)
                return history
        return Unreachable(_why_not(list(goals), counter))
    except UndecidedError as error:
        return error


def _search(goal: _Goal, counter: _Budget) -> History | None:
    """The restarts (the first in the usual order), then one search in the usual order to the end of the budget
    (exhaustive: a None is a proof)."""
    failed: set[tuple] = set()
    for restart in range(RESTARTS):
        counter.restart_left = RESTART_STEPS
        try:
            history = _Search(goal, counter, failed, random.Random(restart) if restart else None).run()
        except _GiveUp:
            continue
        finally:
            counter.restart_left = None
        return history  # found, or a restart finished: every order has been ruled out
    return _Search(goal, counter, failed).run()


def why_no_history(rules: Rules, **position: object) -> str | None:
    """Why no deal reaches the position (the keywords of :func:`find_history`), or None when one does."""
    try:
        find_history(rules, **position)  # type: ignore[arg-type]
    except Unreachable as error:
        return str(error)
    return None


class _GiveUp(Exception):
    """A restart used its share of the steps: the next one tries the cards in another order."""


class _Budget:
    """Steps left to a search (shared by the dealers tried and the searches that say why not), and to one
    restart of it."""

    def __init__(self, steps: int) -> None:
        self.total = self.left = steps
        self.restart_left: int | None = None

    def spend(self) -> None:
        self.left -= 1
        if self.restart_left is not None:
            self.restart_left -= 1
            if self.restart_left < 0:
                raise _GiveUp
        if self.left < 0:
            raise UndecidedError(f"the search for a deal that reaches this position needed more than "
                                 f"{self.total:,} steps; it proves neither that a deal reaches it nor that none does")


# ------------------------------------------------------------------ the search

class _Slot(NamedTuple):
    """A card a player holds but the search has not named yet: dealt (``draw`` is -1) or the ``draw``-th card
    drawn from the stock, and the suits its player has shown void in while holding it (bits by suit number)."""

    draw: int
    void: int


class _Search:
    """A depth-first search over the tricks played.

    Cards held are slots until they are named: when a card of the won piles is played, it fills one of its
    player's slots whose voids allow its suit; at the end, the cards of the position's hands fill the slots left.
    So a draw adds a slot and decides nothing, and a revoke shows as a slot that no card can fill.
    """

    def __init__(self, goal: _Goal, budget: _Budget, failed: set[tuple] | None = None,
                 shuffle: random.Random | None = None) -> None:
        self.goal, self.budget, self.shuffle = goal, budget, shuffle
        rules, players = goal.rules, goal.players
        self.size = rules.hand_size(players)
        self.per_card = rules.draws_per_card
        self.before_draw = rules.eliminate_before_draw
        self.source = rules.trump_source
        self.tricks = sum(goal.wins)
        self.draws_total = 52 - players * self.size - len(goal.stock)
        held = 0
        for hand in goal.hands:
            held |= hand
        self.played_pool = card_set(FULL_DECK) & ~held & ~card_set(goal.stock)
        self.dealer_keeps_turned = self.source is TrumpSource.DEALER_CARD and goal.keep_turned
        self.turned_drawn_last = (self.source is TrumpSource.STOCK_CARD and goal.keep_turned and not goal.stock
                                  and self.draws_total > 0)
        self.failed = failed if failed is not None else set()  # states with no history after them, for any order
        self.slots: list[list[_Slot]] = [[_Slot(-1, 0)] * self.size for _ in range(players)]
        self.wins = [0] * players
        self.pool = self.played_pool  # cards of the won piles not played yet
        self.out: frozenset[int] = frozenset()
        self.drawn = 0
        self.filled: dict[Card, tuple[int, int]] = {}  # card -> (seat, draw or -1 for dealt)
        self.actions: list[Card | Suit] = []
        self.found: History | None = None
        self.counts = _Counts(self)

    def run(self) -> History | None:
        if not self._possible_at_all():
            return None
        leader = (self.goal.dealer + 1) % self.goal.players
        return self.found if self._trick(leader) else None

    def _possible_at_all(self) -> bool:
        """The facts the search takes for granted: the stock holds what the deal left, and the turned card."""
        goal = self.goal
        if self.draws_total < 0 or self.played_pool.bit_count() + sum(h.bit_count() for h in goal.hands) \
                != goal.players * self.size + self.draws_total:
            return False
        if self.source is TrumpSource.STOCK_CARD and goal.stock and goal.keep_turned:
            bottom = goal.stock[-1]
            return bottom.suit is goal.trump and goal.turned in (None, bottom)
        return True

    # A trick: its leader and each player still in play one card, clockwise. The search decides who wins it
    # first, then only tries cards that let that player win: the same histories, found far sooner.
    def _trick(self, leader: int) -> bool:
        if sum(self.wins) == self.tricks:
            return self._at_goal(leader)
        order = [leader]
        while len(order) < self.goal.players - len(self.out):
            seat = (order[-1] + 1) % self.goal.players
            while seat in self.out:
                seat = (seat + 1) % self.goal.players
            order.append(seat)
        winners = self._winners(order)
        if self.shuffle is not None:
            self.shuffle.shuffle(winners)
        return any(self._play(order, [], order.index(winner)) for winner in winners)

    def _winners(self, order: list[int]) -> list[int]:
        """Who may win this trick: a player after whose win the counts can still reach the position (hand sizes,
        who goes out, the cards drawn, the tricks won, the leader). Those with the most tricks still to win first."""
        state = (tuple(len(slots) for slots in self.slots), tuple(self.wins), self.out, self.drawn)
        seats = [seat for seat in order if self.counts.after_win(state, seat) is not None]
        return sorted(seats, key=lambda seat: self.wins[seat] - self.goal.wins[seat])

    def _key(self, order: list[int], table: list[Card], place: int) -> tuple:
        slots = tuple(tuple(sorted((self._kind(seat, slot), slot.void) for slot in held))
                      for seat, held in enumerate(self.slots))
        return (tuple(order), tuple(table), place, slots, tuple(self.wins), self.out, self.pool, self.drawn,
                self._dealer_turned())

    def _play(self, order: list[int], table: list[Card], place: int) -> bool:
        """The rest of a trick that the player at ``place`` in ``order`` wins, and the deal after it."""
        key = self._key(order, table, place)
        if key in self.failed:
            return False
        if len(table) == len(order):
            found = self._end_of_trick(order, table)
        else:
            found = self._play_a_card(order, table, place)
        if not found:
            self.failed.add(key)
        return found

    def _trump(self) -> Suit | None:
        """Trump in the trick being played (none in the first trick under ``grand-coup``)."""
        if self.source is TrumpSource.NAMED_BY_FIRST_WINNER and not sum(self.wins):
            return None
        return self.goal.trump

    def _play_a_card(self, order: list[int], table: list[Card], place: int) -> bool:
        seat, trump = order[len(table)], self._trump()
        led = table[0].suit if table else None
        held = self.slots[seat]
        for card in self._choices(seat, led, trump, len(table) == place):
            cards = table + [card]
            if len(table) >= place and trick_winner(cards, trump) != place:
                continue  # the chosen winner would not win
            revoke = led is not None and card.suit is not led and self.goal.follow_suit
            for index in self._slots_for(seat, card):
                self.budget.spend()
                slot = held[index]
                self.slots[seat] = held[:index] + held[index + 1:]
                if revoke:  # void in the led suit: no card held now is of it
                    self.slots[seat] = [s._replace(void=s.void | 1 << led.number) for s in self.slots[seat]]
                self.pool ^= card.mask
                self.filled[card] = (seat, slot.draw)
                if self._keep_still_fits(seat) and self._turned_still_possible() and self._play(order, cards, place):
                    return True
                del self.filled[card]
                self.pool ^= card.mask
                self.slots[seat] = held
        return False

    def _choices(self, seat: int, led: Suit | None, trump: Suit | None, winning: bool) -> list[Card]:
        """The cards of the won piles still to be played. The order only makes a history come sooner: the trick's
        winner tries strong cards first, the others low cards of the led suit, and a dealer who has not yet
        played the trump they turned (nor keeps one) plays it early. A restart shuffles the ranks."""
        cards = list(cards_in(self.pool))
        if self.shuffle is not None:
            self.shuffle.shuffle(cards)
            key = lambda card: (card.suit is not (led or card.suit), card.suit is trump)  # noqa: E731
        else:
            key = lambda card: (card.suit is not (led or card.suit), card.suit is trump, -card.index)  # noqa: E731
        cards.sort(key=key, reverse=winning)
        if seat == self.goal.dealer and self.dealer_keeps_turned and not self._dealer_turned():
            cards.sort(key=lambda card: card != self.goal.turned and card.suit is not self.goal.trump)
        return cards

    def _slots_for(self, seat: int, card: Card) -> list[int]:
        """The slots of ``seat`` that ``card`` may fill, one of each kind (slots of one kind are interchangeable)."""
        kinds: dict[tuple, int] = {}
        for index, slot in enumerate(self.slots[seat]):
            if self._fits(seat, slot, card):
                kinds.setdefault((self._kind(seat, slot), slot.void), index)
        return list(kinds.values())

    def _kind(self, seat: int, slot: _Slot) -> int:
        """What sets a slot apart beyond its voids: the dealer's dealt cards (one of them was turned) and, with
        ``random-trump`` and an empty stock, the last card drawn (the turned card)."""
        if self.dealer_keeps_turned and seat == self.goal.dealer and slot.draw < 0:
            return 1
        if self.turned_drawn_last and slot.draw == self.draws_total - 1:
            return 2
        return 0

    def _fits(self, seat: int, slot: _Slot, card: Card) -> bool:
        """Whether ``card`` can be the card in ``slot``: not of a suit its player showed void in while holding it,
        and the turned card only where it was."""
        if slot.void >> card.suit.number & 1:
            return False
        kind, turned = self._kind(seat, slot), self.goal.turned
        if kind == 2:
            return card == turned if turned is not None else card.suit is self.goal.trump
        if turned is not None and card == turned:
            return kind == 1 or not (self.dealer_keeps_turned or self.turned_drawn_last)
        return True

    def _keep_still_fits(self, seat: int) -> bool:
        """The cards ``seat`` holds at the end need slots that allow their suits: those held now, or drawn later
        (one a trick won, or one per card in it, while the stock lasts)."""
        keep = cards_in(self.goal.hands[seat])
        per_win = self.goal.players if self.per_card else 1
        later = min((self.goal.wins[seat] - self.wins[seat]) * per_win, self.draws_total - self.drawn)
        for suit in Suit:
            need = sum(1 for card in keep if card.suit is suit)
            room = sum(1 for slot in self.slots[seat] if not slot.void >> suit.number & 1)
            if need > room + later:
                return False
        return True

    def _end_of_trick(self, order: list[int], table: list[Card]) -> bool:
        """The winner takes the trick, draws (unless the stock is empty), empty hands go out, and the winner leads."""
        winner = order[trick_winner(table, self._trump())]
        self.wins[winner] += 1
        self.actions.extend(table)
        out_before, held = self.out, self.slots[winner]
        if self.before_draw:
            self._go_out(order)
        count = 0 if winner in self.out else len(table) if self.per_card else 1
        count = min(count, self.draws_total - self.drawn + len(self.goal.stock))
        found = False
        if count <= self.draws_total - self.drawn:  # a draw past that takes cards the position has in the stock
            self.slots[winner] = held + [_Slot(self.drawn + n, 0) for n in range(count)]
            self.drawn += count
            if not self.before_draw:
                self._go_out(order)
            found = self._next_trick(winner)
            self.drawn -= count
        self.slots[winner] = held
        self.out = out_before
        del self.actions[len(self.actions) - len(table):]
        self.wins[winner] -= 1
        return found

    def _go_out(self, order: list[int]) -> None:
        self.out = self.out | {seat for seat in order if not self.slots[seat]}

    def _next_trick(self, winner: int) -> bool:
        """The deal goes on only if at least two players hold cards (and, under ``last-card``, the stock lasts)."""
        goal = self.goal
        if not self.out <= goal.out or len(self.out) >= goal.players - 1:
            return False
        if goal.rules.deal_ends_with_stock and self.drawn == self.draws_total and not goal.stock:
            return False
        leader = winner
        while leader in self.out:
            leader = (leader + 1) % goal.players
        if self.source is TrumpSource.NAMED_BY_FIRST_WINNER and sum(self.wins) == 1 and goal.trump is not None:
            self.actions.append(goal.trump)
            found = self._trick(leader)
            self.actions.pop()
            return found
        return self._trick(leader)

    def _at_goal(self, leader: int) -> bool:
        """After the last trick: the cards of the hands fill the slots left, and the dealer turned a trump."""
        goal = self.goal
        if leader != goal.leader or self.out != goal.out or self.drawn != self.draws_total or self.pool:
            return False
        filled = dict(self.filled)
        for seat in range(goal.players):
            matched = _match(cards_in(goal.hands[seat]), self.slots[seat], lambda s, c, seat=seat: self._fits(seat, s, c))
            if matched is None:
                return False
            filled.update((card, (seat, slot.draw)) for card, slot in matched.items())
        if self.dealer_keeps_turned and not self._turned_among(filled):
            return False
        self.found = self._history(filled)
        return True

    def _turned_still_possible(self) -> bool:
        """The dealer still holds a dealt card that can be the turned trump, or has played one."""
        if not self.dealer_keeps_turned or self._dealer_turned():
            return True
        goal = self.goal
        open_slot = any(self._kind(goal.dealer, slot) == 1 and not slot.void >> goal.trump.number & 1
                        for slot in self.slots[goal.dealer])
        candidates = self.pool | goal.hands[goal.dealer]
        wanted = goal.turned.mask if goal.turned is not None else goal.trump.mask
        return open_slot and bool(candidates & wanted)

    def _dealer_turned(self) -> bool:
        """Whether a card the dealer was dealt, among those named so far, can be the turned card."""
        return self.dealer_keeps_turned and self._turned_among(self.filled)

    def _turned_among(self, filled: dict[Card, tuple[int, int]]) -> bool:
        goal = self.goal
        return any(where == (goal.dealer, -1) and (card == goal.turned if goal.turned else card.suit is goal.trump)
                   for card, where in filled.items())

    # ---------------------------------------------------------- the history found

    def _history(self, filled: dict[Card, tuple[int, int]]) -> History:
        goal = self.goal
        hands: list[list[Card]] = [[] for _ in range(goal.players)]
        drawn: list[Card | None] = [None] * self.draws_total
        for card, (seat, draw) in sorted(filled.items()):
            if draw < 0:
                hands[seat].append(card)
            else:
                drawn[draw] = card
        if self.dealer_keeps_turned:
            dealt = hands[goal.dealer]
            turned = goal.turned or next(c for c in dealt if c.suit is goal.trump)
            dealt.remove(turned)
            dealt.append(turned)  # the dealer's last card is the one turned
        first = (goal.dealer + 1) % goal.players
        deck = [hands[(first + place) % goal.players][place // goal.players]
                for place in range(goal.players * self.size)]
        draws, stock = [c for c in drawn if c is not None], list(goal.stock)
        if self.source is TrumpSource.STOCK_CARD:
            turned = stock.pop() if stock else draws.pop()
            deck.append(turned)  # turned after the deal and put at the bottom of the stock
        return History(tuple(deck + draws + stock), goal.dealer, tuple(self.actions))


def _match(cards: tuple[Card, ...], slots: list[_Slot], fits) -> dict[Card, _Slot] | None:
    """Each card in a slot it fits, every slot used (as many cards as slots), or None (augmenting paths)."""
    if len(cards) != len(slots):
        return None
    owner: list[Card | None] = [None] * len(slots)

    def place(card: Card, seen: set[int]) -> bool:
        for index, slot in enumerate(slots):
            if index not in seen and fits(slot, card):
                seen.add(index)
                if owner[index] is None or place(owner[index], seen):
                    owner[index] = card
                    return True
        return False

    if not all(place(card, set()) for card in cards):
        return None
    return {card: slots[index] for index, card in enumerate(owner) if card is not None}


class _Counts:
    """The deal told in counts only: hand sizes, who is out, cards drawn and tricks won. Whether a sequence of
    trick winners can still reach the position is decided here first, once for each state (remembered)."""

    def __init__(self, search: _Search) -> None:
        self.search = search
        self.known: dict[tuple, bool] = {}

    def after_win(self, state: tuple, winner: int) -> tuple | None:
        """The state after a trick that ``winner`` wins, if the position can still be reached from it."""
        after = self._trick(state, winner)
        return after if after is not None and self._can_finish(after, winner) else None

    def _trick(self, state: tuple, winner: int) -> tuple | None:
        search, goal = self.search, self.search.goal
        sizes, wins, out, drawn = list(state[0]), list(state[1]), state[2], state[3]
        if winner in out or wins[winner] == goal.wins[winner]:
            return None
        playing = [seat for seat in range(goal.players) if seat not in out]
        for seat in playing:
            sizes[seat] -= 1
        wins[winner] += 1
        if search.before_draw:
            out = out | {seat for seat in playing if not sizes[seat]}
        count = 0 if winner in out else len(playing) if search.per_card else 1
        count = min(count, search.draws_total - drawn + len(goal.stock))
        if count > search.draws_total - drawn:
            return None
        sizes[winner] += count
        drawn += count
        out = out | {seat for seat in playing if not sizes[seat]}
        if not out <= goal.out or len(out) >= goal.players - 1:
            return None
        if goal.rules.deal_ends_with_stock and count and drawn == search.draws_total and not goal.stock:
            return None
        return tuple(sizes), tuple(wins), out, drawn

    def _can_finish(self, state: tuple, winner: int) -> bool:
        key = (state, winner)
        if key not in self.known:
            self.known[key] = self._search(state, winner)
        return self.known[key]

    def _search(self, state: tuple, winner: int) -> bool:
        search, goal = self.search, self.search.goal
        leader = winner
        while leader in state[2]:
            leader = (leader + 1) % goal.players
        if sum(state[1]) == search.tricks:
            return (leader == goal.leader and state[2] == goal.out and state[3] == search.draws_total
                    and all(state[0][seat] == goal.hands[seat].bit_count() for seat in range(goal.players)))
        return any((after := self._trick(state, seat)) is not None and self._can_finish(after, seat)
                   for seat in range(goal.players))


def _check_replay(goal: _Goal, history: History) -> None:
    """The engine replays the history to exactly the position, or the search is wrong."""
    deal = history.replay(goal.rules, goal.players)
    got = (tuple(map(card_set, deal.hands)), deal.stock, deal.trump, deal.to_act, deal.out, deal.tricks_won)
    want = (goal.hands, goal.stock, goal.trump, goal.leader, goal.out, goal.wins)
    turned_ok = goal.turned is None or deal.turned_card == goal.turned
    if got != want or not turned_ok:
        raise AssertionError(f"the history found does not replay to the position: {history}")


# ------------------------------------------------------------------ why not

def _why_not(goals: list[_Goal], budget: _Budget) -> str:
    """Which rule rules the position out: the search is run again with the turned card, then following suit, set
    aside; the first that lets a history through is the reason."""
    from dataclasses import replace

    revoked = [_Search(replace(goal, follow_suit=False), budget) for goal in goals]
    for search in revoked:
        history = search.run()
        if history is not None:
            return _revoke_reason(search, history)
    loose = [_Search(replace(goal, follow_suit=False, keep_turned=False), budget) for goal in goals]
    if any(search.run() is not None for search in loose):
        return _turned_reason(goals[0])
    goal = goals[0]
    return (f"no way of playing {_tricks(sum(goal.wins))} with the cards in the won piles gives each player the "
            f"tricks won, the cards drawn and the hands of this position")


def _tricks(count: int) -> str:
    return f"{count} trick" + ("" if count == 1 else "s")


def _revoke_reason(search: _Search, history: History) -> str:
    """The first revoke in a history that needs one: every history that reaches the position has one."""
    goal = search.goal
    from .game import Deal, IllegalPlayError

    deal = Deal.new(goal.rules, goal.players, deck=history.deck, dealer=history.dealer)
    names = goal.names
    for action in history.actions:
        try:
            deal.apply(action)
        except IllegalPlayError:
            seat, led = deal.to_act, deal.led_suit
            return (f"every deal that reaches it needs a revoke: in trick {deal.tricks_played + 1} {names[seat]} "
                    f"plays {action} while holding {led}, and a player who holds the suit led must follow it; "
                    f"no order of the cards in the won piles avoids this")
    raise AssertionError("a history that needs a revoke replays without one")


def _turned_reason(goal: _Goal) -> str:
    dealer = goal.names[goal.dealer]
    card = f"the turned card {goal.turned}" if goal.turned is not None else f"a {goal.trump} (the turned trump)"
    if goal.rules.trump_source is TrumpSource.STOCK_CARD:
        return (f"the turned card lies at the bottom of the stock and is drawn last, and no history fits that: "
                f"{card} cannot be where the position has it")
    return (f"the dealer {dealer} was dealt {card} and kept it, but no legal history with that card in "
            f"{dealer}'s hand reaches this position")
