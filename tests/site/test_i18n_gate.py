"""The translation gate (``nox -s i18n``) and the forgiving catalog compiler.

Each broken kind is written into a copy of a real catalog in a temporary
folder; the gate must name file, line and reason and exit non-zero, while
the compiler leaves out only the broken entry.
"""

from __future__ import annotations

import gettext
import shutil
from pathlib import Path

import pytest

from tools import i18n_check
from tools.catalogs import compile_catalog
from tools.po import parse_po, quote, read_po

HEADER = (
    'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
    '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n'
)


def entry(msgid: str, msgstr: str, flags: str = "") -> str:
    return (f"#, {flags}\n" if flags else "") + f"msgid {quote(msgid)}\nmsgstr {quote(msgstr)}\n\n"


@pytest.fixture
def locales(tmp_path: Path, repo_root: Path) -> Path:
    """A copy of the project's catalogs, safe to break."""
    dest = tmp_path / "locales"
    shutil.copytree(repo_root / "locales", dest, ignore=shutil.ignore_patterns("*.mo"))
    return dest


def append(po: Path, text: str) -> int:
    """Append entries to a catalog; return the line number where they start."""
    before = po.read_text(encoding="utf-8")
    if not before.endswith("\n\n"):
        before += "\n"
    po.write_text(before + text, encoding="utf-8")
    return before.count("\n") + 1


