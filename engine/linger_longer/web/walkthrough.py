"""Worked examples as walkthrough steps: one JSON form for the static build and the live browser.

The Sphinx directive calls :func:`replay_json` under CPython to render every
step at build time; the browser's worker calls the same function, and
:func:`branch_json` when the reader tries another card, under Pyodide. Both
render the table with :func:`render_step_html`, so the page shows the same
thing whichever computed it.
"""

from __future__ import annotations

import json
from typing import Any, Iterable

from .cards import Card, Suit
from .events import CardPlayed, DealWon, Event, TrickWon
from .game import Deal, Phase
from .labels import labels
from .narrate import Narrator, card_name, refusal_text, suit_name
from .scenario import Scenario, ScenarioError, StepResult, loads

__all__ = [
    "TrickTable", "branch", "branch_json", "hand_choices", "render_step_html", "replay", "replay_json", "table_view",
]

def escape(text: str) -> str:
    """Escape text for HTML content and quoted attributes.

    (``html.escape`` would do the same, but importing ``html`` pulls in
    ``html.entities``, a noticeable share of the engine's start-up in the browser.)
    """
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#x27;"))


#: The seed of the bots that continue a deal after the reader's own card.
BRANCH_SEED = 0


class TrickTable:
    """Follows the trick on the table across steps (the deal clears a trick as soon as it is won)."""

    def __init__(self) -> None:
        self.plays: list[tuple[int, Card]] = []
        self.winner: int | None = None

    def see(self, events: Iterable[Event]) -> None:
        """Take in one step's events; the first card after a won trick starts a new trick."""
        for event in events:
            if isinstance(event, CardPlayed):
                if self.winner is not None:
                    self.plays, self.winner = [], None
                self.plays.append((event.seat, event.card))
            elif isinstance(event, TrickWon):
                self.winner = event.seat


def hand_choices(deal: Deal, lang: str) -> list[dict[str, Any]]:
    """The hand of the player to act, each card marked legal or with the rule that forbids it."""
    if deal.phase is not Phase.PLAY:
        return []
    hand = deal.hand(deal.to_act)  # type: ignore[arg-type]
    result = []
    for card in hand:
        refusal = deal.refusal(card)
        result.append({
            "card": card.code, "label": card.label(lang), "name": card_name(card, lang),
            "legal": refusal is None,
            "reason": refusal_text(refusal, lang, deal.names) if refusal else None,
        })
    return result


def table_view(deal: Deal, table: TrickTable) -> dict[str, Any]:
    """The table as JSON-ready data: trump, stock, seats and hands, the trick, the winner."""
    outcome = deal.outcome
    return {
        "phase": deal.phase.value,
        "trump": deal.trump.letter if deal.trump else None,
        "turned_card": deal.turned_card.code if deal.turned_card else None,
        "dealer": deal.dealer,
        "stock": deal.stock_size,
        "to_act": deal.to_act,
        "leader": deal.leader,
        "seats": [
            {"name": deal.names[s], "hand": [c.code for c in deal.hand(s)], "out": deal.is_out(s),
             "tricks": deal.tricks_won[s]}
            for s in range(deal.players)
        ],
        "trick": [{"seat": s, "card": c.code} for s, c in table.plays],
        "trick_winner": table.winner,
        "winner": outcome.winner if outcome else None,
    }


def _step_json(index: int, result: StepResult, narrator: Narrator, table: TrickTable, lang: str,
               prefix: str) -> dict[str, Any]:
    step, deal = result.step, result.deal
    action: dict[str, Any] | None = None
    if step is not None:
        seat = step.by if step.by is not None else _actor(result)
        if result.refusal is not None:
            action = {"type": "illegal", "seat": result.refusal.seat, "card": step.card.code,  # type: ignore[union-attr]
                      "reason": refusal_text(result.refusal, lang, deal.names)}
        elif step.kind == "name_trump":
            action = {"type": "name-trump", "seat": seat, "suit": step.suit.letter}  # type: ignore[union-attr]
        else:
            action = {"type": "play", "seat": seat, "card": step.card.code}  # type: ignore[union-attr]
    table.see(result.events)
    narration = narrator.narrate(result.events)
    if result.refusal is not None:
        narration = [refusal_text(result.refusal, lang, deal.names)]
    data = {
        "index": index,
        "action": action,
        "note": step.note if step is not None else None,
        "events": [e.to_json() for e in result.events],
        "narration": narration,
        "table": table_view(deal, table),
        "choices": hand_choices(deal, lang),
    }
    data["html"] = render_step_html(data, lang, f"{prefix}-{index}", deal.names)
    return data


