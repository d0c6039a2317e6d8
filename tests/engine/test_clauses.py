"""The rules' clauses: every refusal names the clause that forbids the play, every worked example names the
clauses it shows, and a refused card's reason links to its clause in the reader's language."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from linger_longer import Card, Deal, Rules
from linger_longer.bots import RandomBot
from linger_longer.cards import FULL_DECK
from linger_longer.clauses import CLAUSES, UnknownClauseError, clause
from linger_longer.languages import CODES
from linger_longer.scenario import ScenarioError, loads, read_example
from linger_longer.trick import RefusalKind
from linger_longer.web.question import answer

EXAMPLES = Path(__file__).resolve().parents[2] / "tutorial" / "examples"

#: The clause each kind of refusal links to.
REFUSAL_CLAUSES = {RefusalKind.MUST_FOLLOW: "follow-suit", RefusalKind.NOT_HELD: "play-in-turn",
                   RefusalKind.NAME_TRUMP_FIRST: "grand-coup", RefusalKind.DEAL_OVER: "deal-ends"}

def test_every_clause_has_an_anchor_on_its_page() -> None:
    """A clause's ID is lowercase words joined by '-', on one of the rules pages, unique, with its anchor."""
    anchors = set()
    for clause_id, rule in CLAUSES.items():
        assert re.fullmatch(r"[a-z]+(-[a-z]+)*", clause_id) and rule.id == clause_id
        assert rule.page in {"how-to-play", "variants", "profiles", "scoring"}
        assert (rule.page, rule.anchor) not in anchors
        anchors.add((rule.page, rule.anchor))


def test_an_unknown_clause_is_an_error_listing_the_known_ones() -> None:
    with pytest.raises(UnknownClauseError, match=r"unknown clause 'follow-sute'; known clauses: 'seats-clockwise'"):
        clause("follow-sute")


def test_every_refusal_names_its_clause() -> None:
    """Whatever rule a play breaks, the refusal names the clause that states it, and that clause exists."""
    kinds = set()
    for variants in ((), ("grand-coup",)):
        for seed in range(30):
            deal = Deal.new(Rules.from_names("standard", variants), 4, seed=seed)
            bot = RandomBot(seed)
            while not deal.is_over:
                if deal.to_act is not None and deal.legal_plays():
                    for card in FULL_DECK:
                        refusal = deal.refusal(card)
                        if refusal is not None:
                            assert refusal.clause == REFUSAL_CLAUSES[refusal.kind], refusal
                            kinds.add(refusal.kind)
                else:
                    refusal = deal.refusal(FULL_DECK[0])
                    assert refusal is not None and refusal.clause == REFUSAL_CLAUSES[refusal.kind]
                    kinds.add(refusal.kind)
                deal.apply(bot.choose(deal.view(deal.to_act)))
            refusal = deal.refusal(FULL_DECK[0])
            assert refusal is not None and refusal.clause == "deal-ends"
            kinds.add(refusal.kind)
    assert kinds == set(RefusalKind)
    assert set(REFUSAL_CLAUSES.values()) <= set(CLAUSES)


def test_every_clause_is_shown_by_an_example_and_every_example_names_known_clauses() -> None:
    """Each worked example declares the clauses it shows, all known; together they show every clause."""
    shown: set[str] = set()
    for path in sorted(EXAMPLES.glob("*.toml")):
        scenario = loads(read_example(path), path.name)
        assert scenario.clauses, f"{path.name} names no clause"
        shown.update(scenario.clauses)
    assert shown == set(CLAUSES), sorted(set(CLAUSES) - shown)


def test_an_example_naming_an_unknown_clause_is_refused_with_the_file_and_the_id(question_toml: str) -> None:
    with pytest.raises(ScenarioError, match=r"^x\.toml: 'clauses': unknown clause 'follow-sute'"):
        loads('clauses = ["follow-sute"]\n' + question_toml, "x.toml")
    with pytest.raises(ScenarioError, match=r"'clauses' must be a list of clause IDs"):
        loads('clauses = "follow-suit"\n' + question_toml, "x.toml")


