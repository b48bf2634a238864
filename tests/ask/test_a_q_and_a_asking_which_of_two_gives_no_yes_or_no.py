"""A Q&A whose own question asks which of two things holds ("do I put the token on the altar or
the throne?") and opens its answer with "No." says neither alternative.  Its "No." is a no to a
player asking whether one of the two holds ("does the token go on the throne?"), and no answer at
all to any other yes/no question ("is the token lost?", which it would contradict): that question
is shown the Q&A's sentence without its "No." (``stated_answers.stands_for_either``).  Its "Yes."
says one of the two and is given to no yes/no question.  A Q&A asking whether one thing holds,
an "or" in a list it asks about as one, keeps its stated answer.  The records and questions are
invented."""

from __future__ import annotations

from adjudicator.ask.stated_answers import alternatives_offered
from adjudicator.ask.verdicts import settled
from invented_records import invented_qa, weigh_by

CASE = "If the altar is sealed when a goblin drops the gem token, "
ALTAR = invented_qa(CASE + "do I put the token on the altar or the throne?",
                    "No. A dropped gem goes to the altar instead of the throne. If the altar is sealed, the gem is "
                    "lost, so it is put on neither the altar nor the throne.")
EITHER_YES = invented_qa(CASE + "do I put the token on the altar or the throne?",
                         "Yes. The gem goes to one of them, whichever the goblin faces.")
LIST = invented_qa("Can I give a gem token or a coin token to a sleeping goblin?",
                   "No. A sleeping goblin cannot be given any token until it wakes.")


def shown(question: str, record=ALTAR):
    return settled(question, record, record.blocks[1].text, weigh_by(question))


def test_a_q_and_a_asking_which_of_two_places_offers_them():
    first, second = alternatives_offered(ALTAR)
    assert len(first) == len(second) == 1 and first[0].startswith("altar") and second[0].startswith("thron")


def test_an_or_in_a_list_asked_about_as_one_offers_no_alternatives():
    assert alternatives_offered(LIST) == []


def test_its_no_is_not_given_to_a_yes_no_question_on_something_else():
    v = shown(CASE + "is the gem token lost?")
    assert v is None or v.kind == "text"
    assert v is None or not v.text.lower().startswith("no")


def test_its_no_answers_a_question_on_either_alternative():
    assert shown(CASE + "do I put the token on the throne?").kind == "no"
    assert shown(CASE + "do I put the token on the altar?").kind == "no"


def test_its_no_is_not_turned_on_a_question_on_an_alternative_said_negatively():
    v = shown(CASE + "the token does not go on the throne, right?")
    assert v is None or v.kind == "text"


def test_its_yes_is_given_to_no_yes_no_question():
    v = shown(CASE + "do I put the token on the throne?", EITHER_YES)
    assert v is None or v.kind == "text"


def test_a_q_and_a_on_a_list_keeps_its_stated_no():
    question = "Can I give a gem token or a coin token to a sleeping goblin?"
    v = shown(question, LIST)
    assert v is not None and v.kind == "no"


NAMED = invented_qa("If the altar is sealed when Grishnak drops the gem token, do I put the token on the altar or "
                    "the throne?",
                    "No. Grishnak's gems go to the altar instead of the throne. If the altar is sealed, the gem is "
                    "lost, so it is put on neither the altar nor the throne.")


def test_its_no_is_said_of_what_it_names_not_of_another_thing():
    # "neither" is said of Grishnak's gem; a gem another goblin drops is another question
    assert shown("If the altar is sealed when Grishnak drops the gem token, do I put it on the throne?",
                 NAMED).kind == "no"
    v = shown("If the altar is sealed when a goblin drops the gem token, do I put it on the throne?", NAMED)
    assert v is None or v.kind == "text"
