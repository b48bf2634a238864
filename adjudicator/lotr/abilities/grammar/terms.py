"""Scenario terms (rules_db/lotr/scenario_terms.yaml): a phrase a scenario's cards use for a
game state ("the players have crossed the Anduin") that a ruling defines as a condition of the
grammar ("the current quest is stage 4 or later").  `conditions.parse_condition` reads the
term as its meaning and keeps the ruling, which the engine cites where the condition is
checked."""

from __future__ import annotations

from functools import lru_cache

from msgspec import Struct

from adjudicator.paths import RULES_DB
from adjudicator.yamlio import load_yaml


class Term(Struct, frozen=True):
    says: str
    scenario: str
    means: str
    ruling: str
    kind: str = "condition"  # or "cards": a phrase naming cards an amount counts ("quest stage in the victory display")


@lru_cache(maxsize=1)
def terms() -> dict[str, Term]:
    """The terms by their wording (lower case)."""
    path = RULES_DB / "lotr" / "scenario_terms.yaml"
    rows = (load_yaml(path) or {}).get("terms") or [] if path.is_file() else []
    return {str(t["says"]).lower(): Term(says=str(t["says"]).lower(), scenario=str(t["scenario"]),
                                          means=str(t["means"]), ruling=str(t["ruling"]), kind=str(t.get("kind", "condition")))
            for t in rows}


def term(phrase: str, kind: str = "condition") -> Term | None:
    """The scenario term ``phrase`` is (case ignored) of that kind, or None."""
    found = terms().get(phrase.strip().lower())
    return found if found is not None and found.kind == kind else None
