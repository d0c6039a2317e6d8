"""The opponents page's strength figures, measured: ``nox -s strength`` writes them to one data file.

Usage::

    python -m tools.bench.strength                          # 10,000 deals a row; writes tutorial/data/strength.json
    python -m tools.bench.strength --deals 2000 --long-deals 300 --duel-deals 200
    python -m tools.bench.strength --deals 40 --long-deals 4 --out -   # a short run, printed, nothing written

Every row is one "lone" bot against three copies of a "field" bot at a table
of four, over seeded deals: deal ``i`` uses the deal seed ``SEED + i``, the
lone seat ``i % 4`` and the dealer ``(i // 4) % 4`` (the deals of
:func:`tools.bench.bots.lone_seat_deals`), so every row with the same rules plays the
same deals. Where the field bot is a quick one, the same deals are played again
with a field bot in the lone seat; the per-deal difference is the lone bot's
paired gain, with its 95 % interval (:func:`tools.bench.bots.paired_gain`).

The rows: the strong opponent (``monte-carlo``) and the ceiling (``oracle``: it
sees every card and answers the rule-of-thumb bots' plays exactly, so no fair
bot can gain more against them) against three rule-of-thumb bots in a plain
deal and with ``draw-per-card`` under both profiles; the strong opponent against
three of the Monte-Carlo bot it replaced (``playout``), head to head; the
rule-of-thumb bot against three random ones under both profiles.

The data file records the command line, the seed and the deal count of each
row, the strong opponent's parameters, and a digest of the bot and solver
sources (:data:`SOURCES`): the tests fail when the bots change and the file was
not measured again. The site's ``strength-figures`` directive and
``strength`` role read it; no figure on the opponents page is typed by hand.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import time
from pathlib import Path

from tools.bench.bots import DEAL_SEED, paired_gain, play, wilson

ROOT = Path(__file__).resolve().parents[2]
#: The committed data file the opponents page is built from.
DATA = ROOT / "tutorial" / "data" / "strength.json"
#: The sources whose behaviour the figures measure; their digest is stored with the figures.
SOURCES = ("engine/linger_longer/bots.py", "engine/linger_longer/solver.py")
#: The seed of deal 0 (deal ``i`` uses ``SEED + i``), as :func:`tools.bench.bots.lone_seat_deals` deals them.
SEED = DEAL_SEED
PLAYERS = 4
#: The confidence level of every interval (:func:`tools.bench.bots.wilson` and ``paired_gain``: z = 1.96).
CONFIDENCE = 0.95
DEALS = 10_000
#: Field bots quick enough to replay every deal with one of them in the lone seat (the paired gain).
QUICK = ("random", "rule-of-thumb")
#: The rows: (lone bot, field bot, rules as profile[+variant…], which deal count: "plain" is ``--deals``,
#: "long" ``--long-deals`` (draw-per-card deals are long), "duel" ``--duel-deals`` (three searching bots).
ROWS = (
    ("monte-carlo", "rule-of-thumb", "standard", "plain"),
    ("oracle", "rule-of-thumb", "standard", "plain"),
    ("monte-carlo", "rule-of-thumb", "standard+draw-per-card", "long"),
    ("oracle", "rule-of-thumb", "standard+draw-per-card", "long"),
    ("monte-carlo", "rule-of-thumb", "last-card+draw-per-card", "long"),
    ("oracle", "rule-of-thumb", "last-card+draw-per-card", "long"),
    ("monte-carlo", "playout", "standard", "duel"),
    ("rule-of-thumb", "random", "standard", "plain"),
    ("rule-of-thumb", "random", "last-card", "plain"),
)


def row_key(hero: str, field: str, rules: str) -> str:
    """The name a page uses for one row: ``lone/field/rules``."""
    return f"{hero}/{field}/{rules}"


def source_digest(root: Path = ROOT) -> str:
    """The digest of :data:`SOURCES` (file names and bytes): figures measured on other bots do not match it."""
    digest = hashlib.sha256()
    for name in SOURCES:
        digest.update(name.encode() + b"\0" + (root / name).read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def bot_parameters() -> dict:
    """The strong opponent's and the ceiling's work, as the page describes them."""
    import inspect

    from linger_longer.bots import LONG_DEAL_NODES, STRONG_NODES, STRONG_SAMPLES, OracleBot

    return {"samples": STRONG_SAMPLES, "nodes": STRONG_NODES, "long_nodes": LONG_DEAL_NODES,
            "oracle_nodes": inspect.signature(OracleBot.__init__).parameters["nodes"].default}


def _wins(hero: str, field: str, rules: str, deals: int, jobs: int) -> list[bool]:
    """The lone bot's win in each of the first ``deals`` deals of a row."""
    return play(hero, field, rules, deals, jobs)


def _row(hero: str, field: str, rules: str, wins: list[bool], base: list[bool] | None) -> dict:
    """One row's figures from the lone bot's wins (and, if measured, a field bot's in the same seat)."""
    deals = len(wins)
    row = {"key": row_key(hero, field, rules), "hero": hero, "field": field, "rules": rules, "players": PLAYERS,
           "seed": SEED, "deals": deals, "wins": sum(wins), "rate": sum(wins) / deals,
           "rate_ci": list(wilson(sum(wins), deals)),
           # Every deal has one winner: the three field bots share the deals the lone one does not win.
           "field_rate": (deals - sum(wins)) / (deals * (PLAYERS - 1))}
    if base is not None:
        gain, low, high = paired_gain(wins, base)
        row.update(base_wins=sum(base), base_rate=sum(base) / deals, gain=gain, gain_ci=[low, high])
    row["record"] = record(wins)
    if base is not None:
        row["base_record"] = record(base)
    return row


