"""The engine's speed tricks keep the rules' answers: same events, same refusals, same read-only state."""

import dataclasses

import pytest

from linger_longer import Card, Deal, IllegalPlayError, Rules, TrickWon, TrumpTurned
from linger_longer.events import trick_won


def test_trick_won_is_the_frozen_event() -> None:
    """The engine's quick TrickWon is the dataclass's own: equal, same JSON, still frozen."""
    cards = tuple(Card.parse(c) for c in ("KC", "3C", "2H", "AC"))
    quick, plain = trick_won(2, cards, 1), TrickWon(2, cards, 1)
    assert type(quick) is TrickWon and quick == plain and hash(quick) == hash(plain)
    assert quick.to_json() == plain.to_json()
    with pytest.raises(dataclasses.FrozenInstanceError):
        quick.seat = 3  # type: ignore[misc]


def test_shared_trump_turned_equals_a_new_one() -> None:
    """The dealer's turned card is announced by an event equal to a freshly made one."""
    deal, events = Deal.deal(Rules(), 4, seed=11)
    assert events == (TrumpTurned(card=deal.turned_card, seat=deal.dealer),)


@pytest.mark.parametrize("name", ["to_act", "trick", "trump", "leader", "phase"])
def test_state_is_read_only(name: str) -> None:
    """A deal's state changes only through its actions."""
    deal = Deal.new(Rules(), 4, seed=5)
    with pytest.raises(AttributeError):
        setattr(deal, name, None)


def test_a_card_not_held_is_refused_by_name() -> None:
    """A player can only play a card from their own hand."""
    deal = Deal.new(Rules(), 4, seed=5)
    seat = deal.to_act
    other = next(c for c in Deal.new(Rules(), 4, seed=5).hand((seat + 1) % 4))
    with pytest.raises(IllegalPlayError, match=f"{deal.names[seat]} does not hold {other}"):
        deal.play(other)
    with pytest.raises(IllegalPlayError, match="does not hold KC"):
        deal.play("KC")  # type: ignore[arg-type]


def test_copy_carries_every_field() -> None:
    """A copy holds the same position in every field, mid-trick and after players went out, and shares no list."""
    deal = Deal.new(Rules(), 4, seed=9)
    checked = 0
    while not deal.is_over:
        other = deal.copy()
        for name in Deal.__slots__:
            mine, theirs = getattr(deal, name), getattr(other, name)
            assert mine == theirs, name
            assert not isinstance(mine, (list, dict)) or mine is not theirs, name
        checked += bool(deal.trick) + bool(deal.out)
        deal.play(deal.legal_plays()[0])
    assert checked > 2  # some copies were made mid-trick and some after a player went out


def test_history_runs_through_the_trick_on_the_table_and_restarts_in_a_hidden_copy() -> None:
    """The history lists every card in playing order, the trick on the table included; a copy made with
    hidden cards replaced mid-trick starts its own history, which undo cannot step back past."""
    deal = Deal.new(Rules(), 4, seed=3)
    played = []
    for _ in range(6):  # one whole trick and two cards of the next
        played.append(deal.legal_plays()[0])
        deal.play(played[-1])
    assert deal.history == tuple(played) and len(deal.trick) == 2
    hidden = deal.with_hidden({}, deal.stock[::-1])
    assert hidden.history == ()
    with pytest.raises(IndexError):
        hidden.undo()
    after = []
    while len(after) < 3:  # the rest of this trick, and the next lead
        after.append(hidden.legal_plays()[0])
        hidden.play(after[-1])
    assert hidden.history == tuple(after) and len(hidden.trick) == 1
    hidden.undo()
    hidden.undo()  # back across the trick's end: replayed from where the copy began
    assert hidden.history == tuple(after[:1]) and [card for _, card in hidden.trick] == played[4:] + after[:1]
