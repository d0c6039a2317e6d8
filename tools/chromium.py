"""Debian's Chromium as the tests and benchmarks launch it (one place for the path and the flags).

Playwright's own browser download does not work on these machines, so Playwright
drives Debian's package (``apt-get install -y chromium``; ``nox -s tests`` installs
it when root). The flags are the ones the toolchain notes require; the last stops
Chromium's own background look-ups of hosts outside 127.0.0.1.
"""

from __future__ import annotations

import os

CHROMIUM = os.environ.get("LINGER_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
]
MISSING = f"{CHROMIUM} not found: install it with `apt-get install -y chromium` (nox -s tests does when root)"
