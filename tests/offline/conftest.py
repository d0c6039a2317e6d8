"""Fixtures for the offline tests: the built site served by tools/serve.py (precompressed copies included),
and browser contexts whose failed requests are recorded, the service worker's included.

Each test gets a fresh context (an empty cache, no service worker) from the one Chromium of the session.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tools.serve import Site, serve

REPO = Path(__file__).resolve().parents[2]
SITE = Path(os.environ.get("LINGER_SITE", REPO / "build" / "site"))


@pytest.fixture(scope="session")
def offline_site() -> Path:
    """The built site with its service worker; the tests do not build it."""
    if not (SITE / "sw.js").is_file() or not (SITE / "_pyodide" / "pyodide-lock.json").is_file():
        pytest.fail(f"no built site with a service worker in {SITE}: run `nox -s site` first", pytrace=False)
    return SITE


@pytest.fixture
def served(offline_site: Path) -> Iterator[Site]:
    """The built site on 127.0.0.1 (a server per test, so each request log is the test's own)."""
    with serve(offline_site) as site:
        yield site


@dataclass
class Failures:
    """Requests that failed or were answered with an error, console errors and uncaught exceptions."""

    failed: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def watch_page(self, page) -> None:
        page.on("console", lambda m: self.errors.append(f"console: {m.text}") if m.type == "error" else None)
        page.on("pageerror", lambda exc: self.errors.append(f"uncaught: {exc}"))


def superseded(request) -> bool:
    """A page's document load cut short by the page's own next navigation: the root page sends the reader to a
    language from a script in its ``<head>``, and when its last bytes are still on the way (a loaded server can
    pause between a response's headers and its body) the browser reports that load as aborted. Nothing failed."""
    return request.failure == "net::ERR_ABORTED" and request.is_navigation_request()


def watch(context) -> Failures:
    """Record every failed request of ``context`` (pages, workers and the service worker)."""
    found = Failures()
    context.on("requestfailed", lambda r: None if superseded(r) else found.failed.append(f"{r.url} ({r.failure})"))
    context.on("response", lambda r: found.failed.append(f"{r.url} {r.status}") if r.status >= 400 else None)
    context.on("page", found.watch_page)
    return found


@pytest.fixture
def context(chromium) -> Iterator[tuple[object, Failures]]:
    """A fresh browser context and what failed in it."""
    ctx = chromium.new_context()
    try:
        yield ctx, watch(ctx)
    finally:
        ctx.close()

