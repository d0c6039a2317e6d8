"""Regenerate the message templates and update the translated catalogs (``nox -s locales``).

1. ``sphinx-build -b gettext docs build/gettext``: one ``.pot`` per page;
2. ``pybabel extract`` of the engine (domain ``linger_longer``: narration,
   card names, widget labels, with their plural messages) and of the site
   extension (domain ``linger_site``: switcher label, translation notice)
   into ``build/gettext``;
3. each catalog of each translated language of ``linger_longer.languages``
   is updated from its template with Babel: new messages appear empty,
   changed ones turn ``#, fuzzy`` and keep the English they were translated
   from as ``#| msgid`` (what a translator compares), removed ones become
   ``#~`` (obsolete, kept as a memory unless ``--purge-obsolete``); a
   language without catalogs gets them;
4. every catalog is written in one canonical form: wrapped at ``WIDTH``
   columns, with the flags that fit (:func:`tidy_flags`) and a header with
   real values (:mod:`tools.catalog_headers`). A catalog saved by any PO
   editor is accepted by the gate as it is; this step only makes the next
   diff small.
"""

from __future__ import annotations

import argparse
import datetime as dt
import re
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from linger_i18n.checks import placeholders
from linger_i18n.po import parse_po, previous_ids, read_po
from linger_longer.languages import CODES, TRANSLATED, language

from tools.catalog_headers import PROJECT, last_revision

ROOT = Path(__file__).resolve().parent.parent
LANGS = TRANSLATED
WIDTH = 79
#: The gettext domains whose messages are Python ``str.format`` templates; every other catalog is a page.
CODE_DOMAINS = frozenset({"linger_longer", "linger_site"})
KEYWORDS = ("_", "ngettext:1,2", "pgettext:1c,2", "npgettext:1c,2,3", "N_", "Nn_:1,2", "translate:2",
            "translate_in_context:2c,3", "translate_plural:2,3", "translate_plural_in_context:2c,3,4")


def _run(cmd: Sequence[str]) -> None:
    print("$", " ".join(str(c) for c in cmd), flush=True)
    subprocess.run([str(c) for c in cmd], check=True, cwd=ROOT)


def extract(pot_dir: Path) -> None:
    """Write every ``.pot`` template into ``pot_dir``."""
    if pot_dir.exists():
        shutil.rmtree(pot_dir)
    _run([sys.executable, "-m", "sphinx", "-b", "gettext", "-q", "-E", "docs", pot_dir])
    keywords = [arg for kw in KEYWORDS for arg in ("-k", kw)]
    common = ["--no-wrap", "--sort-by-file", "--project", PROJECT, "--copyright-holder",
              "The Linger Longer contributors", "--msgid-bugs-address", PROJECT, "--no-default-keywords"]
    engine = ROOT / "engine" / "linger_longer"
    if engine.is_dir():
        _run([sys.executable, "-m", "babel.messages.frontend", "extract", *common, *keywords,
              "-o", pot_dir / "linger_longer.pot", engine.relative_to(ROOT)])
    _run([sys.executable, "-m", "babel.messages.frontend", "extract", *common, *keywords,
          "-o", pot_dir / "linger_site.pot", Path("docs", "_ext")])
    for pot in sorted(pot_dir.glob("*.pot")):  # the templates carry the flags that fit too (for platforms)
        template = _read(pot)
        tidy_flags(template, pot.stem)
        _write(pot, template, WIDTH)


