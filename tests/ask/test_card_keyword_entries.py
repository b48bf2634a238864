"""A card a player names stands for its keywords: the keyword's entry is one of `ask`'s
candidates, read from the card library's values (card_links.keyword_entries), never from the
card's text or the question's words."""

from __future__ import annotations

from adjudicator.ask import card_links
from adjudicator.ask.entities import Entity


def _card(name: str, example: bool = False, game: str = "lotr") -> Entity:
    from adjudicator.kb.names import name_key

    return Entity(name_key(name), name, "card", game, "", 0, 1, example)


def test_a_named_cards_library_keyword_gives_that_keywords_entry():
    # Legolas carries Ranged, Signs of Gollum (an objective) Guarded, in the card library
    assert "lotr:rr:ranged" in card_links.keyword_entries([_card("Legolas")], "lotr")
    assert "lotr:rr:guarded" in card_links.keyword_entries([_card("Signs of Gollum")], "lotr")


def test_every_entry_given_is_a_keyword_entry_of_the_card_links_file():
    keywords = {rid for ids in card_links.links_of_values()["keywords"].values() for rid in ids}
    for name in ("Legolas", "Signs of Gollum", "Gandalf", "Sneak Attack", "Aragorn"):
        assert set(card_links.keyword_entries([_card(name)], "lotr")) <= keywords


def test_a_card_type_or_ability_kind_is_not_a_keyword_entry():
    # Sneak Attack is an Action event with no keyword: neither Event Cards nor the Action entry
    assert card_links.keyword_entries([_card("Sneak Attack")], "lotr") == []


def test_a_card_named_only_as_an_example_gives_no_keyword_entry():
    assert card_links.keyword_entries([_card("Legolas", example=True)], "lotr") == []


def test_another_games_cards_give_no_keyword_entry():
    assert card_links.keyword_entries([_card("Legolas", game="metw")], "metw") == []


def test_a_question_naming_no_card_gives_no_keyword_entry():
    term = Entity("ranged", "Ranged", "keyword", "lotr", "lotr:rr:ranged", 0, 1, False)
    assert card_links.keyword_entries([term], "lotr") == []


def test_the_keyword_entry_of_a_named_card_is_a_candidate_when_no_word_of_the_question_reaches_it(kb):
    """An invented question names the objective and none of the Guarded entry's words: the entry
    is ranked (a candidate), as it was not before this mechanism (text search alone)."""
    from adjudicator.ask import ranking
    from adjudicator.ask.game_detection import linker_for

    question = "We revealed Signs of Gollum twice in a row; what now?"
    entities = linker_for(kb).link(question, "lotr")
    assert any(e.kind == "card" for e in entities)
    ranked = ranking.rank(kb, question, "lotr", entities, question, limit=60)
    assert "lotr:rr:guarded" in [r.record.id for r in ranked]
    without = [e for e in entities if e.kind != "card"]
    assert "lotr:rr:guarded" not in [r.record.id for r in ranking.rank(kb, question, "lotr", without, question, limit=60)]
