"""A game against the computer never shows the player a card their seat has not seen.

Seeded games are played through the Play page's bridge, the human at one seat choosing among the
legal cards at random. Before every choice, everything the page is given (the view with its log,
its live text and its table HTML, a hint, the comparison) is searched for the cards of the other
hands and of the stock that the human's seat has not seen: a card it held, a card played, a card
turned face up. None may be named, by code, by label or in words, until the deal is over.
"""

from __future__ import annotations

import json
import random
import re

import pytest

from linger_longer import FULL_DECK, Card
from linger_longer.narrate import card_name
from linger_longer.web.play import PlayError, Settings, compare, hint, new_game, next_deal, play
from linger_longer.web.record import load_game

GAMES = [
    Settings(players=players, seed=seed, seat=seed % players, profile=profile, variants=variants, mode=mode,
             strength=strength)
    for seed, (players, profile, variants, mode, strength) in enumerate([
        (4, "standard", (), "deal", "rule-of-thumb"),
        (3, "standard", ("draw-per-card",), "match-3", "random"),
        (5, "last-card", ("draw-per-card",), "deal", "rule-of-thumb"),
        (6, "standard", ("random-trump", "long-hand"), "deal", "random"),
        (4, "standard", ("grand-coup",), "match-3", "rule-of-thumb"),
        (3, "last-card", ("no-trump", "eliminate-before-draw"), "deal", "random"),
        (5, "standard", ("draw-per-card", "eliminate-before-draw"), "match-3", "random"),
        (4, "last-card", (), "match-3", "rule-of-thumb"),
    ] * 3)
]
LANGS = ("en", "fr", "it", "nl")


def _mentions(card: Card, lang: str) -> list[re.Pattern[str]]:
    """The ways a page can name a card: its code (in attributes and data), its label, its name in words."""
    alone = r"(?<![0-9A-Za-z]){}(?![0-9A-Za-z])"
    return [re.compile(alone.format(re.escape(card.code))), re.compile(alone.format(re.escape(card.label(lang)))),
            re.compile(r"(?<!\w){}(?!\w)".format(re.escape(card_name(card, lang))), re.IGNORECASE)]


PATTERNS = {lang: {card: _mentions(card, lang) for card in FULL_DECK} for lang in LANGS}


class Seat:
    """What the human's seat has seen of the current deal."""

    def __init__(self) -> None:
        self.seen: set[Card] = set()

    def take_in(self, view: dict) -> None:
        table = view["table"]
        self.seen.update(Card.parse(c) for c in table["seats"][view["human"]]["hand"])
        self.seen.update(Card.parse(p["card"]) for p in table["trick"])
        if table["turned_card"]:
            self.seen.add(Card.parse(table["turned_card"]))
        for code in view["record"]["deals"][-1]:
            if len(code) > 1:  # a card played (a single letter names a trump suit)
                self.seen.add(Card.parse(code))

    def unseen(self, view: dict) -> set[Card]:
        """The cards of the other hands and of the stock that this seat has not seen."""
        deal = load_game(view["record"]).current.deal
        hidden = set(deal.stock)
        for seat in range(deal.players):
            if seat != view["human"]:
                hidden.update(deal.hand(seat))
        return hidden - self.seen


def named(text: str, cards: set[Card], lang: str) -> list[str]:
    """The cards of ``cards`` that ``text`` names, with what names them."""
    return [f"{card.code}: {pattern.pattern}" for card in sorted(cards, key=lambda c: c.code)
            for pattern in PATTERNS[lang][card] if pattern.search(text)]


def check_view(view: dict, seat: Seat, lang: str, rng: random.Random) -> None:
    seat.take_in(view)
    unseen = seat.unseen(view)
    # The record lists the actions of every deal, cards played in the seat's sight; earlier deals' cards
    # are elsewhere now, so the record is left out of the search.
    shown = {"view": json.dumps({k: v for k, v in view.items() if k != "record"}, ensure_ascii=False)}
    if view["your_turn"] and rng.random() < 0.15:
        shown["hint"] = json.dumps(hint(view["record"], lang, samples=6), ensure_ascii=False)
    if rng.random() < 0.15:
        try:
            shown["compare"] = json.dumps(compare(view["record"], lang), ensure_ascii=False)
        except PlayError as error:
            shown["compare"] = error.text(lang)
    for part, text in shown.items():
        leaks = named(text, unseen, lang)
        assert not leaks, (f"{part} names cards seat {view['players'][view['human']]} has not seen", leaks,
                           view["record"])


@pytest.mark.parametrize("number, settings", list(enumerate(GAMES)))
def test_the_page_names_no_card_the_seat_has_not_seen(number, settings):
    """Every view, hint and comparison before a deal's end names only cards the human's seat has seen."""
    lang = LANGS[number % len(LANGS)]
    rng = random.Random(number)
    view = new_game(settings, lang)
    seat = Seat()
    views_checked = 0
    while True:
        if view["deal"]["over"]:
            if not view["can_next"]:
                break
            view, seat = next_deal(view["record"], lang), Seat()
            continue
        check_view(view, seat, lang, rng)
        views_checked += 1
        if view["name_trump"]:
            action = rng.choice(view["suits"])["suit"]
        else:
            action = rng.choice([c["card"] for c in view["choices"] if c["legal"]])
        view = play(view["record"], action, lang)
    assert views_checked > 0


def test_the_check_finds_a_named_card():
    """The search itself: a drawn card told in the log is found, in words and by its label."""
    card = Card.parse("3H")
    assert named("D pioche 3♥ dans le talon.", {card}, "fr")
    assert named("trois de cœur", {card}, "fr")
    assert not named("D pioche 13♥ une carte.", {card}, "fr")
    assert not named("tre di picche", {Card.parse("KS")}, "it")  # "re di picche" is the king
    assert not named("D draws a card from the stock.", {card}, "en")


def test_a_finished_deal_shows_every_card():
    """Once the deal is over the log tells every card drawn (nothing is hidden any more)."""
    view = new_game(Settings(players=4, seed=3, seat=0, variants=("draw-per-card",)))
    while not view["deal"]["over"]:
        view = play(view["record"], view["suits"][0]["suit"] if view["name_trump"]
                    else next(c["card"] for c in view["choices"] if c["legal"]))
    assert not any("draws a card" in sentence for sentence in view["log"])
    assert all("hidden" not in seat for seat in view["table"]["seats"])
