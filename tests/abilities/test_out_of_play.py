"""A card treated as out of play while the card whose effect it is stays in play (In Play and
Out of Play; FAQ Q76: Saruman), with every card attached to it, and back in the staging area once
that card leaves play.  Expected values worked out by hand in the docstring."""

from __future__ import annotations

from pathlib import Path

from adjudicator.lotr.engine import api

FILE = Path(__file__).resolve().parents[2] / "scenarios/lotr/rulings/faq-q76-saruman-keeps-a-guarded-objective-out-of-play.yaml"


def test_a_card_treated_as_out_of_play_takes_its_attachments_and_comes_back_when_its_source_leaves():
    """Saruman's response takes the Forest Spider and the map it guards out of the staging area;
    Recall (a test event returning an ally to its owner's hand) sends Saruman back to Tom's hand,
    and the spider is in the staging area again, still guarding the map."""
    text = FILE.read_text(encoding="utf-8")
    out = api.replay(api.load("o.yaml", text=text), abilities=True, strict=False)
    assert out.final_state["staging_area"] == []
    back_text = (text.replace("hand: [Saruman]", "hand: [Saruman, Recall]")
                 .replace("play: [{card: Saruman, pay_from: [Aragorn]}]", "play: [{card: Saruman, pay_from: [Aragorn]}, {card: Recall}]")
                 .replace("quest: {card: Flies and Spiders}", "quest: {card: Flies and Spiders}\ncards:\n- {name: Recall, type: event, sphere: neutral, cost: 0}")
                 .replace("  responses:", "  cards:\n  - name: Recall\n    abilities:\n    - {kind: action, effects: [{op: return_to_hand, target: an ally you control}], says: 'test: an ally back to hand'}\n  responses:")
                 .replace("  - {card: Saruman, chosen: [Forest Spider]}", "  - {card: Saruman, chosen: [Forest Spider]}\n  - {card: Recall, targets: {an ally you control: Saruman}}"))
    back = api.replay(api.load("o.yaml", text=back_text), abilities=True, strict=False)
    staging = back.final_state["staging_area"]
    assert [c["label"] for c in staging] == ["Forest Spider"]
    assert [g["label"] for g in staging[0]["guarding"]] == ["Gandalf's Map"]
