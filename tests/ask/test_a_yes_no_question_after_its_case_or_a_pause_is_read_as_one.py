"""A player's yes/no question put right after its case with no comma, its subject a name ("If the
troll wakes does Grumbleguts eat the gold?"), or after an ellipsis written without a space before
it ("the troll woke up... can Grumbleguts run?"), is read for its verdict as the yes/no question it
is (``verdicts._after_opener``): ``question_form`` finds such an inner question only when a
pronoun or an article follows the auxiliary.  A question asking what, or one whose case does not
open the sentence, stays as it was.  The names, sentences and questions are invented."""

from __future__ import annotations

from adjudicator.ask.question_form import question_form
from adjudicator.ask.verdicts import _after_opener, settled
from invented_records import invented_qa, weigh_by


def test_a_named_subject_after_a_case_without_a_comma_is_a_yes_no_question():
    for question in ("If the troll wakes does Grumbleguts eat the gold?",
                     "So if I move the chest to the cave (with two keys in hand) can Mossback open it?",
                     "When the bell rings must Grumbleguts leave the hall?"):
        assert question_form(question).kind == "open", question  # what the form alone reads
        form = _after_opener(question)
        assert form is not None and form.kind == "yesno" and not form.claim, question
        assert form.clauses[0].split()[1][0].isupper(), question  # the named subject asks


def test_a_pronoun_subject_after_a_when_case_without_a_comma_is_a_yes_no_question():
    form = _after_opener("When a troll is put to sleep do I have to pay its gold?")
    assert form is not None and form.kind == "yesno" and form.clauses[0].startswith("do I have to pay")


def test_an_ellipsis_without_a_space_before_it_is_a_pause():
    form = _after_opener("During the night the troll woke up... can Grumbleguts run away?")
    assert form is not None and form.kind == "yesno"
    assert form.clauses[0].startswith("can Grumbleguts")


def test_a_case_followed_by_a_wh_question_or_no_case_stays_open():
    for question in ("If the troll wakes what does Grumbleguts do?",
                     "If the troll wakes which gold does Grumbleguts eat?",
                     "I told my friend that Grumbleguts sleeps and does Mossback agree?",
                     "If the troll wakes, then what?",
                     "If I do Mossback's action first?",
                     "When does Grumbleguts leave the hall?", "When do I pay the troll?",
                     "When the bell rings Grumbleguts leaves the hall."):
        assert _after_opener(question) is None, question


def test_the_documents_own_yes_answers_the_question_found_after_its_case():
    record = invented_qa("Can a troll like Grumbleguts eat the gold during the night?",
                         "Yes. Trolls may eat gold at any time, including during the night.")
    sentence = "Yes. Trolls may eat gold at any time, including during the night."
    question = "During the night if the chest is open... can Grumbleguts eat the gold?"
    found = settled(question, record, sentence, weigh_by(question))
    assert (found.kind, found.basis) == ("yes", "stated")
