"""Legality questions that name cards: the card library says what the card is (type, stand-alone
keywords, its abilities' timing and operations) and the question is read as the situations stage
it, or not at all (issue 11: players name cards; closed-world: a card whose own text may change
the answer gives no verdict).

Each expected verdict is written by hand from the rules and the card's printed figures and errata
(Core Set: /work/shared/reference/core-set-card-stats.csv; FAQ 1.9 errata), never taken from the
engine."""

from __future__ import annotations

import pytest

from adjudicator.ask import card_features as F
from adjudicator.ask import legality_questions as L
from adjudicator.errors import InputError

Q = "scenarios/lotr/questions/"

# (a player's question naming a card, the situation that stages it, the verdict by the rules, the
# card feature the answer must name)
NAMED = [
    ("Can Legolas attack an enemy engaged with another player?", "ranged-character-attacks-another-players-enemy", "yes",
     "Legolas (CORE 5) is a hero with Ranged"),
    ("Can Gimli shoot an orc engaged with my teammate?", "non-ranged-character-attacks-another-players-enemy", "no",
     "Gimli (CORE 4) is a hero without Ranged"),
    ("Can Horseback Archer attack an enemy in the staging area?", "ranged-character-attacks-the-staging-area", "no",
     "Horseback Archer (CORE 30) is an ally with Ranged"),
    ("Can Thalin attack an enemy in the staging area?", "character-attacks-the-staging-area", "no",
     "Thalin (CORE 6) is a hero without Ranged"),
    ("Can Gondorian Spearman defend for another player?", "sentinel-character-defends-for-another-player", "yes",
     "Gondorian Spearman (CORE 29) is an ally with Sentinel"),
    ("Can Eleanor block for my friend?", "non-sentinel-character-defends-for-another-player", "no",
     "Eleanor (CORE 8) is a hero without Sentinel"),
    ("Can an exhausted Silverlode Archer join another player's attack?", "exhausted-ranged-character-joins-another-players-attack",
     "no", "Silverlode Archer (CORE 17) is an ally with Ranged"),
    ("Can Éowyn quest while exhausted?", "exhausted-character-commits-to-the-quest", "no", "Éowyn (CORE 7) is a hero"),
    ("Can Denethor defend after he quested?", "questing-character-defends", "no", "Denethor (CORE 10) is a hero"),
    ("Can I play Faramir during combat?", "ally-played-in-the-combat-phase", "no", "Faramir (CORE 14) is an ally"),
    ("Can I play Gandalf in the quest phase?", "ally-played-in-the-quest-phase", "no", "Gandalf (CORE 73) is an ally"),
    ("Can I play Blade of Gondolin during the quest phase?", "attachment-played-in-the-quest-phase", "no",
     "Blade of Gondolin (CORE 39) is an attachment"),
    ("Can I play Horn of Gondor in combat?", "attachment-played-in-the-combat-phase", "no",
     "Horn of Gondor (CORE 42) is an attachment"),
    ("Can I play Feint in the quest phase?", "combat-action-event-played-in-the-quest-phase", "no",
     "Feint (CORE 34) is an event whose ability is a Combat Action, as the errata lotr:errata:core-34 reads"),
    ("Can I play Feint during combat?", "combat-action-event-played-in-the-combat-phase", "yes",
     "Feint (CORE 34) is an event whose ability is a Combat Action"),
    ("Can I play Common Cause during the quest phase?", "action-event-played-in-the-quest-phase", "yes",
     "Common Cause (CORE 21) is an event whose ability is an Action"),
    ("Can I play Grim Resolve in the combat phase?", "action-event-played-in-the-combat-phase", "yes",
     "Grim Resolve (CORE 25) is an event whose ability is an Action"),
    ("Can I play Feint during the planning phase?", "combat-action-event-played-in-the-planning-phase", "no",
     "Feint (CORE 34) is an event whose ability is a Combat Action"),
    ("Can I play Lore of Imladris during the planning phase?", "action-event-played-in-the-planning-phase", "yes",
     "Lore of Imladris (CORE 63) is an event whose ability is an Action"),
    ("Can I play Snowbourn Scout in the planning phase?", "ally-played-in-the-planning-phase", "yes",
     "Snowbourn Scout (CORE 16) is an ally"),
    # Forest Snare's "cannot" binds the enemy it is attached to: it does not bear on when it is played
    ("Can I play Forest Snare during combat?", "attachment-played-in-the-combat-phase", "no",
     "Forest Snare (CORE 69) is an attachment"),
    ("Can I play Citadel Plate during the planning phase?", "attachment-played-in-the-planning-phase", "yes",
     "Citadel Plate (CORE 40) is an attachment"),
]

