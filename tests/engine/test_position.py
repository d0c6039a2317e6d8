"""The position check: every position a real deal reaches is accepted, and each impossible one is refused
with its reason in words (see linger_longer.position)."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from helpers import position
from linger_longer import Deal, InvalidPositionError, Rules, Suit, parse_cards, scenario
from linger_longer.bots import make_bot
from linger_longer.cards import FULL_DECK
from linger_longer.position import why_unreachable
from linger_longer.rules import Variant

EXAMPLES = Path(__file__).resolve().parents[2] / "tutorial" / "examples"


def every_rule_set() -> list[Rules]:
    """Both profiles with no variant, each variant alone, and every allowed pair of variants."""
    sets = []
    for profile in ("standard", "last-card"):
        for count in (0, 1, 2):
            for combo in itertools.combinations([v.value for v in Variant], count):
                try:
                    sets.append(Rules.from_names(profile, combo))
                except ValueError:  # two variants that each decide where trump comes from
                    pass
    return sets


RULE_SETS = every_rule_set()


def rebuild(deal: Deal) -> Deal:
    """The deal's current position given to Deal.from_position, with everything a position can say; its counts
    are checked here (the search for a whole history is tested on a sample in test_reachability.py)."""
    reason = why_unreachable(deal.rules, hands=deal.hands, stock_size=deal.stock_size, leader=deal.to_act,
                             out=deal.out, tricks_won=deal.tricks_won, tricks_played=deal.tricks_played,
                             trump_set=deal.trump is not None, names=deal.names)
    assert reason is None, reason
    return Deal.from_position(
        deal.rules, hands=deal.hands, stock=deal.stock, trump=deal.trump, leader=deal.to_act, dealer=deal.dealer,
        out=deal.out, tricks_won=deal.tricks_won, tricks_played=deal.tricks_played, turned_card=deal.turned_card,
        names=deal.names, hypothetical=True,
    )


@pytest.mark.parametrize("bot", ["random", "rule-of-thumb"])
def test_every_position_a_deal_reaches_is_accepted(bot):
    """No false refusals by the counts: 1,520 seeded deals (every profile, variant and allowed pair; 3 to 6 players; random and
    rule-of-thumb play) are rebuilt from their position at every trick boundary, and each rebuilt deal plays on
    exactly like the original."""
    checked = deals = stock_empty = 0
    for seed in range(760):
        rules, players = RULE_SETS[seed % len(RULE_SETS)], 3 + seed % 4
        deal = Deal.new(rules, players, seed=seed, dealer=seed % players)
        bots = [make_bot(bot, seed * 7 + seat) for seat in range(players)]
        deals += 1
        while not deal.is_over:
            if not deal.trick:
                copy = rebuild(deal)  # raises InvalidPositionError on a false refusal
                assert copy.legal_plays() == deal.legal_plays() and copy.phase == deal.phase
                checked += 1
                stock_empty += not deal.stock_size
            deal.apply(bots[deal.to_act].choose(deal.view(deal.to_act)))
    assert deals == 760 and checked > 5000
    assert stock_empty > 50  # the positions include stock-empty ones (draw-per-card, long-hand at 6)


def test_the_stock_never_runs_out_in_the_basic_game():
    """With one card drawn a trick the stock runs out only at six players with long-hand: over 3,000 deals."""
    ran_out = {}
    for seed in range(3000):
        players = 3 + seed % 4
        for name, variants in (("basic", ()), ("long-hand", ("long-hand",))):
            deal = Deal.new(Rules.from_names("standard", variants), players, seed=seed)
            bots = [make_bot("random", seed * 7 + seat) for seat in range(players)]
            while not deal.is_over:
                deal.apply(bots[deal.to_act].choose(deal.view(deal.to_act)))
            if any(trick.drawn and deal.stock_size == 0 for trick in deal.tricks):
                ran_out[name, players] = ran_out.get((name, players), 0) + 1
    assert set(ran_out) == {("long-hand", 6)}


def test_a_deal_winner_wins_at_most_as_many_tricks_as_were_dealt_to_each():
    """Each opponent plays the dealt cards plus one per trick they won, so the winner wins at most a hand's size."""
    for seed in range(2000):
        players = 3 + seed % 4
        deal = Deal.new(Rules(), players, seed=seed)
        bots = [make_bot("rule-of-thumb", seed * 7 + seat) for seat in range(players)]
        while not deal.is_over:
            deal.apply(bots[deal.to_act].choose(deal.view(deal.to_act)))
        assert deal.outcome.tricks_won[deal.outcome.winner] <= players


