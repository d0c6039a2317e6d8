"""Sessions for the Linger Longer engine and site (``nox -l`` lists them).

The real work lives in ``tools/`` (importable and tested); this file only
prepares environments and calls it. Dependencies are declared once, as
dependency groups in ``pyproject.toml``.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
from pathlib import Path
from types import ModuleType

import nox

ROOT = Path(__file__).resolve().parent


def project_languages() -> ModuleType:
    """The project's list of languages, ``engine/linger_longer/languages.py``, read as a file.

    The nox process does not install the engine; that module uses the standard
    library only and imports nothing from its package, so it loads on its own.
    """
    spec = importlib.util.spec_from_file_location("linger_languages", ROOT / "engine" / "linger_longer" / "languages.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


nox.needs_version = ">=2025.2.9"
nox.options.default_venv_backend = "venv"
nox.options.reuse_venv = "yes"  # reinstalling is quick when nothing changed; CI starts from a fresh clone

PYPROJECT = nox.project.load_toml(ROOT / "pyproject.toml")
# Python 3.11 is the project's floor and what CI runs; any newer interpreter
# that runs nox will do when 3.11 is not installed.
PYTHON = "3.11" if shutil.which("python3.11") else None
CHROMIUM = Path("/usr/bin/chromium")
SITE = ROOT / "build" / "site"
languages = project_languages()  # the module: languages.CODES, languages.LANGUAGES, ...


def install(session: nox.Session, *groups: str) -> None:
    """Install dependency groups and the engine (editable, so docs and tests see the source)."""
    session.install(*nox.project.dependency_groups(PYPROJECT, *groups))
    session.install("--no-deps", "-e", ".")


def compile_engine_catalogs(session: nox.Session) -> None:
    """Compile locales/<lang>/LC_MESSAGES/linger_longer.po into the engine package (.mo); needs ``install``."""
    session.run("python", "-m", "linger_i18n")


def debian_install(session: nox.Session, packages: tuple[str, ...], *, needed_by: str, required: bool) -> None:
    """Install Debian packages with apt-get when this session may (root on Debian), or say how to.

    A missing package a session cannot do without (``required``) stops it with the
    command to run; one that only disables a check is a warning naming what fails.
    """
    if os.name == "posix" and os.geteuid() == 0 and shutil.which("apt-get"):
        env = {"DEBIAN_FRONTEND": "noninteractive"}
        session.run("apt-get", "update", external=True, env=env)
        session.run("apt-get", "install", "-y", "--no-install-recommends", *packages, external=True, env=env)
        return
    command = f"sudo apt-get update && sudo apt-get install -y {' '.join(packages)}"
    missing = f"Debian packages not installed: {', '.join(packages)}; this session cannot install them (it needs root)."
    if required:
        session.error(f"{missing} Run `{command}`, then run the command again.")
    session.warn(f"{missing} Run `{command}`; {needed_by} fails until then.")


def ensure_chromium(session: nox.Session) -> None:
    """Install Debian's Chromium for the browser tests when it is missing."""
    if not CHROMIUM.exists():
        debian_install(session, ("chromium",), needed_by="the browser tests", required=True)


def ensure_hunspell(session: nox.Session) -> None:
    """Install hunspell and the translated languages' dictionaries for the i18n spell check when missing."""
    spelled = [lang for lang in languages.LANGUAGES if lang.hunspell]
    dics = [Path("/usr/share/hunspell", f"{lang.hunspell}.dic") for lang in spelled]
    if not (shutil.which("hunspell") and all(p.exists() for p in dics)):
        packages = ("hunspell", *(lang.hunspell_package for lang in spelled))
        debian_install(session, packages, needed_by="the i18n gate", required=False)


def ensure_node(session: nox.Session) -> None:
    """Install Debian's Node.js and npm (npm ci, the widget logic tests) when missing."""
    if not (shutil.which("node") and shutil.which("npm")):
        debian_install(session, ("nodejs", "npm"), needed_by="the site build", required=True)


def ensure_gettext(session: nox.Session) -> None:
    """Install GNU gettext (``msgfmt -c``, the check PO editors run, is part of the i18n gate) when missing."""
    if not shutil.which("msgfmt"):
        debian_install(session, ("gettext",), needed_by="the i18n gate", required=False)


def ensure_node_modules(session: nox.Session) -> None:
    """Fetch the npm packages the site and browser tests use (Pyodide, axe-core, Workbox)."""
    ensure_node(session)
    lock = ROOT / "package-lock.json"
    wanted = [ROOT / "node_modules" / name for name in ("pyodide", "axe-core", "workbox-build")]
    if lock.exists() and not all(p.is_dir() for p in wanted):
        session.run("npm", "ci", "--no-audit", "--no-fund", external=True)


def build_site(session: nox.Session, *args: str) -> None:
    """Build the site (tools/build_site.py compiles the engine's catalogs first)."""
    session.run("python", "-m", "tools.build_site", *args)


