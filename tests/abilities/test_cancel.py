"""Cancel (RR): a cancel interrupts and resolves first; a cancelled effect still counts as
used.  FAQ 1.53 (cancelling an encounter card effect leaves its keywords) against FAQ 1.54
(cancelling the card does not); FAQ 1.37 (a cancel interrupts the timing structure)."""

from __future__ import annotations

from adjudicator.lotr.abilities.timing import Entry, order

PLAYERS = ["Tom", "Kris"]


def test_cancel_interrupts_the_effect_it_cancels():
    result = order(
        [
            Entry("Necromancer's Reach (when revealed)", "when_revealed", card="Necromancer's Reach"),
            Entry("A Test of Will (response)", "response", "when", controller="Kris", cancels="Necromancer's Reach (when revealed)"),
        ],
        PLAYERS,
    )
    rows = result["order"]
    assert [r["status"] for r in rows] == ["interrupts", "cancelled"]
    assert rows[0]["label"] == "A Test of Will (response)" and rows[0]["tier"] == "cancel"
    assert "lotr:rr:cancel" in rows[0]["rules"] and "lotr:faq:1.37" in rows[0]["rules"]


def test_a_cancelled_effect_still_counts_as_used():
    result = order(
        [
            Entry("Despair (when revealed)", "when_revealed", card="Despair"),
            Entry("A Test of Will (response)", "response", "when", controller="Tom", cancels="Despair (when revealed)"),
        ],
        PLAYERS,
    )
    record = result["cancelled"][0]
    assert "counts as used" in record["still_counts"] and "revealed" in record["still_counts"]
    assert {"lotr:rr:cancel", "lotr:rr:limits"} <= set(record["rules"])


def test_cancelling_a_when_revealed_effect_leaves_the_keywords():
    result = order(
        [
            Entry("Dark Sorcery (when revealed)", "when_revealed", card="Dark Sorcery"),
            Entry("Dark Sorcery (Doomed 2)", "keyword", card="Dark Sorcery"),
            Entry("A Test of Will (response)", "response", "when", controller="Tom", cancels="Dark Sorcery (when revealed)"),
        ],
        PLAYERS,
    )
    assert "Dark Sorcery (Doomed 2)" in [r["label"] for r in result["order"] if r["status"] == "resolves"]
    assert "lotr:faq:1.53" in result["cancelled"][0]["rules"]


def test_cancelling_the_card_cancels_its_keywords_too():
    result = order(
        [
            Entry("Dark Sorcery (when revealed)", "when_revealed", card="Dark Sorcery"),
            Entry("Dark Sorcery (Doomed 2)", "keyword", card="Dark Sorcery"),
            Entry("The Door is Closed", "response", "when", controller="Tom", cancels="Dark Sorcery (when revealed)", cancels_card=True),
        ],
        PLAYERS,
    )
    assert "Dark Sorcery (Doomed 2)" not in [r["label"] for r in result["order"]]
    skipped = {n["label"]: n["rules"] for n in result["not_resolved"]}
    assert skipped["Dark Sorcery (Doomed 2)"] == ["lotr:faq:1.54"]
    assert "lotr:faq:1.54" in result["cancelled"][0]["rules"]
