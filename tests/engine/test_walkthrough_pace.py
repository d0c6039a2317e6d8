"""A walkthrough's steps carry the Play page's beats (linger_longer.web.pace through linger_longer.web.walkthrough):
stepping forward onto the last card of a trick shows the complete trick before its winner draws, and onto the first
card of the next trick shows the last trick gathered first; no other step is paced. Read back from the HTML, the
page's only input.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from linger_longer.web.walkthrough import branch, replay

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "tutorial" / "examples").glob("*.toml"))
PLAYED = re.compile(r'<div class="ll-play ll-at-\w+(?: ll-trick-winner)?" data-seat="(\d)">')
WINNER = re.compile(r'<div class="ll-trick"[^>]*data-winner="(\d)"')
STOCK = re.compile(r'class="ll-pile ll-stock".*?<span class="ll-count">(\d+)</span>', re.S)


def kinds(step: dict) -> list[str]:
    return [beat["kind"] for beat in step["pace"]]


def played(html: str) -> list[int]:
    return [int(seat) for seat in PLAYED.findall(html)]


def stock(html: str) -> int:
    return int(STOCK.search(html).group(1))


def check_beats(steps: list[dict]) -> int:
    """Check every step's beats against the steps' own tables; returns how many beats there were."""
    count = 0
    for before, step in zip([None, *steps], steps):
        won = any(e["type"] == "trick-won" for e in step["events"])
        starts = before is not None and before["table"]["trick_winner"] is not None and \
            any(e["type"] == "card-played" for e in step["events"])
        assert kinds(step) == ["gathered"] * starts + ["trick"] * won, f"step {step['index']}"
        for beat in step["pace"]:
            count += 1
            assert "data-step" not in beat["html"] and "<button" not in beat["html"]  # nothing to press
            if beat["kind"] == "trick":  # the complete trick, the winner marked, nothing drawn yet
                assert played(beat["html"]) == played(step["html"])
                assert WINNER.search(beat["html"]).group(1) == str(step["table"]["trick_winner"])
                assert stock(beat["html"]) == before["table"]["stock"] >= step["table"]["stock"]
            else:  # the felt clear, the rest as the step before
                assert played(beat["html"]) == [] and not WINNER.search(beat["html"])
                assert stock(beat["html"]) == before["table"]["stock"]
    return count


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_every_example_is_paced_at_its_tricks(path: Path) -> None:
    data = replay(path.read_text(encoding="utf-8"), "en", source=f"tutorial/examples/{path.name}")
    tricks = sum(any(e["type"] == "trick-won" for e in s["events"]) for s in data["steps"])
    beats = check_beats(data["steps"])
    assert beats >= tricks


def test_another_card_is_paced_too() -> None:
    """The engine's continuation after the reader's own card carries its beats (the whole deal played on)."""
    path = next(p for p in EXAMPLES if p.stem == "last-trump")
    text = path.read_text(encoding="utf-8")
    data = replay(text, "en", source="last-trump.toml")
    at, card = next((i, c["card"]) for i, s in enumerate(data["steps"]) for c in s["choices"] if c["legal"])
    steps = branch(text, "en", at, card, source="last-trump.toml")["steps"]
    assert check_beats(steps) > 0
