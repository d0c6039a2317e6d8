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
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util.docutils import SphinxDirective

import linger_longer
from linger_longer import scenario
from linger_longer.rules import Rules
from linger_longer.scoring import score_deal
from linger_longer.statistics import DealStatistics, simulate

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
    temporary = CACHE.with_suffix(".tmp")
    temporary.write_text(json.dumps(cache, indent=1), encoding="utf-8")
    temporary.replace(CACHE)
    return figures


class FiguresTable(SphinxDirective):
    """A table whose column names are the page's words (translated) and whose cells the engine computes."""

    has_content = True

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

    def run(self) -> list[nodes.Node]:
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

    def run(self) -> list[nodes.Node]:
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
        """One decimal, with the page language's decimal sign (a comma in French, Italian and Dutch)."""
        text = f"{value:.1f}"
        return text if self._language == "en" else text.replace(".", ",")

    def _percent(self, share: float) -> str:
        """A share as a percentage, written as the language writes it ("22,0 %" in French)."""
        return self._decimal(100 * share) + ("\u00a0%" if self._language == "fr" else "%")


def setup(app: Any) -> None:
    """Register the directive (called from the extension's ``setup``)."""
    app.add_directive("deal-figures", DealFiguresDirective)
    app.add_directive("deal-chips", DealChipsDirective)
