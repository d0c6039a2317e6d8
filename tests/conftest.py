"""Shared test set-up: the repository root on sys.path (for ``tools``) and the built site."""

from __future__ import annotations

import os
import sys
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
