"""A rule that makes two ways to one state the same (``ways_alike``): what follows the state
follows it whichever way it came about, so a question whether an effect still happens the
other way round is a yes, a claim that it does not (or is lost, or happens one way only) a no.
The sentences and questions are invented."""

from __future__ import annotations

from adjudicator.ask.question_form import asking_sentence, question_form
from adjudicator.ask.ways_alike import reading, state_verb
from adjudicator.ask.verdicts import SHOWN_READINGS, settled, verdict
from invented_records import weigh_by

EACH_WAY = "When a knight challenges a dragon, that dragon has also challenged him, and the duel begins."
SAME_END = ("Whether a door is opened by a key, by a spell, or by force, the end result is the same: the door is "
            "considered to have been opened.")


def read(question: str, sentence: str = EACH_WAY):
    return reading(asking_sentence(question), question_form(question), sentence, question)


def test_a_rule_saying_each_way_round_names_the_state_it_makes_the_same():
    assert state_verb(EACH_WAY) == "challeng"
    assert state_verb(SAME_END) == "open"
    assert state_verb("When a knight challenges a dragon, the dragon breathes fire.") == ""


def test_an_effect_of_the_state_happens_whichever_way_it_came_about():
    assert read("If I challenge the dragon myself, does its 'after it is challenged' effect happen?") == "yes"
    assert read("Does an after-you-challenge response trigger when the dragon challenges me instead?") == "yes"
    assert read("The trap goes off when the door is opened. If we open the door with a spell, does the trap's "
                "forced effect happen?", SAME_END) == "yes"


def test_a_claim_that_the_effect_is_lost_or_one_way_only_is_a_no():
    assert read("The dragon gets +1 when it challenges a knight. So if we challenge it first, it does not get "
                "its +1, right?") == "no"
    assert read("If I challenge the dragon early is it correct that it then loses its challenge bonus?") == "no"
    assert read("This kind of effect would only happen on a challenge check, correct? Once it is challenged it "
                "stays so.") == "no"


def test_a_denial_in_the_question_s_own_case_is_no_answer():
    # the case is closed by its comma: losing the duel is the scene, not the effect denied
    assert read("If I challenge it and lose the duel, does its 'when challenged' effect apply?") == "yes"
    # a case denying the state itself is another case: no reading
    assert read("If I do not challenge it, does its 'when challenged' effect happen?") is None


def test_no_reading_when_the_question_asks_nothing_that_follows_from_the_state():
    assert read("Can I challenge a dragon twice in one round?") is None
    assert read("Does each knight only get one challenge check per round?") is None
    assert read("If I challenge the dragon, does the troll's effect happen?",
                "When a knight challenges a dragon, the dragon breathes fire.") is None
    assert read("Does the cellar door's effect happen?") is None  # the state's verb is not named


def test_the_reading_is_shown_labelled_as_adjudicator_s():
    question = "If I challenge the dragon myself, does its 'after it is challenged' effect happen?"
    found = verdict(question, None, EACH_WAY, weigh_by(question))
    assert (found.kind, found.basis, found.reading) == ("yes", "inferred", "ways-alike")
    assert "ways-alike" in SHOWN_READINGS
    shown = settled(question, None, EACH_WAY, weigh_by(question))
    assert shown.kind == "yes" and "adjudicator's reading of the cited rule" in shown.text


def test_an_effect_named_as_the_means_of_the_case_is_not_what_is_asked():
    assert read("If I challenge a dragon with a spell's effect, can I challenge a second dragon that round?") is None
    assert read("If I challenge a dragon with a spell's effect, can I challenge again?") is None
    assert read("If I challenge a dragon through a card effect, can I challenge another one?") is None


def test_an_effect_the_state_does_not_bring_is_not_read():
    # the question names the challenge once, as its case: the effect asked about is another's
    question = "If I challenge a dragon, do its 'when met' effects happen again?"
    assert reading(asking_sentence(question), question_form(question), EACH_WAY, question) is None
    question = "The dragon says 'after it challenges you, lose 2 gold'. If I challenge it first, does that effect happen?"
    assert reading(asking_sentence(question), question_form(question), EACH_WAY, question) == "yes"


def test_a_state_reached_a_third_way_is_not_read():
    # the rule makes two acts alike (the knight challenging, the dragon challenging); a dragon a
    # spell brings in already challenged reached the state neither way
    assert read("When a spell puts a dragon into play challenged by me, does its 'when challenged' effect happen?") is None
    assert read("If I challenged the dragon myself, does its 'when challenged' effect happen?") == "yes"


def test_a_question_whether_the_effect_follows_again_is_not_read():
    # the two ways are one state, reached once: whether its effect follows a second time is not ruled
    assert read("If I challenge the dragon myself, does its 'after it is challenged' effect happen again?") is None
    assert read("If I challenge the dragon myself, does its 'after it is challenged' effect trigger twice?") is None
    assert read("If the dragon challenges me, does my after-you-challenge response trigger a second time?") is None
    assert read("If I challenge the dragon myself, does its 'after it is challenged' effect happen?") == "yes"
