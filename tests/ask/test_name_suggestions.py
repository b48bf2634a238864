"""`ask` says "did you mean" for a card or scenario name the question misspells, and only
then: one word of a longer name ("West" of "West Quarter"), or words of a longer name the question
misspells as a whole, is not a misspelling of another name (issue 11: a corrected name is shown)."""

from __future__ import annotations


def test_a_misspelt_card_name_is_suggested(ask_cli):
    assert ask_cli("can gandolf ready a hero?")[1]["did_you_mean"] == ["Gandalf"]
    assert "Legolas" in ask_cli("does Legolass place progress?")[1]["did_you_mean"]


def test_a_word_of_a_longer_name_is_not_taken_for_a_misspelling(ask_cli):
    answer = ask_cli("When West Road Traveler defends with no defense at all, does the attack count as undefended?")[1]
    # the whole name, as LOTR's list of card names spells it; not "Western Road" for two of its words
    assert answer["did_you_mean"] == ["West Road Traveller"]
    answer = ask_cli("Strider is in play for one player; may a second player still put Aragorn into play?")[1]
    assert "Wolf Rider" not in answer["did_you_mean"]


def test_a_name_typed_whole_is_not_suggested_again(ask_cli):
    answer = ask_cli("Orc Horn Blower is revealed with its Surge keyword; is that then the same as two surges?")[1]
    assert answer["did_you_mean"] == []


def test_a_name_is_compared_in_full_only_when_its_letters_could_spell_the_typed_one():
    """The names offered come from the ask index (``spelling.names_to_suggest``: each game's card
    and scenario names, the first name printed for each key); a typed name is compared in full
    with a name only when the cheap bounds of difflib's ratio (lengths, letters) let it reach the
    floor, and the answer is the full comparison's.  Names are invented."""
    from difflib import SequenceMatcher

    from adjudicator.ask.spelling import names_to_suggest, spelt_like_any

    names = [["grey lantern", "Grey Lantern", "", "card", "lotr"], ["grey lantern", "Gray Lantern", "", "card", "lotr"],
             ["lamp of dawn", "Lamp of Dawn", "", "scenario", "lotr"], ["dawn", "Dawn", "", "card", "metw"],
             ["fog", "Fog", "", "glossary", "lotr"]]
    table = names_to_suggest(names)
    assert list(zip(table["lotr"]["keys"], table["lotr"]["names"])) == [("grey lantern", "Grey Lantern"),
                                                                       ("lamp of dawn", "Lamp of Dawn")]
    assert table["metw"]["names"] == ["Dawn"]
    lotr = table["lotr"]
    for typed in ("grey lanturn", "gery lantern", "lamp of dwan", "lamp", "lantern", "dawn", "graylantern", "x"):
        full = any(SequenceMatcher(None, typed, own).ratio() >= 0.8 for own in lotr["spelt"])
        assert spelt_like_any(typed, lotr, 0.8) == full, typed
    assert spelt_like_any("grey lanturn", lotr, 0.8) and not spelt_like_any("lantern", lotr, 0.8)
