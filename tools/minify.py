"""Minify the site's own scripts and style sheets in a built site (``tools/minify.mjs``: Terser for
scripts, CSSO for style sheets): ``python -m tools.minify [build/site]``.

The sources keep their comments and JSDoc types; the copies in ``<site>/_static/`` (``linger-*.mjs``,
``linger-*.js``, ``linger*.css``, and Sphinx's ``pygments.css``, ``doctools.js`` and
``sphinx_highlight.js``) lose comments and spaces, and the
scripts get short local names, so a walkthrough page downloads and parses fewer bytes before its
first step. ``tools/build_site.py`` runs this before the service
worker and the precompressed copies are written (they are made from the minified files).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "tools" / "minify.mjs"
PATTERNS = ("linger-*.mjs", "linger-*.js", "linger*.css", "pygments.css", "doctools.js", "sphinx_highlight.js")


class MinifyError(RuntimeError):
    """The scripts or style sheets could not be minified; the message says why."""


def assets(site: Path) -> list[Path]:
    """The site's own scripts and style sheets (and Pygments' colours), as the built site serves them."""
    return sorted({path for pattern in PATTERNS for path in (site / "_static").glob(pattern)})


def minify_assets(site: Path) -> dict[str, int]:
    """Minify :func:`assets` in place; return ``{files, before, after}`` (files changed, bytes before and after)."""
    if shutil.which("node") is None:
        raise MinifyError("node is needed to minify the site's scripts and style sheets: install Node.js 20 and npm")
    for package in ("terser", "csso"):
        if not (ROOT / "node_modules" / package).is_dir():
            raise MinifyError(f"node_modules/{package} is missing: run `npm ci`")
    files = assets(site)
    if not files:
        raise MinifyError(f"no linger-* files in {site / '_static'}: is the site built?")
    proc = subprocess.run(["node", str(SCRIPT), *map(str, files)], cwd=ROOT, capture_output=True, text=True)
    if proc.returncode != 0:
        raise MinifyError(f"the scripts and style sheets of {site / '_static'} could not be minified:\n{proc.stderr[-4000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main(argv: list[str]) -> int:
    if len(argv) > 1 or (argv and argv[0].startswith("-")):
        print("usage: python -m tools.minify [build/site]", file=sys.stderr)
        return 2
    site = Path(argv[0]) if argv else ROOT / "build" / "site"
    try:
        done = minify_assets(site)
    except MinifyError as exc:
        print(f"tools.minify: {exc}", file=sys.stderr)
        return 1
    print(f"minified: {done['files']} scripts and style sheets, {done['before'] / 1024:.0f} KiB -> {done['after'] / 1024:.0f} KiB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
