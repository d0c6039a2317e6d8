"""The deal as a newcomer reads it: trick records, trick numbers, set-up events, undo, copies, scoring."""

import random

import pytest

from helpers import play, position
from linger_longer import (
    Card,
    CardDrawn,
    CardPlayed,
    Deal,
    IllegalPlayError,
    IncompatibleVariantsError,
    Phase,
    PlayerOut,
    RuleError,
    Rules,
    ShuffledAndCut,
    Suit,
    TrickStarted,
    TrickWon,
    TrumpTurned,
    UnknownRuleError,
    score_deal,
)
from linger_longer.game import seat_names
from linger_longer.narrate import EVERYONE, narrate


def _snapshot(deal: Deal) -> tuple:
    """Everything a player or a tool can read of a deal."""
    return (deal.hands, deal.stock, deal.trick, deal.to_act, deal.phase, deal.trump, deal.out, deal.tricks_won,
            deal.tricks_played, deal.won_piles, deal.tricks, deal.history, deal.outcome, deal.leader, deal.led_suit)


def _random_deal(seed: int, variants=()) -> tuple[Deal, list]:
    """A seeded deal played to its end with random legal actions; returns it and every event."""
    rng = random.Random(seed)
    deal = Deal.new(Rules.from_names("standard", variants), 3 + seed % 4, seed=seed)
    events = []
    while not deal.is_over:
        action = rng.choice(deal.legal_actions())
        events.extend(deal.apply(action))
    return deal, events


def test_a_trick_record_says_who_led_what_was_played_who_won_drew_and_went_out() -> None:
    """Each completed trick is kept as a record that agrees with the events of that trick."""
    deal = position(hands={"A": "KC 7S", "B": "3C QD", "C": "2H", "D": "AC 5S"}, stock="9D 4S")
    play(deal, "KC", "3C", "2H", "AC")
    (trick,) = deal.tricks
    assert trick.number == 1 and trick.leader == 0 and trick.winner == 2
    assert trick.plays == tuple(zip(range(4), map(Card.parse, ("KC", "3C", "2H", "AC"))))
    assert trick.drawn == (Card.parse("9D"),) and trick.went_out == () and trick.trump is Suit.HEARTS


@pytest.mark.parametrize("seed", range(12))
def test_trick_records_match_the_event_stream(seed: int) -> None:
    """Over whole deals, the records list the same leaders, cards, winners, draws and exits as the events."""
    deal, events = _random_deal(seed, ("draw-per-card",) if seed % 2 else ())
    from_events, current = [], None
    for event in events:
        if isinstance(event, TrickStarted):
            current = {"number": event.number, "leader": event.leader, "plays": [], "drawn": [], "out": []}
            from_events.append(current)
        elif isinstance(event, CardPlayed):
            current["plays"].append((event.seat, event.card))
        elif isinstance(event, TrickWon):
            current["winner"] = event.seat
            assert event.number == current["number"]
        elif isinstance(event, CardDrawn):
            current["drawn"].append(event.card)
        elif isinstance(event, PlayerOut):
            current["out"].append(event.seat)
    assert [(t.number, t.leader, list(t.plays), t.winner, list(t.drawn), list(t.went_out)) for t in deal.tricks] == [
        (t["number"], t["leader"], t["plays"], t["winner"], t["drawn"], t["out"]) for t in from_events]


def test_every_trick_starts_with_its_number_and_leader() -> None:
    """The first card of a trick comes with a trick-started event naming the trick and its leader."""
    deal = Deal.new(Rules(), 4, seed=3)
    first = deal.play(deal.legal_plays()[0])
    assert first[0] == TrickStarted(1, 1) and isinstance(first[1], CardPlayed)
    for _ in range(3):
        events = deal.play(deal.legal_plays()[0])
    winner = next(e.seat for e in events if isinstance(e, TrickWon))
    assert deal.play(deal.legal_plays()[0])[0] == TrickStarted(2, winner)


def test_each_constructor_gives_its_setup_events() -> None:
    """A dealt deal names who shuffled and who cut, then shows its trump card; a position starts with nothing to
    show."""
    deal = Deal.new(Rules(), 4, seed=11)
    events = deal.setup_events
    cut = ShuffledAndCut(dealer=deal.dealer, cutter=(deal.dealer - 1) % 4)
    assert events == deal.setup_events == (cut, TrumpTurned(card=deal.turned_card, seat=deal.dealer))
    assert Deal.new(Rules(), 4, seed=11).setup_events == events
    assert position(hands={"A": "KC", "B": "3C", "C": "2H"}).setup_events == ()
    assert Deal.new(Rules.from_names("standard", ["no-trump"]), 4, seed=11).setup_events == (cut,)


@pytest.mark.parametrize(("players", "dealer", "cutter"), [(3, 0, 2), (4, 2, 1), (6, 5, 4), (5, 1, 0)])
def test_the_player_on_the_dealers_right_cuts(players: int, dealer: int, cutter: int) -> None:
    """Seats go clockwise, so the dealer's right is the seat before the dealer's; the cards dealt do not change."""
    deal = Deal.new(Rules(), players, seed=7, dealer=dealer)
    assert deal.setup_events[0] == ShuffledAndCut(dealer=dealer, cutter=cutter)
    names = seat_names(players)
    assert narrate(deal.setup_events[:1], "en", names, viewer=EVERYONE) == [
        f"{names[dealer]} shuffles the deck and {names[cutter]}, on the dealer's right, cuts it."]


