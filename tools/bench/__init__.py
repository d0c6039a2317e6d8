"""The benchmarks of ``nox -s bench``: what a reader feels (the page, the engine, the solver, the bots, the build).

- :mod:`tools.bench.engine`: the engine's guard rail (instructions per random playout) and its playouts a second;
- :mod:`tools.bench.solver`: the solver's guard rail (nodes a second) and the strong opponent's move time;
- :mod:`tools.bench.puzzles` and :mod:`tools.bench.analysis`: a puzzle's solve and a walkthrough step's analysis;
- :mod:`tools.bench.build`: the site build, full and after a one-line ``.po`` edit;
- :mod:`tools.bench.browser` and :mod:`tools.bench.offline` (sharing :mod:`tools.bench.pages`): the walkthroughs,
  the Play page and the service worker in Chromium.

The opponents page's strength figures are data, not a benchmark: :mod:`tools.strength` (``nox -s strength``).
Every benchmark returns :class:`tools.bench.figure.Figure` rows or prints its own; ``python -m tools.bench`` runs them.
"""