def run_gate(locales: Path, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = i18n_check.main(["--locales", str(locales), *args])
    out = capsys.readouterr()
    return code, out.out + out.err


BROKEN = {
    # kind: (msgid, msgstr, words the reason must contain)
    "placeholder": ("{player} wins the trick", "le pli est gagné", "{player}"),
    "markup": ("Follow suit: see {term}`follow suit`.", "Fournir : voir {term}`fournir`.", "<follow suit>"),
    "html": ("Read the rules before you play.", "Lisez les règles <script>alert(1)</script>", "script"),
    "copy": ("The stock is a clock in this game", "The stock is a clock in this game", "copied"),
}


def test_the_project_catalogs_pass_the_gate(locales: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The committed catalogs have no broken entries (untranslated ones are allowed here)."""
    code, out = run_gate(locales, capsys)
    assert code == 0, out
    assert "no findings" in out


@pytest.mark.parametrize("kind", sorted(BROKEN))
def test_gate_fails_on_each_broken_kind(kind: str, locales: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A broken entry fails the gate with file:line: kind: reason."""
    msgid, msgstr, why = BROKEN[kind]
    po = locales / "fr" / "LC_MESSAGES" / "index.po"
    line = append(po, entry(msgid, msgstr))
    code, out = run_gate(locales, capsys)
    assert code == 1
    expected = f"locales/fr/LC_MESSAGES/index.po:{line}: {kind}:"
    finding = [ln for ln in out.splitlines() if expected in ln]
    assert finding, out
    assert why in finding[0]


def test_gate_fails_on_a_syntax_error(locales: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A catalog that is not valid .po syntax fails the gate at the broken line."""
    po = locales / "it" / "LC_MESSAGES" / "how-to-play.po"
    line = append(po, 'msgid "An unterminated string\nmsgstr "Una stringa"\n')
    code, out = run_gate(locales, capsys)
    assert code == 1
    assert f"locales/it/LC_MESSAGES/how-to-play.po:{line}: syntax: expected a quoted string" in out


def test_gate_checks_the_termbase(locales: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Where the English uses a termbase term, the translation must use that language's term."""
    (locales / "glossary.csv").write_text("en,fr,it,nl\ntrump,atout,briscola,troef\n", encoding="utf-8")
    po = locales / "nl" / "LC_MESSAGES" / "index.po"
    good = append(po, entry("The trump suit wins.", "De troefkleur wint."))
    bad = append(po, entry("Any trump beats any other card.", "Elke kaart van die kleur wint."))
    code, out = run_gate(locales, capsys)
    assert code == 1
    assert f"index.po:{bad}: term: the English uses 'trump'; the nl termbase term is 'troef'" in out
    assert f"index.po:{good}:" not in out


def test_report_counts_per_language_and_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The report counts translated, fuzzy, untranslated and obsolete messages per file."""
    po = tmp_path / "locales" / "fr" / "LC_MESSAGES" / "page.po"
    po.parent.mkdir(parents=True)
    po.write_text(
        HEADER + entry("Trick", "Pli") + entry("Trump", "Atout", "fuzzy") + entry("Stock", "")
        + '#~ msgid "Old"\n#~ msgstr "Vieux"\n',
        encoding="utf-8",
    )
    code, out = run_gate(tmp_path / "locales", capsys, "-l", "fr")
    assert code == 0
    row = next(ln for ln in out.splitlines() if ln.startswith("page.po"))
    assert row.split() == ["page.po", "1", "1", "1", "1", "33.3%"]
    code, out = run_gate(tmp_path / "locales", capsys, "-l", "fr", "--min-percent", "100")
    assert code == 1 and "below the required 100%" in out


def test_glossary_role_keeps_its_english_target() -> None:
    """A translated glossary link must keep the English term as its target."""
    assert i18n_check.check_pair("the {term}`trump`", "l'{term}`atout <trump>`") == []
    (kind, reason), = i18n_check.check_pair("the {term}`trump`", "l'{term}`atout`")
    assert kind == "markup" and "{term}`atout <trump>`" in reason


def test_card_codes_must_match() -> None:
    """Card roles are not translated: the code stays, the site localises the letters."""
    (kind, reason), = i18n_check.check_pair("Lead {card}`KC`.", "Entamez {card}`RC`.")
    assert kind == "markup" and "RC" in reason


def test_plural_forms_may_drop_the_count_in_the_singular() -> None:
    """msgstr[0] may say "one card" without {n}; the plural form must keep it."""
    text = HEADER + (
        'msgid "one card"\nmsgid_plural "{n} cards"\nmsgstr[0] "une carte"\nmsgstr[1] "{n} cartes"\n\n'
        'msgid "one trick"\nmsgid_plural "{n} tricks"\nmsgstr[0] "un pli"\nmsgstr[1] "des plis"\n'
    )
    report = i18n_check.check_catalog(parse_po(text, "p.po"), "fr")
    assert [(p.line, p.kind) for p in report.problems] == [(11, "placeholder")]


def test_parser_reports_lines_and_keeps_going() -> None:
    """One broken entry costs one message: the entries after it are still read."""
    text = HEADER + entry("a", "b") + 'msgid "c"\nmsgstr "d" junk\n\n' + entry("e", "f") + 'msgstr "orphan"\n'
    cat = parse_po(text, "x.po")
    assert [e.msgid for e in cat.entries] == ["a", "e"]
    assert [(p.line, p.kind) for p in cat.problems] == [(10, "syntax"), (15, "syntax")]


def test_not_utf8_is_a_syntax_problem(tmp_path: Path) -> None:
    po = tmp_path / "x.po"
    po.write_bytes(HEADER.encode() + b'msgid "a"\nmsgstr "\xe9t\xe9"\n')
    cat = read_po(po)
    assert cat.problems[0].kind == "syntax" and "UTF-8" in cat.problems[0].reason


def test_compiler_leaves_out_only_broken_entries(tmp_path: Path) -> None:
    """The .mo keeps good translations and drops broken or fuzzy ones (English shows)."""
    po = tmp_path / "fr" / "LC_MESSAGES" / "page.po"
    po.parent.mkdir(parents=True)
    po.write_text(
        HEADER
        + entry("Good", "Bon")
        + entry("{player} wins", "gagne")
        + entry("See {term}`trump`", "Voir {term}`atout`")
        + entry("Fuzzy one", "Flou", "fuzzy")
        + 'msgid "Broken\nmsgstr "Cassé"\n\n'
        + entry("After the break", "Après la casse")
        + entry("Shown as text", "Texte <b>gras</b>"),
        encoding="utf-8",
    )
    mo = po.with_suffix(".mo")
    dropped = compile_catalog(po, mo, "fr")
    assert sorted(p.kind for p in dropped) == ["markup", "placeholder", "syntax"]
    t = gettext.GNUTranslations(mo.open("rb"))
    assert t.gettext("Good") == "Bon"
    assert t.gettext("After the break") == "Après la casse"
    assert t.gettext("{player} wins") == "{player} wins"
    assert t.gettext("See {term}`trump`") == "See {term}`trump`"
    assert t.gettext("Fuzzy one") == "Fuzzy one"
    assert t.gettext("Shown as text") == "Texte <b>gras</b>"  # kept; the site escapes it


def test_compiler_rewrites_only_changed_catalogs(tmp_path: Path) -> None:
    """An unchanged catalog keeps its .mo (and date); a changed one is recompiled whatever its date."""
    import os

    po = tmp_path / "p.po"
    po.write_text(HEADER + entry("a", "b"), encoding="utf-8")
    mo = tmp_path / "p.mo"
    compile_catalog(po, mo, "fr")
    stamp = mo.stat().st_mtime_ns
    compile_catalog(po, mo, "fr")
    assert mo.stat().st_mtime_ns == stamp
    po.write_text(HEADER + entry("a", "c"), encoding="utf-8")
    os.utime(po, ns=(stamp - 10**9, stamp - 10**9))  # e.g. a copy that kept an older date
    compile_catalog(po, mo, "fr")
    assert gettext.GNUTranslations(mo.open("rb")).gettext("a") == "c"
