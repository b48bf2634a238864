"""A ruling situation's own expectations (its final state and events), not only its citation of
the ruling, fail when the engine forgets the point the ruling decides: the engine is changed
here to forget it, and the situation must then report a missed expectation."""

from __future__ import annotations

from pathlib import Path

from adjudicator.engine.game import verify
from adjudicator.lotr.engine import card_attacks

RULINGS = Path(__file__).resolve().parents[2] / "scenarios" / "lotr" / "rulings"


def test_faq_1_42_situation_fails_when_the_old_shadow_is_not_discarded_before_the_additional_attack(monkeypatch):
    """FAQ 1.42: an engine keeping the enemy's earlier shadow card through its additional attack
    would still put that card in the discard pile with every shadow card at the end of combat,
    where the final state alone cannot tell the difference."""
    path = RULINGS / "faq-1.42-additional-attack-discards-the-old-shadow.yaml"
    assert verify(path, abilities=True).missed == []
    keep = card_attacks._discard_shadows
    monkeypatch.setattr(card_attacks, "_discard_shadows",
                        lambda r, enemy, before, cites, cause: None if before else keep(r, enemy, before, cites, cause))
    missed = [c.describe() for c in verify(path, abilities=True).missed]
    assert any("shadow-discard" in m for m in missed), missed
