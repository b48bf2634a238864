"""Yes/no questions about what is legal in METW, answered by the METW engine (issue 11: "when the
deciding rule is one the engine enforces, the answer names the command that shows it").

The verdicts and rule ids below are written by hand from the METW rules (each situation file's
`expect:` block holds the verdict, and the golden tests hold the engine to it); the reading of the
question is data (rules_db/metw/legality_questions.yaml), read with the game `ask` chose."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from adjudicator.ask import legality_questions as L
from adjudicator.engine.situation import load_yaml_data, read_text

REPO = Path(__file__).resolve().parents[2]
QUESTIONS = REPO / "scenarios" / "metw" / "questions"
GAME = "metw"

# (a player's phrasing, the situation that stages it, the verdict by the rules)
PHRASINGS = [
    ("Can I explore a tapped site?", "tapped-site-explored", "no"),
    ("Can my company explore a site that is already tapped?", "tapped-site-explored", "no"),
    ("Can I play an item if the site is already tapped?", "item-played-at-a-tapped-site", "no"),
    ("Is it legal to play a major item at a tapped site?", "item-played-at-a-tapped-site", "no"),
    ("Can I play an item before facing the automatic-attack?", "item-played-before-the-automatic-attack", "no"),
    ("Can my company take an item without fighting the site's automatic-attack?",
     "item-played-before-the-automatic-attack", "no"),
    ("Can a tapped character play an item?", "tapped-character-plays-an-item", "no"),
    ("Can a tapped character take an item at a site?", "tapped-character-plays-an-item", "no"),
    ("Can I play a major item at a site that only allows minor items?", "major-item-at-a-minor-item-site", "no"),
    ("Can one character take two strikes from the same attack?", "one-character-faces-two-strikes", "no"),
    ("Can my strongest guy block two strikes of the same attack?", "one-character-faces-two-strikes", "no"),
    ("Can I choose to put a strike on my tapped guy myself as the defender?",
     "defender-assigns-a-strike-to-a-tapped-character", "no"),
    ("Can I assign a strike to my tapped character?", "defender-assigns-a-strike-to-a-tapped-character", "no"),
    ("Can I discard my wizard if I want to?", "wizard-discarded-by-choice", "no"),
    ("Can a follower have followers of his own?", "follower-takes-a-follower", "no"),
    ("Can my guy take a follower who is at a different site?", "follower-taken-at-another-site", "no"),
    ("Can I store The One Ring?", "one-ring-stored", "no"),
    ("Can I pass a sword to a character at a different site?", "item-transferred-to-another-site", "no"),
    ("Can a tapped character give his items to another character?", "tapped-character-gives-an-item", "yes"),
    ("Can a wounded character heal away from a haven?", "wounded-character-heals-away-from-a-haven", "no"),
    ("Can I play hazards in my own turn?", "hazard-played-in-own-turn", "no"),
    ("Can I influence away my opponent's wizard?", "opponents-wizard-influenced", "no"),
    ("Can a tapped character influence a faction?", "tapped-character-influences-a-faction", "no"),
    ("Can I play a resource card during my opponent's turn?", "resource-played-in-opponents-turn", "no"),
]

# questions with something the signature does not capture (or that turn on what it leaves out):
# no engine verdict, and why (None: read, but no situation stages that signature)
LEFT_OVER = [
    ("Can I play Return of the King at a tapped site?", "the word 'return'"),  # a card: an event may be
    ("Can my company explore and play an ally at a site that is already tapped?", "the word 'and'"),
    ("Can a tapped character take an item or influence a faction at a site?", "the word 'or'"),
    ("Can a strike be assigned to a tapped character?", "the word 'strike'"),  # by the attacker it can
    ("Can the attacker put a strike on my tapped guy?", "the word 'attacker'"),
    ("Can I play an item without defeating the automatic-attack?", "the word 'without'"),  # need not defeat it
    ("Can I play a bonus minor item at a site that doesn't list minor items?", "the word 'bonus'"),
    ("Can my company just skip exploring its site to avoid the automatic-attack?", "the word 'skip'"),
    ("Can I store The One Ring to keep it safe?", "the word 'keep'"),
    ("Can I not explore a tapped site?", "the word 'not'"),
    ("Must I explore a tapped site?", "no opening asking for permission or obligation"),
    ("Can I explore a tapped site, and play an item there?", "not one plain sentence"),
    ("Can I play a card at a tapped site?", "the word 'card'"),
    ("Can a strike be put on my tapped guy?", "the word 'strike'"),  # a passive: who puts it is the answer
    ("Can the items of a tapped character be given away?", "a target before the action"),
    ("Can a character play an item?", None),  # nothing that forbids it is said
    ("Can a tapped character explore a site?", None),  # a company explores: not staged
    ("Can I put a strike on a tapped character?", "the word 'on'"),  # whose, and who assigns, is the answer
]


def _expected(stem: str) -> dict:
    return load_yaml_data(read_text(QUESTIONS / f"{stem}.yaml"))["expect"]


def test_tapped_site_cannot_be_explored_answered_by_engine(module_cache):
    verdict = L.engine_verdict("Can I explore a tapped site?", GAME)
    assert verdict is not None and verdict.kind == "no" and verdict.basis == "engine"
    assert verdict.rules == ["metw:standard:4:site-phase", "metw:starter:4:clarification:6"]
    assert verdict.text.startswith("No: ")
    assert verdict.command == "adjudicator check scenarios/metw/questions/tapped-site-explored.yaml"


def test_item_cannot_be_played_before_the_automatic_attack_answered_by_engine(module_cache):
    verdict = L.engine_verdict("Can I play an item before facing the automatic-attack?", GAME)
    assert verdict is not None and verdict.kind == "no"
    assert "metw:starter:4:clarification:5" in verdict.rules


def test_one_character_cannot_face_two_strikes_of_one_attack_answered_by_engine(module_cache):
    verdict = L.engine_verdict("Can one character take two strikes from the same attack?", GAME)
    assert verdict is not None and verdict.kind == "no"
    assert verdict.rules == ["metw:starter:7:attacks-and-strikes:clarification:1"]


def test_a_wizard_cannot_be_discarded_answered_by_engine(module_cache):
    verdict = L.engine_verdict("Can I discard my wizard?", GAME)
    assert verdict is not None and verdict.kind == "no" and verdict.rules == ["metw:standard:5:discarding-characters"]


def test_tapped_character_may_give_an_item_answered_by_engine(module_cache):
    """A Yes comes from the replay showing the item passing, with the rule its step cites."""
    verdict = L.engine_verdict("Can a tapped character give his items to another character?", GAME)
    assert verdict is not None and verdict.kind == "yes"
    assert verdict.rules == ["metw:starter:10:transferring-items"]
    assert verdict.command == "adjudicator replay scenarios/metw/questions/tapped-character-gives-an-item.yaml"


@pytest.mark.parametrize("question,stem,answer", PHRASINGS, ids=[p[0] for p in PHRASINGS])
def test_a_metw_players_phrasing_is_read_into_the_situation_that_stages_it(module_cache, question, stem, answer):
    signature, why = L.reading(question, game=GAME)
    assert signature is not None, why
    assert L.situation_for(signature, game=GAME) == f"scenarios/metw/questions/{stem}.yaml"
    verdict = L.engine_verdict(question, GAME)
    assert verdict is not None and verdict.kind == answer
    assert _expected(stem)["legal"] is (answer == "yes")  # the file's hand-written verdict agrees


@pytest.mark.parametrize("question,why", LEFT_OVER, ids=[q for q, _ in LEFT_OVER])
def test_a_metw_question_with_words_the_signature_does_not_capture_gets_no_engine_verdict(module_cache, question, why):
    signature, reason = L.reading(question, game=GAME)
    if why is None:
        assert signature is not None and L.situation_for(signature, game=GAME) is None
    else:
        assert signature is None and reason == why
    assert L.engine_verdict(question, GAME) is None


def test_questions_are_read_with_the_words_of_the_game_asked():
    """METW's data does not read a LOTR question, nor LOTR's a METW one."""
    assert L.read_question("Can an exhausted character quest?", game=GAME) is None
    assert L.read_question("Can I explore a tapped site?", game="lotr") is None
    assert L.read_question("Can I explore a tapped site?", game="meq") is None


def test_every_metw_question_situation_is_listed_in_the_data_and_every_listed_one_exists():
    data = L.read(L.data_path(GAME))
    listed = {row["situation"] for row in data["questions"]}
    assert listed == {f"scenarios/metw/questions/{p.name}" for p in QUESTIONS.glob("*.yaml")}


def test_each_metw_situation_states_its_verdict_by_the_rules():
    for row in L.read(L.data_path(GAME))["questions"]:
        expect = load_yaml_data(read_text(REPO / row["situation"]))["expect"]
        assert isinstance(expect.get("legal"), bool), row["situation"]


def test_every_rule_the_metw_engine_cites_for_a_question_exists(kb, module_cache):
    ids = {rid for (rid,) in kb.store.conn.execute("select id from records")}
    for row in L.read(L.data_path(GAME))["questions"]:
        found = L.engine_result(row["situation"], game=GAME)
        assert found is not None, row["situation"]
        assert found["rules"] and set(found["rules"]) <= ids, (row["situation"], set(found["rules"]) - ids)


def test_ask_with_game_metw_opens_with_the_engines_verdict(ask_cli):
    code, answer = ask_cli("Can I explore a tapped site?", "--game", "metw")
    assert code == 0 and answer["verdict"]["basis"] == "engine" and answer["verdict"]["kind"] == "no"
    assert answer["exercised"]["command"] == "adjudicator check scenarios/metw/questions/tapped-site-explored.yaml"


def test_ask_without_a_game_reads_a_detected_metw_question_with_metw_words(ask_cli):
    code, answer = ask_cli("Can I store The One Ring?")
    assert code == 0 and answer["game"] == "metw"
    assert answer["verdict"]["kind"] == "no"
    assert answer["exercised"]["command"] == "adjudicator check scenarios/metw/questions/one-ring-stored.yaml"


def test_asking_another_metw_question_does_not_import_the_engine(all_games_env):
    code = ("import sys; from adjudicator.cli import main\n"
            "main(['ask', 'How many marshalling points do I need to call the Free Council?', '--game', 'metw', '--json'])\n"
            "sys.stderr.write(str(any(m.startswith('adjudicator.metw.engine') for m in sys.modules)))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, timeout=120)
    assert done.stderr.strip().endswith("False"), done.stderr[-500:]
