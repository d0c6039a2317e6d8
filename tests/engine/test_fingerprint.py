"""The engine's behaviour, summed up in one digest over thousands of seeded deals.

Every table size from 3 to 6, both profiles and every variant (alone, and
paired with ``draw-per-card`` or ``eliminate-before-draw``) are played out with
seeded random choices. At every step the digest takes in the legal plays, the
refusal of a card that may not be played, the events of the action, and, now
and then, an undo followed by the same action again and a copy played on for a
trick. A change to any rule, event, refusal, undo or copy changes the digest;
a rewrite of the engine's insides must leave it as it is.

The trick-started and shuffled-and-cut events are left out: they are the
events the stream gained after the digest was taken (they name seats only, no
card), and their own tests check them.
"""

from __future__ import annotations

import hashlib
import json
import random

from linger_longer import Deal, Rules, Suit, Variant
from linger_longer.bots import seen_voids

#: The digest of the behaviour, taken from the engine before its insides were rewritten.
EXPECTED = "bd23dcaaa4ed285166c8706e825656e096bc677111a194e24e81955de8c04ec1"

VARIANT_SETS = [()] + [(v.value,) for v in Variant] + [
    (extra.value, v.value)
    for extra in (Variant.DRAW_PER_CARD, Variant.ELIMINATE_BEFORE_DRAW)
    for v in Variant if v is not extra and not (extra is Variant.ELIMINATE_BEFORE_DRAW and v is Variant.DRAW_PER_CARD)
]
DEALS_PER_SETTING = 24


def _events(events) -> list:
    return [e.to_json() for e in events if e.type not in ("trick-started", "shuffled-and-cut")]


def _outcome(deal: Deal) -> list:
    o = deal.outcome
    sizes = o.hand_sizes_before_exit
    return [o.winner, o.reason.value, o.tricks_played, list(o.tricks_won), list(o.out_order),
            sorted((seat, list(s)) for seat, s in sizes.items())]


def _state(deal: Deal) -> list:
    return [[[c.code for c in h] for h in deal.hands], [c.code for c in deal.stock],
            [[s, c.code] for s, c in deal.trick], deal.to_act, deal.phase.value,
            deal.trump.letter if deal.trump else None, sorted(deal.out), list(deal.tricks_won), deal.tricks_played]


def _play_out(deal: Deal, rng: random.Random, feed) -> None:
    steps = 0
    while not deal.is_over:
        steps += 1
        if deal.phase.value == "name-trump":
            action = rng.choice(list(Suit))
            feed(["name", action.letter])
        else:
            legal = deal.legal_plays()
            feed(["legal", [c.code for c in legal]])
            others = [c for seat in range(deal.players) for c in deal.hand(seat) if c not in legal]
            if others:
                feed(["refusal", deal.why_illegal(rng.choice(others))])
            action = rng.choice(legal)
        if steps % 7 == 0:  # undo, then the same action again
            before = _state(deal)
            deal.apply(action)
            deal.undo()
            assert _state(deal) == before
        if steps % 11 == 0:  # a copy plays on for a few actions and leaves the deal alone
            before = _state(deal)
            other = deal.copy()
            for _ in range(4):
                if other.is_over or other.phase.value != "play":
                    break
                feed(["copy", _events(other.play(other.legal_plays()[-1]))])
            assert _state(deal) == before
        if steps % 13 == 0:  # the stock's order and one opponent's hand swapped for the same cards
            seat = next(s for s in range(deal.players) if s != deal.to_act and not deal.is_out(s))
            hidden = deal.with_hidden({seat: deal.hand(seat)[::-1]}, deal.stock[::-1])
            for _ in range(4):
                if hidden.is_over or hidden.phase.value != "play":
                    break
                feed(["hidden", _events(hidden.play(hidden.legal_plays()[0]))])
        if steps % 17 == 0:
            feed(["voids", sorted((s, sorted((k.letter, n) for k, n in v.items())) for s, v in seen_voids(deal.view(deal.to_act)).items())])
        feed(["events", _events(deal.apply(action))])
    feed(["outcome", _outcome(deal)])


def behaviour_digest() -> str:
    digest = hashlib.sha256()

    def feed(item) -> None:
        digest.update(json.dumps(item, ensure_ascii=False).encode())

    for players in range(3, 7):
        for profile in ("standard", "last-card"):
            for variants in VARIANT_SETS:
                rules = Rules.from_names(profile, variants)
                for number in range(DEALS_PER_SETTING):
                    seed = number * 7919 + players
                    rng = random.Random(f"{players}/{rules.name}/{number}")
                    deal = Deal.new(rules, players, seed=seed, dealer=number % players)
                    events = deal.setup_events
                    feed(["deal", rules.name, players, _events(events), _state(deal)])
                    _play_out(deal, rng, feed)
    return digest.hexdigest()


def test_behaviour_is_unchanged() -> None:
    """Legal plays, refusals, events, undo and copies are what they were, over every setting."""
    assert behaviour_digest() == EXPECTED
