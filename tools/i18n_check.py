"""Report on the translation catalogs and gate broken entries (``nox -s i18n``).

For every language under ``locales/`` and every catalog in it, the report
counts translated, fuzzy, untranslated and obsolete (``#~``) messages. It
then checks each translated message against its English ``msgid`` and fails
(exit status 1, one ``file:line: kind: reason`` line per finding) when:

- ``syntax``: the file cannot be read as a ``.po`` catalog at that line;
- ``placeholder``, ``markup``, ``html``, ``copy``, ``term``, ``forms``,
  ``typography``: the message differs from its English as
  :mod:`linger_i18n.checks` describes (placeholders, roles and links, added
  HTML, an English copy, a termbase term not used or contradicted, a plural
  entry without all its forms, the language's typography);
- ``termbase``: ``locales/glossary.csv`` itself is wrong (an opponent level
  with two names in one language), named by row;
- ``plural``: the catalog's ``Plural-Forms`` header is not the language's
  rule in ``linger_longer.languages`` (its plural messages would pick the
  wrong form);
- ``spelling``: hunspell does not know a word of the translation and the word
  list ``locales/wordlist/<lang>.txt`` does not have it (``tools/spelling.py``);
  a missing hunspell or dictionary is a finding too, never a silent skip;
- ``msgfmt``: GNU gettext's own check, ``msgfmt -c``, the one PO editors and
  translation platforms run, rejects the file (a missing ``msgfmt`` is a
  finding too: install Debian's ``gettext``).

The wrapping of a file is not checked: a catalog saved by any PO editor is
accepted as it is, and ``nox -s locales`` rewrites it in the canonical form
on its next run. Headers an editor adds (``X-Generator``) are not findings.

The site build leaves out entries with ``syntax``, ``placeholder``,
``markup`` and ``forms`` findings (those show in English, and count as not
translated here and on the status page), see :mod:`linger_i18n.catalogs`.

``--todo fr`` lists the work left in a language instead: every fuzzy,
untranslated or broken entry with ``file:line``, its English, and for a
fuzzy one the English it was translated from (``#| msgid``).
"""

from __future__ import annotations

import argparse
import dataclasses
import re
import shutil
import subprocess
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

from linger_i18n.checks import BLOCKING, Termbase, TermbaseError, entry_problems
from linger_i18n.po import Catalog, Entry, Problem, previous_ids, read_po
from linger_longer.languages import TRANSLATED, language

from tools import spelling

__all__ = ["FileReport", "check_catalog", "check_locales", "msgfmt_problems", "plural_problems", "todo", "main"]

ROOT = Path(__file__).resolve().parent.parent
LANGS = TRANSLATED


@dataclasses.dataclass
class FileReport:
    """One catalog's counts and findings."""

    path: str
    lang: str
    translated: int
    fuzzy: int
    untranslated: int
    obsolete: int
    problems: list[Problem]
    #: Entries that cannot be used: unreadable, or with a finding that makes the site show the English.
    broken: int = 0

    @property
    def total(self) -> int:
        return self.translated + self.fuzzy + self.untranslated + self.broken

    @property
    def percent(self) -> float:
        return 100.0 * self.translated / self.total if self.total else 100.0


def check_catalog(cat: Catalog, lang: str, termbase: Termbase | None = None) -> FileReport:
    """Count and check one parsed catalog."""
    translated = fuzzy = untranslated = 0
    broken = cat.broken
    problems = list(cat.problems) + plural_problems(cat, lang)
    for entry in cat.entries:
        if entry.fuzzy:
            fuzzy += 1
        elif entry.translated:
            found = entry_problems(entry, cat.path, lang, termbase)
            problems += found
            if any(p.kind in BLOCKING for p in found):
                broken += 1
            else:
                translated += 1
        else:
            untranslated += 1
    return FileReport(cat.path, lang, translated, fuzzy, untranslated, len(cat.obsolete), problems, broken)


_PLURAL_FORMS = re.compile(r"^Plural-Forms:[ \t]*(.*?)[ \t]*$", re.MULTILINE)


def plural_problems(cat: Catalog, lang: str) -> list[Problem]:
    """A catalog's ``Plural-Forms`` header must be its language's rule (``linger_longer.languages``).

    gettext picks a plural message's form with that rule: another one shows the
    wrong form, or none. A catalog without a header (or without the line) uses
    gettext's default, English's rule, which is only right where the language's is.
    """
    try:
        wanted = language(lang).plural_forms
    except KeyError:
        return []  # not a language of the project: nothing to compare with
    found = _PLURAL_FORMS.search(cat.header.msgstr) if cat.header is not None else None
    rule = found.group(1) if found else language("en").plural_forms
    if rule == wanted:
        return []
    line = cat.header.line if cat.header is not None else 1
    return [Problem(cat.path, line, "plural", f"Plural-Forms is {rule!r}; the {lang} rule is {wanted!r}")]


