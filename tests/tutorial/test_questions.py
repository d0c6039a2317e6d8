"""Questions to the reader in the worked examples ("Your move"), judged by CPython's engine.

A step with ``ask`` is posed at the position before it: the example's card is the answer its
note explains; another legal card is wrong (✗) with the reason from the rules (it cannot win the
trick the example's card wins, or it loses the deal with best play) or right too, and plays on;
an illegal card is told the rule. The browser asks the same functions (tests/browser/test_questions.py).
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from linger_longer.bots import RuleOfThumbBot
from linger_longer.cards import Card, Suit
from linger_longer.narrate import refusal_text
from linger_longer.scenario import ScenarioError, load, loads
from linger_longer.solver import solve
from linger_longer.trick import beats, trick_winner
from linger_longer.web.question import answer, questions
from linger_longer.web.render import escape
from linger_longer.web.rule_links import rule_link_html
from linger_longer.web.walkthrough import BRANCH_SEED

EXAMPLES = Path(__file__).resolve().parents[2] / "tutorial" / "examples"
ASKED = sorted(p for p in EXAMPLES.glob("*.toml") if any("ask" in s for s in tomllib.loads(p.read_text()).get("step", [])))
CARD_CODE = re.compile(r"\b(?:[2-9TJQKA]|10)[SHDC]\b|[♠♥♦♣]")

SMALL = """
title = "Suppose: following suit"
players = ["A", "B", "C", "D"]
dealer = "D"
[start]
hypothetical = true  # only the cards that matter are listed
trump = "S"
leader = "A"
hands = { A = "5H 9C", B = "JH 4S QC", C = "8H 3D", D = "AH 6C" }
stock = "2D 3S 4D 5D 6D 7D 8D"
[[step]]
play = "5H"
[[step]]
play = "JH"
ask = "Which card may B play?"
note = "B holds a heart and must follow suit."
"""


def source(path: Path) -> str:
    return f"tutorial/examples/{path.name}"


def test_at_least_eight_examples_ask_including_both_readings_of_the_last_trump() -> None:
    """Eight examples or more ask the reader; among them the last trump that keeps C in and the one
    that does not (eliminate-before-draw), and naming trump under grand-coup."""
    names = {p.stem for p in ASKED}
    assert len(names) >= 8, names
    assert {"last-trump", "last-trump-eliminate-before-draw", "variant-grand-coup"} <= names


@pytest.mark.parametrize("path", ASKED, ids=[p.stem for p in ASKED])
def test_every_card_of_a_question_is_judged_as_the_engine_plays_it(path: Path) -> None:
    """At each question, for every card of the player to act (and every suit when trump is named):
    the example's choice is the answer, another legal one plays on exactly as CPython's deal and
    seeded bot do, with what followed told; an illegal one is the rule that forbids it, in French."""
    toml = path.read_text(encoding="utf-8")
    scenario = load(path)
    results = scenario.check()
    for question in questions(toml, "fr", source(path)):
        at, step = question["at"], scenario.steps[question["at"]]
        assert step.ask == question["ask"] and step.note, "the note explains the answer"
        assert not CARD_CODE.search(step.ask), f"{path.name}: the question names cards in words"
        deal = results[at].deal
        assert question["seat"] == deal.to_act
        options = [s.letter for s in Suit] if question["kind"] == "suit" else [c.code for c in deal.hand(deal.to_act)]
        assert question["answer"] in options
        kinds = set()
        for choice in options:
            got = answer(toml, "fr", at, choice, source(path))
            kinds.add(got["verdict"])
            if choice == question["answer"]:
                assert got["verdict"] == "example"
                continue
            action = Suit.parse(choice) if question["kind"] == "suit" else Card.parse(choice)
            refusal = deal.refusal(action) if question["kind"] == "card" else None
            if refusal is not None:
                text = f"Interdit\u00a0: {refusal_text(refusal, 'fr', deal.names)}"
                assert got == {"verdict": "illegal", "at": at, "text": text, "clause": refusal.clause,
                               "mark": "wrong", "symbol": "✗", "word": "Faux.",
                               "html": f"<p>{escape(text)} {rule_link_html(refusal.clause, 'fr')}</p>"}
                continue
            if scenario.guided is not None:  # the lesson: its own reply (tests/engine/test_guided.py)
                assert got["verdict"] == "guided", f"{path.name} {choice}"
                continue
            assert got["verdict"] == "other"
            assert got["mark"] in ("right", "wrong"), f"{path.name} {choice}: the engine tells why, not just that"
            assert got["symbol"] == {"right": "✓", "wrong": "✗"}[got["mark"]]
            assert got["text"].startswith({"right": "Exact. ", "wrong": "Faux. "}[got["mark"]])
            solved = {v.action: v for v in solve(deal).actions}
            mine, theirs = solved[step.card or step.suit], solved[action]
            by_solver = "si chacun joue au mieux" in got["text"]
            if by_solver:  # the deal's outcome with best play: the solver's line is shown
                assert (got["mark"] == "wrong") == (mine.winner == deal.to_act != theirs.winner)
                actions = line_actions(deal, theirs.line)
                assert got["then"] == "Si chacun joue au mieux\u00a0:"
            else:  # the trick: the example's card takes it; the reader's does or does not
                best = trick_best(deal)
                assert best is not None and beats(step.card, best, deal.trump)
                assert (got["mark"] == "wrong") == (not beats(action, best, deal.trump))
                actions, _ = continuation(deal, action)
                assert got["then"].startswith("Voici la suite")
            shown = [(s["action"]["seat"], s["action"].get("card") or s["action"].get("suit"))
                     for s in got["steps"][at + 1:]]
            assert shown == actions, f"{path.name}: the continuation is the engine's"
            numbers = [e["number"] for s in got["steps"][at + 1:] for e in s["events"] if e["type"] == "trick-won"]
            assert [line.split("\u00a0:")[0] for line in got["followed"]] == [f"Pli {n}" for n in numbers], \
                "one line per trick, numbered"
            assert got["steps"][-1]["table"]["winner"] is not None, "the deal is played to its end"
        assert "example" in kinds


def trick_best(deal):
    cards = [card for _, card in deal.trick]
    return cards[trick_winner(cards, deal.trump)] if cards else None


def line_actions(deal, line):
    """The solver's line from the reader's choice as (seat, code), played on a copy of ``deal``."""
    deal, actions = deal.copy(), []
    for action in line:
        actions.append((deal.to_act, action.letter if isinstance(action, Suit) else action.code))
        deal.apply(action)
    return actions


def continuation(deal, action):
    """Play ``action`` on a copy of ``deal``, then the seeded rule-of-thumb bot for every seat to the end:
    the actions as (seat, code), and the events that say what followed."""
    deal, bot = deal.copy(), RuleOfThumbBot(seed=BRANCH_SEED)
    actions, events = [], []
    while True:
        actions.append((deal.to_act, action.letter if isinstance(action, Suit) else action.code))
        events.extend(deal.apply(action))
        if deal.is_over:
            break
        action = bot.choose(deal.view(deal.to_act))
    return actions, events


@pytest.mark.parametrize(("example", "choice", "lang", "text"), [
    ("trump-or-discard", "JH", "en", "Wrong. J♥ cannot win the trick: it is neither trump nor the suit led. "
                                     "Only 4♠ can win it."),
    ("trump-beats-ace", "2S", "nl", "Fout. 2♠ kan de slag niet winnen: hij is geen troef en ook niet van de "
                                    "uitgespeelde kleur. Alleen 4♦ kan hem winnen."),
    ("last-card-ends-deal", "7H", "en", "Wrong. With 7♥, D cannot win the deal: with best play from everyone, "
                                        "B wins it."),
    ("variant-grand-coup", "H", "en", "Right. Naming hearts works too: with best play from everyone, B still wins "
                                      "the deal."),
    ("variant-grand-coup", "C", "it", "Sbagliato. Se B sceglie fiori, B non può più vincere la smazzata: se tutti "
                                      "giocano al meglio, la vince D."),
])
def test_a_wrong_card_is_told_why(example: str, choice: str, lang: str, text: str) -> None:
    """The verdict answers the question asked, with the reason from the rules: the trick a card cannot win,
    the deal a choice loses with best play; a choice as good as the example's is right too."""
    toml = (EXAMPLES / f"{example}.toml").read_text(encoding="utf-8")
    (question,) = questions(toml, lang)
    assert answer(toml, lang, question["at"], choice)["text"] == text


