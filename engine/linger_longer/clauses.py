"""The rules as named clauses: one registry of every rule the site states, with the page and anchor that state it.

Each clause has a stable ID (``follow-suit``, ``winner-draws``, ``eliminate-before-draw``, …), the site page
that states it (its document name, ``how-to-play``) and the anchor of the rule on that page. The engine's
refusals name the clause they apply (:class:`linger_longer.trick.Refusal`), worked examples list the clauses
they show (``clauses = [...]`` in their TOML), and the site's ``{clause}`` directive marks each clause on its
page and lists the examples that show it. The build fails for a clause that no example shows and for an
example that names a clause this registry does not know.

>>> CLAUSES["follow-suit"].href
'how-to-play.html#follow-suit'
>>> clause("no-such-rule")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
linger_longer.clauses.UnknownClauseError: unknown clause 'no-such-rule'; known clauses: 'seats-clockwise', ...
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["CLAUSES", "Clause", "UnknownClauseError", "clause", "pages"]


class UnknownClauseError(ValueError):
    """A clause ID that the registry does not know."""


@dataclass(frozen=True)
class Clause:
    """A rule as the site states it: its ID, the page (document name) and the anchor on that page."""

    id: str
    page: str
    anchor: str

    @property
    def href(self) -> str:
        """The rule's address from any page of the same language (the pages of a language share one folder)."""
        return f"{self.page}.html#{self.anchor}"


def _clauses(page: str, *ids: str) -> list[Clause]:
    return [Clause(clause_id, page, clause_id) for clause_id in ids]


#: Every clause, in the order of the pages that state them. An anchor is the clause's ID.
CLAUSES: dict[str, Clause] = {c.id: c for c in [
    *_clauses(
        "how-to-play",
        "seats-clockwise",  # 3 to 6 players, each for themselves; everything moves clockwise
        "card-ranks",  # ace high down to the two; suits equal except trump
        "first-dealer-cut",  # the first dealer: each player cuts, the lowest card deals, ties cut again
        "shuffle-and-cut",  # the dealer shuffles; the player on the dealer's right cuts (the seeded shuffle)
        "deal-hands",  # the deal: one card at a time, clockwise from the dealer's left, as many cards as players
        "turned-card",  # the dealer's last card is shown, sets trump for the deal, and stays in the dealer's hand
        "trump-for-the-deal",  # the turned card is trump's only source; the suit does not change until the deal ends
        "first-lead",  # the player on the dealer's left leads the first trick
        "deal-passes-left",  # after each deal, the player on the last dealer's left deals the next one
        "play-in-turn",  # the leader plays any card of their hand, then each other player in turn, clockwise
        "follow-suit",  # a player holding the led suit must play it
        "trump-or-discard",  # a player void in the led suit may trump or discard; nobody must beat the cards played
        "trick-winner",  # the highest trump wins, else the highest card of the led suit
        "won-pile",  # the trick's cards go to the winner's won pile for the rest of the deal
        "winner-draws",  # the winner draws exactly one card, if the stock is not empty
        "eliminate-after-draw",  # only after the draw, every player whose hand is empty is out
        "deal-ends",  # the deal ends after a trick when at most one player still holds cards
        "winner-leads",  # the winner leads; a winner who is out passes the lead clockwise
        "deal-winner",  # the last player holding cards wins; if nobody does, the last trick's winner
    ),
    *_clauses(
        "variants",
        "draw-per-card", "no-trump", "random-trump", "grand-coup", "long-hand", "eliminate-before-draw",
        "one-trump-variant",  # no-trump, random-trump and grand-coup each decide trump: at most one of them
    ),
    *_clauses(
        "profiles",
        "first-dealer-lot",  # last-card: the first dealer is drawn by lot, nobody cuts
        "stock-empty-play-on",  # standard: once the stock is empty, play goes on without drawing
        "last-stock-card-wins",  # last-card: the winner who draws the last stock card wins the deal at once
    ),
    *_clauses(
        "scoring",
        "match-to-three",  # last-card: one match point per deal won; the first to 3 wins the match
    ),
]}


def clause(clause_id: str) -> Clause:
    """The clause with this ID; an unknown ID is an error that lists the known ones."""
    try:
        return CLAUSES[clause_id]
    except (KeyError, TypeError):
        known = ", ".join(repr(c) for c in CLAUSES)
        raise UnknownClauseError(f"unknown clause {clause_id!r}; known clauses: {known}") from None


def pages() -> set[str]:
    """The pages that state clauses."""
    return {c.page for c in CLAUSES.values()}
