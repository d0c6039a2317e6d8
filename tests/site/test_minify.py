"""The served copies of the site's scripts are minified (tools/minify.py, Terser) and still do the same."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tools.minify import MinifyError, minify_scripts, scripts

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
    assert scripts(tmp_path) == [static / "linger-sum.mjs"]
    assert minify_scripts(tmp_path)["files"] == 1
    minified = (static / "linger-sum.mjs").read_text(encoding="utf-8")
    assert len(minified) < len(MODULE) and "A comment" not in minified
    assert minified.startswith("// Minified; the commented source is tutorial/linger_walkthrough/static/linger-sum.mjs\n")
    assert minify_scripts(tmp_path)["files"] == 0, "a second run changes nothing"
    assert (static / "linger-sum.mjs").read_text(encoding="utf-8") == minified
    run = subprocess.run(["node", "--input-type=module", "-e",
                          f"import {{ doubledSum }} from '{static / 'linger-sum.mjs'}'; console.log(doubledSum([1, 2, 3]));"],
                         capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "12"


def test_every_widget_module_minifies(tmp_path: Path) -> None:
    """Terser takes each of the widgets' real modules (module syntax, top-level await in the worker)."""
    static = tmp_path / "_static"
    shutil.copytree(STATIC, static, ignore=shutil.ignore_patterns("*.css"))
    done = minify_scripts(tmp_path)
    assert done["files"] == len(list(STATIC.glob("linger-*.mjs"))) and done["after"] < done["before"]


def test_no_scripts_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "_static").mkdir()
    with pytest.raises(MinifyError, match="no linger-\\* scripts"):
        minify_scripts(tmp_path)
