"""The served copies of the site's scripts and style sheets are minified (tools/minify.py: Terser, CSSO) and still do the same."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tools.minify import MinifyError, assets, minify_assets

STATIC = Path(__file__).resolve().parents[2] / "tutorial" / "linger_walkthrough" / "static"
MODULE = """// A comment the minified copy drops.
/** The sum of the numbers, doubled. @param {number[]} numbers */
export function doubledSum(numbers) {
  const total = numbers.reduce((sum, number) => sum + number, 0);
  return total * 2;
}
"""


def test_a_script_is_minified_once_and_still_works(tmp_path: Path) -> None:
    static = tmp_path / "_static"
    static.mkdir()
    (static / "linger-sum.mjs").write_text(MODULE, encoding="utf-8")
    (static / "other.js").write_text("// not the site's own\n", encoding="utf-8")
    assert assets(tmp_path) == [static / "linger-sum.mjs"]
    assert minify_assets(tmp_path)["files"] == 1
    minified = (static / "linger-sum.mjs").read_text(encoding="utf-8")
    assert len(minified) < len(MODULE) and "A comment" not in minified
    assert minified.startswith("// Minified; the commented source is tutorial/linger_walkthrough/static/linger-sum.mjs\n")
    assert minify_assets(tmp_path)["files"] == 0, "a second run changes nothing"
    assert (static / "linger-sum.mjs").read_text(encoding="utf-8") == minified
    run = subprocess.run(["node", "--input-type=module", "-e",
                          f"import {{ doubledSum }} from '{static / 'linger-sum.mjs'}'; console.log(doubledSum([1, 2, 3]));"],
                         capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "12"


STYLE = """/* The table's felt. */
.ll-table { background: #0b5d3b;  border-radius: 12px; }

@media (prefers-color-scheme: dark) {
  /* A darker felt. */
  .ll-table { background: #063a25; }
}
"""


def test_a_style_sheet_is_minified_once_with_every_rule_in_order(tmp_path: Path) -> None:
    static = tmp_path / "_static"
    static.mkdir()
    (static / "linger-table.css").write_text(STYLE, encoding="utf-8")
    (static / "pygments.css").write_text(".highlight .c { color: #8f5902; font-style: italic } /* Comment */\n",
                                         encoding="utf-8")
    (static / "furo.css").write_text("/* the theme's own, already minified */\n", encoding="utf-8")
    assert [p.name for p in assets(tmp_path)] == ["linger-table.css", "pygments.css"]
    assert minify_assets(tmp_path)["files"] == 2
    minified = (static / "linger-table.css").read_text(encoding="utf-8")
    assert minified == ("/* Minified; the commented source is tutorial/linger_walkthrough/static/linger-table.css */\n"
                        ".ll-table{background:#0b5d3b;border-radius:12px}"
                        "@media (prefers-color-scheme:dark){.ll-table{background:#063a25}}\n")
    assert (static / "pygments.css").read_text(encoding="utf-8").startswith(
        "/* Minified; the commented source is written by Sphinx: pygments.css */\n.highlight .c{")
    assert minify_assets(tmp_path)["files"] == 0, "a second run changes nothing"
    assert (static / "furo.css").read_text(encoding="utf-8") == "/* the theme's own, already minified */\n"


def test_every_widget_module_minifies(tmp_path: Path) -> None:
    """Terser takes each of the widgets' real modules (module syntax, top-level await in the worker) and their
    classic scripts (the lesson's ✓ on every page)."""
    static = tmp_path / "_static"
    shutil.copytree(STATIC, static, ignore=shutil.ignore_patterns("*.css"))
    done = minify_assets(tmp_path)
    scripts = [*STATIC.glob("linger-*.mjs"), *STATIC.glob("linger-*.js")]
    assert done["files"] == len(scripts) and done["after"] < done["before"]


def test_no_scripts_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "_static").mkdir()
    with pytest.raises(MinifyError, match="no linger-\\* files"):
        minify_assets(tmp_path)


def test_sphinx_scripts_minify_and_still_parse(tmp_path: Path) -> None:
    """Sphinx's own scripts every page loads (classic scripts, not modules) come out as valid JavaScript."""
    import sphinx

    static = tmp_path / "_static"
    static.mkdir()
    for name in ("doctools.js", "sphinx_highlight.js"):
        shutil.copy(Path(sphinx.__file__).parent / "themes" / "basic" / "static" / name, static / name)
    done = minify_assets(tmp_path)
    assert done["files"] == 2 and done["after"] < done["before"]
    for name in ("doctools.js", "sphinx_highlight.js"):
        text = (static / name).read_text(encoding="utf-8")
        assert text.startswith(f"// Minified; the commented source is written by Sphinx: {name}\n")
        subprocess.run(["node", "--check", str(static / name)], check=True, capture_output=True)