def record(wins: list[bool]) -> str:
    """Who won each deal, as hexadecimal digits of four deals each (deal 0 in the first digit's top bit):
    a test can replay some deals and compare them one by one.

    >>> record([True, False, False, True, True])
    '98'
    """
    padded = list(wins) + [False] * (-len(wins) % 4)
    return "".join(f"{int(''.join('1' if w else '0' for w in padded[i:i + 4]), 2):x}" for i in range(0, len(padded), 4))


def read_record(text: str, deals: int) -> list[bool]:
    """The wins of :func:`record`'s text, deal by deal.

    >>> read_record('98', 5)
    [True, False, False, True, True]
    """
    return [bit == "1" for digit in text for bit in f"{int(digit, 16):04b}"][:deals]


def measure(deals: int = DEALS, long_deals: int | None = None, duel_deals: int | None = None,
            jobs: int | None = None, rows=ROWS, out=None) -> dict:
    """Play every row's seeded deals; returns the figures the opponents page shows (see the module's text).

    ``long_deals`` (default ``deals``) is the deal count of the draw-per-card rows, ``duel_deals`` (default
    ``long_deals``) that of the head to head. A field bot's own record in the lone seat is played once per
    rules and shared by the rows that need it.
    """
    jobs = jobs or os.cpu_count() or 1
    long_deals = deals if long_deals is None else long_deals
    counts = {"plain": deals, "long": long_deals, "duel": long_deals if duel_deals is None else duel_deals}
    baselines: dict[tuple[str, str], list[bool]] = {}
    measured = []
    for hero, field, rules, kind in rows:
        started = time.perf_counter()
        count = counts[kind]
        wins = _wins(hero, field, rules, count, jobs)
        base = None
        if field in QUICK:
            known = baselines.get((field, rules), [])
            if len(known) < count:
                baselines[field, rules] = known = _wins(field, field, rules, count, jobs)
            base = known[:count]
        row = _row(hero, field, rules, wins, base)
        measured.append(row)
        if out is not None:
            print(describe(row), f"[{time.perf_counter() - started:,.0f} s]", file=out, flush=True)
    return {"players": PLAYERS, "seed": SEED, "confidence": CONFIDENCE, "sources": list(SOURCES), "digest": source_digest(),
            "bots": bot_parameters(), "rows": measured}


def describe(row: dict) -> str:
    """One row in English, for the terminal."""
    low, high = row["rate_ci"]
    text = (f"{row['hero']} vs 3 {row['field']} ({row['rules']}, {row['deals']:,} deals from seed {row['seed']}): "
            f"wins {100 * row['rate']:.1f}% ({100 * low:.1f} to {100 * high:.1f})")
    if "gain" in row:
        a, b = row["gain_ci"]
        text += (f"; a {row['field']} in its seat {100 * row['base_rate']:.1f}%: gain {100 * row['gain']:+.1f} "
                 f"points ({100 * a:+.1f} to {100 * b:+.1f})")
    return text


def write(figures: dict, command: str, path: Path = DATA) -> None:
    """The data file: pretty-printed JSON, with the command that measured it (no date: a re-run that
    measures the same gives the same file)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps({"command": command, **figures}, indent=2, ensure_ascii=False) + "\n"
    temporary = path.with_suffix(".tmp")
    temporary.write_text(text, encoding="utf-8")
    temporary.replace(path)


def _without_jobs(argv: list[str]) -> list[str]:
    """The arguments that decide the figures (the process count does not: every deal is seeded)."""
    kept, skip = [], False
    for arg in argv:
        if skip or arg.startswith("--jobs="):
            skip = False
            continue
        if arg == "--jobs":
            skip = True
            continue
        kept.append(arg)
    return kept


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(prog="python -m tools.bench.strength", description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=DEALS, help=f"deals a row ({DEALS:,})")
    parser.add_argument("--long-deals", type=int, default=None,
                        help="deals a draw-per-card row (default: --deals)")
    parser.add_argument("--duel-deals", type=int, default=None,
                        help="deals of the head to head against the playout bots (default: --long-deals)")
    parser.add_argument("--jobs", type=int, default=None, help="processes (default: every core)")
    parser.add_argument("--out", default=str(DATA.relative_to(ROOT)),
                        help="the data file to write, '-' to print only (default: %(default)s)")
    args = parser.parse_args(argv)
    for flag, value in (("--deals", args.deals), ("--long-deals", args.long_deals),
                        ("--duel-deals", args.duel_deals), ("--jobs", args.jobs)):
        if value is not None and value < 1:
            parser.error(f"{flag} {value}: give 1 or more")
    figures = measure(args.deals, args.long_deals, args.duel_deals, args.jobs, out=sys.stdout)
    if args.out != "-":
        write(figures, " ".join(["python -m tools.bench.strength", *_without_jobs(argv)]), ROOT / args.out)
        print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
