"""Whether a player may act at a point of the round is decided by the timing chart (it holds
the action windows as values): a point is told by a step or an action window named with
between/during/while (tests/ask/test_timing_chart.py), by the steps on either side of it
("after I commit goblins but before Staging") and by a phase named ("in the goblin phase").
The act must be a player's ("can I play", "a chance to use"), not a card's action spoken of
("once this action is done, does it ready in the goblin phase?").  The chart joins the
candidates for such a question.  A phase is the chart's by the phase values of its steps, never
by their titles' words.  Charts, steps and questions are invented but the last."""

from __future__ import annotations

import re

from adjudicator.ask import ranking
from adjudicator.ask.entities import Entity
from adjudicator.kb.records import Block, Record, Span


def chart() -> Record:
    # each step's phase is a value (the framework table's), not read from its title
    steps = [{"id": "3.2", "title": "Commit goblins", "window": True, "phase": "quest"},
             {"id": "3.3", "title": "Staging", "window": True, "phase": "quest"},
             {"id": "4.1", "title": "Goblin phase begins", "window": False, "phase": "goblin"},
             {"id": "4.2", "title": "Goblin raid", "window": True, "phase": "goblin"}]
    return Record(id="lotr:rr:flow:invented-chart", game="lotr", kind="section", title="Invented chart",
                  span=Span("lotr-rr", 1, 4), blocks=[Block("3.2 Commit goblins\n3.3 Staging\n4.1 Goblin phase begins")],
                  data={"chart": steps})


def named(name: str, record: str, kind: str, question: str) -> Entity:
    at = question.lower().index(name.lower())
    return Entity(name.lower(), name, kind, "lotr", record, 0, 1, False, (at, at + len(name)))


def weight(question: str, entities: list) -> float:
    return ranking._kind_weight(chart(), set(re.findall(r"[a-z]+", question.lower())), entities, question=question)


def test_a_phase_named_places_a_players_act_at_a_point_of_the_chart():
    question = "Do we get a chance to use actions in the goblin phase?"
    assert weight(question, [named("goblin phase", "lotr:rr:goblin-phase", "glossary", question)]) == ranking.TIMING_CHART


def test_the_steps_on_either_side_place_an_act_between_them():
    question = "Can I play an event after I commit goblins but before Staging?"
    entities = [named("commit goblins", "lotr:rr:step:3.2", "step", question), named("Staging", "lotr:rr:step:3.3", "step", question)]
    assert weight(question, entities) == ranking.TIMING_CHART


def test_a_phase_the_chart_does_not_begin_places_nothing():
    question = "Do we get a chance to use actions in the troll phase?"
    assert weight(question, [named("troll phase", "lotr:rr:troll-phase", "glossary", question)]) == ranking.KIND_WEIGHT["section"]


def test_a_cards_action_spoken_of_is_not_a_players_act():
    question = "Once this action is done, does the lantern stay attached in the goblin phase?"
    assert weight(question, [named("goblin phase", "lotr:rr:goblin-phase", "glossary", question)]) == ranking.KIND_WEIGHT["section"]


def test_the_timing_chart_joins_the_candidates_of_a_question_placing_an_act_in_a_phase(kb):
    from adjudicator.lotr.qc_ask import ask

    answer = ask(kb, "While we are in the encounter phase, before the checks, may I still play an event?")
    # the chart, or one of its encounter phase's windows (the chart's lines, the chart merged into it)
    assert any(rid == "lotr:rr:flow:round-sequence" or rid.startswith("lotr:rr:window:5.")
               for rid in answer.ranked_ids()[:3])