@pytest.mark.parametrize("lang", CODES)
def test_an_illegal_answer_links_to_its_clause_in_the_readers_language(lang: str, question_toml: str) -> None:
    """A card the rules refuse is answered with the rule in words and a link to the clause on How to play,
    in the same language's folder (a relative address), the words escaped."""
    verdict = answer(question_toml, lang, 1, "4S")
    assert verdict["verdict"] == "illegal" and verdict["clause"] == "follow-suit"
    link = re.search(r'<a class="ll-rule-link" href="([^"]+)">([^<]+)</a></p>$', verdict["html"])
    assert link and link.group(1) == "how-to-play.html#follow-suit"
    assert verdict["html"].startswith("<p>") and "♥" in verdict["html"]
    if lang != "en":
        assert link.group(2) != "Read the rule", lang  # translated


def test_the_link_text_is_escaped(question_toml: str) -> None:
    """Catalog text never becomes markup: the rule's words reach the page escaped."""
    verdict = answer(question_toml.replace('"B"', '"<b>"').replace("B =", '"<b>" =').replace('"B ', '"<b> '), "en", 1, "4S")
    assert "<b>" not in verdict["html"] and "&lt;b&gt;" in verdict["html"]


@pytest.mark.parametrize("lang", CODES)
def test_a_walkthroughs_refused_card_links_to_its_clause(lang: str) -> None:
    """The follow-suit walkthrough's refused attempt ends its reason with the link to the follow-suit rule;
    the steps that play a card carry no link."""
    from linger_longer.web.walkthrough import replay_json

    steps = json.loads(replay_json(read_example(EXAMPLES / "follow-suit.toml"), lang))["steps"]
    refused = [s for s in steps if (s.get("action") or {}).get("type") == "illegal"]
    assert refused
    for step in refused:
        assert 'href="how-to-play.html#follow-suit"' in step["rule_html"]
    assert all("rule_html" not in s for s in steps if s not in refused)


def test_a_refused_card_on_the_table_carries_the_address_of_its_rule(question_toml: str) -> None:
    """The table's refused card names its rule's address (data-rule), which the page links beside the reason;
    a legal card carries none. The link's words are a widget word of each language."""
    from linger_longer.web.labels import labels
    from linger_longer.web.walkthrough import replay_json

    step = json.loads(replay_json(question_toml, "en"))["steps"][1]  # B to play after A led a heart
    refused = {c["card"]: c["rule"] for c in step["choices"]}
    assert refused == {"JH": None, "4S": "how-to-play.html#follow-suit"}
    buttons = re.findall(r'<button [^>]*data-card="(\w\w)"[^>]*>', step["html"])
    assert sorted(buttons) == ["4S", "JH"]
    assert re.search(r'data-card="4S"[^>]*data-rule="how-to-play.html#follow-suit"', step["html"])
    assert not re.search(r'data-card="JH"[^>]*data-rule', step["html"])
    assert labels("en")["read_rule"] == "Read the rule" and labels("it")["read_rule"] == "Leggi la regola"


#: The Play page's refusal of two trump variants, in each language (the page's own text, as the engine says it).
TRUMP_REFUSAL_STARTS = {"en": "variants: no-trump, random-trump cannot", "fr": "Variantes\u00a0: no-trump, random-trump",
                        "it": "Varianti: no-trump, random-trump", "nl": "Varianten: no-trump, random-trump"}


