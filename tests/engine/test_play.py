"""The Play page's engine bridge: settings and URLs, the game loop, undo, hints, export and the profile comparison."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from linger_longer import Card
from linger_longer.bots import MonteCarloBot
from linger_longer.web.play import (
    PlayError, Settings, answer_json, compare, decode_query, encode_query, export_toml, hint, new_game, next_deal,
    play, state, undo,
)
from linger_longer.web.record import load_game
from linger_longer.scenario import loads


def first_legal(view):
    return next(c["card"] for c in view["choices"] if c["legal"])


def play_out(view, choose=first_legal):
    """The human plays ``choose(view)`` until the deal is over; returns the last view and the cards played."""
    played = []
    while not view["deal"]["over"]:
        assert view["your_turn"]
        action = view["suits"][0]["suit"] if view["name_trump"] else choose(view)
        played.append(action)
        view = play(view["record"], action)
    return view, played


@pytest.mark.parametrize("query", [
    "players=4&profile=standard&variants=&mode=deal&seat=A&bot=rule-of-thumb&scoring=deals&seed=0",
    "players=6&profile=last-card&variants=draw-per-card,long-hand&mode=match-5&seat=F&bot=monte-carlo&scoring=chips-a"
    "&seed=9007199254740991",
    "players=3&profile=standard&variants=grand-coup,eliminate-before-draw&mode=match-3&seat=B&bot=random&scoring=chips-b"
    "&seed=12",
])
def test_query_round_trip(query):
    """Settings live in the page's URL: decoding and encoding give the same query back."""
    assert encode_query(decode_query(query)) == query
    assert encode_query(decode_query("?" + query)) == query


def test_query_defaults_and_unknown_keys():
    """Missing keys take their defaults, the page's seed stands in for a missing seed, foreign keys are ignored."""
    assert decode_query("utm_source=x", default_seed=77) == Settings(seed=77)
    with pytest.raises(PlayError, match="seed: missing"):
        decode_query("players=4")


def test_variants_have_one_spelling():
    """Variants are kept in their declared order, each once, so one game has one URL."""
    settings = decode_query("variants=long-hand,draw-per-card&seed=1")
    assert settings.variants == ("draw-per-card", "long-hand")


@pytest.mark.parametrize("query, message", [
    ("players=7&seed=1", "players: '7' is not a number from 3 to 6"),
    ("players=four&seed=1", "players: 'four'"),
    ("profile=blitz&seed=1", "profile: 'blitz' is not one of standard, last-card"),
    ("variants=no-trump,grand-coup&seed=1", "variants: no-trump, grand-coup cannot be played together"),
    ("variants=jokers&seed=1", "variants: 'jokers' is not one of"),
    ("mode=match-4&seed=1", "mode: 'match-4' is not one of deal, match-3, match-5"),
    ("players=3&seat=D&seed=1", "seat: 'D' is not one of A, B, C"),
    ("bot=genius&seed=1", "opponents: 'genius'"),
    ("scoring=points&seed=1", "scoring: 'points' is not one of deals, chips-a, chips-b"),
    ("scoring=deals&scoring=chips-a&seed=1", "Scoring: given twice"),
    ("seed=-3", "seed: '-3'"),
    ("seed=9007199254740992", "seed: '9007199254740992'"),
    ("seed=1&seed=2", "Deal number (seed): given twice"),
])
def test_bad_query_values(query, message):
    """A bad value in the URL is refused with a message naming the key and the value."""
    with pytest.raises(PlayError, match=re.escape(message)):
        decode_query(query)
    assert message in json.loads(answer_json("decode-query", "en", query, 5))["error"]


def test_bots_play_until_the_human_is_to_act():
    """The computer plays every other seat until it is the human's turn."""
    for seat in range(4):
        view = new_game(Settings(seed=3, seat=seat))
        assert view["your_turn"] and view["table"]["to_act"] == seat
        hands = view["table"]["seats"]
        assert all(s["hand"] == [] and s["hidden"] > 0 for i, s in enumerate(hands) if i != seat)
        assert hands[seat]["hand"]


