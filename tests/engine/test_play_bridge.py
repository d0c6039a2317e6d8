"""The Play page's bridge against malformed saved games, the end of a deal as the page shows it, and what an
export or the page's address holds while a deal is on."""

from __future__ import annotations

import json

import pytest

from linger_longer.web.play import Settings, answer_json, decode_query, new_game, play
from linger_longer.web.record import load_game

LANGS = ("en", "fr", "it", "nl")


def first_legal(view):
    return next(c["card"] for c in view["choices"] if c["legal"])


def play_out(view):
    while not view["deal"]["over"]:
        view = play(view["record"], view["suits"][0]["suit"] if view["name_trump"] else first_legal(view))
    return view


RECORD = new_game(Settings(players=4, seed=5, seat=0))["record"]
SETTINGS = json.dumps(RECORD["settings"])


def _record(**changes) -> str:
    return json.dumps({**RECORD, **changes})


def _deep(levels: int) -> str:
    return '{"version": 1, "settings": %s, "deals": %s}' % (SETTINGS, "[" * levels + "]" * levels)


#: Saved games the engine must refuse with a translated message, never a raw exception.
MALFORMED = {
    "not JSON": "{{{",
    "no settings": '{"version": 1, "deals": [[]]}',
    "settings a number": _record(settings=5),
    "variants a number": _record(settings={**RECORD["settings"], "variants": 5}),
    "deals a number": _record(deals=5),
    "a null action": _record(deals=[[None]]),
    "a number as action": _record(deals=[[5]]),
    "deals 2,000 deep": _deep(2000),
    "deals 50,000 deep": _deep(50_000),
    "a profile of the wrong type": _record(settings={**RECORD["settings"], "profile": 5}),
    "a seat as a letter": _record(settings={**RECORD["settings"], "seat": "A"}),
}


@pytest.mark.parametrize("name", MALFORMED)
def test_malformed_record_is_a_translated_refusal(name):
    """Every malformed record is answered with an error in the request's language, never a raw exception."""
    answers = {lang: json.loads(answer_json("state", lang, MALFORMED[name])) for lang in LANGS}
    assert all(set(answer) == {"error"} for answer in answers.values()), answers
    assert answers["en"]["error"].startswith("not a game record")
    for lang in ("fr", "it", "nl"):
        assert answers[lang]["error"] != answers["en"]["error"], (lang, answers[lang])


def test_deals_as_data_nested_deep_is_refused():
    """A record handed over as data, not text, nested 2,000 deep, is refused without recursing into it."""
    deep: list = []
    inner = deep
    for _ in range(2000):
        inner.append([])
        inner = inner[0]
    answer = json.loads(answer_json("state", "fr", {**RECORD, "deals": deep}))
    assert set(answer) == {"error"} and "deals" in answer["error"]


def _not_in_first_hand() -> str:
    """A card the first player to act does not hold."""
    deal = load_game(RECORD).current.deal
    held = {c.code for c in deal.hand(deal.to_act)}
    return next(code for code in ("KS", "QH", "2C", "9D", "AS") if code not in held)


@pytest.mark.parametrize("action, english", [
    (_not_in_first_hand(), "does not hold"),
    ("H", "Only the winner of the first trick names trump, once, under grand coup."),
])
def test_refused_recorded_action_is_translated(action, english):
    """A recorded action the rules refuse is told in the request's language, as the rule it breaks."""
    text = _record(deals=[[action]])
    assert english in json.loads(answer_json("state", "en", text))["error"]
    french = json.loads(answer_json("state", "fr", text))["error"]
    assert english not in french


@pytest.mark.parametrize("lang, field", [
    ("fr", "Joueurs"), ("en", "Players"), ("it", "Giocatori"), ("nl", "Spelers"),
])
def test_repeated_url_key_names_its_field_in_the_page_language(lang, field):
    """A key given twice in the URL is named as the settings form names it, in the page's language."""
    error = json.loads(answer_json("decode-query", lang, "players=4&players=5", 3))["error"]
    assert error.startswith(field) and "players" not in error


def test_seed_is_not_shown_while_the_deal_is_on():
    """While the deal is on, the view's deal seed and the page's address leave the seed out (it is every
    hidden card); once the deal is over both give it."""
    view = new_game(Settings(players=4, seed=20, seat=0))
    assert view["deal"]["seed"] is None and "seed=" not in view["address"]
    assert decode_query(view["address"], 20) == decode_query(view["query"])
    over = play_out(view)
    assert over["deal"]["seed"] is not None and "seed=20" in over["address"]


def test_export_during_the_deal_holds_only_what_the_seat_has_seen():
    """The 'seen' export of a deal in play names no card the human's seat has not seen and has no seed; once
    the deal is over it is the whole worked example."""
    view = new_game(Settings(players=4, seed=20, seat=0))
    view = play(view["record"], first_legal(view))
    game = load_game(view["record"])
    deal = game.current.deal
    seen = json.loads(answer_json("export", "en", json.dumps(view["record"]), "seen"))
    assert seen["scope"] == "seen" and "seed =" not in seen["toml"] and "seed=" not in seen["toml"] and "20" not in seen["filename"]
    played = {code for code in game.current.actions}
    hidden = {c.code for seat in range(1, 4) for c in deal.hand(seat)} - played
    assert hidden
    for card in hidden:
        assert f'"{card}"' not in seen["toml"]
        assert card[:-1] + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[card[-1]] not in seen["toml"]
    whole = json.loads(answer_json("export", "en", json.dumps(view["record"]), "whole"))
    assert whole["scope"] == "whole" and "seed = " in whole["toml"]
    over = play_out(view)
    after = json.loads(answer_json("export", "en", json.dumps(over["record"]), "seen"))
    assert after["scope"] == "whole" and "[expect]" in after["toml"]


@pytest.mark.parametrize("seed", range(20))
def test_end_of_deal_matches_the_engine_record(seed):
    """The end of a deal tells the engine's outcome: its winner, reason, out-order, and each trick as played."""
    players = 3 + seed % 4
    view = play_out(new_game(Settings(players=players, seed=seed, seat=seed % players,
                                      mode="match-3" if seed % 2 else "deal")))
    deal = load_game(view["record"]).current.deal
    outcome = deal.outcome
    end = view["end"]
    assert end["winner"] == outcome.winner and end["reason"] == outcome.reason.value
    assert [row["seat"] for row in end["out"]] == list(outcome.out_order)
    assert [t["number"] for t in end["tricks"]] == list(range(1, len(deal.tricks) + 1))
    for shown, trick in zip(end["tricks"], deal.tricks):
        assert [c["card"] for c in shown["cards"]] == [c.code for c in trick.cards]
        assert [c["seat"] for c in shown["cards"]] == list(trick.seats)
        assert shown["winner"] == trick.winner
    assert ("match" in end["headline"]) is False
    assert (end["match"] is None) == (seed % 2 == 0)


def test_single_deal_wording():
    """A single deal is won as a deal, never as a match, and shows no match score; a match shows its target."""
    for lang in LANGS:
        end = play_out(new_game(Settings(players=4, seed=3, seat=0), lang))["end"]
        english = play_out(new_game(Settings(players=4, seed=3, seat=0)))["end"]
        assert end["match"] is None
        assert english["headline"].endswith("wins the deal.")
    match = play_out(new_game(Settings(players=4, seed=3, seat=0, mode="match-5")))["end"]["match"]
    assert match["target"] == 5 and "5" in match["title"] and sum(s["won"] for s in match["scores"]) == 1
