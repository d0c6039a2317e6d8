"""Build the site, every language of ``linger_longer.languages``, into ``build/site/`` (``nox -s site``).

For each language, one Sphinx build::

    sphinx-build -b html -n -W --keep-going -D language=<lang> \\
        -d build/doctrees/<lang> docs build/site/<lang>

then:

- assets that are byte-identical in every language move once to
  ``build/site/_static/`` and the pages point there; language-specific files
  (``documentation_options.js``, ``translations.js``, ``language_data.js``
  with its stemmer, ``searchindex.js``) stay in each language's folder, so
  search keeps working per language;
- ``build/site/index.html`` sends the reader to their browser's language
  (``_static/linger-redirect.js``, no inline script; the site's language
  codes reach it in the script's ``data-languages`` attribute) and, without
  JavaScript, lists the languages by their native names;
- ``tutorial/linger_walkthrough/pyodide_assets.py build/site`` adds Pyodide
  and the engine wheel when that script exists;
- with Pyodide, ``tools/minify.py`` minifies the site's own scripts and style sheets, then
  ``tools/offline.py`` writes the service worker and the precompressed ``.br``/``.gz`` copies.
- a language that is not built (``nox -s site -- fr`` on a fresh checkout)
  gets stand-in pages (:mod:`tools.stand_ins`), so the language switcher
  never leads to a 404.

Doctrees are kept per language, so rebuilding one language after a one-line
catalog change re-reads one page. An incremental build reports warnings only
for the pages it re-reads: use ``--fresh`` for a full ``-W`` gate.
"""

from __future__ import annotations

import argparse
import filecmp
import html
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from linger_i18n.catalogs import compile_engine_catalogs
from linger_longer.languages import CODES, LANGUAGES
from tools.minify import MinifyError, minify_assets
from tools.offline import OfflineError
from tools.offline import finish as finish_offline

from tools.stand_ins import fill_missing, remove_stand_in

ROOT = Path(__file__).resolve().parent.parent
REDIRECT_JS = "linger-redirect.js"
FAVICON = "linger-favicon.svg"


class BuildError(RuntimeError):
    """A language failed to build; the message holds Sphinx's output."""


def sphinx_command(lang: str, out: Path, doctrees: Path, *, srcdir: Path = ROOT / "docs",
                   confdir: Path | None = None, fresh: bool = False, jobs: str | None = None,
                   quiet: bool = True) -> list[str]:
    """The ``sphinx-build`` command line for one language."""
    cmd = [sys.executable, "-m", "sphinx", "-b", "html", "-n", "-W", "--keep-going",
           "-D", f"language={lang}", "-d", str(doctrees / lang)]
    if confdir is not None:
        cmd += ["-c", str(confdir)]
    if fresh:
        cmd.append("-E")
    if jobs:
        cmd += ["-j", jobs]
    if quiet:
        cmd.append("-q")
    return [*cmd, str(srcdir), str(out / lang)]


def build_language(lang: str, out: Path, doctrees: Path, **kwargs: object) -> float:
    """Run Sphinx for one language; raise :class:`BuildError` with its output on failure."""
    cmd = sphinx_command(lang, out, doctrees, **kwargs)  # type: ignore[arg-type]
    start = time.perf_counter()
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0 or proc.stderr.strip():
        # -q leaves only warnings and errors on stderr: any of them fails the build.
        raise BuildError(f"[{lang}] sphinx-build failed (exit {proc.returncode}):\n"
                         f"{proc.stdout[-4000:]}{proc.stderr[-8000:]}")
    return elapsed


def _same_everywhere(files: list[Path]) -> bool:
    first = files[0]
    return all(filecmp.cmp(first, other, shallow=False) for other in files[1:])


