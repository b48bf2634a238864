"""A rule that lists results and, after each, puts a narrower case of its own ruled the same
way ("In this case, if the character is a Wizard, you immediately lose the game.", after both
the discarded and the eliminated result of a corruption check): a question about that narrower
case is answered by it, whichever result applies, and the citation holds every result it is
said for (issue 11, reviewer's finding: a METW Wizard's failed corruption check was answered
with the discard case alone)."""

from __future__ import annotations

from adjudicator.ask.deciding_sentence import deciding_sentence
from adjudicator.kb.records import Block, Record, Span
from invented_records import weigh_by

CHIEF = "In this case, if the goblin is a chief, the whole tribe scatters."


def rule(*texts):
    return Record(id="metw:rules:invented", game="metw", kind="rule", title="Lamp Tests", span=Span("metw-rules", 1, 9),
                  blocks=[Block(t) for t in texts])


TESTS = rule("Roll two dice for the lamp test.",
             "Captured - If the roll equals the goblin's fear, the goblin fails the lamp test and is captured. " + CHIEF,
             "Lost - If the roll is less than the goblin's fear, the goblin fails the lamp test and is lost. " + CHIEF)


def test_a_question_about_the_narrower_case_gets_that_case_alone_when_every_result_rules_it_alike():
    question = "Is my chief captured if he fails the lamp test?"
    sentence, _ = deciding_sentence(TESTS, weigh_by(question), question)
    assert sentence == "If the goblin is a chief, the whole tribe scatters."


def test_a_question_without_the_narrower_case_gets_the_result_it_asks_about():
    question = "Is my goblin captured if he fails the lamp test?"
    sentence, _ = deciding_sentence(TESTS, weigh_by(question), question)
    assert sentence.startswith("Captured - If the roll equals")


def test_a_narrower_case_said_after_one_result_only_is_shown_with_that_result():
    once = rule("Captured - If the roll equals the goblin's fear, the goblin fails the lamp test and is captured. " + CHIEF,
                "Lost - If the roll is less than the goblin's fear, the goblin fails the lamp test and is lost.")
    question = "Is my chief captured if he fails the lamp test?"
    sentence, _ = deciding_sentence(once, weigh_by(question), question)
    assert sentence.startswith("Captured - If the roll equals") and sentence.endswith(CHIEF)


def test_a_wizard_failing_a_corruption_check_is_answered_by_the_wizard_case_not_the_discard_case(ask_cli, cli):
    code, answer = ask_cli("is my wizard discarded if he fails a corruption check?")
    assert code == 0 and answer["game"] == "metw"
    shown = answer["verdict"]["text"] if answer["verdict"] else answer["best"]["sentence"]
    assert "Wizard" in shown and "lose the game" in shown and "must discard" not in shown
    # cited with both results it is said for (discarded and eliminated), not the discard entry alone
    assert answer["best"]["id"] == "metw:starter:8:corruption-checks"
    from adjudicator.kb.api import open_kb

    kb = open_kb(quiet=True)
    text = " ".join(kb.store.get(answer["best"]["id"]).text.split())
    assert "Discarded" in text and "Eliminated" in text
    assert text.count("if the character is a Wizard, you immediately lose the game") == 2
    code, out, _ = cli("ask", "is my wizard discarded if he fails a corruption check?")
    assert code == 0 and out.splitlines()[1].startswith("If the character is a Wizard")
