"""The command line: ``python -m linger_longer play | simulate | replay``.

Bad flags and bad values end with one line on standard error and exit status 2, before
anything is printed on standard output. Input that ends (end of file, or standard input
closed) stops ``play`` with one line and status 1; Ctrl-C stops any command with status 130,
``simulate`` after printing the statistics of the deals it finished.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from typing import Callable, Sequence, TextIO

from .bots import BOTS, RandomBot, RuleOfThumbBot, make_bot
from .cards import Card, InvalidCardError, Suit
from .events import Event
from .game import Deal, Phase, seat_names
from .match import Match
from .i18n import N_, Nn_, translate, translate_plural
from .languages import CODES
from .narrate import EVERYONE, Narrator, card_name, refusal_text, suit_name
from .quote import shorten_quoted
from .rules import MAX_PLAYERS, MIN_PLAYERS, Profile, Rules, UnknownRuleError, Variant
from .scenario import ScenarioError, load
from .statistics import DealStatistics, Tally, play_deals, seat_bots

__all__ = ["duration_text", "main"]

EXIT_USAGE = 2
EXIT_NO_INPUT = 1
EXIT_INTERRUPTED = 130  # 128 + SIGINT, as shells report a Ctrl-C
DEFAULT_PLAYERS = 4


class UsageError(Exception):
    """A flag or value the command line cannot use."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(message)


def _rules_flags(parser: argparse.ArgumentParser) -> None:
    # No defaults here: ``replay FILE`` must know which flags were given (the file decides the rules).
    parser.add_argument("--players", type=int, default=None, help=f"{MIN_PLAYERS} to {MAX_PLAYERS} (default 4)")
    parser.add_argument("--profile", default=None, help="standard or last-card (default standard)")
    parser.add_argument("--variant", action="append", default=None, metavar="NAME",
                        help="a variant to switch on; repeat for several: " + ", ".join(v.value for v in Variant))
    parser.add_argument("--seed", type=int, default=None, help="seed for a reproducible deal")
    parser.add_argument("--lang", default="en", choices=CODES, help="language of the narration")


