"""No two records an answer cites show the same text, and a record whose lines lie inside
another's is merged with it, the narrowest one holding the deciding sentence cited (issue 11)."""

from __future__ import annotations

from adjudicator.ask.ranking import Ranked, _one_each
from adjudicator.kb.records import Block, Record, Span


def rec(rid, start, end, text, doc="lotr-rr", also_in=()):
    return Record(id=f"lotr:rr:{rid}", game="lotr", kind="glossary", title=rid, span=Span(doc, start, end),
                  blocks=[Block(text)], also_in=list(also_in))


def test_a_record_inside_a_kept_records_lines_is_merged_into_it():
    outer = rec("outer", 10, 30, "Goblins sleep by day. Trolls wake at dusk and roam until dawn.")
    inner = rec("inner", 12, 14, "Trolls wake at dusk.")
    kept = _one_each([Ranked(2.0, outer), Ranked(1.0, inner)], limit=4)
    assert [k.record.id for k in kept] == ["lotr:rr:outer"] and kept[0].merged == [inner]


def test_a_record_holding_a_kept_records_lines_is_merged_too():
    outer = rec("outer", 10, 30, "Goblins sleep by day. Trolls wake at dusk and roam until dawn.")
    inner = rec("inner", 12, 14, "Trolls wake at dusk.")
    kept = _one_each([Ranked(2.0, inner), Ranked(1.0, outer)], limit=4)
    assert [k.record.id for k in kept] == ["lotr:rr:inner"] and kept[0].merged == [outer]


def test_the_same_lines_in_another_document_count_as_the_same_place():
    faq = rec("faq", 100, 102, "A lamp burns for one round.", doc="lotr-faq", also_in=[Span("lotr-qc", 500, 502)])
    copy = rec("copy", 500, 502, "A lamp burns for one round only.", doc="lotr-qc")
    kept = _one_each([Ranked(2.0, faq), Ranked(1.5, copy)], limit=4)
    assert len(kept) == 1


def test_a_record_repeating_a_kept_records_text_is_dropped():
    first = rec("first", 10, 12, "Guarded: when this card is revealed, reveal one more card and attach it as its guard.")
    repeat = rec("repeat", 400, 402, "Guarded: when this card is revealed reveal one more card and attach it as its guard!")
    other = rec("other", 50, 52, "Surge: reveal one more encounter card.")
    kept = _one_each([Ranked(3.0, first), Ranked(2.0, repeat), Ranked(1.0, other)], limit=4)
    assert [k.record.id for k in kept] == ["lotr:rr:first", "lotr:rr:other"]


def test_an_answer_cites_at_most_three_supporting_records_each_in_its_own_place(ask_cli):
    _, answer = ask_cli("can my sentinel defender block an attack made against my friend?")
    cited = [answer["best"]] + answer["supporting"]
    assert len(answer["supporting"]) <= 3
    for i, a in enumerate(cited):
        for b in cited[i + 1:]:
            assert a["sentence"] != b["sentence"]
            assert not (a["source"] == b["source"] and (a["lines"][0] <= b["lines"][0] <= b["lines"][1] <= a["lines"][1]
                                                        or b["lines"][0] <= a["lines"][0] <= a["lines"][1] <= b["lines"][1]))


def test_the_narrowest_record_holding_the_deciding_sentence_is_cited():
    from adjudicator.ask.answer import _narrowest

    flow = rec("flow", 10, 40, "Declare defenders. The goblin attacks. If no one defends, a single hero takes all the damage.")
    step = rec("step", 30, 32, "If no one defends, a single hero takes all the damage.")
    item = Ranked(2.0, flow, merged=[step])

    def weigh(text, against=None):
        return float(sum(w in text for w in ("hero", "damage", "defends")))

    record, sentence, _, merged = _narrowest(item, weigh)
    assert record is step and sentence == "If no one defends, a single hero takes all the damage."
    assert merged == [flow]


