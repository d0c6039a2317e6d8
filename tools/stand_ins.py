"""Stand-in pages for the languages a partial build does not have, so the language switcher never leads to a 404.

Every page links to the same page in each language (``../it/faq.html``). A
one-language build (``nox -s site -- fr`` on a fresh checkout) or the
translators' preview (``nox -s preview -- fr``, one language served at the
root) lacks the other languages' folders. For each missing language and
each page, a stand-in says, in that language's name, that the language is
not built in this copy and how to build it, and links back to the page the
reader came from. A stand-in folder carries a marker file, so the next real
build of that language replaces it and the shared-assets step leaves it out.

The preview also gets a stand-in for its own language: ``/fr/faq.html``
(where the switcher points for the current language) forwards to
``/faq.html``, the live page.
"""

from __future__ import annotations

import html
import shutil
from collections.abc import Iterable
from pathlib import Path

from linger_longer.languages import CODES, language

__all__ = ["MARKER", "fill_missing", "is_stand_in", "page_names", "remove_stand_in", "write_forwarders",
           "write_stand_ins"]

#: The file that marks a folder of stand-in pages.
MARKER = ".linger-stand-in"
ROOT = Path(__file__).resolve().parent.parent


def page_names(srcdir: Path = ROOT / "docs") -> list[str]:
    """The HTML name of every source page (``faq.html``, ``sub/page.html``)."""
    skip = {"_ext", "_templates", "_static", "_build", "dev"}  # dev/: design notes, not pages of the site
    return sorted(p.relative_to(srcdir).with_suffix(".html").as_posix() for p in srcdir.rglob("*.md")
                  if not skip & set(p.relative_to(srcdir).parts) and p.name != "README.md")


def is_stand_in(folder: Path) -> bool:
    return (folder / MARKER).is_file()


def remove_stand_in(folder: Path) -> None:
    """Remove ``folder`` if it holds stand-ins (a real build of its language replaces them)."""
    if is_stand_in(folder):
        shutil.rmtree(folder)


def _page(code: str, body: str, refresh: str | None = None) -> str:
    meta = f'\n  <meta http-equiv="refresh" content="0; url={html.escape(refresh)}">' if refresh else ""
    return f"""<!doctype html>
<html lang="{code}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width,initial-scale=1">
  <meta name="robots" content="noindex">{meta}
  <title>{html.escape(language(code).name)}: Linger Longer</title>
</head>
<body>
  <main>
{body}
  </main>
</body>
</html>
"""


def write_stand_ins(root: Path, missing: Iterable[str], back: str, pages: Iterable[str],
                    back_prefix: str | None = None) -> int:
    """Write ``root/<code>/<page>`` for each missing language; return the number of pages written.

    ``back`` is the language the reader comes from; ``back_prefix`` is where its pages are seen from a
    language folder: ``../<back>/`` in a site, ``../`` in a preview (its language is served at the root).
    """
    back_prefix = f"../{back}/" if back_prefix is None else back_prefix
    names = list(pages)
    written = 0
    for code in missing:
        folder = root / code
        if folder.exists() and not is_stand_in(folder):
            continue  # a real build of that language: never overwrite it
        folder.mkdir(parents=True, exist_ok=True)
        (folder / MARKER).write_text("stand-in pages: this language is not built here\n", encoding="utf-8")
        for name in names:
            up = "../" * name.count("/")
            target = f"{up}{back_prefix}{name}"
            body = (f'    <h1>{html.escape(language(code).name)}</h1>\n'
                    f"    <p lang=\"en\">This copy of the site is built without this language. "
                    f"Build it with <code>nox -s site -- {code}</code>, or all of them with <code>nox -s site</code>.</p>\n"
                    f'    <p lang="en"><a href="{html.escape(target)}">Back to the page in '
                    f"{html.escape(language(back).name)}</a></p>")
            path = folder / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(_page(code, body), encoding="utf-8")
            written += 1
    return written


def write_forwarders(root: Path, lang: str, pages: Iterable[str]) -> None:
    """``root/<lang>/<page>`` forwarding to ``root/<page>``: the preview serves its language at the root."""
    folder = root / lang
    folder.mkdir(parents=True, exist_ok=True)
    (folder / MARKER).write_text("forwarders to the preview's own pages\n", encoding="utf-8")
    for name in pages:
        target = "../" * (name.count("/") + 1) + name
        body = f'    <p><a href="{html.escape(target)}">{html.escape(language(lang).name)}</a></p>'
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(_page(lang, body, refresh=target), encoding="utf-8")


def fill_missing(out: Path, built: str, srcdir: Path = ROOT / "docs", codes: Iterable[str] = CODES) -> list[str]:
    """After a partial build into ``out``: stand-ins for every language without a real build; return them."""
    missing = [code for code in codes if not (out / code / "index.html").is_file() or is_stand_in(out / code)]
    write_stand_ins(out, missing, built, page_names(srcdir))
    return missing


def prepare_preview(out: Path, lang: str) -> None:
    """The preview of ``lang`` in ``out`` (served at the root): stand-ins for the other languages, forwarders for its own."""
    pages = page_names()
    write_stand_ins(out, [code for code in CODES if code != lang], lang, pages, back_prefix="../")
    write_forwarders(out, lang, pages)


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(prog="stand_ins", description="stand-in pages for a preview of one language")
    parser.add_argument("lang", choices=CODES)
    parser.add_argument("out", type=Path, help="the preview's output folder (served at the root)")
    args = parser.parse_args(argv)
    prepare_preview(args.out, args.lang)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
