"""The widget's pure logic (static/linger-model.mjs), tested under Node without a browser."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


def test_widget_logic_under_node() -> None:
    """Stepping, branching and the view model behave as the walkthrough widget needs (node --test)."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js is needed for the widget logic tests (node --test)")
    result = subprocess.run([node, "--test", str(HERE / "model.test.mjs")], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
