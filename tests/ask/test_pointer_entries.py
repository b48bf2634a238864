"""A record that only routes the reader ("See: ...") or a short overview that sends the reader
to a fuller entry ("... (see pages 22-23)") does not decide a question (issue 11): the entry it
points to states the rule with its conditions.  Records are invented."""

from __future__ import annotations

from adjudicator.ask import ranking
from adjudicator.kb.records import Block, Record, Span


def record(text: str, kind: str = "glossary") -> Record:
    return Record(id="meq:glossary:invented", game="meq", kind=kind, title="Fog", span=Span("meq-rules", 1, 2),
                  blocks=[Block(text)])


def test_a_pointer_entry_does_not_outrank_the_rule_it_points_to():
    pointer = ranking._kind_weight(record("See: Fog and Mist"), set(), [])
    entry = ranking._kind_weight(record("Fog hides every location within two steps of a stronghold until the wind rises."), set(), [])
    assert pointer == entry * ranking.POINTER_ONLY
    assert pointer * 2 < entry  # twice the words matched does not lift it over the entry


def test_a_short_overview_that_sends_the_reader_to_a_page_weighs_less_than_a_full_entry():
    overview = ranking._kind_weight(record("a. Fog: the hero may hide in fog (see pages 22-23).", "step"), set(), [])
    full = ranking._kind_weight(record("a. Fog: the hero may hide in fog when no minion is adjacent.", "step"), set(), [])
    assert overview == full * ranking.OVERVIEW


def test_a_long_rule_citing_a_page_is_not_an_overview():
    text = " ".join(["Fog hides the road and every location next to it;"] * 6) + " (see page 12)"
    assert ranking._kind_weight(record(text, "rule"), set(), []) == ranking._kind_weight(record(text[:-14], "rule"), set(), [])
