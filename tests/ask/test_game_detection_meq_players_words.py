"""Middle-earth Quest players' words decide the game (issue 11: "no question answered from the
wrong game"; `rules_db/meq/vocabulary.yaml`, the block written in session 16 from public MEQ
threads, each phrase with the thread it was read in).

- A players' word known to MEQ's vocabulary alone ("playing Sauron", "story points", "the hero
  side", "character sheet", "finale combat", "secret mission") points to MEQ: a question whose
  other words are everyone's, or lean to another game, is answered from MEQ, and not as assumed.
- Each such phrase names the thread it comes from, and each thread named is listed with its address.
- A phrase the players of several games write ("wounded", "at the same time") is in each of
  their vocabularies, and so tells no game.
- A word the other games' documents use ("Finale" alone, LOTR's "Peril") is no MEQ marker (the
  marker checks in test_vocabulary_data.py); "finale" alone tells no game.
(The questions here are ours, invented.)"""

from __future__ import annotations

import re

import pytest

from adjudicator.ask import vocabulary
from adjudicator.ask.game_detection import detect
from adjudicator.paths import RULES_DB


@pytest.mark.parametrize("question, without", [
    ("When I play as Sauron, may I look at the cards in my opponents' hands?",
     "When I play, may I look at the cards in my opponents' hands?"),
    ("How many story points do we need before the game ends?", "How many points do we need before the game ends?"),
    ("Does the hero side lose if time runs out?", "Do we lose if time runs out?"),
    ("Is the secret mission revealed at the start?", "Is the goal revealed at the start?"),
    ("Where can I put my influence base early on?", "Where can I put my influence early on?"),
])
def test_a_meq_players_word_decides_a_question_whose_other_words_lean_elsewhere(kb, question, without):
    assert detect(kb, without).game != "meq"  # the words alone: another game, assumed
    detection = detect(kb, question)
    assert detection.game == "meq" and not detection.assumed


@pytest.mark.parametrize("question", [
    "Which number on my character sheet says how many cards I draw?",
    "If my life points run out, is my hero defeated?",
    "Who fights in the finale combat?",
    "Do plot markers move every turn?",
])
def test_a_meq_players_word_makes_the_game_said_not_assumed(kb, question):
    detection = detect(kb, question)
    assert detection.game == "meq" and not detection.assumed
    assert "assumed" not in detection.describe()


def test_finale_alone_is_no_meq_players_word():
    # the LOTR documents say "finale" of a scenario: only MEQ's finale combat (or space) is MEQ's
    expander = vocabulary.Expander([[p.pattern, p.means] for p in vocabulary.read("meq")["phrases"]])
    assert not expander.matches("is this the finale of the campaign?")
    assert expander.matches("who fights in the finale combat?")


def _sourced_block() -> tuple[dict[str, str], list[str]]:
    """The session-16 block of the MEQ vocabulary: {tag: address} and its phrase lines."""
    text = (RULES_DB / "meq" / "vocabulary.yaml").read_text(encoding="utf-8")
    block = text.split("what MEQ players write in public threads (session 16)")[1].split("markers:")[0]
    sources = dict(re.findall(r"#\s+\[(\w+)\]\s+(https?://\S+)", block))
    phrases = [line for line in block.splitlines() if line.strip().startswith('"')]
    return sources, phrases


def test_each_meq_players_phrase_names_a_public_thread_listed_with_its_address():
    sources, phrases = _sourced_block()
    assert phrases and sources
    for line in phrases:
        tags = re.findall(r"\[(\w+)\]", line.split("#", 1)[1] if "#" in line else "")
        assert tags, f"no source for {line.strip()}"
        assert all(tag in sources for tag in tags), f"a source of {line.strip()} is not listed"


def test_a_metw_players_aa_is_the_automatic_attack():
    expander = vocabulary.Expander([[p.pattern, p.means] for p in vocabulary.read("metw")["phrases"]])
    assert "automatic-attack" in expander.expand("my company faced the dragon aa at the site")
    assert "automatic-attack" in expander.expand("does the auto attack count as a hazard?")
    assert "automatic-attack" not in expander.expand("a baa of sheep")


@pytest.mark.parametrize("question, games", [
    ("Can a wounded character still move?", {"lotr", "metw"}),  # METW's own term, LOTR players' word for damage
    ("Do both effects resolve at the same time?", {"lotr", "meq"}),
])
def test_a_phrase_the_players_of_several_games_write_tells_no_game(kb, question, games):
    from adjudicator.ask.game_detection import _said
    from adjudicator.ask.question_index import load

    index = load(kb)
    found = _said(kb, index, question, list(index["present"]))
    assert games <= set(found)  # each of these games' vocabularies holds it
    assert detect(kb, question).said == {}  # so it counts for none
