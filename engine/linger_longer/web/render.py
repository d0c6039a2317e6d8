"""The one HTML renderer of the table, for the walkthroughs and the Play page.

It draws what it is given: the table as data (:mod:`linger_longer.web.table`),
in which a hand the viewer may not see is already only a count. Every text is
escaped, every word comes from the catalogs.

The drawing is a card table: the seats around it (the ``bottom`` seat nearest
the reader, the others clockwise in the order of play), and in the middle the
trump, the stock as a face-down pile and the current trick, each card on the
side of the player who played it. Each seat is placed by a position class
(``ll-at-s``, ``ll-at-w``, ... compass points, from :data:`POSITIONS`), so the
style sheet only lays the positions out; the page's script decides nothing.

Every card face carries ``data-card`` (its code) and ``data-seat`` (where it
lies: the hand it is in, or the player who played it to the trick), so the
page's script can follow a card from one step to the next. A face-down card
carries no code. A walkthrough's step (one with an ``index``) marks its table with
``data-step``.
"""

from __future__ import annotations

from typing import Any, Iterable

from ..cards import Card, Rank, Suit, rank_letter
from ..i18n import translate
from ..narrate import card_name, suit_name
from .labels import counted, labels

__all__ = ["POSITIONS", "escape", "render_step_html", "render_trick_html", "seat_positions"]

#: Where the seats sit for each number of players, from the reader's seat (``s``, at the bottom)
#: clockwise in the order of play: compass points of the table.
POSITIONS: dict[int, tuple[str, ...]] = {
    2: ("s", "n"),
    3: ("s", "nw", "ne"),
    4: ("s", "w", "n", "e"),
    5: ("s", "w", "nw", "ne", "e"),
    6: ("s", "w", "nw", "n", "ne", "e"),
}


def escape(text: str) -> str:
    """Escape text for HTML content and quoted attributes.

    (``html.escape`` would do the same, but importing ``html`` pulls in
    ``html.entities``, a noticeable share of the engine's start-up in the browser.)
    """
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#x27;"))


def seat_positions(players: int, bottom: int = 0) -> list[str]:
    """The position of each seat: ``bottom`` at the bottom (``s``), the next seats clockwise after it.

    >>> seat_positions(4, bottom=2)
    ['n', 'e', 's', 'w']
    """
    around = POSITIONS[players]
    return [around[(seat - bottom) % players] for seat in range(players)]


def _face(card: Card, lang: str) -> str:
    """The glyphs of a card's face, as attributes the style sheet draws: the corner index (the rank in the
    reader's letters over the suit symbol) and a large pip.

    They are generated content, not text: the card's name is its spoken name alone (``aria-label``), so
    the name contains all the text there is (WCAG 2.5.3, axe's label-content-name-mismatch, which a
    visible "R♣" beside the name "roi de trèfle" would fail), and the page stays light. The symbol is
    ``data-pip``, not ``data-suit``: that one marks a suit the reader may choose (naming trump), and the
    page's scripts look for those choices by it.
    """
    court = _COURTS.get(card.rank)
    figure = f' data-court="{court}"' if court else ""
    return f'data-rank="{escape(rank_letter(card.rank, lang))}" data-pip="{card.suit.symbol}"{figure}'


#: The court cards, whose face the style sheet draws with a figure (``data-court``), not a large pip.
_COURTS = {Rank.KING: "k", Rank.QUEEN: "q", Rank.JACK: "j"}


def _colour(card: Card) -> str:
    return "ll-red" if card.suit.is_red else "ll-black"


def _card_html(code: str, lang: str, seat: int | None) -> str:
    """A card face up, named in words for assistive technology."""
    card = Card.parse(code)
    where = f' data-seat="{seat}"' if seat is not None else ""
    return (f'<span class="ll-card ll-face {_colour(card)}" data-card="{card.code}"{where} {_face(card, lang)} '
            f'role="img" aria-label="{escape(card_name(card, lang))}"></span>')


def _choice_html(choice: dict[str, Any], seat: int, lang: str, id_prefix: str) -> str:
    """A card of the player to act as a button: legal (enabled by the page's script), or refused with its reason.

    The reason is the button's description and its title, and it shows beside the card on hover and focus;
    ``data-rule`` is the address of the rule that forbids the card, which the page links to beside the reason.
    """
    card = Card.parse(choice["card"])
    common = (f'type="button" data-card="{card.code}" data-seat="{seat}" {_face(card, lang)} '
              f'aria-label="{escape(choice["name"])}"')
    if choice["legal"]:
        return (f'<button class="ll-card ll-face ll-choice {_colour(card)}" {common} data-legal="true" disabled></button>')
    reason_id = f"{id_prefix}-why-{card.code}"
    reason = escape(choice["reason"] or "")
    rule = f' data-rule="{escape(choice["rule"])}"' if choice.get("rule") else ""
    return (f'<span class="ll-slot"><button class="ll-card ll-face ll-choice ll-illegal {_colour(card)}" {common} '
            f'data-legal="false"{rule} aria-disabled="true" title="{reason}" aria-describedby="{reason_id}"></button>'
            f'<span class="ll-reason" id="{reason_id}" role="tooltip">{reason}</span></span>')


