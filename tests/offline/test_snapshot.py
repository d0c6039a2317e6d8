"""The engine worker's memory snapshot in Chromium: a first visit stores one once the engine is ready, with the
engine's installed files beside it, the next visit starts from them (without the engine wheel) and the engine
answers as after a normal start (and as CPython); a stale, corrupt or refused snapshot is never used: the worker
starts the normal way and stores a new one in its place; files that cannot be used are replaced by the wheel.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from linger_longer.web.play import answer_json
from linger_longer.web.walkthrough import replay_json

REPO = Path(__file__).resolve().parents[2]
PAGE = "en/profiles.html"
EXAMPLE = "last-trump"
SOURCE = f"tutorial/examples/{EXAMPLE}.toml"
TOML = (REPO / SOURCE).read_text(encoding="utf-8")
START_TIMEOUT_MS = 120_000
#: The Play page's settings for a new game, as JSON text (as the page sends them).
SETTINGS = json.dumps({"players": 4, "seed": 5})
CACHE = "linger-longer-engine-snapshot"
ENTRY = "_pyodide/linger-engine.snapshot"
FILES = "_pyodide/linger-engine.files"

CALL = "([m, n, a]) => window.lingerLonger.engine.callFunction(m, n, a)"

#: Rewrites the stored snapshot in the page: `bytes` (flip one byte in the middle, or keep them), `key` (a new
#: key header, or keep it), `digest` (recompute the SHA-256 of the new bytes, or keep the stored one).
REWRITE = """async ([url, cacheName, how]) => {
  const cache = await caches.open(cacheName);
  const stored = await cache.match(url);
  const bytes = new Uint8Array(await stored.arrayBuffer());
  if (how.flip) bytes[bytes.length >> 1] ^= 0xff;
  if (how.magic) bytes[0] ^= 0xff;
  const headers = new Headers(stored.headers);
  if (how.key) headers.set('X-Linger-Snapshot-Key', how.key);
  if (how.digest) {
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
    headers.set('X-Linger-Snapshot-Sha256', Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join(''));
  }
  await cache.put(url, new Response(bytes, {headers}));
  return bytes.length;
}"""


def visit(ctx, url: str):
    """Open the walkthrough page; return it once its engine is ready, with how the engine started."""
    page = ctx.new_page()
    page.goto(url)
    page.wait_for_function("window.lingerLonger && window.lingerLonger.engine", timeout=START_TIMEOUT_MS)
    page.evaluate("window.lingerLonger.ready")
    return page, page.evaluate("window.lingerLonger.engine.start")


def stored_snapshot(page) -> dict:
    """Wait until the worker has stored its snapshot for the next visit; its report."""
    report = page.evaluate("window.lingerLonger.engine.snapshot")
    assert report["state"] == "stored", report
    return report


def site_stored(page) -> None:
    """Wait until the service worker has stored the whole site, the engine wheel included: a download it is
    still making would otherwise be counted as the next visit's."""
    page.wait_for_function("document.documentElement.dataset.lingerOffline === 'ready'", timeout=START_TIMEOUT_MS)


def wheel_downloads(ctx) -> list[str]:
    """The engine wheel's downloads (GET requests, not the worker's HEAD check) in ``ctx`` from now on."""
    seen: list[str] = []
    ctx.on("request", lambda r: seen.append(r.url) if r.method == "GET" and r.url.endswith(".whl") else None)
    return seen


def answers(page) -> dict:
    """One walkthrough replay and two Play requests (a new deal, then the player's first legal card)."""
    replay = page.evaluate(CALL, ["linger_longer.web.walkthrough", "replay_json", [TOML, "fr", SOURCE]])
    view = json.loads(page.evaluate(CALL, ["linger_longer.web.play", "answer_json", ["new-game", "nl", SETTINGS]]))
    card = next(c["card"] for c in view["choices"] if c["legal"])
    played = page.evaluate(CALL, ["linger_longer.web.play", "answer_json", ["play", "nl", json.dumps(view["record"]), card]])
    return {"replay": replay, "new-game": view, "card": card, "play": json.loads(played)}


