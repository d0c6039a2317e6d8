"""Run a generation's seeded chunks as Dask tasks, resumable, with their results in seed order.

``nox -s puzzles`` (:mod:`tools.puzzles`) and ``nox -s strength`` (:mod:`tools.strength`) cut their seeds
into chunks, one :class:`Task` each, and hand them to :func:`run`:

- on a ``distributed.LocalCluster`` with one worker process per core (``--workers N`` sets the count), or
  on an existing cluster (``--scheduler tcp://HOST:8786``; its workers need the repository's engine
  installed and the repository on their path, e.g. ``dask worker`` started from a checkout after
  ``pip install -e .``); ``--workers 1`` runs in this process without Dask;
- every finished chunk is written to a journal folder (``build/journal/<command>/``) under a name made of
  the chunk, its arguments and the engine's and the command's sources: a run that was interrupted
  resumes where it stopped, and a chunk measured on other code is never reused (``--fresh`` empties it);
- a task whose worker dies is run again elsewhere, and a task that raises is retried (:data:`RETRIES`);
- progress goes to stderr: tasks done, their rate and the time left;
- the results come back in the tasks' order, so the files written from them are the same bytes whatever
  the number of workers.

Dask is imported only when a cluster is used: the engine and ``--workers 1`` need the standard library only.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import pickle
import shutil
import sys
import time
import uuid
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from linger_longer.cli import duration_text

ROOT = Path(__file__).resolve().parents[1]
#: Where each command keeps its finished chunks (``build/journal/<command>/``).
JOURNALS = ROOT / "build" / "journal"
#: A scheduler that does not answer within this many seconds is reported, not waited for.
CONNECT_TIMEOUT = 4
#: Times a task that raised is run again before the run fails (a worker that dies costs no retry:
#: the scheduler runs its tasks elsewhere).
RETRIES = 2
#: Seconds between two progress lines when stderr is not a terminal.
PROGRESS_EVERY = 5.0


class GenerationError(RuntimeError):
    """The run cannot go on (e.g. an unreachable scheduler); the message says why, in one line."""


@dataclass(frozen=True)
class Task:
    """One chunk: ``function(item, *args)`` for each item, run as one Dask task.

    ``function`` must be importable by the workers (a module-level function of the engine or of tools/).
    """

    label: str  #: readable name of the chunk, e.g. ``seeds-0-9``
    function: Callable[..., Any]
    items: tuple[Any, ...]
    args: tuple[Any, ...] = ()

    def key(self, code: str) -> str:
        """The chunk's journal name: its label and a digest of what it computes and the code that does it."""
        what = repr((self.function.__module__, self.function.__qualname__, self.items, self.args, code))
        return f"{self.label}-{hashlib.sha256(what.encode()).hexdigest()[:16]}"


def run_chunk(function: Callable[..., Any], items: Sequence[Any], args: Sequence[Any]) -> list[Any]:
    """What a worker runs for one task: the function over the chunk's items, in order."""
    return [function(item, *args) for item in items]


def chunks(items: Sequence[Any], size: int) -> list[Sequence[Any]]:
    """The items cut into runs of ``size`` (the last may be shorter).

    >>> chunks(range(5), 2)
    [range(0, 2), range(2, 4), range(4, 5)]
    """
    return [items[a:a + size] for a in range(0, len(items), size)]


def source_digest(paths: Iterable[Path]) -> str:
    """A digest of source files (names and bytes): a journal's chunks are reused only on the same code."""
    digest = hashlib.sha256()
    for path in sorted(paths):
        digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def engine_sources() -> list[Path]:
    """The engine's Python sources."""
    return sorted((ROOT / "engine" / "linger_longer").rglob("*.py"))


@dataclass(frozen=True)
class Options:
    """Where and how to run: the command-line flags of :func:`add_arguments`."""

    workers: int | None = None  #: worker processes of the local cluster (default: every core); 1: in this process
    scheduler: str | None = None  #: address of an existing Dask scheduler
    journal: Path | None = None  #: folder of finished chunks (None: no journal)
    fresh: bool = False  #: empty the journal first


