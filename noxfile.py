"""Sessions for the Linger Longer engine and site (``nox -l`` lists them).

The real work lives in ``tools/`` (importable and tested); this file only
prepares environments and calls it. Dependencies are declared once, as
dependency groups in ``pyproject.toml``.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import nox

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))

from tools.catalogs import compile_engine_catalogs as _compile_engine_catalogs  # noqa: E402

nox.needs_version = ">=2025.2.9"
nox.options.default_venv_backend = "venv"
nox.options.reuse_venv = "yes"  # reinstalling is quick when nothing changed; CI starts from a fresh clone

PYPROJECT = nox.project.load_toml(ROOT / "pyproject.toml")
# Python 3.11 is the project's floor and what CI runs; any newer interpreter
# that runs nox will do when 3.11 is not installed.
PYTHON = "3.11" if shutil.which("python3.11") else None
CHROMIUM = Path("/usr/bin/chromium")
SITE = ROOT / "build" / "site"
LANGS = ("en", "fr", "it", "nl")


def install(session: nox.Session, *groups: str) -> None:
    """Install dependency groups and the engine (editable, so docs and tests see the source)."""
    session.install(*nox.project.dependency_groups(PYPROJECT, *groups))
    session.install("--no-deps", "-e", ".")


def compile_engine_catalogs(session: nox.Session) -> None:
    """Compile locales/<lang>/LC_MESSAGES/linger_longer.po into the engine package (.mo)."""
    written = _compile_engine_catalogs()
    session.log(f"engine catalogs: {', '.join(str(p.relative_to(ROOT)) for p in written) or 'none yet'}")


def ensure_chromium(session: nox.Session) -> None:
    """Install Debian's Chromium for the browser tests when it is missing and we may."""
    if CHROMIUM.exists():
        return
    if os.name == "posix" and os.geteuid() == 0 and shutil.which("apt-get"):
        env = {"DEBIAN_FRONTEND": "noninteractive"}
        session.run("apt-get", "update", external=True, env=env)
        session.run("apt-get", "install", "-y", "--no-install-recommends", "chromium", external=True, env=env)
        return
    session.error(
        f"{CHROMIUM} is missing and this session cannot install it (it needs root on Debian). "
        "Run `sudo apt-get update && sudo apt-get install -y chromium`, then `nox -s tests` again."
    )


def ensure_hunspell(session: nox.Session) -> None:
    """Install hunspell and the fr/it/nl dictionaries for the i18n spell check when missing and we may."""
    from tools.spelling import DICTIONARIES, PACKAGES

    dics = [Path("/usr/share/hunspell", f"{name}.dic") for name in DICTIONARIES.values()]
    if shutil.which("hunspell") and all(p.exists() for p in dics):
        return
    if os.name == "posix" and os.geteuid() == 0 and shutil.which("apt-get"):
        env = {"DEBIAN_FRONTEND": "noninteractive"}
        session.run("apt-get", "update", external=True, env=env)
        session.run("apt-get", "install", "-y", "--no-install-recommends", *PACKAGES, external=True, env=env)
        return
    session.warn(f"hunspell or a dictionary is missing and cannot be installed here (needs root on Debian): "
                 f"`sudo apt-get install -y {' '.join(PACKAGES)}`; the i18n gate fails until then")


def ensure_node_modules(session: nox.Session) -> None:
    """Fetch the npm packages the site and browser tests use (Pyodide, axe-core)."""
    lock = ROOT / "package-lock.json"
    wanted = [ROOT / "node_modules" / "pyodide", ROOT / "node_modules" / "axe-core"]
    if lock.exists() and not all(p.is_dir() for p in wanted):
        if not shutil.which("npm"):
            session.error("npm is missing: install Node.js (e.g. `apt-get install -y nodejs npm`).")
        session.run("npm", "ci", "--no-audit", "--no-fund", external=True)


def build_site(session: nox.Session, *args: str) -> None:
    compile_engine_catalogs(session)
    session.run("python", "-m", "tools.build_site", *args)


