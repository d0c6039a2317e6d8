"""Computer players: a random one, one that follows the strategy tips, and the strong opponent.

A fair bot sees what a player at the table sees, and nothing else: ``choose``
takes the seat's view (:meth:`Deal.view <linger_longer.game.Deal.view>`, a
:class:`~linger_longer.view.SeatView`) and returns a card to play or, under
``grand-coup``, a suit to name. Only :class:`OracleBot`, the ceiling the bench
measures the others against, is given the whole deal, and says so in its name.

>>> from .rules import Rules
>>> deal = Deal.new(Rules(), 4, seed=3)
>>> card = RuleOfThumbBot(seed=1).choose(deal.view(deal.to_act))
>>> card in deal.legal_plays()
True
"""

from __future__ import annotations

import random
from typing import Protocol, Sequence

from .cards import Card, Suit, card_set, cards_in
from .game import Deal, Phase
from .solver import best_response, outcome_rank, solve, weakness
from .trick import beats, legal_plays, trick_winner
from .view import SeatView

__all__ = ["Bot", "MonteCarloBot", "OracleBot", "PlayoutBot", "RandomBot", "RuleOfThumbBot", "BOTS", "hint_reasoning", "make_bot"]


class Bot(Protocol):
    """Anything that picks an action for the player to act, from what that player sees."""

    def choose(self, view: SeatView) -> Card | Suit:
        """The action for ``view.seat``, the seat to act."""
        ...


class RandomBot:
    """Plays a legal card at random and names a random suit."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> Card | Suit:
        return self.rng.choice(_seat_view(view).legal_actions())


class RuleOfThumbBot:
    """Follows the site's strategy tips.

    - The stock is a clock: while it has cards, winning a trick is worth a card,
      so win as cheaply as possible (trumping a low lead early is cheap).
    - Do not waste strong cards on tricks you cannot win: discard your weakest
      non-trump card.
    - Keep high trumps for when the stock is gone: lead from your longest plain
      suit while the stock lasts, and lead trumps only once it is empty.
    - Under ``grand-coup``, name the suit you hold most of.
    """

    name = "rule-of-thumb"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> Card | Suit:
        if _seat_view(view).phase is Phase.NAME_TRUMP:
            return self._name_trump(view.hand)
        return self.card_for(view.legal_plays(), [card for _, card in view.trick], view.trump, view.stock_size)

    def card_for(self, legal: tuple[Card, ...], table: Sequence[Card], trump: Suit | None, stock: int) -> Card:
        """The card the tips give from ``legal`` with ``table`` on the table (in playing order), ``trump`` and
        ``stock`` cards left in the stock: all the rule of thumb looks at."""
        if len(legal) == 1:
            return legal[0]
        if not table:
            return self._lead(legal, trump, stock)
        best = table[trick_winner(table, trump)]
        winners = [c for c in legal if beats(c, best, trump)]
        if winners and stock:
            return min(winners, key=lambda c: (c.suit is trump, c.rank))  # win as cheaply as possible
        return _weakest(legal, trump)  # cannot (or need not) win: keep the strong cards

    def _lead(self, legal: tuple[Card, ...], trump: Suit | None, stock: int) -> Card:
        plain = [c for c in legal if c.suit is not trump]
        if stock and plain:
            counts = {s: sum(1 for c in plain if c.suit is s) for s in Suit}
            longest = max(plain, key=lambda c: (counts[c.suit], c.rank))
            return longest  # the top card of the longest plain suit
        return max(legal, key=lambda c: (c.suit is trump, c.rank))

    def _name_trump(self, hand: tuple[Card, ...]) -> Suit:
        return max(Suit, key=lambda s: (sum(1 for c in hand if c.suit is s), sum(c.rank for c in hand if c.suit is s)))


def _seat_view(view: SeatView) -> SeatView:
    """A fair bot is given its seat's view, never the whole deal."""
    if not isinstance(view, SeatView):
        raise TypeError(f"a fair bot chooses from its seat's view (deal.view(seat)), not from {type(view).__name__}")
    return view


def _weakest(cards: tuple[Card, ...] | list[Card], trump: Suit | None) -> Card:
    """The weakest card: the lowest non-trump, else the lowest trump."""
    return min(cards, key=lambda c: (c.suit is trump, c.rank))