def _actor(result: StepResult) -> int | None:
    for event in result.events:
        if isinstance(event, CardPlayed):
            return event.seat
        if hasattr(event, "seat") and event.type == "trump-named":
            return event.seat  # type: ignore[attr-defined]
    return None


def _document(scenario: Scenario, example_id: str, lang: str, steps: list[dict[str, Any]],
              last: Deal) -> dict[str, Any]:
    outcome = last.outcome
    return {
        "id": example_id,
        "title": scenario.title,
        "profile": scenario.rules.profile.value,
        "variants": list(scenario.rules.variant_names),
        "lang": lang,
        "players": list(scenario.names),
        "steps": steps,
        "outcome": {"winner": outcome.winner, "reason": outcome.reason.value} if outcome else None,
    }


def _example_id(source: str) -> str:
    name = source.replace("\\", "/").rsplit("/", 1)[-1]
    return name[:-5] if name.endswith(".toml") else name


def replay(toml_text: str, lang: str, source: str = "<example>") -> dict[str, Any]:
    """Every step of a worked example, checked against its expectations, as JSON-ready data."""
    scenario = loads(toml_text, source)
    results = scenario.check()
    example_id = _example_id(source)
    narrator = Narrator(lang, scenario.names, results[0].deal.trump)
    table = TrickTable()
    steps = [_step_json(i, r, narrator, table, lang, example_id) for i, r in enumerate(results)]
    return _document(scenario, example_id, lang, steps, results[-1].deal)


def branch(toml_text: str, lang: str, at_step: int, card: str, source: str = "<example>") -> dict[str, Any]:
    """The example up to step ``at_step``, then ``card`` for the player to act, then bots to the end."""
    from .bots import RuleOfThumbBot

    scenario = loads(toml_text, source)
    results = scenario.check()
    if not 0 <= at_step < len(results):
        raise ScenarioError(f"{source}: there is no step {at_step}; steps run from 0 to {len(results) - 1}")
    example_id = _example_id(source)
    narrator = Narrator(lang, scenario.names, results[0].deal.trump)
    table = TrickTable()
    steps = [_step_json(i, r, narrator, table, lang, example_id) for i, r in enumerate(results[:at_step + 1])]
    deal = results[at_step].deal.copy()
    chosen = Card.parse(card)
    refusal = deal.refusal(chosen)
    if refusal is not None:
        return {"error": refusal_text(refusal, lang, deal.names)}
    bot = RuleOfThumbBot(seed=BRANCH_SEED)
    action: Card | Suit = chosen
    while True:
        seat = deal.to_act
        events = deal.apply(action)
        kind = "name_trump" if isinstance(action, Suit) else "play"
        from .scenario import Step

        step = Step(len(steps), kind, card=action if isinstance(action, Card) else None,
                    suit=action if isinstance(action, Suit) else None, by=seat)
        steps.append(_step_json(len(steps), StepResult(step, events, None, deal.copy()), narrator, table,
                                lang, example_id + "-b"))
        if deal.is_over:
            break
        action = bot.choose(deal)
    return _document(scenario, example_id, lang, steps, deal)


def replay_json(toml_text: str, lang: str, source: str = "<example>") -> str:
    """:func:`replay` as a JSON string (the form the browser's worker passes back)."""
    return json.dumps(replay(toml_text, lang, source), ensure_ascii=False, sort_keys=True)


def branch_json(toml_text: str, lang: str, at_step: int, card: str, source: str = "<example>") -> str:
    """:func:`branch` as a JSON string."""
    return json.dumps(branch(toml_text, lang, at_step, card, source), ensure_ascii=False, sort_keys=True)


# --------------------------------------------------------------------- HTML

def _card_html(code: str, lang: str) -> str:
    card = Card.parse(code)
    red = " ll-red" if card.suit.is_red else ""
    return (f'<span class="ll-card{red}" role="img" aria-label="{escape(card_name(card, lang))}">'
            f"{escape(card.label(lang))}</span>")


