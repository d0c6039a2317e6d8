"""Is a candidate opponent stronger than today's strong one? A paired comparison on the strength figures' deals.

Usage::

    python -m tools.bench.compare monte-carlo --param samples=100 --deals 1000
    python -m tools.bench.compare hand-oracle --deals 400
    python -m tools.bench.compare my_module:MyBot --param nodes=20000 --rules standard+draw-per-card --deals 200

The candidate takes the lone seat against three rule-of-thumb bots on the
deals of :mod:`tools.bench.strength` (deal ``i`` from ``SEED + i``, the same
seats, dealers and bot seeds; ``--start`` picks the first deal). Today's strong
opponent (``monte-carlo``) and a rule-of-thumb bot played the same deals from
the same seat: their wins come from the committed data file when it was
measured on today's bots (its digest matches) and covers the deals, else they
are played here. Printed: each one's paired gain over the rule-of-thumb bot,
the paired difference candidate minus today's strong opponent with its 95 %
interval (the low-variance figure: both played the same cards), and the
candidate's CPU time per move and per deal (``time.process_time``, so other
work on a shared machine does not count).

A candidate is a bot name (:func:`tools.bench.solver._bot`'s, or one of the
:data:`YARDSTICKS`) or ``module:Class`` for a class taking ``seed`` and the
``--param`` keywords. The yardsticks cheat on purpose, each in one way, to show
where the strength of a fair bot could come from. Measured on deals 0 to 999
(standard rules; gain over a rule-of-thumb bot in the seat, points): today's
strong opponent +4.1, ``hand-oracle`` +14.4, ``stock-oracle`` +17.6,
``oracle`` +24.3 (it sees every card and answers the tips' plays exactly: the
ceiling, :class:`~linger_longer.bots.OracleBot`), ``best-play-oracle`` +13.0
(it sees every card but expects best play from the others). Knowing the other
hands or the stock's order is worth ten points or more; the tips' plays reveal
little of the hands: of the cards today's strong opponent imagines in the other
hands, 8.2% are the true ones, against 6.3% for cards dealt blind
(``python -m tools.bench.exact_inference``, 60 deals).
"""

from __future__ import annotations

import argparse
import ast
import importlib
import json
import statistics
import sys
import time

from linger_longer.bots import BOTS, MonteCarloBot, OracleBot, PlayoutBot, RuleOfThumbBot
from linger_longer.game import Deal, Phase
from linger_longer.solver import solve


class HandOracleBot(MonteCarloBot):
    """Today's strong opponent, told the other hands (not the stock's order): what perfect inference is worth."""

    name = "hand-oracle"

    def _likely_world(self, deal: Deal, seat: int, caps, tells) -> Deal:
        """The true hands, and the unseen part of the stock in a random order."""
        stock = list(deal.stock)
        fixed = stock[-1:] if deal.turned_card is not None and stock and stock[-1] is deal.turned_card else []
        unseen = sorted(stock[:len(stock) - len(fixed)])
        self.rng.shuffle(unseen)
        return deal.with_hidden({}, unseen + fixed)


class StockOracleBot(MonteCarloBot):
    """Today's strong opponent, told the stock's order (not the other hands): what knowing the draws is worth.

    The other seats' cards are dealt at random among them, keeping the voids the table has seen
    (:func:`~linger_longer.bots.seen_voids`) when a few tries can.
    """

    name = "stock-oracle"
    TRIES = 20

    def _likely_world(self, deal: Deal, seat: int, caps, tells) -> Deal:
        others = [s for s in range(deal.players) if s != seat and not deal.is_out(s)]
        turned = deal.turned_card
        pinned = {s: [turned] for s in others if s == deal.dealer and turned in deal.hand(s)}
        cards = sorted(c for s in others for c in deal.hand(s) if c not in pinned.get(s, ()))
        hands: dict[int, list] = {}
        for _ in range(self.TRIES):
            self.rng.shuffle(cards)
            hands, taken = {}, 0
            for s in others:
                size = deal.hand_size(s) - len(pinned.get(s, ()))
                hands[s] = pinned.get(s, []) + cards[taken:taken + size]
                taken += size
            if all(sum(1 for c in hands[s] if c.suit is suit) <= most
                   for s in others for suit, most in caps.get(s, {}).items()):
                break
        return deal.with_hidden(hands, deal.stock)


class BestPlayOracleBot:
    """Sees every card and plays the exact solver's best action, expecting best play from everyone (max^n,
    :func:`~linger_longer.solver.solve`): what seeing everything is worth without knowing how the others play.
    Past its node budget it plays by the tips."""

    name = "best-play-oracle"

    def __init__(self, seed: int | None = None, nodes: int = 200_000) -> None:
        self.nodes = nodes
        self.fallback = RuleOfThumbBot(seed)

    def choose(self, deal: Deal):
        if deal.phase is Phase.PLAY and len(deal.legal_plays()) == 1:
            return deal.legal_plays()[0]
        best = solve(deal, nodes=self.nodes, lines=False).best
        return best.action if best is not None else self.fallback.choose(deal)


#: The cheating bots this tool knows by name.
YARDSTICKS = {bot.name: bot for bot in (HandOracleBot, StockOracleBot, OracleBot, BestPlayOracleBot)}
#: Today's strong opponent and the bot whose seat gives the gains.
TODAY, FIELD = "monte-carlo", "rule-of-thumb"


