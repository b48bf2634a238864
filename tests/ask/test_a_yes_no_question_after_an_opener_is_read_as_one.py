"""A yes/no question a player opens with a word going on from what came before ("Also do ...?",
"Or can ...?"), an aside and a dash, or puts after an ellipsis, is read for its verdict as the
yes/no question it is (``verdicts._after_opener``); a question asking what, how or how many
after such an opener stays open.  The sentences and questions are invented."""

from __future__ import annotations

from adjudicator.ask.verdicts import _after_opener, settled
from invented_records import weigh_by

RULE = "During the night phase, sleeping trolls do not count their gold for the hoard."


def test_an_opener_before_the_auxiliary_leaves_a_yes_no_question():
    for question in ("Also do sleeping trolls count their gold during the night phase?",
                     "Or can a troll wake up?", "So, does a troll sleep?",
                     "(sorry if this is obvious) - does a troll sleep?",
                     "I read that trolls sleep at night ... does a troll count its gold then?"):
        form = _after_opener(question)
        assert form is not None and form.kind == "yesno", question


def test_a_question_asking_what_after_an_opener_stays_open():
    for question in ("Also, what happens to the gold?", "So which troll counts first?", "And how many trolls sleep?",
                     "What happens then?", "Anyway is it legal?"):
        assert _after_opener(question) is None, question


def test_the_yes_no_question_after_an_opener_gets_the_reading_it_gets_without_it():
    plain = "Do sleeping trolls count their gold during the night phase?"
    opened = "Also do sleeping trolls count their gold during the night phase?"
    without, found = settled(plain, None, RULE, weigh_by(plain)), settled(opened, None, RULE, weigh_by(opened))
    assert without.kind == "no" and (found.kind, found.reading, found.text) == (without.kind, without.reading,
                                                                                without.text)
