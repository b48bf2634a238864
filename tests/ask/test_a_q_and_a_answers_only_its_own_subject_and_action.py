"""A Q&A's stated "Yes"/"No" answers the player only when the player's question holds what the
Q&A's asking clause asks about (``narrowing.holds_its_action``): the object of its action, its
head word or more than half its words (a card the player names standing for its type in the card
library), unless the player names a card the Q&A names.  Withheld, the Q&A's reason is shown as
its sentence, without its yes or no.  The Q&As here are invented (goblins and trolls)."""

from __future__ import annotations

import pytest

from adjudicator.ask.narrowing import holds_its_action, subject_and_object
from adjudicator.ask.verdicts import verdict
from invented_records import invented_qa as qa, weigh_by


def without_yes_or_no(v) -> bool:
    return v is None or (v.kind == "text" and not v.text.lower().startswith(("yes", "no")))


@pytest.mark.parametrize("clause, subject, thing", [
    ("Can I throw a spear", [], ["spear"]),
    ("is he still considered the raid leader", [], ["raid", "leader"]),
    ("does that curse still last", ["curse"], []),
    ("is that goblin in the cave", ["goblin"], []),
    ("Can a goblin use a torch like the one", ["goblin"], ["torch"]),
])
def test_the_asking_clause_splits_into_its_subject_and_its_object(clause, subject, thing):
    assert subject_and_object(clause) == (subject, thing)


SPEAR = qa("Can I throw a spear at a troll that is asleep under a blanket?",
           "No. Throwing a spear is an attack, and sleeping trolls cannot be attacked.")


def test_another_action_on_the_same_case_gets_no_stated_no():
    # the player asks whether a sleeping troll is safe from a spell, not whether a spear may be thrown
    question = "Is a troll that is asleep under a blanket also safe from a sleeping spell?"
    v = verdict(question, SPEAR, SPEAR.blocks[1].text, weigh_by(question))
    assert without_yes_or_no(v)


def test_the_same_action_in_the_players_words_keeps_the_stated_no():
    question = "Can I throw my spear at a troll asleep under a blanket?"
    v = verdict(question, SPEAR, SPEAR.blocks[1].text, weigh_by(question))
    assert v is not None and v.kind == "no"


CONSIDERED = qa("If a goblin does not shout during a raid, is he still considered the raid leader?",
                "Yes, the goblin who started the raid is considered the raid leader.")


def test_a_status_asked_of_another_thing_gets_no_stated_yes():
    # "still considered led" asked of the raid; the Q&A asks whether the goblin is the leader
    question = "A goblin led the raid and a troll ate him. Is the raid still considered led?"
    assert not holds_its_action(CONSIDERED.blocks[0].text, question)
    v = verdict(question, CONSIDERED, CONSIDERED.blocks[1].text, weigh_by(question))
    assert without_yes_or_no(v)


def test_the_same_status_asked_of_the_same_thing_keeps_the_stated_yes():
    question = "If a goblin does not shout during a raid, is he still considered the raid leader?"
    v = verdict(question, CONSIDERED, CONSIDERED.blocks[1].text, weigh_by(question))
    assert v is not None and v.kind == "yes"


def test_a_card_the_q_and_a_names_keeps_its_answer_for_the_player_naming_it():
    asked = "Can a goblin use a torch like the one on Gandalf during the night?"
    assert holds_its_action(asked, "Can Gandalf light the tunnel during the night?", cards=["Gandalf"])
    assert not holds_its_action(asked, "Can a goblin light the tunnel during the night?")


def test_a_card_the_player_names_stands_for_its_type_in_the_card_library():
    asked = "Can I play an attachment on a troll that is asleep?"
    assert holds_its_action(asked, "Can I put Forest Snare on a sleeping troll?", cards=["Forest Snare"])
    # Feint is an event, not an attachment: the Q&A's No is not about it
    assert not holds_its_action(asked, "Is a sleeping troll also safe from Feint?", cards=["Feint"])


# the object's head read as the Q&A means it (verdict24): an object phrase ends at any preposition
# ("its gold against them": gold); a generic head ("a shout effect") has the word before it as a
# head too; "the list of Fallen Goblins" has its of-complement's head; "use X to <verb> Y" asks of Y


@pytest.mark.parametrize("asked, player", [
    ("If no goblin joins the raid, does the cave still count its gold against them?",
     "do we still lose the cave's gold if nobody raids this night?"),
    ("Can a goblin use a shout effect like the one on Gandalf during setup?",
     "Can I use a shout like that during setup?"),
    ("If a goblin is eaten in a campaign and we replay the night, is that goblin's name still added to the list of Fallen Goblins?",
     "is he still a fallen goblin? A troll ate mine and we replayed"),
    ("Can I use Troll Snare to throw a spear without a torch?",
     "Can I throw a spear without a torch in my hand?"),
])
def test_the_object_the_q_and_a_means_is_found_in_the_players_words(asked, player):
    assert holds_its_action(asked, player)


@pytest.mark.parametrize("asked, player", [
    # the same shapes, asked of another thing: the stated answer stays withheld
    ("If no goblin joins the raid, does the cave still count its gold against them?",
     "do we still lose our torches if nobody raids this night?"),
    ("Can a goblin use a shout effect like the one on Gandalf during setup?",
     "Can I light a torch during setup?"),
    ("If a goblin is eaten in a campaign and we replay the night, is that goblin's name still added to the list of Fallen Goblins?",
     "is he still the raid leader? A troll ate him and we replayed"),
    ("Can I use Troll Snare to trap the Great Goblin even though he cannot be trapped by choice?",
     "Does trapping through a card count as trapping by choice?"),
])
def test_another_object_in_the_same_shape_gets_no_stated_answer(asked, player):
    assert not holds_its_action(asked, player)


GOLD = qa("If no goblin joins the raid, does the cave still count its gold against them?",
          "Yes, the cave's gold still counts against the goblins, who brought nothing to the raid.")


def test_a_player_asking_of_the_object_before_a_preposition_gets_the_stated_yes():
    question = "If nobody joins the raid, does the cave's gold still count against us?"
    v = verdict(question, GOLD, GOLD.blocks[1].text, weigh_by(question))
    assert v is not None and v.kind == "yes"
