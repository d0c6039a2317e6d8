"""The opponents page's strength figures, measured: ``nox -s strength`` writes them to one data file.

Usage::

    python -m tools.strength                          # 10,000 deals a row; writes tutorial/data/strength.json
    python -m tools.strength --deals 2000 --long-deals 300 --duel-deals 200
    python -m tools.strength --deals 40 --long-deals 4 --out -   # a short run, printed, nothing written
    python -m tools.strength --scheduler tcp://10.0.0.5:8786      # on an existing Dask cluster

Every row is one "lone" bot against three copies of a "field" bot at a table
of four, over seeded deals: deal ``i`` uses the deal seed ``SEED + i``, the
lone seat ``i % 4`` and the dealer ``(i // 4) % 4`` (the deals of
:func:`lone_seat_win`, the bot in seat ``s`` seeded ``4 i + s``), so every row
with the same rules plays the same deals, however many processes share them: the deals run as Dask tasks of
:data:`CHUNK` deals (:mod:`tools.generate`: every core, or a cluster by ``--scheduler``; a journal to resume
an interrupted run; ``--workers 1`` in this process).
Where the field bot is a quick one, the same deals are played again with a
field bot in the lone seat; the per-deal difference is the lone bot's
paired gain, with its 95 % interval (:func:`paired_gain`).

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
import dataclasses
import hashlib
import json
import math
import statistics
import sys
from pathlib import Path

from tools import generate

ROOT = Path(__file__).resolve().parents[1]
#: The committed data file the opponents page is built from.
DATA = ROOT / "tutorial" / "data" / "strength.json"
#: The sources whose behaviour the figures measure; their digest is stored with the figures.
SOURCES = ("engine/linger_longer/bots.py", "engine/linger_longer/solver.py")
#: The seed of deal 0: deal ``i`` is dealt from ``SEED + i`` (:func:`lone_seat_win`).
SEED = 1_000_000
PLAYERS = 4
#: The confidence level of every interval (:func:`wilson` and :func:`paired_gain`: z = 1.96).
CONFIDENCE = 0.95
DEALS = 10_000
#: Deals a Dask task: seconds of play for the slowest bots, a fraction of one for the quick ones.
CHUNK = 20
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


# The table: one bot in a lone seat against three of another, over seeded deals.

def make_bot(name: str, seed: int, samples: int | None = None):
    """A bot by name: the engine's (:func:`linger_longer.bots.make_bot`), the ceiling ``oracle`` (it sees every
    card) or ``playout`` (the Monte-Carlo bot the strong opponent replaced, at 100 samples); ``samples`` sets
    the strong opponent's sampled deals a move (default: its own)."""
    from linger_longer.bots import MonteCarloBot, OracleBot, PlayoutBot
    from linger_longer.bots import make_bot as engine_bot

    if name == "oracle":
        return OracleBot(seed)
    if name == "playout":
        return PlayoutBot(seed, samples=100)
    if name == "monte-carlo" and samples is not None:
        return MonteCarloBot(seed, samples=samples)
    return engine_bot(name, seed)