class OneLineParser(argparse.ArgumentParser):
    """A parser whose refusal of a bad flag is one line (exit status 2), not the usage text."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: {message}\n")


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    """The flags every generation shares: ``--workers``, ``--scheduler``, ``--journal``, ``--fresh``."""
    group = parser.add_argument_group("running on Dask")
    group.add_argument("--workers", type=_positive, default=None,
                       help="worker processes of the local Dask cluster (default: every core); 1 runs in this process")
    group.add_argument("--scheduler", metavar="ADDRESS", default=None,
                       help="run on an existing Dask cluster, e.g. tcp://10.0.0.5:8786")
    group.add_argument("--journal", type=Path, default=JOURNALS / command,
                       help="folder of finished chunks, for resuming (default: build/journal/%s)" % command)
    group.add_argument("--fresh", action="store_true", help="empty the journal first: compute every chunk again")


def options(args: argparse.Namespace) -> Options:
    """The :class:`Options` of parsed :func:`add_arguments` flags."""
    if args.scheduler is not None and args.workers is not None:
        raise GenerationError("--workers and --scheduler exclude each other: the cluster has its own workers")
    return Options(args.workers, args.scheduler, args.journal, args.fresh)


DRIVER_FLAGS = {"--workers": True, "--scheduler": True, "--journal": True, "--fresh": False}
"""The flags that do not change what is computed, and whether each takes a value."""


def without_driver_flags(argv: Sequence[str]) -> list[str]:
    """The arguments that decide the output (where and how it ran does not).

    >>> without_driver_flags(["--deals", "6", "--workers", "2", "--scheduler=tcp://a:1", "--fresh"])
    ['--deals', '6']
    """
    kept, skip = [], False
    for arg in argv:
        if skip:
            skip = False
        elif arg.split("=", 1)[0] in DRIVER_FLAGS:
            skip = "=" not in arg and DRIVER_FLAGS[arg]
        else:
            kept.append(arg)
    return kept


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value}: give 1 or more")
    return value


# ------------------------------------------------------------------ the journal


class Journal:
    """Finished chunks as pickle files in a folder, each named by :meth:`Task.key`."""

    def __init__(self, folder: Path | None, code: str, fresh: bool = False) -> None:
        self.folder, self.code = folder, code
        if folder is not None:
            if fresh and folder.exists():
                shutil.rmtree(folder)
            folder.mkdir(parents=True, exist_ok=True)

    def _path(self, task: Task) -> Path | None:
        return None if self.folder is None else self.folder / f"{task.key(self.code)}.pickle"

    def get(self, task: Task) -> list[Any] | None:
        path = self._path(task)
        if path is None or not path.exists():
            return None
        try:
            return pickle.loads(path.read_bytes())
        except Exception:  # a file cut short by a kill: compute the chunk again
            return None

    def put(self, task: Task, results: list[Any]) -> None:
        path = self._path(task)
        if path is not None:
            temporary = path.with_suffix(".tmp")
            temporary.write_bytes(pickle.dumps(results))
            temporary.replace(path)  # whole or absent, even when the run is killed here


# ------------------------------------------------------------------ progress


class Progress:
    """Tasks done, rate and time left, on stderr: rewritten in place on a terminal, a line now and then otherwise."""

    def __init__(self, name: str, total: int, done: int, stream: TextIO | None) -> None:
        self.name, self.total, self.done, self.stream = name, total, done, stream
        self.resumed, self.started, self.shown = done, time.monotonic(), 0.0
        self.tty = bool(stream is not None and getattr(stream, "isatty", lambda: False)())
        if stream is not None and done:
            print(f"{name}: {done} of {total} tasks already done (journal), resuming", file=stream, flush=True)

    def step(self) -> None:
        self.done += 1
        now = time.monotonic()
        if self.stream is None or (not self.tty and now - self.shown < PROGRESS_EVERY and self.done < self.total):
            return
        self.shown = now
        elapsed = now - self.started
        rate = (self.done - self.resumed) / elapsed if elapsed > 0 else 0.0
        left = f"about {duration_text((self.total - self.done) / rate)} left" if rate > 0 else "time left unknown"
        line = f"{self.name}: {self.done}/{self.total} tasks done, {rate:.2f} tasks/s, {left}"
        if self.done == self.total:
            line = f"{self.name}: {self.total}/{self.total} tasks done in {duration_text(elapsed)}"
        end = "\n" if not self.tty or self.done == self.total else ""
        print(("\r\x1b[K" if self.tty else "") + line, end=end, file=self.stream, flush=True)


# ------------------------------------------------------------------ running


def run(tasks: Sequence[Task], options: Options = Options(workers=1), *, name: str = "generate",
        code: str = "", progress: TextIO | None = None) -> list[list[Any]]:
    """Each task's results, in the tasks' order, from the journal or computed (see the module's text); progress
    lines go to ``progress`` (e.g. ``sys.stderr``)."""
    journal = Journal(options.journal, code, options.fresh)
    results: list[list[Any] | None] = [journal.get(task) for task in tasks]
    todo = [i for i, found in enumerate(results) if found is None]
    meter = Progress(name, len(tasks), len(tasks) - len(todo), progress)

    def finished(i: int, value: list[Any]) -> None:
        journal.put(tasks[i], value)
        results[i] = value
        meter.step()

    try:
        if todo and options.workers == 1 and options.scheduler is None:
            for i in todo:
                finished(i, run_chunk(tasks[i].function, tasks[i].items, tasks[i].args))
        elif todo:
            _run_on_dask([(i, tasks[i]) for i in todo], options, finished, meter)
    except KeyboardInterrupt:
        kept = f"kept in {options.journal}; the same command resumes" if options.journal else "not kept (no journal)"
        raise GenerationError(f"interrupted after {meter.done} of {len(tasks)} tasks, {kept}") from None
    return results  # type: ignore[return-value]


def _run_on_dask(todo: list[tuple[int, Task]], options: Options, finished: Callable[[int, list[Any]], None],
                 meter: Progress) -> None:
    from distributed import Client, LocalCluster, as_completed

    if options.scheduler is not None:
        client = connect(options.scheduler)
        cluster = None
    else:
        workers = options.workers or os.cpu_count() or 1
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0")
        client = Client(cluster)
    try:
        meter.started = time.monotonic()  # the rate counts the work, not the cluster's start
        futures = {}
        run_id = uuid.uuid4().hex[:8]  # keys unique on a scheduler that other runs share
        for i, task in todo:
            future = client.submit(run_chunk, task.function, task.items, task.args, key=f"{task.label}-{run_id}",
                                   retries=RETRIES, pure=False)
            futures[future] = i
        for future in as_completed(futures):
            finished(futures[future], future.result())
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def connect(address: str):
    """A client of the scheduler at ``address``, or :class:`GenerationError` naming it within
    :data:`CONNECT_TIMEOUT` seconds (nothing listening, a host that does not answer, or something that is not
    a Dask scheduler)."""
    from distributed import Client

    try:
        return Client(address, timeout=f"{CONNECT_TIMEOUT}s")
    except (OSError, TimeoutError, ValueError) as error:
        reason = str(error).splitlines()[0][:120] if str(error) else type(error).__name__
    except Exception as error:  # e.g. another protocol's server: its reply read as a frame length
        reason = f"it does not answer as a Dask scheduler: {type(error).__name__}"
    raise GenerationError(f"cannot reach the Dask scheduler at {address} ({reason})")
