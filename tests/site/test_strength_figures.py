"""The opponents page's strength figures come from one data file that `nox -s strength` measures.

- the data file was measured on the bots and solver of today (its digest), with the structure the
  site reads; the measurement gives that structure, and the same figures twice for the same seeds;
- the built opponents page (four languages) shows exactly the file's figures, in the table and in
  the sentences;
- a small site built on a broken copy of the file fails, naming the file and the key.
"""

from __future__ import annotations

import json
import re
import shutil
from html import unescape
from pathlib import Path

import pytest

from small_sites import table_cells, write_project

from tools import strength
from tools.build_site import BuildError, build_language

DECIMAL = {"en": ".", "fr": ",", "it": ",", "nl": ","}
THOUSANDS = {"en": ",", "fr": "\u00a0", "it": ".", "nl": "."}


def committed() -> dict:
    return json.loads(strength.DATA.read_text(encoding="utf-8"))


def decimal(value: float, lang: str) -> str:
    return f"{value:.1f}".replace("-", "\u2212").replace(".", DECIMAL[lang])


def percent(share: float, lang: str) -> str:
    return decimal(100 * share, lang) + ("\u00a0%" if lang == "fr" else "%")


def count(value: int, lang: str) -> str:
    return f"{value:,}".replace(",", THOUSANDS[lang])


def expected_cells(row: dict, lang: str) -> list[str]:
    """The table cells of one row after the two bot names, as the page must write them."""
    low, high = row["rate_ci"]
    cells = [row["rules"], count(row["deals"], lang), str(row["seed"]),
             f"{percent(row['rate'], lang)} ({decimal(100 * low, lang)} \u2013 {decimal(100 * high, lang)})",
             percent(row["field_rate"], lang)]
    if "gain" in row:
        a, b = row["gain_ci"]
        sign = "" if row["gain"] < 0 else "+"
        cells.append(f"{sign}{decimal(100 * row['gain'], lang)} ({decimal(100 * a, lang)} \u2013 "
                     f"{decimal(100 * b, lang)})")
    else:
        cells.append("\u2014")
    return cells


def figures_in_text(page: str) -> list[str]:
    return [unescape(text) for text in re.findall(r'<span class="linger-figure">(.*?)</span>', page)]


def test_the_data_file_was_measured_on_todays_bots_and_solver() -> None:
    """A change to the bots or the solver without a new `nox -s strength` run fails here."""
    data = committed()
    assert data["sources"] == list(strength.SOURCES)
    assert data["digest"] == strength.source_digest(), (
        f"{strength.DATA.relative_to(strength.ROOT)} was measured on other bots or another solver "
        f"({', '.join(strength.SOURCES)} changed since): run `nox -s strength` and commit the file it writes")
    assert data["bots"] == strength.bot_parameters()
    assert data["command"].startswith("python -m tools.strength")


def test_the_data_file_holds_every_row_the_page_reads() -> None:
    data = committed()
    keys = [row["key"] for row in data["rows"]]
    assert keys == [strength.row_key(hero, field, rules) for hero, field, rules, _ in strength.ROWS]
    for row in data["rows"]:
        assert row["deals"] >= 20 and row["seed"] == strength.SEED  # a measurement, not a trial run
        assert row["rate_ci"][0] <= row["rate"] <= row["rate_ci"][1]
        assert ("gain" in row) == (row["field"] in strength.QUICK)
        if "gain" in row:
            assert row["gain_ci"][0] <= row["gain"] <= row["gain_ci"][1]
            assert row["gain"] == pytest.approx(row["rate"] - row["base_rate"])


#: A small plan for the live run: the strong bot in a plain deal, and one quick row sharing its baseline.
SMALL_PLAN = (("monte-carlo", "rule-of-thumb", "standard", "plain"),
              ("oracle", "rule-of-thumb", "standard", "plain"),
              ("rule-of-thumb", "random", "last-card", "plain"))


def test_the_measurement_gives_the_structure_the_page_reads_and_repeats_itself(tmp_path: Path) -> None:
    first = strength.measure(6, jobs=1, rows=SMALL_PLAN)
    again = strength.measure(6, jobs=1, rows=SMALL_PLAN)
    assert first == again  # every deal and every bot is seeded
    rows = first["rows"]
    assert [row["key"] for row in rows] == [strength.row_key(*plan[:3]) for plan in SMALL_PLAN]
    for row in rows:
        assert row["deals"] == 6 and 0 <= row["wins"] <= 6
        assert row["rate"] + 3 * row["field_rate"] == pytest.approx(1)
    assert rows[0]["base_wins"] == rows[1]["base_wins"]  # the same deals: one baseline for both
    path = tmp_path / "strength.json"
    strength.write(first, "python -m tools.strength --deals 6", path)
    assert json.loads(path.read_text(encoding="utf-8")) == {"command": "python -m tools.strength --deals 6",
                                                            **json.loads(json.dumps(first))}


