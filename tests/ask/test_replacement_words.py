"""Player words read as what they mean: 'instead' and 'replaced' are the words of replacement
effects, not a sign that card text and the rules disagree (issue 11: the Golden Rule ranked
first for questions that only say "instead"); 'returned' (to the staging area, to a hand) is
not 'comes back into play'.  The questions are invented."""

from __future__ import annotations


def test_a_question_about_a_card_being_replaced_finds_replacement_effects_not_the_golden_rule(ask_cli):
    code, answer = ask_cli("If an effect says a card is replaced by another, which one stays?", "--game", "lotr")
    assert code == 0
    assert answer["best"]["id"] == "lotr:rr:replacement-effects"
    ranked = [answer["best"]["id"]] + [c["id"] for c in answer["supporting"]]
    assert "lotr:rr:golden-rules" not in ranked[:2]


def test_returned_to_the_staging_area_is_not_read_as_put_into_play(kb):
    from adjudicator.ask import answer

    expander = answer._expander(kb, "lotr")
    assert not any("put into play" in rules for _, rules in expander.matches("The enemy is returned to the staging area."))
    assert any("put into play" in rules for _, rules in expander.matches("Can a dead hero come back into play?"))
