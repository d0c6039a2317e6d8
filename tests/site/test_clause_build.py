"""The rules' clauses in a build: each clause is marked on its page and shown by a worked example, or the
build fails, naming the page or example file and the clause, on every build until it is fixed.

A small project holds a ``variants`` page with the six variants' clauses and the clause that allows at most one
trump variant (``linger_longer.clauses``), and the walkthroughs of their examples, built the way ``tools.build_site`` builds (``-n -W --keep-going``).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from small_sites import write_project

from tools.build_site import BuildError, build_language

VARIANTS = ("draw-per-card", "no-trump", "random-trump", "grand-coup", "long-hand", "eliminate-before-draw",
            "one-trump-variant")
EXAMPLES = {"draw-per-card": "variant-draw-per-card", "no-trump": "variant-no-trump",
            "random-trump": "variant-random-trump", "grand-coup": "variant-grand-coup",
            "long-hand": "variant-long-hand", "eliminate-before-draw": "last-trump-eliminate-before-draw",
            "one-trump-variant": "one-trump-variant"}


def variants_page(shown: tuple[str, ...]) -> str:
    """The page: each variant's paragraph and clause, with the walkthrough of each example in ``shown``."""
    parts = ["# Variants\n"]
    for variant in VARIANTS:
        parts.append(f"## {variant}\n\nThe rule of {variant}.\n\n```{{clause}} {variant}\n```\n")
        if EXAMPLES[variant] in shown:
            parts.append(f"```{{walkthrough}} {EXAMPLES[variant]}\n```\n")
    return "\n".join(parts)


@pytest.fixture
def project(tmp_path: Path, repo_root: Path) -> Path:
    examples = tmp_path / "examples"
    examples.mkdir()
    for example in EXAMPLES.values():
        shutil.copy(repo_root / "tutorial" / "examples" / f"{example}.toml", examples)
    docs = write_project(tmp_path / "docs", "# Clauses\n\n```{toctree}\nvariants\n```\n", project="clauses",
                         linger_walkthrough_examples=str(examples))
    (docs / "variants.md").write_text(variants_page(tuple(EXAMPLES.values())), encoding="utf-8")
    return tmp_path


def build(project: Path) -> str:
    build_language("en", project / "site", project / "doctrees", srcdir=project / "docs")
    return (project / "site" / "en" / "variants.html").read_text(encoding="utf-8")


def test_each_clause_gets_its_anchor_and_its_examples(project: Path) -> None:
    """A clause's rule carries the clause's anchor, and "See it in" links to the walkthrough of its example."""
    page = build(project)
    assert 'id="grand-coup"' in page
    assert ('See it in: “<a class="reference internal" href="#walkthrough-variant-grand-coup-3">'
            "Variant: the first winner names trump</a>”.") in page


@pytest.mark.parametrize("rule", ["grand-coup", "one-trump-variant"])
def test_a_clause_without_an_example_fails_every_build_until_one_shows_it(project: Path, rule: str) -> None:
    """The build fails for a clause that no worked example shows, naming the page and the clause (a setup the
    engine refuses, one-trump-variant, as much as a rule a deal shows)."""
    build(project)
    shown = tuple(e for e in EXAMPLES.values() if e != EXAMPLES[rule])
    (project / "docs" / "variants.md").write_text(variants_page(shown), encoding="utf-8")
    for attempt in ("after the edit", "with nothing changed"):
        with pytest.raises(BuildError) as caught:
            build(project)
        output = str(caught.value)
        assert "variants.md" in output, (attempt, output)
        assert f"clause '{rule}' has no example" in output, (attempt, output)
        assert "Traceback" not in output
    (project / "docs" / "variants.md").write_text(variants_page(tuple(EXAMPLES.values())), encoding="utf-8")
    assert f'id="{rule}"' in build(project)


def test_a_clause_missing_from_its_page_fails_the_build(project: Path) -> None:
    """Every clause registered for a page of the project must be marked on it."""
    page = variants_page(tuple(EXAMPLES.values())).replace("```{clause} long-hand\n```\n", "")
    (project / "docs" / "variants.md").write_text(page, encoding="utf-8")
    with pytest.raises(BuildError) as caught:
        build(project)
    assert "clause 'long-hand' (linger_longer.clauses) is not marked on its page" in str(caught.value)


def test_an_unknown_clause_fails_the_build(project: Path) -> None:
    """A ``{clause}`` directive with an ID the registry does not know fails the build, naming the ID, again on
    the next build with nothing changed."""
    page = variants_page(tuple(EXAMPLES.values())) + "\nA rule.\n\n```{clause} no-such-rule\n```\n"
    (project / "docs" / "variants.md").write_text(page, encoding="utf-8")
    for attempt in ("after the edit", "with nothing changed"):
        with pytest.raises(BuildError) as caught:
            build(project)
        output = str(caught.value)
        assert "variants.md" in output and "unknown clause 'no-such-rule'" in output, (attempt, output)


def test_an_example_naming_an_unknown_clause_fails_every_build(project: Path) -> None:
    """An example whose ``clauses`` names an ID the registry does not know fails the build, naming the file
    and the ID, again on the next build with nothing changed."""
    example = project / "examples" / "variant-no-trump.toml"
    text = example.read_text(encoding="utf-8")
    assert 'clauses = ["no-trump"]' in text
    example.write_text(text.replace('clauses = ["no-trump"]', 'clauses = ["no-trump", "no-trumps"]'), encoding="utf-8")
    for attempt in ("after the edit", "with nothing changed"):
        with pytest.raises(BuildError) as caught:
            build(project)
        output = str(caught.value)
        assert "variant-no-trump.toml: 'clauses': unknown clause 'no-trumps'" in output, (attempt, output)
        assert "Traceback" not in output