def full_stock(hands: dict[str, str], top: str, size: int) -> str:
    """A stock of ``size`` cards: ``top`` first, then cards held by nobody (the others are in won piles)."""
    used = {c for cards in hands.values() for c in parse_cards(cards)} | set(parse_cards(top))
    rest = [c for c in FULL_DECK if c not in used]
    return " ".join([top] + [c.code for c in rest[:size - len(parse_cards(top))]])


def real(profile="standard", *, hands, stock, tricks_won=None, out=(), leader="A", variants=(), trump="H"):
    return position(profile, hands=hands, stock=stock, tricks_won=tricks_won, out=out, leader=leader,
                    variants=variants, trump=trump, hypothetical=False)


# --------------------------------------------------- the review's impossible positions

def test_the_old_lead_passes_position_holds_55_cards():
    """Seven cards held, an empty stock and 12 tricks of 4 cards: 55 cards."""
    with pytest.raises(InvalidPositionError, match=r"hold 55 cards; a deck has 52"):
        real(hands={"A": "5H 9D", "B": "AH", "C": "7H 2S", "D": "QH 4C"}, stock="", trump="C",
             tricks_won={"A": 3, "B": 4, "C": 2, "D": 3})


def test_the_old_last_card_ends_deal_position_holds_54_cards():
    with pytest.raises(InvalidPositionError, match=r"\(11 × 4 = 44 cards\) hold 54 cards; a deck has 52"):
        real("last-card", hands={"A": "4D 9H", "B": "KD 5S", "C": "8D QS 3H", "D": "2C 7H"}, stock="JH",
             trump="C", tricks_won={"A": 3, "B": 2, "C": 4, "D": 2})


def test_the_old_stock_runs_out_position_holds_51_cards():
    with pytest.raises(InvalidPositionError, match=r"hold 51 cards; a deck has 52"):
        real(hands={"A": "KH 9C 4D", "B": "5H 2C", "C": "AH 3S 8C", "D": "2H QD"}, stock="6D", trump="S",
             tricks_won={"A": 3, "B": 2, "C": 3, "D": 2})


def test_one_card_after_one_trick_from_a_hand_of_four_is_refused():
    """The old last-trump position: C holds 1 card with 1 trick won, after the single trick recorded."""
    hands = {"A": "KC 7S", "B": "3C QD", "C": "2H", "D": "AC 5S"}
    with pytest.raises(InvalidPositionError, match=r"hold 14 cards; a deck has 52"):
        real("last-card", hands=hands, stock="9D 4S 8C", tricks_won={"C": 1})
    # With the cards made to add up, the hand sizes still give it away: a loser of the one trick holds 3.
    hands = {"A": "KC 7S 6H 2C", "B": "3C QD 6D 4D", "C": "2H", "D": "AC 5S 6S 7D"}
    with pytest.raises(InvalidPositionError,
                       match=r"A was dealt 4 cards and won 0 of the 1 trick played, so A holds 3 .*not 4"):
        real("last-card", hands=hands, stock=full_stock(hands, "9D", 35), tricks_won={"C": 1}, leader="C")


def test_an_empty_stock_in_the_basic_game_is_refused():
    """The old everyone-empties position: the stock never runs out with four players and four cards each."""
    with pytest.raises(InvalidPositionError, match=r"with 4 players and 4 cards each it never runs out"):
        real(hands={"A": "QS 7D", "B": "2H 9D", "C": "AS KD", "D": ""}, stock="", out=("D",),
             tricks_won={"A": 4, "B": 3, "C": 5})


# ------------------------------------------------------------------ each reason

def test_tricks_won_must_add_up_to_tricks_played():
    hands = [parse_cards("KC 7S"), parse_cards("3C QD"), parse_cards("2H")]
    with pytest.raises(InvalidPositionError, match="2 tricks played, but the tricks won add up to 1"):
        Deal.from_position(Rules(), hands=hands, stock=(), trump=Suit.HEARTS, leader=0, tricks_won=[1, 0, 0],
                           tricks_played=2)


def test_a_stock_larger_than_the_deal_leaves_is_refused():
    with pytest.raises(InvalidPositionError, match="the stock holds 44 cards, but dealing 4 cards to each of 4 "
                                                   "players leaves 36"):
        hands = {"A": "2H", "B": "3H", "C": "", "D": ""}
        real(hands=hands, stock=full_stock(hands, "", 44), out=("C", "D"))


def test_the_stock_must_have_lost_one_card_a_trick():
    """After 1 trick with nobody out, 4 cards are in won piles; the stock must hold 35, not 34 (and one hand 5)."""
    hands = {"A": "KC 7S 6H 2C", "B": "3C QD 6D", "C": "2H 3H 4H", "D": "AC 5S 6S"}
    stock = full_stock(hands, "9D", 35)
    real(hands=hands, stock=stock, tricks_won={"A": 1})  # reachable
    with pytest.raises(InvalidPositionError, match="A was dealt 4 cards and won 0 of the 1 trick played"):
        real(hands=hands, stock=stock, tricks_won={"B": 1}, leader="B")


