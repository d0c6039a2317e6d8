"""Events told in words, in English, French, Italian or Dutch, for a viewer.

Sentences come from the ``linger_longer`` gettext domain (see
:mod:`linger_longer.i18n`); a missing translation falls back to English.

A :class:`Narrator` speaks for a viewer: a seat, or everyone. Everyone sees
every card (the walkthroughs, where the whole deal is known). A seat sees only
what a player at that seat sees at the table: its own cards, the cards played,
the card turned face up; so a card drawn by another player is "a card".

>>> from .cards import Card
>>> card_name(Card.parse('KC'), 'en')
'king of clubs'
>>> narrator = Narrator('en', names=('A', 'B', 'C', 'D'), trump=Suit.HEARTS, viewer=EVERYONE)
>>> narrator.narrate([CardPlayed(0, Card.parse('KC')), CardPlayed(1, Card.parse('3C')),
...                   CardPlayed(2, Card.parse('2H'))])
['A leads K♣.', 'B follows suit with 3♣.', 'C has no ♣ and trumps with 2♥.']
>>> for_a = Narrator('en', ('A', 'B', 'C', 'D'), viewer=0)
>>> for_a.narrate([CardDrawn(0, Card.parse('9D')), CardDrawn(3, Card.parse('4S'))])
['A draws 9♦ from the stock.', 'D draws a card from the stock.']
"""

from __future__ import annotations

from typing import Callable, Iterable, Sequence

from .cards import Card, Rank, Suit
from .events import (
    CardDrawn,
    CardPlayed,
    DealWon,
    EndReason,
    Event,
    LeadPassed,
    MatchWon,
    PlayerOut,
    ShuffledAndCut,
    StockEmpty,
    TrickWon,
    TrumpNamed,
    TrumpTurned,
)
from .game import Refusal, RefusalKind
from .i18n import N_, translate, translate_in_context, translate_plural

__all__ = ["EVERYONE", "Narrator", "card_name", "narrate", "refusal_text", "suit_name"]

#: The viewer who sees every card (the walkthroughs, a finished deal).
EVERYONE = None


_SUIT_NAMES = {
    Suit.SPADES: N_("spades"), Suit.HEARTS: N_("hearts"),
    Suit.DIAMONDS: N_("diamonds"), Suit.CLUBS: N_("clubs"),
}
_RANK_NAMES = {
    Rank.ACE: N_("ace"), Rank.KING: N_("king"), Rank.QUEEN: N_("queen"), Rank.JACK: N_("jack"),
    Rank.TEN: N_("ten"), Rank.NINE: N_("nine"), Rank.EIGHT: N_("eight"), Rank.SEVEN: N_("seven"),
    Rank.SIX: N_("six"), Rank.FIVE: N_("five"), Rank.FOUR: N_("four"), Rank.THREE: N_("three"),
    Rank.TWO: N_("two"),
}


def suit_name(suit: Suit, lang: str = "en") -> str:
    """The suit's name in ``lang``, e.g. ``clubs`` / ``trèfle``."""
    return translate(lang, _SUIT_NAMES[suit])


def card_name(card: Card, lang: str = "en") -> str:
    """The card in words, for screen readers: ``king of clubs`` / ``roi de trèfle``."""
    rank = translate(lang, _RANK_NAMES[card.rank])
    return translate_in_context(lang, "card name", "{rank} of {suit}", rank=rank, suit=suit_name(card.suit, lang))


def refusal_text(refusal: Refusal, lang: str, names: Sequence[str]) -> str:
    """Why a play is refused, as a sentence in ``lang`` that names the rule."""
    player = names[refusal.seat] if refusal.seat is not None else ""
    if refusal.kind is RefusalKind.MUST_FOLLOW:
        assert refusal.suit is not None
        return translate(lang, "{player} holds {suit} and must follow suit.",
                  player=player, suit=refusal.suit.symbol)
    if refusal.kind is RefusalKind.NOT_HELD:
        assert refusal.card is not None
        return translate(lang, "{player} does not hold {card}.", player=player, card=refusal.card.label(lang))
    if refusal.kind is RefusalKind.NAME_TRUMP_FIRST:
        return translate(lang, "{player} must first name the trump suit.", player=player)
    return translate(lang, "The deal is over.")


