"""What in a question counts most when ranking (issue 11): the asking sentence over the
sentences before it that set the scene, what is asked over the "if ..." case it opens
with, a card's own rulings over nothing when the card is the subject but not when it is
named only as an example, and the official statement of a rule over the Companion's
restatement of it.  Records and questions are invented."""

from __future__ import annotations

import pytest

from adjudicator.ask import ranking
from adjudicator.ask.entities import Entity
from adjudicator.ask.question_index import stem, term_weight, terms_of
from adjudicator.kb.records import Block, Record, Span


def test_the_words_of_the_sentences_before_the_question_count_less_than_the_questions_own():
    question = "My dwarf carries a lantern. Does the fog lift?"
    weights = ranking._weighted(question, terms_of(question), [])
    assert weights[stem("fog")] == weights[stem("lift")] == 1.0
    assert weights[stem("dwarf")] == weights[stem("lantern")] == ranking.SETTING


def test_a_sentence_after_the_question_is_not_scene_setting():
    question = "Is a lantern discarded? Same question for torches."
    weights = ranking._weighted(question, terms_of(question), [])
    assert weights[stem("torches")] == 1.0


def test_the_if_clause_opening_a_question_counts_less_than_what_it_asks():
    question = "If a wounded troll (e.g. a cave troll) is moved, does it keep its wounds?"
    spans = ranking._condition_spans(question)
    assert [question[a:b] for a, b in spans] == ["If a wounded troll (e.g. a cave troll) is moved"]
    weights = ranking._weighted(question, terms_of(question), [])
    assert weights[stem("keep")] == 1.0 and weights[stem("moved")] == ranking.CONDITION


def card_ruling(card: str) -> Record:
    return Record(id="lotr:faq:q:901", game="lotr", kind="qa", title=f"Does {card} stop the fog?",
                  span=Span("lotr-faq", 1, 3), blocks=[Block(f"Does {card} stop the fog?", style="question"),
                                                       Block("No.")], data={"about": [card]})


def entity(name: str, example: bool) -> Entity:
    from adjudicator.kb.names import name_key

    return Entity(name_key(name), name, "card", "lotr", "", 0, 2, example)


def test_a_ruling_about_a_card_named_only_as_an_example_ranks_below_one_about_the_subject():
    ruling = card_ruling("Lamp of Dawn")
    as_subject = ranking._About(None, [entity("Lamp of Dawn", example=False)]).boost(ruling)
    as_example = ranking._About(None, [entity("Lamp of Dawn", example=True)]).boost(ruling)
    unnamed = ranking._About(None, []).boost(ruling)
    assert as_subject > unnamed > as_example
    assert as_example == unnamed * ranking.EXAMPLE_ONLY


def page(doc: str, tier: str, kind: str = "rule") -> Record:
    return Record(id=f"lotr:{'qc:page' if doc == 'lotr-qc' else 'rr'}:fog", game="lotr", kind=kind, title="Fog",
                  span=Span(doc, 1, 3), blocks=[Block("Fog hides the road.")], data={"precedence": {"rank": 4 if doc == "lotr-qc" else 3, "tier": tier}})


def test_the_companions_restatement_of_a_rule_weighs_less_than_the_rules_reference():
    official = ranking._kind_weight(page("lotr-rr", "Rules Reference", "glossary"), set(), [])
    companion = ranking._kind_weight(page("lotr-qc", "official rulings collected by the Quest Companion", "glossary"), set(), [])
    assert companion < official
    ruling = ranking._kind_weight(page("lotr-qc", "official rulings collected by the Quest Companion", "ruling"), set(), [])
    assert ruling == ranking.KIND_WEIGHT["ruling"] * (1 + 0.02)  # a scenario ruling is not a restatement