def test_one_computer_move_at_a_time_plays_the_same_deal():
    """The page asks for the computer's answers one at a time (play-card, then computer-move while the last one
    is shown): the same cards, words and tables as the whole stretch in one call."""
    for strength in ("random", "rule-of-thumb"):
        view = new_game(Settings(seed=11, seat=0, strength=strength))
        while not view["deal"]["over"]:
            card = next(c["card"] for c in view["choices"] if c["legal"])
            whole = play(view["record"], card)
            step = json.loads(answer_json("play-card", "en", json.dumps(view["record"]), card))
            assert len(step["record"]["deals"][0]) - len(view["record"]["deals"][0]) <= 2  # the card, one answer
            kinds = [s["kind"] for s in step["steps"]]
            while step["computer_to_act"]:
                step = json.loads(answer_json("computer-move", "en", json.dumps(step["record"])))
                kinds += [s["kind"] for s in step["steps"]]
            assert step["record"] == whole["record"] and step["log"] == whole["log"]
            assert step["recent"] == whole["recent"] and step["html"] == whole["html"]
            assert kinds == [s["kind"] for s in whole["steps"]]  # the same tables on the way, in the same order
            assert not whole["computer_to_act"]
            # A stretch the reader skipped: its first answer, then the rest in one request.
            first = json.loads(answer_json("play-card", "en", json.dumps(view["record"]), card))
            if first["computer_to_act"]:
                rest = json.loads(answer_json("computer-moves", "en", json.dumps(first["record"])))
                assert rest["record"] == whole["record"] and not rest["computer_to_act"]
            view = whole


def test_computer_move_on_your_turn_is_refused():
    """Asking for the computer's move when the human is to act is an answer in the page's language, not a move."""
    view = new_game(Settings(seed=3, seat=1))
    assert view["your_turn"] and not view["computer_to_act"]
    assert json.loads(answer_json("computer-move", "fr", json.dumps(view["record"])))["error"] == "C’est à vous de jouer."


def test_a_refused_card_changes_nothing():
    """A player holding the led suit must follow suit: the page gets the reason and the game stays as it was."""
    for seed in range(40):
        view = new_game(Settings(seed=seed, seat=1))
        illegal = [c for c in view["choices"] if not c["legal"]]
        if illegal:
            after = play(view["record"], illegal[0]["card"])
            assert after["refused"] == illegal[0]["reason"] and "must follow suit" in after["refused"]
            # The reason comes with its rule: the clause's page (the same address as the card's own link).
            assert after["refused_rule"] == illegal[0]["rule"] == "how-to-play.html#follow-suit"
            assert after["read_rule"] == "Read the rule"
            assert after["record"] == view["record"]
            assert view["refused_rule"] is None and view["read_rule"] is None
            return
    pytest.fail("no seed gave the second seat a card it may not play")


def test_whole_deal_is_deterministic():
    """The same settings and the same choices give the same deal, event for event."""
    first, played = play_out(new_game(Settings(seed=21, seat=2)))
    second, again = play_out(new_game(Settings(seed=21, seat=2)))
    assert played == again and first["record"] == second["record"] and first["log"] == second["log"]
    assert first["deal"]["outcome"] is not None


@pytest.mark.parametrize("strength", ["random", "rule-of-thumb", "monte-carlo"])
def test_each_strength_finishes_a_deal(strength):
    """Every opponent strength plays legal cards to the end of a deal."""
    view, _ = play_out(new_game(Settings(seed=4, seat=0, strength=strength, players=3)))
    assert view["deal"]["over"] and view["score"]["deals_played"] == 1


def test_undo_takes_back_the_last_card_and_the_replies():
    """Undo takes back your last card and the computer's cards after it; playing it again gives the same deal."""
    view = new_game(Settings(seed=8, seat=0))
    assert not view["can_undo"]
    with pytest.raises(PlayError, match="Nothing to undo"):
        undo(view["record"])
    card = first_legal(view)
    after = play(view["record"], card)
    back = undo(after["record"])
    assert back["record"] == view["record"] and back["html"] == view["html"]
    assert play(back["record"], card)["record"] == after["record"]


def test_undo_after_the_deal_ends_is_refused():
    """Once a deal is over every card has been shown, so Undo never re-enters it (that would replay the deal
    knowing every hand and every card to come): it is off, and the request is refused in the page's language."""
    view, _ = play_out(new_game(Settings(seed=11, seat=0, mode="match-3")))
    assert view["deal"]["over"] and view["score"]["deals_played"] == 1
    assert not view["can_undo"]
    with pytest.raises(PlayError, match="The deal is over"):
        undo(view["record"])
    refused = json.loads(answer_json("undo", "fr", json.dumps(view["record"])))["error"]
    assert refused == "La donne est terminée."


def test_match_to_three_with_running_score():
    """A match: the deal passes clockwise, the first to win 3 deals wins; chips A and B sum to zero."""
    view = new_game(Settings(seed=2, seat=0, mode="match-3"))
    dealers = []
    while True:
        dealers.append(view["deal"]["dealer"])
        view, _ = play_out(view)
        score = view["score"]
        assert sum(score["chips_a"]) == 0 and sum(score["chips_b"]) == 0
        assert sum(score["deals_won"]) == score["deals_played"]
        if view["match_over"]:
            break
        assert view["can_next"]
        view = next_deal(view["record"])
    assert max(score["deals_won"]) == 3 == score["deals_won"][score["winner"]]
    assert dealers == [(dealers[0] + i) % 4 for i in range(len(dealers))]
    assert not view["can_next"]
    with pytest.raises(PlayError, match="match is over"):
        next_deal(view["record"])