#: Bots by the names the command line and the site use.
BOTS: dict[str, type[RandomBot] | type[RuleOfThumbBot] | type[PlayoutBot]] = {
    RandomBot.name: RandomBot,
    RuleOfThumbBot.name: RuleOfThumbBot,
}


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A bot by name; an unknown name lists the known ones."""
    try:
        return BOTS[name](seed)
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; known bots: {', '.join(repr(b) for b in BOTS)}") from None


class PlayoutBot:
    """Plays the move that keeps it in the deal most often over sampled deals finished by rule of thumb.

    It cannot see the other hands or the stock, so it deals the cards it has
    not seen at random among them (keeping the hand sizes, the dealer's turned
    card and a card known to lie under the stock where they are), then plays
    each candidate move and finishes the deal with rule-of-thumb players. A
    finished deal scores 1 for a win and a share of 1 for each opponent it
    outlasted. The same ``samples`` deals serve every candidate, and the count
    is fixed rather than timed, so a seed always gives the same choice.

    It was the site's strong opponent before :class:`MonteCarloBot` solved each
    sampled deal; it stays as a yardstick (``tools/bench/solver.py``).
    """

    name = "playout"

    def __init__(self, seed: int | None = None, samples: int = 24, infer_voids: bool = True) -> None:
        self.rng = random.Random(seed)
        self.samples = samples
        #: Whether sampled deals respect the suits each player has shown they lack (see :func:`seen_voids`).
        self.infer_voids = infer_voids
        self.last_scores: dict[Card | Suit, float] = {}
        #: For each candidate of the last choice: the share of sampled deals it won outright.
        self.last_wins: dict[Card | Suit, float] = {}

    def choose(self, view: SeatView) -> Card | Suit:
        seat = _seat_view(view).seat
        candidates: list[Card | Suit] = list(view.legal_actions())
        if len(candidates) == 1:
            self.last_scores = {candidates[0]: 1.0}
            self.last_wins = {}
            return candidates[0]
        caps = seen_voids(view) if self.infer_voids else {}
        caps.pop(seat, None)
        worlds = [self._sample(view, caps) for _ in range(self.samples)]
        scores: dict[Card | Suit, float] = {}
        wins: dict[Card | Suit, float] = {}
        for move in candidates:
            total = 0.0
            won = 0
            for number, world in enumerate(worlds):
                score = self._playout(world, move, seat, number)
                total += score
                won += score == 1.0
            scores[move] = total / len(worlds)
            wins[move] = won / len(worlds)
        self.last_scores = scores
        self.last_wins = wins
        return max(candidates, key=lambda m: scores[m])  # ties keep the sorted order

    def _sample(self, view: SeatView, caps: dict[int, dict[Suit, int]] | None = None) -> Deal:
        """A deal consistent with what the seat has seen (see :meth:`_hidden`)."""
        hands, stock = self._hidden(view, caps)
        return view.imagine(hands, stock)

    def _hidden(self, view: SeatView, caps: dict[int, dict[Suit, int]] | None = None
                ) -> tuple[dict[int, list[Card]], list[Card]]:
        """The other hands and the stock of a deal consistent with what the seat has seen.

        ``caps`` limits, per seat and suit, how many cards of that suit a sampled hand may hold: a
        player who did not follow a suit held none of it then, and holds at most as many as they
        have drawn since. Seats with such limits are dealt first, each taking the first cards of
        the shuffled unseen cards it may hold; the stock takes the rest.
        """
        caps = caps or {}
        others = [s for s in range(view.players) if s != view.seat and not view.is_out(s)]
        fixed_bottom = [view.turned_card] if view.turned_card_under_stock() else []
        held_turned = view.turned_card if view.turned_card_held() else None
        unseen = list(view.unseen())  # in hand order: where the hidden cards really lie must not change the sample
        self.rng.shuffle(unseen)
        hands: dict[int, list[Card]] = {}
        taken = [False] * len(unseen)
        for s in sorted(others, key=lambda s: s not in caps):  # limited seats first; otherwise seat order
            size = view.hand_size(s)
            hand = [held_turned] if s == view.dealer and held_turned is not None else []
            limit = dict(caps.get(s, ()))
            for i, card in enumerate(unseen):
                if len(hand) == size:
                    break
                if taken[i]:
                    continue
                left = limit.get(card.suit)
                if left is not None:
                    if not left:
                        continue
                    limit[card.suit] = left - 1
                taken[i] = True
                hand.append(card)
            for i, card in enumerate(unseen):  # only if the limits cannot all be met: fill up regardless
                if len(hand) == size:
                    break
                if not taken[i]:
                    taken[i] = True
                    hand.append(card)
            hands[s] = hand  # type: ignore[assignment]
        rest = [card for i, card in enumerate(unseen) if not taken[i]]
        return hands, rest + fixed_bottom

    def _playout(self, world: Deal, move: Card | Suit, seat: int, number: int) -> float:
        deal = world.copy()
        deal.apply(move)
        policy = RuleOfThumbBot(number)
        while not deal.is_over:  # an imagined deal: the policy may see all of it
            deal.apply(policy.choose(deal.view(deal.to_act)))  # type: ignore[arg-type]
        outcome = deal.outcome
        assert outcome is not None
        self.last_plies = len(deal.history)  # the actions the playout took (a search counts them as nodes)
        if outcome.winner == seat:
            return 1.0
        order = outcome.out_order
        outlasted = order.index(seat) if seat in order else len(order)
        return 0.5 * outlasted / max(1, deal.players - 1)


class MonteCarloBot(PlayoutBot):
    """The strong opponent: it imagines the hidden cards many ways and works each imagined deal out exactly.

    Perfect-information Monte Carlo: the cards the seat has not seen are dealt
    at random among the other hands and the stock, consistently with what the
    seat has seen (hand sizes, the turned trump card, the voids others showed,
    see :func:`seen_voids`; never another seat's draws), and with what the
    others' plays tell of their hands if they play by the tips
    (:meth:`_likely_world`). In each imagined deal, with every card known, the
    seat searches all its choices to the end of the deal
    (:func:`~linger_longer.solver.best_response`), the others playing by the
    tips; with ``opponents="best"`` they play best too (the exact solver,
    :func:`~linger_longer.solver.solve`), which measured weaker against
    rule-of-thumb players. A won deal scores 1, outlasting others a share of 1,
    as :class:`PlayoutBot` scores. The candidate with the best mean is played
    (the weakest of equals, as the solver's tie rule).

    The work is bounded by ``nodes`` (search steps for one move), not by time,
    so a seed always gives the same choice on every machine. An imagined deal
    too large to search within its share (early in a long deal) is finished by
    rule-of-thumb players instead. ``samples`` caps the imagined deals; a move
    stops imagining once the nodes are spent.
    """

    name = "monte-carlo"

    def __init__(self, seed: int | None = None, samples: int | None = None, infer_voids: bool = True,
                 nodes: int | None = None, opponents: str = "rule-of-thumb") -> None:
        samples = STRONG_SAMPLES if samples is None else samples
        super().__init__(seed, samples, infer_voids)
        if opponents not in ("rule-of-thumb", "best"):
            raise ValueError(f"opponents {opponents!r}: 'rule-of-thumb' or 'best'")
        #: How the imagined opponents play: by the strategy tips, or best play from everyone (the solver).
        self.opponents = opponents
        self.model = RuleOfThumbBot(seed)
        #: Search nodes for one move; None: :data:`STRONG_NODES`, or :data:`LONG_DEAL_NODES` for long deals.
        self.nodes = nodes
        #: Imagined deals of the last choice, and how many of them were solved exactly.
        self.last_worlds = 0
        self.last_solved = 0
        #: For each candidate of the last choice: in how many imagined deals it was the only winning action.
        self.last_only: dict[Card | Suit, int] = {}

    def choose(self, view: SeatView) -> Card | Suit:
        seat = _seat_view(view).seat
        candidates: list[Card | Suit] = list(view.legal_actions())
        self.last_only = {}
        if len(candidates) == 1:
            self.last_scores, self.last_wins = {candidates[0]: 1.0}, {}
            self.last_worlds = self.last_solved = 0
            return candidates[0]
        caps = seen_voids(view) if self.infer_voids else {}
        caps.pop(seat, None)
        already_out = len(view.out)
        nodes = self.nodes or (LONG_DEAL_NODES if view.rules.draws_per_card or view.rules.hand_size(view.players) == 7
                               else STRONG_NODES)
        share = max(1, nodes // 4)  # one imagined deal may use at most a quarter of the move's nodes
        totals = dict.fromkeys(candidates, 0.0)
        wins = dict.fromkeys(candidates, 0)
        only = dict.fromkeys(candidates, 0)
        spent = worlds = solved = 0
        tells = _tells(view) if self.opponents == "rule-of-thumb" else []
        while worlds < self.samples and (spent < nodes or worlds == 0):
            world = self._likely_world(view, caps, tells)
            budget = min(share, max(1, nodes - spent))
            solution = (solve(world, nodes=budget, lines=False) if self.opponents == "best" else
                        best_response(world, self.model, nodes=budget))
            spent += solution.nodes
            if solution.complete:
                solved += 1
                winning = [v.action for v in solution.actions if v.winner == seat]
                for value in solution.actions:
                    won = value.winner == seat
                    totals[value.action] += 1.0 if won else 0.5 * (
                        already_out + outcome_rank(seat, value.winner, value.out_order)) / max(1, view.players - 1)
                    wins[value.action] += won
                if len(winning) == 1:
                    only[winning[0]] += 1
            else:
                for move in candidates:
                    score = self._playout(world, move, seat, worlds)
                    spent += self.last_plies  # a playout's actions cost about what the search's nodes cost
                    totals[move] += score
                    wins[move] += score == 1.0
            worlds += 1
        self.last_worlds, self.last_solved = worlds, solved
        self.last_scores = {m: totals[m] / worlds for m in candidates}
        self.last_wins = {m: wins[m] / worlds for m in candidates}
        self.last_only = only
        trump = view.trump
        ordered = sorted(candidates, key=lambda m: weakness(m, trump))
        return max(ordered, key=lambda m: self.last_scores[m])  # max keeps the first (weakest) of equals


    #: How often the imagined opponents are taken to stray from the tips, per play (see :meth:`_likely_world`).
    STRAY = 0.05
    #: Hands tried for one seat whose imagined hand does not fit its plays.
    TRIES = 20

    def _likely_world(self, view: SeatView, caps: dict[int, dict[Suit, int]], tells: list) -> Deal:
        """An imagined deal in which the others' plays are, as far as can be, what the tips would have given.

        The unseen cards are dealt as :meth:`_hidden` deals them; then each other seat whose imagined hand
        does not fit its plays (:func:`_tells`) swaps its hand for cards of the stock, up to ``TRIES`` times,
        keeping a fitting hand (or, with chance ``STRAY`` for each play that does not fit, one that strays:
        players do not always play by the tips). The cards under the stock that everyone has seen stay put.
        """
        hands, stock = self._hidden(view, caps)
        if not tells:
            return view.imagine(hands, stock)
        fixed = 1 if view.turned_card is not None and stock and stock[-1] is view.turned_card else 0
        pool = stock[:len(stock) - fixed]
        by_seat: dict[int, list] = {}
        for tell in tells:
            by_seat.setdefault(tell[0], []).append(tell)
        for other, own in by_seat.items():
            if other not in hands or not pool:
                continue
            kept = [c for c in hands[other] if c is view.turned_card]
            size = len(hands[other]) - len(kept)
            limits = caps.get(other, {})
            for _ in range(self.TRIES):
                strays = sum(1 for tell in own if not _as_the_tips_say(self.model, hands, *tell))
                if not strays or self.rng.random() < self.STRAY ** strays:
                    break
                reservoir = [c for c in hands[other] if c not in kept] + pool
                self.rng.shuffle(reservoir)
                candidate = kept + reservoir[:size]
                if any(sum(1 for c in candidate if c.suit is suit) > most for suit, most in limits.items()):
                    continue  # a void the table has seen
                hands[other] = candidate
                pool = reservoir[size:]
        return view.imagine(hands, pool + stock[len(stock) - fixed:])


def _tells(view: SeatView) -> list[tuple[int, tuple[Card, ...], tuple[Card, ...], Suit | None, int, Card]]:
    """The others' plays whose hand an imagined deal settles: each seat's plays since it last drew.

    A player who has not drawn since held, when playing, its hand of now plus the cards it has played since.
    Each tell is (seat, the cards it played from then on, the table before its card, trump, stock size, card).
    Everything used is public: the cards played, who won each trick and how many cards they drew.
    """
    seat = view.seat
    tricks = [(t.plays, t.trump, t.drawn_count, t.winner) for t in view.tricks]
    tricks.append((view.trick, view.trump, 0, None))
    last_draw: dict[int, int] = {}
    for number, (_, _, drawn, winner) in enumerate(tricks):
        if drawn and winner is not None:
            last_draw[winner] = number
    tells = []
    stock = view.stock_size
    later: dict[int, list[Card]] = {}
    for number in range(len(tricks) - 1, -1, -1):
        plays, trump, drawn, _ = tricks[number]
        stock += drawn  # the stock's size while this trick was played
        for place in range(len(plays) - 1, -1, -1):
            other, card = plays[place]
            if other == seat or number <= last_draw.get(other, -1):
                continue
            later.setdefault(other, []).append(card)
            tells.append((other, tuple(later[other]), tuple(c for _, c in plays[:place]), trump, stock, card))
    return tells


def _as_the_tips_say(model: RuleOfThumbBot, hands: dict[int, list[Card]], other: int, since: tuple[Card, ...],
                     table: tuple[Card, ...], trump: Suit | None, stock: int, card: Card) -> bool:
    """Whether a player holding ``hands[other]`` and the cards played ``since`` would have played ``card``
    by the tips."""
    held = card_set(hands.get(other, ())) | card_set(since)
    legal = cards_in(legal_plays(held, table[0].suit if table else None))
    return model.card_for(legal, table, trump, stock) is card


class OracleBot:
    """The ceiling, not a fair player: it is given the whole deal (``choose(deal)``, not a seat's view).

    It sees every card and answers the others exactly as they play: the ceiling against rule-of-thumb players.

    With every hand and the stock's order in view, it searches all its own choices to the end of the deal
    while the other seats play what :class:`RuleOfThumbBot` plays there
    (:func:`~linger_longer.solver.best_response`). The rule-of-thumb bot is deterministic, so against three
    of them this is the exact best reply: it plays the action that ranks it best (a win, else outlasting the
    most players), the weakest of equals (the solver's tie rule). A fair player knows less (not the hidden
    cards) and may play no better, so no fair player can gain more against this field on average; the gap
    between a fair bot and this one is the skill it leaves. It is not one of the site's opponents (it
    cheats), only a yardstick. Past its node budget (a long deal's first tricks) it plays a win it found
    before the budget ran out, else what the tips play. The same deal always gets the same choice.
    """

    name = "oracle"

    def __init__(self, seed: int | None = None, nodes: int = 200_000) -> None:
        self.nodes = nodes
        #: How it expects the others to play; also its own play past the budget.
        self.model = RuleOfThumbBot(seed)

    def choose(self, deal: Deal) -> Card | Suit:
        """The action for ``deal.to_act``, seeing every card of ``deal``."""
        if deal.phase is Phase.PLAY and len(deal.legal_plays()) == 1:
            return deal.legal_plays()[0]
        solution = best_response(deal, self.model, nodes=self.nodes)
        best = solution.best
        if best is None:  # past the budget: a win found already ranks above anything left unknown
            won = [v.action for v in solution.actions if v.winner == solution.seat]
            return (min(won, key=lambda a: weakness(a, deal.trump)) if won
                    else self.model.choose(deal.view(solution.seat)))
        return best.action


#: Imagined deals a move of the strong opponent at most: 60 plays as well as 100 did (1,000 paired 4-player deals
#: against rule-of-thumb players: 28.2% against 28.1% won, a gain of +0.1 points, 95% CI -1.6 to +1.8) for 60%
#: of the time (median move 39 ms of CPU in CPython instead of 63 ms; ``tools.bench.solver``).
STRONG_SAMPLES = 60
#: Search nodes the strong opponent spends on one move (median 69 ms of CPU a move in CPython, 95th
#: percentile 195 ms, in 4-player standard deals: ``tools/bench/solver.py``).
STRONG_NODES = 40_000
#: The same for rules whose deals run long (draw-per-card, long-hand), where a node costs more: a median
#: of 121 ms a move in CPython with draw-per-card (95th percentile 163 ms).
LONG_DEAL_NODES = 15_000

BOTS[MonteCarloBot.name] = MonteCarloBot  # type: ignore[assignment]


def seen_voids(view: SeatView) -> dict[int, dict[Suit, int]]:
    """What the table has seen of each player's missing suits, as limits for sampling their hand.

    A player who does not follow the led suit holds none of it (a discard reveals a void); each
    card they draw afterwards may be of that suit, so the limit grows by one per card drawn. The
    result maps seat to {suit: most cards of that suit the seat can hold now}. Everything used is
    public: who played which card, and who drew how many cards (not which).

    >>> from .rules import Rules
    >>> deal = Deal.new(Rules(), 4, seed=3)
    >>> seen_voids(deal.view(0))
    {}
    """
    caps: dict[int, dict[Suit, int]] = {}
    for trick in view.tricks:
        _note_discards(trick.plays, caps)
        if trick.drawn_count and trick.winner in caps:
            limits = caps[trick.winner]
            for suit in limits:
                limits[suit] += trick.drawn_count
    _note_discards(view.trick, caps)
    return caps


def _note_discards(plays: Sequence[tuple[int, Card]], caps: dict[int, dict[Suit, int]]) -> None:
    """A player who does not follow the led suit holds none of it."""
    led = plays[0][1].suit if plays else None
    for seat, card in plays[1:]:
        if card.suit is not led:
            caps.setdefault(seat, {})[led] = 0  # type: ignore[index]


def hint_reasoning(view: SeatView, seed: int | None = None, nodes: int | None = None,
                   samples: int | None = None) -> dict:
    """The strong opponent's choice for the player to act, and why, as data for a hint.

    It uses only what the player to act can know: ``view`` is that seat's view. When counting settles every
    card (:meth:`~linger_longer.view.SeatView.whole_deal`), the answer is exact;
    otherwise it comes from :class:`MonteCarloBot`'s imagined deals. The result::

        {"action": "7C",            # card code, or suit letter when naming trump
         "kind": "share",           # see below
         "exact": False,            # whether every card was known
         "percent": 62,             # share of the imagined deals the action won (exact: 100 or 0)
         "samples": 100,            # imagined deals (0 when exact or only one choice)
         "other": "KC",             # the next best action (None when there is none)
         "other_percent": 40}       # its share of won deals

    ``kind`` is one of: ``"only-legal"`` (one legal action); ``"exact-only-win"`` (every card is known and
    this is the only action that wins with best play); ``"exact-win"`` (it wins with best play, as others
    do); ``"exact-no-win"`` (no action wins with best play: this one lasts longest); ``"only-keeps-you-in"``
    (it won some imagined deals and no other action won any); ``"share"`` (it won the largest share).
    ``sentence`` gives the reason in English, for logs and tests; pages translate the kind and the numbers.
    """
    seat = view.seat
    if view.to_act != seat:
        raise ValueError("the deal is over: there is no move to hint" if view.is_over
                         else f"{view.names[seat]} is not to act: there is no move to hint")
    candidates: list[Card | Suit] = list(view.legal_actions())

    def code(action: Card | Suit | None) -> str | None:
        return None if action is None else (action.letter if isinstance(action, Suit) else action.code)

    result: dict = {"exact": False, "samples": 0, "other": None, "other_percent": None}
    if len(candidates) == 1:
        result.update(action=code(candidates[0]), kind="only-legal", percent=None)
    elif (whole := view.whole_deal()) is not None:
        solution = solve(whole, known_to=seat, nodes=nodes or STRONG_NODES * 10, lines=False)
        best = solution.best
        if best is not None:
            winning = solution.winning
            kind = ("exact-only-win" if len(winning) == 1 else "exact-win") if best.winner == seat else "exact-no-win"
            ranked = sorted((v for v in solution.actions if v is not best),
                            key=lambda v: -outcome_rank(seat, v.winner, v.out_order))
            other = ranked[0] if ranked else None
            result.update(action=code(best.action), kind=kind, exact=True, percent=100 * (best.winner == seat),
                          other=code(other.action) if other else None,
                          other_percent=100 * (other.winner == seat) if other else None)
    if "action" not in result:
        bot = MonteCarloBot(seed, samples=samples, nodes=nodes)
        choice = bot.choose(view)
        others = sorted((m for m in candidates if m is not choice), key=lambda m: -bot.last_scores[m])
        other = others[0] if others else None
        won = bot.last_wins
        alone = won[choice] > 0 and all(won[m] == 0 for m in others)
        result.update(action=code(choice), kind="only-keeps-you-in" if alone else "share",
                      percent=round(100 * won[choice]), samples=bot.last_worlds, other=code(other),
                      other_percent=round(100 * won[other]) if other is not None else None)
    result["sentence"] = _hint_sentence(result)
    return result


def _hint_sentence(reason: dict) -> str:
    """The reason in English words."""
    action, other = reason["action"], reason["other"]
    return {
        "only-legal": f"{action} is the only legal choice.",
        "exact-only-win": f"Every card is known: {action} is the only choice that wins the deal with best play.",
        "exact-win": f"Every card is known: {action} wins the deal with best play.",
        "exact-no-win": f"Every card is known: no choice wins with best play; {action} keeps you in longest.",
        "only-keeps-you-in": f"{action} is the only choice that won any of {reason['samples']} imagined deals "
                             f"({reason['percent']}%).",
        "share": f"{action} won {reason['percent']}% of {reason['samples']} imagined deals; the next best, "
                 f"{other}, won {reason['other_percent']}%.",
    }[reason["kind"]]