@nox.session(python=PYTHON)
def tests(session: nox.Session) -> None:
    """Run the whole test suite (engine, site, walkthroughs, browser) against a fresh site build."""
    install(session, "tests")
    ensure_chromium(session)
    ensure_hunspell(session)
    ensure_node_modules(session)
    build_site(session, "--fresh")
    session.run("pytest", *session.posargs)


@nox.session(python=PYTHON)
def site(session: nox.Session) -> None:
    """Build the four-language site into build/site/ (posargs: languages, --fresh)."""
    install(session, "docs")
    ensure_node_modules(session)
    build_site(session, *session.posargs)


@nox.session(python=PYTHON, default=False)
def serve(session: nox.Session) -> None:
    """Build the site, then serve build/site on http://127.0.0.1:8000."""
    install(session, "docs")
    ensure_node_modules(session)
    build_site(session, *session.posargs)
    session.log("serving build/site on http://127.0.0.1:8000/ (Ctrl+C stops)")
    session.run("python", "-m", "http.server", "8000", "--bind", "127.0.0.1", "--directory", str(SITE))


@nox.session(python=PYTHON, default=False)
def locales(session: nox.Session) -> None:
    """Regenerate the templates (docs, engine, site) and update the fr/it/nl catalogs."""
    install(session, "docs")
    session.run("python", "-m", "tools.locales", *session.posargs)


@nox.session(python=PYTHON)
def i18n(session: nox.Session) -> None:
    """Report translation progress per language and file; fail on broken entries."""
    ensure_hunspell(session)
    session.install("babel>=2.16")  # the wrapping check compares with Babel's canonical form
    session.run("python", "-m", "tools.i18n_check", *session.posargs)


@nox.session(python=PYTHON, default=False)
def preview(session: nox.Session) -> None:
    """Serve one language with live reload while you translate: nox -s preview -- fr."""
    lang = session.posargs[0] if session.posargs else "fr"
    if lang not in LANGS:
        session.error(f"unknown language {lang!r}; choose one of {', '.join(LANGS)}")
    install(session, "docs")
    compile_engine_catalogs(session)
    session.run(
        "sphinx-autobuild", "-b", "html", "-n", "-D", f"language={lang}",
        "-d", f"build/preview/doctrees/{lang}", "--watch", "locales", "--watch", "docs/_ext",
        "--ignore", "*.mo", "--ignore", "*.tmp", "--host", "127.0.0.1", "--port", "8000",
        *session.posargs[1:], "docs", f"build/preview/{lang}",
    )


@nox.session(python=PYTHON, default=False)
def bench(session: nox.Session) -> None:
    """Time the engine, the site build (full vs. one language after a .po edit) and the walkthroughs."""
    install(session, "tests")
    ensure_chromium(session)
    ensure_node_modules(session)
    build_site(session)  # the browser figures are measured on build/site
    session.run("python", "-m", "tools.bench", *session.posargs)


@nox.session(python=PYTHON, default=False)
def strength(session: nox.Session) -> None:
    """The solver's speed and the strong opponent's strength over 10,000 seeded deals a pairing (hours on two
    cores; posargs go to tools.bench_solver, e.g. `-- --deals 1000`)."""
    install(session, "tests")
    session.run("python", "-m", "tools.bench_solver", *(session.posargs or ["--deals", "10000"]))


@nox.session(python=PYTHON, default=False)
def puzzles(session: nox.Session) -> None:
    """Generate the puzzles in tutorial/puzzles/ from seeded deals (posargs: e.g. `-- --seeds 0-199`)."""
    session.install("--no-deps", "-e", ".")
    session.run("python", "-m", "linger_longer.puzzles", *session.posargs)


@nox.session(python=PYTHON, default=False)
def wheel(session: nox.Session) -> None:
    """Build the engine wheel (with its compiled catalogs) into build/dist/."""
    compile_engine_catalogs(session)
    session.run("python", "-m", "pip", "wheel", "--no-deps", "--wheel-dir", "build/dist", ".")
