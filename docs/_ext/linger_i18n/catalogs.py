"""Compile ``.po`` catalogs to ``.mo``, leaving out entries that would break things.

Used by the site extension (docs catalogs, before each Sphinx build), by the
site build and the engine wheel (:func:`compile_engine_catalogs`, the engine's
narration domain: ``python -m linger_i18n``).

An entry is left out, so that its message shows in English, when it has a
syntax error, a placeholder that differs from the English (the engine would
fail at ``str.format``) or roles/markup that differ (Sphinx would warn about
inconsistent references and ``-W`` would fail the build). Fuzzy and empty
entries are left out as ``msgfmt`` does. The findings themselves are the job
of ``tools/i18n_check.py`` (``nox -s i18n``); compiling never fails.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from .checks import BLOCKING, entry_problems
from .po import Catalog, Entry, Problem, read_po, write_mo

__all__ = ["compile_catalog", "compile_language", "compile_engine_catalogs", "progress", "usable_entries",
           "ENGINE_DOMAIN"]

ROOT = Path(__file__).resolve().parents[3]  # docs/_ext/linger_i18n/catalogs.py
ENGINE_DOMAIN = "linger_longer"
ENGINE_LOCALE = ROOT / "engine" / "linger_longer" / "locale"


def usable_entries(cat: Catalog, lang: str) -> tuple[list[Entry], list[Problem]]:
    """The entries the site shows: translated, not fuzzy, with no :data:`~linger_i18n.checks.BLOCKING` finding;
    and the blocking findings of the others (a broken entry shows in English)."""
    keep: list[Entry] = []
    dropped: list[Problem] = []
    for entry in cat.entries:
        if entry.fuzzy or not entry.translated:
            continue
        blocking = [p for p in entry_problems(entry, cat.path, lang) if p.kind in BLOCKING]
        if blocking:
            dropped += blocking
        else:
            keep.append(entry)
    return keep, dropped


def progress(cat: Catalog, lang: str) -> tuple[int, int]:
    """(translated, total) messages of a catalog, as the site counts them: a fuzzy, empty or broken
    entry (one the site leaves out, or one that cannot even be read) is not translated."""
    return len(usable_entries(cat, lang)[0]), len(cat.entries) + cat.broken


def compile_catalog(po: Path, mo: Path, lang: str) -> list[Problem]:
    """Compile one catalog; return the entries left out.

    The ``.mo`` is rewritten only when its bytes change (whatever the files'
    dates say), so Sphinx re-reads exactly the pages whose translations changed.
    """
    cat = read_po(po)
    keep, dropped = usable_entries(cat, lang)
    write_mo(mo, cat.header, keep)
    return list(cat.problems) + dropped


def compile_language(locale_dir: Path, lang: str, cache: Path | None = None) -> list[Problem]:
    """Compile every ``<locale_dir>/<lang>/LC_MESSAGES/**/*.po`` next to itself.

    With ``cache`` (a JSON file of content hashes), catalogs whose ``.po`` and
    ``.mo`` are unchanged since the last call are not parsed again: a rebuild
    after a one-line edit compiles one catalog, not all of them.
    """
    seen: dict[str, list[str]] = {}
    if cache is not None and cache.is_file():
        try:
            seen = json.loads(cache.read_text(encoding="utf-8"))
        except ValueError:
            seen = {}
    problems: list[Problem] = []
    now: dict[str, list[str]] = {}
    for po in sorted((locale_dir / lang / "LC_MESSAGES").rglob("*.po")):
        mo = po.with_suffix(".mo")
        key = str(po.resolve())
        po_hash = hashlib.sha256(po.read_bytes()).hexdigest()
        mo_hash = hashlib.sha256(mo.read_bytes()).hexdigest() if mo.is_file() else ""
        if seen.get(key) == [po_hash, mo_hash] and mo_hash:
            now[key] = seen[key]
            continue
        problems += compile_catalog(po, mo, lang)
        now[key] = [po_hash, hashlib.sha256(mo.read_bytes()).hexdigest()]
    if cache is not None and now != seen:
        cache.parent.mkdir(parents=True, exist_ok=True)
        cache.write_text(json.dumps(now, indent=0, sort_keys=True), encoding="utf-8")
    return problems


def compile_engine_catalogs(locales: Path = ROOT / "locales", target: Path = ENGINE_LOCALE) -> list[Path]:
    """Compile ``locales/<lang>/LC_MESSAGES/linger_longer.po`` into the engine package.

    The ``.mo`` files land in ``engine/linger_longer/locale/<lang>/LC_MESSAGES/``,
    where the engine's ``narrate.translator`` finds them and the wheel ships them.
    """
    written = []
    for po in sorted(locales.glob(f"*/LC_MESSAGES/{ENGINE_DOMAIN}.po")):
        lang = po.parent.parent.name
        mo = target / lang / "LC_MESSAGES" / f"{ENGINE_DOMAIN}.mo"
        compile_catalog(po, mo, lang)
        written.append(mo)
    return written
