"""Two things a yes/no reading must not take for what is asked (issue 11: a verdict a player
can act on): the name the player calls the game by ("in METW", "for the LCG": it says which
rules apply, and no rule says "METW", so counted as asked it made a rule about the case seem
to miss it and read a no), and two bare figures offered as the answer ("2 or 3 encounter
cards?": it asks which figure, and a yes or a no answers neither).  The records are invented
(never the documents' sentences); the last tests ask the real documents the players' way."""

from __future__ import annotations

import pytest

from adjudicator.ask.game_detection import without_game_names
from adjudicator.ask.verdicts import settled, verdict

from .test_verdict_extraction import record, weigh_by


@pytest.mark.parametrize("question, plain", [
    ("In METW can I light my opponent's lamp?", "can I light my opponent's lamp?"),
    ("Can I light my opponent's lamp in MEQ?", "Can I light my opponent's lamp?"),
    ("In Middle-earth Quest, do goblins rest?", "do goblins rest?"),
    ("For the LCG, is the lamp lit?", "is the lamp lit?"),
    ("In the LOTR LCG can a goblin carry the lamp?", "can a goblin carry the lamp?"),
    ("How many players can play The Lord of the Rings: The Card Game?", "How many players can play The Card Game?"),
])
def test_the_name_a_player_calls_the_game_by_is_left_out_of_the_question_read(question, plain):
    assert without_game_names(question) == plain


def test_a_question_that_is_only_a_games_name_is_kept_as_it_is():
    assert without_game_names("METW?") == "METW?"


def test_a_games_name_in_the_question_does_not_turn_a_rule_about_the_case_into_a_no():
    # the rule asks for something ("must pay") about lighting; the question's own words are all
    # in it but "opponent's" and the game's name: with the name counted, two asked words are
    # missing and "must" read as requiring something else (a no)
    rule = "You must pay one oil to light a lamp."
    named, plain = "Can I light my opponent's lamp in METW?", "Can I light my opponent's lamp?"
    v_named = verdict(named, record(rule), rule, weigh_by(named))
    v_plain = verdict(plain, record(rule), rule, weigh_by(plain))
    assert (v_named.kind, v_named.basis) == (v_plain.kind, v_plain.basis)
    assert v_named.kind != "no"


def test_a_question_offering_two_figures_gets_no_yes_or_no_reading():
    # "may not draw goblin tokens" read against "does a hero draw 2 or 3 goblin tokens?" gave
    # "No": the player asked how many
    rule = "Heroes may not draw goblin tokens in a flooded cave."
    question = "Does a hero draw 2 or 3 goblin tokens when he explores a cave?"
    v = settled(question, record(rule), rule, weigh_by(question))
    assert (v.kind, v.text, v.basis) == ("text", rule, "stated")
    # the same rule still reads a no to a plain yes/no question about it
    asked = "Can a hero draw goblin tokens in a flooded cave?"
    assert verdict(asked, record(rule), rule, weigh_by(asked)).kind == "no"


def test_a_question_offering_two_figures_still_gets_the_figure_the_documents_give():
    qa = record("So the fog rises by 3 at the end of the round.")
    question = "does my lantern raise the fog by 2 or 3?"
    v = verdict(question, qa, qa.blocks[0].text, weigh_by(question))
    assert (v.kind, v.value) == ("number", 3)


def test_influencing_an_opponents_character_in_metw_is_not_answered_no(ask_cli):
    # the METW rules let a character influence away an opponent's character; "in METW"
    # counted as asked made a clarification about revealing an identical character read as a no
    _, answer = ask_cli("Can I influence an opponent's character in METW?")
    assert answer["game"] == "metw"
    assert answer["verdict"]["kind"] != "no"


def test_how_many_encounter_cards_an_meq_hero_draws_is_not_answered_no(ask_cli):
    _, answer = ask_cli("In MEQ does a hero draw 2 or 3 encounter cards when he explores?")
    assert answer["game"] == "meq"
    assert answer["verdict"]["kind"] not in ("yes", "no")
