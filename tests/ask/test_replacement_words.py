"""'Instead' and 'replaced' are the words of replacement effects, not a sign that card text
and the rules disagree (issue 11: the Golden Rule ranked first for questions that only say
"instead").  The question is invented."""

from __future__ import annotations


def test_a_question_about_a_card_being_replaced_finds_replacement_effects_not_the_golden_rule(ask_cli):
    code, answer = ask_cli("If an effect says a card is replaced by another, which one stays?", "--game", "lotr")
    assert code == 0
    assert answer["best"]["id"] == "lotr:rr:replacement-effects"
    ranked = [answer["best"]["id"]] + [c["id"] for c in answer["supporting"]]
    assert "lotr:rr:golden-rules" not in ranked[:2]