def tidy_flags(catalog: object, domain: str) -> None:
    """The format flags that fit: what ``msgfmt -c`` and PO editors check a translation against.

    No message is a ``printf`` template (a ``%`` is a percent sign: "95%"), so
    ``python-format`` never fits. Page messages are MyST text: a role such as
    ``{term}`trick``` is markup, not a placeholder, so pages carry no format
    flag; the engine's and the site's messages are ``str.format`` templates
    and carry ``python-brace-format`` where they have a placeholder.
    """
    for message in list(catalog) + list(getattr(catalog, "obsolete", {}).values()):  # type: ignore[call-overload]
        if not message.id:
            continue
        message.flags.discard("python-format")
        message.flags.discard("python-brace-format")
        ids = message.id if isinstance(message.id, (list, tuple)) else (message.id,)
        if domain in CODE_DOMAINS and any(k.startswith("{") for i in ids for k in placeholders(i)):
            message.flags.add("python-brace-format")


def tidy_header(catalog: object, po: Path, lang: str) -> None:
    """Real header values: the language's name and plural rule, the project, the last translation's author and date."""
    lang_info = language(lang)
    catalog.header_comment = (  # type: ignore[attr-defined]
        f"# {lang_info.name} ({lang}) translation of Linger Longer: {po.stem}\n"
        "# Copyright (C) 2026, The Linger Longer contributors\n"
        "# This file is distributed under the same license as the Linger Longer package.\n#")
    catalog.language_team = lang_info.name  # type: ignore[attr-defined]
    catalog.fuzzy = False  # type: ignore[attr-defined]  # the header holds real values now
    catalog.msgid_bugs_address = PROJECT  # type: ignore[attr-defined]
    nplurals, _, expr = lang_info.plural_forms.partition(";")
    catalog._num_plurals = int(nplurals.split("=")[1])  # type: ignore[attr-defined]  # Babel's own fields
    catalog._plural_expr = expr.strip().removeprefix("plural=").rstrip(";")  # type: ignore[attr-defined]
    if catalog.locale_identifier is None:  # type: ignore[attr-defined]
        catalog.locale = lang  # type: ignore[attr-defined]
    if not isinstance(catalog.revision_date, dt.datetime):  # type: ignore[attr-defined]  # the template's placeholder
        catalog.revision_date = dt.datetime.now(dt.timezone.utc)  # type: ignore[attr-defined]
    revision = last_revision(po) if po.exists() else None
    if revision is not None:
        catalog.last_translator = revision.translator  # type: ignore[attr-defined]
        catalog.revision_date = revision.date  # type: ignore[attr-defined]
    elif "FULL NAME" in (catalog.last_translator or ""):  # type: ignore[attr-defined]
        catalog.last_translator = ""  # type: ignore[attr-defined]  # no translation yet: nobody to name


_CREATED = re.compile(rb'^"POT-Creation-Date: [^"]*"\n', re.MULTILINE)


def _write(po: Path, catalog: object, width: int, purge_obsolete: bool = False) -> bool:
    """Write ``catalog`` to ``po`` in the canonical form; True when the file changed."""
    import io

    from babel.messages.pofile import write_po

    out = io.BytesIO()
    write_po(out, catalog, width=width, include_previous=False, ignore_obsolete=purge_obsolete)  # type: ignore[arg-type]
    data = with_previous(out.getvalue().decode("utf-8"), catalog, width).encode("utf-8")
    if po.is_file() and _CREATED.sub(b"", po.read_bytes()) == _CREATED.sub(b"", data):
        return False  # nothing but the template's date would change: keep the file (and its diff) as it is
    po.parent.mkdir(parents=True, exist_ok=True)
    tmp = po.with_suffix(".po.tmp")
    tmp.write_bytes(data)
    tmp.replace(po)
    return True


