"""How hard a puzzle is and what it teaches: its difficulty and themes, computed from the position alone.

Everything here is measured at the puzzle's question, the position where exactly one action keeps the player
to act able to win (:mod:`linger_longer.puzzles`), with the solver and the site's own computer players:

- ``thumb_finds``: the rule-of-thumb player (:class:`~linger_longer.bots.RuleOfThumbBot`) plays the answer from
  that seat, seeing what that seat sees;
- ``strong_finds``: the strong opponent (:class:`~linger_longer.bots.MonteCarloBot`, the Play page's strongest
  player, seed :data:`STRONG_SEED`) plays the answer from that seat;
- ``losing``: the legal actions that lose with best play from everyone;
- ``line_length``: the actions of the winning line, the answer included, to the end of the deal;
- ``stock_shown``: the stock cards drawn in the winning line or in any refutation, the most of them: the trainer
  shows that many of the stock's next cards face up, in order.

The difficulty, 1 (easiest) to 5, adds one point to 1 for each of: the rule-of-thumb player misses the answer;
the strong opponent misses it; the winning line is longer than :data:`LONG_LINE` actions; it is longer than
:data:`VERY_LONG_LINE`; at least :data:`MANY_LOSING` actions lose. Past 5 it stays 5.

The themes (:data:`THEMES`) are read from the events of the winning line (:mod:`linger_longer.events`) and the
position at the question: see :func:`themes`.
"""

from __future__ import annotations

from dataclasses import dataclass

from .bots import MonteCarloBot, RuleOfThumbBot
from .cards import Card, Suit
from .events import CardDrawn, CardPlayed, Event, LeadPassed, StockEmpty, TrickStarted, TrickWon, TrumpNamed
from .game import Deal, Phase
from .i18n import N_, translate
from .solver import Solution, hidden_from, solve

__all__ = ["LONG_LINE", "MANY_LOSING", "STRONG_SEED", "THEMES", "VERY_LONG_LINE", "Rating", "difficulty", "rate",
           "theme_names", "themes"]

#: The strong opponent's seed when it looks for the answer: a fixed one, so a recomputation gives the same choice.
STRONG_SEED = 0
#: A winning line of more actions than this (the answer included) is long: one point of difficulty. With 10 and
#: 17 below, the 150 puzzles of the site spread over the five difficulties (28, 28, 27, 36 and 31 of them).
LONG_LINE = 10
#: A winning line of more actions than this is very long: one more point.
VERY_LONG_LINE = 17
#: This many losing actions or more make a wide choice: one point.
MANY_LOSING = 3

#: The themes, by ID: the English name and the one sentence that explains it (translated in the engine's catalogs).
THEMES: dict[str, tuple[str, str]] = {
    "last-card": (N_("Last card"),
                  N_("The player to act wins a trick with the last card in their hand.")),
    "trump-a-lead": (N_("Trump a lead"),
                     N_("The player to act, holding none of the suit led, plays a trump on it.")),
    "save-a-trump": (N_("Save a trump"),
                     N_("The player to act keeps a trump for later instead of spending it, and later wins a trick "
                        "with it.")),
    "lead-passes": (N_("The lead passes"),
                    N_("A trick's winner has no card left, so the lead passes to the next player holding cards.")),
    "take-the-trick": (N_("Take the trick"),
                       N_("The player to act takes the trick now, when a card that lets another player take it "
                          "loses the deal.")),
    "give-up-the-trick": (N_("Give up the trick"),
                          N_("The player to act lets another player take the trick, when a card that would take it "
                             "loses the deal.")),
    "stock-runs-out": (N_("The stock runs out"),
                       N_("The last card of the stock is drawn during the winning line.")),
    "name-trump": (N_("Name trump"),
                   N_("The player to act names the trump suit after winning the first trick (grand coup).")),
    "counting": (N_("Counting"),
                 N_("Few cards are left and counting tells the player to act where every one of them lies.")),
}


@dataclass(frozen=True)
class Rating:
    """The facts measured at a puzzle's question, its difficulty and its themes (see the module's text)."""

    difficulty: int
    thumb_finds: bool
    strong_finds: bool
    losing: int
    line_length: int
    themes: tuple[str, ...]
    stock_shown: int
    answer: str  #: the one winning action: a card code, or a suit letter when naming trump
    choices: int  #: the legal actions at the question
    nodes: int  #: the solver's nodes to settle them all (the browser solves the question again)


def difficulty(thumb_finds: bool, strong_finds: bool, line_length: int, losing: int) -> int:
    """1 (easiest) to 5, from the facts (the module's text gives the formula).

    >>> difficulty(True, True, 3, 1), difficulty(False, True, 12, 1), difficulty(False, False, 18, 5)
    (1, 3, 5)
    """
    points = (not thumb_finds) + (not strong_finds) + (line_length > LONG_LINE) + (line_length > VERY_LONG_LINE) \
        + (losing >= MANY_LOSING)
    return min(5, 1 + points)