def lone_seat_win(i: int, hero: str, field: str, rules: str, samples: int | None = None) -> bool:
    """Whether the hero wins deal ``i`` against three ``field`` bots under ``rules`` (profile[+variant…]; the
    module's text): the work of one deal, which the workers import and run."""
    from linger_longer import Deal, Rules
    from linger_longer.bots import OracleBot

    profile, *variants = rules.split("+")
    seat = i % 4
    bots = [make_bot(hero if s == seat else field, i * 4 + s, samples) for s in range(4)]
    deal = Deal.new(Rules.from_names(profile, tuple(variants)), 4, seed=SEED + i, dealer=(i // 4) % 4)
    while not deal.is_over:
        bot = bots[deal.to_act]
        # The ceiling bot sees the whole deal; every fair bot only its seat's view.
        deal.apply(bot.choose(deal if isinstance(bot, OracleBot) else deal.view(deal.to_act)))
    return deal.outcome.winner == seat


def record_tasks(hero: str, field: str, rules: str, deals: int, samples: int | None = None) -> list[generate.Task]:
    """The Dask tasks of the hero's first ``deals`` deals, :data:`CHUNK` deals each, in deal order."""
    return [generate.Task(f"{hero}-{field}-{rules}-{part[0]}-{part[-1]}", lone_seat_win, tuple(part),
                          (hero, field, rules, samples))
            for part in generate.chunks(range(deals), CHUNK)]


def code_digest() -> str:
    """The code a journal's chunks were played with: the engine and this module."""
    return generate.source_digest([*generate.engine_sources(), Path(__file__).resolve()])


def play_records(wanted: list[tuple[str, str, str, int]], options: generate.Options, samples: int | None = None,
                 progress=None) -> dict[tuple[str, str, str], list[bool]]:
    """The win record of each (hero, field, rules, deals) wanted, all played in one Dask run."""
    tasks = {(hero, field, rules): record_tasks(hero, field, rules, deals, samples)
             for hero, field, rules, deals in wanted}
    every = [task for parts in tasks.values() for task in parts]
    results = iter(generate.run(every, options, name="strength", code=code_digest(), progress=progress))
    return {key: [won for _ in parts for won in next(results)] for key, parts in tasks.items()}


def play(hero: str, field: str, rules: str, deals: int, jobs: int = 1, samples: int | None = None) -> list[bool]:
    """The hero's win in each of the first ``deals`` deals under ``rules`` (profile[+variant…]), on ``jobs`` local
    worker processes (1: in this process), without a journal."""
    return play_records([(hero, field, rules, deals)], generate.Options(workers=jobs), samples)[hero, field, rules]


def wilson(wins: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval for ``wins`` successes out of ``n``.

    >>> [round(x, 3) for x in wilson(332, 1000)]
    [0.304, 0.362]
    """
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def paired_gain(wins: list[bool], base: list[bool], z: float = 1.959964) -> tuple[float, float, float]:
    """Mean per-deal difference of two win records over the same deals, with its 95 % normal interval.

    >>> paired_gain([True, True, False, False], [True, False, False, False])[0]
    0.25
    """
    diffs = [int(a) - int(b) for a, b in zip(wins, base, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    sd = statistics.pstdev(diffs) if n > 1 else 0.0
    half = z * sd / math.sqrt(n) if n else 0.0
    return mean, mean - half, mean + half


@dataclasses.dataclass
class Result:
    """A hero's wins over some deals, and its paired gain over a field bot in its seat."""

    hero: str
    field: str
    rules: str
    wins: list[bool]
    base: list[bool]

    @property
    def gain(self) -> tuple[float, float, float]:
        return paired_gain(self.wins, self.base)

    def __str__(self) -> str:
        deals, won = len(self.wins), sum(self.wins)
        low, high = wilson(won, deals)
        mean, a, b = self.gain
        return (f"{self.hero} vs 3 {self.field} ({self.rules}, {deals:,} deals): {100 * won / deals:.1f} % "
                f"(95 % CI {100 * low:.1f}-{100 * high:.1f}); a {self.field} in the same seat wins "
                f"{100 * sum(self.base) / deals:.1f} %: gain {100 * mean:+.1f} points (95 % CI {100 * a:+.1f} to "
                f"{100 * b:+.1f})")


def run(hero: str, field: str, rules: str, deals: int, samples: int | None = None, jobs: int = 1) -> Result:
    """The hero's and a field bot's wins from the lone seat over the same deals."""
    records = play_records([(hero, field, rules, deals), (field, field, rules, deals)],
                           generate.Options(workers=jobs), samples)
    return Result(hero, field, rules, records[hero, field, rules], records[field, field, rules])


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
            jobs: int | None = None, rows=ROWS, out=None, options: generate.Options | None = None) -> dict:
    """Play every row's seeded deals; returns the figures the opponents page shows (see the module's text).

    ``long_deals`` (default ``deals``) is the deal count of the draw-per-card rows, ``duel_deals`` (default
    ``long_deals``) that of the head to head. A field bot's own record in the lone seat is played once per
    rules and shared by the rows that need it. Every row's deals run in one Dask run (``options``; without
    them, ``jobs`` local worker processes, every core by default, 1 for this process).
    """
    options = options or generate.Options(workers=jobs)
    long_deals = deals if long_deals is None else long_deals
    counts = {"plain": deals, "long": long_deals, "duel": long_deals if duel_deals is None else duel_deals}
    wanted: dict[tuple[str, str, str], int] = {}
    for hero, field, rules, kind in rows:
        for who in (hero, *((field,) if field in QUICK else ())):
            wanted[who, field, rules] = max(counts[kind], wanted.get((who, field, rules), 0))
    records = play_records([(*key, count) for key, count in wanted.items()], options,
                           progress=None if out is None else sys.stderr)
    measured = []
    for hero, field, rules, kind in rows:
        count = counts[kind]
        base = records[field, field, rules][:count] if field in QUICK else None
        row = _row(hero, field, rules, records[hero, field, rules][:count], base)
        measured.append(row)
        if out is not None:
            print(describe(row), file=out, flush=True)
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


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = generate.OneLineParser(prog="python -m tools.strength", description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=DEALS, help=f"deals a row ({DEALS:,})")
    parser.add_argument("--long-deals", type=int, default=None,
                        help="deals a draw-per-card row (default: --deals)")
    parser.add_argument("--duel-deals", type=int, default=None,
                        help="deals of the head to head against the playout bots (default: --long-deals)")
    parser.add_argument("--out", default=str(DATA.relative_to(ROOT)),
                        help="the data file to write, '-' to print only (default: %(default)s)")
    generate.add_arguments(parser, "strength")
    args = parser.parse_args(argv)
    for flag, value in (("--deals", args.deals), ("--long-deals", args.long_deals),
                        ("--duel-deals", args.duel_deals)):
        if value is not None and value < 1:
            parser.error(f"{flag} {value}: give 1 or more")
    try:
        options = generate.options(args)
    except generate.GenerationError as error:
        parser.error(str(error))
    try:
        figures = measure(args.deals, args.long_deals, args.duel_deals, out=sys.stdout, options=options)
    except generate.GenerationError as error:
        print(f"strength: {error}", file=sys.stderr)
        return 1
    if args.out != "-":
        write(figures, " ".join(["python -m tools.strength", *generate.without_driver_flags(argv)]), ROOT / args.out)
        print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
