"""Yes/no questions about what is legal in Middle-earth Quest, answered by the MEQ engine (issue
11: "when the deciding rule is one the engine enforces, the answer names the command that shows
it").

The verdicts and rule ids below are written by hand from the MEQ rules (each situation file's
`expect:` block holds the verdict, and the golden tests hold the engine to it); the reading of the
question is data (rules_db/meq/legality_questions.yaml), read with the game `ask` chose."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.ask import legality_questions as L
from adjudicator.engine.situation import load_yaml_data, read_text

REPO = Path(__file__).resolve().parents[2]
QUESTIONS = REPO / "scenarios" / "meq" / "questions"
GAME = "meq"

# (a player's phrasing, the situation that stages it, the verdict by the rules)
PHRASINGS = [
    ("Can Sauron put a monster token right on top of my hero?", "monster-token-placed-on-a-hero", "no"),
    ("Can Sauron drop a new monster token where my hero is?", "monster-token-placed-on-a-hero", "no"),
    ("Can Sauron place a monster token on a location without influence?", "monster-token-placed-without-influence", "no"),
    ("Can Sauron place more than one monster token with one command action?",
     "two-monster-tokens-placed-in-one-command", "no"),
    ("Can Sauron heal a minion that shares a location with a hero?", "minion-healed-beside-a-hero", "no"),
    ("Can one command move a minion two locations at once?", "minion-moved-two-locations-by-one-command", "no"),
    ("Can I take the dark path twice in one turn?", "dark-path-chosen-twice-in-one-turn", "no"),
    ("Can I take a dark path if I already have four corruption cards?",
     "dark-path-chosen-with-four-corruption-cards", "no"),
    ("Can I still choose a dark path with three corruption cards?", "dark-path-chosen-with-three-corruption-cards", "yes"),
    ("Can I rest if there's a monster token on my location?", "hero-rests-beside-a-monster-token", "no"),
    ("Can my hero rest on a space with an Orc token on it?", "hero-rests-beside-a-monster-token", "no"),
    ("Can I rest with a minion standing on my location?", "hero-rests-beside-a-monster-token", "no"),
    ("Can my hero rest in a Shadow Stronghold?", "hero-rests-in-a-shadow-stronghold", "no"),
    ("Can my hero heal when resting in a Haven?", "hero-heals-resting-in-a-haven", "yes"),
    ("Can my hero heal when he rests on a location with the Haven icon?", "hero-heals-resting-in-a-haven", "yes"),
    ("Can Sauron place influence in a Haven?", "influence-placed-in-a-haven", "no"),
]

# no engine verdict, and why (None: read, but no situation stages that signature)
LEFT_OVER = [
    ("Can a monster token next to my hero be moved onto me?", "the word 'monster'"),  # moved there it may be
    ("Can Sauron heal Gothmog if he's on the same spot as a hero?", "the word 'gothmog'"),
    ("Can my hero rest in Dol Guldur or another stronghold?", "the word 'in'"),  # a place name
    ("Can influence be placed in a Haven like Rivendell?", "the word 'like'"),
    ("Can a green monster token go in a location of a different region color?", "the word 'green'"),
    ("Can I take the dark path twice?", None),  # once a turn: twice in a game is allowed
    ("Can my hero heal?", None),
    ("Can the Nazgul walk into Rivendell or another Haven?", "the word 'nazgul'"),
]


def _expected(stem: str) -> dict:
    return load_yaml_data(read_text(QUESTIONS / f"{stem}.yaml"))["expect"]


def test_monster_token_cannot_be_placed_on_a_heros_location_answered_by_engine(module_cache):
    verdict = L.engine_verdict("Can Sauron put a monster token right on top of my hero?", GAME)
    assert verdict is not None and verdict.kind == "no" and verdict.basis == "engine"
    assert verdict.rules == ["meq:glossary:place-monster-token"]
    assert verdict.command == "adjudicator check scenarios/meq/questions/monster-token-placed-on-a-hero.yaml"


def test_dark_path_once_a_turn_answered_by_engine(module_cache):
    verdict = L.engine_verdict("Can I take the dark path twice in one turn?", GAME)
    assert verdict is not None and verdict.kind == "no" and verdict.rules == ["meq:glossary:choose-a-dark-path"]


def test_hero_heals_resting_in_a_haven_answered_by_engine(module_cache):
    """A Yes comes from the replay showing the heal, with the rule its step cites."""
    verdict = L.engine_verdict("Can my hero heal when resting in a Haven?", GAME)
    assert verdict is not None and verdict.kind == "yes" and verdict.rules == ["meq:rules:hero-game-rules:healing"]
    assert verdict.command == "adjudicator replay scenarios/meq/questions/hero-heals-resting-in-a-haven.yaml"


@pytest.mark.parametrize("question,stem,answer", PHRASINGS, ids=[p[0] for p in PHRASINGS])
def test_a_meq_players_phrasing_is_read_into_the_situation_that_stages_it(module_cache, question, stem, answer):
    signature, why = L.reading(question, game=GAME)
    assert signature is not None, why
    assert L.situation_for(signature, game=GAME) == f"scenarios/meq/questions/{stem}.yaml"
    verdict = L.engine_verdict(question, GAME)
    assert verdict is not None and verdict.kind == answer
    assert _expected(stem)["legal"] is (answer == "yes")  # the file's hand-written verdict agrees


@pytest.mark.parametrize("question,why", LEFT_OVER, ids=[q for q, _ in LEFT_OVER])
def test_a_meq_question_with_words_the_signature_does_not_capture_gets_no_engine_verdict(module_cache, question, why):
    signature, reason = L.reading(question, game=GAME)
    if why is None:
        assert signature is not None and L.situation_for(signature, game=GAME) is None
    else:
        assert signature is None and reason == why
    assert L.engine_verdict(question, GAME) is None


def test_every_meq_question_situation_is_listed_in_the_data_and_every_listed_one_exists():
    data = L.read(L.data_path(GAME))
    listed = {row["situation"] for row in data["questions"]}
    assert listed == {f"scenarios/meq/questions/{p.name}" for p in QUESTIONS.glob("*.yaml")}


def test_each_meq_situation_states_its_verdict_by_the_rules():
    for row in L.read(L.data_path(GAME))["questions"]:
        expect = load_yaml_data(read_text(REPO / row["situation"]))["expect"]
        assert isinstance(expect.get("legal"), bool), row["situation"]


def test_every_rule_the_meq_engine_cites_for_a_question_exists(kb, module_cache):
    ids = {rid for (rid,) in kb.store.conn.execute("select id from records")}
    for row in L.read(L.data_path(GAME))["questions"]:
        found = L.engine_result(row["situation"], game=GAME)
        assert found is not None, row["situation"]
        assert found["rules"] and set(found["rules"]) <= ids, (row["situation"], set(found["rules"]) - ids)


def test_ask_with_game_meq_opens_with_the_engines_verdict(ask_cli):
    code, answer = ask_cli("Can Sauron heal a minion that shares a location with a hero?", "--game", "meq")
    assert code == 0 and answer["verdict"]["kind"] == "no"
    assert answer["exercised"]["command"] == "adjudicator check scenarios/meq/questions/minion-healed-beside-a-hero.yaml"