def share_static(out: Path, langs: Sequence[str] = CODES) -> dict[str, int]:
    """Store assets identical in every language once, in ``<out>/_static``; rewrite the pages.

    Returns counts: ``shared`` files and ``kept`` language-specific files.
    """
    shared = out / "_static"
    present = [lang for lang in langs if (out / lang / "_static").is_dir()]
    by_name: dict[str, list[Path]] = {}
    for lang in present:
        base = out / lang / "_static"
        for f in base.rglob("*"):
            if f.is_file():
                by_name.setdefault(f.relative_to(base).as_posix(), []).append(f)

    kept = 0
    for name, files in sorted(by_name.items()):
        target = shared / name
        if len(files) == len(langs) and _same_everywhere(files):
            target.parent.mkdir(parents=True, exist_ok=True)
            if not target.exists() or not filecmp.cmp(files[0], target, shallow=False):
                shutil.copy2(files[0], target)
            for f in files:
                f.unlink()
        elif target.exists() and all(filecmp.cmp(f, target, shallow=False) for f in files):
            for f in files:  # a partial rebuild re-copied a file that is already shared
                f.unlink()
        else:
            kept += len(files)
    for lang in langs:  # html_copy_source is off, but Sphinx still makes the folder
        sources = out / lang / "_sources"
        if sources.is_dir() and not any(sources.iterdir()):
            sources.rmdir()
    for lang in present:  # drop folders the move emptied (deepest first)
        for d in sorted((out / lang / "_static").rglob("*"), key=lambda p: len(p.parts), reverse=True):
            if d.is_dir() and not any(d.iterdir()):
                d.rmdir()

    # data-worker: the live engine's early start names its worker's script (linger-engine-start.js).
    ref = re.compile(r'((?:href|src|data-worker)=")((?:\.\./)*)_static/([^"?#]+)')
    for lang in langs:
        langdir = out / lang
        if not langdir.is_dir():
            continue
        for page in langdir.rglob("*.html"):
            depth = len(page.relative_to(langdir).parts) - 1
            own = "../" * depth

            def repoint(m: re.Match[str], langdir: Path = langdir, own: str = own) -> str:
                name = m.group(3)
                if m.group(2) == own and not (langdir / "_static" / name).exists() and (shared / name).exists():
                    return f"{m.group(1)}{own}../_static/{name}"
                return m.group(0)

            text = page.read_text(encoding="utf-8")
            new = ref.sub(repoint, text)
            if new != text:
                page.write_text(new, encoding="utf-8")
    count = sum(1 for f in shared.rglob("*") if f.is_file()) if shared.is_dir() else 0
    return {"shared": count, "kept": kept}


def write_root_index(out: Path) -> Path:
    """``<out>/index.html``: the language chooser that redirects to the browser's language."""
    icon_link = ""
    for name in (REDIRECT_JS, FAVICON):
        src, dest = ROOT / "docs" / "_static" / name, out / "_static" / name
        if src.exists() and not dest.exists():
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest)
    if (out / "_static" / FAVICON).exists():  # else the browser asks for /favicon.ico, a 404
        icon_link = f'\n  <link rel="icon" href="_static/{FAVICON}">'

    alternates = "\n".join(
        f'  <link rel="alternate" hreflang="{code}" href="{code}/index.html">' for code in CODES
    )
    items = "\n".join(
        f'      <li lang="{lang.code}"><a href="{lang.code}/index.html" hreflang="{lang.code}">{html.escape(lang.name)}</a>'
        f"<span>{html.escape(lang.tagline)}</span></li>"
        for lang in LANGUAGES
    )
    codes = html.escape(" ".join(CODES))
    page = f"""<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width,initial-scale=1">
  <meta name="color-scheme" content="light dark">
  <title>Linger Longer</title>{icon_link}
{alternates}
  <link rel="alternate" hreflang="x-default" href="index.html">
  <script src="_static/{REDIRECT_JS}" data-languages="{codes}"></script>
  <style>
    body {{ font-family: system-ui, sans-serif; line-height: 1.5; margin: 0 auto; max-width: 36rem; padding: 2rem 1rem; }}
    ul {{ list-style: none; padding: 0; }}
    li {{ margin: 0 0 1rem; }}
    a {{ display: block; font-size: 1.25rem; font-weight: 600; }}
  </style>
</head>
<body>
  <main>
    <h1>Linger Longer</h1>
    <ul>
{items}
    </ul>
  </main>
</body>
</html>
"""
    index = out / "index.html"
    index.write_text(page, encoding="utf-8")
    return index


def add_pyodide(out: Path) -> None:
    script = ROOT / "tutorial" / "linger_walkthrough" / "pyodide_assets.py"
    if script.exists():
        subprocess.run([sys.executable, str(script), str(out)], cwd=ROOT, check=True)