def _display(path: Path, root: Path) -> str:
    try:
        return str(path.resolve().relative_to(root.resolve()))
    except ValueError:
        return str(path)


def check_locales(locales: Path, langs: Iterable[str] = LANGS, termbase: Path | None = None,
                  root: Path | None = None) -> list[FileReport]:
    """Check every catalog of every language under ``locales``."""
    root = root or locales.parent
    tb_path = termbase if termbase is not None else locales / "glossary.csv"
    reports = []
    try:
        tb = Termbase.load(tb_path) if tb_path.is_file() else None
    except TermbaseError as exc:  # a broken termbase is a finding of its own; the catalogs are still checked
        tb = None
        reports.append(FileReport(_display(Path(exc.path), root), "termbase", 0, 0, 0, 0,
                                  [Problem(_display(Path(exc.path), root), exc.row, "termbase", exc.reason)]))
    for lang in langs:
        pos = sorted((locales / lang / "LC_MESSAGES").rglob("*.po"))
        cats = [read_po(po, _display(po, root)) for po in pos]
        mine = [check_catalog(cat, lang, tb) for cat in cats]
        for po, cat, report in zip(pos, cats, mine):  # GNU gettext's own check, as PO editors run it
            report.problems += [] if cat.problems else msgfmt_problems(po, cat.path)
        try:  # hunspell, one run per language (tools/spelling.py); missing hunspell fails the gate
            spelled = spelling.check_catalogs(list(zip(pos, cats)), lang, locales / "wordlist" / f"{lang}.txt")
            for report in mine:
                report.problems += spelled.get(report.path, [])
        except spelling.SpellingUnavailable as exc:
            if mine:
                mine[0].problems.append(Problem(_display(pos[0].parent, root), 0, "spelling", str(exc)))
        reports += mine
    return reports


MSGFMT_MISSING = ("msgfmt (GNU gettext) is not installed, so `msgfmt -c` cannot check the catalogs; "
                  "install it with `apt-get install -y gettext`")
_MSGFMT_LINE = re.compile(r"^(?P<path>.+?):(?P<line>\d+)(?::\d+)?: (?P<reason>.*)$")


def msgfmt_problems(po: Path, shown: str) -> list[Problem]:
    """What ``msgfmt -c`` (GNU gettext's check, which PO editors and translation platforms run) says of ``po``.

    Its errors are findings; its warnings are not (a header field still at its template value, for
    example: ``nox -s locales`` writes the header).
    """
    exe = shutil.which("msgfmt")
    if exe is None:
        return [Problem(shown, 0, "msgfmt", MSGFMT_MISSING)]
    proc = subprocess.run([exe, "-c", "-o", "/dev/null", str(po)], capture_output=True, text=True, check=False)
    if proc.returncode == 0:
        return []  # warnings only (a header still at its template value): `nox -s locales` fills the header
    found = [Problem(shown, int(m.group("line")), "msgfmt", m.group("reason").strip())
             for m in map(_MSGFMT_LINE.match, proc.stderr.splitlines()) if m]
    return found or [Problem(shown, 0, "msgfmt", proc.stderr.strip() or f"msgfmt -c exited with {proc.returncode}")]


def _todo_reason(entry: Entry, problems: list[Problem]) -> str | None:
    if problems:
        return "broken: " + "; ".join(f"{p.kind}: {p.reason}" for p in problems)
    if entry.fuzzy:
        return "fuzzy"
    if not entry.translated:
        return "untranslated"
    return None


def _previous(entry: Entry) -> str | None:
    """The English a fuzzy entry was translated from: its ``#| msgid`` comment lines."""
    ids = previous_ids([c[2:].strip() for c in entry.comments if c.startswith("#|")])
    return ids[0] if ids else None


