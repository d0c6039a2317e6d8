"""The ``{deal-figures}`` and ``{deal-chips}`` directives: tables of figures the engine computes when the site
is built.

In a MyST page::

    ```{deal-figures}
    :deals: 1000
    :seed: 1
    :bots: rule-of-thumb

    rules | players | deals | seed | tricks per deal | longest deal | stock ran out | first seat won
    standard | 4
    standard+draw-per-card | 4
    ```

The first content line names the columns (the page's words, so the gettext
builder extracts them and each language translates them); every further line
is a rule set by name (profile, then variants, joined with ``+``) and a table
size. Each row is ``linger_longer.statistics.simulate`` for those rules, with
the deal count and seed shown in the row, so no figure is typed by hand and
anyone can play the same deals again with ``python -m linger_longer simulate``.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
from pathlib import Path
from typing import Any, ClassVar, Sequence

from docutils import nodes
from docutils.parsers.rst import DirectiveError, directives
from sphinx.util.docutils import SphinxDirective

import linger_longer
from linger_longer import languages, scenario
from linger_longer.rules import Rules
from linger_longer.scoring import score_deal
from linger_longer.statistics import DealStatistics, simulate

from .failed_pages import note_failed_page

COLUMNS = 8
#: Figures already computed, shared by the four languages' builds: keyed by the engine's source and the arguments.
CACHE = Path(__file__).resolve().parents[2] / "build" / "deal-figures.json"


def _engine_digest() -> str:
    """A digest of the engine's source: figures computed by another engine are computed again."""
    digest = hashlib.sha256()
    for path in sorted(Path(linger_longer.__file__).parent.glob("*.py")):
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def cached_simulate(rules: Rules, players: int, deals: int, seed: int, bots: tuple[str, ...]) -> DealStatistics:
    """:func:`~linger_longer.statistics.simulate`, kept in ``build/deal-figures.json`` between builds."""
    key = json.dumps([_engine_digest(), rules.name, players, deals, seed, list(bots)])
    try:
        cache = json.loads(CACHE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        cache = {}
    if key in cache:
        fields = cache[key]
        return DealStatistics(**{**fields, "bots": tuple(fields["bots"]), "wins": tuple(fields["wins"])})
    figures = simulate(rules, players, deals, seed=seed, bots=bots)
    cache[key] = dataclasses.asdict(figures)
    CACHE.parent.mkdir(parents=True, exist_ok=True)
    # The four languages build in parallel processes: each writes its own temporary file and swaps it in
    # whole, so a reader never sees half a file (one process's entries may be lost; they are computed again).
    temporary = CACHE.with_suffix(f".{os.getpid()}.tmp")
    temporary.write_text(json.dumps(cache, indent=1), encoding="utf-8")
    temporary.replace(CACHE)
    return figures


class FiguresTable(SphinxDirective):
    """A table whose column names are the page's words (translated) and whose cells the engine computes."""

    has_content = True

    def run(self) -> list[nodes.Node]:
        """The table; when its data is broken, the error, and the page is read again by the next build (an
        incremental build would otherwise keep the page without its table and pass)."""
        try:
            return self.render()
        except DirectiveError:
            note_failed_page(self.env, self.env.docname)
            raise

    def render(self) -> list[nodes.Node]:
        raise NotImplementedError

    def header(self, columns: int) -> tuple[list[str], list[str]]:
        """The column names (first content line) and the remaining non-empty lines."""
        lines = [line for line in self.content if line.strip()]
        if not lines:
            raise self.error(f"{self.name}: give a line of {columns} column names")
        header = [cell.strip() for cell in lines[0].split("|")]
        if len(header) != columns:
            raise self.error(f"{self.name}: the column line names {len(header)} columns, not {columns}")
        return header, lines[1:]

    def table(self, header: list[str], rows: list[list[nodes.Node]], classes: list[str]) -> nodes.table:
        table = nodes.table(classes=classes)
        group = nodes.tgroup(cols=len(header))
        table += group
        group.extend(nodes.colspec(colwidth=1) for _ in header)
        head = nodes.thead()
        head += self._row([self._words(text) for text in header])
        body = nodes.tbody()
        for cells in rows:
            body += self._row(cells)
        group += head
        group += body
        return table

    def _words(self, text: str) -> nodes.paragraph:
        """A column name: page text, with its source and line, so that it is extracted and translated."""
        paragraph = nodes.paragraph(text, text)
        paragraph.source, paragraph.line = self.get_source_info()
        return paragraph

    @staticmethod
    def _row(cells: list[nodes.Node]) -> nodes.row:
        row = nodes.row()
        for content in cells:
            entry = nodes.entry()
            entry += content
            row += entry
        return row

    @staticmethod
    def text(value: object) -> nodes.paragraph:
        return nodes.paragraph("", str(value))


class DealChipsDirective(FiguresTable):
    """The chips of a worked example's finished deal, both options, as the engine scores it::

        ```{deal-chips} three-players-whole-deal

        player | tricks won | option A | option B
        ```
    """

    required_arguments = 1

    def render(self) -> list[nodes.Node]:
        header, _ = self.header(4)
        folder = Path(self.env.config.linger_walkthrough_examples)
        path = folder / f"{self.arguments[0]}.toml"
        self.env.note_dependency(str(path))
        try:
            example = scenario.load(path)
            deal = example.check()[-1].deal
        except scenario.ScenarioError as error:
            raise self.error(f"deal-chips: {error}") from None
        if deal.outcome is None:
            raise self.error(f"deal-chips: {path.name} does not play its deal to the end")
        score = score_deal(deal.outcome, deal.players)
        rows = [[self.text(example.names[seat]), self.text(deal.outcome.tricks_won[seat]),
                 self.text(f"{score.chips_a[seat]:+d}"), self.text(f"{score.chips_b[seat]:+d}")]
                for seat in range(deal.players)]
        return [self.table(header, rows, ["linger-figures", "linger-chips"])]


class DealFiguresDirective(FiguresTable):
    """A table of deal figures, one row per rule set and table size."""

    has_content = True
    option_spec: ClassVar[dict[str, Any]] = {
        "deals": directives.positive_int,
        "seed": directives.nonnegative_int,
        "bots": directives.unchanged_required,
    }

    def render(self) -> list[nodes.Node]:
        header, lines = self.header(COLUMNS)
        if not lines:
            raise self.error("deal-figures: give at least one 'rules | players' line")
        deals, seed = self.options.get("deals", 1000), self.options.get("seed", 1)
        self._language = self.env.config.language or "en"
        bots = tuple(self.options.get("bots", "random").split(","))
        rows = [self._cells(self._figures(line, deals, seed, bots)) for line in lines]
        return [self.table(header, rows, ["linger-figures"])]

    def _figures(self, line: str, deals: int, seed: int, bots: tuple[str, ...]) -> DealStatistics:
        """The figures of one 'rules | players' line."""
        cells = [cell.strip() for cell in line.split("|")]
        try:
            profile, *variants = cells[0].split("+")
            return cached_simulate(Rules.from_names(profile, variants), int(cells[1]), deals, seed, bots)
        except (ValueError, IndexError) as error:
            raise self.error(f"deal-figures: {line!r}: {error}") from None

    def _cells(self, figures: DealStatistics) -> list[nodes.Node]:
        return [
            nodes.paragraph("", "", nodes.literal(figures.rules, figures.rules)),
            self.text(figures.players), self.text(figures.deals), self.text(figures.seed),
            self.text(self._decimal(figures.mean_tricks)), self.text(figures.longest),
            self.text(self._percent(figures.stock_ran_out)), self.text(self._percent(figures.first_seat_won)),
        ]

    def _decimal(self, value: float) -> str:
        return decimal(value, self._language)

    def _percent(self, share: float) -> str:
        return percent(share, self._language)


def decimal(value: float, language: str, decimals: int = 1) -> str:
    """One decimal (or ``decimals``), with the page language's decimal sign
    (:attr:`~linger_longer.languages.Language.decimal_sign`: a comma in French, Italian and Dutch) and a true
    minus sign (−2.3)."""
    text = f"{value:.{decimals}f}".replace("-", "\u2212")
    return text.replace(".", languages.language(language).decimal_sign)


def percent(share: float, language: str, decimals: int = 1) -> str:
    """A share as a percentage, written as the language writes it ("22,0 %" in French)."""
    return decimal(100 * share, language, decimals) + languages.language(language).percent_space + "%"


def count(value: int, language: str) -> str:
    """A whole number with the page language's thousands separator, as the catalogs write them."""
    return f"{value:,}".replace(",", languages.language(language).thousands_separator)


class StrengthDataError(ValueError):
    """A strength data file that cannot be read: the message names the file and the key."""


#: What every row of the strength data file holds, and of which type (``tools/strength.py`` writes it).
ROW_KEYS: dict[str, type | tuple[type, ...]] = {
    "key": str, "hero": str, "field": str, "rules": str, "players": int, "seed": int, "deals": int, "wins": int,
    "rate": (int, float), "rate_ci": list, "field_rate": (int, float)}
#: What a row with a paired comparison holds as well.
GAIN_KEYS: dict[str, type | tuple[type, ...]] = {"base_rate": (int, float), "gain": (int, float), "gain_ci": list}
TOP_KEYS: dict[str, type | tuple[type, ...]] = {"command": str, "players": int, "seed": int,
                                                "confidence": (int, float), "digest": str,
                                                "sources": list, "bots": dict, "rows": list}
BOT_KEYS = ("samples", "nodes", "long_nodes", "oracle_nodes")


def _checked(where: str, mapping: dict, keys: dict[str, type | tuple[type, ...]]) -> None:
    for key, kind in keys.items():
        if key not in mapping:
            raise StrengthDataError(f"{where}: the key {key!r} is missing")
        value = mapping[key]
        if not isinstance(value, kind) or isinstance(value, bool):
            raise StrengthDataError(f"{where}: {key!r} is {value!r}, not a {_kind(kind)}")
        if isinstance(value, list) and key.endswith("_ci") and (
                len(value) != 2 or not all(isinstance(v, (int, float)) for v in value)):
            raise StrengthDataError(f"{where}: {key!r} is {value!r}, not a [low, high] pair of numbers")


def _kind(kind: type | tuple[type, ...]) -> str:
    return "number" if kind == (int, float) else {str: "text", int: "whole number", list: "list",
                                                  dict: "table"}[kind]  # type: ignore[index]


def load_strength(path: Path) -> dict:
    """The strength figures of ``path``, checked: a missing or mistyped key is a :class:`StrengthDataError`
    naming the file and the key. Rows are returned by their ``key``."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise StrengthDataError(f"{path}: cannot be read ({error.strerror}); run `nox -s strength`") from None
    except ValueError as error:
        raise StrengthDataError(f"{path}: not JSON ({error})") from None
    if not isinstance(data, dict):
        raise StrengthDataError(f"{path}: not a JSON object")
    _checked(str(path), data, TOP_KEYS)
    for key in BOT_KEYS:
        if not isinstance(data["bots"].get(key), int):
            raise StrengthDataError(f"{path}: bots.{key}: missing, or not a whole number")
    rows = {}
    for number, row in enumerate(data["rows"]):
        where = f"{path}: rows[{number}]"
        if not isinstance(row, dict):
            raise StrengthDataError(f"{where}: not a JSON object")
        _checked(where, row, ROW_KEYS)
        if any(key in row for key in GAIN_KEYS):
            _checked(where, row, GAIN_KEYS)
        if row["deals"] < 1:
            raise StrengthDataError(f"{where}: 'deals' is {row['deals']}, not a count of deals")
        rows[row["key"]] = row
    return {**data, "rows": rows}


class StrengthData:
    """The strength data file of a build, read once per build and checked (``linger_strength_data``)."""

    def __init__(self, env: Any) -> None:
        self.path = Path(env.config.linger_strength_data)
        self.language = env.config.language or "en"
        env.note_dependency(str(self.path))
        self.data = load_strength(self.path)

    def row(self, key: str) -> dict:
        try:
            return self.data["rows"][key]
        except KeyError:
            raise StrengthDataError(f"{self.path}: no row {key!r} (rows: {', '.join(self.data['rows'])})") from None

    def figure(self, target: str) -> str:
        """One figure in the page language: ``row-key field`` (see :data:`ROW_FIGURES`) or a table-wide
        ``players``, ``even-share``, ``confidence`` (the intervals' level) or ``bots.<parameter>``."""
        lang = self.language
        if target == "players":
            return count(self.data["players"], lang)
        if target == "even-share":
            return percent(1 / self.data["players"], lang)
        if target == "confidence":
            return percent(self.data["confidence"], lang, decimals=0)
        if target.startswith("bots."):
            name = target[len("bots."):]
            if name not in BOT_KEYS:
                raise StrengthDataError(f"{self.path}: no bot parameter {name!r} ({', '.join(BOT_KEYS)})")
            return count(self.data["bots"][name], lang)
        key, _, name = target.partition(" ")
        row = self.row(key)
        if name == "ceiling-share":
            ceiling = self.row(f"oracle/{row['field']}/{row['rules']}")
            if self._value(ceiling, "gain") <= 0:
                raise StrengthDataError(f"{self.path}: row {ceiling['key']!r}: the ceiling gains nothing, so no "
                                        "share of it can be given")
            return percent(self._value(row, "gain") / self._value(ceiling, "gain"), lang)
        if name not in ROW_FIGURES:
            raise StrengthDataError(f"strength: {target!r}: give a row and one of {', '.join(ROW_FIGURES)}, "
                                    "ceiling-share")
        form, field, index = ROW_FIGURES[name]
        value = self._value(row, field)
        if index is not None:
            value = value[index]
        if form == "percent":
            return percent(value, lang)
        if form == "points":
            return decimal(100 * value, lang)
        return count(value, lang) if form == "count" else str(value)

    def _value(self, row: dict, field: str) -> Any:
        if field not in row:
            raise StrengthDataError(f"{self.path}: row {row['key']!r} has no {field!r} (no paired comparison)")
        return row[field]


#: The figures of a row a page may name: name -> (how it is written, the row's key, which end of an interval).
ROW_FIGURES: dict[str, tuple[str, str, int | None]] = {
    "rate": ("percent", "rate", None), "rate-low": ("percent", "rate_ci", 0), "rate-high": ("percent", "rate_ci", 1),
    "field-rate": ("percent", "field_rate", None), "base-rate": ("percent", "base_rate", None),
    "gain": ("points", "gain", None), "gain-low": ("points", "gain_ci", 0), "gain-high": ("points", "gain_ci", 1),
    "deals": ("count", "deals", None), "seed": ("seed", "seed", None),
}


def _strength(env: Any) -> StrengthData:
    """The build's strength data (a small file: read, and noted as a dependency, by every use)."""
    return StrengthData(env)


def strength_role(name: str, rawtext: str, text: str, lineno: int, inliner: Any,
                  options: dict | None = None, content: Sequence[str] = ()) -> tuple[list, list]:
    """``{strength}`monte-carlo/rule-of-thumb/standard gain``: one figure of the strength data file, written
    in the page's language, inside a translatable sentence (the sentence keeps the role in every language)."""
    env = inliner.document.settings.env
    try:
        return [nodes.inline(rawtext, _strength(env).figure(text.strip()), classes=["linger-figure"])], []
    except StrengthDataError as error:
        note_failed_page(env, env.docname)
        message = inliner.reporter.error(f"strength: {error}", line=lineno)
        return [inliner.problematic(rawtext, rawtext, message)], [message]


class StrengthFiguresDirective(FiguresTable):
    """The opponents page's strength table, from the strength data file::

        ```{strength-figures}

        lone player | against three | rules | deals | seed | lone player wins | each of the three wins | gain
        monte-carlo | Strong
        rule-of-thumb | Rule of thumb
        ```

    The first line names the columns; each further line gives a bot's name on the page (page text, so
    translated). One row per row of the data file, in its order: the rules, the deal count and the seed of
    its first deal, the win shares with their 95 % interval, and the paired gain (points) with its interval
    where it was measured.
    """

    def render(self) -> list[nodes.Node]:
        header, lines = self.header(COLUMNS)
        names = {}
        for line in lines:
            bot, _, label = (cell.strip() for cell in line.partition("|"))
            if not label:
                raise self.error(f"strength-figures: {line!r}: give 'bot | name on the page'")
            names[bot] = label
        try:
            data = _strength(self.env)
            rows = [self._cells(data, row, names) for row in data.data["rows"].values()]
        except StrengthDataError as error:
            raise self.error(f"strength-figures: {error}") from None
        return [self.table(header, rows, ["linger-figures", "linger-strength"])]

    def _cells(self, data: StrengthData, row: dict, names: dict[str, str]) -> list[nodes.Node]:
        for bot in (row["hero"], row["field"]):
            if bot not in names:
                raise StrengthDataError(f"{data.path}: row {row['key']!r}: give the page's name of {bot!r}")
        lang = data.language
        low, high = row["rate_ci"]
        gain = "\u2014"
        if "gain" in row:
            a, b = row["gain_ci"]
            gain = f"{decimal(100 * row['gain'], lang)} ({decimal(100 * a, lang)} \u2013 {decimal(100 * b, lang)})"
            gain = gain if row["gain"] < 0 else "+" + gain
        return [self._words(names[row["hero"]]), self._words(names[row["field"]]),
                nodes.paragraph("", "", nodes.literal(row["rules"], row["rules"])),
                self.text(count(row["deals"], lang)), self.text(row["seed"]),
                self.text(f"{percent(row['rate'], lang)} ({decimal(100 * low, lang)} \u2013 {decimal(100 * high, lang)})"),
                self.text(percent(row["field_rate"], lang)), self.text(gain)]


def setup(app: Any) -> None:
    """Register the directives and the role (called from the extension's ``setup``)."""
    app.add_config_value("linger_strength_data", str(Path(__file__).resolve().parents[1] / "data" / "strength.json"),
                         "env", [str])
    app.add_directive("deal-figures", DealFiguresDirective)
    app.add_directive("deal-chips", DealChipsDirective)
    app.add_directive("strength-figures", StrengthFiguresDirective)
    app.add_role("strength", strength_role)