def test_an_official_entry_two_companion_pages_link_moves_ahead_once():
    """Two Quest Companion pages naming the same official entry as their term: the entry
    moves ahead of the first page only, and is not moved (or removed) a second time."""
    from types import SimpleNamespace as NS

    from adjudicator.ask.ranking import Ranked, _official_first

    def record(rid, doc, links=()):
        return NS(id=rid, span=NS(doc=doc), links=[NS(rel="same-term", target=t) for t in links])

    page_a = Ranked(9.0, record("lotr:qc:a", "lotr-qc", ["lotr:rr:x"]))
    page_b = Ranked(8.0, record("lotr:qc:b", "lotr-qc", ["lotr:rr:x"]))
    official = Ranked(1.0, record("lotr:rr:x", "lotr-rr"))
    order = _official_first([page_a, page_b, official])
    assert [r.record.id for r in order] == ["lotr:rr:x", "lotr:qc:a", "lotr:qc:b"]


def test_official_entries_move_before_their_companion_pages_whatever_the_order():
    from adjudicator.ask.ranking import _official_first
    from adjudicator.kb.records import Link

    def page(rid, doc, *targets):
        r = rec(rid, 1, 2, rid, doc=doc)
        r.links = [Link("same-term", f"lotr:rr:{t}") for t in targets]
        return r

    # two Companion pages naming the same official entries, listed before them
    ranked = [Ranked(5, page("qc-a", "lotr-qc", "rr-a", "rr-b")), Ranked(4, page("qc-b", "lotr-qc", "rr-a")),
              Ranked(3, page("rr-b", "lotr-rr")), Ranked(2, page("rr-a", "lotr-rr"))]
    order = [r.record.id.split(":")[-1] for r in _official_first(ranked)]
    assert sorted(order) == ["qc-a", "qc-b", "rr-a", "rr-b"]
    assert order.index("rr-a") < order.index("qc-a") and order.index("rr-b") < order.index("qc-a")


def test_a_sentence_restating_a_shown_sentence_is_not_shown_again():
    from adjudicator.ask.answer import _restates, _sentence_words

    shown = [_sentence_words("If two effects trigger at once, the first player decides their order.")]
    assert _restates("If two or more effects trigger at once, the first player decides the order.", shown)
    assert not _restates("Forced effects resolve before the other effects of the same trigger.", shown)


def test_no_supporting_record_restates_a_sentence_the_answer_already_shows(ask_cli):
    from adjudicator.ask.answer import RESTATES, _sentence_words

    for question in ("two effects trigger at the same moment, who decides which resolves first?",
                     "does the dungeon jailer shuffle a guarded objective back into the deck?",
                     "what does the secrecy keyword do for my threat?"):
        answer = ask_cli(question)[1]
        worded = [_sentence_words(c["sentence"]) for c in [answer["best"], *answer["supporting"]]]
        assert len(worded) == 4, question
        for i, mine in enumerate(worded):
            for other in worded[:i]:
                assert len(mine & other) / len(mine | other) < RESTATES, (question, i)


def test_a_companion_page_for_the_same_term_as_a_kept_entry_is_merged_with_the_official_entry_cited():
    from adjudicator.kb.records import Link

    page = rec("qc-lamps", 300, 302, "Lamps light the cave for a round.", doc="lotr-qc")
    page.links = [Link("same-term", "lotr:rr:lamps")]
    official = rec("lamps", 40, 48, "A lamp lights the cave until the end of the round.")
    other = rec("trolls", 60, 62, "Trolls fear light.")
    kept = _one_each([Ranked(3.0, page), Ranked(2.0, official), Ranked(1.0, other)], limit=4)
    assert [k.record.id for k in kept] == ["lotr:rr:lamps", "lotr:rr:trolls"]
    assert kept[0].merged == [page]


def test_a_companion_page_a_note_calls_stricter_than_the_entry_keeps_its_own_place():
    from adjudicator.kb.records import Link

    page = rec("qc-lamps", 300, 302, "Lamps may never be lit in the cave.", doc="lotr-qc")
    page.links = [Link("same-term", "lotr:rr:lamps")]
    page.notes = ["Stricter than the entry lotr:rr:lamps: here lamps are never lit."]
    official = rec("lamps", 40, 48, "A lamp lights the cave until the end of the round.")
    kept = _one_each([Ranked(3.0, official), Ranked(2.0, page)], limit=4)
    assert [k.record.id for k in kept] == ["lotr:rr:lamps", "lotr:rr:qc-lamps"]
