"""Whether a player may act between framework steps is decided by the timing chart, whose
steps carry their action windows as values (issue 11): a question that names a step of the
chart and asks about acting between or during steps ranks the chart as a rule, weighed up;
a question that only names a step does not.  Records and questions are invented."""

from __future__ import annotations

import re

from adjudicator.ask import ranking
from adjudicator.ask.entities import Entity
from adjudicator.kb.records import Block, Record, Span


def chart() -> Record:
    steps = [{"id": "3.2", "title": "Commit characters", "window": True}, {"id": "3.3", "title": "Staging", "window": True}]
    return Record(id="lotr:rr:flow:invented-chart", game="lotr", kind="section", title="Invented chart",
                  span=Span("lotr-rr", 1, 4), blocks=[Block("3.2 Commit characters\n3.3 Staging")],
                  data={"chart": steps})


def step(name: str, number: str, question: str) -> Entity:
    at = question.lower().index(name.lower())
    return Entity(name.lower(), name, "step", "lotr", f"lotr:rr:step:{number}", 0, 1, False, (at, at + len(name)))


def weight(question: str, entities: list) -> float:
    return ranking._kind_weight(chart(), set(re.findall(r"[a-z]+", question.lower())), entities)


def test_a_question_about_acting_between_framework_steps_is_decided_by_the_timing_chart():
    question = "Can I play an event between two cards during Staging?"
    asked = weight(question, [step("Staging", "3.3", question)])
    assert asked == ranking.TIMING_CHART  # a rule's weight (1), weighed up
    assert asked > 2 * ranking.KIND_WEIGHT["section"]


def test_a_question_naming_a_step_without_asking_about_acting_in_between_leaves_the_chart_a_section():
    question = "How many cards are revealed in Staging?"
    assert weight(question, [step("Staging", "3.3", question)]) == ranking.KIND_WEIGHT["section"]
    question = "Can I play an event between two attacks?"  # no step of this chart named
    assert weight(question, []) == ranking.KIND_WEIGHT["section"]


def test_naming_an_action_window_without_asking_between_or_during_steps_leaves_the_chart_a_section():
    window = Entity("action window", "action window", "rule", "lotr", "lotr:rr:flow:action-windows", 0, 1, False, (12, 25))
    question = "Is there an action window in the middle of a goblin raid?"  # a card's own process, no step
    assert weight(question, [window]) == ranking.KIND_WEIGHT["section"]
    question = "Is there an action window between two goblin raids?"
    assert weight(question, [window]) == ranking.TIMING_CHART


def chart_of_lines() -> Record:
    steps = [{"id": "3.2", "title": "Commit goblins", "window": True}, {"id": "3.3", "title": "Staging", "window": True},
             {"id": "6.4.1", "title": "Declare defender", "window": True}]
    blocks = [Block("3.2 Commit goblins  → action window", "step"), Block("3.3 Staging  → action window", "step"),
              Block("6.4.1 Declare defender  → action window", "step")]
    return Record(id="lotr:rr:flow:invented-chart", game="lotr", kind="section", title="Invented chart",
                  span=Span("lotr-rr", 1, 4), blocks=blocks, data={"chart": steps})


def test_the_timing_chart_shows_the_line_of_the_step_the_question_names_not_the_one_sharing_most_words():
    from adjudicator.ask.answer import named_steps
    from adjudicator.ask.deciding_sentence import deciding_sentence
    from invented_records import weigh_by

    question = "After I commit goblins and declare a defender, can I play an event during Staging?"
    entities = [step("Staging", "3.3", question)]
    shown, _ = deciding_sentence(chart_of_lines(), weigh_by(question), question, named_steps(entities))
    assert shown == "3.3 Staging → action window"
    # without the steps named, the line sharing most words is shown (another step's window)
    assert deciding_sentence(chart_of_lines(), weigh_by(question), question)[0] != shown


def test_the_timing_chart_shows_the_lines_of_every_step_named_in_the_charts_order():
    from adjudicator.ask.answer import named_steps
    from adjudicator.ask.deciding_sentence import deciding_sentence
    from invented_records import weigh_by

    question = "Between Declare defender and Staging, may I ready a goblin?"
    entities = [step("Declare defender", "6.4.1", question), step("Staging", "3.3", question)]
    shown, _ = deciding_sentence(chart_of_lines(), weigh_by(question), question, named_steps(entities))
    assert shown == "3.3 Staging → action window; 6.4.1 Declare defender → action window"


def test_a_step_the_chart_does_not_hold_leaves_the_line_to_the_questions_words():
    from adjudicator.ask.deciding_sentence import deciding_sentence
    from invented_records import weigh_by

    question = "May I play an event after I commit goblins?"
    shown, _ = deciding_sentence(chart_of_lines(), weigh_by(question), question, ["7.2"])
    assert shown == "3.2 Commit goblins → action window"