def test_an_overview_that_points_to_a_fuller_entry_goes_after_that_entry():
    from adjudicator.kb.records import Link

    overview = Record(id="meq:step:invented:1", game="meq", kind="step", title="1. Rest", span=Span("meq-rules", 1, 2),
                      blocks=[Block("A hero may rest (see page 20).")],
                      links=[Link("see-also", "meq:rules:invented:rest")])
    entry = Record(id="meq:rules:invented:rest", game="meq", kind="rule", title="Resting", span=Span("meq-rules", 50, 60),
                   blocks=[Block("To rest, a hero shuffles his pool; never in a stronghold.")])
    other = Record(id="meq:rules:invented:other", game="meq", kind="rule", title="Other", span=Span("meq-rules", 70, 71),
                   blocks=[Block("Something else.")])
    ranked = [ranking.Ranked(1.0, overview), ranking.Ranked(0.9, other), ranking.Ranked(0.8, entry)]
    assert [r.record.id for r in ranking._full_entry_first(ranked)] == [
        "meq:rules:invented:rest", "meq:step:invented:1", "meq:rules:invented:other"]
    overview.blocks = [Block("A hero may rest.")]  # no pointer: the order stands
    assert [r.record.id for r in ranking._full_entry_first(ranked)][0] == "meq:step:invented:1"


def _term(name: str, record: str, question: str) -> Entity:
    at = question.index(name)
    return Entity(name, name, "glossary", "lotr", record, 0, 1, False, (at, at + len(name)))


def test_the_term_the_asking_clause_is_about_is_the_subject_not_one_in_its_if_clause():
    question = "If the troll is in the cave, does the lantern stay lit?"
    entities = [_term("troll", "lotr:rr:troll", question), _term("lantern", "lotr:rr:lantern", question)]
    assert ranking._subject(question, entities) == {"lotr:rr:lantern"}


def test_a_term_named_only_in_quoted_card_text_is_not_what_is_asked_about():
    question = "The lantern reads 'Attach to a troll in the cave.' How long does the lantern last?"
    entities = [_term("lantern", "lotr:rr:lantern", question), _term("troll", "lotr:rr:troll", question)]
    about = ranking._About(None, entities, question)
    assert about.terms == {"lotr:rr:lantern"}


def test_a_remark_after_the_question_counts_less_than_the_question():
    question = "Is there a pause between two fog cards? I thought the lantern trick failed, but I may be wrong."
    weights = ranking._weighted(question, terms_of(question), [])
    assert weights[stem("pause")] == weights[stem("fog")] == 1.0
    assert weights[stem("lantern")] == weights[stem("trick")] == ranking.SETTING


def general_rule_naming(card: str, kind: str) -> Record:
    return Record(id="lotr:faq:9.99", game="lotr", kind=kind, title="Limits on fog",
                  span=Span("lotr-faq", 1, 3), blocks=[Block(f"Fog lifts once per round; an extra lift by a card such as {card} does not count.")],
                  data={"card_names": {"X 1": card}})


def test_a_rule_naming_a_card_as_an_example_is_not_taken_for_a_ruling_about_another_card():
    asked_about_other = ranking._About(None, [entity("Grey Lantern", example=False)])
    rule = general_rule_naming("Lamp of Dawn", "clarification")
    assert asked_about_other.boost(rule) == ranking._About(None, []).boost(rule) == 1.0
    ruling = Record(id="lotr:faq:q:901", game="lotr", kind="qa", title="Does Lamp of Dawn (X 1) lift the fog twice?",
                    span=Span("lotr-faq", 1, 3), blocks=[Block("Does Lamp of Dawn (X 1) lift the fog twice?", style="question"),
                                                         Block("No.")], data={"card_names": {"X 1": "Lamp of Dawn"}})
    assert asked_about_other.boost(ruling) == ranking.SPECIFIC  # a Q&A is about the cards its question names


