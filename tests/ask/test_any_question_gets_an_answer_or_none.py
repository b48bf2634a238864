"""Whatever a player types, `ask` answers or says it found nothing: it never fails (words of
the three games, names, quotes, brackets, numbers and stray punctuation, in any order)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

WORDS = ("can my hero attack an enemy in the staging area shadow card Sneak Attack Gandalf company haven "
         "corruption check wizard Sauron player Shadow Stronghold influence rest heal e.g. i.e. 3B 2A "
         "Éowyn Nazgûl how many does it or but if when not can't won't 1 2 twice").split()
MARKS = ["(", ")", '"', "'", "“", "”", "‘", "’", "?", "!", ".", ",", ":", ";", "—", "…", "\n", "\t", "😀", "%", "&"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(WORDS + MARKS), min_size=1, max_size=40), st.sampled_from([" ", ""]))
def test_any_question_is_answered_or_found_nothing(kb, tokens, glue):
    from adjudicator.ask.answer import ask

    answer = ask(kb, glue.join(tokens))
    data = answer.to_dict()
    assert data["game"] in ("lotr", "metw", "meq")
    assert (data["best"] is None) == (data["verdict"] is None)
    assert len(data["supporting"]) <= 3