def test_the_continuation_is_told_trick_by_trick() -> None:
    """After another legal card, what followed is one line per trick, numbered, with who went out after it."""
    toml = (EXAMPLES / "trump-or-discard.toml").read_text(encoding="utf-8")
    (question,) = questions(toml, "en")
    followed = answer(toml, "en", question["at"], "JH")["followed"]
    assert followed[0] == "Trick 3: A wins the trick."
    assert followed[1].startswith("Trick 4: C wins the trick. B has no cards left and is out of the deal.")
    assert all(line.startswith(f"Trick {n}: ") for n, line in enumerate(followed, start=3))


def test_a_small_question_in_each_verdict() -> None:
    """The three verdicts on a file of its own: the answer, the rule (in Dutch), and the play that goes on."""
    assert answer(SMALL, "en", 1, "JH") == {"verdict": "example", "at": 1, "mark": "right", "symbol": "✓",
                                            "word": "Right.", "text": "Right. That is the example's choice."}
    illegal = answer(SMALL, "nl", 1, "4S")
    assert illegal["verdict"] == "illegal" and illegal["text"] == "Niet toegestaan: B heeft ♥ en moet kleur bekennen."
    assert answer(SMALL, "en", 1, "QC")["text"] == "Not allowed: B holds ♥ and must follow suit."
    (question,) = questions(SMALL, "en")
    assert question == {"at": 1, "ask": "Which card may B play?", "why": None, "seat": 1, "player": "B", "kind": "card",
                        "answer": "JH", "answer_text": "In the example, B plays J♥ (jack of hearts)."}