def test_a_case_with_several_clauses_ends_where_the_asking_clause_begins():
    question = "If a troll enters the fog, where the lantern burns, or the mist, when the wind is up, what happens?"
    spans = ranking._condition_spans(question)
    assert [question[a:b] for a, b in spans] == [
        "If a troll enters the fog, where the lantern burns, or the mist, when the wind is up"]
    weights = ranking._weighted(question, terms_of(question), [])
    assert weights[stem("happens")] == term_weight(stem("happens"))  # the asking clause's words keep their weight
    assert weights[stem("lantern")] == ranking.CONDITION


def test_a_records_question_matching_only_the_if_case_lifts_it_less(kb):
    """Question to question, as in the text search: the words of the "if ..." case a question
    opens with count less than what it asks, so a record whose asked question is about the case
    ("Can an exhausted character still defend an attack?") is lifted less by a question asking
    about something else in that case (who takes the damage)."""
    from adjudicator.ask import question_index

    question = "If I choose not to defend an attack with my exhausted character, who takes the damage?"
    terms = terms_of(question)
    factors = {t: w / term_weight(t) for t, w in ranking._weighted(question, terms, [], ranking.POSITION_IN_MATCH).items()}
    assert factors[stem("exhausted")] == ranking.CONDITION and factors[stem("damage")] == 1.0
    _, plain, _ = question_index.question_matches_by_kind(kb, terms)
    _, weighed, _ = question_index.question_matches_by_kind(kb, terms, factors)
    record = "lotr:rr:step:6.4.1"  # declaring defenders: its asked questions are about the case
    assert weighed[record][0] < plain[record][0]


def test_when_the_asking_clause_names_no_term_the_case_it_follows_is_the_subject():
    question = "If a troll enters the cave, where the lantern burns, or the mist, what happens?"
    entities = [_term("troll", "lotr:rr:troll", question), _term("lantern", "lotr:rr:lantern", question)]
    assert ranking._subject(question, entities) == {"lotr:rr:troll"}
    question = "If a troll enters the cave, where the lantern burns, does the mist rise?"
    entities.append(_term("mist", "lotr:rr:mist", question))
    assert ranking._subject(question, entities) == {"lotr:rr:mist"}


@pytest.mark.parametrize("question, case", [
    ("If my troll, which carries two lanterns, leaves the fog, what happens to them?",
     "If my troll, which carries two lanterns, leaves the fog"),
    ("If my troll, who carries a lantern, is still in the fog, can it wade the ford?",
     "If my troll, who carries a lantern, is still in the fog"),
    ("If a goblin, whose chief was routed, stays in the fog, does the lantern scare it?",
     "If a goblin, whose chief was routed, stays in the fog"),
    ("If my troll, who carries a lantern, can he wade the ford?", "If my troll, who carries a lantern"),
    ("If two trolls wade the ford at once, which one crosses first?", "If two trolls wade the ford at once"),
    ("If two trolls wade the ford at once, where do they land?", "If two trolls wade the ford at once"),
])
def test_a_relative_word_in_the_case_opens_a_clause_of_the_case_and_asks_only_when_it_ends_the_sentence(
        question, case):
    """"If X, which/who/whose ..." is read like "If X, what/does/can ...": the case runs to the
    clause that asks; a relative clause inside the case does not end it."""
    assert [question[a:b] for a, b in ranking._condition_spans(question)] == [case]


def test_the_name_of_a_card_given_as_an_example_weighs_as_the_questions_own_words():
    # the example's records rank down (EXAMPLE_ONLY), not its words: a rule's case is often
    # found by the very card the player gives as its example (session 13, rank_diagnosis ablate)
    question = "Can a hero ready twice in one round (e.g. with Lamp of Dawn)?"
    at = question.index("Lamp of Dawn")
    example = Entity("lamp of dawn", "Lamp of Dawn", "card", "lotr", "", 0, 3, True, (at, at + len("Lamp of Dawn")))
    weights = ranking._weighted(question, terms_of(question), [example])
    assert weights[stem("lamp")] == weights[stem("ready")] == 1.0
