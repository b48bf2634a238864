"""A question that places a player's act between two framework steps gets the action window
between them (issue 11): each window the round sequence chart prints is a record of its own,
built from the chart's lines and the framework table's order (``lotr/window_records.py``), and
the question's point words and step names pick the windows (``ask/action_windows.py``).
Charts, names and questions are invented, except the checks on the built knowledge base."""

from __future__ import annotations

from adjudicator.ask import action_windows
from adjudicator.ask.entities import Entity
from adjudicator.lotr.window_records import window_records, with_phases

# invented windows: [id, step before, step after, phase, names of both steps]
WINDOWS = [
    ["lotr:rr:window:3.1", "3.1", "3.2", "goblin", ["Goblin phase begins"], ["Muster goblins"]],
    ["lotr:rr:window:3.2", "3.2", "3.3", "goblin", ["Muster goblins"], ["Scatter tokens"]],
    ["lotr:rr:window:4.2", "4.2", "4.3", "troll", ["Sharpen axes"], ["Troll phase ends"]],
]


def placed(question: str, entities=(), asking: str = "") -> dict[str, float]:
    return action_windows.placed(question, list(entities), WINDOWS, asking)


def test_an_act_after_a_step_gets_the_window_after_it_first_and_the_one_before_it_second():
    found = placed("Can I play an event after the goblins are mustered?")
    assert found == {"lotr:rr:window:3.2": 1.0, "lotr:rr:window:3.1": action_windows.OTHER_SIDE}


def test_an_irregular_past_of_a_steps_verb_names_the_step():
    names = [["lotr:rr:window:6.2", "6.2", "6.3", "combat", ["Deal shadow cards"], ["Enemy attacks begin"]]]
    assert action_windows.named_steps("Can I act after the shadow cards are dealt?", [], names) == {"6.2": {"after"}}


def test_an_act_said_before_a_step_verb_gets_the_window_before_it():
    question = "Can I play an event and muster him?"
    assert placed(question, asking=question) == {"lotr:rr:window:3.1": 1.0, "lotr:rr:window:3.2": action_windows.OTHER_SIDE}


def test_the_step_named_in_the_asking_clause_places_the_act_over_the_one_in_its_case():
    question = "Since the goblins are mustered after I play events, can I sharpen axes and then muster him?"
    asking = " " * question.index("can") + question[question.index("can"):]
    found = placed(question, asking=asking)
    assert found["lotr:rr:window:3.1"] == 1.0 and found["lotr:rr:window:3.2"] == action_windows.OTHER_SIDE


def test_a_steps_name_inside_a_longer_name_the_question_links_names_nothing():
    question = "Can I play an event after scatter tokens area cards are revealed?"
    at = question.index("scatter tokens area")
    area = Entity("scatter tokens area", "Scatter Tokens Area", "glossary", "lotr", "lotr:rr:scatter-tokens-area",
                  0, 1, False, (at, at + len("scatter tokens area")))
    assert placed(question) == {"lotr:rr:window:3.2": action_windows.OTHER_SIDE}  # the window before "after 3.3"
    assert placed(question, [area]) == {}


def test_a_phases_word_alone_after_a_point_word_names_no_step():
    assert placed("Can the hero be readied until the troll has gone?") == {}


def test_a_phase_named_without_a_step_gets_that_phases_windows_weakly():
    question = "Can I play an event in the goblin phase?"
    phase = Entity("goblin phase", "Goblin Phase", "glossary", "lotr", "lotr:rr:goblin-phase", 0, 1, False, (26, 38))
    assert placed(question, [phase]) == {"lotr:rr:window:3.1": action_windows.PHASE_ONLY,
                                         "lotr:rr:window:3.2": action_windows.PHASE_ONLY}


# -- the window records, built from a chart's lines and the framework table's order --------
def test_a_steps_verb_alone_with_another_object_names_another_act():
    assert placed("Can I play an event after I muster my wolves?") == {}


def test_a_steps_verb_alone_with_a_pronoun_or_its_own_object_names_the_step():
    assert placed("Can I play an event after I muster them?")["lotr:rr:window:3.2"] == 1.0
    assert placed("Can I play an event after I muster goblins?")["lotr:rr:window:3.2"] == 1.0


def test_a_question_naming_a_phase_gets_no_window_of_another_phase():
    question = "Can I play an event after I sharpen axes in the goblin phase?"
    phase = Entity("goblin phase", "Goblin Phase", "glossary", "lotr", "lotr:rr:goblin-phase", 0, 1, False, (48, 60))
    assert placed(question) == {"lotr:rr:window:4.2": 1.0}
    assert "lotr:rr:window:4.2" not in placed(question, [phase])


LINES = ["3.1 Goblin phase begins", "", "ACTION WINDOW", "", "3.2 Muster goblins", "", "3.3 Scatter tokens"]
STEPS = [{"id": "3.1", "phase": "goblin", "name": "Goblin phase begins", "flow": "main"},
         {"id": "3.2", "phase": "goblin", "name": "Muster goblins", "aliases": ["Goblin muster"], "flow": "main"},
         {"id": "3.3", "phase": "goblin", "name": "Scatter tokens", "flow": "main"}]
CHART = [{"id": "3.1", "title": "Goblin phase begins", "line": 1, "window": True},
         {"id": "3.2", "title": "Muster goblins", "line": 5, "window": False},
         {"id": "3.3", "title": "Scatter tokens", "line": 7, "window": False}]


def test_each_printed_window_is_a_record_citing_the_step_before_it_the_window_and_the_step_after_it():
    records = window_records(LINES, CHART, ["Rules Reference"], "lotr", "lotr-rr", STEPS)
    assert [r.id for r in records] == ["lotr:rr:window:3.1"]  # 3.2 prints no window after it
    window = records[0]
    assert (window.span.start, window.span.end) == (1, 5)
    assert [b.line for b in window.blocks] == [1, 3, 5]
    assert window.data["window"]["after"] == "3.1" and window.data["window"]["before"] == "3.2"
    assert window.data["window"]["before_names"] == ["Muster goblins", "Goblin muster"]


def test_the_charts_steps_carry_their_phase_from_the_framework_table():
    assert [s["phase"] for s in with_phases(CHART, STEPS)] == ["goblin", "goblin", "goblin"]


def test_every_window_of_the_rules_reference_lies_between_two_framework_steps_that_exist(kb):
    from adjudicator.kb.lookup import framework_table

    steps = {str(s["id"]) for s in framework_table()["steps"]}
    windows = kb.store.get_many(sorted(rid for rid in kb.store.ids() if rid.startswith("lotr:rr:window:")))
    assert len(windows) == 17  # the chart prints 17 action windows
    chart = kb.store.get_many(["lotr:rr:flow:round-sequence"])[0]
    for window in windows:
        after, before = window.data["window"]["after"], window.data["window"]["before"]
        assert after in steps and before in steps
        assert chart.span.start <= window.span.start <= window.span.end <= chart.span.end