def todo(locales: Path, lang: str, root: Path) -> list[str]:
    """The work left in one language: a paragraph per fuzzy, untranslated or broken entry, file by file."""
    out = []
    for po in sorted((locales / lang / "LC_MESSAGES").rglob("*.po")):
        cat = read_po(po, _display(po, root))
        for problem in cat.problems:
            if problem.kind == "syntax":
                out.append(f"{problem}\n    (this entry cannot be read; the page shows its English)")
        for entry in cat.entries:
            blocking = [p for p in entry_problems(entry, cat.path, lang) if p.kind in BLOCKING]
            reason = _todo_reason(entry, blocking)
            if reason is None:
                continue
            lines = [f"{cat.path}:{entry.line}: {reason}", f"    English:  {entry.msgid!r}"]
            if entry.msgid_plural is not None:
                lines.append(f"    plural:   {entry.msgid_plural!r}")
            previous = _previous(entry) if entry.fuzzy else None
            if previous is not None:
                lines.append(f"    was:      {previous!r}")
            out.append("\n".join(lines))
    return out


def format_report(reports: Sequence[FileReport], locales: Path) -> str:
    lines = []
    for lang in dict.fromkeys(r.lang for r in reports if r.lang != "termbase"):  # the termbase has no counts
        mine = [r for r in reports if r.lang == lang]
        base = f"{lang}/LC_MESSAGES/"
        width = max([len("file")] + [len(r.path.split(base, 1)[-1]) for r in mine])
        lines.append(f"\n== {lang} ==")
        lines.append(f"{'file':<{width}}  {'translated':>10}  {'fuzzy':>5}  {'untranslated':>12}  {'broken':>6}  "
                     f"{'obsolete':>8}  {'done':>6}")
        for r in mine:
            name = r.path.split(base, 1)[-1]
            lines.append(f"{name:<{width}}  {r.translated:>10}  {r.fuzzy:>5}  {r.untranslated:>12}  {r.broken:>6}  "
                         f"{r.obsolete:>8}  {r.percent:>5.1f}%")
        t = sum(r.translated for r in mine)
        total = sum(r.total for r in mine)
        pct = 100.0 * t / total if total else 100.0
        lines.append(f"{'total':<{width}}  {t:>10}  {sum(r.fuzzy for r in mine):>5}  "
                     f"{sum(r.untranslated for r in mine):>12}  {sum(r.broken for r in mine):>6}  "
                     f"{sum(r.obsolete for r in mine):>8}  {pct:>5.1f}%")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="i18n_check", description=__doc__.split("\n\n")[0])
    parser.add_argument("--locales", type=Path, default=ROOT / "locales", help="catalog folder (default: locales/)")
    parser.add_argument("-l", "--lang", action="append", help="check only these languages (repeatable)")
    parser.add_argument("--termbase", type=Path, default=None, help="termbase CSV (default: <locales>/glossary.csv)")
    parser.add_argument("--min-percent", type=float, default=0.0,
                        help="also fail when a language is less translated than this (e.g. 100)")
    parser.add_argument("--todo", metavar="LANG",
                        help="list the fuzzy, untranslated and broken entries of LANG (file:line, the English, "
                             "the previous English of a fuzzy entry) instead of checking")
    args = parser.parse_args(argv)

    if args.todo:
        if args.todo not in LANGS:
            parser.error(f"--todo: unknown language {args.todo!r}; translated languages: {', '.join(LANGS)}")
        items = todo(args.locales, args.todo, ROOT)
        print("\n\n".join(items) if items else f"{args.todo}: nothing left to do")
        print(f"\n{len(items)} entr{'y' if len(items) == 1 else 'ies'} to work on in {args.todo}", file=sys.stderr)
        return 0
    langs = args.lang or list(LANGS)
    missing = [lang for lang in langs if not (args.locales / lang / "LC_MESSAGES").is_dir()]
    if missing:  # never skip a language silently
        print(f"i18n: no catalogs for {', '.join(missing)} under {args.locales}: run `nox -s locales -- -l "
              f"{missing[0]}` to create them", file=sys.stderr)
        return 1
    reports = check_locales(args.locales, langs, args.termbase, root=ROOT)
    print(format_report(reports, args.locales))
    problems = [p for r in reports for p in r.problems]
    failed = False
    for lang in langs:
        mine = [r for r in reports if r.lang == lang]
        total = sum(r.total for r in mine)
        pct = 100.0 * sum(r.translated for r in mine) / total if total else 100.0
        if pct + 1e-9 < args.min_percent:
            print(f"{lang}: {pct:.1f}% translated, below the required {args.min_percent:g}%", file=sys.stderr)
            failed = True
    if problems:
        print(f"\n{len(problems)} finding(s):", file=sys.stderr)
        for p in problems:
            print(p, file=sys.stderr)
        failed = True
    else:
        print("\nno findings")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
