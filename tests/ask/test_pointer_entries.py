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


def test_the_entry_an_overview_points_to_comes_first_when_it_is_among_the_first_candidates():
    from adjudicator.kb.records import Link

    overview = Record(id="meq:glossary:invented-haven", game="meq", kind="glossary", title="Haven",
                      span=Span("meq-rules", 1, 2), blocks=[Block("Haven: a safe place; a hero resting there heals (see page 20).")],
                      links=[Link("see-also", "meq:rules:invented:rest")])
    entry = Record(id="meq:rules:invented:rest", game="meq", kind="rule", title="Resting", span=Span("meq-rules", 50, 60),
                   blocks=[Block("To rest, a hero shuffles his pool; in a haven he also heals, whatever a card says.")])
    others = [Record(id=f"meq:rules:invented:other-{i}", game="meq", kind="rule", title=f"Other {i}",
                     span=Span("meq-rules", 70 + 2 * i, 71 + 2 * i), blocks=[Block("Something else.")]) for i in range(15)]

    def order(place: int) -> list[str]:
        ranked = [ranking.Ranked(1.0, overview)] + [ranking.Ranked(0.9 - 0.01 * i, r) for i, r in enumerate(others)]
        ranked.insert(place, ranking.Ranked(0.5, entry))
        return [r.record.id for r in ranking._full_entry_first(ranked)]

    assert order(ranking.FULL_ENTRY_WITHIN - 1)[:2] == [entry.id, overview.id]
    assert order(ranking.FULL_ENTRY_WITHIN + 3)[0] == overview.id  # far down: the overview keeps its place


def test_a_specific_rule_citing_a_broad_section_keeps_its_place_when_the_section_answers_much_less():
    from adjudicator.kb.records import Link

    specific = Record(id="meq:rules:invented:ambush", game="meq", kind="rule", title="Ambush",
                      span=Span("meq-rules", 1, 2), blocks=[Block("A minion on the hero's space may ambush him (see page 20).")],
                      links=[Link("see-also", "meq:rules:invented:combat")])
    section = Record(id="meq:rules:invented:combat", game="meq", kind="rule", title="Combat", span=Span("meq-rules", 50, 90),
                     blocks=[Block("Combat is fought with combat cards drawn from the hero's life pool and the minion's deck.")])
    far_below = [ranking.Ranked(1.0, specific), ranking.Ranked(0.9 * ranking.FULL_ENTRY_SHARE, section)]
    assert [r.record.id for r in ranking._full_entry_first(far_below)] == [specific.id, section.id]
    close = [ranking.Ranked(1.0, specific), ranking.Ranked(1.1 * ranking.FULL_ENTRY_SHARE, section)]
    assert [r.record.id for r in ranking._full_entry_first(close)] == [section.id, specific.id]