@pytest.mark.parametrize("lang", ["en", "fr", "it", "nl"])
def test_the_opponents_page_shows_the_data_files_figures(built_site: Path, lang: str) -> None:
    page = (built_site / lang / "opponents.html").read_text(encoding="utf-8")
    data = committed()
    rows = table_cells(page, "linger-strength")
    assert len(rows[0]) == 8
    body = rows[1:]
    assert len(body) == len(data["rows"])
    for shown, row in zip(body, data["rows"], strict=True):
        assert shown[2:] == expected_cells(row, lang), row["key"]
    by_key = {row["key"]: row for row in data["rows"]}
    strong = by_key["monte-carlo/rule-of-thumb/standard"]
    text = figures_in_text(page)
    assert count(data["bots"]["samples"], lang) in text and count(data["bots"]["nodes"], lang) in text
    for figure in (percent(strong["rate"], lang), percent(strong["base_rate"], lang),
                   decimal(100 * strong["gain"], lang), decimal(100 * strong["gain_ci"][0], lang),
                   count(strong["deals"], lang)):
        assert figure in text


def typed_digits(text: str) -> list[str]:
    """Digits outside roles, code and directive blocks: figures typed by hand."""
    text = re.sub(r"^```.*?^```", " ", text, flags=re.S | re.M)
    text = re.sub(r"\{[\w-]+\}`[^`]*`|`[^`]*`|^\(.*\)=$", " ", text, flags=re.M)
    return re.findall(r"\S*\d\S*", text)


def test_the_opponents_page_types_no_figure_by_hand(repo_root: Path) -> None:
    from linger_i18n.po import read_po

    assert typed_digits((repo_root / "docs" / "opponents.md").read_text(encoding="utf-8")) == []
    for lang in ("fr", "it", "nl"):
        catalog = read_po(repo_root / "locales" / lang / "LC_MESSAGES" / "opponents.po")
        for entry in catalog.messages:
            assert typed_digits(entry.msgstr) == [], (lang, entry.msgid)


PAGE = """\
# Strength

The strong player gains {strength}`monte-carlo/rule-of-thumb/standard gain` points over
{strength}`monte-carlo/rule-of-thumb/standard deals` deals.

```{strength-figures}

lone | field | rules | deals | seed | wins | each | gain
monte-carlo | Strong
oracle | Sees every card
playout | Previous strong
rule-of-thumb | Rule of thumb
random | Random
```
"""

@pytest.fixture
def project(tmp_path: Path) -> Path:
    shutil.copy(strength.DATA, tmp_path / "strength.json")
    write_project(tmp_path / "docs", PAGE, project="strength figures", linger_strength_data=str(tmp_path / "strength.json"))
    return tmp_path


def build(project: Path, lang: str = "en") -> str:
    build_language(lang, project / "site", project / "doctrees", srcdir=project / "docs", fresh=True)
    return (project / "site" / lang / "index.html").read_text(encoding="utf-8")


def test_a_small_site_shows_the_figures_in_the_page_language(project: Path) -> None:
    data = committed()
    strong = data["rows"][0]
    for lang in ("en", "fr"):
        page = build(project, lang)
        assert [row[2:] for row in table_cells(page, "linger-strength")[1:]] == [expected_cells(row, lang) for row in data["rows"]]
        assert figures_in_text(page) == [decimal(100 * strong["gain"], lang), count(strong["deals"], lang)]


@pytest.mark.parametrize("damage, named", [
    (lambda data: data["rows"][2].pop("gain_ci"), "rows[2]: the key 'gain_ci' is missing"),
    (lambda data: data["rows"][0].update(rate="high"), "rows[0]: 'rate' is 'high', not a number"),
    (lambda data: data["bots"].pop("nodes"), "bots.nodes"),
])
def test_a_broken_data_file_fails_the_build_naming_the_file_and_key(project: Path, damage, named: str) -> None:
    path = project / "strength.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    damage(data)
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(BuildError) as failure:
        build(project)
    assert str(path) in str(failure.value) and named in str(failure.value)


def test_a_missing_row_in_a_sentence_fails_the_build(project: Path) -> None:
    page = project / "docs" / "index.md"
    page.write_text(PAGE.replace("monte-carlo/rule-of-thumb/standard deals", "monte-carlo/nobody/standard deals"),
                    encoding="utf-8")
    with pytest.raises(BuildError) as failure:
        build(project)
    assert "no row 'monte-carlo/nobody/standard'" in str(failure.value)
