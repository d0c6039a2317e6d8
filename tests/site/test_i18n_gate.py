"""The translation gate (``nox -s i18n``) and the forgiving catalog compiler.

Each broken kind is written into a copy of a real catalog in a temporary
folder; the gate must name file, line and reason and exit non-zero, while
the compiler leaves out only the broken entry. The gate also spell-checks
every translation with hunspell (``tools/spelling.py``) and insists on the
catalogs' canonical wrapping; the translation status page's directive
(``docs/_ext/linger_status.py``) counts the same catalogs.
"""

from __future__ import annotations

import gettext
import shutil
from pathlib import Path

import pytest

from linger_i18n.catalogs import compile_catalog
from linger_i18n.checks import check_pair
from linger_i18n.po import parse_po, quote, read_po
from linger_longer.languages import TRANSLATED, language

from tools import i18n_check, spelling
from tools.build_site import build_language
from tools.locales import WIDTH, normalise

HEADER = (  # a French catalog's header
    'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
    f'"Plural-Forms: {language("fr").plural_forms}\\n"\n\n'
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


def test_a_cited_word_is_not_term_checked(locales: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A word of another language quoted as it is (``# same as source``) needs no termbase term; others still do."""
    (locales / "glossary.csv").write_text("en,fr,it,nl\nvoid,défaut de couleur,mancanza,void\n", encoding="utf-8")
    po = locales / "fr" / "LC_MESSAGES" / "index.po"
    cited = append(po, "# same as source: the Dutch word\n" + entry("void zijn", "void zijn")) + 1
    marked_but_changed = append(po, "# same as source\n" + entry("void in a suit", "void in a suit (vide)")) + 1
    unmarked = append(po, entry("void", "void"))
    code, out = run_gate(locales, capsys)
    assert code == 1
    assert f"index.po:{cited}:" not in out
    assert f"index.po:{marked_but_changed}: term: the English uses 'void'" in out
    assert f"index.po:{unmarked}: term: the English uses 'void'" in out


def test_report_counts_per_language_and_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The report counts translated, fuzzy, untranslated and obsolete messages per file."""
    po = tmp_path / "locales" / "fr" / "LC_MESSAGES" / "page.po"
    po.parent.mkdir(parents=True)
    po.write_text(
        HEADER + entry("Trick", "Pli") + entry("Trump", "Atout", "fuzzy") + entry("Stock", "")
        + '#~ msgid "Old"\n#~ msgstr "Vieux"\n',
        encoding="utf-8",
    )
    normalise(tmp_path / "locales")  # the gate also wants the canonical wrapping
    code, out = run_gate(tmp_path / "locales", capsys, "-l", "fr")
    assert code == 0, out
    row = next(ln for ln in out.splitlines() if ln.startswith("page.po"))
    assert row.split() == ["page.po", "1", "1", "1", "1", "33.3%"]
    code, out = run_gate(tmp_path / "locales", capsys, "-l", "fr", "--min-percent", "100")
    assert code == 1 and "below the required 100%" in out


def test_glossary_role_keeps_its_english_target() -> None:
    """A translated glossary link must keep the English term as its target."""
    assert check_pair("the {term}`trump`", "l'{term}`atout <trump>`") == []
    (kind, reason), = check_pair("the {term}`trump`", "l'{term}`atout`")
    assert kind == "markup" and "{term}`atout <trump>`" in reason


def test_card_codes_must_match() -> None:
    """Card roles are not translated: the code stays, the site localises the letters."""
    (kind, reason), = check_pair("Lead {card}`KC`.", "Entamez {card}`RC`.")
    assert kind == "markup" and "RC" in reason


def test_plural_forms_may_drop_the_count_in_the_singular() -> None:
    """msgstr[0] may say "one card" without {n}; the plural form must keep it."""
    text = HEADER + (
        'msgid "one card"\nmsgid_plural "{n} cards"\nmsgstr[0] "une carte"\nmsgstr[1] "{n} cartes"\n\n'
        'msgid "one trick"\nmsgid_plural "{n} tricks"\nmsgstr[0] "un pli"\nmsgstr[1] "des plis"\n'
    )
    report = i18n_check.check_catalog(parse_po(text, "p.po"), "fr")
    assert [(p.line, p.kind) for p in report.problems] == [(11, "placeholder")]


def test_a_catalog_carries_its_languages_plural_rule() -> None:
    """gettext picks a plural message's form with the catalog's Plural-Forms header: a Dutch catalog with
    the French rule, or a French one without the header (gettext then takes the English rule), is a
    finding at the header; each language's own rule passes."""
    dutch = i18n_check.check_catalog(parse_po(HEADER + entry("Trick", "Slag"), "nl.po"), "nl")
    assert [(p.line, p.kind) for p in dutch.problems] == [(1, "plural")]
    assert repr(language("nl").plural_forms) in dutch.problems[0].reason
    bare = i18n_check.check_catalog(parse_po(entry("Trick", "Pli"), "fr.po"), "fr")
    assert [p.kind for p in bare.problems] == ["plural"]
    for lang in TRANSLATED:
        header = HEADER.replace(language("fr").plural_forms, language(lang).plural_forms)
        assert i18n_check.check_catalog(parse_po(header + entry("Trick", "x"), "p.po"), lang).problems == []


def test_each_languages_plural_rule_is_the_one_new_catalogs_get() -> None:
    """``nox -s locales`` creates a new language's catalogs with Babel's plural rule for it: the list of
    languages names that same rule, so new catalogs pass the gate."""
    from babel.messages.plurals import get_plural

    for lang in TRANSLATED:
        assert get_plural(lang).plural_forms == language(lang).plural_forms, lang


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


# -- Spelling (hunspell) and canonical wrapping ---------------------------------


def test_gate_fails_on_a_misspelled_word(locales: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A word the language's hunspell dictionary does not know fails the gate at the msgstr line that holds it."""
    po = locales / "fr" / "LC_MESSAGES" / "index.po"
    line = append(po, entry("The winner of the trick draws a card.", "Le gagnant du pli pioche une crate."))
    code, out = run_gate(locales, capsys)
    assert code == 1
    assert f"locales/fr/LC_MESSAGES/index.po:{line + 1}: spelling: 'crate'" in out, out
    assert "'gagnant'" not in out and "'pioche'" not in out


def test_spelling_finding_names_the_line_of_a_wrapped_msgstr(locales: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """In a msgstr wrapped over several lines, the finding names the line where the word is."""
    po = locales / "it" / "LC_MESSAGES" / "faq.po"
    line = append(po, 'msgid "A long answer."\nmsgstr ""\n"Chi vince la presa pesca una carta dal tallone, "\n'
                      '"poi apre la presa sucessiva."\n\n')
    code, out = run_gate(locales, capsys)
    assert code == 1
    assert f"locales/it/LC_MESSAGES/faq.po:{line + 3}: spelling: 'sucessiva'" in out, out


def test_markup_is_not_spell_checked(locales: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Role targets, card codes, placeholders, code, URLs and card labels are not words of the translation."""
    po = locales / "nl" / "LC_MESSAGES" / "index.po"
    msgid = ("{player} plays {card}`KC` against the {term}`trump`: see `draw-per-card`, "
             "{doc}`how-to-play` and https://example.org/xqzv (K♣, %(count)s).")
    msgstr = ("{player} speelt {card}`KC` tegen de {term}`troef <trump>`: zie `draw-per-card`, "
              "{doc}`how-to-play` en https://example.org/xqzv (H♣, %(count)s).")
    append(po, entry(msgid, msgstr))
    normalise(locales)  # the long entry in its canonical wrapping
    code, out = run_gate(locales, capsys)
    assert not [ln for ln in out.splitlines() if "index.po:" in ln], out
    assert spelling.visible_text(msgstr) == "speelt tegen de troef : zie , en ( , )."
    line = append(po, entry("A clean sentence.", "Een shcone zin."))  # the same page still gets checked
    code, out = run_gate(locales, capsys)
    assert code == 1
    assert [ln for ln in out.splitlines() if "index.po:" in ln] == [
        ln for ln in out.splitlines() if ln.endswith(f"nl/LC_MESSAGES/index.po:{line + 1}: spelling: 'shcone'")], out
    assert f"index.po:{line + 1}: spelling: 'shcone'" in out


def test_word_list_accepts_project_words_only(tmp_path: Path) -> None:
    """The word list accepts its words (a lower-case entry also capitalised, an elided entry only before an
    apostrophe); every other unknown word is still reported."""
    words = spelling.WordList.parse("smazzata\nPyodide\ndell'\n")
    assert words.accepts("smazzata") and words.accepts("Smazzata") and words.accepts("Pyodide")
    assert not words.accepts("pyodide")  # a name keeps its capital
    assert words.accepts("dell", elided=True) and not words.accepts("dell")
    text = HEADER + entry("The deal runs in Pyodide.", "La smazzata gira in Pyodide, dell'ultimo tallonne.")
    po = tmp_path / "it" / "LC_MESSAGES" / "p.po"
    po.parent.mkdir(parents=True)
    po.write_text(text, encoding="utf-8")
    found = spelling.check_catalogs([(po, read_po(po, "p.po"))], "it", words)
    assert [(p.line, p.kind, p.reason) for p in found["p.po"]] == [(7, "spelling", "'tallonne'")]


def test_missing_hunspell_fails_the_gate_with_a_clear_message(
        locales: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Without hunspell the gate fails and says how to install it; it never skips the spell check silently."""
    monkeypatch.setattr(spelling.shutil, "which", lambda name: None)
    code, out = run_gate(locales, capsys, "-l", "fr")
    assert code == 1
    assert "locales/fr/LC_MESSAGES:0: spelling: hunspell is not installed" in out
    assert "apt-get install -y hunspell hunspell-fr hunspell-it hunspell-nl" in out


def test_gate_fails_on_a_catalog_that_is_not_normalised(locales: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A catalog must equal its normalised form (wrapped at 79 columns by `nox -s locales`): a translation
    line that is too long fails the gate once for the file, at the first line that differs."""
    po = locales / "nl" / "LC_MESSAGES" / "how-to-play.po"
    lines = po.read_text(encoding="utf-8").splitlines(keepends=True)
    # Join the first msgstr that is wrapped over several lines into one long line.
    start = next(i for i, ln in enumerate(lines) if ln == 'msgstr ""\n' and i > 20 and lines[i + 2].startswith('"'))
    end = start + 1
    while end < len(lines) and lines[end].startswith('"'):
        end += 1
    joined = "".join(ln.strip()[1:-1] for ln in lines[start + 1:end])
    lines[start:end] = [f'msgstr "{joined}"\n']
    po.write_text("".join(lines), encoding="utf-8")
    assert len(lines[start]) > WIDTH + 1
    code, out = run_gate(locales, capsys)
    assert code == 1
    findings = [ln for ln in out.splitlines() if ": wrap: " in ln]
    assert len(findings) == 1, out
    assert findings[0].endswith(f"locales/nl/LC_MESSAGES/how-to-play.po:{start + 1}: wrap: not normalised: "
                                f"run nox -s locales (wrapped at {WIDTH} columns)"), out
    normalise(locales)  # what the finding asks for fixes it
    code, out = run_gate(locales, capsys)
    assert not [ln for ln in out.splitlines() if ": wrap: " in ln], out


def test_the_real_catalogs_pass_the_spell_check(repo_root: Path) -> None:
    """Every French, Italian and Dutch translation in locales/ passes hunspell, with the project word lists
    (a finding here is a typo to fix in the catalog, or a name or game word to add to locales/wordlist/)."""
    locales = repo_root / "locales"
    findings = []
    for lang in TRANSLATED:
        pos = sorted((locales / lang / "LC_MESSAGES").rglob("*.po"))
        assert pos, f"no {lang} catalogs"
        cats = [(po, read_po(po, str(po.relative_to(repo_root)))) for po in pos]
        found = spelling.check_catalogs(cats, lang, locales / "wordlist" / f"{lang}.txt")
        findings += [str(p) for problems in found.values() for p in problems]
    assert findings == [], "\n".join(findings)


def test_the_real_catalogs_are_normalised(repo_root: Path) -> None:
    """Every catalog in locales/ is in the canonical wrapping that `nox -s locales` writes."""
    findings = []
    for po in sorted((repo_root / "locales").glob("*/LC_MESSAGES/*.po")):
        findings += [str(p) for p in i18n_check.wrap_problems(po, str(po.relative_to(repo_root)))]
    assert findings == [], "\n".join(findings)


# -- The translation status page ------------------------------------------------------

STATUS_PAGE = """\
# Status

```{translation-status}
```
"""


def po_text(pairs: list[tuple[str, str, str]], revision: str | None = None) -> str:
    """A catalog from (msgid, msgstr, flags) triples."""
    head = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
    if revision:
        head += f'"PO-Revision-Date: {revision}\\n"\n'
    return head + "\n" + "".join(entry(a, b, f) for a, b, f in pairs)


def test_status_directive_tabulates_each_catalog(tmp_path: Path, repo_root: Path) -> None:
    """The status page has a table per language with a row per catalog: percent translated (fuzzy and empty
    entries count as untranslated, rounded down), translated / total, and the date of the last change
    (outside git: PO-Revision-Date, else the file date); its words come from the page's catalog."""
    import os
    import re
    import subprocess
    import sys
    from datetime import datetime, timezone

    src = tmp_path / "docs"
    src.mkdir()
    (src / "index.md").write_text(STATUS_PAGE, encoding="utf-8")
    catalogs = {
        "fr/page.po": po_text([("One", "Un", ""), ("Two", "Deux", ""), ("Three", "Trois", ""),
                               ("Four", "Quatre", "fuzzy"), ("Five", "", "")], revision="2026-01-02 10:00+0100"),
        "fr/index.po": po_text([("Catalog", "Catalogue", ""), ("All catalogs", "Tous les catalogues", ""),
                                ("Last change", "", "")]),
        "it/page.po": po_text([("One", "Uno", ""), ("Two", "Due", "")]),
        "nl/page.po": po_text([("One", "", "")]),
    }
    for name, text in catalogs.items():
        path = tmp_path / "locales" / name.replace("/", "/LC_MESSAGES/")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    stamp = datetime(2025, 5, 6, 12, tzinfo=timezone.utc).timestamp()
    for name in ("fr/index.po", "it/page.po", "nl/page.po"):
        os.utime(tmp_path / "locales" / name.replace("/", "/LC_MESSAGES/"), (stamp, stamp))

    build_language("fr", tmp_path / "site", tmp_path / "doctrees", srcdir=src, confdir=repo_root / "docs",
                   fresh=True)
    page = (tmp_path / "site" / "fr" / "index.html").read_text(encoding="utf-8")

    def rows(lang: str) -> list[list[str]]:
        table = re.search(rf'<table class="[^"]*ll-status-{lang}[^"]*".*?</table>', page, re.S)
        assert table, f"no {lang} table"
        body = table.group(0).split("<tbody>")[1]
        return [[re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", r, re.S)]
                for r in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)]

    assert rows("fr") == [
        ["index.po", "66%", "2 / 3", "2025-05-06"],
        ["page.po", "60%", "3 / 5", "2026-01-02"],
        ["Tous les catalogues", "62%", "5 / 8", "2026-01-02"],
    ]
    assert rows("it") == [["page.po", "100%", "2 / 2", "2025-05-06"], ["Tous les catalogues", "100%", "2 / 2", "2025-05-06"]]
    assert rows("nl") == [["page.po", "0%", "0 / 1", "2025-05-06"], ["Tous les catalogues", "0%", "0 / 1", "2025-05-06"]]
    # The column names are page text: translated where the catalog has them, English where it has not.
    heads = re.findall(r"<th[^>]*>(.*?)</th>", page, re.S)
    assert [re.sub(r"<[^>]+>", "", h).strip() for h in heads[:4]] == ["Catalogue", "Translated", "Messages",
                                                                      "Last change"]
    for name in ("Français", "Italiano", "Nederlands"):
        assert f'<span class="caption-text">{name}</span>' in page

    # The gettext builder extracts the table's words, and no number, date or file name.
    pot = tmp_path / "pot"
    subprocess.run([sys.executable, "-m", "sphinx", "-b", "gettext", "-q", "-c", str(repo_root / "docs"),
                    str(src), str(pot)], check=True, cwd=repo_root)
    msgids = [e.msgid for e in read_po(pot / "index.pot").entries]
    assert msgids == ["Status", "Catalog", "Translated", "Messages", "Last change", "All catalogs"]
