"""A position in the middle of a deal is real only if some deal reaches it by legal plays: the search finds that
deal and its plays, which the engine replays to exactly the position, or says which rule rules it out."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from linger_longer import Deal, InvalidPositionError, Rules, Suit, parse_cards, reachability, scenario
from linger_longer.bots import make_bot
from linger_longer.cards import FULL_DECK
from linger_longer.rules import Variant
from linger_longer.reachability import UndecidedError, Unreachable, find_history

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "tutorial" / "examples").glob("*.toml"))
PUZZLES = sorted((ROOT / "tutorial" / "puzzles").glob("*-seed-*.toml"))


def position(trump: str, leader: int, hands: list[str], stock: str, tricks_won: list[int], rules: Rules = Rules(),
             **extra) -> dict:
    return dict(hands=[parse_cards(h) for h in hands], stock=parse_cards(stock), trump=Suit.parse(trump),
                leader=leader, dealer=3, tricks_won=tricks_won, **extra)


# The three "after one trick" walkthroughs as they stood before they were rebuilt from seeded deals: their counts
# add up, but no legal deal reaches them.
OLD_FOLLOW_SUIT = position(
    "S", 0, ["5H KD 9C 2S", "JH 4S QC", "8H 3D TC", "AH 6C 7D"],
    "QS 2D JS 4C 3S 8D 2C 9S 6H QD AD 6S 5C 6D AS 3C 5S 8C 7H 3H QH TD TH KC 9H 5D JC 2H KS JD 7S 9D 4H AC KH",
    [1, 0, 0, 0])
OLD_TRUMP_BEATS_ACE = position(
    "D", 0, ["AS 7C QH 4D", "5D JC 2H", "9S KC 6H", "8D TH 3C"],
    "6S 4C 8C 9C 9H 6D QC 2D AD 9D 8H 3D 8S AH KD TC 3H TS JD 3S KH 2C 5H 4S QS 6C 7D TD 4H JH KS JS 7S 2S QD",
    [1, 0, 0, 0])
OLD_DRAW_KEEPS_HAND_SIZE = position(
    "C", 0, ["6H KS 2D 9C", "TH 4S 5D", "QH 7S 8D", "AH 3S JD"],
    "7C 4C 3D 4D 9S KC 3C KH QC JH 7D JS JC 6C 8C 5H 6D 2S 7H 6S AS 5C AC KD 2H 8H 5S TD 9H QD 8S 2C TS 4H AD",
    [1, 0, 0, 0])


def test_the_old_follow_suit_position_needs_a_revoke():
    """Spades are trump; D's turned spade was played in trick 1, so spades were led, and B, who never drew and
    still holds 4♠, had to follow: B would have revoked."""
    with pytest.raises(InvalidPositionError, match=r"every deal that reaches it needs a revoke: in trick 1 B plays "
                                                   r".* while holding ♠"):
        Deal.from_position(Rules(), **OLD_FOLLOW_SUIT)


def test_the_old_trump_beats_ace_position_needs_a_revoke():
    """Trick 1 used 5♣ 5♠ 7♥ A♣: whatever was led, a player holding that suit would have had to follow."""
    with pytest.raises(InvalidPositionError, match=r"needs a revoke: in trick 1 .* while holding"):
        Deal.from_position(Rules(), **OLD_TRUMP_BEATS_ACE)


def test_the_old_draw_keeps_hand_size_position_needs_a_dealer_who_never_held_trump():
    """D holds no club and drew nothing, so D's turned club was 10♣, played in trick 1; A won that trick with a
    card that cannot beat a trump."""
    with pytest.raises(InvalidPositionError, match=r"the dealer D was dealt a ♣ \(the turned trump\) and kept it, "
                                                   r"but no legal history"):
        Deal.from_position(Rules(), **OLD_DRAW_KEEPS_HAND_SIZE)


def test_a_refused_position_is_refused_by_the_search_itself():
    """The reasons come from the history search, not from the counts: without follow-suit and the turned card
    (a relaxed search) a history exists, so each refusal names the rule that is broken."""
    with pytest.raises(Unreachable, match="revoke"):
        find_history(Rules(), **OLD_FOLLOW_SUIT)
    with pytest.raises(Unreachable, match="turned trump"):
        find_history(Rules(), **OLD_DRAW_KEEPS_HAND_SIZE)


def test_a_turned_card_given_elsewhere_than_where_it_can_be_is_refused():
    """The turned card is the dealer's; given as a card the dealer played in a trick won by another, and with
    the rest as in a real deal, the position is refused."""
    deal = Deal.new(Rules(), 4, seed=72, dealer=3)
    for _ in range(4):
        deal.play(deal.legal_plays()[0])
    played_by_others = [c for s, c in deal.tricks[0].plays if s != deal.dealer]
    given = dict(hands=deal.hands, stock=deal.stock, trump=deal.trump, leader=deal.to_act, dealer=deal.dealer,
                 tricks_won=deal.tricks_won)
    assert find_history(Rules(), **given, turned_card=deal.turned_card)
    wrong = next(c for c in played_by_others if c.suit is deal.trump) if any(
        c.suit is deal.trump for c in played_by_others) else None
    if wrong is not None:
        with pytest.raises(Unreachable):
            find_history(Rules(), **given, turned_card=wrong)


def test_random_trump_needs_a_trump_at_the_bottom_of_the_stock():
    """With random-trump the turned card lies at the bottom of the stock: a stock ending in another suit is refused."""
    rules = Rules.from_names("standard", ["random-trump"])
    deal = Deal.new(rules, 4, seed=5)
    stock = list(deal.stock)
    swap = next(i for i, c in enumerate(stock) if c.suit is not deal.trump)
    stock[swap], stock[-1] = stock[-1], stock[swap]
    with pytest.raises(Unreachable):
        find_history(rules, hands=deal.hands, stock=stock, trump=deal.trump, leader=deal.to_act, dealer=deal.dealer)


@pytest.mark.parametrize("path", EXAMPLES + PUZZLES, ids=lambda p: p.stem)
def test_every_example_and_puzzle_yields_a_history_the_engine_replays(path):
    """A worked example's start is proved by a whole deal: the engine deals its deck and plays its actions, and
    arrives at exactly the start (hands, stock in order, trump, leader, who is out, tricks won)."""
    example = scenario.load(path)
    start = example.start_deal()[0]
    if example.hypothetical:
        with pytest.raises(Unreachable):
            example.history
        return
    history = example.history
    assert sorted(history.deck) == sorted(FULL_DECK)
    replayed = history.replay(example.rules, len(example.names), example.names)
    assert replayed.hands == start.hands
    assert replayed.stock == start.stock
    assert (replayed.trump, replayed.to_act, replayed.out) == (start.trump, start.to_act, start.out)
    assert replayed.tricks_won == start.tricks_won and replayed.phase == start.phase
    assert replayed.dealer == example.dealer
    assert replayed.legal_plays() == start.legal_plays()


def rule_sets() -> list[Rules]:
    """Both profiles, with no variant and with each variant alone."""
    return [Rules.from_names(profile, combo) for profile in ("standard", "last-card")
            for combo in [()] + [(v.value,) for v in Variant]]


def test_positions_of_seeded_deals_are_proved_by_a_history():
    """No false refusals: the first three trick boundaries of 84 seeded deals (both profiles, each variant, 3 to
    6 players, rule-of-thumb play) each get a history that the engine replays (find_history checks the replay)."""
    sets, proved = rule_sets(), 0
    for seed in range(84):
        rules, players = sets[seed % len(sets)], 3 + seed % 4
        deal = Deal.new(rules, players, seed=seed, dealer=seed % players)
        bots = [make_bot("rule-of-thumb", seed * 7 + seat) for seat in range(players)]
        while not deal.is_over and deal.tricks_played <= 3:
            if not deal.trick and deal.phase.value == "play":
                history = find_history(rules, hands=deal.hands, stock=deal.stock, trump=deal.trump,
                                       leader=deal.to_act, dealer=deal.dealer, out=deal.out,
                                       tricks_won=deal.tricks_won, turned_card=deal.turned_card)
                assert history.replay(rules, players).hands == deal.hands
                proved += 1
            deal.apply(bots[deal.to_act].choose(deal.view(deal.to_act)))
    assert proved > 250


def one_trick_truth(rules: Rules, hands, stock, trump, leader, wins) -> bool:
    """Brute force for one trick at four players: every way of dealing the four cards of the won pile and the one
    card drawn, replayed by the engine."""
    pool = [c for c in FULL_DECK if c not in set(stock) and not any(c in h for h in hands)]
    winner = wins.index(1)
    for order in itertools.permutations(pool):
        for drawn in hands[winner]:
            dealt = [list(h) for h in hands]
            dealt[winner].remove(drawn)
            first = 0  # the dealer is D, so A leads the first trick
            for seat, card in zip(range(4), order):
                dealt[(first + seat) % 4].append(card)
            if any(len(h) != 4 for h in dealt):
                continue
            for turned in [c for c in dealt[3] if c.suit is trump]:
                hand_d = [c for c in dealt[3] if c != turned] + [turned]
                per = [dealt[0], dealt[1], dealt[2], hand_d]
                deck = [per[p % 4][p // 4] for p in range(16)] + [drawn] + list(stock)
                deal = Deal.new(rules, 4, deck=deck, dealer=3)
                try:
                    for card in order:
                        deal.play(card)
                except ValueError:
                    continue
                if deal.hands == tuple(tuple(sorted(h)) for h in hands) and deal.to_act == leader:
                    return True
    return False


@pytest.mark.parametrize("seed", range(12))
def test_a_no_after_one_trick_is_a_proof(seed):
    """The search's verdict on positions after one trick (real ones, and the same with two cards swapped between
    a hand and the won pile) agrees with brute force over every deal of the unknown cards."""
    deal = Deal.new(Rules(), 4, seed=seed, dealer=3)
    for _ in range(4):
        deal.play(deal.legal_plays()[-1 if seed % 2 else 0])
    hands = [list(h) for h in deal.hands]
    pile = [c for _, c in deal.tricks[0].plays]
    seat = (seed // 2) % 4
    hands[seat][0], pile[seed % 4] = pile[seed % 4], hands[seat][0]  # another card was played instead
    hands = [tuple(sorted(h)) for h in hands]
    given = dict(hands=hands, stock=deal.stock, trump=deal.trump, leader=deal.to_act, dealer=3,
                 tricks_won=deal.tricks_won)
    found = reachability.why_no_history(Rules(), **given) is None
    assert found == one_trick_truth(Rules(), hands, deal.stock, deal.trump, deal.to_act, list(deal.tricks_won))


def test_a_search_that_runs_out_of_budget_is_an_error_not_a_pass(monkeypatch):
    """A budget too small to decide is an error, from the search and from Deal.from_position."""
    example = scenario.load(ROOT / "tutorial" / "examples" / "everyone-empties.toml")
    start = example.start_deal()[0]
    given = dict(hands=start.hands, stock=start.stock, trump=start.trump, leader=start.to_act, dealer=example.dealer,
                 out=start.out, tricks_won=start.tricks_won)
    with pytest.raises(UndecidedError, match="needed more than 10 steps; it proves neither"):
        find_history(example.rules, **given, budget=10)
    monkeypatch.setattr(reachability, "BUDGET", 11)
    with pytest.raises(InvalidPositionError, match="needed more than 11 steps"):
        Deal.from_position(example.rules, **given)


def test_answers_kept_between_processes_are_replayed_before_use(monkeypatch):
    """A site build keeps the answers (known_answers) and the next takes them back (remember_answers): a kept
    history is used without a search once the engine replays it to the position; a tampered one is searched
    again; a kept refusal is given again."""
    monkeypatch.setattr(reachability, "_ANSWERS", {})
    monkeypatch.setattr(reachability, "_KEPT", {})
    example = scenario.load(ROOT / "tutorial" / "examples" / "last-trump.toml")
    history = example.history
    with pytest.raises(Unreachable):
        find_history(Rules(), **OLD_FOLLOW_SUIT)
    kept = reachability.known_answers()
    assert len(kept) == 2
    reachability._ANSWERS.clear()
    reachability.remember_answers(kept)
    searched = []
    real_answer = reachability._answer
    monkeypatch.setattr(reachability, "_answer", lambda *args: searched.append(args) or real_answer(*args))
    assert example.history == history and not searched
    with pytest.raises(Unreachable, match="needs a revoke"):
        find_history(Rules(), **OLD_FOLLOW_SUIT)
    assert not searched
    reachability._ANSWERS.clear()
    tampered = {key: dict(value, dealer=(value["dealer"] + 1) % 4) if "deck" in value else value
                for key, value in kept.items()}
    reachability.remember_answers(tampered)
    assert example.history.replay(example.rules, 4).hands == example.start_deal()[0].hands
    assert len(searched) == 1
