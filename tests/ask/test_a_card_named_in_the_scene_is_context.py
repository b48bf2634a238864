"""A card named in the scene of a question (the sentences before it asks, its "if ..." case, the
statement opening its asking sentence) is the question's context, not what it asks about: neither
the records about the card nor the rules its play touches rank up (``card_context``,
``ranking._About``).  They do when the asking clause names the card, points back at its ability
("does this response ...?") or names it as its topic ("For X, does ...?").  A general rule's page
naming a card in its prose (a worked walkthrough) is not about the card, and a card of a sentence
that opens "For example," is an example.  Questions and records are invented."""

from __future__ import annotations

from adjudicator.ask import ranking
from adjudicator.ask.card_context import as_examples, card_prose, scene_named
from adjudicator.ask.entities import Entity
from adjudicator.kb.names import name_key
from adjudicator.kb.records import Block, Record, Span


def card(name: str, question: str, nth: int = 0, example: bool = False, kind: str = "card", record: str = "") -> Entity:
    at = -1
    for _ in range(nth + 1):
        at = question.find(name, at + 1)
    assert at >= 0
    return Entity(name_key(name), name, kind, "lotr", record, at, at + len(name), example, (at, at + len(name)))


def a_record(kind: str, title: str, blocks: list[Block], cards: dict | None = None, rid: str = "") -> Record:
    return Record(id=rid or f"lotr:x:{kind}:1", game="lotr", kind=kind, title=title, span=Span("lotr-faq", 1, 3),
                  blocks=blocks, data={"card_names": cards or {}, "card": ""})


def scene_of(question: str) -> list[tuple[int, int]]:
    return ranking._setting_spans(question) + ranking._condition_spans(question) + ranking._stated_spans(question)


SCENE = "I played Grey Lantern on my hero. Is the lantern's target still exhausted afterwards?"
ASKED = "Can Grey Lantern ready an exhausted hero?"


def test_a_card_named_only_in_the_scene_sentences_is_context():
    assert scene_named([card("Grey Lantern", SCENE)], scene_of(SCENE), SCENE) == {"grey lantern"}


def test_a_card_named_in_the_if_case_is_context():
    question = "If I use Grey Lantern to deal 2 damage, is that damage reduced by toughness?"
    assert scene_named([card("Grey Lantern", question)], scene_of(question), question) == {"grey lantern"}


def test_a_card_the_asking_clause_names_is_asked_about():
    assert scene_named([card("Grey Lantern", ASKED)], scene_of(ASKED), ASKED) == set()
    question = "I played Grey Lantern. Can Grey Lantern ready an exhausted hero?"
    entities = [card("Grey Lantern", question), card("Grey Lantern", question, nth=1)]
    assert scene_named(entities, scene_of(question), question) == set()


def test_a_card_whose_ability_the_asking_clause_points_back_at_is_asked_about():
    question = "Grey Lantern enters play after a hero leaves play. Does this response still cost 2 resources?"
    assert scene_named([card("Grey Lantern", question)], scene_of(question), question) == set()
    question = "Grey Lanterns gain +1 on engaging a player; when I engage one myself, that does not apply?"
    assert scene_named([card("Grey Lantern", question)], scene_of(question), question) == set()


def test_a_card_named_as_the_topic_of_the_question_is_asked_about():
    question = "For Grey Lantern, does the hero need to be exhausted?"
    assert scene_named([card("Grey Lantern", question)], scene_of(question), question) == set()


def test_a_card_named_as_an_example_in_the_scene_keeps_its_example_weight():
    question = "If an enemy goes back to staging (e.g. with Grey Lantern), does it keep its damage?"
    assert scene_named([card("Grey Lantern", question, example=True)], scene_of(question), question) == set()


def test_a_qa_about_a_card_of_the_scene_is_neither_raised_nor_another_case():
    qa = a_record("qa", "Does Grey Lantern (X 2) ready the hero it targets?", [Block("Does Grey Lantern (X 2) "
                  "ready the hero it targets?", style="question"), Block("No.")], {"X 2": "Grey Lantern"})
    assert ranking._About(None, [card("Grey Lantern", SCENE)], SCENE).boost(qa) == 1.0
    assert ranking._About(None, [card("Grey Lantern", ASKED)], ASKED).boost(qa) == ranking.CARD_BOOST


def test_the_rules_a_card_of_the_scene_plays_are_not_raised():
    question = "I play Gandalf and deal 4 damage to an enemy. Does its defense reduce the damage?"
    assert ranking._About(None, [card("Gandalf", question)], question, "lotr").card_rules == {}
    asked = "Can Gandalf deal 4 damage to an enemy in the staging area?"
    assert ranking._About(None, [card("Gandalf", asked)], asked, "lotr").card_rules


def test_a_general_rules_page_naming_a_card_in_its_walkthrough_is_not_about_the_card():
    page = a_record("rule", "Step 9: Lantern Checks", [Block("Tom engages the Grey Lantern and Kris passes.", example=True),
                    Block("Each player then checks the lanterns in the staging area, the Grey Lantern first.")])
    assert card_prose(page) == ""
    assert ranking._About(None, [card("Grey Lantern", ASKED)], ASKED).boost(page) == 1.0


def test_a_ruling_names_its_card_in_its_rules_text_not_in_its_examples():
    ruling = a_record("ruling", "Lantern timing", [Block("Grey Lantern readies a hero once per round."),
                      Block("For example, Tom readies Elrohir with the Dusk Lamp.", example=True)])
    assert "Grey Lantern" in card_prose(ruling) and "Dusk Lamp" not in card_prose(ruling)


def test_the_cards_of_a_sentence_opening_for_example_are_examples():
    question = "May a card only go on a hero of its sphere? For example, can I play Grey Lantern on Elrohir?"
    entities = [card("Grey Lantern", question), card("Elrohir", question)]
    assert [e.example for e in as_examples(entities, question)] == [True, True]
    question = "Can I play Grey Lantern on Elrohir?"
    assert [e.example for e in as_examples([card("Grey Lantern", question)], question)] == [False]


def test_a_heros_page_named_by_the_cards_name_takes_the_cards_boost_not_a_terms_as_well():
    question = "Can I give Grey Lantern to Elrohir?"
    entities = [card("Elrohir", question), card("Elrohir", question, kind="rule", record="lotr:qc:page:elrohir")]
    about = ranking._About(None, entities, question)
    assert "lotr:qc:page:elrohir" not in about.terms


def test_a_qa_about_the_asked_card_with_a_card_of_the_scene_settles_this_case():
    question = "I played Dusk Lamp first. Can Grey Lantern still ready the hero?"
    qa = a_record("qa", "Can Grey Lantern (X 2) ready a hero after Dusk Lamp (X 3)?", [Block("Can Grey Lantern "
                  "(X 2) ready a hero after Dusk Lamp (X 3)?", style="question"), Block("Yes.")],
                  {"X 2": "Grey Lantern", "X 3": "Dusk Lamp"})
    entities = [card("Dusk Lamp", question), card("Grey Lantern", question)]
    assert ranking._About(None, entities, question).boost(qa) == ranking.CARD_BOOST
