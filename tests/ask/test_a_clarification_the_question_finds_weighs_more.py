"""A numbered FAQ clarification (LOTR FAQ 1.00-1.58) that the question's words
find nearly as well as the best-matching record weighs more (``ranking.CLARIFICATION_WEIGHT``, from a
text score of ``CLARIFICATION_FOUND`` of the best's): it settles a case of a rule, which is what a player asks
about; one the words find less well keeps its kind's weight."""

from __future__ import annotations

from adjudicator.ask import ranking


def _ranked(kb, question: str, game: str = "lotr"):
    from adjudicator.ask import answer
    from adjudicator.ask.game_detection import linker_for

    entities = linker_for(kb).link(question, game)
    expanded = answer._abbreviations(kb, answer._expander(kb, game).expand(question), game)
    return ranking.rank(kb, question, game, entities, expanded, 40), entities


def test_a_clarification_found_nearly_as_well_as_the_best_match_weighs_more(kb):
    found, weaker = [], []
    for question in ("If an enemy attacks again because of a shadow card, does it get another shadow card?",
                     "Can two of my characters attack the same enemy one after the other in one combat phase?",
                     "Do I remove progress from the active location when a card says to remove progress from the quest?"):
        ranked, entities = _ranked(kb, question)
        words = set(ranking._LETTERS.findall(question.lower()))
        for item in ranked:
            if item.record.kind.value != "clarification" or item.record.span.doc != "lotr-faq":
                continue
            base = ranking._kind_weight(item.record, words, entities)  # found nowhere: the kind's own weight
            strong = item.parts["text"] >= ranking.CLARIFICATION_FOUND
            expected = base * (ranking.CLARIFICATION_WEIGHT if strong else 1.0)
            assert abs(item.parts["kind"] - round(expected, 3)) < 0.002, (question, item.record.id, item.parts)
            (found if strong else weaker).append(item.record.id)
    assert found and weaker  # both cases were seen


def test_a_rulebook_s_clarification_box_keeps_its_kind_s_weight(kb):
    question = "Does a character that fails a corruption check discard the item he bears?"
    ranked, entities = _ranked(kb, question, "metw")
    words = set(ranking._LETTERS.findall(question.lower()))
    boxes = [item for item in ranked if item.record.kind.value == "clarification"]
    assert any(item.parts["text"] >= ranking.CLARIFICATION_FOUND for item in boxes)
    for item in boxes:
        assert abs(item.parts["kind"] - round(ranking._kind_weight(item.record, words, entities), 3)) < 0.002


def test_the_weight_is_more_than_the_kind_weights_step_between_a_clarification_and_a_glossary_entry():
    threshold, factor = ranking.CLARIFICATION_FOUND, ranking.CLARIFICATION_WEIGHT
    assert 0 < threshold < 1 and factor > 1
    # found at the threshold, a clarification outweighs a glossary entry found best
    assert threshold * ranking.KIND_WEIGHT["clarification"] * factor > ranking.KIND_WEIGHT["glossary"]
