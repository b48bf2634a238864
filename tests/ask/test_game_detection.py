"""`ask`, `rule`, `search` and `card` answer from the game the question is about (issue 11):
each game's card names, terms and players' words point to it; a question that fits two
games shows both; --game overrides; only games whose documents are present are chosen."""

from __future__ import annotations

import pytest

from adjudicator.ask.game_detection import detect, given


@pytest.mark.parametrize("question, game", [
    ("does my company have to be at a haven to heal a wounded character?", "metw"),
    ("how many marshalling points do I need to call the Free Council", "metw"),
    ("what happens when my wizard fails a corruption check", "metw"),
    ("how much does my threat go up when the staging area beats our willpower?", "lotr"),
    ("can I play Feint after the shadow card is revealed?", "lotr"),
    ("what does surge do", "lotr"),
    ("can the Sauron player put influence on a Shadow Stronghold beyond the red number?", "meq"),
])
def test_a_question_is_recognised_as_its_game(kb, question, game):
    assert detect(kb, question).game == game


def test_a_card_name_only_one_game_prints_points_to_that_game(kb):
    detection = detect(kb, "can Gandalf attack an enemy in the staging area with Sneak Attack?")
    assert detection.game == "lotr"
    assert "Sneak Attack" in detection.evidence["lotr"]


def test_a_name_both_games_use_is_no_evidence_for_either(kb):
    # Gandalf is a card in LOTR and a Wizard in METW: the name alone decides nothing
    detection = detect(kb, "Gandalf")
    assert "Gandalf" not in detection.evidence.get("lotr", []) + detection.evidence.get("metw", [])


def test_a_metw_question_about_two_wizards_is_not_taken_for_lotr_on_the_name_saruman(kb):
    """Saruman is a LOTR ally and one of the five Wizards the METW rules name."""
    for wizard in ("Saruman", "Gandalf"):
        detection = detect(kb, wizard)
        assert wizard not in detection.evidence.get("lotr", []) + detection.evidence.get("metw", [])
    assert detect(kb, "can Gandalf be in the same company as Saruman?").game == "metw"


def test_card_saruman_names_the_metw_wizard_too(cli):
    code, out, _ = cli("card", "Saruman")
    assert code == 0 and "adjudicator card Saruman --game metw" in out
    code, out, _ = cli("card", "Saruman", "--game", "metw")
    assert code == 0 and "Middle-earth: The Wizards" in out and "Wizard" in out


def test_a_question_that_fits_two_games_names_the_runner_up(kb):
    detection = detect(kb, "can two copies of a unique card be in play?")
    assert {detection.game, detection.runner_up} == {"lotr", "metw"}


def test_a_given_game_is_never_second_guessed(kb):
    detection = given("meq")
    assert detection.game == "meq" and detection.runner_up is None and detection.given


def test_ask_without_a_flag_says_which_game_it_assumed(ask_cli):
    code, answer = ask_cli("does my company have to be at a haven to heal a wounded character?")
    assert code == 0
    assert answer["game"] == "metw" and answer["game_detection"]["given"] is False
    assert answer["best"]["source"] == "metw-rules"


def test_ask_shows_the_second_game_when_the_question_fits_both(ask_cli):
    _, answer = ask_cli("can two copies of a unique card be in play?")
    assert answer["also"] is not None
    assert {answer["game"], answer["also"]["game"]} == {"lotr", "metw"}
    assert answer["also"]["best"]["source"] != answer["best"]["source"]


def test_ask_game_flag_overrides_the_detection(ask_cli):
    _, answer = ask_cli("how does healing work", "--game", "meq")
    assert answer["game"] == "meq" and answer["game_detection"]["given"] is True
    assert answer["best"]["id"].startswith("meq:") and answer["also"] is None


def test_ask_human_output_names_the_game(cli):
    code, out, _ = cli("ask", "how many marshalling points do I need to call the Free Council")
    assert code == 0
    assert "Game: Middle-earth: The Wizards" in out


def test_rule_without_a_game_answers_a_lotr_player_with_the_lotr_entry_and_names_the_other(cli):
    import json

    code, out, _ = cli("rule", "unique", "--json")
    data = json.loads(out)
    assert data["id"] == "lotr:rr:unique-cards"
    assert data["game_detection"]["game"] == "lotr"
    assert any(o["id"] == "metw:glossary:unique" for o in data["other_games"])


def test_rule_follows_the_words_of_its_query_to_their_game(cli):
    import json

    _, out, _ = cli("rule", "corruption check", "--json")
    assert json.loads(out)["id"].startswith("metw:")


def test_rule_game_flag_overrides(cli):
    import json

    _, out, _ = cli("rule", "unique", "--game", "metw", "--json")
    assert json.loads(out)["id"] == "metw:glossary:unique"