def test_the_leader_won_the_last_trick():
    hands = {"A": "KC 7S 6H 2C", "B": "3C QD 6D", "C": "2H 3H 4H", "D": "AC 5S 6S"}
    with pytest.raises(InvalidPositionError, match="B leads, so B won the last trick .* but B has won no trick"):
        real(hands=hands, stock=full_stock(hands, "9D", 35), tricks_won={"A": 1}, leader="B")


def test_an_out_player_went_out_no_sooner_than_the_cards_dealt_allow():
    """A player out after 3 tricks, having been dealt 4: impossible, one card is played a trick."""
    hands = {"A": "KC", "B": "3C", "C": "2H", "D": ""}
    with pytest.raises(InvalidPositionError, match="D is out after 3 tricks, but was dealt 4 cards and plays "
                                                   "one a trick"):
        real(hands=hands, stock=full_stock(hands, "9D", 33), out=("D",), tricks_won={"A": 1, "B": 1, "C": 1})


def test_draw_per_card_replaces_every_card_played_while_the_stock_lasts():
    hands = {"A": "KC 7S 6H 2C", "B": "3C QD 6D", "C": "2H 3H 4H", "D": "AC 5S 6S"}
    with pytest.raises(InvalidPositionError, match="with 'draw-per-card' every card played is replaced"):
        real(hands=hands, stock=full_stock(hands, "9D", 35), tricks_won={"A": 1}, variants=("draw-per-card",))


def test_grand_coup_sets_no_trump_before_the_first_trick_and_names_it_after():
    hands = {"A": "KC 7S 6H 2C", "B": "3C QD 6D 4D", "C": "2H 3H 4H 5H", "D": "AC 5S 6S 7D"}
    with pytest.raises(InvalidPositionError, match="the first trick is played without trump"):
        real(hands=hands, stock=full_stock(hands, "9D", 36), variants=("grand-coup",), trump="S")
    real(hands=hands, stock=full_stock(hands, "9D", 36), variants=("grand-coup",), trump=None)


def test_the_turned_card_is_the_dealers_or_at_the_bottom_of_the_stock():
    deal = Deal.new(Rules(), 4, seed=3)
    others = [seat for seat in range(4) if seat != deal.dealer]
    hands = [list(h) for h in deal.hands]
    card = deal.turned_card
    hands[deal.dealer].remove(card)
    hands[deal.dealer].append(hands[others[0]].pop())
    hands[others[0]].append(card)
    with pytest.raises(InvalidPositionError, match=f"the turned card {card} was dealt to the dealer"):
        Deal.from_position(Rules(), hands=hands, stock=deal.stock, trump=deal.trump, leader=deal.to_act,
                           dealer=deal.dealer, turned_card=card, hypothetical=True)
    random_trump = Rules.from_names("standard", ["random-trump"])
    deal = Deal.new(random_trump, 4, seed=3)
    stock = list(deal.stock)
    stock[0], stock[-1] = stock[-1], stock[0]
    with pytest.raises(InvalidPositionError, match="lies at the bottom of the stock"):
        Deal.from_position(random_trump, hands=deal.hands, stock=stock, trump=deal.trump, leader=deal.to_act,
                           dealer=deal.dealer, turned_card=deal.turned_card)


def test_a_hypothetical_position_is_checked_for_consistency_only():
    hands = [parse_cards("KC 7S"), parse_cards("3C QD"), parse_cards("2H"), parse_cards("AC 5S")]
    with pytest.raises(InvalidPositionError, match="hold 8 cards"):
        Deal.from_position(Rules(), hands=hands, stock=parse_cards("9D"), trump=Suit.HEARTS, leader=0)
    deal = Deal.from_position(Rules(), hands=hands, stock=parse_cards("9D"), trump=Suit.HEARTS, leader=0,
                              hypothetical=True)
    assert deal.stock_size == 1
    with pytest.raises(InvalidPositionError, match="K♣ appears twice"):
        Deal.from_position(Rules(), hands=[*hands[:3], parse_cards("KC")], stock=(), trump=Suit.HEARTS, leader=0,
                           hypothetical=True)


# ------------------------------------------------------------ the worked examples