class Narrator:
    """Tells a deal's events one sentence each, remembering trump and the led suit between calls.

    ``viewer`` is the seat the narration speaks to, or :data:`EVERYONE`: a seat hears a card drawn
    by another player named only when it was face up (the turned card at the bottom of the stock).
    It has no default: a caller says whom it narrates for, everyone included.
    """

    def __init__(self, lang: str, names: Sequence[str], trump: Suit | None = None, *, viewer: int | None) -> None:
        suit_name(Suit.SPADES, lang)  # fail early on an unknown language
        self.lang = lang
        self.names = tuple(names)
        self.trump = trump
        self.viewer = viewer
        self._face_up: set[Card] = set()
        self._led: Suit | None = None

    def sees(self, seat: int, card: Card) -> bool:
        """Whether the viewer sees ``card`` go into ``seat``'s hand."""
        return self.viewer is EVERYONE or seat == self.viewer or card in self._face_up

    def narrate(self, events: Iterable[Event]) -> list[str]:
        """One sentence per event, in order."""
        return [sentence for sentence in map(self._sentence, events) if sentence is not None]

    def _card(self, card: Card) -> str:
        return card.label(self.lang)

    def _sentence(self, event: Event) -> str | None:
        handler: Callable[[Event], str | None] = getattr(self, "_" + event.type.replace("-", "_"))
        return handler(event)

    def _trick_started(self, e: Event) -> None:
        return None  # the lead's own sentence says who leads

    def _shuffled_and_cut(self, e: ShuffledAndCut) -> str:
        return translate(self.lang, "{dealer} shuffles the deck and {cutter}, on the dealer's right, cuts it.",
                         dealer=self.names[e.dealer], cutter=self.names[e.cutter])

    def _trump_turned(self, e: TrumpTurned) -> str:
        self.trump = e.card.suit
        self._face_up.add(e.card)  # turned face up: every player has seen it
        values = dict(card=self._card(e.card), suit=suit_name(e.card.suit, self.lang))
        if e.seat is None:
            return translate(self.lang, "The top card of the stock, {card}, is turned: {suit} are trump. "
                      "It goes face up to the bottom of the stock.", **values)
        return translate(self.lang, "{player} shows the last card dealt, {card}, and keeps it: {suit} are trump.",
                  player=self.names[e.seat], **values)

    def _card_played(self, e: CardPlayed) -> str:
        lang, player, card = self.lang, self.names[e.seat], self._card(e.card)
        if self._led is None:
            self._led = e.card.suit
            return translate(lang, "{player} leads {card}.", player=player, card=card)
        if e.card.suit is self._led:
            return translate(lang, "{player} follows suit with {card}.", player=player, card=card)
        if e.card.suit is self.trump:
            return translate(lang, "{player} has no {led} and trumps with {card}.",
                      player=player, led=self._led.symbol, card=card)
        return translate(lang, "{player} has no {led} and discards {card}.",
                  player=player, led=self._led.symbol, card=card)

    def _trick_won(self, e: TrickWon) -> str:
        self._led = None
        return translate(self.lang, "{player} wins the trick.", player=self.names[e.seat])

    def _card_drawn(self, e: CardDrawn) -> str:
        if not self.sees(e.seat, e.card):
            return translate(self.lang, "{player} draws a card from the stock.", player=self.names[e.seat])
        return translate(self.lang, "{player} draws {card} from the stock.",
                  player=self.names[e.seat], card=self._card(e.card))

    def _stock_empty(self, e: StockEmpty) -> str:
        return translate(self.lang, "The stock is empty.")

    def _player_out(self, e: PlayerOut) -> str:
        return translate(self.lang, "{player} has no cards left and is out of the deal.", player=self.names[e.seat])

    def _lead_passed(self, e: LeadPassed) -> str:
        return translate(self.lang, "{player} holds no card, so the lead passes to {next}.",
                  player=self.names[e.from_seat], next=self.names[e.to_seat])

    def _trump_named(self, e: TrumpNamed) -> str:
        self.trump = e.suit
        return translate(self.lang, "{player} names {suit} as trump for the rest of the deal.",
                  player=self.names[e.seat], suit=suit_name(e.suit, self.lang))

    def _deal_won(self, e: DealWon) -> str:
        player = self.names[e.seat]
        if e.reason is EndReason.STOCK_EXHAUSTED:
            return translate(self.lang, "{player} took the last card of the stock and wins the deal.", player=player)
        if e.reason is EndReason.LAST_TRICK:
            return translate(self.lang, "Nobody holds a card any more: {player} won the last trick and wins the deal.",
                      player=player)
        return translate(self.lang, "{player} is the last player holding cards and wins the deal.", player=player)

    def _match_won(self, e: MatchWon) -> str:
        won = e.deals_won[e.seat]
        runner_up = max((n for seat, n in enumerate(e.deals_won) if seat != e.seat), default=0)
        return translate_plural(self.lang, "{player} wins the match, {count} deal to {other}.",
                                "{player} wins the match, {count} deals to {other}.", won,
                                player=self.names[e.seat], other=runner_up)


def narrate(events: Iterable[Event], lang: str, names: Sequence[str], trump: Suit | None = None, *,
            viewer: int | None) -> list[str]:
    """One sentence per event in ``lang`` for ``viewer``; see :class:`Narrator` to keep context across calls."""
    return Narrator(lang, names, trump, viewer=viewer).narrate(events)