@pytest.mark.parametrize(("extra", "reason"), [
    ('ask = ""', "'ask' must be a non-empty text"),
    ("ask = 3", "'ask' must be a string, got the integer 3"),
    ('ask = "Which?"', "a step with 'ask' needs a 'note'"),
])
def test_a_bad_ask_names_the_file_step_and_key(extra: str, reason: str) -> None:
    """A malformed question is refused with the file, the step and the key."""
    text = SMALL.replace('ask = "Which card may B play?"\nnote = "B holds a heart and must follow suit."', extra)
    with pytest.raises(ScenarioError) as caught:
        loads(text, "bad.toml")
    assert str(caught.value).startswith("bad.toml: step 2: ") and reason in str(caught.value)


def test_a_question_on_a_refused_try_is_an_error() -> None:
    """A question belongs to a step that plays (or names trump): a refused 'try' cannot be the answer."""
    text = SMALL.replace('play = "JH"\nask', 'try = "4S"\nask')
    with pytest.raises(ScenarioError, match=r"^bad\.toml: step 2: 'ask' belongs on a 'play' or 'name_trump' step"):
        loads(text, "bad.toml")


def test_a_question_the_file_does_not_ask_is_an_error_not_a_traceback() -> None:
    """The worker's request for a position without a question, or a choice that is no card, answers an error."""
    import json

    from linger_longer.web.question import answer_json

    assert "no question is asked at walkthrough position 0" in json.loads(answer_json(SMALL, "en", 0, "5H"))["error"]
    assert "'ZZ' is not a card" in json.loads(answer_json(SMALL, "en", 1, "ZZ"))["error"]