def test_a_repeat_visit_starts_from_the_snapshot_and_answers_the_same(context, served) -> None:
    ctx, failures = context
    first, start = visit(ctx, served.url + PAGE)
    assert start == {"path": "cold", "fallback": "none stored"}
    report = stored_snapshot(first)
    assert report["bytes"] > 10_000_000  # Pyodide's whole memory
    assert report["stored"] < report["bytes"] * 0.75  # stored without its zero pages
    cold = answers(first)
    site_stored(first)
    first.close()

    assert report["files"] > 100_000  # the engine's files, stored beside the snapshot
    downloads = wheel_downloads(ctx)
    repeat, start = visit(ctx, served.url + PAGE)
    assert start == {"path": "snapshot", "fallback": ""}
    phases = repeat.evaluate("window.lingerLonger.engine.phases")
    assert "snapshot" in phases and phases["snapshot"] <= phases["pyodide"]
    assert "files" in phases and phases["files"] <= phases["pyodide"]
    warm = answers(repeat)  # a French catalog and the Play page's modules, read from the files written back
    assert downloads == [], "a repeat visit downloaded the engine wheel"
    assert warm == cold
    # And both as CPython's engine answers.
    assert cold["replay"] == replay_json(TOML, "fr", source=SOURCE)
    assert cold["new-game"] == json.loads(answer_json("new-game", "nl", SETTINGS))
    assert cold["play"] == json.loads(answer_json("play", "nl", json.dumps(cold["new-game"]["record"]), cold["card"]))
    assert not failures.failed and not failures.errors, failures


@pytest.mark.parametrize(("damage", "fallback"), [
    ({"key": "format 0; pyodide 0.0.0; linger-longer 0"}, "stale"),
    ({"flip": True}, "refused (the stored snapshot is corrupt)"),
    ({"magic": True, "digest": True}, "refused (Snapshot has invalid magic number)"),
], ids=["stale", "corrupt", "refused"])
def test_a_bad_snapshot_falls_back_to_the_normal_start_and_is_replaced(context, served, damage, fallback) -> None:
    ctx, failures = context
    first, _ = visit(ctx, served.url + PAGE)
    stored_snapshot(first)
    first.evaluate(REWRITE, [served.url + ENTRY, CACHE, damage])
    first.close()

    second, start = visit(ctx, served.url + PAGE)
    assert start == {"path": "cold", "fallback": fallback}
    stored_snapshot(second)  # in place of the bad one
    replay = second.evaluate(CALL, ["linger_longer.web.walkthrough", "replay_json", [TOML, "fr", SOURCE]])
    assert replay == replay_json(TOML, "fr", source=SOURCE)
    second.close()

    third, start = visit(ctx, served.url + PAGE)
    assert start == {"path": "snapshot", "fallback": ""}
    assert third.evaluate(CALL, ["linger_longer.web.walkthrough", "replay_json", [TOML, "fr", SOURCE]]) == replay
    assert not failures.failed and not failures.errors, failures


@pytest.mark.parametrize("damage", [{"flip": True}, {"key": "format 0; pyodide 0.0.0; linger-longer 0"}],
                         ids=["corrupt", "stale"])
def test_engine_files_that_cannot_be_used_are_replaced_by_the_wheel(context, served, damage) -> None:
    ctx, failures = context
    first, _ = visit(ctx, served.url + PAGE)
    stored_snapshot(first)
    cold = answers(first)
    site_stored(first)
    first.evaluate(REWRITE, [served.url + FILES, CACHE, damage])
    first.close()

    downloads = wheel_downloads(ctx)
    second, start = visit(ctx, served.url + PAGE)
    assert start == {"path": "snapshot", "fallback": ""}  # the memory is sound: only the files are not
    assert "files" not in second.evaluate("window.lingerLonger.engine.phases")
    assert len(downloads) == 1, downloads
    assert answers(second) == cold
    assert not failures.failed and not failures.errors, failures
