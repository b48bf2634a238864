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
