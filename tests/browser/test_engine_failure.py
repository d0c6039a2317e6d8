"""A live engine that cannot start is reported within 15 s, and the page stays usable.

Each way Pyodide's start can fail is staged with Playwright's request interception:
``pyodide.asm.wasm`` aborted, missing (404) or truncated; the engine wheel missing;
``python_stdlib.zip`` missing. A walkthrough page and the Play page must then show their
translated failure message within 15 s (Pyodide's ``loadPyodide`` alone never settles when the
WebAssembly module fails), with no uncaught error; the walkthrough's static steps still work.
The standard library's bytecode zip is read first (spoilt, the start fails), and only saves
compiling (missing, the start works).
"""

from __future__ import annotations

import io
import json
import time
import zipfile
from pathlib import Path

import pytest

REPORTED_WITHIN_MS = 15_000
WIDGET = '.linger-walkthrough[data-example="last-trump"]'
WALKTHROUGH_PAGE = "profiles.html"


def truncated(site_dir: Path, name: str) -> bytes:
    return (site_dir / "_pyodide" / name).read_bytes()[:4096]


def stage(ctx, how: str, site_dir: Path) -> None:
    """Make the engine's start fail in one way, for every page and worker of the context."""
    if how == "wasm aborted":
        ctx.route("**/_pyodide/pyodide.asm.wasm", lambda route: route.abort("connectionreset"))
    elif how == "wasm missing":
        ctx.route("**/_pyodide/pyodide.asm.wasm", lambda route: route.fulfill(status=404, body="missing"))
    elif how == "wasm truncated":
        body = truncated(site_dir, "pyodide.asm.wasm")
        ctx.route("**/_pyodide/pyodide.asm.wasm",
                  lambda route: route.fulfill(status=200, body=body, content_type="application/wasm"))
    elif how == "wheel missing":
        ctx.route("**/_pyodide/*.whl", lambda route: route.fulfill(status=404, body="missing"))
    elif how == "stdlib missing":
        ctx.route("**/_pyodide/python_stdlib.zip", lambda route: route.fulfill(status=404, body="missing"))
    else:
        raise AssertionError(how)


HOW = ["wasm aborted", "wasm missing", "wasm truncated", "wheel missing", "stdlib missing"]


def uncaught(watch) -> list[str]:
    """Console errors other than the browser's own note of the failed download, and uncaught exceptions."""
    return [m for m in watch.console_errors if "Failed to load resource" not in m] + watch.page_errors


@pytest.mark.parametrize("how", HOW)
def test_walkthrough_reports_a_failed_engine_within_15_s(watched_context, open_watched, site_url, site_dir,
                                                         how: str) -> None:
    ctx, watch = watched_context
    stage(ctx, how, site_dir)
    page = open_watched(ctx, watch)
    started = time.monotonic()
    page.goto(f"{site_url}/fr/{WALKTHROUGH_PAGE}")
    page.wait_for_function(f"document.querySelector({WIDGET!r}).dataset.engine === 'failed'",
                           timeout=REPORTED_WITHIN_MS)
    assert time.monotonic() - started < REPORTED_WITHIN_MS / 1000
    labels = json.loads(page.get_attribute(WIDGET, "data-labels"))
    assert page.text_content(f"{WIDGET} .linger-wt-status") == labels["failed"]
    assert not labels["failed"].startswith("The live engine")  # in the page's language, French
    assert not page.is_visible(f"{WIDGET} .linger-wt-analysis-toggle")  # no analysis without an engine
    try_line = f"{WIDGET} .linger-wt-stage .linger-wt-try"
    assert page.eval_on_selector(try_line, "(p) => p.hidden")  # its place, kept for the engine, is given up
    page.focus(WIDGET)
    page.keyboard.press("ArrowRight")
    assert page.get_attribute(WIDGET, "data-step") == "1"  # the static steps still work
    assert page.eval_on_selector(try_line, "(p) => p.hidden")
    page.wait_for_timeout(300)
    assert uncaught(watch) == []


@pytest.mark.parametrize("how", HOW)
def test_play_page_reports_a_failed_engine_within_15_s(watched_context, open_watched, site_url, site_dir,
                                                       how: str) -> None:
    ctx, watch = watched_context
    stage(ctx, how, site_dir)
    page = open_watched(ctx, watch)
    started = time.monotonic()
    page.goto(f"{site_url}/nl/play.html")
    page.wait_for_function("document.querySelector('.linger-play').dataset.engine === 'failed'",
                           timeout=REPORTED_WITHIN_MS)
    assert time.monotonic() - started < REPORTED_WITHIN_MS / 1000
    labels = json.loads(page.get_attribute(".linger-play", "data-labels"))
    assert page.text_content(".linger-play-status") == labels["engine_failed"]
    assert page.locator(".linger-play-game").is_hidden()
    page.wait_for_timeout(300)
    assert uncaught(watch) == []


