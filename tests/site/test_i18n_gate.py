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
import html
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from linger_i18n.catalogs import compile_catalog
from linger_i18n.checks import Termbase, check_pair
from linger_i18n.po import parse_po, quote, read_po
from linger_longer.languages import TRANSLATED, language

from tools import i18n_check, spelling
from tools.build_site import build_language
from tools.locales import WIDTH, normalise, update_one

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
    assert f"locales/it/LC_MESSAGES/how-to-play.po:{line}: syntax: unterminated string: " in out
    assert "has no closing \"" in out


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


def test_a_dutch_separable_verb_split_around_its_object_uses_the_term(locales: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """Dutch splits a separable verb in a main clause ("afleggen" → "je legt je zwakste kaart af"): the split
    verb is the termbase term; a particle in the next sentence, or another verb, is not."""
    (locales / "glossary.csv").write_text("en,fr,it,nl\ndiscard,défausser,scartare,afleg|afgelegd\n",
                                          encoding="utf-8")
    po = locales / "nl" / "LC_MESSAGES" / "index.po"
    split = append(po, entry("Discard your weakest card.", "Leg je zwakste kaart af."))
    joined = append(po, entry("You may discard a club.", "Je mag een klaver afleggen."))
    other_verb = append(po, entry("Discard the two of clubs.", "Gooi de klaver twee weg."))
    next_sentence = append(po, entry("Discard a card, then lead.", "Je legt een kaart. Af en toe kom je uit."))
    code, out = run_gate(locales, capsys)
    assert code == 1
    assert f"index.po:{split}:" not in out
    assert f"index.po:{joined}:" not in out
    assert f"index.po:{other_verb}: term: the English uses 'discard'; the nl termbase term is 'afleg | afgelegd'" in out
    assert f"index.po:{next_sentence}: term: the English uses 'discard'" in out


LEVEL = "en,fr,it,nl,kind\nrule of thumb|rule-of-thumb|=Rule of thumb,stratégie simple|!bon sens,buon senso,vuistregel,level\n"


def test_a_second_name_for_an_opponent_level_is_refused(locales: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An opponent level has one name per language: a translation that calls it another way is refused, on the
    level's own label, in a sentence that names it, and in a sentence whose English does not name it."""
    (locales / "glossary.csv").write_text(LEVEL, encoding="utf-8")
    po = locales / "fr" / "LC_MESSAGES" / "index.po"
    good = append(po, entry("The rule-of-thumb player follows the tips.", "Le joueur à stratégie simple suit les conseils."))
    label = append(po, entry("Rule of thumb", "Bon sens"))
    sentence = append(po, entry("Then rule-of-thumb players finish it.", "Puis des joueurs de bon sens la terminent."))
    elsewhere = append(po, entry("The other players finish the deal.", "Des joueurs de bon sens terminent la donne."))
    code, out = run_gate(locales, capsys)
    assert code == 1
    for line in (label, sentence):
        assert f"index.po:{line}: term: the English uses 'rule of thumb'; the fr termbase term is 'stratégie simple'" in out
        assert any(f"index.po:{line}: term: " in ln and "is a second name for the opponent level 'rule of thumb'" in ln
                   for ln in out.splitlines()), line
    assert (f"index.po:{elsewhere}: term: 'bon sens' is a second name for the opponent level 'rule of thumb': "
            "the fr name is 'stratégie simple'") in out
    assert f"index.po:{good}:" not in out


def test_an_opponent_level_with_two_names_in_the_termbase_fails_the_gate(locales: Path,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """The termbase itself gives an opponent level one name per language; a second one is a finding naming the row."""
    (locales / "glossary.csv").write_text(LEVEL.replace("stratégie simple|", "stratégie simple|bon sens|"),
                                          encoding="utf-8")
    code, out = run_gate(locales, capsys)
    assert code == 1
    assert ("glossary.csv:2: termbase: the opponent level 'rule of thumb' has 2 fr names "
            "('stratégie simple', 'bon sens')") in out


def test_the_project_termbase_names_each_opponent_level_once(repo_root: Path) -> None:
    """The project's termbase has the three opponent levels of the Play page, one name each per language."""
    levels = [t for t in Termbase.load(repo_root / "locales" / "glossary.csv").terms if t.kind == "level"]
    assert sorted(t.name for t in levels) == ["random player", "rule of thumb", "strong player"]
    for term in levels:
        assert all(len(term.target[lang]) == 1 for lang in TRANSLATED), term


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
    assert row.split() == ["page.po", "1", "1", "1", "0", "1", "33.3%"]  # translated fuzzy empty broken obsolete
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


def test_french_and_italian_use_gettexts_two_plural_forms() -> None:
    """The project's convention (the translators page says why): gettext's classic rules, two forms each;
    French puts 0 with 1, Italian and Dutch with the plural."""
    import gettext

    for lang, singular in {"en": [1], "fr": [0, 1], "it": [1], "nl": [1]}.items():
        rule = gettext.c2py(language(lang).plural_forms.split("plural=", 1)[1].rstrip(";"))
        assert language(lang).plural_forms.startswith("nplurals=2;"), lang
        assert [n for n in range(0, 200) if rule(n) == 0] == singular, lang


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
    assert f"locales/fr/LC_MESSAGES/index.po:{line + 1}: spelling: 'crate' is not in the fr dictionary (fr_FR) " \
           "nor in the word list locales/wordlist/fr.txt" in out, out
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
        ln for ln in out.splitlines() if f"nl/LC_MESSAGES/index.po:{line + 1}: spelling: 'shcone' " in ln], out
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
    assert [(p.line, p.kind, p.reason.split()[0]) for p in found["p.po"]] == [(7, "spelling", "'tallonne'")]


def test_missing_hunspell_fails_the_gate_with_a_clear_message(
        locales: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Without hunspell the gate fails and says how to install it; it never skips the spell check silently."""
    monkeypatch.setattr(spelling.shutil, "which", lambda name: None)
    code, out = run_gate(locales, capsys, "-l", "fr")
    assert code == 1
    assert "locales/fr/LC_MESSAGES:0: spelling: hunspell is not installed" in out
    assert "apt-get install -y hunspell hunspell-fr hunspell-it hunspell-nl" in out


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
        return [[html.unescape(re.sub(r"<[^>]+>", "", c)).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", r, re.S)]
                for r in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)]

    # The page is French: every table writes its percentages the French way, with a no-break space.
    assert rows("fr") == [
        ["index.po", "66\u00a0%", "2 / 3", "2025-05-06"],
        ["page.po", "60\u00a0%", "3 / 5", "2026-01-02"],
        ["Tous les catalogues", "62\u00a0%", "5 / 8", "2026-01-02"],
    ]
    assert rows("it") == [["page.po", "100\u00a0%", "2 / 2", "2025-05-06"],
                          ["Tous les catalogues", "100\u00a0%", "2 / 2", "2025-05-06"]]
    assert rows("nl") == [["page.po", "0\u00a0%", "0 / 1", "2025-05-06"], ["Tous les catalogues", "0\u00a0%", "0 / 1", "2025-05-06"]]
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


# -- PO editors, plural entries and the worklist -------------------------------------------

PLURAL_HAND = ("{count} card in hand", "{count} cards in hand")


def plural_entry(forms: list[str], msgids: tuple[str, str] = PLURAL_HAND) -> str:
    lines = [f"msgid {quote(msgids[0])}", f"msgid_plural {quote(msgids[1])}"]
    lines += [f"msgstr[{i}] {quote(form)}" for i, form in enumerate(forms)]
    return "\n".join(lines) + "\n\n"


def test_a_catalog_saved_by_msgcat_passes_the_gate(locales: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """GNU gettext's own writer (what Poedit and Weblate's gettext back end produce) wraps differently
    from `nox -s locales`: the gate accepts it as it is, and `nox -s locales` rewrites it later."""
    po = locales / "nl" / "LC_MESSAGES" / "how-to-play.po"
    before = po.read_bytes()
    subprocess.run(["msgcat", "-w", "79", "-o", str(po), str(po)], check=True)
    assert po.read_bytes() != before  # the wrapping really differs
    code, out = run_gate(locales, capsys, "-l", "nl")
    assert code == 0, out
    normalise(locales)
    assert po.read_bytes() == before


def test_headers_an_editor_adds_are_no_finding(locales: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Poedit writes X-Generator and X-Poedit-* headers; they are no finding, and msgfmt -c accepts them."""
    po = locales / "fr" / "LC_MESSAGES" / "index.po"
    text = po.read_text(encoding="utf-8")
    text = text.replace('"Content-Transfer-Encoding: 8bit\\n"\n',
                        '"Content-Transfer-Encoding: 8bit\\n"\n"X-Generator: Poedit 3.4.2\\n"\n'
                        '"X-Poedit-SourceCharset: UTF-8\\n"\n', 1)
    assert "X-Generator" in text
    po.write_text(text, encoding="utf-8")
    code, out = run_gate(locales, capsys, "-l", "fr")
    assert code == 0, out


def test_every_real_catalog_passes_msgfmt_check(repo_root: Path) -> None:
    """`msgfmt -c`, the check PO editors and translation platforms run, accepts every catalog."""
    findings = []
    for po in sorted((repo_root / "locales").glob("*/LC_MESSAGES/*.po")):
        findings += [str(p) for p in i18n_check.msgfmt_problems(po, str(po.relative_to(repo_root)))]
    assert findings == [], "\n".join(findings)


def test_a_plural_entry_missing_a_form_is_broken_and_shows_in_english(
        locales: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A plural entry with fewer forms than the language's rule fails the gate at its line, counts as not
    translated, and the compiled catalog leaves it out, so the engine says it in English."""
    po = locales / "it" / "LC_MESSAGES" / "index.po"
    line = append(po, plural_entry(["{count} carta in mano"]))
    code, out = run_gate(locales, capsys, "-l", "it")
    assert code == 1
    assert f"locales/it/LC_MESSAGES/index.po:{line}: forms: 1 plural form(s)" in out
    cat = read_po(po)
    assert i18n_check.check_catalog(cat, "it").broken == 1
    mo = tmp_path / "index.mo"
    compile_catalog(po, mo, "it")
    with mo.open("rb") as fh:
        assert gettext.GNUTranslations(fh).ngettext(*PLURAL_HAND, 1) == "{count} card in hand"


def test_a_plural_form_that_drops_a_placeholder_is_broken(
        locales: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """One plural form without {player} is a placeholder finding on msgstr[1]; the site and the engine use
    the English for the whole entry."""
    msgids = ("{player} wins after {count} trick.", "{player} wins after {count} tricks.")
    po = locales / "nl" / "LC_MESSAGES" / "index.po"
    line = append(po, plural_entry(["{player} wint na {count} slag.", "Gewonnen na {count} slagen."], msgids))
    code, out = run_gate(locales, capsys, "-l", "nl")
    assert code == 1
    assert f"locales/nl/LC_MESSAGES/index.po:{line}: placeholder: msgstr[1]: placeholders differ: " \
           "the translation lacks {player}" in out
    mo = tmp_path / "index.mo"
    compile_catalog(po, mo, "nl")
    with mo.open("rb") as fh:
        assert gettext.GNUTranslations(fh).ngettext(*msgids, 2) == msgids[1]


def test_french_singular_form_must_keep_the_count() -> None:
    """French uses its first form for 0 as well as 1: a form without {count} would say "une carte" for 0."""
    fr_header = HEADER
    text = fr_header + plural_entry(["une carte en main", "{count} cartes en main"])
    report = i18n_check.check_catalog(parse_po(text, "p.po"), "fr")
    assert [p.kind for p in report.problems] == ["placeholder"]
    it_header = HEADER.replace(language("fr").plural_forms, language("it").plural_forms)
    report = i18n_check.check_catalog(parse_po(it_header + plural_entry(["una carta in mano", "{count} carte in mano"]),
                                               "p.po"), "it")
    assert report.problems == []


def test_the_worklist_shows_fuzzy_untranslated_and_broken_entries(
        locales: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--todo fr lists each entry that needs work with file:line and its English; a fuzzy one also with the
    English it was translated from (#| msgid, kept by `nox -s locales`)."""
    po = locales / "fr" / "LC_MESSAGES" / "index.po"
    fuzzy = append(po, '#, fuzzy\n#| msgid "The old English"\nmsgid "The new English"\nmsgstr "L’ancien texte"\n\n')
    empty = append(po, entry("Nothing yet", ""))
    broken = append(po, entry("{player} wins", "le pli"))
    code, out = run_gate(locales, capsys, "--todo", "fr")
    assert code == 0
    assert f"locales/fr/LC_MESSAGES/index.po:{fuzzy + 2}: fuzzy\n    English:  'The new English'\n" \
           "    was:      'The old English'" in out
    assert f"locales/fr/LC_MESSAGES/index.po:{empty}: untranslated\n    English:  'Nothing yet'" in out
    assert f"locales/fr/LC_MESSAGES/index.po:{broken}: broken: placeholder: " in out
    normalise(locales)  # the canonical rewrite keeps the previous English
    assert '#| msgid "The old English"\nmsgid "The new English"' in po.read_text(encoding="utf-8")


def test_a_term_contradicting_the_termbase_is_a_finding(locales: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A word the termbase rejects (``!levée``) is a finding even next to the right term."""
    (locales / "glossary.csv").write_text("en,fr,it,nl,kind\ntrick|tricks,pli|plis|!levée,presa,slag,term\n",
                                          encoding="utf-8")
    po = locales / "fr" / "LC_MESSAGES" / "index.po"
    line = append(po, entry("Win the trick.", "Gagnez le pli, la levée."))
    code, out = run_gate(locales, capsys, "-l", "fr")
    assert code == 1
    assert f"index.po:{line}: term: 'levée' contradicts the termbase: for 'trick' the fr term is" in out


def test_a_rejected_word_inside_another_terms_phrase_is_that_term(locales: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """Dutch "beurt" is rejected for a trick, but "aan de beurt" is the term for the player to act: a sentence
    naming both uses both terms rightly; "beurt" on its own for the trick is still a finding."""
    (locales / "glossary.csv").write_text("en,fr,it,nl,kind\ntrick|tricks,pli,presa,slag|!beurt,term\n"
                                          "player to act,doit jouer,deve giocare,aan de beurt,term\n", encoding="utf-8")
    po = locales / "nl" / "LC_MESSAGES" / "index.po"
    append(po, entry("The player to act wins the trick.", "Wie aan de beurt is, wint de slag."))
    code, out = run_gate(locales, capsys, "-l", "nl")
    assert code == 0, out
    line = append(po, entry("The player to act wins the next trick.", "Wie aan de beurt is, wint de slag, de beurt."))
    code, out = run_gate(locales, capsys, "-l", "nl")
    assert code == 1 and f"index.po:{line}: term: 'beurt' contradicts the termbase" in out


def test_french_spacing_is_checked(locales: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An ordinary space before a colon in French is a typography finding; a no-break space is right."""
    po = locales / "fr" / "LC_MESSAGES" / "index.po"
    bad = append(po, entry("Note: the stock.", "Note : le talon."))
    good = append(po, entry("Note: the trick.", "Note\u00a0: le pli."))
    code, out = run_gate(locales, capsys, "-l", "fr")
    assert code == 1
    assert f"index.po:{bad}: typography: ordinary space before :" in out
    assert f"index.po:{good}:" not in out


def test_a_language_without_catalogs_is_never_skipped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The gate checks every translated language; one without catalogs fails and says how to create them."""
    (tmp_path / "fr" / "LC_MESSAGES").mkdir(parents=True)
    code, out = run_gate(tmp_path, capsys)
    assert code == 1
    assert "no catalogs for it, nl" in out and "nox -s locales -- -l it" in out


def test_a_broken_entry_is_not_translated_on_the_status_page(tmp_path: Path) -> None:
    """The status page counts an unreadable entry and one the site leaves out as not translated."""
    from linger_status import count

    po = tmp_path / "fr" / "LC_MESSAGES" / "page.po"
    po.parent.mkdir(parents=True)
    po.write_text(HEADER + entry("Trick", "Pli") + entry("{player} wins", "le pli")
                  + 'msgid "Unterminated\nmsgstr "x"\n\n', encoding="utf-8")
    assert count(po) == (1, 3)


def test_obsolete_entries_are_kept_unless_purged(tmp_path: Path) -> None:
    """`nox -s locales` keeps a removed message as #~ (a memory for when it comes back); --purge-obsolete drops it."""
    pot = tmp_path / "page.pot"
    pot.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "Trick"\nmsgstr ""\n',
                   encoding="utf-8")
    po = tmp_path / "fr" / "LC_MESSAGES" / "page.po"
    po.parent.mkdir(parents=True)
    po.write_text(HEADER + entry("Trick", "Pli") + entry("Gone", "Parti"), encoding="utf-8")
    update_one(pot, po, "fr")
    assert '#~ msgid "Gone"' in po.read_text(encoding="utf-8")
    update_one(pot, po, "fr", purge_obsolete=True)
    assert "Gone" not in po.read_text(encoding="utf-8")
    assert 'msgstr "Pli"' in po.read_text(encoding="utf-8")


def test_the_preview_has_no_dead_language_links(tmp_path: Path) -> None:
    """The preview serves one language at its root: the switcher's links (../<code>/<page>) reach a stand-in
    for each other language, and the current language's own link forwards to the live page."""
    from tools.stand_ins import page_names, prepare_preview

    out = tmp_path / "fr"
    prepare_preview(out, "fr")
    for code in ("en", "it", "nl"):
        stand_in = (out / code / "faq.html").read_text(encoding="utf-8")
        assert f"nox -s site -- {code}" in stand_in and 'href="../faq.html"' in stand_in
    assert 'content="0; url=../faq.html"' in (out / "fr" / "faq.html").read_text(encoding="utf-8")
    assert {f"{code}/{name}" for code in ("en", "fr", "it", "nl") for name in page_names()} <= {
        p.relative_to(out).as_posix() for p in out.rglob("*.html")}


def test_header_names_the_last_translation_from_git(tmp_path: Path) -> None:
    """`nox -s locales` fills Last-Translator and PO-Revision-Date from the newest commit that changed a
    translation; a later commit of English changes only (a fuzzy entry) does not count."""
    def git(*args: str, author: str = "Ada <ada@example.org>", date: str = "2026-03-04T05:06:00+00:00") -> None:
        name, email = author[:-1].split(" <")
        env = {**os.environ, "GIT_AUTHOR_NAME": name, "GIT_AUTHOR_EMAIL": email, "GIT_AUTHOR_DATE": date,
               "GIT_COMMITTER_NAME": name, "GIT_COMMITTER_EMAIL": email, "GIT_COMMITTER_DATE": date}
        subprocess.run(["git", *args], cwd=tmp_path, check=True, capture_output=True, env=env)

    po = tmp_path / "fr" / "LC_MESSAGES" / "page.po"
    po.parent.mkdir(parents=True)
    git("init", "-q")
    po.write_text(HEADER + entry("Trick", "Pli"), encoding="utf-8")
    git("add", ".")
    git("commit", "-qm", "translate")
    po.write_text(HEADER + entry("Trick", "Pli") + entry("Trump", "Atout", "fuzzy"), encoding="utf-8")
    git("commit", "-qam", "English only", author="Bob <bob@example.org>", date="2026-05-06T07:08:00+00:00")
    normalise(tmp_path)
    text = po.read_text(encoding="utf-8")
    assert '"Last-Translator: Ada <ada@example.org>\\n"' in text
    assert '"PO-Revision-Date: 2026-03-04 05:06+0000\\n"' in text
    assert '"Language-Team: Français\\n"' in text