def with_previous(text: str, catalog: object, width: int = WIDTH) -> str:
    """``text`` with each fuzzy entry's previous English as ``#| msgid`` lines, in GNU gettext's form.

    (Babel re-wraps a long previous msgid as one comment, which no reader can
    parse back; so its lines are written here, each a ``#|`` line of the
    normally wrapped string, just above the entry's ``msgctxt``/``msgid``.)
    """
    from babel.messages.pofile import normalize

    previous = {}
    for message in catalog:  # type: ignore[attr-defined]
        if message.id and message.previous_id:
            ident = message.id if isinstance(message.id, str) else message.id[0]
            previous[(message.context, ident)] = message.previous_id
    if not previous:
        return text
    inserts: dict[int, list[str]] = {}
    for entry in parse_po(text).entries:
        ids = previous.get((entry.msgctxt, entry.msgid))
        if ids:
            lines = []
            for keyword, ident in zip(("msgid", "msgid_plural"), ids):
                body = normalize(ident, width=width - 3).splitlines()
                lines += [f"#| {keyword} {body[0]}\n", *(f"#| {line}\n" for line in body[1:])]
            inserts[entry.line] = lines
    out = []
    for number, line in enumerate(text.splitlines(keepends=True), start=1):
        out += inserts.get(number, [])
        out.append(line)
    return "".join(out)


def _read(path: Path, lang: str | None = None) -> object:
    """The catalog as Babel reads it, with each fuzzy entry's previous English (``#|``) kept as such.

    (Babel reads ``#| msgid`` lines as a translator comment ``| msgid``; they are turned back here.)
    """
    from babel.messages.pofile import read_po as babel_read

    with path.open("rb") as fh:
        catalog = babel_read(fh, locale=lang, abort_invalid=True)
    for message in list(catalog) + list(catalog.obsolete.values()):
        previous = [c.lstrip()[1:].strip() for c in message.user_comments if c.lstrip().startswith("|")]
        if previous:
            message.user_comments = [c for c in message.user_comments if not c.lstrip().startswith("|")]
            message.previous_id = previous_ids(previous)
    return catalog


def normalise_one(po: Path, width: int = WIDTH, purge_obsolete: bool = False) -> bool:
    """Rewrite one catalog in the canonical form; False if it is broken (left alone, the gate reports it)."""
    if read_po(po).problems:
        return False
    lang = catalog_language(po)
    catalog = _read(po)
    tidy_flags(catalog, po.stem)
    if lang in CODES:
        tidy_header(catalog, po, lang)
    _write(po, catalog, width, purge_obsolete)
    return True


def catalog_language(po: Path) -> str:
    """The language of a catalog ``<lang>/LC_MESSAGES/.../<name>.po``: the folder above ``LC_MESSAGES``."""
    for parent in po.parents:
        if parent.name == "LC_MESSAGES":
            return parent.parent.name
    raise ValueError(f"{po} is not under <lang>/LC_MESSAGES/")


def normalise(locales: Path, width: int = WIDTH, purge_obsolete: bool = False) -> list[Path]:
    """Rewrite every readable catalog in the canonical form; return those skipped (broken)."""
    return [po for po in sorted(locales.glob("*/LC_MESSAGES/**/*.po"))
            if not normalise_one(po, width, purge_obsolete)]


def update_one(pot: Path, po: Path, lang: str, width: int = WIDTH, purge_obsolete: bool = False) -> str:
    """Update (or create) one catalog from its template: "created", "updated", "unchanged" or "broken"."""
    template = _read(pot)
    if po.exists():
        if read_po(po).problems:
            return "broken"  # never rewrite a broken file: the gate names the line to fix
        catalog = _read(po, lang)
        catalog.update(template, update_creation_date=True)  # type: ignore[attr-defined]
        status = "updated"
    else:
        catalog = _read(pot, lang)
        catalog.revision_date = dt.datetime.now(dt.timezone.utc)  # type: ignore[attr-defined]
        catalog.fuzzy = False  # type: ignore[attr-defined]
        status = "created"
    tidy_flags(catalog, po.stem)
    tidy_header(catalog, po, lang)
    changed = _write(po, catalog, width, purge_obsolete)
    return status if changed or status == "created" else "unchanged"


