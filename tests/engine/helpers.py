"""Small builders shared by the engine tests (public API only)."""

from __future__ import annotations

from linger_longer import Card, Deal, Rules, Suit, parse_cards


def position(rules: str | Rules = "standard", *, hands: dict[str, str], stock: str = "", trump: str | None = "H",
             leader: str = "A", out: tuple[str, ...] = (), variants: tuple[str, ...] = (),
             tricks_won: dict[str, int] | None = None, hypothetical: bool = True) -> Deal:
    """A mid-deal position from readable strings; seats are named A, B, C … in order.

    A test of one rule lists only the cards that matter to it, so the position is hypothetical by default
    (checked for consistency, not for being reachable); ``hypothetical=False`` checks it as a real deal.
    """
    if isinstance(rules, str):
        rules = Rules.from_names(rules, variants)
    names = list(hands)
    return Deal.from_position(
        rules,
        hands=[parse_cards(hands[n]) for n in names],
        stock=parse_cards(stock),
        trump=Suit.parse(trump) if trump else None,
        leader=names.index(leader),
        out=[names.index(n) for n in out],
        tricks_won=[(tricks_won or {}).get(n, 0) for n in names],
        names=names,
        hypothetical=hypothetical,
    )


def play(deal: Deal, *codes: str) -> list:
    """Play cards in order; returns all events."""
    events = []
    for code in codes:
        events.extend(deal.play(Card.parse(code)))
    return events


def types(events) -> list[str]:
    return [e.type for e in events]
