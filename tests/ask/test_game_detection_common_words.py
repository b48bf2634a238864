"""A question whose words are common to several games, with no name pointing to one game,
shows each game whose record decides it, and says so on its one Game line (issue 11: `ask`
"says which game it assumed, and asks (or shows both) when the question fits two")."""

from __future__ import annotations

from adjudicator.ask.answer import Answer, games_line
from adjudicator.ask.game_detection import COMMON_CLOSE, Detection, detect, word_scores

from .test_game_detection_words import _index


def test_game_detection_number_words_tell_no_game():
    # METW writes "one card", LOTR "1 card": counted alone, a number word measured house style
    records = [("lotr:rr:1", "lotr", "rule", "Defend Attack", "defend attack"),
               ("metw:glossary:1", "metw", "glossary", "One Two", "one two two one")]
    index = _index(records, games=("lotr", "metw"))
    counted: list[str] = []
    word_scores(index, "can two characters defend against one attack?", ["lotr", "metw"], counted=counted)
    assert "two" not in counted and "one" not in counted and "defend" in counted


def test_game_detection_a_question_in_words_common_to_some_games_fits_each_of_them():
    # its words are LOTR's and MEQ's (METW has no heroes) and no name points to one of them
    scores = {"meq": 0.0, "lotr": -(COMMON_CLOSE - 1), "metw": -(COMMON_CLOSE - 2)}
    detection = Detection("meq", scores, {g: [] for g in scores}, common=("lotr", "meq"))
    assert detection.fitting == ["lotr"] and detection.runner_up == "lotr"
    assert Detection("meq", scores, {g: [] for g in scores}, common=()).fitting == []  # no runner-up comes near
    far = {"meq": 0.0, "lotr": -(COMMON_CLOSE + 1), "metw": -10.0}
    assert Detection("meq", far, {g: [] for g in far}, common=("lotr", "meq")).fitting == []


def test_game_detection_a_name_other_games_say_in_words_points_to_no_one_game(kb):
    # "Hand Size" is METW's glossary entry, and the LOTR rules say "no maximum hand size"
    detection = detect(kb, "Is there a hand size limit?")
    assert set(detection.common) == {"lotr", "metw", "meq"}
    assert set(detection.fitting) == {"lotr", "metw", "meq"} - {detection.game}
    # a game's own name still decides
    named = detect(kb, "can the Sauron player put influence on a Shadow Stronghold beyond the red number?")
    assert named.common == () and named.fitting == []


def test_game_detection_defend_and_attack_without_number_words_are_lotr_first(kb):
    detection = detect(kb, "Can two characters defend against one attack?")
    assert detection.game == "lotr" and "metw" in detection.fitting


def test_ask_shows_each_game_whose_record_decides_a_common_question(ask_cli):
    _, answer = ask_cli("Is there a hand size limit?")
    shown = [answer["game"]] + [o["game"] for o in answer["others"]]
    assert sorted(shown) == ["lotr", "meq", "metw"]
    lotr = next(o for o in answer["others"] if o["game"] == "lotr")
    assert lotr["best"]["id"] == "lotr:rr:drawing-cards"  # "There is no maximum hand size."
    assert answer["also"] == answer["others"][0]


def test_ask_leaves_out_a_game_whose_record_does_not_decide_a_common_question(ask_cli):
    # MEQ's best record for a starting hand is Sauron's Starting Plot cards (no hand of a hero)
    _, answer = ask_cli("How many cards is my starting hand?")
    assert all(not o["best"]["id"].startswith("meq:") for o in answer["others"])


def test_ask_puts_first_the_game_whose_engine_or_record_decides_when_the_detected_games_does_not(kb, cli, ask_cli):
    question = "Can I play with four heroes?"
    detection = detect(kb, question)
    assert set(detection.common) == {"lotr", "meq"}
    _, answer = ask_cli(question)
    assert answer["game"] == "lotr" and answer["verdict"]["kind"] == "no"  # the engine's hero limit
    if detection.game != "lotr":
        code, out, _ = cli("ask", question)
        line = out.splitlines()[0]
        # LOTR's engine settles it (a situation staged for the question): that, not a share of words, is why
        assert code == 0 and line.startswith("Game: LOTR") and "this game's engine settles it" in line
        # the detected game's answer still follows: the share of words is a rough measure
        assert detection.game in [o["game"] for o in answer["others"]]


def test_games_line_names_every_game_shown_in_one_line():
    detection = Detection("metw", {"metw": 0.0, "lotr": -1.0, "meq": -2.0}, {"metw": [], "lotr": [], "meq": []},
                          common=("lotr", "meq", "metw"))
    answer = Answer("q", "metw", detection)
    answer.others = [Answer("q", "lotr", detection, best=object()), Answer("q", "meq", detection, best=object())]
    line = games_line(answer)
    assert "\n" not in line and line.startswith("Middle-earth: The Wizards")
    assert "LOTR: The Card Game" in line and "Middle-earth Quest" in line and "no one game" in line


def test_ask_the_many_of_how_many_is_no_word_a_games_record_must_hold(ask_cli):
    # LOTR's step 1.3 ("Each player simultaneously draws 1 card.") decides it for LOTR though it
    # never says "many"; it was left out while "many" counted as a word of the question
    _, answer = ask_cli("How many cards do I draw each turn?")
    shown = {answer["game"]: answer} | {o["game"]: o for o in answer["others"]}
    assert "lotr" in shown and shown["lotr"]["best"]["id"] == "lotr:rr:step:1.3"