def _parser() -> _Parser:
    parser = _Parser(prog="python -m linger_longer", description="Play, simulate and replay Linger Longer.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    play = commands.add_parser("play", help="play a deal or a match against the computer in the terminal")
    _rules_flags(play)
    play.add_argument("--match", type=int, default=None, metavar="N", help="play a match: first to N deals")
    play.add_argument("--bot", default="rule-of-thumb", choices=list(BOTS), help="the opponents' strategy")
    simulate = commands.add_parser("simulate", help="play N deals between bots and print statistics")
    simulate.add_argument("deals", type=int, help="how many deals")
    _rules_flags(simulate)
    simulate.add_argument("--bots", default="random", metavar="NAME[,NAME…]",
                          help="one bot name for every seat, or one per seat, comma-separated")
    replay = commands.add_parser("replay", help="narrate a seeded deal or a worked-example file")
    _rules_flags(replay)
    replay.add_argument("example", nargs="?", help="a worked-example .toml file")
    return parser


def _rules(args: argparse.Namespace) -> Rules:
    """The rules of the flags (standard, no variant, 4 players unless given); sets ``args.players``."""
    if args.players is None:
        args.players = DEFAULT_PLAYERS
    rules = Rules.from_names("standard" if args.profile is None else args.profile, args.variant or [])
    rules.hand_size(args.players)
    return rules


#: Flags that a worked-example file decides for itself.
_FILE_DECIDES = {"players": "--players", "profile": "--profile", "variant": "--variant", "seed": "--seed"}


# ------------------------------------------------------------------- replay

def _print_events(narrator: Narrator, events: Sequence[Event], out: TextIO) -> None:
    for sentence in narrator.narrate(events):
        print(sentence, file=out)


def cmd_replay(args: argparse.Namespace, out: TextIO) -> int:
    """Print the narrated deal for a seed (bots play every seat) or a worked-example file."""
    lang = args.lang
    if args.example:
        given = [flag for name, flag in _FILE_DECIDES.items() if getattr(args, name) is not None]
        if given:
            raise UsageError(f"replay {args.example}: {', '.join(given)} cannot apply: the file sets "
                             "its own players, rules and cards (only --lang applies)")
        scenario = load(args.example)
        results = scenario.check()
        print(scenario.title, file=out)
        if scenario.refused_setup is not None:  # the set-up the engine refused before the example's own
            from .web.settings import trump_variants_refusal

            print(trump_variants_refusal(scenario.refused_setup.variants).text(lang), file=out)
        narrator = Narrator(lang, scenario.names, results[0].deal.trump, viewer=EVERYONE)  # an example: every card
        for result in results:
            if result.refusal is not None:
                print(refusal_text(result.refusal, lang, scenario.names), file=out)
            _print_events(narrator, result.events, out)
        return 0
    rules = _rules(args)
    seed = args.seed if args.seed is not None else 0
    deal = Deal.new(rules, args.players, seed=seed, dealer=seed % args.players)
    events = deal.setup_events
    narrator = Narrator(lang, deal.names, deal.trump, viewer=EVERYONE)  # bots only: nobody's hand to keep
    _print_events(narrator, events, out)
    bot = RuleOfThumbBot(seed)
    while not deal.is_over:
        _print_events(narrator, deal.apply(bot.choose(deal.view(deal.to_act))), out)
    return 0


# ----------------------------------------------------------------- simulate

def report(statistics: DealStatistics | None, players: int, bots: Sequence[str], elapsed: float,
           rules: Rules, out: TextIO) -> None:
    """Print what ``simulate`` found over the deals it finished (``None``: none finished)."""
    n = statistics.deals if statistics else 0
    print(f"rules: {rules.name}, {players} players, {n} deal{'' if n == 1 else 's'}, bots: {','.join(bots)}",
          file=out)
    if statistics is None:
        return
    print(f"mean tricks per deal: {statistics.mean_tricks:.2f}", file=out)
    print(f"stock ran out in: {100 * statistics.stock_ran_out:.1f}% of deals", file=out)
    print(f"first seat (left of the dealer) won: {100 * statistics.first_seat_won:.1f}% "
          f"(an even share is {100 / players:.1f}%)", file=out)
    print("wins by seat: " + ", ".join(f"{seat_names(players)[s]}={w}" for s, w in enumerate(statistics.wins)),
          file=out)
    print(f"deals per second: {n / elapsed:.0f}" if elapsed > 0 else "deals per second: -", file=out)


class Progress:
    """A one-line progress bar on a terminal: deals done, rate and time left; nothing when not a terminal."""

    WIDTH = 24
    INTERVAL = 0.1  #: seconds between redraws

    def __init__(self, total: int, stream: TextIO, clock: Callable[[], float] = time.perf_counter) -> None:
        self.total = total
        self.stream = stream
        self.clock = clock
        self.shown = stream.isatty()
        self.started = self.last = clock()

    def line(self, done: int, now: float) -> str:
        """The bar's text after ``done`` deals at time ``now``."""
        elapsed = now - self.started
        rate = done / elapsed if elapsed > 0 else 0.0
        filled = self.WIDTH * done // self.total
        left = f"{duration_text((self.total - done) / rate)} left" if rate > 0 else "time left unknown"
        return (f"[{'#' * filled}{'.' * (self.WIDTH - filled)}] {done:,}/{self.total:,} deals "
                f"{100 * done / self.total:.0f}%  {rate:,.0f} deals/s  {left}")

    def update(self, done: int) -> None:
        if not self.shown:
            return
        now = self.clock()
        if now - self.last >= self.INTERVAL or done == self.total:
            self.last = now
            self.stream.write("\r" + self.line(done, now) + "\x1b[K")
            self.stream.flush()

    def clear(self) -> None:
        if self.shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()


def duration_text(seconds: float) -> str:
    """A duration as a progress line says it.

    >>> duration_text(42.4), duration_text(3725)
    ('42 s', '1 h 02 min')
    """
    seconds = round(seconds)
    if seconds < 60:
        return f"{seconds} s"
    if seconds < 3600:
        return f"{seconds // 60} min {seconds % 60:02d} s"
    return f"{seconds // 3600} h {seconds % 3600 // 60:02d} min"


def cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    """Play N seeded deals between bots and print statistics (those of the deals finished, on Ctrl-C)."""
    rules = _rules(args)
    if args.deals < 1:
        raise UsageError(f"deals: {args.deals!r} is not a positive number")
    names = seat_bots(args.bots.split(","), args.players, what="--bots")
    tally = Tally(args.players)
    progress = Progress(args.deals, sys.stderr)
    started = time.perf_counter()

    def finish() -> None:
        progress.clear()
        statistics = tally.statistics(rules, args.seed, names) if tally.deals else None
        report(statistics, args.players, names, time.perf_counter() - started, rules, out)

    try:
        for deal in play_deals(rules, args.players, args.deals, seed=args.seed, bots=names):
            tally.add(deal)
            progress.update(tally.deals)
    except KeyboardInterrupt:
        print(f"interrupted after {tally.deals:,} of {args.deals:,} deals", file=sys.stderr)
        finish()
        return EXIT_INTERRUPTED
    finish()
    return 0


# --------------------------------------------------------------------- play

N_("You play as {player}.")
N_("Your hand: {hand}")
STOCK_LINE = Nn_("Trump: {suit}. Stock: {count} card.", "Trump: {suit}. Stock: {count} cards.")
N_("Your turn. Type a card (for example {example}) or its number:")
N_("Name the trump suit (S, H, D or C):")
N_("That is not one of your cards: {reason}")
N_("Type a number from 1 to {count}, or a card such as {example}.")
N_("Deal {number}. {dealer} deals.")
N_("Score: {score}")
N_("{player} wins the match.")


def read_line() -> str:
    """A line of standard input; input that is closed ends like end of file (:class:`EOFError`)."""
    try:
        return input()
    except (RuntimeError, ValueError, OSError):  # no stdin at all, or a closed one
        raise EOFError from None


def cmd_play(args: argparse.Namespace, out: TextIO, read: Callable[[], str] = read_line) -> int:
    """Play against bots in the terminal: you are the first seat."""
    lang = args.lang
    rules = _rules(args)
    if args.match is not None and args.match < 1:
        raise UsageError(f"--match: {args.match!r} is not a positive number of deals")
    names = seat_names(args.players)
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    match = Match(rules, args.players, target=args.match or 1, seed=seed, names=names)
    bots = [make_bot(args.bot, seed + seat) for seat in range(args.players)]
    print(translate(lang, "You play as {player}.", player=names[0]), file=out)
    number = 0
    while not match.is_over:
        number += 1
        deal, events = match.next_deal()
        print(translate(lang, "Deal {number}. {dealer} deals.", number=number, dealer=names[deal.dealer]), file=out)
        narrator = Narrator(lang, names, deal.trump, viewer=0)  # you sit at A: the others' draws stay hidden
        _print_events(narrator, events, out)
        while not deal.is_over:
            if deal.to_act == 0:
                action = _ask(deal, lang, read, out)
            else:
                action = bots[deal.to_act].choose(deal.view(deal.to_act))  # type: ignore[index]
            _print_events(narrator, deal.apply(action), out)
        match.record(deal.outcome)  # type: ignore[arg-type]
        if args.match:
            score = ", ".join(f"{names[s]} {w}" for s, w in enumerate(match.result.deals_won))
            print(translate(lang, "Score: {score}", score=score), file=out)
    if args.match:
        print(translate(lang, "{player} wins the match.", player=names[match.result.winner]), file=out)  # type: ignore[index]
    return 0


def _ask(deal: Deal, lang: str, read: Callable[[], str], out: TextIO) -> Card | Suit:
    if deal.phase is Phase.NAME_TRUMP:
        while True:
            print(translate(lang, "Name the trump suit (S, H, D or C):"), file=out)
            try:
                return Suit.parse(read())
            except InvalidCardError as error:
                print(error, file=out)
    hand = deal.hand(0)
    trump = suit_name(deal.trump, lang) if deal.trump else "-"
    print(translate_plural(lang, *STOCK_LINE, deal.stock_size, suit=trump), file=out)
    listing = "  ".join(f"{i}:{card.label(lang)}" for i, card in enumerate(hand, start=1))
    print(translate(lang, "Your hand: {hand}", hand=listing), file=out)
    while True:
        print(translate(lang, "Your turn. Type a card (for example {example}) or its number:",
                 example=hand[0].label(lang)), file=out)
        answer = read().strip()
        try:
            card = hand[int(answer) - 1] if answer.isdigit() and 0 < int(answer) <= len(hand) else Card.parse(answer, lang)
        except InvalidCardError:
            print(translate(lang, "Type a number from 1 to {count}, or a card such as {example}.",
                     count=len(hand), example=hand[0].label(lang)), file=out)
            continue
        refusal = deal.refusal(card)
        if refusal is None:
            return card
        print(translate(lang, "That is not one of your cards: {reason}", reason=refusal_text(refusal, lang, deal.names))
              if card not in hand else refusal_text(refusal, lang, deal.names), file=out)


# --------------------------------------------------------------------- main

_COMMANDS = {"play": cmd_play, "simulate": cmd_simulate, "replay": cmd_replay}


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; returns the exit status."""
    out = out or sys.stdout
    try:
        args = _parser().parse_args(argv)
        return _COMMANDS[args.command](args, out)
    except (UsageError, UnknownRuleError, ScenarioError, ValueError) as error:
        # The value refused is quoted at most 60 characters long, as on the Play page (a 100 KB --profile).
        print(f"python -m linger_longer: error: {shorten_quoted(str(error))}", file=sys.stderr)
        return EXIT_USAGE
    except EOFError:
        print(file=out)
        print("python -m linger_longer: no more input: the game stops", file=sys.stderr)
        return EXIT_NO_INPUT
    except KeyboardInterrupt:
        print(file=out)
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # the reader closed the pipe (e.g. `| head`): stop quietly
        sys.stderr.close()
        return 0
