"""Offline part of ``nox -s bench``: the live engine from the service worker's cache, and precompression's bytes.

Measured in Chromium on the built site, served by ``tools/serve.py``:

- live engine ready (mark ``linger-engine-ready`` on a walkthrough page) on a first visit, in a fresh
  profile, then on a repeat visit once the service worker has stored the site and the engine worker its
  memory snapshot (every file then comes from the cache, none from the network or the HTTP cache, and
  the engine starts from the snapshot, both checked): the repeat visit's goal is at most half the
  first's. Measured on the loopback, where the network costs nothing, and with the first visit on an
  emulated broadband line (:data:`LINE`), where it also pays for the download (the repeat visit takes
  nothing from the network, which is checked, so it runs without the emulation: Chromium's would also
  slow the responses the service worker gives from its cache);
- bytes transferred for a first visit to the walkthrough page until its live engine is ready (the page's
  own requests, the service worker kept out), with and without the ``.br``/``.gz`` copies, and what the
  service worker's background fill of the whole site transfers, both ways.

Run alone with ``python -m tools.bench.offline [build/site]``; ``python -m tools.bench`` calls :func:`run`.
"""

from __future__ import annotations

import statistics
import sys
from collections.abc import Callable
from pathlib import Path

from tools.bench.pages import PAGE, SITE, check_site, fresh_profile, mark, wait_stored
from tools.serve import serve

#: Runs of each visit pair: the repeat visit against the first is a ratio of two medians, which moved by
#: several hundredths between runs of one build with three.
RUNS = 5
#: An emulated broadband line for the first visit: 20 Mbit/s down, 5 up, 30 ms round trip.
LINE = {"offline": False, "latency": 30, "downloadThroughput": 20e6 / 8, "uploadThroughput": 5e6 / 8}
#: The repeat visit's goal: its live engine ready in at most this share of the first visit's time.
REPEAT_GOAL = 0.5


PHASES = "window.lingerLonger && window.lingerLonger.engine ? window.lingerLonger.engine.phases : {}"
#: The engine worker's snapshot for the next visit, once stored (``{state, bytes, stored, made, ms}``), and how it
#: started.
SNAPSHOT = "window.lingerLonger.engine.snapshot"
START = "window.lingerLonger.engine.start"


def first_and_repeat(p, url: str, line: dict | None) -> tuple[float, float, dict, dict, dict]:
    """Live engine ready (ms from navigation) on a first visit and on a repeat visit from the cache, the
    worker's start-up phases of each (ms after the worker starts: pyodide.mjs, snapshot, WebAssembly, the
    engine wheel's download begun, Pyodide with the wheel installed, import), and the first visit's snapshot report (bytes; ``made``, the ms its requests
    waited for it; ``ms``, storing included)."""
    with fresh_profile(p) as context:
        page = context.new_page()
        if line:
            context.new_cdp_session(page).send("Network.emulateNetworkConditions", line)
        page.goto(url)
        first = mark(page, "linger-engine-ready")
        first_phases = page.evaluate(PHASES)
        wait_stored(page)
        snapshot = page.evaluate(SNAPSHOT)
        if snapshot.get("state") != "stored":
            raise RuntimeError(f"the first visit stored no engine snapshot: {snapshot}")
        page.close()
        # No emulated line now: every response comes from the service worker (checked below), and
        # Chromium's emulation would slow those too, as if the cache were across the network.
        page = context.new_page()
        served_by_network: list[str] = []
        page.on("response", lambda r: None if r.from_service_worker else served_by_network.append(r.url))
        page.goto(url)
        repeat = mark(page, "linger-engine-ready")
        if served_by_network:
            raise RuntimeError(f"the repeat visit went to the network for {served_by_network[:3]}")
        start = page.evaluate(START)
        if start["path"] != "snapshot":
            raise RuntimeError(f"the repeat visit did not start from the stored snapshot: {start}")
        return first, repeat, first_phases, page.evaluate(PHASES), snapshot


