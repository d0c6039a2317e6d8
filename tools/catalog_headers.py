"""The header of a translated catalog, with real values (written by ``nox -s locales``).

- ``Language-Team``: the language's own name (``linger_longer.languages``);
- ``Plural-Forms``: the language's rule from the same list;
- ``Report-Msgid-Bugs-To``: the project's name (the project has no public
  issue page or address to give; a made-up one would mislead);
- ``Last-Translator`` and ``PO-Revision-Date``: the author and date of the
  newest commit that changed a translation of the catalog, as git records
  it. A commit that only touched the English (new or fuzzy entries), the
  wrapping or the header is not a translation. When the working copy holds
  translations that are not committed yet, the header the translator's
  editor wrote is kept as it is; without git, the header is left alone too.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import subprocess
from pathlib import Path

from linger_i18n.po import parse_po

__all__ = ["PROJECT", "Revision", "last_revision", "translations"]

#: What ``Report-Msgid-Bugs-To`` names: the project (it has no public issue page).
PROJECT = "Linger Longer"
#: How far back in a catalog's history to look for the last translation.
HISTORY = 40


@dataclasses.dataclass(frozen=True)
class Revision:
    """Who last changed a translation of a catalog, and when."""

    translator: str
    date: dt.datetime


def translations(text: str) -> frozenset[tuple[str, tuple[str, ...]]]:
    """The catalog's used translations: (lookup key, msgstr forms) of each translated, non-fuzzy entry."""
    cat = parse_po(text)
    return frozenset((e.key, tuple(e.translations)) for e in cat.entries if e.translated and not e.fuzzy)


def _git(args: list[str], cwd: Path) -> str | None:
    try:
        proc = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, timeout=60, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    return proc.stdout if proc.returncode == 0 else None


def last_revision(po: Path) -> Revision | None:
    """The newest commit that added or changed a translation of ``po``; None to keep the header as it is.

    None when git is missing, when the file is not in a repository, when its
    working copy has uncommitted translations (the translator's editor wrote
    the header) or when no commit in its recent history translated anything.
    """
    folder = po.resolve().parent
    top = _git(["rev-parse", "--show-toplevel"], folder)
    if top is None:
        return None
    root = Path(top.strip()).resolve()
    rel = po.resolve().relative_to(root).as_posix()
    committed = _git(["show", f"HEAD:{rel}"], root)
    if committed is None or translations(po.read_text(encoding="utf-8")) - translations(committed):
        return None
    log = _git(["log", f"-{HISTORY}", "--format=%H%x09%an <%ae>%x09%aI", "--", rel], root) or ""
    for line in log.splitlines():
        commit, author, date = line.split("\t")
        after = _git(["show", f"{commit}:{rel}"], root) or ""
        before = _git(["show", f"{commit}^:{rel}"], root) or ""
        if translations(after) - translations(before):
            return Revision(author, dt.datetime.fromisoformat(date))
    return None
