"""A glossary entry whose title joins two terms ("In Play and Out of Play") is named by each of
them: a question saying "in play" links the entry as a question saying "out of play" does, and a
first part that is one word or already names another entry adds no name."""

from __future__ import annotations


def _linked(kb, question: str) -> set[str]:
    from adjudicator.ask.game_detection import linker_for

    return {e.record for e in linker_for(kb).link(question, game="lotr") if e.record}


def test_the_first_term_of_a_joined_glossary_title_links_its_entry(kb):
    entry = "lotr:rr:in-play-and-out-of-play"
    assert entry in _linked(kb, "Is a location waiting in the staging area in play?")
    assert entry in _linked(kb, "Is a card set aside out of play?")  # the second term, as before


def test_a_joined_titles_first_part_adds_no_name_that_is_loose_or_taken():
    from adjudicator.ask.entities import _joined_terms_first_part

    rows = [["discard pile", "Discard Pile", "lotr:rr:discard-pile", "glossary", "lotr"],
            ["discard pile and victory display", "Discard Pile and Victory Display", "lotr:rr:dp-vd", "glossary", "lotr"],
            ["ownership and control", "Ownership and Control", "lotr:rr:oc", "glossary", "lotr"],
            ["in play and out of play", "In Play and Out of Play", "lotr:rr:ip", "glossary", "lotr"],
            ["deck and card type", "Decks and Card Types", "lotr:qc:page:d", "rule", "lotr"]]
    added = []
    _joined_terms_first_part(rows, lambda key, name, rid, kind, game: added.append((key, rid)))
    assert added == [("in play", "lotr:rr:ip")]
