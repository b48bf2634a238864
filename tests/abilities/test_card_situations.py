"""Situations that need a card ability to be legal at all (scenarios/lotr/cards/): Dúnhere's
attack into the staging area, Stand Together's several defenders, Wolf Rider's attack as a
shadow card.  Each replays with card abilities to its ``expect`` block (final-state paths,
cited records), uses every decision, and cites only records the knowledge base has."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.engine.game import verify
from adjudicator.lotr.engine import api

CARDS = Path(__file__).resolve().parents[2] / "scenarios" / "lotr" / "cards"
FILES = sorted(CARDS.glob("*.yaml"))


def test_there_is_a_situation_for_each_card():
    names = " ".join(p.stem for p in FILES)
    for word in ("dunhere", "stand-together", "wolf-rider"):
        assert word in names


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_card_situation_replays_to_its_expected_outcome(path):
    result = verify(path, abilities=True)  # the shared checker of expect: blocks
    assert result.expectations and not result.missed, [c.describe() for c in result.missed]
    assert result.trace.pending is None, path.name
    assert not result.trace.final_state.get("unused_decisions"), path.name
    assert all(s.citations for s in result.trace.steps)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_card_situation_cites_only_existing_records(path, kb_ids):
    trace = api.replay(api.load(path), abilities=True)
    assert trace.cited_ids() <= kb_ids, sorted(trace.cited_ids() - kb_ids)
