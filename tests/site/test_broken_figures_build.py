"""Broken data behind a table of figures fails every build until it is fixed, as a broken walkthrough does.

The ``deal-chips``, ``strength-figures``, ``deal-figures`` directives and the ``strength`` role read a worked
example, the strength data file or their own lines. Sphinx does not read an unchanged page again in an
incremental build, so the page whose figures failed is remembered and read again: the second build with the
same broken data fails too, and once the data is fixed the build passes.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Callable

import pytest
from small_sites import write_project

from tools import strength
from tools.build_site import BuildError, build_language

CHIPS_PAGE = """\
# Chips

```{deal-chips} three-players-whole-deal

player | tricks won | option A | option B
```
"""

STRENGTH_PAGE = """\
# Strength

The strong player gains {strength}`monte-carlo/rule-of-thumb/standard gain` points.

```{strength-figures}

lone | field | rules | deals | seed | wins | each | gain
monte-carlo | Strong
oracle | Sees every card
playout | Previous strong
rule-of-thumb | Rule of thumb
random | Random
```
"""

FIGURES_PAGE = """\
# Figures

```{deal-figures}
:deals: 5
:seed: 1
:bots: rule-of-thumb

rules | players | deals | seed | tricks per deal | longest deal | stock ran out | first seat won
standard | 4
```
"""


def build(project: Path) -> str:
    build_language("en", project / "site", project / "doctrees", srcdir=project / "docs")
    return (project / "site" / "en" / "index.html").read_text(encoding="utf-8")


def fails_twice_then_passes(project: Path, break_it: Callable[[], None], fix_it: Callable[[], None],
                            named: str) -> str:
    """Build (passes), break, build twice (both fail naming ``named``), fix, build (passes): the fixed page."""
    build(project)
    break_it()
    for attempt in ("after the edit", "with nothing changed"):
        with pytest.raises(BuildError) as caught:
            build(project)
        output = str(caught.value)
        assert named in output, (attempt, output)
        assert "Traceback" not in output, output
    fix_it()
    return build(project)


def test_broken_chips_data_fails_every_build_until_fixed(tmp_path: Path, repo_root: Path) -> None:
    """A worked example cut short (still a valid walkthrough) no longer plays its deal to the end."""
    examples = tmp_path / "examples"
    examples.mkdir()
    example = examples / "three-players-whole-deal.toml"
    shutil.copy(repo_root / "tutorial" / "examples" / example.name, example)
    write_project(tmp_path / "docs", CHIPS_PAGE, project="chips", linger_walkthrough_examples=str(examples))
    good = example.read_text(encoding="utf-8")
    steps = good.split("[[step]]")
    cut = "[[step]]".join(steps[:4]) + "\n[expect]\nover = false\n"

    page = fails_twice_then_passes(
        tmp_path, lambda: example.write_text(cut, encoding="utf-8"),
        lambda: example.write_text(good, encoding="utf-8"),
        "deal-chips: three-players-whole-deal.toml does not play its deal to the end")
    assert "option A" in page


def test_broken_strength_data_fails_every_build_until_fixed(tmp_path: Path) -> None:
    """A truncated strength data file: the table and the sentence's figure fail, twice."""
    data = tmp_path / "strength.json"
    shutil.copy(strength.DATA, data)
    good = data.read_text(encoding="utf-8")
    write_project(tmp_path / "docs", STRENGTH_PAGE, project="strength", linger_strength_data=str(data))
    page = fails_twice_then_passes(
        tmp_path, lambda: data.write_text(good[: len(good) // 2], encoding="utf-8"),
        lambda: data.write_text(good, encoding="utf-8"), "not JSON")
    assert "linger-strength" in page


def test_a_broken_strength_sentence_alone_fails_every_build_until_fixed(tmp_path: Path) -> None:
    """The ``strength`` role on its own (no table on the page) remembers its page too."""
    data = tmp_path / "strength.json"
    shutil.copy(strength.DATA, data)
    good = data.read_text(encoding="utf-8")
    sentence_only = STRENGTH_PAGE.split("```{strength-figures}")[0]
    write_project(tmp_path / "docs", sentence_only, project="strength", linger_strength_data=str(data))
    page = fails_twice_then_passes(
        tmp_path, lambda: data.write_text("{", encoding="utf-8"),
        lambda: data.write_text(good, encoding="utf-8"), "strength:")
    assert "linger-figure" in page


def test_broken_deal_figures_fail_every_build_until_fixed(tmp_path: Path) -> None:
    """An unknown rule set on a figures line fails the build, and the next one with the page unchanged."""
    page_file = tmp_path / "docs" / "index.md"
    write_project(tmp_path / "docs", FIGURES_PAGE, project="figures")
    page = fails_twice_then_passes(
        tmp_path, lambda: page_file.write_text(FIGURES_PAGE.replace("standard | 4", "standard+nope | 4"),
                                               encoding="utf-8"),
        lambda: page_file.write_text(FIGURES_PAGE, encoding="utf-8"), "deal-figures: 'standard+nope | 4'")
    assert "linger-figures" in page
