"""What the Play page shows the human's seat: the table, the log, the score, after each request.

A view speaks for the human's seat (see :class:`~linger_longer.narrate.Narrator`):
until the deal is over it holds only what a player at that seat has seen (the
other hands are counts, a card another player draws is "a card"); once the deal
is over every card may be shown.

>>> view = new_game(Settings(players=4, seed=5, seat=0))
>>> view["your_turn"] or view["deal"]["over"]
True
>>> card = next(c["card"] for c in view["choices"] if c["legal"])
>>> after = play(view["record"], card)
>>> len(after["record"]["deals"][0]) > len(view["record"]["deals"][0])
True
"""

from __future__ import annotations

import json
from typing import Any, Mapping

from ..cards import Suit
from ..clauses import clause
from ..game import Phase
from ..i18n import N_, translate
from ..narrate import EVERYONE, Narrator, suit_name
from .errors import PlayError
from .labels import PLAY_LABELS, counted
from .pace import paced_steps
from .record import Game, PlayedDeal, load_game, parse_action
from .deal_end import deal_end
from .render import render_step_html
from .rule_links import READ_THE_RULE
from .settings import Settings, encode_query
from .table import TrickTable, hand_choices, table_view

__all__ = ["computer_move", "computer_moves", "game_viewer", "narration", "new_game", "next_deal", "play", "play_card", "state", "undo",
           "view_of"]


def game_viewer(played: PlayedDeal, human: int) -> int | None:
    """Who the deal's words and table speak to: the human's seat, and everyone once the deal is over."""
    return EVERYONE if played.deal.is_over else human


def narration(played: PlayedDeal, lang: str, viewer: int | None, human: int) -> tuple[list[str], list[str]]:
    """The deal so far told to ``viewer``: every sentence, and those since the human's last action."""
    narrator = Narrator(lang, played.deal.names, None, viewer=viewer)
    log = narrator.narrate(played.setup)
    if not played.events:
        return log, list(log)
    last_own = max((i for i, seat in enumerate(played.seats) if seat == human), default=-1)
    recent: list[str] = []
    for i, events in enumerate(played.events):
        sentences = narrator.narrate(events)
        log.extend(sentences)
        if i >= last_own:
            recent.extend(sentences)
    return log, recent


def _table(played: PlayedDeal, viewer: int | None) -> dict[str, Any]:
    table = TrickTable()
    for events in played.events:
        table.see(events)
    return table_view(played.deal, table, viewer=viewer)


def _score(game: Game, lang: str) -> dict[str, Any]:
    """The match's score; ``chips`` (with its explanation) only when the reader chose a chip scoring."""
    result = game.match.result
    scoring = game.settings.scoring
    chips = {"chips-a": result.chips_a, "chips-b": result.chips_b}.get(scoring)
    return {
        "target": game.settings.target,
        "deals_played": len(result.outcomes),
        "deals_won": list(result.deals_won),
        "chips_a": list(result.chips_a),
        "chips_b": list(result.chips_b),
        "winner": result.winner,
        "scoring": scoring,
        "chips": list(chips) if chips is not None else None,
        "chips_note": translate(lang, PLAY_LABELS[f"scoring_note_{scoring}"]) if chips is not None else None,
    }


def _suits(lang: str) -> list[dict[str, Any]]:
    """The suits a player may name as trump, with what the page draws of them."""
    return [{"suit": s.letter, "symbol": s.symbol, "name": suit_name(s, lang), "red": s.is_red} for s in Suit]


