"""The learnt re-ordering of ask's first candidates (``adjudicator/ask/reordering.py``, weights in
``rules_db/reordering.json``, fitted by ``bench/train_reordering.py``).  The candidates and
questions here are invented."""

from __future__ import annotations

import json

from adjudicator.ask import reordering
from adjudicator.ask.ranking import Ranked
from adjudicator.ask.settled_questions import Alike
from adjudicator.kb.records import Block, Record, Span
from adjudicator.paths import RULES_DB


def candidate(rid: str, score: float, kind: str = "glossary", doc: str = "lotr-rr", lines=(1, 4),
              text: float = 0.5, lift: float = 1.0, words: str = "an invented entry of our own words") -> Ranked:
    record = Record(id=rid, game="lotr", kind=kind, title=rid.rsplit(":", 1)[-1], span=Span(doc, *lines),
                    blocks=[Block(words)])
    return Ranked(score, record, parts={"text": text, "lift": lift, "kind": 1.0, "about": 1.0})


def all_feature_names(question: str, ranked: list, votes=()) -> set[str]:
    return {name for values in reordering.features(question, [], ranked, votes) for name in values}


def test_the_weights_file_is_a_depth_and_a_weight_for_features_the_reordering_computes():
    data = json.loads((RULES_DB / reordering.FILE).read_text(encoding="utf-8"))
    assert isinstance(data["depth"], int) and 2 <= data["depth"] <= 20
    assert data["weights"] and all(isinstance(v, float) for v in data["weights"].values())
    kinds = ["glossary", "rule", "step", "qa", "clarification", "card", "ruling", "errata", "section", "scenario",
             "example", "keyword"]
    ranked = [candidate(f"lotr:rr:c{i}", 1.0 - i / 20, kind=k, lines=(10 * i + 1, 10 * i + 5))
              for i, k in enumerate(kinds)]
    ranked[1].merged.append(ranked[2].record)
    questions = ["How many cards may I draw when the round begins?", "Can a step come before another?"]
    known = set().union(*(all_feature_names(q, ranked, [Alike("s", "t", 0.3, "lotr:rr:c0")]) for q in questions))
    known |= {"term", "term_asking", "term_link", "card_named_card_kind", "term_x_ratio", "noparts"}
    assert set(data["weights"]) <= known | {f"{f}_x_{g}" for f, _ in reordering.FORMS for g, _ in reordering.GROUPS}


def test_a_record_the_vote_and_the_text_both_favour_goes_first():
    ranked = [candidate("lotr:rr:invented-first", 1.0, text=0.9, lift=1.0, lines=(1, 4)),
              candidate("lotr:rr:invented-second", 0.95, text=1.0, lift=1.3, lines=(20, 24))]
    votes = [Alike("invented thread", "t1", 0.6, "lotr:rr:invented-second"),
             Alike("another invented thread", "t2", 0.5, "lotr:rr:invented-second")]
    values = reordering.features("Does the invented entry apply here?", [], ranked, votes)
    weight = reordering.weights()["weights"]
    assert reordering.score(values[1], weight) > reordering.score(values[0], weight)


def test_a_far_weaker_record_no_vote_names_stays_below(monkeypatch):
    ranked = [candidate("lotr:rr:invented-strong", 1.0, lines=(1, 4)),
              candidate("lotr:rr:invented-weak", 0.05, text=0.05, lines=(20, 24))]
    monkeypatch.setattr("adjudicator.ask.settled_questions.votes", lambda question, game: [])
    order = reordering.reorder("Does the invented entry apply here?", "lotr", [], ranked)
    assert [r.record.id for r in order] == ["lotr:rr:invented-strong", "lotr:rr:invented-weak"]


def test_without_weights_the_order_stands(monkeypatch):
    ranked = [candidate("lotr:rr:a", 0.2), candidate("lotr:rr:b", 1.0, lines=(20, 24))]
    monkeypatch.setattr(reordering, "_WEIGHTS", {})
    assert reordering.reorder("Does it apply?", "lotr", [], ranked) == ranked
    assert reordering.depth() == 0
    monkeypatch.setattr(reordering, "_WEIGHTS", None)
    monkeypatch.setattr(reordering, "ENABLED", False)
    assert reordering.reorder("Does it apply?", "lotr", [], ranked) == ranked


def test_asks_own_first_record_stays_first_when_it_reads_the_verdict():
    own, other = candidate("lotr:rr:own", 1.0), candidate("lotr:rr:other", 0.9, lines=(20, 24))
    assert reordering.reading_first([other, own], own, lambda item: True) == [own, other]
    assert reordering.reading_first([other, own], own, lambda item: False) == [other, own]
    third = candidate("lotr:rr:third", 0.5, lines=(30, 34))
    # ask's own first record re-ordered out of the kept candidates comes back, the list as long
    assert reordering.reading_first([other, third], own, lambda item: True) == [own, other]


def test_a_record_inside_another_candidate_is_marked_so():
    ranked = [candidate("lotr:rr:whole", 1.0, lines=(1, 20)), candidate("lotr:rr:part", 0.8, lines=(5, 8))]
    values = reordering.features("Does the part apply?", [], ranked)
    assert values[0]["holds"] == 1.0 and values[0]["inside"] == 0.0
    assert values[1]["inside"] == 1.0 and values[1]["holds"] == 0.0


