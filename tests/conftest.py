"""Shared test set-up: the repository root on sys.path (for ``tools``) and the built site."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


@pytest.fixture(scope="session")
def repo_root() -> Path:
    """The repository root."""
    return ROOT


@pytest.fixture(scope="session")
def built_site() -> Path:
    """build/site as ``nox -s site`` (and ``nox -s tests``, first) leaves it; never skipped."""
    site = Path(os.environ.get("LINGER_SITE", ROOT / "build" / "site"))
    missing = [p for p in ("index.html", "en/index.html", "fr/index.html", "it/index.html", "nl/index.html")
               if not (site / p).is_file()]
    if missing:
        pytest.fail(f"{site} is not a built site (missing {', '.join(missing)}): run `nox -s site` first",
                    pytrace=False)
    return site


@pytest.fixture(scope="session")
def chromium() -> Iterator[object]:
    """Debian's Chromium driven by Playwright (sync API): one browser for the whole session.

    Playwright's sync API allows one instance per process, so every browser
    test, whichever folder it lives in, shares this fixture.
    """
    from tools.chromium import CHROMIUM, CHROMIUM_ARGS, MISSING

    if not Path(CHROMIUM).is_file():
        pytest.fail(MISSING, pytrace=False)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()
