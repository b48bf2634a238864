"""`ask` says "did you mean" for a card or scenario name the question misspells, and only
then: one word of a longer name ("West" of "West Quarter"), or a name the documents do not
know that shares a word with one, is not a misspelling (issue 11: a corrected name is shown)."""

from __future__ import annotations


def test_a_misspelt_card_name_is_suggested(ask_cli):
    assert ask_cli("can gandolf ready a hero?")[1]["did_you_mean"] == ["Gandalf"]
    assert "Legolas" in ask_cli("does Legolass place progress?")[1]["did_you_mean"]


def test_a_word_of_a_longer_name_is_not_taken_for_a_misspelling(ask_cli):
    answer = ask_cli("Say I utilize a character such as West Road Traveler to defend, who has a defense of 0. "
                     "Is the attack undefended?")[1]
    assert answer["did_you_mean"] == []
    answer = ask_cli("If one player has Strider out, can another player play Aragorn?")[1]
    assert "Wolf Rider" not in answer["did_you_mean"]


def test_a_name_typed_whole_is_not_suggested_again(ask_cli):
    answer = ask_cli("Orc Horn Blower has Surge and When Revealed: Reveal 1 card from the encounter deck. "
                     "Does this function basically like Surge 2?")[1]
    assert answer["did_you_mean"] == []
