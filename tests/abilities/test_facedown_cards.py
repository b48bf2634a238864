"""Face-down player cards engaged as enemies (Orc Guards) and the erratum of Core 125: while Out
of the Dungeons is the quest, a face-down Orc Guard that would return to the staging area goes
to its owner's discard pile instead (Replacement Effects; Ownership and Control).  Expected
values worked out by hand in the docstring."""

from __future__ import annotations

from pathlib import Path

from adjudicator.lotr.engine import api

FILE = Path(__file__).resolve().parents[2] / "scenarios/lotr/rulings/errata-core-125-orc-guard-to-its-owners-discard.yaml"


def test_a_face_down_orc_guard_returned_to_staging_goes_to_its_owners_discard_pile_under_out_of_the_dungeons():
    """Tower Gate makes Gléowine, Tom's top card, an Orc Guard engaged with him; A Light in the Dark
    sends it back.  Out of the Dungeons the quest: Gléowine is in Tom's discard pile, the staging
    area empty.  Flies and Spiders the quest (no erratum in play): the Orc Guard is in the staging
    area and Tom's discard pile holds only the event."""
    text = FILE.read_text(encoding="utf-8")
    held = api.replay(api.load("o.yaml", text=text), abilities=True)
    tom = next(p for p in held.final_state["players"] if p["name"] == "Tom")
    assert tom["discard"] == ["A Light in the Dark", "Gléowine"] and held.final_state["staging_area"] == []
    plain = api.replay(api.load("o.yaml", text=text.replace("quest: {card: Out of the Dungeons}", "quest: {card: Flies and Spiders}")),
                       abilities=True)
    tom = next(p for p in plain.final_state["players"] if p["name"] == "Tom")
    assert tom["discard"] == ["A Light in the Dark"]
    assert [c["label"] for c in plain.final_state["staging_area"]] == ["Orc Guard (Tom)"]
