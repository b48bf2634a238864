"""`rule` and `card` without --game say which game they answered from, as `ask` and `search`
do (issue 11: "`rule`, `search`, `card` do the same"), and `card` names another game's card of
the same name with the command that shows it."""

from __future__ import annotations

import json


def test_rule_without_a_game_says_which_game_its_entry_is_from(cli):
    code, out, _ = cli("rule", "unique")
    assert code == 0 and out.splitlines()[0] == "Game: LOTR: The Card Game · --game to choose another"
    _, out, _ = cli("rule", "hazard limit")
    assert out.splitlines()[0].startswith("Game: Middle-earth: The Wizards")


def test_rule_with_a_game_given_prints_no_assumed_game(cli):
    code, out, _ = cli("rule", "unique", "--game", "metw")
    assert code == 0 and not out.startswith("Game:") and "metw:glossary:unique" in out


def test_card_without_a_game_names_its_game_and_the_other_games_card_of_that_name(cli):
    code, out, _ = cli("card", "Gandalf")
    head = out.splitlines()[0]
    assert code == 0 and head.startswith("Gandalf") and head.endswith("· LOTR: The Card Game")
    assert "Also a card of Middle-earth: The Wizards: Gandalf  adjudicator card Gandalf --game metw" in out
    _, out, _ = cli("card", "Gandalf", "--json")
    other = json.loads(out)["other_games"]
    assert other == [{"game": "metw", "name": "Gandalf", "command": "adjudicator card Gandalf --game metw"}]
    code, out, _ = cli(*other[0]["command"].split()[1:], "--json")  # the command named works
    assert code == 0 and json.loads(out)["game"] == "metw"


def test_card_with_a_game_given_names_no_other_game(cli):
    _, out, _ = cli("card", "Gandalf", "--game", "lotr")
    assert "Also a card of" not in out and "· LOTR: The Card Game" not in out.splitlines()[0]


def test_a_card_shown_from_another_game_names_the_lotr_card_it_nearly_matched(cli):
    code, out, _ = cli("card", "Frodo", "--json")
    data = json.loads(out)
    assert code == 0 and data["game"] == "metw"
    assert data["other_games"] == [{"game": "lotr", "name": "Frodo Baggins",
                                    "command": "adjudicator card 'Frodo Baggins' --game lotr"}]


def test_a_card_only_one_game_holds_names_no_other(cli):
    _, out, _ = cli("card", "Feint", "--json")
    assert json.loads(out)["other_games"] == []


def test_a_card_of_another_game_shows_the_text_of_its_own_entry_and_only_the_titles_of_the_rest(cli):
    _, out, _ = cli("card", "Noble Blood", "--json")
    records = {r["id"]: r for r in json.loads(out)["records"]}
    own, other = records["meq:mission:noble-blood"], records["meq:quickref:hero-mission-cards"]
    code, out, _ = cli("card", "Noble Blood")
    assert code == 0 and own["text"].splitlines()[-1].strip() in out
    assert other["text"].splitlines()[-1].strip() not in out and other["title"] in out


def test_the_help_of_each_lookup_says_what_it_does_without_a_game(capsys):
    from adjudicator.cli import main

    for command in ("ask", "rule", "search", "card"):
        code = main([command, "--help"])
        text = " ".join(capsys.readouterr().out.split())
        assert code == 0 and "lotr, metw or meq (default: the game" in text, command