def rate(deal: Deal, solution: Solution | None = None) -> Rating:
    """The rating of the puzzle whose question is ``deal`` (the player to act has exactly one winning action).

    ``solution`` is the solver's answer for ``deal`` if already known (it is computed otherwise).
    """
    solution = solve(deal) if solution is None else solution
    seat = solution.seat
    winning = solution.winning
    if not solution.complete or len(winning) != 1:
        raise ValueError(f"not a puzzle: {len(winning)} winning action(s) at the question, complete: "
                         f"{solution.complete}")
    answer = winning[0]
    line = solution.value_of(answer).line
    thumb = RuleOfThumbBot().choose(deal.view(seat)) == answer
    strong = MonteCarloBot(STRONG_SEED).choose(deal.view(seat)) == answer
    losing = sum(1 for value in solution.actions if value.winner != seat)
    shown = max(_drawn(deal, value.line) for value in solution.actions)
    code = answer.letter if isinstance(answer, Suit) else answer.code
    return Rating(difficulty(thumb, strong, len(line), losing), thumb, strong, losing, len(line),
                  themes(deal, solution), shown, code, len(solution.actions), solution.nodes)


def _replay(deal: Deal, line: tuple[Card | Suit, ...]) -> list[tuple[Deal, Card | Suit, list[Event]]]:
    """Each action of the line with the deal just before it and the events it caused."""
    deal = deal.copy()
    steps = []
    for action in line:
        before = deal.copy()
        steps.append((before, action, list(deal.apply(action))))
    return steps


def _drawn(deal: Deal, line: tuple[Card | Suit, ...]) -> int:
    return sum(1 for _, _, events in _replay(deal, line) for e in events if isinstance(e, CardDrawn))


def _takes_the_trick(deal: Deal, line: tuple[Card | Suit, ...]) -> int | None:
    """Who wins the trick under way at ``deal`` when the ``line`` is played."""
    for _, _, events in _replay(deal, line):
        for event in events:
            if isinstance(event, TrickWon):
                return event.seat
    return None


def themes(deal: Deal, solution: Solution) -> tuple[str, ...]:
    """The IDs of the themes the puzzle at ``deal`` shows, in :data:`THEMES` order, from the winning line (the
    answer first) and the refutations of the solver's ``solution``.

    - ``last-card``: the player to act plays the last card of their hand and wins that trick;
    - ``trump-a-lead``: the player to act plays a trump on a led plain suit (holding none of it);
    - ``save-a-trump``: the player to act plays a plain card while a trump was legal, and later wins a trick
      with a trump;
    - ``lead-passes``: the lead passes to another player (a trick's winner holds no card: a lead-passed event);
    - ``take-the-trick``: the trick of the question is won by the player to act in the winning line, and by
      another player in the refutation of another action;
    - ``give-up-the-trick``: the trick of the question is won by another player in the winning line, and by the
      player to act in the refutation of another action;
    - ``stock-runs-out``: the stock's last card is drawn;
    - ``name-trump``: the player to act names trump;
    - ``counting``: at the question, counting tells the player to act where every unseen card lies (the solver's
      :func:`~linger_longer.solver.hidden_from` finds nothing hidden) and the stock is empty.
    """
    seat = solution.seat
    line = solution.value_of(solution.winning[0]).line
    found: set[str] = set()
    if deal.phase is not Phase.NAME_TRUMP:
        taker = _takes_the_trick(deal, line)
        refuted = {_takes_the_trick(deal, value.line) == seat for value in solution.actions if value.winner != seat}
        if taker == seat and False in refuted:
            found.add("take-the-trick")
        if taker != seat and True in refuted:
            found.add("give-up-the-trick")
    saved_trump = False
    last_played: Card | None = None  # the player's card in the current trick, if it was their last one
    trump_played: Card | None = None  # the player's trump in the current trick
    for before, action, events in _replay(deal, line):
        for event in events:
            if isinstance(event, TrickStarted):
                last_played = trump_played = None
            elif isinstance(event, CardPlayed) and event.seat == seat:
                trump = before.trump
                led = before.trick[0][1].suit if before.trick else None
                if len(before.hand(seat)) == 1:
                    last_played = event.card
                if trump is not None and event.card.suit is trump:
                    trump_played = event.card
                    if led is not None and led is not trump:
                        found.add("trump-a-lead")
                elif trump is not None and any(c.suit is trump for c in before.legal_plays()):
                    saved_trump = True
            elif isinstance(event, TrickWon) and event.seat == seat:
                if last_played is not None:
                    found.add("last-card")
                if trump_played is not None and saved_trump:
                    found.add("save-a-trump")
            elif isinstance(event, LeadPassed):
                found.add("lead-passes")
            elif isinstance(event, StockEmpty):
                found.add("stock-runs-out")
            elif isinstance(event, TrumpNamed) and event.seat == seat:
                found.add("name-trump")
    if not deal.stock and not hidden_from(deal, seat):
        found.add("counting")
    return tuple(theme for theme in THEMES if theme in found)


def theme_names(lang: str) -> dict[str, dict[str, str]]:
    """Each theme's name and sentence in ``lang`` (English where a translation is missing), by theme ID, in
    :data:`THEMES` order: ``{"last-card": {"name": "Last card", "sentence": "..."}, ...}``.

    >>> theme_names("en")["name-trump"]["name"]
    'Name trump'
    """
    return {theme: {"name": translate(lang, name), "sentence": translate(lang, sentence)}
            for theme, (name, sentence) in THEMES.items()}