def test_search_without_a_game_ranks_the_detected_games_records(cli):
    import json

    _, out, _ = cli("search", "company haven heal wounded character", "--json")
    data = json.loads(out)
    assert data["game"] == "metw"
    assert data["hits"] and all(h["game"] == "metw" for h in data["hits"])


def test_search_says_which_game_it_assumed_and_game_overrides(cli):
    import json

    code, out, _ = cli("search", "company haven heal wounded character")
    assert code == 0 and "Searching metw" in out
    _, out, _ = cli("search", "company haven heal wounded character", "--game", "lotr", "--json")
    assert {h["game"] for h in json.loads(out)["hits"]} == {"lotr"}


def test_card_of_another_game_is_shown_from_its_game(cli):
    import json

    _, out, _ = cli("card", "Aragorn II", "--json")
    data = json.loads(out)
    assert data["game"] == "metw" and data["figures"]["mind"] == 9
    assert data["records"] and all(r["id"].startswith("metw:") for r in data["records"])


def test_card_of_lotr_stays_lotr_and_game_overrides(cli):
    import json

    _, out, _ = cli("card", "Feint", "--json")
    assert json.loads(out)["game"] == "lotr"
    _, out, _ = cli("card", "Gandalf", "--game", "metw", "--json")
    assert json.loads(out)["game"] == "metw"


def test_only_games_whose_documents_are_present_are_chosen(tmp_path, source_doc, monkeypatch):
    from adjudicator.kb.api import open_kb

    folder = tmp_path / "sources"
    folder.mkdir()
    doc = source_doc("meq-rules")
    (folder / doc.path.name).symlink_to(doc.path.resolve())
    monkeypatch.setenv("ADJUDICATOR_SOURCES", str(folder))
    monkeypatch.setenv("ADJUDICATOR_CACHE", str(tmp_path / "cache"))
    kb = open_kb(quiet=True)
    assert detect(kb, "how much does my threat go up when the staging area beats our willpower?").game == "meq"


def test_no_loose_name_match_scores_above_the_ceiling_that_rule_relies_on(kb):
    """`rule` skips the fuzzy pass in the other games when one game has the exact name and
    `fuzzy_ceiling` says no looser match could tie: the ceiling must hold for every name."""
    from adjudicator.kb import lookup
    from adjudicator.kb.names import best_matches, fuzzy_ceiling, name_key

    queries = ["engagement check", "engagment", "sentinel", "body check", "combat", "ranged", "hero",
               "resource resource resource resource", "check check", "the wounded character", "staging area"]
    for game in ("lotr", "metw", "meq"):
        names = kb.store.names(lookup.RULE_KINDS, game)
        for query in queries + [n for _, n, _, _ in names[::25]]:
            for match in best_matches(query, names, limit=50, cutoff=0.0):
                if name_key(match.name) != name_key(query):
                    assert match.score <= fuzzy_ceiling(query) + 1e-9, (query, match)


def test_a_lotr_trait_no_other_game_uses_points_to_lotr(kb):
    # "Spider" and "Eagle" are traits of the LOTR card library that the METW and MEQ documents
    # never use; "creature" is a METW rules word too, so the trait must outweigh it
    detection = detect(kb, "do spiders count as creatures when a card says creature?")
    assert detection.game == "lotr"
    assert "Spider" in detection.evidence["lotr"]


def test_a_trait_another_game_uses_is_no_evidence(kb):
    from adjudicator.ask.entities import _own_traits

    traits = _own_traits(kb.store)
    assert "Eagle" in traits and "Silvan" in traits
    # METW's documents speak of items, Hobbits and Orcs as well: those traits tell no game
    assert not {"Item", "Hobbit", "Orc", "Creature"} & set(traits)


def test_a_phase_name_is_its_games_even_when_its_first_word_is_another_games_term(kb):
    # "resource" is a METW term, but the resource phase is LOTR's; the untap phase is METW's
    lotr = detect(kb, "How many cards do I draw in the resource phase?")
    assert lotr.game == "lotr" and "Resource Phase" in lotr.evidence["lotr"]
    assert "untap phase" in [n.lower() for n in detect(kb, "what happens in the untap phase").evidence["metw"]]


@pytest.mark.parametrize("question", [
    "If I use the Fellowship Frodo, does his ability trigger on damage?",
    "Is Sam's stat boost tied to him readying?",
    "How many resources does Bilbo get each round?",
])
def test_a_lotr_card_called_by_its_first_name_which_is_also_a_metw_card_is_not_taken_for_metw(kb, question):
    from adjudicator.ask.game_detection import detect

    assert detect(kb, question).game == "lotr"
