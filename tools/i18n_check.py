"""Report on the translation catalogs and gate broken entries (``nox -s i18n``).

For every language under ``locales/`` and every catalog in it, the report
counts translated, fuzzy, untranslated and obsolete (``#~``) messages. It
then checks each translated message against its English ``msgid`` and fails
(exit status 1, one ``file:line: kind: reason`` line per finding) when:

- ``syntax``: the file cannot be read as a ``.po`` catalog at that line;
- ``placeholder``: ``{name}``, ``%s`` or ``%(name)s`` placeholders differ;
- ``markup``: MyST/reST roles and their targets, inline code, ``**`` bold or
  links differ (a glossary role in a translation keeps its English target:
  ``{term}`atout <trump>```);
- ``html``: the translation adds HTML tags that the English does not have
  (the site shows them as text, never as markup);
- ``copy``: the msgstr is the English msgid, copied, and longer than four words;
- ``term``: the English uses a termbase term (``locales/glossary.csv``,
  columns ``en,fr,it,nl``) and the translation does not use that language's term
  (an entry with the translator comment ``# same as source`` is exempt, as from ``copy``);
- ``spelling``: hunspell does not know a word of the translation and the word
  list ``locales/wordlist/<lang>.txt`` does not have it (``tools/spelling.py``);
  a missing hunspell or dictionary is a finding too, never a silent skip;
- ``wrap``: the file differs from its normalised form (``nox -s locales``
  re-wraps every catalog at 79 columns).

The site build leaves out entries with ``syntax``, ``placeholder`` and
``markup`` findings (those show in English), see ``tools/catalogs.py``.

>>> check_pair('Win the {term}`trick`.', 'Gagnez le {term}`pli`.')
[('markup', "role {term}`pli` points to 'pli', the English to 'trick': keep the target, as in {term}`pli <trick>`")]
>>> check_pair('{name} draws %(count)s cards', '{nom} pioche %(count)s cartes')
[('placeholder', 'placeholders differ: the translation lacks {name} and adds {nom}')]
>>> check_pair('Win the {term}`trick`.', 'Gagnez le {term}`pli <trick>`.')
[]
"""

from __future__ import annotations

import argparse
import csv
import dataclasses
import functools
import io
import re
import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path

if __package__ in (None, ""):  # run as a script: python tools/i18n_check.py
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools import spelling
from tools.po import Catalog, Entry, Problem, read_po

__all__ = [
    "BLOCKING",
    "Termbase",
    "check_pair",
    "entry_problems",
    "check_catalog",
    "check_locales",
    "main",
]

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("fr", "it", "nl")
BLOCKING = frozenset({"syntax", "placeholder", "markup"})
"""Findings that make the build leave an entry out (English shows instead)."""

REF_ROLES = frozenset({"term", "doc", "ref", "numref", "any", "card", "download", "keyword", "option"})
_MYST_ROLE = re.compile(r"(?<!`)\{([A-Za-z][\w:.+-]*)\}`([^`]*)`")
_REST_ROLE = re.compile(r"(?<![\w`]):([A-Za-z][\w:.+-]*):`([^`]*)`")
_EXPLICIT = re.compile(r"^(.*?)\s*<([^<>]+)>$", re.DOTALL)
_CODE = re.compile(r"(`+)(.+?)\1", re.DOTALL)
_LINK = re.compile(r"\[([^\]]*)\]\(([^)\s]*)(?:\s+\"[^\"]*\")?\)")
_AUTOLINK = re.compile(r"<((?:https?|mailto):[^>\s]+)>")
_BRACE = re.compile(r"(?<!\{)\{([A-Za-z_][\w.]*|\d*)(![rsa])?(:[^{}]*)?\}(?![`}])")
_PERCENT = re.compile(r"%(?:\([A-Za-z_]\w*\))?[-#0+]*(?:\d+|\*)?(?:\.\d+)?[sdifFeEgGxXorc]")
_HTML = re.compile(r"</?([A-Za-z][A-Za-z0-9-]*)(?=[\s/>])[^<>]*>")


def _roles(text: str) -> list[tuple[str, str, str]]:
    """(name, target, written) for every role in MyST or reST syntax."""
    found = []
    for pattern in (_MYST_ROLE, _REST_ROLE):
        for m in pattern.finditer(text):
            name, content = m.group(1), m.group(2)
            explicit = _EXPLICIT.match(content)
            target = explicit.group(2) if explicit else content
            if name.endswith("term") or name == "term":
                target = " ".join(target.lower().split())
            found.append((name, target.strip(), m.group(0)))
    return found


def _strip_roles(text: str) -> str:
    return _REST_ROLE.sub(" ", _MYST_ROLE.sub(" ", text))