def test_a_qa_matched_question_to_question_keeps_its_place_before_the_gate(monkeypatch):
    """A model with a gate of values: ask's first record, a Q&A whose own question lifted it to the
    gate, keeps its place whatever the vote says; a Q&A lifted less, or a rule, gives it up."""
    model = {"depth": 4, "first_only": True, "gate": {"lift": 1.2, "kinds": ["qa", "clarification"]},
             "weights": {"ratio": 1.0, "vote": 5.0}}
    monkeypatch.setattr(reordering, "_WEIGHTS", model)
    voted = [Alike("invented thread", "t1", 0.6, "lotr:rr:invented-voted")]
    monkeypatch.setattr("adjudicator.ask.settled_questions.votes", lambda question, game: voted)

    def first(kind: str, lift: float) -> str:
        ranked = [candidate("lotr:faq:invented-first", 1.0, kind=kind, doc="lotr-faq", lift=lift),
                  candidate("lotr:rr:invented-voted", 0.8, lines=(20, 24))]
        return reordering.reorder("Does the invented entry apply here?", "lotr", [], ranked)[0].record.id

    assert first("qa", 1.3) == "lotr:faq:invented-first"
    assert first("qa", 1.1) == "lotr:rr:invented-voted"
    assert first("rule", 1.3) == "lotr:rr:invented-voted"


def test_a_record_the_reordering_moved_first_never_gives_its_yes_no_or_number():
    """The record the model put before ask's own first, or a record merged with it (cited in its
    place when narrower), opens with its sentence: its yes, no or number is not read.  A record
    ask's own order had first (or merged with it) reads its verdict as before."""
    own, other = candidate("lotr:rr:own", 1.0), candidate("lotr:rr:moved", 0.9, lines=(20, 30))
    narrower = candidate("lotr:rr:moved-part", 0.8, lines=(22, 24)).record
    other.merged.append(narrower)
    assert reordering.moved_first([other, own], own) == {"lotr:rr:moved", "lotr:rr:moved-part"}
    assert reordering.moved_first([own, other], own) == frozenset()  # ask's order stood
    assert reordering.moved_first([other, own], None) == frozenset()  # no re-ordering ran
    # a record merged with ask's own first as well as with the moved one: ask had it first too
    own.merged.append(narrower)
    assert reordering.moved_first([other, own], own) == {"lotr:rr:moved"}


def test_the_answer_opens_with_the_moved_records_sentence_not_its_number(kb, monkeypatch):
    """Through ``answer_in_game``: the re-ordering puts ask's second record first; a number its
    sentence would read is not shown (the sentence is); with ask's order standing the number is."""
    from adjudicator.ask import answer as answer_module
    from adjudicator.ask import settled_questions, verdicts
    from adjudicator.ask.verdict_value import Verdict

    question = "How many invented tokens does a hero place when the round begins?"
    monkeypatch.setattr(settled_questions, "votes", lambda question, game: [])
    monkeypatch.setattr(settled_questions, "vote_in", lambda *args, **kwargs: [])
    monkeypatch.setattr(verdicts, "settled", lambda question, record, sentence, weigh: Verdict("number", "2", "2: " + sentence))
    monkeypatch.setattr(reordering, "KEEP_READ", False)
    monkeypatch.setattr(reordering, "reorder", lambda question, game, entities, ranked: ranked)
    standing = answer_module.answer_in_game(kb, question, "lotr")
    assert standing.verdict.kind == "number"
    monkeypatch.setattr(reordering, "reorder", lambda question, game, entities, ranked: [ranked[1], ranked[0]] + ranked[2:])
    moved = answer_module.answer_in_game(kb, question, "lotr")
    assert moved.best.id != standing.best.id
    assert moved.verdict.kind == "text" and moved.verdict.text == moved.best.sentence


def test_a_step_the_question_names_by_its_number_stays_first_over_any_model_score(monkeypatch):
    from adjudicator.ask.entities import Entity

    ranked = [candidate("lotr:rr:step:6.4.2", 0.5, kind="step", text=0.1, lines=(1, 4)),
              candidate("lotr:rr:step:6.4.4", 0.45, kind="step", text=0.1, lines=(20, 24))]
    monkeypatch.setattr("adjudicator.ask.settled_questions.votes", lambda question, game: [])
    monkeypatch.setattr(reordering, "score", lambda values, weight: values["place"] if "place" in values else 0.0)
    monkeypatch.setattr(reordering, "features", lambda q, e, head, v: [{"place": float(i)} for i in range(len(head))])
    step = Entity("6.4.2", "6.4.2 Resolve shadow effect", "step", "lotr", "lotr:rr:step:6.4.2", 3, 5)
    moved = reordering.reorder("what happens in step 6.4.2?", "lotr", [], ranked)
    assert moved[0].record.id == "lotr:rr:step:6.4.4"  # the model alone would move the other first
    kept = reordering.reorder("what happens in step 6.4.2?", "lotr", [step], ranked)
    assert [r.record.id for r in kept] == ["lotr:rr:step:6.4.2", "lotr:rr:step:6.4.4"]