def ensure_language_files(locales: Path, lang: str) -> list[Path]:
    """A language's column in the termbase and its spelling word list, created empty when missing; those created."""
    import csv
    import io

    made = []
    words = locales / "wordlist" / f"{lang}.txt"
    if not words.exists():
        words.parent.mkdir(parents=True, exist_ok=True)
        words.write_text(f"# Words the {language(lang).hunspell or lang} dictionary does not know and the {lang} "
                         "translations use rightly: names, game words. One per line.\n", encoding="utf-8")
        made.append(words)
    termbase = locales / "glossary.csv"
    if termbase.is_file():
        with termbase.open(encoding="utf-8", newline="") as fh:
            rows = list(csv.DictReader(fh))
            fields = list(rows[0].keys()) if rows else []
        if fields and lang not in fields:
            at = fields.index("kind") if "kind" in fields else len(fields)
            fields.insert(at, lang)
            out = io.StringIO()
            writer = csv.DictWriter(out, fieldnames=fields, lineterminator="\n")
            writer.writeheader()
            writer.writerows({**row, lang: ""} for row in rows)
            termbase.write_text(out.getvalue(), encoding="utf-8")
            made.append(termbase)
    return made


def update(pot_dir: Path, locales: Path, langs: Sequence[str] = LANGS, purge_obsolete: bool = False,
           create_only: bool = False) -> list[Path]:
    """Create or update the catalogs of ``langs`` from the templates; return the broken ones (left alone).

    With ``create_only``, existing catalogs are left as they are: only missing ones are created.
    """
    broken = []
    for lang in langs:
        for made in ensure_language_files(locales, lang):
            print(f"created for {lang}: {made}")
    for pot in sorted(pot_dir.glob("*.pot")):
        for lang in langs:
            po = locales / lang / "LC_MESSAGES" / f"{pot.stem}.po"
            if create_only and po.exists():
                continue
            status = update_one(pot, po, lang, WIDTH, purge_obsolete)
            if status == "broken":
                broken.append(po)
            elif status != "unchanged":
                print(f"{status}: {po.relative_to(locales.parent) if po.is_relative_to(locales.parent) else po}")
    return broken


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="locales", description=__doc__.split("\n\n")[0])
    parser.add_argument("-l", "--lang", action="append", help="update only these languages (default: every "
                        "translated language of engine/linger_longer/languages.py)")
    parser.add_argument("--pot-dir", type=Path, default=ROOT / "build" / "gettext")
    parser.add_argument("--locales", type=Path, default=ROOT / "locales")
    parser.add_argument("--normalise-only", action="store_true", help="only rewrite the catalogs in the canonical form")
    parser.add_argument("--templates-only", action="store_true",
                        help="only write the .pot templates into --pot-dir (for a translation platform)")
    parser.add_argument("--new-only", action="store_true",
                        help="only create catalogs for new pages; leave existing catalogs untouched")
    parser.add_argument("--purge-obsolete", action="store_true",
                        help="drop the obsolete (#~) entries instead of keeping them as a translation memory")
    args = parser.parse_args(argv)
    langs = args.lang or list(LANGS)
    unknown = [lang for lang in langs if lang not in TRANSLATED]
    if unknown:
        parser.error(f"unknown language {unknown[0]!r}: add it to engine/linger_longer/languages.py first "
                     f"(translated languages: {', '.join(TRANSLATED)})")
    if args.templates_only:
        extract(args.pot_dir)
        print(f"templates written to {args.pot_dir}")
        return 0
    if args.new_only:
        extract(args.pot_dir)
        update(args.pot_dir, args.locales, langs, create_only=True)
        return 0
    broken: list[Path] = []
    if not args.normalise_only:
        extract(args.pot_dir)
        broken = update(args.pot_dir, args.locales, langs, args.purge_obsolete)
    else:
        broken = normalise(args.locales, purge_obsolete=args.purge_obsolete)
    for po in broken:
        print(f"not updated (syntax errors; see `nox -s i18n`): {po}", file=sys.stderr)
    print("catalogs updated; translators: edit locales/<lang>/LC_MESSAGES/*.po, then `nox -s i18n`")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
