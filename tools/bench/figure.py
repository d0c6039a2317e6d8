"""One measured figure of ``nox -s bench``, as every benchmark of the package returns it."""

from __future__ import annotations

import dataclasses


@dataclasses.dataclass
class Figure:
    """One measured figure, with an optional goal and whether it was met."""

    name: str
    value: float
    unit: str = "s"
    goal: str = ""
    ok: bool | None = None

    def __str__(self) -> str:
        verdict = "" if self.ok is None else ("  ok" if self.ok else "  MISSED")
        goal = f"  (goal: {self.goal})" if self.goal else ""
        value = f"{self.value:>12,.0f}" if abs(self.value) >= 10_000 else f"{self.value:>12.3f}"
        return f"{self.name:<58} {value} {self.unit}{goal}{verdict}"


def guard_rail(name: str, value: float, reference: float, commit: str, limit: float, unit: str = "") -> Figure:
    """``value`` beside the ``reference`` measured at ``commit``, with the bound a change may not pass: at most
    ``limit`` times the reference for a cost (``limit`` above 1), at least that for a rate (below 1)."""
    bound = reference * limit
    side, ok = ("at most", value <= bound) if limit > 1 else ("at least", value >= bound)
    return Figure(f"{name} (at {commit}: {reference:,.0f})", value, unit,
                  f"{side} {bound:,.0f}, {abs(limit - 1):.0%} from {commit}", ok)
