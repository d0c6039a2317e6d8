"""A folder served on 127.0.0.1 with a free port, quietly: how the tests and benchmarks serve the built site."""

from __future__ import annotations

import functools
import http.server
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


class QuietServer(http.server.ThreadingHTTPServer):
    """A threading HTTP server that says nothing of a client that went away mid-response.

    Browsers drop connections whenever a page or a context closes; the base class would print a traceback
    for each (``ConnectionResetError``, ``BrokenPipeError``). Any other error is still printed."""

    def handle_error(self, request, client_address) -> None:  # noqa: ANN001 (the base class's signature)
        if isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            return
        super().handle_error(request, client_address)


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 (the base class's name)
        pass


@contextmanager
def serve(directory: Path | str) -> Iterator[str]:
    """Serve ``directory`` like ``python -m http.server`` until the block ends; yields its base URL."""
    handler = functools.partial(_QuietHandler, directory=str(directory))
    server = QuietServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