def _choice_html(choice: dict[str, Any], id_prefix: str) -> str:
    card = Card.parse(choice["card"])
    red = " ll-red" if card.suit.is_red else ""
    # The visible label stays out of the accessible name (an aria-label that does not contain
    # the visible text fails WCAG 2.5.3, axe's label-content-name-mismatch); the name is in words.
    face = f'<span aria-hidden="true">{escape(choice["label"])}</span><span class="ll-sr">{escape(choice["name"])}</span>'
    if choice["legal"]:
        return (f'<button type="button" class="ll-card ll-choice{red}" data-card="{card.code}" '
                f'data-legal="true" disabled>{face}</button>')
    reason_id = f"{id_prefix}-why-{card.code}"
    reason = escape(choice["reason"] or "")
    return (f'<button type="button" class="ll-card ll-choice ll-illegal{red}" data-card="{card.code}" '
            f'data-legal="false" aria-disabled="true" title="{reason}" '
            f'aria-describedby="{reason_id}">{face}</button>'
            f'<span class="ll-reason" id="{reason_id}" hidden>{reason}</span>')


def render_step_html(step: dict[str, Any], lang: str, id_prefix: str, names: Iterable[str] | None = None) -> str:
    """The table after one step as HTML; every text is escaped, every word comes from the catalogs."""
    words = labels(lang)
    table = step["table"]
    seat_names = [s["name"] for s in table["seats"]] if names is None else list(names)
    parts = [f'<div class="ll-table" role="group" aria-label="{escape(words["table"])}">', '<dl class="ll-status">']
    if table["trump"]:
        suit = Suit.parse(table["trump"])
        red = " ll-red" if suit.is_red else ""
        trump = (f'<span class="ll-suit{red}" role="img" aria-label="{escape(suit_name(suit, lang))}">'
                 f"{suit.symbol}</span>")
        if table["turned_card"]:
            trump += " " + _card_html(table["turned_card"], lang)
    else:
        trump = escape(words["not_named"] if table["phase"] == "name-trump" else words["no_trump"])
    parts.append(f'<div><dt>{escape(words["trump"])}</dt><dd>{trump}</dd></div>')
    parts.append(f'<div><dt>{escape(words["stock"])}</dt><dd class="ll-stock">{table["stock"]}</dd></div>')
    parts.append("</dl>")
    parts.append('<ul class="ll-seats">')
    choices = {c["card"]: c for c in step.get("choices", [])}
    for seat, info in enumerate(table["seats"]):
        classes = ["ll-seat"]
        badges = []
        if info["out"]:
            classes.append("ll-out")
            badges.append(words["out"])
        if seat == table["dealer"]:
            badges.append(words["dealer"])
        if seat == table["to_act"]:
            classes.append("ll-to-act")
            badges.append(words["to_play"])
        if seat == table["winner"]:
            classes.append("ll-deal-winner")
            badges.append(words["winner"])
        badge_html = "".join(f'<span class="ll-badge">{escape(b)}</span>' for b in badges)
        if seat == table["to_act"] and choices:
            hand = "".join(_choice_html(choices[c], id_prefix) for c in info["hand"])
        else:
            hand = "".join(_card_html(c, lang) for c in info["hand"])
        parts.append(
            f'<li class="{" ".join(classes)}" data-seat="{seat}">'
            f'<span class="ll-seat-name">{escape(seat_names[seat])}</span>{badge_html}'
            f'<span class="ll-tricks">{escape(words["tricks_count"].format(count=info["tricks"]))}</span>'
            f'<span class="ll-hand" role="group" aria-label="{escape(words["hand"])}">{hand}</span></li>'
        )
    parts.append("</ul>")
    parts.append(f'<div class="ll-trick" role="group" aria-label="{escape(words["trick"])}">')
    if table["trick"]:
        for play in table["trick"]:
            won = " ll-trick-winner" if play["seat"] == table["trick_winner"] else ""
            parts.append(f'<span class="ll-play{won}"><span class="ll-seat-name">'
                         f'{escape(seat_names[play["seat"]])}</span> {_card_html(play["card"], lang)}</span>')
    else:
        parts.append(f'<span class="ll-empty">{escape(words["empty_trick"])}</span>')
    parts.append("</div></div>")
    return "".join(parts)
