"""A question asking what, who, how or how many is never answered "Yes"/"No" (review 11, 1c
and 4: "we quested 5 willpower against 7 threat, what happens?" opened "Yes, the threat in
the staging area still counts ..."): a text verdict drops the Q&A's leading "Yes,"/"No.";
and a Q&A whose own case gives another figure for a thing the player gives a figure for (the
nobody-quested Q&A's "willpower of 0" against "5 willpower") is about another case, so a
record that fits the player's case opens the answer instead."""

from __future__ import annotations

from adjudicator.ask.stated_answers import contradicts_figures
from adjudicator.ask.verdicts import settled
from invented_records import invented_qa, weigh_by


SLEEPING = invented_qa("If no goblin keeps watch, do the trolls still raid the camp?",
              "Yes, the trolls still raid the camp, which has a combined watch of 0.")


def test_a_what_happens_question_gets_the_q_and_a_sentence_without_its_yes():
    question = "the trolls raid the camp, what happens?"
    v = settled(question, SLEEPING, SLEEPING.blocks[1].text, weigh_by(question))
    assert v.kind == "text" and v.text == "The trolls still raid the camp, which has a combined watch of 0."


def test_who_and_how_questions_drop_the_yes_or_no_too():
    for question in ("who raids the camp when the trolls come?", "how do the trolls raid the camp?"):
        v = settled(question, SLEEPING, SLEEPING.blocks[1].text, weigh_by(question))
        assert not v.text.lower().startswith(("yes", "no")), question


def test_a_yes_or_no_question_keeps_the_stated_yes():
    question = "If no goblin keeps watch, do the trolls still raid the camp?"
    v = settled(question, SLEEPING, SLEEPING.blocks[1].text, weigh_by(question))
    assert v.kind == "yes"


def test_a_q_and_a_giving_another_figure_for_what_the_player_counts_is_another_case():
    assert contradicts_figures(SLEEPING, "we kept 5 watch against 7 trolls, what happens?")  # 5 watch vs watch ... of 0
    assert not contradicts_figures(SLEEPING, "we kept 0 watch against 7 trolls, what happens?")  # the same case
    assert not contradicts_figures(SLEEPING, "the trolls raid the camp, what happens?")  # no figure given
    assert not contradicts_figures(SLEEPING, "is the watch 5 or 0 when nobody keeps it?")  # figures offered


def test_quested_willpower_against_threat_is_not_answered_from_the_nobody_quested_q_and_a(ask_cli):
    code, answer = ask_cli("we quested 5 willpower against 7 threat, what happens?")
    assert code == 0 and answer["best"]["id"] != "lotr:faq:q:1"
    assert "lotr:faq:q:1" in [c["id"] for c in answer["supporting"]]  # still cited, below
    assert not answer["verdict"]["text"].lower().startswith(("yes", "no"))


def test_who_declares_first_does_not_open_with_a_yes(ask_cli):
    code, answer = ask_cli("who declares exhausted first if both want to stop?")
    assert code == 0 and not (answer["verdict"] or {}).get("text", "").lower().startswith(("yes", "no"))


def test_am_i_inside_a_sentence_asks_yes_or_no():
    """ "if I let an attack through undefended am I still the defending player?" asks yes or no,
    so a Q&A's "Yes," is not dropped from it as from a what/who/how question."""
    from adjudicator.ask.question_form import question_form

    assert question_form("if I let an attack through undefended am I still the defending player?").kind == "yesno"
    assert question_form("when I am attacked, what happens?").kind == "open"


BARE = invented_qa("Do the trolls keep their loot when they move to another cave?", "Yes.")


def test_a_bare_yes_of_another_question_does_not_open_the_answer_to_a_what_happens_question():
    from adjudicator.ask.verdicts import opens_answer

    for question in ("what happens to the trolls' loot when they are beaten?", "how many caves do the trolls keep?"):
        assert settled(question, BARE, "Yes.", weigh_by(question)) is None, question
        assert not opens_answer(question, BARE, "Yes.", weigh_by(question)), question


def test_a_bare_yes_still_answers_a_yes_or_no_question():
    question = "Do the trolls keep their loot when they move to another cave?"
    v = settled(question, BARE, "Yes.", weigh_by(question))
    assert v.kind == "yes"