@nox.session(python=PYTHON)
def tests(session: nox.Session) -> None:
    """Run the whole test suite (engine, site, walkthroughs, browser) against a fresh site build.

    After the whole suite (no posargs), print the walkthroughs' and the offline figures measured in Chromium
    on that build (``tools.bench.browser``, ``tools.bench.offline``, both parts of ``nox -s bench``) beside
    their goals: figures, not tests, so a missed goal does not fail the run, but a benchmark that cannot
    run does.
    """
    install(session, "tests")
    ensure_chromium(session)
    ensure_hunspell(session)
    ensure_gettext(session)
    ensure_node_modules(session)
    build_site(session, "--fresh")
    session.run("python", "-m", "tools.pdf", str(SITE))  # the site's PDF links: the PDFs, in the site CI builds
    session.run("pytest", *session.posargs)
    if not session.posargs:
        session.run("python", "-m", "tools.bench.browser")
        session.run("python", "-m", "tools.bench.offline")


@nox.session(python=PYTHON)
def site(session: nox.Session) -> None:
    """Build the site, every language, into build/site/ (posargs: languages, --fresh)."""
    install(session, "docs")
    ensure_node_modules(session)
    build_site(session, *session.posargs)


@nox.session(python=PYTHON, default=False)
def pdf(session: nox.Session) -> None:
    """Build the site, then print the reference card (A4, Letter) and the full rules as PDFs into
    build/site/<lang>/pdf/ with Chromium (posargs: languages, and --fresh for the build)."""
    install(session, "tests")  # Playwright
    ensure_chromium(session)
    ensure_node_modules(session)
    build_site(session, *session.posargs)
    session.run("python", "-m", "tools.pdf", str(SITE), *(a for a in session.posargs if a in languages.CODES))


@nox.session(python=PYTHON, default=False)
def serve(session: nox.Session) -> None:
    """Build the site, then serve build/site on http://127.0.0.1:8000."""
    install(session, "docs")
    ensure_node_modules(session)
    build_site(session, *session.posargs)
    # With the precompressed .br/.gz copies, as a static host configured for them (tools/serve.py).
    session.run("python", "-m", "tools.serve", str(SITE), "--port", "8000")


@nox.session(python=PYTHON, default=False)
def locales(session: nox.Session) -> None:
    """Regenerate the templates (docs, engine, site) and update the translated languages' catalogs."""
    install(session, "docs")
    session.run("python", "-m", "tools.locales", *session.posargs)


@nox.session(python=PYTHON)
def i18n(session: nox.Session) -> None:
    """Report translation progress per language and file; fail on broken entries."""
    ensure_hunspell(session)
    ensure_gettext(session)
    session.install("--no-deps", "-e", ".")  # the catalog package and the list of languages
    session.run("python", "-m", "tools.i18n_check", *session.posargs)


@nox.session(python=PYTHON, default=False)
def preview(session: nox.Session) -> None:
    """Serve one language with live reload while you translate: nox -s preview -- fr (Ctrl-C stops it)."""
    lang = session.posargs[0] if session.posargs else languages.TRANSLATED[0]
    if lang not in languages.CODES:
        session.error(f"unknown language {lang!r}; choose one of {', '.join(languages.CODES)}")
    install(session, "docs")
    compile_engine_catalogs(session)
    out = f"build/preview/{lang}"
    session.run("python", "-m", "tools.stand_ins", lang, out)  # the switcher's other languages: no 404
    try:
        session.run(
            "sphinx-autobuild", "-b", "html", "-n", "-D", f"language={lang}",
            "-d", f"build/preview/doctrees/{lang}", "--watch", "locales", "--watch", "docs/_ext",
            "--ignore", "*.mo", "--ignore", "*.tmp", "--host", "127.0.0.1",
            "--port", "8000", *session.posargs[1:], "docs", out,
            interrupt_timeout=10.0,  # Ctrl-C: the server stops by itself, not killed half-way
        )
    except KeyboardInterrupt:
        session.log("preview stopped")


@nox.session(python=PYTHON, default=False)
def bench(session: nox.Session) -> None:
    """Measure what readers feel (engine, solver, bots, build, pages in Chromium) and the engine's guard rails."""
    install(session, "tests")
    ensure_chromium(session)
    ensure_node_modules(session)
    build_site(session)  # the browser figures are measured on build/site
    session.run("python", "-m", "tools.bench", *session.posargs)


@nox.session(python=PYTHON, default=False)
def strength(session: nox.Session) -> None:
    """The opponents page's strength figures over 10,000 seeded deals a row, written to
    tutorial/data/strength.json (hours on two cores; posargs go to tools.strength, e.g.
    `-- --deals 2000 --long-deals 300`; `-- --scheduler tcp://HOST:8786` runs on a Dask cluster)."""
    install(session, "generate")
    session.run("python", "-m", "tools.strength", *session.posargs)


@nox.session(python=PYTHON, default=False)
def puzzles(session: nox.Session) -> None:
    """Generate the puzzles in tutorial/puzzles/ from seeded deals on Dask, every core by default (posargs: e.g.
    `-- --seeds 0-199`, `-- --scheduler tcp://HOST:8786` for a cluster, `-- --workers 1`)."""
    install(session, "generate")
    session.run("python", "-m", "tools.puzzles", *session.posargs)


@nox.session(python=PYTHON, default=False)
def wheel(session: nox.Session) -> None:
    """Build the engine wheel (with its compiled catalogs) into build/dist/."""
    session.install("--no-deps", "-e", ".")  # the catalog compiler
    compile_engine_catalogs(session)
    session.run("python", "-m", "pip", "wheel", "--no-deps", "--wheel-dir", "build/dist", ".")
