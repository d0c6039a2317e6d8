"""The benchmarks of ``nox -s bench``, one module each; ``python -m tools.bench`` runs them all.

- :mod:`tools.bench.figure`: the measured figure every benchmark returns;
- :mod:`tools.bench.engine`: the engine's playout speed, step cost and
  instruction count, against a compact implementation of the rules;
- :mod:`tools.bench.floor`: no benchmark but a measuring reference, the
  cheapest deal found with the engine's API, whose instruction count
  :mod:`tools.bench.engine` prints beside the engine's;
- :mod:`tools.bench.bots`: each bot strength against three of another, and
  the strong bot's move time (CPython, and Pyodide under Node with
  ``pyodide_bot.mjs``);
- :mod:`tools.bench.build`: the site build, full and after a one-line ``.po`` edit;
- :mod:`tools.bench.browser`: the walkthroughs and the Play page in Chromium.

Each benchmark module imports :mod:`tools.bench.figure` and nothing else of the package;
:mod:`tools.bench.__main__` imports them all.
"""