def view_of(game: Game, lang: str, refused: tuple[str, str] | None = None, since: int | None = None) -> dict[str, Any]:
    """The game as the human's seat sees it, in ``lang``; ``refused`` is why the rules refused a card and the
    clause that says so (the view links to it: ``refused_rule``, ``read_rule``).

    With ``since`` (an action's index in the current deal), ``steps`` holds the tables the deal passed
    through from that action on, before this one (see :mod:`linger_longer.web.pace`); else it is empty.
    """
    settings = game.settings
    played = game.current
    deal = played.deal
    human = settings.seat
    viewer = game_viewer(played, human)
    log, recent = narration(played, lang, viewer, human)
    table = _table(played, viewer)
    over = deal.is_over
    your_turn = not over and deal.to_act == human
    naming = your_turn and deal.phase is Phase.NAME_TRUMP
    choices = hand_choices(deal, lang) if your_turn else []
    names = list(deal.names)
    shown = list(names)  # the table marks the human's seat
    shown[human] = translate(lang, PLAY_LABELS["your_seat"], seat=names[human])
    outcome = deal.outcome
    match_over = game.match.is_over
    step = {"table": table, "choices": choices}
    return {
        "lang": lang,
        "settings": settings.to_json(),
        "query": encode_query(settings),
        # The page's address: without the seed while the deal is on (the seed tells every hidden card).
        "address": encode_query(settings) if over else encode_query(settings, seed=False),
        "record": game.record(),
        "players": names,
        "human": human,
        "deal": {
            # The deal's own seed is drawn from the game's (up to 2**63): a string, exact in JavaScript.
            # Not while the deal is on: with the public engine, the seed is every hand and the stock's order.
            "number": played.index + 1, "seed": str(played.seed) if over else None, "dealer": played.dealer,
            "over": over,
            "stock_at_start": played.stock_at_start,
            "clock": counted(lang, "stock_clock", table["stock"], total=played.stock_at_start),
            "outcome": {"winner": outcome.winner, "reason": outcome.reason.value} if outcome else None,
        },
        "table": table,
        "choices": choices,
        "your_turn": your_turn,
        "computer_to_act": game.computer_to_act,
        "name_trump": naming,
        "suits": _suits(lang) if naming else [],
        "html": render_step_html(step, lang, f"play-{played.index}-{len(played.actions)}", shown,
                                 bottom=human),
        "steps": [] if since is None else paced_steps(game, since, lang, shown, through=game.computer_to_act),
        "log": log,
        "recent": recent,
        "refused": refused[0] if refused else None,
        # The rule that refused the card, on its page in the reader's language, and the link's words.
        "refused_rule": clause(refused[1]).href if refused else None,
        "read_rule": translate(lang, READ_THE_RULE) if refused else None,
        "score": _score(game, lang),
        # Once a deal is over every card has been shown: taking a card back would replay it knowing them all.
        "can_undo": not over and any(s == human for s in played.seats),
        "can_next": over and not match_over,
        "can_compare": over,
        "match_over": match_over,
        "end": deal_end(game, played, lang) if over else None,
    }


def state(record: Mapping[str, Any] | str, lang: str = "en") -> dict[str, Any]:
    """The view of a recorded game as it stands."""
    return view_of(load_game(record), lang)


def new_game(settings: Settings | Mapping[str, Any] | str, lang: str = "en") -> dict[str, Any]:
    """Deal the first deal and let the computer play until it is the human's turn.

    ``settings`` may also be :meth:`Settings.to_json`'s data, or that data as JSON text.
    """
    if not isinstance(settings, Settings):
        settings = Settings.from_json(json.loads(settings) if isinstance(settings, str) else settings)
    game = Game(settings)
    game.bots_play()
    return view_of(game, lang, since=0)


def play(record: Mapping[str, Any] | str, action: str, lang: str = "en", answers: int | None = None) -> dict[str, Any]:
    """The human plays ``action`` (a card code such as ``KC``, or a suit letter when naming trump), and the
    computer answers up to the human's next turn, or with ``answers`` actions at most (see :func:`play_card`).

    A card the rules refuse changes nothing: the view comes back with ``refused`` set to the reason.
    """
    game = load_game(record)
    since = len(game.current.actions)
    refused = game.human_play(parse_action(action), lang, answers)
    return view_of(game, lang, refused, None if refused else since)


def play_card(record: Mapping[str, Any] | str, action: str, lang: str = "en") -> dict[str, Any]:
    """The human's action and the computer's first answer only: the Play page shows that card while it asks
    for the next one (:func:`computer_move`), so the reader waits for one computer move, not a whole trick.
    The view's ``computer_to_act`` says whether the computer still has actions before the human's turn."""
    return play(record, action, lang, answers=1)


def computer_move(record: Mapping[str, Any] | str, lang: str = "en", moves: int | None = 1) -> dict[str, Any]:
    """The computer's next action (or its next ``moves``, None for all up to the human's turn), when a computer
    seat is to act: after :func:`play_card`, or in a game saved between two of its actions."""
    game = load_game(record)
    if not game.computer_to_act:
        raise PlayError(N_("It is your turn."))
    since = len(game.current.actions)
    game.bots_play(moves)
    return view_of(game, lang, since=since)


def computer_moves(record: Mapping[str, Any] | str, lang: str = "en") -> dict[str, Any]:
    """The computer's actions up to the human's turn or the deal's end (the rest of a stretch the reader
    skipped)."""
    return computer_move(record, lang, moves=None)


def undo(record: Mapping[str, Any] | str, lang: str = "en") -> dict[str, Any]:
    """Take back the human's last action in the current deal, and the computer's actions after it."""
    game = load_game(record)
    if game.current.deal.is_over:  # every card has been shown: the deal cannot be re-entered
        raise PlayError(N_("The deal is over."))
    mine = [i for i, seat in enumerate(game.current.seats) if seat == game.settings.seat]
    if not mine:
        raise PlayError(N_("Nothing to undo: you have not played a card in this deal yet."))
    deals = [list(d.actions) for d in game.deals]
    deals[-1] = deals[-1][:mine[-1]]
    return view_of(Game(game.settings, deals), lang)


def next_deal(record: Mapping[str, Any] | str, lang: str = "en") -> dict[str, Any]:
    """In a match, deal the next deal (the deal passes clockwise) once the current one is over."""
    game = load_game(record)
    game.start_deal()
    game.bots_play()
    return view_of(game, lang, since=0)
