"""Shared test set-up: the engine's compiled catalogs, the built site, the browser.

``tools`` and the site's extensions are importable through pytest's
``pythonpath`` setting (``pyproject.toml``).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from linger_i18n.catalogs import compile_engine_catalogs
from linger_longer.languages import CODES

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session", autouse=True)
def engine_catalogs() -> list[Path]:
    """The engine's narration catalogs, compiled into the package as ``nox -s tests`` does, so that a
    plain ``pytest`` from a fresh clone narrates in every language (an up-to-date ``.mo`` is kept)."""
    return compile_engine_catalogs()


@pytest.fixture(scope="session")
def repo_root() -> Path:
    """The repository root."""
    return ROOT


@pytest.fixture(scope="session")
def built_site() -> Path:
    """build/site as ``nox -s site`` (and ``nox -s tests``, first) leaves it; never skipped."""
    site = Path(os.environ.get("LINGER_SITE", ROOT / "build" / "site"))
    missing = [p for p in ("index.html", *(f"{code}/index.html" for code in CODES)) if not (site / p).is_file()]
    if missing:
        pytest.fail(f"{site} is not a built site (missing {', '.join(missing)}): run `nox -s site` first",
                    pytrace=False)
    return site


#: The speed the walkthroughs and the Play page remember (linger-pace.mjs), set to instant in a new context unless
#: the page or the test chose one already: a test that does not test the pacing never waits for it.
INSTANT_SPEED = """try {
  if (localStorage.getItem('linger-play-speed') === null) localStorage.setItem('linger-play-speed', 'instant');
} catch {}"""

#: Whether the test being set up is marked ``paced`` (it, its class or its module): its contexts play at the
#: reader's default speed.
_pacing = {"paced": False}


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    """Note whether ``item`` is paced before its fixtures (a module-scoped page too) open any context."""
    _pacing["paced"] = item.get_closest_marker("paced") is not None


class Chromium:
    """The session's browser: a new context remembers the instant speed, unless the test is marked ``paced``.

    ``new_page`` (a page in a context of its own, as the site's tests open it) keeps the default speed.
    """

    def __init__(self, browser: object) -> None:
        self._browser = browser

    def new_context(self, **options: object) -> object:
        context = self._browser.new_context(**options)
        if not _pacing["paced"]:
            context.add_init_script(INSTANT_SPEED)
        return context

    def __getattr__(self, name: str) -> object:
        return getattr(self._browser, name)


@pytest.fixture(scope="session")
def chromium() -> Iterator[Chromium]:
    """Debian's Chromium driven by Playwright (sync API): one browser for the whole session.

    Playwright's sync API allows one instance per process, so every browser
    test, whichever folder it lives in, shares this fixture. Its contexts play
    walkthroughs and the Play page at the instant speed, except in the tests
    marked ``paced`` (``pytest -m paced`` runs those alone).
    """
    from tools.chromium import CHROMIUM, CHROMIUM_ARGS, MISSING

    if not Path(CHROMIUM).is_file():
        pytest.fail(MISSING, pytrace=False)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield Chromium(browser)
        finally:
            browser.close()


#: A "what if" question about following suit, used wherever a test needs a refusal that names its clause.
CLAUSE_QUESTION = '''
title = "What if B holds a heart?"
players = ["A", "B", "C", "D"]
[start]
hypothetical = true
trump = "S"
leader = "A"
hands = { A = "5H", B = "JH 4S", C = "8H", D = "AH" }
stock = "2D 3D 4D 5D"
[[step]]
play = "5H"
[[step]]
play = "JH"
ask = "Which card may B play?"
note = "B holds a heart and must follow suit."
'''


@pytest.fixture(scope="session")
def question_toml() -> str:
    """A hypothetical worked example whose second step asks which card B may play (B must follow suit)."""
    return CLAUSE_QUESTION
