"""Replacement Effects (RR): "instead" effects are initiated among the responses and the
occurrence resolves as the most recent one, after all responses."""

from __future__ import annotations

from adjudicator.lotr.abilities.timing import Entry, order


def test_most_recent_replacement_wins():
    result = order(
        [
            Entry("First instead", "response", "when", controller="Tom", instead=True),
            Entry("Second instead", "response", "when", controller="Kris", instead=True),
            Entry("Plain response", "response", "when", controller="Kris"),
        ],
        ["Tom", "Kris"],
    )
    assert result["replacement"]["resolves_as"] == "Second instead"
    assert result["replacement"]["superseded"] == ["First instead"]
    assert result["replacement"]["rules"] == ["lotr:rr:replacement-effects"]


def test_no_replacement_no_replacement_record():
    assert order([Entry("R", "response", controller="Tom")], ["Tom"])["replacement"] is None
