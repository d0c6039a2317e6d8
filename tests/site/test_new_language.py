"""A new language is one entry in ``engine/linger_longer/languages.py`` plus ``nox -s locales -- -l de``.

In a temporary copy of the project (engine, site sources, tools, catalogs),
German is added to the list of languages; ``tools.locales -l de`` creates
its catalogs, its termbase column and its word list; a one-page site built
in German has the language switcher with German in it (and stand-ins for the
languages not built), the German rank letters, the status table; the root
page lists it; the gate names the Debian dictionary package to install.
Everything runs in subprocesses whose ``PYTHONPATH`` puts the copy first.
"""

from __future__ import annotations

import csv
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

GERMAN = ('    Language("de", "Deutsch", "AKDB", "Die Spielregeln des Kartenspiels, auf Deutsch.",\n'
          '             "nplurals=2; plural=(n != 1);", "de_DE", "hunspell-de-de"),\n')
PAGE = """# Probe

The {card}`QC` is a card.

```{translation-status}
```
"""


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory, repo_root: Path) -> Path:
    """A copy of the project with German added to its one list of languages."""
    dest = tmp_path_factory.mktemp("newlang") / "project"
    ignore = shutil.ignore_patterns("*.mo", "__pycache__", "_build")
    for name in ("docs", "tools", "tutorial", "locales"):
        shutil.copytree(repo_root / name, dest / name, ignore=ignore)
    shutil.copytree(repo_root / "engine" / "linger_longer", dest / "engine" / "linger_longer", ignore=ignore)
    languages = dest / "engine" / "linger_longer" / "languages.py"
    text = languages.read_text(encoding="utf-8")
    end = text.index(')\n"""Every language')
    languages.write_text(text[:end] + GERMAN + text[end:], encoding="utf-8")
    return dest


def run(project: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(project / "engine"), str(project / "docs" / "_ext"),
                                                         str(project)])}
    return subprocess.run([sys.executable, *args], cwd=project, env=env, capture_output=True, text=True,
                          check=check, timeout=600)


@pytest.fixture(scope="module")
def german(project: Path) -> Path:
    """``nox -s locales -- -l de`` in the copy: German catalogs for every page."""
    proc = run(project, "-m", "tools.locales", "-l", "de", "--pot-dir", str(project / "build" / "gettext"))
    assert "created: locales/de/LC_MESSAGES/faq.po" in proc.stdout, proc.stdout + proc.stderr
    return project / "locales" / "de" / "LC_MESSAGES"


def test_the_copy_uses_its_own_list_of_languages(project: Path) -> None:
    proc = run(project, "-c", "from linger_longer.languages import CODES; print(' '.join(CODES))")
    assert proc.stdout.split() == ["en", "fr", "it", "nl", "de"]


def test_locales_creates_every_catalog_with_a_real_header(german: Path, project: Path) -> None:
    pages = sorted(p.stem for p in (project / "locales" / "fr" / "LC_MESSAGES").glob("*.po"))
    assert sorted(p.stem for p in german.glob("*.po")) == pages
    header = (german / "faq.po").read_text(encoding="utf-8")
    assert '"Language: de\\n"' in header
    assert '"Language-Team: Deutsch\\n"' in header
    assert '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"' in header
    assert "FULL NAME" not in header and "EMAIL@ADDRESS" not in header
    with (project / "locales" / "glossary.csv").open(encoding="utf-8", newline="") as fh:
        reader = csv.DictReader(fh)
        assert "de" in (reader.fieldnames or [])
    assert (project / "locales" / "wordlist" / "de.txt").is_file()
    msgfmt = subprocess.run(["msgfmt", "-c", "-o", os.devnull, str(german / "linger_longer.po")],
                            capture_output=True, text=True)
    assert msgfmt.returncode == 0, msgfmt.stderr


def test_a_german_page_builds_with_its_switcher_cards_and_status(german: Path, project: Path) -> None:
    src = project / "probe"
    src.mkdir()
    (src / "index.md").write_text(PAGE, encoding="utf-8")
    out = project / "build" / "site"
    proc = run(project, "-c", (
        "import sys; from pathlib import Path; from tools.build_site import build_site; "
        f"build_site(['de'], out=Path({str(out)!r}), doctrees=Path({str(project / 'build' / 'doctrees')!r}), "
        f"srcdir=Path({str(src)!r}), confdir=Path({str(project / 'docs')!r}), fresh=True, pyodide=False)"),
        check=False)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    page = (out / "de" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<html [^>]*lang="de"', page)
    assert "Deutsch" in page
    assert re.search(r'href="\.\./fr/index\.html"', page)  # the switcher's other languages...
    assert (out / "fr" / "index.html").is_file()  # ...are stand-ins, not 404s
    assert "nox -s site -- fr" in (out / "fr" / "index.html").read_text(encoding="utf-8")
    assert "D♣" in page  # the German rank letter of the queen (Dame)
    assert "ll-status-de" in page  # the status page has a German table
    root = (out / "index.html").read_text(encoding="utf-8")
    assert 'data-languages="en fr it nl de"' in root and "Deutsch" in root


def test_the_gate_names_the_dictionary_package_to_install(german: Path, project: Path) -> None:
    """No silent skip: without the German dictionary the gate fails and says which Debian package gives it."""
    proc = run(project, "-m", "tools.i18n_check", "-l", "de", check=False)
    missing = "locales/de/LC_MESSAGES:0: spelling: the hunspell dictionary de_DE is missing"
    if Path("/usr/share/hunspell/de_DE.dic").exists():  # installed: German words are checked instead
        assert missing not in proc.stderr
    else:
        assert proc.returncode == 1
        assert missing in proc.stderr
        assert "apt-get install -y hunspell-de-de" in proc.stderr
