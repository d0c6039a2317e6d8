"""``nox -s puzzles``: the Puzzles page's positions from seeded deals, the seeds run as Dask tasks.

Usage::

    python -m tools.puzzles --seeds 0-199                       # every core of this machine
    python -m tools.puzzles --seeds 0-199 --scheduler tcp://10.0.0.5:8786   # an existing Dask cluster
    python -m tools.puzzles --seeds 0-39 --workers 1 --out /tmp/p  # in this process

Each task is a chunk of :data:`CHUNK` seed(s), each seed searched by the engine's
:func:`linger_longer.puzzles.puzzle_for_seed`; the chunks go through :func:`tools.generate.run` (journal,
resume, progress, retries) and come back in seed order, so the files written are the same whatever the
number of workers. The flags are the engine's (:func:`linger_longer.puzzles.parser`) and the driver's.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TextIO

from linger_longer import puzzles
from tools import generate

#: Seeds a task: one, since a seed may take a hundred times another (a draw-per-card deal gives the solver
#: long lines: 0.1 s to 12 s a seed), and neighbouring seeds share their rule set, so longer chunks would
#: put the slow seeds together and leave a worker idle.
CHUNK = 1
NAME = "puzzles"


def tasks(seeds: Sequence[int], nodes: int = puzzles.NODES) -> list[generate.Task]:
    """One task per :data:`CHUNK` seeds, in seed order."""
    return [generate.Task(f"seeds-{part[0]}-{part[-1]}", puzzles.puzzle_for_seed, tuple(part), (nodes,))
            for part in generate.chunks(seeds, CHUNK)]


def find(seeds: Sequence[int], count: int, options: generate.Options, progress: TextIO | None = None,
         nodes: int = puzzles.NODES) -> list[puzzles.Puzzle]:
    """The chosen puzzles (:func:`linger_longer.puzzles.choose`) of the seeds, found on Dask."""
    code = generate.source_digest([*generate.engine_sources(), generate.ROOT / "tools" / "puzzles.py"])
    found = generate.run(tasks(seeds, nodes), options, name=NAME, code=code, progress=progress)
    return puzzles.choose(list(seeds), [puzzle for part in found for puzzle in part], count)


def main(argv: list[str] | None = None) -> int:
    parser = puzzles.parser("python -m tools.puzzles")
    generate.add_arguments(parser, NAME)
    args = parser.parse_args(argv)
    if args.count < 1:
        parser.error(f"--count {args.count}: give 1 or more")
    try:
        options = generate.options(args)
    except generate.GenerationError as error:
        parser.error(str(error))
    try:
        chosen = find(args.seeds, args.count, options, progress=sys.stderr)
    except (puzzles.PuzzleError, generate.GenerationError) as error:
        print(f"puzzles: {error}", file=sys.stderr)
        return 1
    for path in puzzles.write(chosen, args.out):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
