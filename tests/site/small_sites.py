"""Helpers shared by the tests that build small sites or read built pages.

- :func:`write_project`: a one-page Sphinx project that loads the site's walkthrough extension;
- :func:`table_cells`: the cells of a figures table (the ``FiguresTable`` directives' output).
"""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

TUTORIAL = Path(__file__).resolve().parents[2] / "tutorial"


def write_project(src: Path, page: str, **config: object) -> Path:
    """A one-page Sphinx project in ``src``: ``index.md`` holds ``page``, and ``conf.py`` loads MyST and
    the walkthrough extension (from ``tutorial/``) and sets each of ``config`` to its value."""
    src.mkdir(parents=True, exist_ok=True)
    settings = "".join(f"{name} = {value!r}\n" for name, value in config.items())
    (src / "conf.py").write_text(
        f'import sys\nsys.path.insert(0, {str(TUTORIAL)!r})\nextensions = ["myst_parser", "linger_walkthrough"]\n'
        + settings, encoding="utf-8")
    (src / "index.md").write_text(page, encoding="utf-8")
    return src


def table_cells(page: str, css_class: str) -> list[list[str]]:
    """The text of every cell, row by row (the header row first), of the first table in ``page`` whose
    attributes name ``css_class``."""
    table = re.search(rf"<table[^>]*{re.escape(css_class)}.*?</table>", page, re.S)
    assert table, f"no {css_class} table on the page"
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", table.group(0), re.S)
    return [[unescape(re.sub(r"<[^>]+>", "", cell)).strip() for cell in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, re.S)]
            for row in rows]
