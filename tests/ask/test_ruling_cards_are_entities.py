"""`ask` points at the cards of the library: every card an outcome-deciding ruling of faq/ names
(issue 14) is a LOTR card entity of a question that names it, so the answer is about that card."""

from __future__ import annotations

from adjudicator.kb.names import name_key


def test_every_card_an_outcome_ruling_names_is_a_card_entity_of_ask(kb):
    from adjudicator.ask.game_detection import linker_for
    from adjudicator.lotr.abilities.rulings import rulings_table

    linker = linker_for(kb)
    named = sorted({c for row in rulings_table() if row["class"] == "outcome" for c in row.get("cards") or ()})
    assert len(named) >= 150
    missing = []
    for card in named:
        found = linker.link(f"How does {card} work in this game?", game="lotr")
        if not any(e.kind == "card" and e.key == name_key(card) for e in found):
            missing.append(card)
    assert missing == []
