"""A question names a rules term or card even misspelt by one letter or written in capitals
(issue 11: players type fast): a word no document or asked question uses, of at least
``entities.MISSPELT_SHORTEST`` letters, is read as the one word of a name it is one edit from; a real word
is never read as another, nor a word one edit from plain English as well as from a name.  A
card's one-word name in capitals is a name even first in its sentence."""

from __future__ import annotations

import pytest

from adjudicator.ask.entities import Linker
from adjudicator.ask.spelling import corrected

NAME_WORDS = frozenset({"staging", "area", "victory", "weather", "ungoliant", "location"})
PLAIN = frozenset({"whether", "staging", "stage", "location", "engaged", "around", "ground"})


def _known(word: str) -> bool:
    return word in PLAIN


@pytest.mark.parametrize("written, read", [
    ("stagging", "staging"),    # a letter doubled
    ("vicotry", "victory"),     # two letters swapped
    ("locaion", "location"),    # a letter dropped
    ("ungliant", "ungoliant"),
])
def test_a_word_one_edit_from_a_names_word_is_read_as_it(written, read):
    assert corrected(["the", written], NAME_WORDS, _known) == ["the", read]


def test_a_word_the_documents_use_is_never_read_as_a_names_word():
    assert corrected(["around"], frozenset({"ground"}), _known) == ["around"]


def test_a_word_one_edit_from_plain_english_as_well_is_left_alone():
    # "wether": "whether" as much as "weather"
    assert corrected(["wether"], NAME_WORDS, _known) == ["wether"]


def test_short_words_are_left_alone():
    assert corrected(["aera"], NAME_WORDS, _known) == ["aera"]


def test_without_a_known_word_test_nothing_is_corrected_by_the_linker():
    linker = Linker([["staging area", "Staging Area", "lotr:rr:staging-area", "glossary", "lotr"]])
    assert not linker.link("is it still in the stagging area?")
    linker.known_word = _known
    assert [e.record for e in linker.link("is it still in the stagging area?")] == ["lotr:rr:staging-area"]


def test_a_one_word_card_name_in_capitals_is_a_name_even_first_in_its_sentence():
    linker = Linker([["hummerhorn", "Hummerhorns", "lotr:qc:card:hummerhorns", "card", "lotr"]])
    assert [e.name for e in linker.link("HUMMERHORNS. Is it still in play?")] == ["Hummerhorns"]
    assert not linker.link("Hummerhorns is it still in play?")  # first word: capitalised anyway
    assert not linker.link("HUMMERHORNS IS IT STILL IN PLAY?")  # all capitals: no sign of a name


def test_the_knowledge_bases_linker_reads_a_misspelt_term_and_no_real_word(kb):
    from adjudicator.ask.game_detection import linker_for

    linker = linker_for(kb)
    keys = {e.key for e in linker.link("do cards in the stagging area count for the Vicotry display?", "lotr")}
    assert {"staging area", "victory display"} <= keys or {"staging area", "victory"} <= keys
    # real words one edit from a name's word stay themselves
    plain = {e.key for e in linker.link("it is difficult to say whether the ground matters", "lotr")}
    assert "difficulty" not in plain and "weather" not in plain
