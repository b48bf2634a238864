"""LOTR players' words for rules the documents name otherwise (issue 11, rules_db/lotr/vocabulary.yaml):
a card in hand against one in play is in play / out of play; armour is defense; a character
that dies leaves play; finishing a quest card is quest advancement; how many cards a deck holds is
deck size; entering play is being put into play; who engaged whom is engaging vs being
engaged; more than one copy on one card is the number of attachments."""

from __future__ import annotations

import pytest

from adjudicator.ask import vocabulary


def _lotr():
    return vocabulary.Expander([[p.pattern, p.means] for p in vocabulary.read("lotr")["phrases"]])


@pytest.mark.parametrize("said, means", [
    ("does it hit the cards in my hand or only what is attached?", "in play out of play"),
    ("does its text work while the card is in play?", "in play out of play"),
    ("does the damage go through the orc's armour?", "defense strength"),
    ("the troll died, what now?", "leaves play"),
    ("once we complete the quest, what stays?", "quest advancement"),
    ("we can't complete it while he is there", "prevented from advancing"),
    ("how many cards can I have in my deck?", "deck size"),
    ("the ally enters play from my hand", "put into play"),
    ("if we engage it ourselves, does its forced effect trigger?", "engaging an enemy being engaged"),
    ("can I put two copies on the same hero?", "number of attachments"),
])
def test_the_players_words_reach_the_rules_words(said, means):
    assert means in _lotr().expand(said)


@pytest.mark.parametrize("said, means", [
    ("is the card in play?", "in play out of play"),            # in play alone is every question's
    ("how many cards do I draw from the encounter deck?", "deck size"),
    ("can I play it twice in one round?", "number of attachments"),
])
def test_words_that_only_look_like_those_phrases_add_nothing(said, means):
    assert means not in _lotr().expand(said)


def test_lotr_stat_shorthand_counts_for_lotr(kb):
    from adjudicator.ask.game_detection import detect

    assert "ATK" in detect(kb, "does it still add its ATK?").evidence.get("lotr", [])
