"""The Play page's paced tables: between two of the player's turns the engine hands the page every table the
deal passed through (linger_longer.web.pace), for the player's seat only.

The tables are read back from their HTML (the page's only input): the cards on the trick with their seats,
the winner marked, the stock's count, every face-up card.
"""

from __future__ import annotations

import re

import pytest

from linger_longer.events import CardDrawn, CardPlayed, TrumpTurned
from linger_longer.web.play import Settings, new_game, next_deal, play, undo
from linger_longer.web.record import load_game

TRICK = re.compile(r'<div class="ll-trick"[^>]*>(.*?)</div></div></div>$', re.S)
PLAYED = re.compile(r'<div class="ll-play ll-at-\w+(?P<won> ll-trick-winner)?" data-seat="(?P<seat>\d)">'
                    r'<span [^>]*data-card="(?P<card>\w+)"')
STOCK = re.compile(r'class="ll-pile ll-stock".*?<span class="ll-count">(\d+)</span>', re.S)
FACES = re.compile(r'data-card="(\w+)"')


def trick_of(html: str) -> list[tuple[int, str, bool]]:
    """The trick a table shows: (seat, card, marked as the winner) in the order the cards lie."""
    return [(int(m["seat"]), m["card"], bool(m["won"])) for m in PLAYED.finditer(html)]


def stock_of(html: str) -> int:
    match = STOCK.search(html)
    assert match, "no stock on the table"
    return int(match.group(1))


def first_legal(view: dict) -> str:
    return view["suits"][0]["suit"] if view["name_trump"] else next(c["card"] for c in view["choices"] if c["legal"])


def test_after_your_card_each_computer_card_arrives_alone_in_the_order_of_play():
    """After the player's card the tables add one card at a time, each by the next seat in the order of play."""
    view = new_game(Settings(players=4, seed=5, seat=0))
    after = play(view["record"], first_legal(view))
    steps = after["steps"]
    assert steps, "no paced table after the player's card"
    first = trick_of(steps[0]["html"])
    assert [(seat, card) for seat, card, _ in first] == [(0, first_legal(view))]
    cards = [s for s in steps if s["kind"] == "card"]
    for before, now in zip(cards, cards[1:]):
        a, b = trick_of(before["html"]), trick_of(now["html"])
        if len(b) > 1:  # the same trick: one card more, by the next seat
            assert b[:-1] == a and b[-1][0] == (a[-1][0] + 1) % 4


def test_a_finished_trick_stays_with_its_winner_before_it_is_gathered_and_the_winner_draws():
    """A complete trick is shown with its winner marked and said on the felt, nothing drawn yet; the next table
    has the felt clear and one card less in the stock."""
    view = new_game(Settings(players=4, seed=5, seat=0))
    for _ in range(3):
        view = play(view["record"], first_legal(view))
        kinds = [s["kind"] for s in view["steps"]]
        for i, kind in enumerate(kinds):
            if kind != "trick":
                continue
            html = view["steps"][i]["html"]
            trick = trick_of(html)
            assert len(trick) == 4 and sum(won for *_, won in trick) == 1
            winner = next(seat for seat, _, won in trick if won)
            assert f'{view["players"][winner]} wins the trick.' in html
            previous = view["steps"][i - 1]["html"] if i else None
            if previous is not None:
                assert stock_of(html) == stock_of(previous), "the winner drew before the trick was gathered"
            if i + 1 < len(kinds):
                assert kinds[i + 1] == "gathered"
                gathered = view["steps"][i + 1]["html"]
                assert trick_of(gathered) == []
                assert stock_of(gathered) == stock_of(html) - 1
        if view["deal"]["over"]:
            break


def test_no_paced_table_after_a_refused_card_an_undo_or_when_the_player_starts():
    """Only a stretch of play is paced: a refused card, an undo, a first deal the player leads have no steps."""
    view = new_game(Settings(players=3, seed=1, seat=0))
    assert view["your_turn"] and view["steps"] == []
    view = play(view["record"], first_legal(view))
    assert undo(view["record"])["steps"] == []
    for seed in range(40):
        view = new_game(Settings(players=4, seed=seed, seat=0))
        illegal = [c["card"] for c in view["choices"] if not c["legal"]]
        if illegal:
            refused = play(view["record"], illegal[0])
            assert refused["refused"] and refused["steps"] == []
            return
    pytest.fail("no seed in 0-39 deals a card the player may not lead")


def seen_by_the_seat(view: dict, first_hand: list[str]) -> set[str]:
    """The cards the player's seat has seen in the current deal: its first hand, its draws, every card played,
    the turned card (from the engine's own record of the deal's events)."""
    played = load_game(view["record"]).current
    human = view["human"]
    seen = set(first_hand)
    for events in (played.setup, *played.events):
        for event in events:
            if isinstance(event, (CardPlayed, TrumpTurned)) or (isinstance(event, CardDrawn) and event.seat == human):
                seen.add(event.card.code)
    return seen


@pytest.mark.parametrize("settings", [
    Settings(players=4, seed=11, seat=1, mode="match-3"),
    Settings(players=3, seed=12, seat=2, variants=("draw-per-card",)),
    Settings(players=6, seed=13, seat=0, variants=("long-hand",), strength="random"),
    Settings(players=5, seed=14, seat=3, profile="last-card", variants=("grand-coup",)),
])
def test_paced_tables_show_only_cards_the_seat_has_seen(settings):
    """Every face-up card of every paced table, to the deal's end, is one the player's seat has seen: its own,
    one played, the turned card. The computer's hands are backs."""
    view = new_game(settings)
    checked = 0
    for _ in range(2):  # two deals of a match
        first_hand = view["table"]["seats"][view["human"]]["hand"]
        while True:
            seen = seen_by_the_seat(view, first_hand)
            for step in view["steps"]:
                faces = set(FACES.findall(step["html"]))
                assert faces <= seen, (step["kind"], sorted(faces - seen))
                checked += 1
            if view["deal"]["over"]:
                break
            view = play(view["record"], first_legal(view))
        if not view["can_next"]:
            break
        view = next_deal(view["record"])
    assert checked > 0


def test_the_check_sees_a_hidden_card():
    """The search itself: a face-up card on a table is found, a face-down one carries no code."""
    assert FACES.findall('<span class="ll-card ll-face" data-card="KS"></span><span class="ll-card ll-back"></span>') \
        == ["KS"]
