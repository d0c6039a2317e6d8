"""A broken worked example fails every build until it is fixed, with a clear directive error.

A one-page Sphinx project with the walkthrough extension and its own examples folder is
built incrementally, the way ``tools.build_site`` builds (``-n -W --keep-going``): the first
build fails on the broken example, so must the next one with nothing changed, and once the
example is fixed the build passes and the page shows the walkthrough.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from small_sites import write_project

from tools.build_site import BuildError, build_language

PAGE = """\
# Walkthrough

```{walkthrough} last-trump
```
"""


@pytest.fixture
def project(tmp_path: Path, repo_root: Path) -> Path:
    examples = tmp_path / "examples"
    examples.mkdir()
    shutil.copy(repo_root / "tutorial" / "examples" / "last-trump.toml", examples)
    write_project(tmp_path / "docs", PAGE, project="broken example", linger_walkthrough_examples=str(examples))
    return tmp_path


def build(project: Path) -> Path:
    build_language("en", project / "site", project / "doctrees", srcdir=project / "docs")
    return project / "site" / "en" / "index.html"


def break_example(project: Path, old: str, new: str) -> str:
    example = project / "examples" / "last-trump.toml"
    good = example.read_text(encoding="utf-8")
    assert old in good
    example.write_text(good.replace(old, new, 1), encoding="utf-8")
    return good


def test_a_broken_example_fails_every_build_until_fixed(project: Path) -> None:
    build(project)
    good = break_example(project, 'hands = { C = "9D" }', "hands = 5")
    for attempt in ("after the edit", "with nothing changed"):
        with pytest.raises(BuildError) as caught:
            build(project)
        output = str(caught.value)
        assert "Extension error" not in output and "Traceback" not in output, output
        assert "tutorial/examples/last-trump.toml" not in output  # the project's own file is named
        assert "last-trump.toml: [expect]: 'hands' must be a table of players" in output, (attempt, output)
        assert "got the integer 5" in output
    (project / "examples" / "last-trump.toml").write_text(good, encoding="utf-8")
    page = build(project).read_text(encoding="utf-8")
    assert 'data-example="last-trump"' in page


def test_a_file_that_is_not_utf8_is_a_directive_error(project: Path) -> None:
    example = project / "examples" / "last-trump.toml"
    example.write_bytes(example.read_bytes().replace(b"Winning", b"Winn\xe9ng", 1))
    with pytest.raises(BuildError) as caught:
        build(project)
    output = str(caught.value)
    assert "Extension error" not in output and "Traceback" not in output, output
    assert "last-trump.toml: not UTF-8 text: byte 0xe9" in output


#: The follow-suit walkthrough as it once stood: its counts add up, but every deal that reaches it has a revoke.
UNREACHABLE = """\
title = "Following suit"
profile = "standard"
players = ["A", "B", "C", "D"]
dealer = "D"

[start]
trump = "S"
leader = "A"
hands = { A = "5H KD 9C 2S", B = "JH 4S QC", C = "8H 3D TC", D = "AH 6C 7D" }
stock = "QS 2D JS 4C 3S 8D 2C 9S 6H QD AD 6S 5C 6D AS 3C 5S 8C 7H 3H QH TD TH KC 9H 5D JC 2H KS JD 7S 9D 4H AC KH"
tricks_won = { A = 1 }

[[step]]
play = "5H"
"""


def test_an_example_no_deal_reaches_fails_every_build_naming_file_and_reason(project: Path) -> None:
    build(project)
    good = (project / "examples" / "last-trump.toml").read_text(encoding="utf-8")
    (project / "examples" / "last-trump.toml").write_text(UNREACHABLE, encoding="utf-8")
    for attempt in ("after the edit", "with nothing changed"):
        with pytest.raises(BuildError) as caught:
            build(project)
        output = str(caught.value)
        assert "Traceback" not in output, output
        assert "last-trump.toml: [start]: every deal that reaches it needs a revoke: in trick 1 B plays" in output, \
            (attempt, output)
    (project / "examples" / "last-trump.toml").write_text(good, encoding="utf-8")
    assert 'data-example="last-trump"' in build(project).read_text(encoding="utf-8")