def candidate_factory(spec: str, params: dict):
    """``make(seed)`` for a candidate named by ``spec``; a ValueError names what is wrong."""
    from tools.bench.solver import _bot

    if spec in YARDSTICKS:
        cls = YARDSTICKS[spec]
    elif ":" in spec:
        module_name, _, class_name = spec.partition(":")
        try:
            cls = getattr(importlib.import_module(module_name), class_name)
        except (ImportError, AttributeError) as error:
            raise ValueError(f"candidate {spec!r}: {error}") from None
    else:
        named = {**BOTS, PlayoutBot.name: PlayoutBot}
        if spec not in named:
            raise ValueError(f"candidate {spec!r}: give one of {', '.join(list(named) + list(YARDSTICKS))}, "
                             "or module:Class")
        if not params:
            return lambda seed: _bot(spec, seed)  # as the strength figures make it
        cls = named[spec]
    try:
        cls(0, **params)
    except TypeError as error:
        raise ValueError(f"candidate {spec!r} with {params}: {error}") from None
    return lambda seed: cls(seed, **params)


def parse_param(text: str) -> tuple[str, object]:
    """``name=value``; the value is a Python literal if it reads as one (``100``, ``0.5``, ``'best'``), else text."""
    name, sep, value = text.partition("=")
    if not sep or not name.isidentifier():
        raise ValueError(f"--param {text!r}: give name=value")
    try:
        return name, ast.literal_eval(value)
    except (ValueError, SyntaxError):
        return name, value


def reference_wins(rules: str, start: int, stop: int) -> tuple[list[bool], list[bool], str]:
    """Today's strong opponent's and the rule-of-thumb bot's wins in the lone seat over deals ``start`` … ``stop - 1``,
    and where they come from."""
    from tools.bench import strength
    from tools.bench.solver import _play

    try:
        data = json.loads(strength.DATA.read_text(encoding="utf-8"))
        row = {r["key"]: r for r in data["rows"]}.get(strength.row_key(TODAY, FIELD, rules))
        if row and data["digest"] == strength.source_digest() and row["deals"] >= stop:
            today = strength.read_record(row["record"], row["deals"])[start:stop]
            base = strength.read_record(row["base_record"], row["deals"])[start:stop]
            return today, base, f"from {strength.DATA.relative_to(strength.ROOT)}"
    except (OSError, ValueError, KeyError):
        pass
    profile, *variants = rules.split("+")
    wins = {}
    for name in (TODAY, FIELD):
        wins[name], _ = _play(name, FIELD, profile, tuple(variants), stop, 1)
    return wins[TODAY][start:stop], wins[FIELD][start:stop], "played here"


def compare(make, label: str, rules: str, start: int, deals: int) -> dict:
    """Play the candidate on the deals and compare it with today's strong opponent (see the module's text)."""
    from linger_longer import Rules
    from tools.bench.bots import paired_gain
    from tools.bench.solver import lone_seat_deals

    profile, *variants = rules.split("+")
    started = time.process_time()
    wins, times = lone_seat_deals(make, FIELD, Rules.from_names(profile, tuple(variants)), start, start + deals)
    seconds = time.process_time() - started
    today, base, source = reference_wins(rules, start, start + deals)
    times.sort()
    return {"candidate": label, "rules": rules, "start": start, "deals": deals, "wins": sum(wins),
            "gain": paired_gain(wins, base), "today_gain": paired_gain(today, base),
            "difference": paired_gain(wins, today), "reference": source, "moves": len(times),
            "move_ms": (statistics.median(times), times[min(len(times) - 1, int(0.95 * len(times)))], times[-1])
            if times else (0.0, 0.0, 0.0), "deal_ms": 1000 * seconds / deals, "record": wins}


def describe(result: dict) -> str:
    """The comparison in English, one figure a line."""
    def points(gain):
        mean, low, high = gain
        return f"{100 * mean:+.1f} points (95% CI {100 * low:+.1f} to {100 * high:+.1f})"

    median, p95, most = result["move_ms"]
    deals = result["deals"]
    return "\n".join((
        f"{result['candidate']} vs 3 {FIELD} ({result['rules']}, deals {result['start']:,} to "
        f"{result['start'] + deals - 1:,}): wins {100 * result['wins'] / deals:.1f}%",
        f"  gain over {FIELD} in its seat: {points(result['gain'])}",
        f"  today's {TODAY}'s gain ({result['reference']}): {points(result['today_gain'])}",
        f"  candidate minus today's {TODAY}, paired: {points(result['difference'])}",
        f"  CPU: {result['deal_ms']:,.0f} ms a deal; a move (of {result['moves']:,}): median {median:.0f} ms, "
        f"95th percentile {p95:.0f} ms, max {most:.0f} ms",
    ))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench.compare", description=__doc__.split("\n\n")[0])
    parser.add_argument("candidate", help=f"a bot name, one of {', '.join(YARDSTICKS)}, or module:Class")
    parser.add_argument("--param", action="append", default=[], metavar="NAME=VALUE",
                        help="a keyword for the candidate's constructor (repeatable)")
    parser.add_argument("--rules", default="standard", help="profile[+variant…] (default: %(default)s)")
    parser.add_argument("--start", type=int, default=0, help="the first deal (default: 0)")
    parser.add_argument("--deals", type=int, default=400, help="deals (default: %(default)s)")
    parser.add_argument("--record", action="store_true", help="also print the candidate's wins, deal by deal")
    args = parser.parse_args(argv)
    if args.deals < 1 or args.start < 0:
        parser.error(f"--deals {args.deals} --start {args.start}: give at least one deal from deal 0 on")
    try:
        from linger_longer import Rules

        profile, *variants = args.rules.split("+")
        Rules.from_names(profile, tuple(variants))
        params = dict(parse_param(text) for text in args.param)
        make = candidate_factory(args.candidate, params)
    except ValueError as error:
        parser.error(str(error))
    label = args.candidate + "".join(f" {name}={value!r}" for name, value in params.items())
    result = compare(make, label, args.rules, args.start, args.deals)
    print(describe(result))
    if args.record:
        print("record:", "".join("1" if won else "0" for won in result["record"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
