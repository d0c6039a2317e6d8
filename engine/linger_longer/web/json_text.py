"""The one JSON form the web bridge answers in: what the browser's worker passes back to the page."""

from __future__ import annotations

import json
from typing import Any

__all__ = ["json_text"]


def json_text(data: Any) -> str:
    """``data`` as JSON text: keys sorted (so equal answers are equal text), non-ASCII letters kept."""
    return json.dumps(data, ensure_ascii=False, sort_keys=True)