def _hand_html(seat: int, info: dict[str, Any], choices: dict[str, dict[str, Any]], words: dict[str, str],
               lang: str, id_prefix: str) -> str:
    """A seat's hand: its cards (as buttons when they are the choices of the player to act), or face down."""
    if "hidden" in info:  # a hand the viewer does not see: only its size is in the data
        count = info["hidden"]
        backs = '<span class="ll-card ll-back" aria-hidden="true"></span>' * count
        label = escape(counted(lang, "cards_in_hand", count))
        return (f'<div class="ll-hand ll-hidden" data-seat="{seat}" role="img" aria-label="{label}">'
                f'<span class="ll-fan">{backs}</span><span class="ll-count">{count}</span></div>')
    if choices:
        cards = "".join(_choice_html(choices[c], seat, lang, id_prefix) for c in info["hand"])
    else:
        cards = "".join(_card_html(c, lang, seat) for c in info["hand"])
    return (f'<div class="ll-hand" data-seat="{seat}" role="group" aria-label="{escape(words["hand"])}">'
            f"{cards}</div>")


def _pile_html(css_class: str, count: int, label: str, most: int) -> str:
    """A face-down pile (the stock, a seat's won tricks) with its count: at most ``most`` backs drawn."""
    backs = '<span class="ll-card ll-back"></span>' * min(count, most)
    return (f'<span class="ll-pile {css_class}" role="img" aria-label="{escape(label)}">'
            f'<span class="ll-stack">{backs}</span><span class="ll-count">{count}</span></span>')


def _stock_next_html(codes: list[str], lang: str) -> str:
    """The stock's next cards face up, top card first (a puzzle shows those its answer depends on)."""
    if not codes:
        return ""
    label = escape(translate(lang, "The next cards of the stock, in the order they are drawn"))
    cards = "".join(f"<li>{_card_html(code, lang, None)}</li>" for code in codes)
    return f'<ol class="ll-stock-next" aria-label="{label}">{cards}</ol>'


def _seat_html(seat: int, position: str, info: dict[str, Any], table: dict[str, Any], name: str,
               choices: dict[str, dict[str, Any]], words: dict[str, str], lang: str, id_prefix: str) -> str:
    """One seat: name and badges (dealer, to play, out, winner), its won tricks as a pile, its hand."""
    classes = ["ll-seat", f"ll-at-{position}"]
    badges = []
    if seat == table["to_act"]:
        classes.append("ll-to-act")
        badges.append(("ll-badge-act", words["to_play"]))
    if seat == table["dealer"]:
        badges.append(("ll-badge-dealer", words["dealer"]))
    if info["out"]:
        classes.append("ll-out")
        badges.append(("ll-badge-out", words["out"]))
    if seat == table["winner"]:
        classes.append("ll-deal-winner")
        badges.append(("ll-badge-winner", words["winner"]))
    badge_html = "".join(f'<span class="ll-badge {c}">{escape(b)}</span>' for c, b in badges)
    won = _pile_html("ll-won", info["tricks"], words["tricks_count"].format(count=info["tricks"]), 3)
    hand = _hand_html(seat, info, choices if seat == table["to_act"] else {}, words, lang, id_prefix)
    return (f'<li class="{" ".join(classes)}" data-seat="{seat}">'
            f'<div class="ll-seat-head"><span class="ll-seat-name">{escape(name)}</span>{badge_html}{won}</div>'
            f"{hand}</li>")


def _trump_html(table: dict[str, Any], words: dict[str, str], lang: str) -> str:
    """Trump: its suit (and the turned card when it was shown), or that there is none or none yet."""
    if not table["trump"]:
        return escape(words["not_named"] if table["phase"] == "name-trump" else words["no_trump"])
    suit = Suit.parse(table["trump"])
    colour = "ll-red" if suit.is_red else "ll-black"
    html = (f'<span class="ll-suit {colour}" role="img" aria-label="{escape(suit_name(suit, lang))}">'
            f"{suit.symbol}</span>")
    if table["turned_card"]:
        html += _card_html(table["turned_card"], lang, None)
    return html