# questions naming a card the reading must leave (no engine verdict), and why
LEFT = [
    # the card's own ability grants the very permission asked about (Dúnhere may attack the staging area)
    ("Can Dúnhere attack an enemy in the staging area?", "the card 'Dúnhere' has an ability that may bear on it (python)"),
    # Aragorn readies himself after he quests: an exhaustion question about him is his ability's
    ("Can Aragorn defend after he quested?", "the card 'Aragorn' has an ability that may bear on it (ready)"),
    # Brok Ironfist puts himself into play from hand after a Dwarf hero leaves play
    ("Can I play Brok Ironfist during combat?", "the card 'Brok Ironfist' has an ability that may bear on it (put_into_play)"),
    # the library holds only the abilities its rulings touch for cards outside the Core Set
    ("Can Boromir defend after he quested?", "the card 'Boromir' (the card library does not hold it whole)"),
    # two designs of one title (the Core ally, the hero of Over Hill and Under Hill)
    ("Can Beorn defend for another player?", "the card 'Beorn' names 2 designs"),
    # a response is played when its trigger happens: no phase answers it
    ("Can I play A Test of Will during the quest phase?", "the card 'A Test of Will' (event) as the target"),
    # an event is not a character
    ("Can Feint attack an enemy in the staging area?", "the card 'Feint' (event) as the actor"),
    # a card in a slot the data's words already fill
    ("Can my ranged character Legolas attack an enemy engaged with another player?", "two actors (Legolas)"),
]


@pytest.mark.parametrize("question,stem,answer,used", NAMED, ids=[n[0] for n in NAMED])
def test_a_card_named_in_a_question_is_read_as_the_features_the_card_library_gives(module_cache, question, stem, answer, used):
    signature, why = L.reading(question)
    assert signature is not None, why
    assert L.situation_for(signature) == Q + stem + ".yaml"
    verdict = L.engine_verdict(question)
    assert verdict is not None and verdict.kind == answer
    assert verdict.text.startswith(f"{answer.capitalize()}: {used}")
    assert "(card library)" in verdict.text
    card = verdict.signature["cards"][0]
    assert card["used"].startswith(used) and card["file"] == "core-set.yaml"


@pytest.mark.parametrize("question,why", LEFT, ids=[q for q, _ in LEFT])
def test_a_card_whose_text_may_change_the_answer_gets_no_engine_verdict(module_cache, question, why):
    signature, reason = L.reading(question)
    assert signature is None and reason == why
    assert L.engine_verdict(question) is None


def test_a_card_that_readies_itself_is_read_where_readying_does_not_bear(module_cache):
    """Aragorn's response readies him: it decides "after he quested?", not "for another player?"
    (Sentinel decides that)."""
    verdict = L.engine_verdict("Can Aragorn defend for another player?")
    assert verdict is not None and verdict.kind == "yes"
    assert verdict.text.startswith("Yes: Aragorn (CORE 1) is a hero with Sentinel, and no ability of its own bears on this")


def test_a_ranged_card_is_read_as_ranged_before_it_is_read_as_a_character(module_cache):
    """Legolas is a character and a ranged one: the staging-area question about a ranged character
    is the one staged for him, not the plain character's (the specific value first)."""
    signature = L.read_question("Can Legolas attack an enemy in the staging area?")
    situation, values = L.staged(signature)
    assert situation == Q + "ranged-character-attacks-the-staging-area.yaml" and values[0].value == "ranged"


def test_a_card_name_is_matched_without_its_diacritics_and_longest_first():
    index = F.index("lotr")
    assert F.match("dunhere attacks", 0, index) == (len("dunhere"), ["Dúnhere"])
    assert F.match("gandalf's search now", 0, index)[1] == ["Gandalf's Search"]
    assert F.match("gandalfs", 0, index) is None  # a name ends at a word's end
    assert L.read_question("Can Dúnhere defend for another player?") == L.read_question("Can Dunhere defend for another player?")


def test_a_game_without_card_rules_reads_no_card(module_cache):
    assert L.reading("Can I play Narsil at a tapped site?", game="metw")[1] == "the word 'narsil'"


def test_asking_with_a_card_name_shows_the_card_features_used(ask_cli):
    code, answer = ask_cli("Can Legolas attack an enemy engaged with my friend?")
    assert code == 0 and answer["verdict"]["kind"] == "yes" and answer["verdict"]["basis"] == "engine"
    assert answer["verdict"]["text"].startswith("Yes: Legolas (CORE 5) is a hero with Ranged")
    assert answer["verdict"]["signature"]["cards"] == [
        {"card": "Legolas", "slot": "actor", "file": "core-set.yaml", "values": ["ranged", "not-sentinel", "character"],
         "value": "ranged", "used": "Legolas (CORE 5) is a hero with Ranged"}]


def test_a_bad_card_rule_names_the_file_and_line(tmp_path):
    bad = tmp_path / "legality_questions.yaml"
    bad.write_text("openings: [can]\nobligations: []\nfunction: [a]\nactions: {attack: {shown_by: []}}\n"
                   "words: []\nquestions: []\ncards:\n  actor:\n    - {type: [hero], keyowrd: Ranged, value: ranged}\n",
                   encoding="utf-8")
    with pytest.raises(InputError) as raised:
        L.read(bad)
    assert "line 9" in str(raised.value) and "keyowrd" in str(raised.value)
    assert "keyword" in (raised.value.hint or "")
