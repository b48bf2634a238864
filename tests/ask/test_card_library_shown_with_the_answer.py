"""`ask` shows what a named card does from the card library (our paraphrase, with the card's
reference and the library's file and line) when no record the answer shows names the card:
the documents' answer then does not say what the card does (``adjudicator.ask.card_ability``)."""

from __future__ import annotations

from pathlib import Path

from adjudicator.ask import card_ability
from adjudicator.ask.entities import Entity

REPO = Path(__file__).resolve().parents[2]
HILL_TROLL = "Hill Troll hits my undefended hero for more than his hit points, what happens?"


def _card(name: str, example: bool = False, game: str = "lotr") -> Entity:
    from adjudicator.kb.names import name_key

    return Entity(name_key(name), name, "card", game, "", 0, 1, example)


def test_a_card_no_record_shown_names_is_shown_as_the_card_library_holds_it(ask_cli, cli):
    code, answer = ask_cli(HILL_TROLL)
    assert code == 0
    shown = [answer["best"]] + answer["supporting"]
    assert not any("hill troll" in (c["title"] + " " + c["sentence"]).lower() for c in shown)
    [card] = answer["card_library"]
    assert card["card"] == "Hill Troll" and card["set_ref"] == "CORE 82"
    assert card["command"] == 'adjudicator card "Hill Troll"'
    # the library's own file and line hold the card, and its paraphrase is the one `card` shows
    lines = (REPO / card["source"]).read_text(encoding="utf-8").splitlines()
    assert lines[card["line"] - 1].strip() == "- name: Hill Troll"
    _, out, _ = cli("card", "Hill Troll", "--json")
    import json

    shown_by_card = [{"kind": a["kind"], "says": a["says"]} for a in json.loads(out)["abilities"]]
    assert card["abilities"] == shown_by_card
    _, people, _ = cli("ask", HILL_TROLL)
    text = " ".join(people.split())
    assert "Card library (our paraphrase of the card, not a document)" in text and card["abilities"][0]["says"] in text


def test_a_card_a_shown_record_names_is_not_shown_again_from_the_library(ask_cli):
    # FAQ Q6 spells it "Dungeon Jailer (CORE 101)": its reference names the card
    _, answer = ask_cli("If Dungeon Jailor is undefeated, does the objective go back into the encounter deck?")
    assert answer["best"]["id"] == "lotr:faq:q:6"
    assert answer["card_library"] == []


def test_a_card_the_library_holds_only_in_part_is_never_shown_as_whole():
    from adjudicator.kb.names import name_key
    from adjudicator.lotr.abilities.load import library

    partial = [e.name for e in library("errata").values() if e.unwritten]
    assert partial, "the library has cards with abilities the grammar cannot express yet"
    held = card_ability.table()
    assert [n for n in partial if name_key(n) in held] == []
    assert card_ability.shown_with([_card(partial[0])], [], "lotr") == []


def test_only_the_cards_a_question_asks_about_are_shown():
    assert card_ability.shown_with([_card("Hill Troll", example=True)], [], "lotr") == []  # "cards like X"
    assert [c["card"] for c in card_ability.shown_with([_card("Hill Troll")], [], "lotr")] == ["Hill Troll"]
    many = [_card(n) for n in ("Hill Troll", "Gimli", "Legolas")]  # a scene or a combination of cards
    assert card_ability.shown_with(many, [], "lotr") == []
    assert card_ability.shown_with([_card("Hill Troll", game="metw")], [], "metw") == []  # no METW library