def transferred(p, url: str, *, service_worker: bool) -> int:
    """Bytes (headers and bodies, as sent) of a first visit, in a fresh profile, until the live engine is ready;
    with the service worker, until it has also stored the whole site."""
    total = 0
    with fresh_profile(p, service_workers="allow" if service_worker else "block") as context:

        def add(request) -> None:
            nonlocal total
            sizes = request.sizes()
            total += sizes["responseBodySize"] + sizes["responseHeadersSize"]

        context.on("requestfinished", add)
        page = context.new_page()
        page.goto(url)
        mark(page, "linger-engine-ready")
        if service_worker:
            wait_stored(page)
        page.wait_for_load_state("networkidle")
    return total


def run(site: Path = SITE, out: Callable[[str], None] = print) -> dict[str, float]:
    """Measure and print; return the figures (milliseconds, ratios and bytes)."""
    from playwright.sync_api import sync_playwright

    check_site(site, "tools.bench.offline", PAGE, "sw.js")
    figures: dict[str, float] = {}
    with sync_playwright() as p:
        with serve(site) as served:
            for label, line in (("loopback", None), ("line", LINE)):
                runs = [first_and_repeat(p, served.url + PAGE, line) for _ in range(RUNS)]
                figures[f"{label}_first_ms"] = statistics.median(r[0] for r in runs)
                figures[f"{label}_repeat_ms"] = statistics.median(r[1] for r in runs)
                figures[f"{label}_ratio"] = figures[f"{label}_repeat_ms"] / figures[f"{label}_first_ms"]
                for name in ("bytes", "stored", "made", "ms"):
                    figures[f"{label}_snapshot_{name}"] = statistics.median(r[4][name] for r in runs)
                for visit, index in (("first", 2), ("repeat", 3)):
                    for phase in runs[0][index]:
                        figures[f"{label}_{visit}_worker_{phase}"] = statistics.median(r[index][phase] for r in runs)
        for precompressed in (True, False):
            key = "precompressed" if precompressed else "plain"
            with serve(site, precompressed=precompressed) as served:
                figures[f"page_bytes_{key}"] = transferred(p, served.url + PAGE, service_worker=False)
                figures[f"fill_bytes_{key}"] = transferred(p, served.url + PAGE, service_worker=True)

    out(f"Offline benchmark (Chromium headless, {PAGE}, median of {RUNS} runs; ms from navigation start)")
    line = f"{LINE['downloadThroughput'] * 8 / 1e6:.0f} Mbit/s, {LINE['latency']} ms"
    for label, name in (("loopback", "loopback"), ("line", f"first visit on an emulated line ({line})")):
        ratio = figures[f"{label}_ratio"]
        out(f"  live engine ready, {name}: first visit {figures[f'{label}_first_ms']:.0f} ms, "
            f"repeat visit from the cache {figures[f'{label}_repeat_ms']:.0f} ms -> {ratio:.2f}x "
            f"(goal <= {REPEAT_GOAL:.2f}){'' if ratio <= REPEAT_GOAL else '  MISSED'}")
        for visit in ("first", "repeat"):
            phases = ", ".join(f"{k.rsplit('_', 1)[1]} {v:.0f}" for k, v in figures.items()
                               if k.startswith(f"{label}_{visit}_worker_"))
            out(f"    {visit} visit, in the worker (ms after it starts): {phases}")
        out(f"    the first visit's snapshot: {figures[f'{label}_snapshot_bytes'] / 1e6:.1f} MB "
            f"({figures[f'{label}_snapshot_stored'] / 1e6:.1f} MB stored without its zero pages), made in "
            f"{figures[f'{label}_snapshot_made']:.0f} ms (its requests wait meanwhile), stored after "
            f"{figures[f'{label}_snapshot_ms']:.0f} ms")
    for key, name in (("precompressed", "with .br/.gz"), ("plain", "without precompression")):
        out(f"  first walkthrough visit {name}: {figures[f'page_bytes_{key}'] / 1e6:.2f} MB transferred "
            f"(page and live engine); with the service worker's fill of the whole site "
            f"{figures[f'fill_bytes_{key}'] / 1e6:.2f} MB")
    return figures


if __name__ == "__main__":
    run(Path(sys.argv[1]) if len(sys.argv) > 1 else SITE)
