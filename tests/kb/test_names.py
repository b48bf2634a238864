"""Name keys fold case, accents, quotes, articles and plurals."""

import pytest

from adjudicator.kb.names import best_matches, name_key


@pytest.mark.parametrize("a, b", [
    ("Engagement Checks", "engagement check"),
    ("The word \"Choose\"", "choose"),
    ("The letter \"X\"", "x"),
    ("Nazgûl of Dol Guldur", "nazgul of dol guldur"),
    ("Hit Points", "hit point"),
    ("Enemies", "enemy"),
    ("Dungeon Jailer's Key", "dungeon jailers key"),
])
def test_name_keys_agree(a, b):
    assert name_key(a) == name_key(b)


def test_a_plain_word_ending_in_ss_or_us_keeps_its_s():
    assert name_key("Bonus") == "bonus" and name_key("Pass") == "pass"


def test_exact_names_rank_before_near_ones():
    names = [(name_key(n), n, n, 0) for n in ("Staging", "Staging Area", "Engagement Check")]
    assert best_matches("staging", names)[0].name == "Staging"
    assert best_matches("stagging area", names)[0].name == "Staging Area"
    assert best_matches("zzz", names) == []


def test_a_query_of_only_function_words_matches_only_a_name_that_is_exactly_it():
    names = [(name_key(n), n, n, 0) for n in ("Caught in a Web", "Then", "Lots or None at All", "Of")]
    assert best_matches("a", names) == []  # not found inside 'Caught in a Web'
    assert best_matches("the", names) == []  # nor spelt nearly like 'Then'
    assert [m.name for m in best_matches("of", names)] == ["Of"]
    assert best_matches("web", names)[0].name == "Caught in a Web"  # a word that names something still does
