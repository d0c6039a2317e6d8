"""Regenerate the message templates and update the translated catalogs (``nox -s locales``).

1. ``sphinx-build -b gettext docs build/gettext``: one ``.pot`` per page;
2. ``pybabel extract`` of the engine (domain ``linger_longer``: narration,
   card names, widget labels) and of the site extension (domain
   ``linger_site``: switcher label, translation notice) into ``build/gettext``;
3. ``sphinx-intl update -p build/gettext -l fr -l it -l nl -d locales`` (every
   translated language of ``linger_longer.languages``):
   new messages appear, changed ones turn ``#, fuzzy``, removed ones ``#~``;
4. a normalising re-wrap of every catalog (one canonical wrapping at
   ``WIDTH`` columns, whatever editor a translator used), so diffs stay small.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from linger_i18n.po import read_po
from linger_longer.languages import TRANSLATED

ROOT = Path(__file__).resolve().parent.parent
LANGS = TRANSLATED
WIDTH = 79
KEYWORDS = ("_", "ngettext:1,2", "pgettext:1c,2", "npgettext:1c,2,3", "N_", "translate:2", "translate_in_context:2c,3")


def _run(cmd: Sequence[str]) -> None:
    print("$", " ".join(str(c) for c in cmd), flush=True)
    subprocess.run([str(c) for c in cmd], check=True, cwd=ROOT)


def extract(pot_dir: Path) -> None:
    """Write every ``.pot`` template into ``pot_dir``."""
    if pot_dir.exists():
        shutil.rmtree(pot_dir)
    _run([sys.executable, "-m", "sphinx", "-b", "gettext", "-q", "-E", "docs", pot_dir])
    keywords = [arg for kw in KEYWORDS for arg in ("-k", kw)]
    common = ["--no-wrap", "--sort-by-file", "--project", "Linger Longer", "--copyright-holder",
              "The Linger Longer contributors", "--no-default-keywords"]
    engine = ROOT / "engine" / "linger_longer"
    if engine.is_dir():
        _run([sys.executable, "-m", "babel.messages.frontend", "extract", *common, *keywords,
              "-o", pot_dir / "linger_longer.pot", engine.relative_to(ROOT)])
    _run([sys.executable, "-m", "babel.messages.frontend", "extract", *common, *keywords,
          "-o", pot_dir / "linger_site.pot", Path("docs", "_ext")])


def normalise_one(po: Path, width: int = WIDTH) -> bool:
    """Rewrite one catalog in the canonical wrapping; False if it is broken (left alone)."""
    from babel.messages.pofile import read_po as babel_read, write_po

    if read_po(po).problems:  # never rewrite a broken file: the gate reports it
        return False
    with po.open("rb") as fh:
        catalog = babel_read(fh, abort_invalid=True)
    tmp = po.with_suffix(".po.tmp")
    with tmp.open("wb") as fh:
        write_po(fh, catalog, width=width, include_previous=True, ignore_obsolete=False)
    if tmp.read_bytes() == po.read_bytes():
        tmp.unlink()
    else:
        tmp.replace(po)
    return True


def normalise(locales: Path, width: int = WIDTH) -> list[Path]:
    """Rewrite every readable catalog with one canonical wrapping; return those skipped."""
    return [po for po in sorted(locales.glob("*/LC_MESSAGES/**/*.po")) if not normalise_one(po, width)]


def update(pot_dir: Path, locales: Path, langs: Sequence[str] = LANGS) -> None:
    """Create or update the catalogs of ``langs`` from the templates."""
    lang_args = [arg for lang in langs for arg in ("-l", lang)]
    _run([sys.executable, "-m", "sphinx_intl", "update", "-p", pot_dir, "-d", locales,
          "-w", str(WIDTH), *lang_args])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="locales", description=__doc__.split("\n\n")[0])
    parser.add_argument("-l", "--lang", action="append", help="update only these languages")
    parser.add_argument("--pot-dir", type=Path, default=ROOT / "build" / "gettext")
    parser.add_argument("--locales", type=Path, default=ROOT / "locales")
    parser.add_argument("--normalise-only", action="store_true", help="only re-wrap the catalogs")
    parser.add_argument("--new-only", action="store_true",
                        help="only create catalogs for new pages; leave existing catalogs untouched")
    args = parser.parse_args(argv)
    langs = args.lang or LANGS
    if args.new_only:
        extract(args.pot_dir)
        fresh = args.pot_dir / "new"
        fresh.mkdir()
        for pot in sorted(args.pot_dir.glob("*.pot")):
            if not all((args.locales / lang / "LC_MESSAGES" / f"{pot.stem}.po").exists() for lang in langs):
                shutil.copy2(pot, fresh / pot.name)
        if not any(fresh.iterdir()):
            print("no new pages: every template already has its catalogs")
            return 0
        update(fresh, args.locales, langs)
        for po in sorted(args.locales.glob("*/LC_MESSAGES/*.po")):
            if (fresh / f"{po.stem}.pot").exists():
                normalise_one(po)
        return 0
    if not args.normalise_only:
        extract(args.pot_dir)
        update(args.pot_dir, args.locales, langs)
    skipped = normalise(args.locales)
    for po in skipped:
        print(f"not re-wrapped (syntax errors; see `nox -s i18n`): {po.relative_to(ROOT)}", file=sys.stderr)
    print("catalogs updated; translators: edit locales/<lang>/LC_MESSAGES/*.po, then `nox -s i18n`")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