def test_a_stalled_download_fails_the_start_after_its_timeout(watched_context, open_watched, site_url) -> None:
    """A download that never answers nor fails: the start gives up after the engine's timeout."""
    ctx, watch = watched_context
    ctx.route("**/_pyodide/pyodide.asm.wasm", lambda route: None)  # held: no answer, no error
    page = open_watched(ctx, watch, f"{site_url}/en/{WALKTHROUGH_PAGE}")
    outcome = page.evaluate("""async () => {
      const { Engine } = await import(document.querySelector('script[data-pyodide]').src);
      const engine = new Engine(new URL('../_pyodide/', location.href).href, { startTimeoutMs: 2000 });
      const started = performance.now();
      try { await engine.ready; return ['ready', 0]; }
      catch (err) { return [err.message, performance.now() - started]; }
    }""")
    assert outcome[0] == "the engine did not start within 2 s"
    assert 1900 <= outcome[1] < 6000
    assert uncaught(watch) == []


STDLIB_BYTECODE = "engine-stdlib-bytecode.zip"  # tutorial/linger_walkthrough/pyodide_assets.py: STDLIB_BYTECODE


def with_bad_magic(site_dir: Path, member: str) -> bytes:
    """The site's standard-library bytecode zip with ``member``'s magic number spoilt."""
    out = io.BytesIO()
    with zipfile.ZipFile(site_dir / "_pyodide" / STDLIB_BYTECODE) as zf, zipfile.ZipFile(out, "w") as spoilt:
        for name in zf.namelist():
            data = zf.read(name)
            spoilt.writestr(name, b"\0\0\0\0" + data[4:] if name == member else data)
    return out.getvalue()


def test_the_worker_imports_the_standard_library_from_its_bytecode_first(
        watched_context, open_watched, site_url, site_dir) -> None:
    """Proof that the zip is read, and read before the standard library: spoil tomllib's bytecode in it and the
    engine cannot start (with the zip ignored, tomllib would come from its source and the start would work)."""
    ctx, watch = watched_context
    body = with_bad_magic(site_dir, "tomllib/__init__.pyc")
    ctx.route(f"**/_pyodide/{STDLIB_BYTECODE}", lambda route: route.fulfill(status=200, body=body,
                                                                          content_type="application/zip"))
    page = open_watched(ctx, watch, f"{site_url}/en/{WALKTHROUGH_PAGE}")
    page.wait_for_function(f"document.querySelector({WIDGET!r}).dataset.engine === 'failed'",
                           timeout=REPORTED_WITHIN_MS)
    assert "tomllib" in page.evaluate("window.lingerLonger.ready.then(() => '', (err) => err.message)")


def test_a_standard_library_refused_late_still_fails_the_start(watched_context, open_watched, site_url) -> None:
    """Pyodide only logs a failed download of python_stdlib.zip, and with the bytecode zip Python could start without
    it: refused once Pyodide awaits it (after its WebAssembly module has come), the start must still fail, and say
    which file failed."""
    ctx, watch = watched_context
    held = []
    ctx.route("**/_pyodide/python_stdlib.zip", lambda route: held.append(route))
    page = open_watched(ctx, watch, f"{site_url}/en/{WALKTHROUGH_PAGE}")
    page.wait_for_function("performance.getEntriesByName('linger-worker-start').length > 0")
    deadline = time.monotonic() + 30
    while not (held and any(url.endswith("pyodide.asm.wasm") for url in watch.requests)):
        assert time.monotonic() < deadline, "the start never asked for python_stdlib.zip and its WebAssembly module"
        page.wait_for_timeout(100)
    page.wait_for_timeout(2000)  # the module compiled and instantiated: Pyodide now awaits its standard library
    for route in held:
        route.fulfill(status=404, body="missing")
    page.wait_for_function(f"document.querySelector({WIDGET!r}).dataset.engine === 'failed'",
                           timeout=REPORTED_WITHIN_MS)
    assert "python_stdlib.zip failed (HTTP 404)" in page.evaluate(
        "window.lingerLonger.ready.then(() => '', (err) => err.message)")
    assert uncaught(watch) == []


def test_without_the_standard_librarys_bytecode_the_engine_still_starts(
        watched_context, open_watched, site_url) -> None:
    """The zip only saves compiling: missing, the worker compiles those modules itself and the page goes live."""
    ctx, watch = watched_context
    ctx.route(f"**/_pyodide/{STDLIB_BYTECODE}", lambda route: route.fulfill(status=404, body="missing"))
    page = open_watched(ctx, watch, f"{site_url}/en/{WALKTHROUGH_PAGE}")
    page.wait_for_function(f"document.querySelector({WIDGET!r}).dataset.engine === 'live'", timeout=60_000)
    assert any(url.endswith(STDLIB_BYTECODE) for url in watch.requests)
    assert uncaught(watch) == []
