"""The card table as the one renderer draws it: seats around the middle, card faces in the reader's letters.

The HTML is read back with the standard library's parser, so these tests check the drawing's structure
(what the style sheet lays out and the page's script follows), not its spelling.
"""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest

from linger_longer import Card
from linger_longer.languages import CODES, language
from linger_longer.narrate import card_name
from linger_longer.web.labels import counted, labels, play_labels
from linger_longer.web.play import Settings, new_game, play
from linger_longer.web.render import POSITIONS, seat_positions
from linger_longer.web.walkthrough import replay

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((REPO / "tutorial" / "examples").glob("*.toml"))


class Elements(HTMLParser):
    """Every start tag with its attributes and the text directly inside it (escapes decoded)."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[dict] = []
        self._open: list[dict] = []
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = {"tag": tag, **{k: v or "" for k, v in attrs}, "text": "", "classes": set((dict(attrs).get("class") or "").split())}
        self.elements.append(element)
        if tag not in ("br", "img", "input"):
            self._open.append(element)

    def handle_endtag(self, tag: str) -> None:
        if self._open:
            self._open.pop()

    def handle_data(self, data: str) -> None:
        if self._open:
            self._open[-1]["text"] += data

    def having(self, css_class: str) -> list[dict]:
        return [e for e in self.elements if css_class in e["classes"]]


def example(name: str, lang: str) -> dict:
    path = REPO / "tutorial" / "examples" / f"{name}.toml"
    return replay(path.read_text(encoding="utf-8"), lang, f"tutorial/examples/{name}.toml")


@pytest.mark.parametrize("players", sorted(POSITIONS))
def test_every_seat_has_its_own_place_and_the_bottom_seat_is_the_readers(players: int) -> None:
    for bottom in range(players):
        places = seat_positions(players, bottom)
        assert places[bottom] == "s"
        assert len(set(places)) == players, "two seats in one place"
        # Clockwise in the order of play: the seat after the reader's sits on the reader's left.
        assert places[(bottom + 1) % players] == POSITIONS[players][1]


@pytest.mark.parametrize("lang", CODES)
def test_card_faces_carry_the_readers_rank_letters_and_spoken_names(lang: str) -> None:
    """A king is R on a French page, H on a Dutch one, K on an English or Italian one; each face has its name."""
    king_letter = language(lang).rank_letters[1]
    seen_king = False
    for path in EXAMPLES:
        for step in example(path.stem, lang)["steps"]:
            html = Elements(step["html"])
            faces = html.having("ll-face")
            assert faces, f"{path.stem}: no card face"
            for face in faces:
                card = Card.parse(face["data-card"])
                assert face["aria-label"] == card_name(card, lang)
                assert face["data-rank"] + face["data-pip"] == card.label(lang)  # the corner index, drawn by CSS
                assert face["text"] == "", "a face has no text of its own: its name is its spoken name"
                seen_king |= card.rank.name == "KING" and face["data-rank"] == king_letter
                # A face lies in a hand or in the trick (its seat), or it is the turned card that shows trump.
                assert "data-seat" in face or face["data-card"] == step["table"]["turned_card"]
    assert seen_king, "no king drawn in any example"


def test_the_table_holds_seats_trick_stock_trump_and_piles() -> None:
    """Every part of the table, with its count or mark: the acting seat, the dealer, the won tricks, the stock."""
    data = example("out-after-last-card", "fr")
    words = labels("fr")
    for step in data["steps"]:
        table, html = step["table"], Elements(step["html"])
        assert html.having("ll-table")[0]["data-step"] == str(step["index"])
        seats = html.having("ll-seat")
        assert [int(s["data-seat"]) for s in seats] == list(range(len(table["seats"])))
        assert {next(c for c in s["classes"] if c.startswith("ll-at-")) for s in seats} == {
            f"ll-at-{p}" for p in POSITIONS[len(seats)]}
        acting = [int(s["data-seat"]) for s in seats if "ll-to-act" in s["classes"]]
        assert acting == ([] if table["to_act"] is None else [table["to_act"]])
        assert len(html.having("ll-badge-dealer")) == 1
        stock = html.having("ll-stock")[0]
        assert stock["aria-label"] == counted("fr", "stock_count", table["stock"])
        won = html.having("ll-won")
        assert [w["aria-label"] for w in won] == [words["tricks_count"].format(count=s["tricks"]) for s in table["seats"]]
        plays = html.having("ll-play")
        assert [int(p["data-seat"]) for p in plays] == [p["seat"] for p in table["trick"]]
        winners = [int(p["data-seat"]) for p in plays if "ll-trick-winner" in p["classes"]]
        assert winners == ([] if table["trick_winner"] is None else [table["trick_winner"]])
        assert len(html.having("ll-badge-takes")) == len(winners)
        out = [int(s["data-seat"]) for s in seats if "ll-out" in s["classes"]]
        assert out == [i for i, s in enumerate(table["seats"]) if s["out"]]
        assert len(html.having("ll-badge-out")) == len(out)
    assert any(s["trick_winner"] is not None for s in (st["table"] for st in data["steps"]))
    assert any(any(seat["out"] for seat in st["table"]["seats"]) for st in data["steps"]), "no seat goes out here"


def test_a_card_to_play_is_a_button_and_a_refused_one_carries_its_reason() -> None:
    data = example("follow-suit", "it")
    refused = 0
    for step in data["steps"]:
        html = Elements(step["html"])
        buttons = [e for e in html.elements if e["tag"] == "button"]
        by_card = {c["card"]: c for c in step["choices"]}
        assert {b["data-card"] for b in buttons} == set(by_card)
        for button in buttons:
            choice = by_card[button["data-card"]]
            assert button["aria-label"] == choice["name"]
            assert int(button["data-seat"]) == step["table"]["to_act"]
            if not choice["legal"]:
                refused += 1
                assert button["aria-disabled"] == "true" and button["title"] == choice["reason"]
                reason = next(e for e in html.elements if e.get("id") == button["aria-describedby"])
                assert reason["text"] == choice["reason"]
    assert refused, "follow-suit refuses no card"


def test_the_play_page_draws_the_human_at_the_bottom_and_other_hands_face_down() -> None:
    view = new_game(Settings(players=5, seed=3, seat=2))
    html = Elements(view["html"])
    seats = {int(s["data-seat"]): s for s in html.having("ll-seat")}
    assert "ll-at-s" in seats[2]["classes"]
    hidden = html.having("ll-hidden")
    assert sorted(int(h["data-seat"]) for h in hidden) == [0, 1, 3, 4]
    faces = {e["data-card"] for e in html.having("ll-face")}
    mine = set(view["table"]["seats"][2]["hand"])
    shown = mine | {p["card"] for p in view["table"]["trick"]} | ({view["table"]["turned_card"]} - {None})
    assert faces <= shown and mine <= faces
    # Once the deal is over every hand may be turned up; until then a back carries no card.
    assert all("data-card" not in b for b in html.having("ll-back"))
    while not view["deal"]["over"]:
        view = play(view["record"], next(c["card"] for c in view["choices"] if c["legal"]))
    assert Elements(view["html"]).having("ll-hidden") == []


@pytest.mark.parametrize("lang", CODES)
def test_the_new_words_are_translated(lang: str) -> None:
    if lang == "en":
        return
    assert labels(lang)["takes"] != labels("en")["takes"]
    assert play_labels(lang)["export_note"] != play_labels("en")["export_note"]
