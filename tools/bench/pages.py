"""What the Chromium benchmarks share (:mod:`tools.bench.browser`, :mod:`tools.bench.offline`): the built site,
the page measured, a fresh browser profile, a performance mark, and the stored site."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tools.chromium import CHROMIUM, CHROMIUM_ARGS

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "build" / "site"
PAGE = "en/profiles.html"  # holds "winning with your last trump" and three more walkthroughs
TIMEOUT_MS = 180_000


@contextmanager
def fresh_profile(p, **options) -> Iterator:
    """A Chromium context on a new, empty profile (a first visit: no HTTP, code or storage caches), closed after."""
    with tempfile.TemporaryDirectory() as profile:
        context = p.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                                       headless=True, **options)
        try:
            yield context
        finally:
            context.close()


def mark(page, name: str) -> float:
    """When the performance entry ``name`` (a mark, or a paint such as ``first-contentful-paint``) happened (ms)."""
    page.wait_for_function(f"performance.getEntriesByName({name!r}).length > 0", timeout=TIMEOUT_MS)
    return page.evaluate(f"performance.getEntriesByName({name!r})[0].startTime")


def wait_stored(page) -> None:
    """Until the service worker has stored the whole site (linger-offline.js marks the page)."""
    page.wait_for_function("document.documentElement.dataset.lingerOffline === 'ready'", timeout=TIMEOUT_MS)


def check_site(site: Path, module: str, *needed: str) -> None:
    """Exit with one line when the built site lacks a file ``module`` measures."""
    for name in needed:
        if not (site / name).is_file():
            raise SystemExit(f"{module}: no {name} in {site}: run `nox -s site` first")