def test_two_trump_variants_are_refused_by_the_one_trump_variant_clause() -> None:
    """The engine's refusal names the clause, on the variants page; the command line's one line names it too."""
    from linger_longer import IncompatibleVariantsError

    with pytest.raises(IncompatibleVariantsError, match=r"\(rule one-trump-variant: choose at most one of them\)$") as caught:
        Rules.from_names("last-card", ["grand-coup", "random-trump"])
    assert caught.value.clause == "one-trump-variant" and caught.value.variants == ("random-trump", "grand-coup")
    assert CLAUSES["one-trump-variant"].href == "variants.html#one-trump-variant"


@pytest.mark.parametrize("lang", CODES)
def test_the_play_pages_refused_settings_link_to_the_rule_in_the_readers_language(lang: str) -> None:
    """Settings with two trump variants (a shared link can ask for them) are refused with the rule's address and
    the link's words in the reader's language; a refusal no rule decides carries no link."""
    from linger_longer.web.labels import labels
    from linger_longer.web.play import answer_json

    refused = json.loads(answer_json("decode-query", lang, "players=4&variants=no-trump,random-trump&seed=3", 5))
    assert refused["error"].startswith(TRUMP_REFUSAL_STARTS[lang])
    assert refused["rule"] == "variants.html#one-trump-variant" and refused["read_rule"] == labels(lang)["read_rule"]
    other = json.loads(answer_json("decode-query", lang, "players=9&seed=3", 5))
    assert "error" in other and "rule" not in other and "read_rule" not in other


@pytest.mark.parametrize("lang", CODES)
def test_the_refused_setup_example_tells_the_refusal_first_with_its_rule(lang: str) -> None:
    """The one-trump-variant walkthrough opens with the engine's refusal and the link to the rule, then deals with
    one trump variant; no other step carries a link."""
    from linger_longer.web.walkthrough import replay_json

    steps = json.loads(replay_json(read_example(EXAMPLES / "one-trump-variant.toml"), lang))["steps"]
    first = steps[0]
    assert first["narration"][0].startswith(TRUMP_REFUSAL_STARTS[lang]) and len(first["narration"]) == 3
    assert 'href="variants.html#one-trump-variant"' in first["rule_html"]
    assert all("rule_html" not in s for s in steps[1:])


@pytest.mark.parametrize(("change", "why"), [
    (lambda t: t.replace('refused_variants = ["no-trump", "random-trump"]', 'refused_variants = ["no-trump"]'),
     r"'refused_variants': the engine accepts \['no-trump'\] together; name variants it refuses"),
    (lambda t: t.replace('clauses = ["one-trump-variant", "random-trump"]', 'clauses = ["random-trump"]'),
     r"'refused_variants': the engine refuses them by the rule 'one-trump-variant'; add it to the example's clauses"),
    (lambda t: t.replace('"no-trump", "random-trump"]\nplayers', '"no-trumps", "random-trump"]\nplayers'),
     r"'refused_variants': unknown variant 'no-trumps'"),
])
def test_a_refused_setup_the_engine_does_not_refuse_fails_naming_the_file(change, why: str) -> None:  # type: ignore[no-untyped-def]
    text = read_example(EXAMPLES / "one-trump-variant.toml")
    assert change(text) != text
    with pytest.raises(ScenarioError, match=r"^o\.toml: " + why):
        loads(change(text), "o.toml")


@pytest.mark.parametrize(("left_out", "unshown"), [
    (("one-trump-variant",), {"one-trump-variant"}), (("match-to-three",), {"match-to-three"}),
    (("deal-and-trump", "second-deal"), {"shuffle-and-cut"}),
])
def test_without_its_examples_a_new_clause_is_shown_by_none(left_out: tuple[str, ...], unshown: set[str]) -> None:
    """shuffle-and-cut, match-to-three and one-trump-variant rest on these examples: without them the clause has
    none, which fails the build (tests/site/test_clause_build.py)."""
    shown: set[str] = set()
    for path in sorted(EXAMPLES.glob("*.toml")):
        if path.stem not in left_out:
            shown.update(loads(read_example(path), path.name).clauses)
    assert unshown <= set(CLAUSES) - shown
