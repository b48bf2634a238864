"""The roles of a question's parts (asking_clause): the term the player asks about is the
subject, not a term of the case that closes the question, of an answer the player offers after
"or", of an ability typed in card form, or an ability type pointing back; a name in brackets
or after "such as" that narrows a general noun is the subject, not an example.  Questions
invented for the tests (no evaluation question)."""

from dataclasses import dataclass

from adjudicator.ask import asking_clause as ac


@dataclass
class _E:
    key: str
    at: tuple[int, int]
    example: bool = False
    kind: str = "term"


def _span_of(text: str, word: str) -> _E:
    a = text.index(word)
    return _E(word.lower(), (a, a + len(word)))


def _texts(q, spans):
    return [q[a:b] for a, b in spans]


def test_an_answer_offered_after_or_is_not_the_asking_clause():
    q = "Can an ally defend while exhausted, or does it have to be readied first?"
    assert _texts(q, ac.offered_spans(q)) == [", or does it have to be readied first?"]
    start, end = ac.subject_clause(q, 0, len(q))
    assert q[start:end] == "Can an ally defend while exhausted"


def test_a_choice_between_two_nouns_is_not_an_offered_answer():
    q = "Can a hero or ally defend twice?"
    assert ac.offered_spans(q) == []


def test_the_when_case_closing_a_wh_question_is_the_case():
    q = "What happens to my attachments when the hero leaves play?"
    assert _texts(q, ac.closing_case_spans(q)) == ["when the hero leaves play"]


def test_what_if_asks_the_case_itself():
    q = "What if a character is destroyed?"
    assert ac.closing_case_spans(q) == []


def test_an_ability_typed_in_card_form_is_card_text_without_quotes():
    q = "Response: After a hero is destroyed, draw 2 cards. Can I use it twice?"
    assert _texts(q, ac.card_form_spans(q)) == ["Response: After a hero is destroyed, draw 2 cards"]
    assert ac.card_form_spans("Can I use a Response: after a hero is destroyed?") == []


def test_an_ability_type_after_a_demonstrative_points_back():
    q = "My ally leaves play. Does this response cost resources?"
    assert ac.refers_back(q, _span_of(q, "response"))
    q2 = "My ally leaves play. Does this attachment stay?"
    assert not ac.refers_back(q2, _span_of(q2, "attachment"))  # the card itself is asked about


def test_the_after_an_ability_in_card_form_points_back():
    q = "Forced: When revealed, each player discards a card. Does the forced effect still happen?"
    typed = ac.card_form_spans(q)
    assert ac.refers_back(q, _span_of(q, "forced effect"), typed)
    q2 = "Does the forced effect happen when an enemy engages?"
    assert not ac.refers_back(q2, _span_of(q2, "forced effect"), ac.card_form_spans(q2))


def test_is_there_a_limit_takes_the_subject_of_the_count_before_it():
    q = "How many allies can one player control? is there a limit?"
    start, end = ac.limit_follow_up(q, 0, len(q))
    assert q[start:end].strip() == "How many allies can one player control"


def test_a_bracket_narrowing_a_general_noun_is_the_subject():
    q = "Can I play cards from my hand (Events) during combat?"
    assert ac.narrows(q, _span_of(q, "Events"))
    q2 = "Can cards that leave play, such as Allies, return?"
    assert ac.narrows(q2, _span_of(q2, "Allies"))
    q3 = "Can my hero (Gimli) defend twice?"
    assert not ac.narrows(q3, _span_of(q3, "Gimli"))  # an aside about a hero, not a narrowed noun


def test_only_narrowing_terms_lose_their_example_flag():
    q = "Can I play cards from my hand (Events) during combat?"
    named = [_E("events", _span_of(q, "Events").at, example=True),
             _E("gandalf", (0, 3), example=True, kind="card")]
    out = ac.as_subjects(q, named)
    assert [e.example for e in out] == [False, True]


def test_a_when_case_closing_a_question_that_asks_which_rule_applies_is_not_weighed_as_the_case():
    from adjudicator.ask.asking_clause import closing_case_spans

    assert closing_case_spans("Which stat do goblins use when they raid a cave?") == []
    question = "What happens when a goblin raids a cave?"
    assert [question[a:b] for a, b in closing_case_spans(question)] == ["when a goblin raids a cave"]
