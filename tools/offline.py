"""After the build: the service worker and precompressed copies of the large files.

``python -m tools.offline build/site`` (``tools/build_site.py`` runs it last):

1. ``sw.js`` at the site root, written by Workbox (``tools/offline_sw.mjs``, npm package
   ``workbox-build``) from ``tools/offline_sw_source.js``: it precaches the whole site,
   content-versioned, with the Workbox modules it imports in ``_workbox/``;
2. beside every large text or WebAssembly file, ``<file>.br`` and ``<file>.gz`` for hosts that
   serve precompressed files (``tools/serve.py`` does; ``docs/dev/deploying.md`` says how on nginx, Apache and
   Caddy). A copy is kept only when it saves at least a tenth of the bytes; copies already newer
   than their file are kept as they are, so a rebuild recompresses only what changed.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SW_SCRIPT = ROOT / "tools" / "offline_sw.mjs"
#: Files worth compressing (text and WebAssembly); zip archives and images are already compressed.
COMPRESSIBLE = frozenset({".html", ".js", ".mjs", ".css", ".svg", ".json", ".webmanifest", ".wasm", ".txt"})
MIN_BYTES = 1024
ENCODINGS = (".br", ".gz")


class OfflineError(RuntimeError):
    """The service worker could not be written; the message says why."""


def write_service_worker(site: Path) -> dict:
    """Run Workbox's generateSW on ``site``; return its summary (entries, bytes, warnings)."""
    if shutil.which("node") is None:
        raise OfflineError("node is needed to write the service worker (Workbox): install Node.js 20 and npm")
    if not (ROOT / "node_modules" / "workbox-build").is_dir():
        raise OfflineError("node_modules/workbox-build is missing: run `npm ci`")
    for old in (site / "sw.js", *(site / f"sw.js{ext}" for ext in ENCODINGS)):
        old.unlink(missing_ok=True)
    proc = subprocess.run(["node", str(SW_SCRIPT), str(site)], cwd=ROOT, capture_output=True, text=True)
    if proc.returncode != 0:
        raise OfflineError(f"Workbox could not write {site / 'sw.js'}:\n{proc.stderr[-4000:]}")
    summary = json.loads(proc.stdout.strip().splitlines()[-1])
    if summary["warnings"]:
        raise OfflineError(f"Workbox left files out of the precache: {summary['warnings']}")
    return summary


@dataclass
class Compressed:
    """What :func:`precompress` did."""

    files: int = 0
    written: int = 0
    original_bytes: int = 0
    brotli_bytes: int = 0
    gzip_bytes: int = 0


def compressible(site: Path) -> Iterator[Path]:
    """The files that get precompressed copies: large enough, of a compressible type."""
    for path in sorted(site.rglob("*")):
        if path.is_file() and path.suffix in COMPRESSIBLE and path.stat().st_size >= MIN_BYTES:
            yield path


def _brotli(data: bytes) -> bytes:
    import brotli

    # Quality 11 on the text files; 9 on the 10 MB WebAssembly file keeps the build quick.
    quality = 11 if len(data) < 2_000_000 else 9
    mode = brotli.MODE_TEXT if len(data) < 2_000_000 else brotli.MODE_GENERIC
    return brotli.compress(data, quality=quality, mode=mode)


def _gzip(data: bytes) -> bytes:
    return gzip.compress(data, compresslevel=9, mtime=0)


def _sibling(path: Path, ext: str, data: bytes, compress) -> int:
    """Write (or keep) ``path + ext``; return its size, or 0 when it would not save a tenth."""
    target = path.with_name(path.name + ext)
    if target.is_file() and target.stat().st_mtime >= path.stat().st_mtime:
        return target.stat().st_size
    packed = compress(data)
    if len(packed) > 0.9 * len(data):
        target.unlink(missing_ok=True)
        return 0
    partial = target.with_name(f".{target.name}.partial")
    partial.write_bytes(packed)
    os.replace(partial, target)
    return len(packed)


def precompress(site: Path) -> Compressed:
    """Write ``.br`` and ``.gz`` beside the large files of ``site``; drop copies whose file is gone."""
    for stale in [*site.rglob("*.br"), *site.rglob("*.gz")]:
        if not stale.with_suffix("").is_file():
            stale.unlink()
    done = Compressed()
    for path in compressible(site):
        data = path.read_bytes()
        br = _sibling(path, ".br", data, _brotli)
        gz = _sibling(path, ".gz", data, _gzip)
        if br or gz:
            done.files += 1
            done.original_bytes += len(data)
            done.brotli_bytes += br or len(data)
            done.gzip_bytes += gz or len(data)
    return done


def finish(site: Path, log=print) -> None:
    """The service worker, then the precompressed copies (sw.js and its runtime included)."""
    summary = write_service_worker(site)
    log(f"service worker: {summary['count']} files precached ({summary['size'] / 1e6:.1f} MB)")
    done = precompress(site)
    log(f"precompressed: {done.files} files, {done.original_bytes / 1e6:.1f} MB -> "
        f"brotli {done.brotli_bytes / 1e6:.1f} MB, gzip {done.gzip_bytes / 1e6:.1f} MB")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="offline", description=__doc__.split("\n\n")[0])
    parser.add_argument("site", type=Path, nargs="?", default=ROOT / "build" / "site")
    args = parser.parse_args(argv)
    if not (args.site / "index.html").is_file():
        parser.error(f"{args.site} is not a built site (no index.html): run `nox -s site` first")
    try:
        finish(args.site)
    except OfflineError as exc:
        print(f"offline: error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