def test_single_deal_has_no_next_deal():
    """A single deal ends the game."""
    view, _ = play_out(new_game(Settings(seed=6, seat=3)))
    assert view["match_over"] and not view["can_next"]


def test_next_deal_waits_for_the_end_of_the_deal():
    """The next deal is only dealt once the current one is over."""
    view = new_game(Settings(seed=6, seat=0, mode="match-5"))
    with pytest.raises(PlayError, match="not over"):
        next_deal(view["record"])


def test_state_rebuilds_the_view():
    """The record alone gives back the same view (without the tables on the way: a reload shows no pacing)."""
    view = new_game(Settings(seed=30, seat=0))
    view = play(view["record"], first_legal(view))
    rebuilt = state(view["record"])
    assert view["steps"] and rebuilt["steps"] == []
    assert {**rebuilt, "steps": view["steps"]} == view
    assert state(json.dumps(view["record"]), "fr")["html"] != view["html"]


def test_hint_names_the_strong_bots_card():
    """The hint is the strong opponent's card, with a sentence giving its share of the imagined deals won."""
    for seed in range(30):
        view = new_game(Settings(seed=seed, seat=0))
        if sum(c["legal"] for c in view["choices"]) > 1:
            break
    advice = hint(view["record"], "en", samples=20)
    legal = [c["card"] for c in view["choices"] if c["legal"]]
    assert advice["action"] in legal
    assert advice["sentence"].startswith(Card.parse(advice["action"]).label("en") + " won the deal in ")
    assert "of 20 sampled deals; " in advice["sentence"]
    assert hint(view["record"], "en", samples=20) == advice  # deterministic
    assert Card.parse(advice["action"]).label("fr") in hint(view["record"], "fr", samples=20)["sentence"]


def test_hint_with_one_legal_card():
    """With one legal card the hint says so."""
    for seed in range(60):
        view = new_game(Settings(seed=seed, seat=1))
        legal = [c for c in view["choices"] if c["legal"]]
        if len(legal) == 1:
            assert hint(view["record"])["sentence"] == f"{Card.parse(legal[0]['card'])} is the only card you may play."
            return
    pytest.fail("no seed gave one legal card")


def test_monte_carlo_reports_win_shares():
    """The strong bot keeps, for its last choice, the share of sampled deals each candidate won."""
    view = new_game(Settings(seed=1, seat=0))
    game_deal = load_game(view["record"]).current.deal
    bot = MonteCarloBot(3, samples=10)
    bot.choose(game_deal.view(game_deal.to_act))
    assert set(bot.last_wins) == set(game_deal.legal_plays()) or len(game_deal.legal_plays()) == 1
    assert all(0 <= w <= 1 for w in bot.last_wins.values())


@pytest.mark.parametrize("settings", [
    Settings(seed=11, seat=0),
    Settings(seed=12, seat=2, profile="last-card", variants=("draw-per-card",), players=5),
    Settings(seed=14, seat=1, variants=("grand-coup",), players=3),
    Settings(seed=15, seat=0, variants=("random-trump", "long-hand"), players=6),
])
def test_export_replays_as_a_worked_example(settings, tmp_path):
    """An exported deal is a worked example: the scenario loader and the CLI replay it to the same winner."""
    view, _ = play_out(new_game(settings))
    text = export_toml(view["record"])
    results = loads(text, "export.toml").check()
    final = results[-1].deal
    assert final.outcome.winner == view["deal"]["outcome"]["winner"]
    assert [c.code for c in final.hand(settings.seat)] == view["table"]["seats"][settings.seat]["hand"]
    path = tmp_path / "export.toml"
    path.write_text(text, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "linger_longer", "replay", str(path)], capture_output=True,
                          text=True, check=True)
    assert done.stdout.splitlines()[-1] == view["log"][-1]


def test_export_is_a_walkthrough(tmp_path):
    """Dropped into tutorial/examples/, an exported deal is a walkthrough: the directive's replay renders a
    step per action, in the page's language, ending with the game's own last sentence."""
    import json

    from linger_longer.web.walkthrough import replay_json

    view, _ = play_out(new_game(Settings(players=5, seed=12, seat=3, variants=("draw-per-card",))))
    walkthrough = json.loads(replay_json(export_toml(view["record"]), "nl", source="tutorial/examples/play.toml"))
    assert len(walkthrough["steps"]) == len(view["record"]["deals"][0]) + 1  # the start, then each action
    dutch = state(view["record"], "nl")["log"]
    assert walkthrough["steps"][-1]["narration"][-1] == dutch[-1] != view["log"][-1]
    assert all(step["html"].startswith('<div class="ll-table ll-players-5"') for step in walkthrough["steps"])


