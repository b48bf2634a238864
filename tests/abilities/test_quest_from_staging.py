"""An objective-ally committed to the quest from the staging area by its own text (Into Ithilien's ruling):
its willpower counts for the players at 3.4 while it is there; under a player's control it is no longer
committed (the objective-ally rule)."""

from __future__ import annotations

from pathlib import Path

from adjudicator.lotr.abilities.rulings import resolve_path
from adjudicator.lotr.engine import api

SITUATION = Path(__file__).resolve().parents[2] / "scenarios/lotr/rulings/qc-into-ithilien-objective-allies-quest-from-the-staging-area.yaml"


def test_an_objective_ally_committed_from_the_staging_area_adds_its_willpower():
    text = SITUATION.read_text(encoding="utf-8")
    state = api.replay(api.load("ithilien.yaml", text=text), abilities=True).to_dict()["final_state"]
    assert resolve_path(state, "quest.progress") == 4  # 2 + 2 + 1 willpower against 1 threat
    controlled = text.replace("staging_area: [Celador, Ithilien Guardian]", "staging_area: [Ithilien Guardian]") \
                     .replace("  heroes: [Aragorn]\n", "  heroes: [Aragorn]\n  allies: [Celador]\n")
    state = api.replay(api.load("ithilien.yaml", text=controlled), abilities=True).to_dict()["final_state"]
    assert resolve_path(state, "quest.progress") == 2  # Celador under Tom's control, not committed: 2 + 1 against 1