def _plain(text: str) -> str:
    """Running text for term matching: what a reader sees of the words.

    A role with an explicit title shows its title and a glossary term its
    word; card codes and the targets of page and section links are not words
    of the text (the link shows the target's own title), nor are code spans
    and placeholders such as ``{dealer}``.
    """

    def shown(m: re.Match[str]) -> str:
        explicit = _EXPLICIT.match(m.group(2))
        if explicit:
            return explicit.group(1)
        return m.group(2) if m.group(1).split(":")[-1] == "term" else " "

    text = _MYST_ROLE.sub(shown, text)
    text = _REST_ROLE.sub(shown, text)
    return _BRACE.sub(" ", _CODE.sub(" ", text))


def _placeholders(text: str) -> Counter[str]:
    bare = _CODE.sub(" ", _strip_roles(text)) if "`" in text else text
    found: Counter[str] = Counter()
    for m in _BRACE.finditer(bare):
        found["{" + m.group(1) + "}"] += 1
    for m in _PERCENT.finditer(bare.replace("%%", "")):
        found[m.group(0)] += 1
    return found


def _markup(text: str) -> dict[str, Counter[str]]:
    rest = _strip_roles(text)
    refs: Counter[str] = Counter()
    others: Counter[str] = Counter()
    for name, target, _written in _roles(text):
        if name.split(":")[-1] in REF_ROLES:
            refs[f"{{{name}}}→{target}"] += 1
        else:
            others[name] += 1
    code = Counter(m.group(2).strip() for m in _CODE.finditer(rest))
    links = Counter(m.group(2) for m in _LINK.finditer(rest)) + Counter(_AUTOLINK.findall(rest))
    strong = Counter({"**": rest.count("**")}) if "**" in rest else Counter()
    return {"refs": refs, "roles": others, "code": code, "links": links, "strong": strong}


def _fmt(counter: Counter[str]) -> str:
    return ", ".join(sorted(counter.elements())) or "none"


def check_pair(msgid: str, msgstr: str) -> list[tuple[str, str]]:
    """Compare one English message with one translation: (kind, reason) findings."""
    findings: list[tuple[str, str]] = []
    ph_en, ph_tr = _placeholders(msgid), _placeholders(msgstr)
    if ph_en != ph_tr:
        parts = []
        if ph_en - ph_tr:
            parts.append(f"the translation lacks {_fmt(ph_en - ph_tr)}")
        if ph_tr - ph_en:
            parts.append(f"adds {_fmt(ph_tr - ph_en)}")
        findings.append(("placeholder", "placeholders differ: " + " and ".join(parts)))

    en, tr = _markup(msgid), _markup(msgstr)
    if en["refs"] != tr["refs"]:
        en_roles = {(n, t) for n, t, _ in _roles(msgid)}
        reason = None
        for name, target, written in _roles(msgstr):
            if name.split(":")[-1] in REF_ROLES and (name, target) not in en_roles:
                same_role = [t for n, t in en_roles if n == name]
                if name == "card":
                    reason = (f"card {written} is not in the English ({', '.join(t for n, t in sorted(en_roles) if n == 'card') or 'no cards'}): "
                              "card codes stay as in the English, the site shows them in the reader's language")
                elif same_role and not _EXPLICIT.match(written.split("`")[1]):
                    reason = (f"role {written} points to {target!r}, the English to {same_role[0]!r}: "
                              f"keep the target, as in {{{name}}}`{written.split('`')[1]} <{same_role[0]}>`")
                else:
                    reason = f"role {written} points to {target!r}, which the English does not reference"
                break
        if reason is None:
            missing = en["refs"] - tr["refs"]
            reason = f"roles differ: the translation lacks {_fmt(missing)}" if missing else (
                f"roles differ: English has {_fmt(en['refs'])}, the translation has {_fmt(tr['refs'])}")
        findings.append(("markup", reason))
    if en["roles"] != tr["roles"]:
        findings.append(("markup", f"roles differ: English uses {_fmt(en['roles'])}, the translation {_fmt(tr['roles'])}"))
    if sum(en["code"].values()) != sum(tr["code"].values()):
        findings.append(("markup", f"inline code differs: English has {sum(en['code'].values())} `code` spans, "
                                   f"the translation {sum(tr['code'].values())}"))
    if en["links"] != tr["links"]:
        findings.append(("markup", f"links differ: English links to {_fmt(en['links'])}, the translation to {_fmt(tr['links'])}"))
    if en["strong"] != tr["strong"]:
        findings.append(("markup", f"bold markers (**) differ: English has {en['strong']['**']}, "
                                   f"the translation {tr['strong']['**']}"))

    tags_en = Counter(t.lower() for t in _HTML.findall(_CODE.sub(" ", _strip_roles(msgid))))
    tags_tr = Counter(t.lower() for t in _HTML.findall(_CODE.sub(" ", _strip_roles(msgstr))))
    extra = tags_tr - tags_en
    if extra:
        findings.append(("html", f"the translation adds HTML tags the English does not have: {_fmt(extra)} "
                                 "(they are shown as text)"))
    return findings