@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.toml")), ids=lambda p: p.stem)
def test_every_worked_example_starts_from_a_position_a_deal_reaches(path):
    """Only a file marked hypothetical may start where no deal goes, and then the check says why."""
    example = scenario.load(path)
    if example.hypothetical:
        assert example.unreachable, f"{path.name} is marked hypothetical but a deal reaches it"
    else:
        example.start_deal()  # raises ScenarioError naming file and table if unreachable
        assert example.unreachable is None


def test_only_the_one_what_if_example_is_hypothetical():
    marked = [p.stem for p in EXAMPLES.glob("*.toml") if scenario.load(p).hypothetical]
    assert marked == ["last-trump-last-stock-card"]


def test_the_examples_include_three_and_six_players():
    tables = {len(scenario.load(p).names) for p in EXAMPLES.glob("*.toml")}
    assert {3, 4, 6} <= tables


EXAMPLE = """
title = "t"
players = ["A", "B", "C", "D"]
[start]
trump = "H"
leader = "A"
{start}
[[step]]
play = "KC"
[expect]
over = false
"""


def test_the_loader_names_file_and_table_for_an_unreachable_position():
    text = EXAMPLE.format(start='stock = "9D"\nhands = { A = "KC 7S", B = "3C QD", C = "2H", D = "AC 5S" }')
    with pytest.raises(scenario.ScenarioError, match=r"^my-example.toml: \[start\]: the hands \(7 cards\), "
                                                     r"the stock \(1\) .* hold 8 cards; a deck has 52$"):
        scenario.loads(text, source="my-example.toml").check()


def test_the_rest_of_the_stock_follows_from_the_seed():
    start = ('stock = "9D 4S 8C"\nstock_size = 33\nseed = 2\ntricks_won = { A = 1, B = 1, D = 1 }\n'
             'hands = { A = "KC 7S", B = "3C QD", C = "2H", D = "AC 5S" }')
    deal = scenario.loads(EXAMPLE.format(start=start)).start_deal()[0]
    assert deal.stock_size == 33 and [c.code for c in deal.stock[:3]] == ["9D", "4S", "8C"]
    again = scenario.loads(EXAMPLE.format(start=start)).start_deal()[0]
    assert again.stock == deal.stock  # the same seed, the same stock
    other = scenario.loads(EXAMPLE.format(start=start.replace("seed = 2", "seed = 3"))).start_deal()[0]
    assert other.stock[:3] == deal.stock[:3] and other.stock != deal.stock


@pytest.mark.parametrize("extra, message", [
    ("stock_size = 2\nseed = 1", r"stock_size 2 must be a whole number of at least the 3 stock cards listed"),
    ("stock_size = 33", r"stock_size needs a seed"),
    ("stock_size = 60\nseed = 1", r"stock_size 60 leaves room for only"),
])
def test_a_bad_stock_size_is_reported(extra, message):
    start = f'stock = "9D 4S 8C"\n{extra}\nhands = {{ A = "KC 7S", B = "3C QD", C = "2H", D = "AC 5S" }}'
    with pytest.raises(scenario.ScenarioError, match=message):
        scenario.loads(EXAMPLE.format(start=start), source="x.toml").start_deal()


def test_a_reachable_position_marked_hypothetical_is_reported():
    start = ('hypothetical = true\nstock = "9D 4S 8C"\nstock_size = 33\nseed = 2\n'
             'tricks_won = { A = 1, B = 1, D = 1 }\nhands = { A = "KC 7S", B = "3C QD", C = "2H", D = "AC 5S" }')
    with pytest.raises(scenario.ScenarioError, match="marked hypothetical, but a real deal reaches this position"):
        scenario.loads(EXAMPLE.format(start=start), source="x.toml").check()


def test_the_rule_sets_cover_every_variant():
    assert {v for rules in RULE_SETS for v in rules.variants} == set(Variant)


def test_a_hypothetical_example_must_say_so_to_the_reader():
    """A "what if" start is allowed only when its title or first note tells the reader (the catalogs then say
    it in every language); the one hypothetical walkthrough does so in its first note."""
    start = ('hypothetical = true\nstock = "9D"\ntricks_won = { A = 1, B = 1, D = 1 }\n'
             'hands = { A = "KC 7S", B = "3C QD", C = "2H", D = "AC 5S" }')
    with pytest.raises(scenario.ScenarioError, match=r"x.toml: \[start\]: marked hypothetical, but neither the title "
                                                     r"nor the first note tells the reader"):
        scenario.loads(EXAMPLE.format(start=start), source="x.toml").check()
    told = EXAMPLE.format(start=start).replace('play = "KC"', 'play = "KC"\nnote = "Suppose A leads the king."')
    scenario.loads(told, source="x.toml").check()
    what_if = scenario.load(EXAMPLES / "last-trump-last-stock-card.toml")
    assert what_if.steps[0].note.startswith("Suppose")