def test_export_of_a_deal_in_progress():
    """A deal still going on exports without an expected winner and replays to the same position."""
    view = new_game(Settings(seed=40, seat=0))
    view = play(view["record"], first_legal(view))
    text = export_toml(view["record"])
    assert "[expect]" not in text
    deal = loads(text).check()[-1].deal
    assert deal.to_act == 0 and not deal.is_over


def test_compare_says_when_the_profiles_never_part():
    """In a plain deal the stock never runs out, so standard and last-card play it the same way to the end."""
    view, _ = play_out(new_game(Settings(seed=5, seat=0)))
    result = compare(view["record"])
    assert result["parts_at"] is None
    assert "same way to its end" in result["sentence"]
    standard, last_card = result["lines"]
    assert standard["tricks"] == last_card["tricks"] and standard["outcome"] == last_card["outcome"]
    assert standard["followed"] == len(view["record"]["deals"][0])


def test_compare_marks_the_trick_where_the_stock_runs_out():
    """With draw-per-card the stock runs out: last-card ends the deal at that trick, standard plays on."""
    found = False
    for seed in range(20):
        view, _ = play_out(new_game(Settings(seed=seed, seat=0, variants=("draw-per-card",))))
        result = compare(view["record"])
        if result["parts_at"] is None:
            continue
        found = True
        standard, last_card = result["lines"]
        at = result["parts_at"]
        assert standard["tricks"][:at - 1] == last_card["tricks"][:at - 1]
        assert last_card["tricks"][at - 1]["end"]["reason"] == "stock-exhausted"
        assert last_card["outcome"]["tricks"] == at and standard["outcome"]["tricks"] > at
        assert f"trick {at}: the last card of the stock" in result["sentence"]
        break
    assert found


def test_json_bridge():
    """The page's requests take and give JSON text; a refused request comes back as data, translated."""
    view = json.loads(answer_json("new-game", "nl", json.dumps(Settings(seed=3).to_json())))
    record = json.dumps(view["record"])
    after = json.loads(answer_json("play", "nl", record, first_legal(view)))
    assert after["lang"] == "nl" and after["record"]["deals"][0]
    assert "error" in json.loads(answer_json("play", "nl", record, "ZZ"))
    finished, _ = play_out(view)
    assert json.loads(answer_json("compare", "fr", json.dumps(finished["record"])))["lines"][0]["profile"] == "standard"
    exported = json.loads(answer_json("export", "fr", record, "whole"))
    assert exported["filename"] == "play-3-deal-1.toml" and exported["toml"] == export_toml(record)
    bad = json.loads(answer_json("new-game", "en", json.dumps({"players": 9, "seed": 1})))
    assert bad == {"error": "players: 9 is not a number from 3 to 6."}
    with pytest.raises(ValueError, match="unknown Play request 'eval'"):
        answer_json("eval", "en", "1")


def test_compare_waits_for_the_end_of_the_deal():
    """The comparison plays the deal to its end with every hand, so while the deal is on it is refused (the
    human's seat has not seen the other hands), in the page's language."""
    view = new_game(Settings(seed=3, seat=0))
    assert not view["can_compare"]
    with pytest.raises(PlayError, match="once the deal is over"):
        compare(view["record"])
    assert json.loads(answer_json("compare", "fr", json.dumps(view["record"])))["error"] != \
        json.loads(answer_json("compare", "en", json.dumps(view["record"])))["error"]
    finished, _ = play_out(view)
    assert finished["can_compare"] and compare(finished["record"])["lines"]


def test_play_labels():
    """The page's words come from the catalogs, with their placeholders."""
    from linger_longer.web.labels import PLAY_LABELS, play_labels

    for lang in ("en", "fr", "it", "nl"):
        words = play_labels(lang)
        assert set(words) == set(PLAY_LABELS)
        assert "B" in words["your_seat"].format(seat="B")


@pytest.mark.parametrize("number", [0, 2])
def test_export_and_compare_name_a_deal_that_does_not_exist(number):
    """Asking for a deal the game has not dealt is an error naming its number, for export and comparison alike."""
    record = new_game(Settings(seed=3))["record"]
    for call in (export_toml, compare):
        with pytest.raises(PlayError, match=f"there is no deal {number}"):
            call(record, deal_number=number)
