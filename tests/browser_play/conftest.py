"""Fixtures for the Play page's browser tests, reusing tests/browser/conftest.py (Chromium, the built site, watching).

``play_url`` serves a folder that holds the built site's ``_pyodide/`` (Pyodide and the engine
wheel, exactly as the site serves them) and the live engine's static files from
``tutorial/linger_walkthrough/static`` (the one engine worker, and the Play page's client of it),
plus a bare test page: so the Play page's engine calls run in Chromium against the real wheel
before the Play page itself is built into the site.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

_BROWSER = Path(__file__).resolve().parents[1] / "browser" / "conftest.py"
_spec = importlib.util.spec_from_file_location("linger_browser_fixtures", _BROWSER)
assert _spec is not None and _spec.loader is not None
browser_fixtures = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = browser_fixtures  # importable by name from the tests
_spec.loader.exec_module(browser_fixtures)

# The same fixtures as the walkthrough's browser tests.
site_dir = browser_fixtures.site_dir
site_url = browser_fixtures.site_url
axe = browser_fixtures.axe
Watch = browser_fixtures.Watch
watch_context = browser_fixtures.watch_context
watch_page = browser_fixtures.watch_page

STATIC = Path(__file__).resolve().parents[2] / "tutorial" / "linger_walkthrough" / "static"

TEST_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Play engine test</title><link rel="icon" href="data:,">
<script type="module">
import { getEngine } from './play/linger-engine.mjs';
import { PlayEngine } from './play/linger-play-engine.mjs';
window.playEngine = new PlayEngine(getEngine(new URL('_pyodide/', location.href).href));
</script></head><body></body></html>
"""


@pytest.fixture(scope="session")
def play_url(site_dir: Path) -> Iterator[str]:
    """A local server with the site's _pyodide/ and the Play page's static files; the URL of the test page."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        os.symlink(site_dir / "_pyodide", root / "_pyodide")
        os.symlink(STATIC, root / "play")
        (root / "play-test.html").write_text(TEST_PAGE, encoding="utf-8")
        with browser_fixtures.serve(root) as url:
            yield f"{url}/play-test.html"
