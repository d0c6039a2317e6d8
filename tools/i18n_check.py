"""Report on the translation catalogs and gate broken entries (``nox -s i18n``).

For every language under ``locales/`` and every catalog in it, the report
counts translated, fuzzy, untranslated and obsolete (``#~``) messages. It
then checks each translated message against its English ``msgid`` and fails
(exit status 1, one ``file:line: kind: reason`` line per finding) when:

- ``syntax``: the file cannot be read as a ``.po`` catalog at that line;
- ``placeholder``, ``markup``, ``html``, ``copy``, ``term``: the message
  differs from its English as :mod:`linger_i18n.checks` describes (placeholders,
  roles and links, added HTML, an English copy, a termbase term not used);
- ``plural``: the catalog's ``Plural-Forms`` header is not the language's
  rule in ``linger_longer.languages`` (its plural messages would pick the
  wrong form);
- ``spelling``: hunspell does not know a word of the translation and the word
  list ``locales/wordlist/<lang>.txt`` does not have it (``tools/spelling.py``);
  a missing hunspell or dictionary is a finding too, never a silent skip;
- ``wrap``: the file differs from its normalised form (``nox -s locales``
  re-wraps every catalog at 79 columns).

The site build leaves out entries with ``syntax``, ``placeholder`` and
``markup`` findings (those show in English), see :mod:`linger_i18n.catalogs`.
"""

from __future__ import annotations

import argparse
import dataclasses
import io
import re
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

from linger_i18n.checks import Termbase, entry_problems
from linger_i18n.po import Catalog, Problem, read_po
from linger_longer.languages import TRANSLATED, language

from tools import spelling

__all__ = ["FileReport", "check_catalog", "check_locales", "plural_problems", "wrap_problems", "main"]

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

    @property
    def total(self) -> int:
        return self.translated + self.fuzzy + self.untranslated

    @property
    def percent(self) -> float:
        return 100.0 * self.translated / self.total if self.total else 100.0


def check_catalog(cat: Catalog, lang: str, termbase: Termbase | None = None) -> FileReport:
    """Count and check one parsed catalog."""
    translated = fuzzy = untranslated = 0
    problems = list(cat.problems) + plural_problems(cat, lang)
    for entry in cat.entries:
        if entry.fuzzy:
            fuzzy += 1
        elif entry.translated:
            translated += 1
            problems += entry_problems(entry, cat.path, lang, termbase)
        else:
            untranslated += 1
    return FileReport(cat.path, lang, translated, fuzzy, untranslated, len(cat.obsolete), problems)


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
    tb = Termbase.load(tb_path) if tb_path.is_file() else None
    reports = []
    for lang in langs:
        pos = sorted((locales / lang / "LC_MESSAGES").rglob("*.po"))
        cats = [read_po(po, _display(po, root)) for po in pos]
        mine = [check_catalog(cat, lang, tb) for cat in cats]
        for po, cat, report in zip(pos, cats, mine):  # one canonical wrapping (tools/locales.py)
            report.problems += [] if cat.problems else wrap_problems(po, cat.path)
        try:  # hunspell, one run per language (tools/spelling.py); missing hunspell fails the gate
            spelled = spelling.check_catalogs(list(zip(pos, cats)), lang, locales / "wordlist" / f"{lang}.txt")
            for report in mine:
                report.problems += spelled.get(report.path, [])
        except spelling.SpellingUnavailable as exc:
            if mine:
                mine[0].problems.append(Problem(_display(pos[0].parent, root), 0, "spelling", str(exc)))
        reports += mine
    return reports


def wrap_problems(po: Path, shown: str) -> list[Problem]:
    """The file must equal its normalised form: what `nox -s locales` writes (tools.locales.normalise)."""
    try:
        from babel.messages.pofile import read_po as babel_read, write_po
    except ImportError:
        return [Problem(shown, 0, "wrap", "cannot check the wrapping: Babel is missing (python3 -m pip install babel)")]
    from tools.locales import WIDTH

    raw = po.read_bytes()
    out = io.BytesIO()
    write_po(out, babel_read(io.BytesIO(raw), abort_invalid=True), width=WIDTH, include_previous=True,
             ignore_obsolete=False)
    if out.getvalue() == raw:
        return []
    old, new = raw.decode("utf-8").splitlines(), out.getvalue().decode("utf-8").splitlines()
    line = next((i for i, (a, b) in enumerate(zip(old, new), 1) if a != b), min(len(old), len(new)) + 1)
    return [Problem(shown, line, "wrap", f"not normalised: run nox -s locales (wrapped at {WIDTH} columns)")]


def format_report(reports: Sequence[FileReport], locales: Path) -> str:
    lines = []
    for lang in dict.fromkeys(r.lang for r in reports):
        mine = [r for r in reports if r.lang == lang]
        base = f"{lang}/LC_MESSAGES/"
        width = max([len("file")] + [len(r.path.split(base, 1)[-1]) for r in mine])
        lines.append(f"\n== {lang} ==")
        lines.append(f"{'file':<{width}}  {'translated':>10}  {'fuzzy':>5}  {'untranslated':>12}  {'obsolete':>8}  {'done':>6}")
        for r in mine:
            name = r.path.split(base, 1)[-1]
            lines.append(f"{name:<{width}}  {r.translated:>10}  {r.fuzzy:>5}  {r.untranslated:>12}  {r.obsolete:>8}  {r.percent:>5.1f}%")
        t = sum(r.translated for r in mine)
        total = sum(r.total for r in mine)
        pct = 100.0 * t / total if total else 100.0
        lines.append(f"{'total':<{width}}  {t:>10}  {sum(r.fuzzy for r in mine):>5}  "
                     f"{sum(r.untranslated for r in mine):>12}  {sum(r.obsolete for r in mine):>8}  {pct:>5.1f}%")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="i18n_check", description=__doc__.split("\n\n")[0])
    parser.add_argument("--locales", type=Path, default=ROOT / "locales", help="catalog folder (default: locales/)")
    parser.add_argument("-l", "--lang", action="append", help="check only these languages (repeatable)")
    parser.add_argument("--termbase", type=Path, default=None, help="termbase CSV (default: <locales>/glossary.csv)")
    parser.add_argument("--min-percent", type=float, default=0.0,
                        help="also fail when a language is less translated than this (e.g. 100)")
    args = parser.parse_args(argv)

    langs = args.lang or [d for d in LANGS if (args.locales / d).is_dir()]
    if not langs:
        print(f"i18n: no catalogs under {args.locales} (run `nox -s locales`)", file=sys.stderr)
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
