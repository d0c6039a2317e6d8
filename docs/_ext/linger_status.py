"""The ``translation-status`` directive: how far each translation is, read from the catalogs at build time.

Written in a page as::

    ```{translation-status}
    ```

it renders one table per translated language of ``linger_longer.languages``,
titled with the language's own name: a row per catalog file of
``locales/<lang>/LC_MESSAGES/`` with the percentage of its messages
that are translated (fuzzy entries count as untranslated: the site does not
use them), the count behind it, and the date of the catalog's last change,
then a row for all catalogs together.

The date comes from ``git log -1 --format=%cs`` (a catalog with uncommitted
changes: its file date); without git, from the catalog's ``PO-Revision-Date``
header, else its file date.

The column names and the total row's label are ordinary doctree text with a
source line, so the gettext builder extracts them into the page's catalog and
each language's page reads in that language. Numbers, dates, file names and
language names are left out of the catalogs (they change with every build).
Each catalog is a dependency of the page, so an incremental build re-reads
the page when a catalog changes.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import math
import re
import subprocess
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from linger_i18n.catalogs import progress
from linger_i18n.po import read_po
from linger_longer.languages import TRANSLATED, language

__version__ = "0.1.0"

#: The table's words (translatable: they go through the page's catalog).
COLUMNS = ("Catalog", "Translated", "Messages", "Last change")
TOTAL = "All catalogs"


@dataclasses.dataclass(frozen=True)
class CatalogStatus:
    """Progress of one catalog file."""

    name: str
    translated: int
    total: int
    changed: str  # YYYY-MM-DD, or "" when unknown

    @property
    def percent(self) -> int:
        """Whole percent translated, rounded down: 100 only when every message is done."""
        return math.floor(100 * self.translated / self.total) if self.total else 100


#: Counts by catalog and its (size, mtime): a warm rebuild re-reads only the catalogs that changed.
_COUNTS: dict[Path, tuple[tuple[int, int], tuple[int, int]]] = {}


def count(po: Path) -> tuple[int, int]:
    """(translated, total) messages of a catalog; fuzzy, empty and broken entries are not translated."""
    stat = po.stat()
    key = (stat.st_size, stat.st_mtime_ns)
    cached = _COUNTS.get(po)
    if cached is not None and cached[0] == key:
        return cached[1]
    lang = po.parts[po.parts.index("LC_MESSAGES") - 1] if "LC_MESSAGES" in po.parts else ""
    done, total = progress(read_po(po), lang)
    _COUNTS[po] = (key, (done, total))
    return done, total


def _git(args: list[str], cwd: Path) -> str | None:
    try:
        proc = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, timeout=30, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    return proc.stdout if proc.returncode == 0 else None


#: Commit dates by (folder, HEAD commit): a preview server or a warm rebuild asks again and again.
_COMMITTED_DATES: dict[tuple[str, str], dict[Path, str]] = {}


def git_dates(folder: Path) -> dict[Path, str]:
    """Date of the last commit of each file under ``folder`` (one ``git log`` for all of them).

    Files with uncommitted changes are left out (their file date is newer). Empty without git.
    """
    head = _git(["rev-parse", "--show-toplevel", "HEAD"], folder)
    if not head or len(head.split()) != 2:
        return {}
    top, commit = head.split()
    root = Path(top)
    committed = _COMMITTED_DATES.get((str(folder), commit))
    if committed is None:  # walking the history is the slow part: once per commit, per process
        log = _git(["log", "--format=%x00%cs", "--name-only", "--", "."], folder)
        if log is None:
            return {}
        committed = {}
        date = ""
        for line in log.splitlines():
            if line.startswith("\x00"):
                date = line[1:].strip()
            elif line.strip():
                committed.setdefault((root / line.strip()).resolve(), date)  # newest first: keep the first
        _COMMITTED_DATES[(str(folder), commit)] = committed
    dates = dict(committed)
    dirty = _git(["status", "--porcelain", "--", "."], folder) or ""
    for line in dirty.splitlines():
        dates.pop((root / line[3:].strip().split(" -> ")[-1]).resolve(), None)
    return dates


_REVISION = re.compile(r"^PO-Revision-Date:\s*(\d{4}-\d{2}-\d{2})", re.MULTILINE)


def fallback_date(po: Path) -> str:
    """The catalog's ``PO-Revision-Date`` when filled in, else the file's date."""
    head = po.read_text(encoding="utf-8", errors="replace")[:4000].replace('"\n"', "").replace("\\n", "\n")
    m = _REVISION.search(head)
    if m:
        return m.group(1)
    return dt.datetime.fromtimestamp(po.stat().st_mtime, dt.timezone.utc).date().isoformat()


def language_status(locales: Path, lang: str, dates: dict[Path, str] | None = None) -> list[CatalogStatus]:
    """One :class:`CatalogStatus` per catalog of ``locales/<lang>/LC_MESSAGES``, sorted by name."""
    folder = locales / lang / "LC_MESSAGES"
    dates = git_dates(locales) if dates is None and locales.is_dir() else (dates or {})
    rows = []
    for po in sorted(folder.rglob("*.po")):
        done, total = count(po)
        changed = dates.get(po.resolve()) or fallback_date(po)
        rows.append(CatalogStatus(po.relative_to(folder).as_posix(), done, total, changed))
    return rows


class TranslationStatus(SphinxDirective):
    """``{translation-status}``: a progress table per language, from the catalogs."""

    has_content = False
    optional_arguments = 0

    def _text(self, text: str) -> nodes.paragraph:
        """A paragraph the gettext builder extracts (it has a source and a line)."""
        para = nodes.paragraph(text, text)
        para.source, para.line = self.get_source_info()
        return para

    @staticmethod
    def _data(text: str, literal: bool = False) -> nodes.paragraph:
        """A paragraph that is data, not words: no source, so it never reaches a catalog."""
        para = nodes.paragraph()
        para += nodes.literal(text, text) if literal else nodes.Text(text)
        return para

    @staticmethod
    def _row(cells: list[nodes.paragraph]) -> nodes.row:
        row = nodes.row()
        for para in cells:
            entry = nodes.entry()
            entry += para
            row += entry
        return row

    def _percent(self, value: int) -> str:
        """A percentage written as the page's language writes it: ``62%`` in English, ``62 %`` in French."""
        page_lang = (self.config.language or "en").replace("-", "_").split("_")[0].lower()
        try:
            space = language(page_lang).percent_space
        except KeyError:
            space = ""
        return f"{value}{space}%"

    def run(self) -> list[nodes.Node]:
        locales = Path(self.env.srcdir, self.config.locale_dirs[0] if self.config.locale_dirs else "locales")
        locales = locales.resolve()
        dates = git_dates(locales) if locales.is_dir() else {}
        out: list[nodes.Node] = []
        for lang in TRANSLATED:
            name = language(lang).name
            rows = language_status(locales, lang, dates)
            for po in sorted((locales / lang / "LC_MESSAGES").rglob("*.po")):
                self.env.note_dependency(str(po))
            table = nodes.table(classes=["ll-status"], ids=[f"status-{lang}"])
            title = nodes.title(name, name)  # a language's own name: the same on every page
            title["translatable"] = False
            table += title
            group = nodes.tgroup(cols=len(COLUMNS))
            table += group
            for width in (40, 20, 20, 20):
                group += nodes.colspec(colwidth=width)
            head = nodes.thead()
            head += self._row([self._text(c) for c in COLUMNS])
            group += head
            body = nodes.tbody()
            for r in rows:
                body += self._row([self._data(r.name, literal=True), self._data(self._percent(r.percent)),
                                   self._data(f"{r.translated} / {r.total}"), self._data(r.changed or "–")])
            done, total = sum(r.translated for r in rows), sum(r.total for r in rows)
            overall = CatalogStatus(TOTAL, done, total, max((r.changed for r in rows), default=""))
            total_row = self._row([self._text(TOTAL), self._data(self._percent(overall.percent)), self._data(f"{done} / {total}"),
                                   self._data(overall.changed or "–")])
            total_row["classes"].append("ll-status-total")
            body += total_row
            group += body
            table["classes"].append(f"ll-status-{lang}")
            out.append(table)
        return out


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("translation-status", TranslationStatus)
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True}
