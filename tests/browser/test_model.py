"""The widgets' pure logic (static/linger-model.mjs, static/linger-play-model.mjs, the engine snapshot's stored form in
static/linger-snapshot.mjs), tested under Node without a browser."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


@pytest.mark.parametrize("tests", ["model.test.mjs", "play-model.test.mjs", "play-engine.test.mjs", "play-store.test.mjs",
                                   "puzzles.test.mjs", "snapshot.test.mjs"])
def test_widget_logic_under_node(tests: str) -> None:
    """The walkthrough's stepping and branching, the Play page's form, messages, score and refused requests (with
    the rule's link), the Puzzles page's stored progress, and the engine snapshot packed without its zero pages,
    under node --test."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js is needed for the widget logic tests (node --test)")
    result = subprocess.run([node, "--test", str(HERE / tests)], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("config", ["jsconfig.json", "jsconfig.worker.json"])
def test_widget_javascript_type_checks(config: str) -> None:
    """The widget's and the worker's JavaScript pass TypeScript's strict check of their JSDoc types."""
    tsc = HERE.parents[1] / "node_modules" / ".bin" / "tsc"
    if not tsc.is_file():
        pytest.fail("TypeScript is missing from node_modules: run `npm ci`")
    project = HERE.parents[1] / "tutorial" / "linger_walkthrough" / config
    result = subprocess.run([str(tsc), "-p", str(project)], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