@pytest.mark.parametrize("seed", range(8))
def test_undo_steps_back_to_every_earlier_position(seed: int) -> None:
    """Undo returns the deal to exactly the position before each action, across tricks and the deal's end."""
    rng = random.Random(seed)
    rules = Rules.from_names("last-card" if seed % 2 else "standard", ("grand-coup",) if seed % 3 == 0 else ())
    deal = Deal.new(rules, 3 + seed % 4, seed=seed)
    seen = [_snapshot(deal)]
    while not deal.is_over:
        action = rng.choice(deal.legal_actions())
        deal.apply(action)
        seen.append(_snapshot(deal))
    while seen:
        assert _snapshot(deal) == seen.pop()
        if seen:
            deal.undo()
    with pytest.raises(IndexError):
        deal.undo()


def test_a_copy_is_independent() -> None:
    """Playing on a copy leaves the deal it was copied from as it was, at every point of a deal."""
    deal = Deal.new(Rules(), 4, seed=9)
    while not deal.is_over:
        before = _snapshot(deal)
        other = deal.copy()
        assert _snapshot(other) == before
        while not other.is_over:
            other.play(other.legal_plays()[-1])
        assert _snapshot(deal) == before
        deal.play(deal.legal_plays()[0])


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
    hidden.undo()  # back across the trick's end
    assert hidden.history == tuple(after[:1]) and [card for _, card in hidden.trick] == played[4:] + after[:1]


def test_a_card_not_held_is_refused_by_name() -> None:
    """A player can only play a card from their own hand."""
    deal = Deal.new(Rules(), 4, seed=5)
    seat = deal.to_act
    other = deal.hand((seat + 1) % 4)[0]
    with pytest.raises(IllegalPlayError, match=f"{deal.names[seat]} does not hold {other}"):
        deal.play(other)
    with pytest.raises(IllegalPlayError, match="does not hold KC"):
        deal.play("KC")  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["to_act", "trick", "trump", "leader", "phase", "tricks"])
def test_state_is_read_only(name: str) -> None:
    """A deal's state changes only through its actions."""
    deal = Deal.new(Rules(), 4, seed=5)
    with pytest.raises(AttributeError):
        setattr(deal, name, None)


@pytest.mark.parametrize("seed", range(6))
def test_one_deal_is_scored_without_a_match(seed: int) -> None:
    """A finished deal's chips: option A pays the winner per trick won, option B per opponent who went out
    holding fewer cards than the winner; both sum to zero."""
    deal, _ = _random_deal(seed)
    score = score_deal(deal.outcome, deal.players)
    winner = deal.outcome.winner
    assert score.winner == winner and sum(score.chips_a) == 0 and sum(score.chips_b) == 0
    assert score.chips_a[winner] == deal.tricks_won[winner] * (deal.players - 1)
    exits = {seat: trick.sizes_at_lead for trick in deal.tricks for seat in trick.went_out}
    assert exits == dict(deal.outcome.hand_sizes_before_exit)
    assert score.chips_b[winner] == sum(sizes[s] < sizes[winner] for s, sizes in exits.items() if s != winner)


def test_incompatible_variants_have_their_own_error() -> None:
    """Two known variants that both decide where trump comes from cannot be combined; an unknown name is another
    error."""
    with pytest.raises(IncompatibleVariantsError) as incompatible:
        Rules.from_names("standard", ["no-trump", "random-trump"])
    assert not isinstance(incompatible.value, UnknownRuleError) and isinstance(incompatible.value, RuleError)
    with pytest.raises(UnknownRuleError):
        Rules.from_names("standard", ["no-such-variant"])


def test_legal_actions_are_the_cards_or_the_four_suits_while_naming_trump() -> None:
    """Under grand-coup the first trick's winner names one of the four suits; otherwise a player plays a card."""
    deal = Deal.new(Rules.from_names("standard", ["grand-coup"]), 4, seed=3)
    assert deal.legal_actions() == deal.legal_plays() != ()
    while deal.phase is not Phase.NAME_TRUMP:
        deal.play(deal.legal_plays()[0])
    assert deal.legal_actions() == tuple(Suit) and deal.legal_plays() == ()
    deal.name_trump(Suit.CLUBS)
    assert deal.legal_actions() == deal.legal_plays() != ()
    while not deal.is_over:
        deal.apply(deal.legal_actions()[-1])
    assert deal.legal_actions() == ()


def test_undo_returns_the_action_it_took_back() -> None:
    """Undo steps back one action, a card or a named suit, and gives it back: undoing every action of a deal
    gives its history in reverse."""
    rng = random.Random(4)
    deal = Deal.new(Rules.from_names("standard", ["grand-coup"]), 4, seed=8)
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    history = deal.history
    assert any(isinstance(action, Suit) for action in history)
    assert tuple(deal.undo() for _ in history) == history[::-1]


def test_a_deal_is_made_from_cards_not_from_its_inside_form() -> None:
    """The constructors take cards; calling the class directly (with hands as bit sets, say) is refused."""
    with pytest.raises(TypeError, match="Deal.new"):
        Deal(Rules(), [0b1111, 0b11110000], [], None, 0, 1)
