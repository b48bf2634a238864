"""What marks an example is one table (``example_cues``): a name right after "e.g.", "for
example", "such as", "like" or "say" is an example (``entities``); a sentence opening "For
example," or "e.g." gives an instance of the question before it (``card_context``); a name after
"such as", "like", "namely" or "i.e.", or in brackets, may narrow a general noun to the subject
itself (``asking_clause``).  "namely" and "i.e." restate and never give an example.  Questions and
names are invented."""

from __future__ import annotations

from adjudicator.ask import example_cues
from adjudicator.ask.entities import _as_example


def example(question: str, name: str) -> bool:
    return _as_example(question, question.index(name))


def test_a_name_right_after_an_example_cue_is_an_example_written_any_way():
    for cue in ("e.g.", "eg", "E. g.", "for example", "For instance,", "such as", "like", "say"):
        assert example(f"Does an enemy returned, {cue} with Grey Lantern, keep its damage?", "Grey Lantern"), cue
    assert not example("Does an enemy returned with Grey Lantern keep its damage?", "Grey Lantern")
    assert not example("Do I dislike Grey Lantern?", "Grey Lantern")  # "like" as a whole word only


def test_a_restating_cue_narrows_and_never_gives_an_example():
    for cue in ("namely", "i.e.", "ie,"):
        assert not example(f"Can cards from hand, {cue} Attachments, be played?", "Attachments"), cue
        assert example_cues.NARROWING_BEFORE.search(f"cards from hand, {cue} ")


def test_only_the_cues_that_always_give_an_instance_open_an_example_sentence():
    for opening in ("For example, can I", "For instance can I", "E.g. can I", "e. g. can I"):
        assert example_cues.OPENS_EXAMPLE.match(opening), opening
    for opening in ("Like I said, can I", "Say I play X, can I", "Such as it is, can I", "Egalmoth quests"):
        assert not example_cues.OPENS_EXAMPLE.match(opening), opening


def test_each_reading_takes_its_cues_from_the_one_table():
    table = set(example_cues.WRITTEN)
    for subset in (example_cues.BEFORE_A_NAME, example_cues.OPENING_A_SENTENCE, example_cues.NARROWING):
        assert set(subset) <= table
    assert set(example_cues.OPENING_A_SENTENCE) <= set(example_cues.BEFORE_A_NAME)
    assert not {"namely", "i.e."} & set(example_cues.BEFORE_A_NAME)
