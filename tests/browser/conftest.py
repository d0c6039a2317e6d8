"""Fixtures for the browser tests: the built site served on 127.0.0.1 and Debian's Chromium.

The site must be built first (``nox -s site`` writes build/site/).  Chromium is
Debian's (``apt-get install -y chromium``); Playwright's own browser download
does not work on these machines.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from linger_longer.languages import CODES

from tools.local_server import serve

REPO = Path(__file__).resolve().parents[2]
SITE = Path(os.environ.get("LINGER_SITE", REPO / "build" / "site"))
LANGS = CODES
AXE = REPO / "node_modules" / "axe-core" / "axe.min.js"


@pytest.fixture(scope="session")
def site_dir() -> Path:
    """The built site; the tests do not build it."""
    if not (SITE / "_pyodide" / "pyodide-lock.json").is_file() or not (SITE / "en").is_dir():
        pytest.fail(f"no built site with Pyodide assets in {SITE}: run `nox -s site` first", pytrace=False)
    return SITE


@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    """Serve build/site on 127.0.0.1 with a free port, like ``python -m http.server``."""
    with serve(site_dir) as url:
        yield url


@dataclass
class Watch:
    """What a page did: every request, console errors, uncaught exceptions."""

    origin: str
    requests: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)

    def foreign(self) -> list[str]:
        return [u for u in self.requests if not u.startswith(("data:", "blob:")) and _origin(u) != self.origin]

    def check(self) -> None:
        assert self.foreign() == [], f"requests outside {self.origin}: {self.foreign()}"
        assert self.console_errors == [], f"console errors: {self.console_errors} (failed responses: {self.failed})"
        assert self.page_errors == [], f"uncaught errors: {self.page_errors}"


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


@pytest.fixture
def watched_context(chromium, site_url: str) -> Iterator[tuple[object, Watch]]:
    """A fresh browser context whose requests are recorded; pages opened with ``open_watched`` are watched too."""
    ctx = chromium.new_context()
    watch = watch_context(ctx, site_url)
    try:
        yield ctx, watch
    finally:
        ctx.close()


@pytest.fixture
def open_watched() -> Callable[[object, Watch, str | None], object]:
    """Open a page in a watched context (console errors and uncaught exceptions recorded), optionally at a URL."""

    def open_page(ctx: object, watch: Watch, url: str | None = None) -> object:
        page = ctx.new_page()
        watch_page(page, watch)
        if url is not None:
            page.goto(url)
        return page

    return open_page


def watch_context(context: object, site_url: str) -> Watch:
    """Record requests of every page and worker of a browser context."""
    watch = Watch(origin=_origin(site_url))
    context.on("request", lambda request: watch.requests.append(request.url))
    context.on("requestfailed", lambda request: watch.failed.append(f"{request.url} ({request.failure})"))
    context.on("response", lambda r: watch.failed.append(f"{r.url} {r.status}") if r.status >= 400 else None)
    return watch


def watch_page(page: object, watch: Watch) -> None:
    page.on("console", lambda m: watch.console_errors.append(f"{m.text} ({m.location.get('url')})") if m.type == "error" else None)
    page.on("pageerror", lambda exc: watch.page_errors.append(str(exc)))


def run_axe(page: object) -> list[dict]:
    """axe-core's serious and critical violations on the page as it is now (contrast included)."""
    page.add_script_tag(path=str(AXE))
    # Only the violations are needed: axe then skips the details of what passes (a faster run).
    violations = page.evaluate("async () => (await axe.run(document, {resultTypes: ['violations']})).violations")
    return [
        {"id": v["id"], "impact": v["impact"], "nodes": [n["html"][:160] for n in v["nodes"][:3]]}
        for v in violations
        if v["impact"] in ("serious", "critical")
    ]


@pytest.fixture(scope="session")
def axe() -> Callable[[object], list[dict]]:
    """:func:`run_axe`, as a fixture for the test modules (they cannot import a conftest by name)."""
    return run_axe
