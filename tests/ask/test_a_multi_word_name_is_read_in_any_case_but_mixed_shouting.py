"""A card's or scenario's name of several words is the name in whatever case a player writes it:
as printed, in title case, all in lower case or all in capitals.  A phrase with some words in
capitals and the others not shouts a word of plain English ("Can I STAND and fight?"): it is the
name only if its other words read as the name's own do in ordinary case, capitalised where the
printed name capitalises them ("STAND and Fight").  Names are invented."""

from __future__ import annotations

from adjudicator.ask.entities import Linker
from adjudicator.kb.names import name_key

NAMES = [[name_key(n), n, "", kind, "lotr"] for n, kind in
         (("Hold and Strike", "card"), ("The Misty Ford", "scenario"), ("Grey Lantern", "card"))]


def linked(question: str) -> list[str]:
    return [e.name for e in Linker(NAMES).link(question, "lotr")]


def test_a_multi_word_name_is_the_name_as_printed_in_title_case_lower_case_and_capitals():
    for written in ("Hold and Strike", "Hold And Strike", "hold and strike", "HOLD AND STRIKE"):
        assert linked(f"Can I play {written} during combat?") == ["Hold and Strike"], written
    assert linked("is the misty ford hard?") == ["The Misty Ford"]


def test_a_phrase_shouting_some_words_of_a_name_is_not_the_name():
    assert linked("Can I HOLD and strike?") == []
    assert linked("HOLD and strike, or flee?") == []
    assert linked("does the MISTY ford flood?") == []


def test_a_shouted_word_with_the_others_as_printed_is_the_name():
    assert linked("Can I play HOLD and Strike now?") == ["Hold and Strike"]
    assert linked("Is the Misty FORD hard?") == ["The Misty Ford"]
    assert linked("Does GREY Lantern ready?") == ["Grey Lantern"]