@functools.lru_cache(maxsize=None)
def _en_pattern(alternatives: tuple[str, ...]) -> re.Pattern[str]:
    """The English alternatives as whole words (plus a plural ``s``/``es``), compiled once."""
    alts = "|".join(r"\s+".join(map(re.escape, a.split())) for a in alternatives)
    return re.compile(rf"(?<!\w)(?:{alts})(?:s|es)?(?!\w)", re.IGNORECASE)


@dataclasses.dataclass(frozen=True)
class Term:
    en: tuple[str, ...]
    target: dict[str, tuple[str, ...]]
    row: int

    def en_pattern(self) -> re.Pattern[str]:
        return _en_pattern(self.en)

    def matches(self, lang: str, text: str) -> bool:
        for alt in self.target.get(lang, ()):
            stem = alt.rstrip("*")
            words = r"\s+".join(map(re.escape, stem.split()))
            if re.search(rf"(?<!\w){words}", text, re.IGNORECASE):
                return True
        return False


class Termbase:
    """The project's termbase: ``locales/glossary.csv`` with columns en,fr,it,nl,kind.

    A cell may list alternatives separated by ``|`` (``pli|plis``). The English
    matches whole words (plus a plural ``s``/``es``); a translation matches when
    one of its alternatives starts a word of the msgstr. Only rows of kind
    ``term`` (or with no kind) are checked; rows of kind ``name`` (profile and
    variant names, which stay as code in the text) and ``rank letter`` are there
    for translators and translation platforms.
    """

    def __init__(self, terms: Sequence[Term], path: str = "") -> None:
        self.terms = list(terms)
        self.path = path

    @classmethod
    def load(cls, path: Path) -> Termbase:
        terms = []
        with path.open(encoding="utf-8", newline="") as fh:
            reader = csv.DictReader(fh)
            for rowno, row in enumerate(reader, start=2):
                en = tuple(a.strip() for a in (row.get("en") or "").split("|") if a.strip())
                if not en or (row.get("kind") or "term").strip() != "term":
                    continue
                target = {
                    lang: tuple(a.strip() for a in (row.get(lang) or "").split("|") if a.strip())
                    for lang in LANGS
                }
                terms.append(Term(en, target, rowno))
        return cls(terms, str(path))

    def findings(self, lang: str, msgid: str, msgstr: str) -> list[tuple[str, str]]:
        out = []
        plain_en, plain_tr = _plain(msgid), _plain(msgstr)
        for term in self.terms:
            if not term.target.get(lang):
                continue
            if term.en_pattern().search(plain_en) and not term.matches(lang, plain_tr):
                wanted = " | ".join(term.target[lang])
                out.append(("term", f"the English uses {term.en[0]!r}; the {lang} termbase term is {wanted!r} "
                                    f"(glossary.csv row {term.row})"))
        return out


def entry_problems(entry: Entry, path: str, lang: str, termbase: Termbase | None = None) -> list[Problem]:
    """Every finding for one translated, non-fuzzy entry."""
    if not entry.translated or entry.fuzzy or entry.obsolete or entry.is_header:
        return []
    findings: list[tuple[str, str]] = []
    if entry.msgid_plural is None:
        findings += check_pair(entry.msgid, entry.msgstr)
        pairs = [(entry.msgid, entry.msgstr)]
    else:
        forms = entry.translations
        # The singular form may leave out the count ("one card"); the others may not.
        for i, form in enumerate(forms):
            english = entry.msgid if i == 0 and len(forms) > 1 else entry.msgid_plural
            for kind, reason in check_pair(english, form):
                if i == 0 and kind == "placeholder" and _placeholders(form) <= _placeholders(entry.msgid_plural):
                    continue
                findings.append((kind, f"msgstr[{i}]: {reason}"))
        pairs = [(entry.msgid_plural, forms[-1])]
    for english, translation in pairs:
        same_on_purpose = any("same as source" in c for c in entry.comments)
        if translation.strip() == english.strip() and len(english.split()) > 4 and not same_on_purpose:
            findings.append(("copy", "the msgstr is the English msgid, copied; translate it or leave it empty"))
        if termbase is not None and not same_on_purpose:  # a word quoted as it is, e.g. Dutch "void zijn"
            findings += termbase.findings(lang, english, translation)
    return [Problem(path, entry.line, kind, reason) for kind, reason in findings]


@dataclasses.dataclass
class FileReport:
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
    problems = list(cat.problems)
    for entry in cat.entries:
        if entry.fuzzy:
            fuzzy += 1
        elif entry.translated:
            translated += 1
            problems += entry_problems(entry, cat.path, lang, termbase)
        else:
            untranslated += 1
    return FileReport(cat.path, lang, translated, fuzzy, untranslated, len(cat.obsolete), problems)


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
