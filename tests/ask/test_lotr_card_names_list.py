"""LOTR's list of card names (rules_db/lotr/card_names.yaml, written by bench/import_card_names.py from a
public card data repository: names, types and packs only): every row is a name, a type and a pack, once;
a question naming a card only the list holds is the LOTR card game's; `card` says such a card is known
by name only, with the spelling it corrected, instead of "no card named"."""

from __future__ import annotations

import yaml

from adjudicator.ask.game_detection import detect
from adjudicator.paths import RULES_DB

TYPES = {"ally", "attachment", "event", "hero", "enemy", "location", "treachery", "objective", "objective-ally",
         "objective-hero", "objective-location", "encounter-side-quest", "player-side-quest", "ship-enemy",
         "ship-objective", "treasure"}


def _rows() -> list:
    return yaml.safe_load((RULES_DB / "lotr" / "card_names.yaml").read_text(encoding="utf-8"))["cards"]


def test_every_listed_card_is_a_name_a_type_and_a_pack_once_in_order():
    rows = _rows()
    assert len(rows) > 1500
    assert all(isinstance(r, list) and len(r) == 3 and all(isinstance(v, str) and v.strip() for v in r) for r in rows)
    assert {r[1] for r in rows} <= TYPES and "quest" not in {r[1] for r in rows}
    keys = [(r[0], r[1]) for r in rows]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)


def test_the_list_holds_no_card_text_only_names():
    assert all(len(r[0]) <= 40 and not r[0].rstrip("!?").endswith(".") for r in _rows())


def test_a_question_naming_a_card_only_the_list_holds_is_the_lotr_card_games(kb):
    detection = detect(kb, "Can The Riddermark's Finest put its progress on a location in the staging area?")
    assert detection.game == "lotr"
    assert "The Riddermark's Finest" in detection.evidence["lotr"]


def test_card_says_a_listed_card_is_known_by_name_only_and_which_name_it_read(cli):
    code, out, err = cli("card", "Rivendel Blade")
    assert code == 1 and out == "" and "Traceback" not in err
    first = err.splitlines()[0]
    assert first.startswith("Error: Rivendell Blade (you typed Rivendel Blade): a LOTR card (attachment, pack ")
    assert "known by name only" in first


def test_card_still_finds_nothing_for_a_name_no_list_holds(cli):
    code, _, err = cli("card", "Zzyzx Qwerty")
    assert code == 1 and err.startswith("Error: no card named 'Zzyzx Qwerty'")


def test_an_answer_says_a_card_it_knows_by_name_only_gives_the_general_rules(ask_cli):
    code, answer = ask_cli("Can The Riddermark's Finest place progress on a location in the staging area?")
    assert code == 0
    notes = [n for n in answer["notes"] if "known here by name only" in n]
    assert len(notes) == 1 and notes[0].startswith("The Riddermark's Finest (ally, pack ")


def test_no_such_note_for_a_card_the_library_or_the_documents_hold(ask_cli):
    for question in ("Does the Hill Troll's excess damage raise my threat when the attack is undefended?",
                     "Can Gandalf be played with Sneak Attack and come back next round?"):
        _, answer = ask_cli(question)
        assert not any("known here by name only" in n for n in answer["notes"]), question
