"""An action window's record (``lotr/window_records.py``) holds three lines of the timing chart:
the step it follows, the window mark and the step it precedes.  The answer shows the three in
order, since where the window sits is what the player asked ("can I act after the goblins are
mustered?"); one of its lines alone ("Muster goblins") says nothing of a window.  Records are
invented."""

from __future__ import annotations

from adjudicator.ask.deciding_sentence import deciding_sentence
from adjudicator.kb.records import Block
from invented_records import invented_record, weigh_by


def window(*lines):
    record = invented_record(Block(lines[0], "step"), Block(lines[1], "para"), Block(lines[2], "step"))
    record.data = {"window": {"after": "3.2", "before": "3.3", "phase": "goblin"}}
    return record


def test_an_action_window_is_shown_as_the_step_before_it_the_window_and_the_step_after_it():
    record = window("3.2 Muster goblins", "action window", "3.3 Scatter tokens")
    shown, from_example = deciding_sentence(record, weigh_by("Can I play an event after the goblins are mustered?"),
                                            "Can I play an event after the goblins are mustered?")
    assert shown == "3.2 Muster goblins; action window; 3.3 Scatter tokens"
    assert not from_example


def test_a_chart_fragment_that_is_not_a_window_is_shown_by_its_best_line():
    record = window("3.2 Muster goblins", "action window", "3.3 Scatter tokens")
    record.data = {}
    shown, _ = deciding_sentence(record, weigh_by("when are goblins mustered?"), "when are goblins mustered?")
    assert shown == "3.2 Muster goblins"
