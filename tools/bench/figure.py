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
        return f"{self.name:<58} {self.value:>9.3f} {self.unit}{goal}{verdict}"
