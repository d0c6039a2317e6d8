"""Benchmarks (``nox -s bench``): the engine, the site build, and the walkthroughs in a browser.

Site build figures (measured on a copy of docs/ and locales/ in build/bench/,
so the real catalogs and build/site are never touched):

- full: a fresh four-language build, exactly as ``nox -s site -- --fresh``;
- one language after a one-line ``.po`` change, incremental (only the edited
  page is re-read), measured twice:
  * warm: in a process that has already imported Sphinx, as a preview server
    or editor integration keeps it; the figure the goal applies to
    (under a tenth of the full build);
  * cold: a new ``python -m tools.build_site fr`` process, which adds the
    interpreter start-up and about a second of imports (Sphinx, docutils,
    MyST, Furo) to the same work.

Engine figures: add a function to ``ENGINE_BENCHMARKS``; it returns a list of
:class:`Figure`. The browser figures come from ``tools/bench_browser.py``
when it exists.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib.util
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools.build_site import build_site, share_static, sphinx_command

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "build" / "bench"


@dataclasses.dataclass
class Figure:
    """One measured figure, with an optional goal and whether it was met."""

    name: str
    value: float
    unit: str = "s"
    goal: str = ""
    ok: bool | None = None

    def __str__(self) -> str:
        verdict = "" if self.ok is None else ("  ok" if self.ok else "  MISSED")
        goal = f"  (goal: {self.goal})" if self.goal else ""
        return f"{self.name:<58} {self.value:>9.3f} {self.unit}{goal}{verdict}"


# -- Engine benchmarks: the engine's owner adds functions here -------------------

def _engine_benchmarks() -> list[Figure]:
    from tools.bench_engine import in_subprocess

    return in_subprocess()


ENGINE_BENCHMARKS: list[Callable[[], list[Figure]]] = [_engine_benchmarks]
"""Each function runs one engine benchmark and returns its figures (see ``tools/bench_engine.py``)."""
ENGINE_BENCHMARKS.append(lambda: importlib.import_module("tools.bench_bots").bench_figures())  # bot strength


# -- Site build ------------------------------------------------------------------


def _prepare_sources() -> tuple[Path, Path]:
    src = BENCH / "src"
    if src.exists():
        shutil.rmtree(src)
    shutil.copytree(ROOT / "docs", src / "docs", ignore=shutil.ignore_patterns("_build"))
    shutil.copytree(ROOT / "locales", src / "locales", ignore=shutil.ignore_patterns("*.mo"))
    return src / "docs", src / "locales"


def edit_one_line(po: Path, text: str) -> str:
    """Change the msgstr of the first single-line paragraph message; return its msgid."""
    content = po.read_text(encoding="utf-8")
    m = re.search(r'^msgid "([^"\n]{20,})"\nmsgstr "[^"\n]*"$', content, re.M)
    if m is None:
        raise RuntimeError(f"{po}: no one-line message to edit")
    start, end = m.span()
    po.write_text(content[:start] + f'msgid "{m.group(1)}"\nmsgstr "{text}"' + content[end:], encoding="utf-8")
    return m.group(1)


def _warm_worker(lang: str, out: Path, doctrees: Path, srcdir: Path) -> None:
    """Load Sphinx and the site's extensions, say ready, then rebuild ``lang`` once on request."""
    import io

    import sphinx.cmd.build
    from sphinx.application import Sphinx
    from sphinx.util.docutils import docutils_namespace, patch_docutils

    # Warm up as a long-running preview process would be: every module imported,
    # the catalogs compiled. Nothing is read or written, so no translation is cached.
    with patch_docutils(ROOT / "docs"), docutils_namespace():
        Sphinx(str(srcdir), str(ROOT / "docs"), str(out / lang), str(doctrees / lang), "html",
               confoverrides={"language": lang}, status=io.StringIO(), warning=sys.stderr)
    cmd = sphinx_command(lang, out, doctrees, srcdir=srcdir, confdir=ROOT / "docs")[3:]
    print("ready", flush=True)
    for _line in sys.stdin:
        start = time.perf_counter()
        code = sphinx.cmd.build.build_main(cmd)
        share_static(out)
        print(f"done {code} {time.perf_counter() - start:.4f}", flush=True)
        break  # one rebuild per process: Sphinx and gettext cache loaded catalogs


