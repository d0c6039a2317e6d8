"""The bench's guard rails (``nox -s bench``): their verdicts, and the scripts they count run on the engine."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tools.bench import engine, solver
from tools.bench.figure import guard_rail

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("value", "ok"), [(103.0, True), (103.1, False), (90.0, True)])
def test_a_cost_may_rise_at_most_to_its_limit(value: float, ok: bool) -> None:
    """Instructions may pass today's count by 3% at most."""
    figure = guard_rail("cost", value, 100, "abc1234", 1.03)
    assert figure.ok is ok
    assert figure.goal == "at most 103, 3% from abc1234"
    assert "(at abc1234: 100)" in figure.name


@pytest.mark.parametrize(("value", "ok"), [(95.0, True), (94.9, False), (120.0, True)])
def test_a_rate_may_fall_at_most_to_its_limit(value: float, ok: bool) -> None:
    """Nodes a second may fall 5% below today's at most."""
    figure = guard_rail("rate", value, 100, "abc1234", 0.95)
    assert figure.ok is ok
    assert figure.goal == "at least 95, 5% from abc1234"


def test_the_references_name_a_commit_and_hold_measured_figures() -> None:
    """Each guard rail is printed beside a figure measured at a named commit."""
    for reference in (engine.REFERENCE, solver.REFERENCE):
        assert len(reference["commit"]) >= 7
        assert all(value > 0 for key, value in reference.items() if key != "commit")


@pytest.mark.parametrize(("script", "argument", "prints_nodes"), [(engine.PLAYOUT_SCRIPT, 3, False),
                                                                  (solver.SOLVE_SCRIPT, 2, True)])
def test_the_counted_scripts_run_on_the_public_engine(script: str, argument: int, prints_nodes: bool) -> None:
    """The scripts callgrind counts play real deals (the solver's prints the nodes it searched)."""
    paths = [str(ROOT / "engine"), str(ROOT), os.environ.get("PYTHONPATH", "")]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in paths if p))
    done = subprocess.run([sys.executable, "-c", script, str(argument)], capture_output=True, text=True, cwd=ROOT,
                          env=env, check=True)
    if prints_nodes:
        assert int(done.stdout) > 0
    else:
        assert done.stdout == ""


def test_the_solver_positions_are_deals_after_their_first_trick() -> None:
    """The solver is timed on seeded deals with one trick played and the deal still going."""
    positions = solver.positions(3)
    assert [len(deal.tricks) for deal in positions] == [1, 1, 1]
    assert not any(deal.is_over for deal in positions)
