"""Serve the built site on 127.0.0.1 as a static host that uses its precompressed files would.

``python -m tools.serve [build/site] [--port 8000] [--prefix /linger/] [--no-precompressed]``
(``nox -s serve`` runs it on build/site). Based on :mod:`http.server`, loopback only:

- a request for ``page.html`` from a browser that accepts Brotli gets ``page.html.br`` with
  ``Content-Encoding: br`` (else ``page.html.gz`` with ``gzip``, else the file itself), always
  with the type of ``page.html`` and ``Vary: Accept-Encoding``; ``--no-precompressed`` serves
  only the files themselves, for comparison;
- ``.mjs`` is JavaScript, ``.wasm`` ``application/wasm``, ``.webmanifest``
  ``application/manifest+json``;
- ``sw.js`` is sent with ``Cache-Control: no-cache``, so a new version is seen at once;
- ``If-Modified-Since`` is answered with ``304 Not Modified`` when the file has not changed;
- ``--prefix /linger/`` puts the site under a sub-path, as on a shared host (``/`` redirects there).

The tests and the benchmark use :func:`serve`, which also records each request's path.
"""

from __future__ import annotations

import argparse
import email.utils
import http.server
import posixpath
import sys
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urlsplit

from tools.local_server import QuietServer

ROOT = Path(__file__).resolve().parent.parent
TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".inv": "application/octet-stream",
}
#: Content-Encoding for each precompressed suffix, in the order they are preferred.
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))
NO_CACHE = frozenset({"sw.js"})


@dataclass
class Site:
    """What is served, and what was asked for (paths as requested, with the encoding sent)."""

    directory: Path
    prefix: str = "/"
    precompressed: bool = True
    requests: list[tuple[str, str]] = field(default_factory=list)
    url: str = ""
    lock: threading.Lock = field(default_factory=threading.Lock)


def accepted_encodings(header: str | None) -> set[str]:
    """The codings an ``Accept-Encoding`` header allows (``q=0`` excluded).

    >>> sorted(accepted_encodings("gzip, deflate, br;q=0.9, zstd;q=0"))
    ['br', 'deflate', 'gzip']
    """
    found = set()
    for part in (header or "").split(","):
        name, _, params = part.strip().partition(";")
        q = params.strip()
        if name and not (q.startswith("q=") and float(q[2:] or 1) == 0):
            found.add(name.strip().lower())
    return found


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files of :attr:`site`, with precompressed copies and the site's content types."""

    site: Site  # set on the subclass that :func:`make_server` builds
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 (the base class's name)
        pass

    def local_path(self) -> Path | None:
        """The file or folder under the site for the request's path; None outside the prefix."""
        path = posixpath.normpath(unquote(urlsplit(self.path).path))
        prefix = self.site.prefix.rstrip("/")
        if prefix:
            if path != prefix and not path.startswith(prefix + "/"):
                return None
            path = path[len(prefix):]
        parts = [p for p in path.split("/") if p and p not in (".", "..")]
        return self.site.directory.joinpath(*parts)

    def send_head(self):  # noqa: ANN201 (the base class's signature)
        path = self.local_path()
        request_path = urlsplit(self.path).path
        if path is None:
            if request_path == "/" and self.site.prefix != "/":
                self.send_response(302)
                self.send_header("Location", self.site.prefix)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return None
            self.send_error(404)
            return None
        if path.is_dir():
            if not request_path.endswith("/"):
                self.send_response(301)
                self.send_header("Location", request_path + "/")
                self.send_header("Content-Length", "0")
                self.end_headers()
                return None
            path = path / "index.html"
        if not path.is_file() or path.name.endswith(".partial"):
            self.send_error(404)
            return None
        encoding, served = self.choose(path)
        stat = served.stat()
        if self.not_modified(stat.st_mtime):
            with self.site.lock:
                self.site.requests.append((request_path, "not-modified"))
            self.send_response(304)
            self.send_header("Last-Modified", self.date_time_string(stat.st_mtime))
            self.end_headers()
            return None
        with self.site.lock:
            self.site.requests.append((request_path, encoding or "identity"))
        f = served.open("rb")
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        if encoding:
            self.send_header("Content-Encoding", encoding)
        if any(path.with_name(path.name + ext).is_file() for _, ext in ENCODINGS):
            self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(stat.st_size))
        self.send_header("Last-Modified", self.date_time_string(stat.st_mtime))
        if path.name in NO_CACHE:
            self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        return f

    def not_modified(self, mtime: float) -> bool:
        """Whether the request's ``If-Modified-Since`` already has this version (a 304 then answers it)."""
        since = self.headers.get("If-Modified-Since")
        if not since or self.headers.get("If-None-Match"):
            return False
        try:
            when = email.utils.parsedate_to_datetime(since)
        except (TypeError, ValueError, IndexError, OverflowError):
            return False
        return int(mtime) <= when.timestamp()

    def choose(self, path: Path) -> tuple[str | None, Path]:
        """The precompressed copy to send (its Content-Encoding and file), or the file itself."""
        if self.site.precompressed:
            accepted = accepted_encodings(self.headers.get("Accept-Encoding"))
            for coding, ext in ENCODINGS:
                copy = path.with_name(path.name + ext)
                if coding in accepted and copy.is_file():
                    return coding, copy
        return None, path


def make_server(site: Site, port: int = 0) -> QuietServer:
    """A threading HTTP server on 127.0.0.1 for ``site`` (``port`` 0: a free one)."""
    handler = type("SiteHandler", (Handler,), {"site": site})
    server = QuietServer(("127.0.0.1", port), handler)
    site.url = f"http://127.0.0.1:{server.server_address[1]}{site.prefix}"
    return server


@contextmanager
def serve(directory: Path | str, *, prefix: str = "/", precompressed: bool = True) -> Iterator[Site]:
    """Serve ``directory`` until the block ends; yields the :class:`Site` (its ``url`` ends with ``/``)."""
    site = Site(Path(directory), prefix="/" + prefix.strip("/") + "/" if prefix.strip("/") else "/",
                precompressed=precompressed)
    server = make_server(site)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield site
    finally:
        server.shutdown()
        server.server_close()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="serve", description=__doc__.split("\n\n")[0])
    parser.add_argument("directory", type=Path, nargs="?", default=ROOT / "build" / "site")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--prefix", default="/", help="serve the site under this sub-path, e.g. /linger/")
    parser.add_argument("--no-precompressed", action="store_true", help="ignore the .br and .gz copies")
    args = parser.parse_args(argv)
    if not args.directory.is_dir():
        parser.error(f"{args.directory} is not a folder: build the site first (nox -s site)")
    prefix = "/" + args.prefix.strip("/") + "/" if args.prefix.strip("/") else "/"
    site = Site(args.directory, prefix=prefix, precompressed=not args.no_precompressed)
    try:
        server = make_server(site, args.port)
    except OSError as exc:
        print(f"serve: cannot listen on 127.0.0.1:{args.port}: {exc.strerror}", file=sys.stderr)
        return 1
    print(f"serving {args.directory} on {site.url} (Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