def bench_site(lang: str = "fr", page: str = "how-to-play") -> list[Figure]:
    """Full four-language build, then one language after a one-line .po change."""
    srcdir, locales = _prepare_sources()
    out, doctrees = BENCH / "site", BENCH / "doctrees"
    for path in (out, doctrees):
        if path.exists():
            shutil.rmtree(path)
    quiet = lambda _msg: None  # noqa: E731

    times = build_site(out=out, doctrees=doctrees, fresh=True, srcdir=srcdir, confdir=ROOT / "docs",
                       pyodide=False, log=quiet)
    full = times["total"]
    po = locales / lang / "LC_MESSAGES" / f"{page}.po"

    worker = subprocess.Popen(
        [sys.executable, "-m", "tools.bench", "--warm-worker", lang, str(out), str(doctrees), str(srcdir)],
        cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )
    assert worker.stdin and worker.stdout
    if worker.stdout.readline().strip() != "ready":
        raise RuntimeError("the warm build worker did not start")
    msgid = edit_one_line(po, "Mesure : texte modifié une première fois.")
    worker.stdin.write("go\n")
    worker.stdin.flush()
    status = worker.stdout.readline().split()
    worker.wait(timeout=60)
    if status[:2] != ["done", "0"]:
        raise RuntimeError(f"warm rebuild failed: {status}")
    warm = float(status[2])
    html = (out / lang / f"{page}.html").read_text(encoding="utf-8")
    if "Mesure : texte modifié une première fois." not in html:
        raise RuntimeError("the warm rebuild did not pick up the edited message")

    edit_one_line(po, "Mesure : texte modifié une deuxième fois.")
    start = time.perf_counter()
    build_site([lang], out=out, doctrees=doctrees, srcdir=srcdir, confdir=ROOT / "docs", pyodide=False,
               log=quiet)
    cold = time.perf_counter() - start
    html = (out / lang / f"{page}.html").read_text(encoding="utf-8")
    if "Mesure : texte modifié une deuxième fois." not in html:
        raise RuntimeError("the cold rebuild did not pick up the edited message")

    tenth = full / 10
    return [
        Figure("site: full build, 4 languages, fresh", full),
        *(Figure(f"site:   of which sphinx-build {code}", times[code]) for code in ("en", "fr", "it", "nl")),
        Figure(f"site: rebuild {lang} after editing one msgstr, warm", warm, goal=f"< {tenth:.3f} s",
               ok=warm < tenth),
        Figure(f"site: same, cold process (python -m tools.build_site {lang})", cold),
        Figure(f"site: warm rebuild / full build   (edited: {msgid[:18]}…)", warm / full, unit="x"),
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", choices=("engine", "site", "browser"), action="append")
    parser.add_argument("--warm-worker", nargs=4, metavar=("LANG", "OUT", "DOCTREES", "SRCDIR"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.warm_worker:
        lang, out, doctrees, srcdir = args.warm_worker
        _warm_worker(lang, Path(out), Path(doctrees), Path(srcdir))
        return 0
    parts = args.only or ["engine", "site", "browser"]
    figures: list[Figure] = []
    if "engine" in parts:
        for bench in ENGINE_BENCHMARKS:
            for fig in bench():
                print(fig, flush=True)
                figures.append(fig)
    if "site" in parts:
        for fig in bench_site():
            print(fig, flush=True)
            figures.append(fig)
    if "browser" in parts and (ROOT / "tools" / "bench_browser.py").exists():
        spec = importlib.util.spec_from_file_location("bench_browser", ROOT / "tools" / "bench_browser.py")
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        module.run(ROOT / "build" / "site")
    if "browser" in parts and (ROOT / "tools" / "bench_offline.py").exists():  # the service worker's figures
        offline = importlib.import_module("tools.bench_offline").run(ROOT / "build" / "site")
        for label in ("loopback", "line"):
            figures.append(Figure(f"offline: engine ready, repeat visit / first ({label})",
                                  offline[f"{label}_ratio"], unit="x", goal="<= 0.50",
                                  ok=offline[f"{label}_ratio"] <= 0.5))
    missed = [f for f in figures if f.ok is False]
    for f in missed:
        print(f"goal missed: {f.name}", file=sys.stderr)
    return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
