"""A Q&A about a card ranks up when the player's question names that card (``ranking.CARD_BOOST``), but
only for the case it settles (issue 11, "a specific entry pulled in by a card name over the general
rule"): a Q&A is about the cards its own question names, not those its answer gives as examples
("... if a player has Gandalf in play, no other player can play Gandalf"), and one about a
combination of cards the player names only part of ("Sneak Attack, then Sword-thain on the ally"
for a question about Sneak Attack and Gandalf) settles another case.  Records and names are invented."""

from __future__ import annotations

from adjudicator.ask import ranking
from adjudicator.ask.entities import Entity
from adjudicator.kb.names import name_key
from adjudicator.kb.records import Block, Record, Span


def card(name: str) -> Entity:
    return Entity(name_key(name), name, "card", "lotr", "", 0, 2)


def qa(question: str, answer: str, cards: dict) -> Record:
    return Record(id="lotr:faq:q:901", game="lotr", kind="qa", title=question, span=Span("lotr-faq", 1, 3),
                  blocks=[Block(question, style="question"), Block(answer)], data={"card_names": cards})


def boost(record: Record, *names: str) -> float:
    return ranking._About(None, [card(n) for n in names]).boost(record)


def test_a_card_named_only_in_a_qas_answer_is_an_example_not_what_it_is_about():
    record = qa("When the players split the fog between them, can each have a unique lamp?",
                "No. If a player has Lamp of Dawn (X 1) in play, no other player can play Lamp of Dawn.",
                {"X 1": "Lamp of Dawn"})
    assert boost(record, "Lamp of Dawn") == boost(record) == 1.0


def test_a_qa_whose_question_names_the_card_ranks_up():
    record = qa("Does Lamp of Dawn (X 1) lift the fog twice?", "No.", {"X 1": "Lamp of Dawn"})
    assert boost(record, "Lamp of Dawn") == ranking.CARD_BOOST


def test_a_qa_about_a_combination_the_question_names_only_part_of_settles_another_case():
    record = qa("If I play Lamp of Dawn (X 1) and attach Grey Lantern (X 2) to it, does it stay in play?",
                "Yes.", {"X 1": "Lamp of Dawn", "X 2": "Grey Lantern"})
    assert boost(record, "Lamp of Dawn", "Grey Lantern") == ranking.CARD_BOOST
    assert boost(record, "Lamp of Dawn") == 1.0
    assert boost(record, "Lamp of Dawn", "Mist Cloak") == 1.0


def test_a_longer_name_of_the_same_card_is_not_another_card():
    # the FAQ's reference parser may keep a word before the name ("If Wolf Rider"): still that card
    record = qa("If Lamp of Dawn (X 1) is drawn as a shadow card, when does it leave?", "At the end of combat.",
                {"X 1": "If Lamp of Dawn"})
    assert boost(record, "Lamp of Dawn") == ranking.CARD_BOOST
