"""The one HTML renderer of the table, for the walkthroughs and the Play page.

It draws what it is given: the table as data (:mod:`linger_longer.web.table`),
in which a hand the viewer may not see is already only a count. Every text is
escaped, every word comes from the catalogs.
"""

from __future__ import annotations

from typing import Any, Iterable

from ..cards import Card, Suit
from ..narrate import card_name, suit_name
from .labels import counted, labels

__all__ = ["escape", "render_step_html"]


def escape(text: str) -> str:
    """Escape text for HTML content and quoted attributes.

    (``html.escape`` would do the same, but importing ``html`` pulls in
    ``html.entities``, a noticeable share of the engine's start-up in the browser.)
    """
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#x27;"))


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


def _hand_html(seat: dict[str, Any], choices: dict[str, dict[str, Any]], words: dict[str, str], lang: str,
               id_prefix: str) -> str:
    """A seat's hand: its cards (as buttons when they are the choices of the player to act), or face down."""
    if "hidden" in seat:  # a hand the viewer does not see: only its size is in the data
        count = seat["hidden"]
        backs = '<span class="ll-card ll-back" aria-hidden="true"></span>' * count
        label = counted(lang, "cards_in_hand", count)
        return f'<span class="ll-hand ll-hidden" role="img" aria-label="{escape(label)}">{backs}</span>'
    if choices:
        cards = "".join(_choice_html(choices[c], id_prefix) for c in seat["hand"])
    else:
        cards = "".join(_card_html(c, lang) for c in seat["hand"])
    return f'<span class="ll-hand" role="group" aria-label="{escape(words["hand"])}">{cards}</span>'


def render_step_html(step: dict[str, Any], lang: str, id_prefix: str, names: Iterable[str] | None = None) -> str:
    """The table after one step as HTML; every text is escaped, every word comes from the catalogs.

    ``step`` holds ``table`` (see :func:`linger_longer.web.table.table_view`: a hand the viewer does not
    see is only a count there, drawn face down) and the ``choices`` of the player to act; ``names``
    replaces the seats' names (the Play page marks the human's seat).
    """
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
        parts.append(
            f'<li class="{" ".join(classes)}" data-seat="{seat}">'
            f'<span class="ll-seat-name">{escape(seat_names[seat])}</span>{badge_html}'
            f'<span class="ll-tricks">{escape(words["tricks_count"].format(count=info["tricks"]))}</span>'
            f'{_hand_html(info, choices if seat == table["to_act"] else {}, words, lang, id_prefix)}</li>'
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