def _trick_html(table: dict[str, Any], positions: list[str], seat_names: list[str], words: dict[str, str],
                lang: str) -> str:
    """The trick in the middle: each card on its player's side; once the trick is won, the winner's card marked."""
    winner = table["trick_winner"]
    done = "" if winner is None else f' data-winner="{winner}"'
    parts = [f'<div class="ll-trick" role="group" aria-label="{escape(words["trick"])}"{done}>']
    if not table["trick"]:
        parts.append(f'<span class="ll-empty">{escape(words["empty_trick"])}</span>')
    for play in table["trick"]:
        seat = play["seat"]
        won = play["seat"] == winner
        classes = f"ll-play ll-at-{positions[seat]}" + (" ll-trick-winner" if won else "")
        takes = f'<span class="ll-badge ll-badge-takes">{escape(words["takes"])}</span>' if won else ""
        parts.append(f'<div class="{classes}" data-seat="{seat}">{_card_html(play["card"], lang, seat)}'
                     f'<span class="ll-play-name">{escape(seat_names[seat])}</span>{takes}</div>')
    if winner is not None:  # said on the felt, where the eyes are, in the narration's words
        said = translate(lang, "{player} wins the trick.", player=table["seats"][winner]["name"])
        parts.append(f'<p class="ll-trick-caption">{escape(said)}</p>')
    parts.append("</div>")
    return "".join(parts)


def render_step_html(step: dict[str, Any], lang: str, id_prefix: str, names: Iterable[str] | None = None,
                     bottom: int = 0) -> str:
    """The table after one step as HTML; every text is escaped, every word comes from the catalogs.

    ``step`` holds ``table`` (see :func:`linger_longer.web.table.table_view`: a hand the viewer does not
    see is only a count there, drawn face down) and the ``choices`` of the player to act; ``names``
    replaces the seats' names (the Play page marks the human's seat); ``bottom`` is the seat drawn
    nearest the reader (the Play page's human).
    """
    words = labels(lang)
    table = step["table"]
    players = len(table["seats"])
    seat_names = [s["name"] for s in table["seats"]] if names is None else list(names)
    positions = seat_positions(players, bottom)
    choices = {c["card"]: c for c in step.get("choices", [])}
    at_step = f' data-step="{step["index"]}"' if "index" in step else ""
    parts = [f'<div class="ll-table ll-players-{players}"{at_step} role="group" aria-label="{escape(words["table"])}">',
             '<ul class="ll-seats">']
    parts.extend(_seat_html(seat, positions[seat], info, table, seat_names[seat], choices, words, lang, id_prefix)
                 for seat, info in enumerate(table["seats"]))
    parts.append("</ul>")
    parts.append('<div class="ll-middle">')
    parts.append('<dl class="ll-status">')
    parts.append(f'<div class="ll-trump"><dt>{escape(words["trump"])}</dt><dd>{_trump_html(table, words, lang)}</dd></div>')
    stock = _pile_html("ll-stock", table["stock"], counted(lang, "stock_count", table["stock"]), 4)
    parts.append(f'<div class="ll-stock-entry"><dt>{escape(words["stock"])}</dt><dd>{stock}'
                 f'{_stock_next_html(table.get("stock_next", []), lang)}</dd></div>')
    parts.append("</dl>")
    parts.append(_trick_html(table, positions, seat_names, words, lang))
    parts.append("</div></div>")
    return "".join(parts)


def render_trick_html(cards: list[str], names: list[str], trump: str, winner: int, lang: str) -> str:
    """One finished trick drawn on its own, as the table draws it: the trump, then each card on the side of the
    player who played it (``cards[i]`` by ``names[i]``, the first seat at the bottom) and the winner's card
    marked. The reference card shows one; the caller decides the winner (the engine's ``trick_winner``).
    """
    words = labels(lang)
    players = len(cards)
    table = {"trick_winner": winner, "seats": [{"name": name} for name in names],
             "trick": [{"seat": seat, "card": card} for seat, card in enumerate(cards)],
             "trump": trump, "turned_card": None, "phase": "play"}
    return (f'<div class="ll-table ll-players-{players} ll-drawn-trick" role="group" '
            f'aria-label="{escape(words["trick"])}"><div class="ll-middle"><dl class="ll-status">'
            f'<div class="ll-trump"><dt>{escape(words["trump"])}</dt><dd>{_trump_html(table, words, lang)}</dd></div>'
            f'</dl>{_trick_html(table, seat_positions(players), names, words, lang)}</div></div>')