def build_site(langs: Sequence[str] = CODES, *, out: Path = ROOT / "build" / "site",
               doctrees: Path = ROOT / "build" / "doctrees", fresh: bool = False,
               parallel: int | None = None, sphinx_jobs: str | None = None, srcdir: Path = ROOT / "docs",
               confdir: Path | None = None, pyodide: bool = True, log=print) -> dict[str, float]:
    """Build ``langs`` into ``out`` and finish the shared tree; return seconds per step."""
    times: dict[str, float] = {}
    start = time.perf_counter()
    compile_engine_catalogs()
    out.mkdir(parents=True, exist_ok=True)
    if fresh:  # also forget pages and assets whose source is gone (Sphinx never deletes what it wrote)
        stale = [out / lang for lang in langs] + [doctrees / lang for lang in langs]
        if set(CODES) <= set(langs):  # else the pages of languages not built here still use the shared assets
            stale.append(out / "_static")
        for folder in stale:
            if folder.exists():
                shutil.rmtree(folder)
    workers = parallel or min(len(langs), os.cpu_count() or 1)
    errors: list[str] = []

    def one(lang: str) -> None:
        remove_stand_in(out / lang)  # a real build replaces the stand-ins of a partial one
        try:
            times[lang] = build_language(lang, out, doctrees, srcdir=srcdir, confdir=confdir,
                                         fresh=fresh, jobs=sphinx_jobs)
            log(f"built {lang} in {times[lang]:.1f} s")
        except BuildError as exc:
            errors.append(str(exc))

    with ThreadPoolExecutor(max_workers=workers) as pool:
        list(pool.map(one, langs))
    if errors:
        raise BuildError("\n\n".join(errors))
    t = time.perf_counter()
    counts = share_static(out)  # stand-in folders have no _static: they take no part
    write_root_index(out)
    stand_ins = fill_missing(out, langs[0], srcdir)  # the switcher's links to languages not built here
    if stand_ins:
        log(f"not built here, stand-in pages instead: {', '.join(stand_ins)} (nox -s site builds every language)")
    times["share"] = time.perf_counter() - t
    log(f"shared assets: {counts['shared']} files stored once, {counts['kept']} language-specific kept")
    if pyodide:
        t = time.perf_counter()
        add_pyodide(out)
        times["pyodide"] = time.perf_counter() - t
        t = time.perf_counter()
        done = minify_assets(out)  # before the service worker's revisions and the precompressed copies
        log(f"minified: {done['files']} scripts and style sheets, {done['before'] / 1024:.0f} KiB -> {done['after'] / 1024:.0f} KiB")
        finish_offline(out, log=log)  # the service worker, precompressed copies
        times["offline"] = time.perf_counter() - t
    times["total"] = time.perf_counter() - start
    return times


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="build_site", description=__doc__.split("\n\n")[0])
    parser.add_argument("langs", nargs="*", default=list(CODES), help=f"languages (default: all, {' '.join(CODES)})")
    parser.add_argument("--fresh", action="store_true",
                        help="start the languages from scratch: the full -W gate, and no pages left from removed sources")
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "site")
    parser.add_argument("--doctrees", type=Path, default=ROOT / "build" / "doctrees")
    parser.add_argument("--parallel", type=int, default=None, help="languages built at once (default: cores)")
    parser.add_argument("--sphinx-jobs", default=None, help="passed to sphinx-build -j (e.g. auto)")
    parser.add_argument("--no-pyodide", action="store_true", help="skip Pyodide and the engine wheel")
    args = parser.parse_args(argv)
    unknown = sorted(set(args.langs) - set(CODES))
    if unknown:
        parser.error(f"unknown language(s) {', '.join(unknown)}; choose from {', '.join(CODES)}")
    try:
        times = build_site(args.langs, out=args.out, doctrees=args.doctrees, fresh=args.fresh,
                           parallel=args.parallel, sphinx_jobs=args.sphinx_jobs, pyodide=not args.no_pyodide)
    except (BuildError, MinifyError, OfflineError) as exc:
        print(exc, file=sys.stderr)
        return 1
    print(f"site ready in {args.out} ({times['total']:.1f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
