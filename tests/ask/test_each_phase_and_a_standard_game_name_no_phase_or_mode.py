"""A figure holds in another case when its sentence names a phase or a way of playing the
question does not (``figure_shapes.another_case``); "each phase", "the next phase" name no
phase, and "a standard game" is the game as usually played, no mode (review finding of
session 13).  Sentences and questions are invented."""

from __future__ import annotations

from adjudicator.ask.figure_shapes import _phases, another_case
from adjudicator.kb.records import Block, Record, Span


def record(title: str, text: str) -> Record:
    return Record(id="lotr:rr:invented", game="lotr", kind="glossary", title=title, span=Span("lotr-rr", 1, 2),
                  blocks=[Block(text)])


def test_a_determiner_before_phase_names_no_phase():
    assert _phases("at the end of each phase, then the next phase, and any phase") == set()
    assert _phases("in the goblin phase, during setup") == {"goblin phase", "setup"}


def test_a_sentence_about_each_phase_holds_in_the_phase_the_question_names():
    sentence = "A player may raise 2 goblins at the end of each phase."
    assert not another_case("How many goblins in the goblin phase?", record("Goblins", sentence), sentence)


def test_a_standard_game_is_no_mode_but_easy_mode_is():
    sentence = "In a standard game each player draws 6 goblins."
    assert not another_case("How many goblins do I draw?", record("Goblins", sentence), sentence)
    easy = "In easy mode each player draws 6 goblins."
    assert another_case("How many goblins do I draw?", record("Goblins", easy), easy)
