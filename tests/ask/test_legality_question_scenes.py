"""Legality questions that set their scene first (adjudicator/ask/scene_clauses.py): what a scene
clause says of a card or of whom a pronoun means applies to the asking clause, by the question's
grammar; a scene the data does not read, or a pronoun that could mean two subjects, gives no
reading (a wrong verdict is worse than none).  The expected verdicts are the rules' (each
situation's `expect:` block holds them)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from adjudicator.ask import legality_questions as L
from adjudicator.ask import scene_clauses as S

REPO = Path(__file__).resolve().parents[2]


def _same_reading(scene_first: str, one_sentence: str, game: str = "lotr"):
    first, why = L.reading(scene_first, game=game)
    assert first is not None, why
    plain, why = L.reading(one_sentence, game=game)
    assert plain is not None, why
    assert first.to_dict() == plain.to_dict()
    return first


def test_a_pronoun_binds_to_the_one_named_character(module_cache):
    signature = _same_reading("Legolas is exhausted, can he go questing?", "Can an exhausted Legolas go questing?")
    assert [c.name for c in signature.cards] == ["Legolas"] and signature.conditions == {"exhausted"}
    verdict = L.engine_verdict("Legolas is exhausted, can he go questing?")
    assert verdict is not None and verdict.kind == "no" and "lotr:rr:exhausted" in verdict.rules


def test_a_state_in_a_scene_clause_applies_to_the_asking_clause(module_cache):
    # a sentence of its own, an "if" clause, and the card named again instead of a pronoun
    _same_reading("Gimli is tapped. May Gimli block?", "May a tapped Gimli block?")
    _same_reading("If my hero quested this round, can he defend?", "Can my hero that quested this round defend?")
    # a state said of a target becomes the target ("the orc that is engaged with my partner")
    signature = _same_reading("The orc is engaged with my partner; can Legolas attack it?",
                              "Can Legolas attack an orc engaged with my partner?")
    assert signature.target == "enemy-of-another-player"


def test_my_hero_said_again_means_the_one_named_character(module_cache):
    _same_reading("Legolas is exhausted. Can my hero defend?", "Can an exhausted Legolas defend?")


def test_the_same_states_in_the_other_games_scenes(module_cache):
    _same_reading("My character is tapped, may he influence a faction?", "May a tapped character influence a faction?", "metw")
    _same_reading("I have four corruption cards. Can my hero choose a dark path?",
                  "Can my hero choose a dark path if I have four corruption cards?", "meq")


def test_the_time_a_scene_states_is_when_the_question_asks(module_cache):
    _same_reading("It's the combat phase, can I play an attachment?", "Can I play an attachment in the combat phase?")
    _same_reading("It is my opponent's turn. Can I play a resource?", "Can I play a resource during my opponent's turn?", "metw")


def test_an_attack_the_scene_states_is_what_the_question_defends(module_cache):
    signature, why = L.reading("Legolas is exhausted and an enemy attacks us, can he defend?")
    assert signature is not None, why
    assert signature.target == "attack" and signature.conditions == {"exhausted"}


def test_two_named_characters_and_he_is_ambiguous_no_legality_reading(module_cache):
    signature, why = L.reading("I have Gimli and Legolas in play, can he defend for my partner?")
    assert signature is None and "more than one" in why
    assert L.engine_verdict("I have Gimli and Legolas in play, can he defend for my partner?") is None
    # with the name said, the same scene reads
    assert L.reading("I have Gimli and Legolas in play, can Legolas join my partner's attack?")[0] is not None


def test_a_state_of_the_target_is_not_read_as_the_actors(module_cache):
    """"an enemy that is exhausted": what is said after a relative pronoun is the target's, which no
    situation stages (today's one-sentence reading took it for the attacker's exhaustion)."""
    for question in ("Can I attack an orc that is exhausted?", "The troll is exhausted, can I attack it?"):
        signature, why = L.reading(question)
        assert signature is None and why == "a condition of the target", question


@pytest.mark.parametrize("question", [
    "Legolas isn't exhausted, so can he attack?",  # a negation the reading does not take
    "My character was tapped, can he influence a faction?",  # a state said in the past may no longer hold
    "It was my opponent's turn, can I play a resource?",  # a time said in the past
    "Gimli was readied by a card, can he defend?",  # something the engine does not stage
    "Gimli is exhausted, can Legolas defend?",  # a scene about someone the question does not ask about
    "My wizard is tapped, can he play a resource?",  # the data reads "my wizard" as a target, not a "he"
    "Gimli is exhausted. Can he defend? And can he quest?",  # two questions
    "Can Gimli defend, given that he is exhausted?",  # the asking clause first
])
def test_a_scene_the_data_does_not_read_or_bind_gives_no_reading(module_cache, question):
    assert L.engine_verdict(question) is None
    assert L.engine_verdict(question, "metw") is None


def test_a_scene_clause_is_cut_into_subject_link_and_what_it_says():
    split = S.split("gimli is exhausted and an orc attacks me, so can he still defend?")
    assert split == (["gimli is exhausted", "an orc attacks me"], "can he still defend")
    assert S.split("can an exhausted character quest?") is None
    said = S.clause("my hero already attacked this phase", lambda ws: S.subject_words_end(ws, lambda w, i: False))
    assert (said.subject, said.link, said.relative()) == ("my hero", "", "that already attacked this phase")
    said = S.clause("he's tapped", lambda ws: None)
    assert (said.subject, said.relative()) == ("he", "that is tapped")


def test_a_scene_question_that_is_not_a_legality_question_does_not_import_the_engine(all_games_env):
    code = ("import sys; from adjudicator.cli import main\n"
            "main(['ask', 'Gimli is exhausted, how many cards do I draw in the resource phase?', '--json'])\n"
            "sys.stderr.write(str(any(m.startswith('adjudicator.lotr.engine') for m in sys.modules)))")
    # the first run builds what a fresh cache folder lacks (the knowledge base's derived indexes)
    subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, timeout=300)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, timeout=120)
    assert done.stderr.strip().endswith("False"), done.stderr[-500:]
