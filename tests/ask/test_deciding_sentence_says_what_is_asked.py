"""The deciding sentence of a record says what the question asks (review 11, 4): a record's
opening definition ("Surge is a keyword ability.") is shown with the sentence after it, which
says what the thing does, its figure or its effect, for any question but a yes or no; and a
question asking when a thing happens ("when do shadow cards get dealt?") is not answered by a
sentence opening on an exception to it ("If the encounter deck runs out of cards, ...")."""

from __future__ import annotations

from adjudicator.ask.deciding_sentence import deciding_sentence
from adjudicator.kb.records import Block
from invented_records import invented_record, weigh_by

BLINK = invented_record("Blink is a keyword ability. When a card with blink is revealed, the blinking goblin hides "
                        "behind the nearest rock.", "Resolve blink at once.")


def test_what_a_keyword_does_is_shown_with_its_definition():
    question = "what does blink do?"
    shown, _ = deciding_sentence(BLINK, weigh_by(question), question)
    assert shown.startswith("Blink is a keyword ability. When a card with blink is revealed")


def test_a_yes_or_no_question_on_what_a_thing_is_gets_the_definition_alone():
    question = "is blink a keyword ability?"
    shown, _ = deciding_sentence(BLINK, weigh_by(question), question)
    assert shown == "Blink is a keyword ability."


def test_a_definition_in_a_block_of_its_own_is_shown_with_the_next_block():
    record = invented_record("The goblin alarm level is the noise level at which the trolls wake.",
                             "If the noise level reaches 12, the trolls wake at once.")
    question = "at what noise do the trolls wake?"
    shown, _ = deciding_sentence(record, weigh_by(question), question)
    assert "12" in shown


def test_a_when_question_is_not_answered_by_an_exception_to_the_occasion():
    record = invented_record(Block("Deal one spear from the rack to each goblin. Deal spears to the goblins in "
                                   "order."),
                             Block("If the rack runs out of spears, goblins not yet dealt spears are not dealt "
                                   "spears this round."))
    question = "when do goblins get dealt spears?"
    shown, _ = deciding_sentence(record, weigh_by(question), question)
    assert not shown.startswith("If the rack runs out")


def test_keywords_and_the_elimination_threat_are_answered_by_what_they_do(ask_cli):
    for question, says in (("what does surge do?", "reveal 1 additional encounter card"),
                           ("what does doomed 2 mean", "raise their threat"),
                           ("at what threat am I eliminated?", "50")):
        _, answer = ask_cli(question)
        assert says in answer["verdict"]["text"], question


def test_when_shadow_cards_are_dealt_is_not_the_run_out_edge_case(ask_cli):
    _, answer = ask_cli("when do shadow cards get dealt?")
    assert not answer["verdict"]["text"].startswith("If the encounter deck runs out")


def test_a_when_clause_opening_a_yes_or_no_question_is_its_case_not_a_when_question():
    from adjudicator.ask.deciding_sentence import _asks_when

    assert _asks_when("when do shadow cards get dealt?")
    assert _asks_when("at what point do I draw?")
    assert not _asks_when("When a hero rests at a Haven, does he shuffle only the rest pool or the damage pool too?")
