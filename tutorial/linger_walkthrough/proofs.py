"""The histories that prove the worked examples' starts, kept between builds in ``build/reachability.json``.

Every build checks every example and puzzle (``linger_longer.reachability``); the searches for their histories
take about a second in all (0.7 to 1.2 s measured, against 0.1 s for the checks without them), in each
language's build. The answers are kept with a digest of the engine's source, so a build with the same engine
takes them back: a kept history is replayed by the engine before it is used (all of them: 0.1 s), and a
position not kept is searched as before.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from linger_longer import reachability

from .figures import _engine_digest

CACHE = Path(__file__).resolve().parents[2] / "build" / "reachability.json"


def take_back(app: Any) -> None:
    """``builder-inited``: the answers of earlier builds with this engine."""
    try:
        kept = json.loads(CACHE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return
    if isinstance(kept, dict) and kept.get("engine") == _engine_digest() and isinstance(kept.get("answers"), dict):
        reachability.remember_answers(kept["answers"])


def keep(app: Any, exception: Exception | None) -> None:
    """``build-finished``: add this build's answers to the file (each language's process writes its own
    temporary file and swaps it in whole, as the figures cache does)."""
    try:
        kept = json.loads(CACHE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        kept = {}
    engine = _engine_digest()
    answers = kept.get("answers", {}) if isinstance(kept, dict) and kept.get("engine") == engine else {}
    answers.update(reachability.known_answers())
    CACHE.parent.mkdir(parents=True, exist_ok=True)
    temporary = CACHE.with_suffix(f".{os.getpid()}.tmp")
    temporary.write_text(json.dumps({"engine": engine, "answers": answers}, indent=1), encoding="utf-8")
    temporary.replace(CACHE)
