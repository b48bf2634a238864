"""`ask --game metw|meq` answers from that game's rules, with section citations; without the flag,
from the game the question is about among the games whose documents are present."""

import json

import pytest


@pytest.fixture(scope="module")
def other_games(tmp_path_factory, source_doc):
    folder = tmp_path_factory.mktemp("other-games")
    for key in ("metw-rules", "meq-rules"):
        doc = source_doc(key)
        (folder / doc.path.name).symlink_to(doc.path.resolve())
    return folder, tmp_path_factory.mktemp("other-cache")


@pytest.fixture
def ask(other_games, monkeypatch, capsys):
    from adjudicator.cli import main

    monkeypatch.setenv("ADJUDICATOR_SOURCES", str(other_games[0]))
    monkeypatch.setenv("ADJUDICATOR_CACHE", str(other_games[1]))

    def run(*args):
        code = main(["ask", *args, "--json"])
        return code, json.loads(capsys.readouterr().out)

    return run


def test_a_metw_question_is_answered_from_the_metw_rules(ask):
    code, answer = ask("does an already wounded character get a worse body check", "--game", "metw")
    assert code == 0
    cited = [answer["best"]["id"]] + [c["id"] for c in answer["supporting"]]
    assert all(i.startswith("metw:") for i in cited)
    assert any("body-check" in i for i in cited[:3])
    assert answer["best"]["source"] == "metw-rules" and answer["best"]["sentence"]


def test_a_meq_question_is_answered_from_the_meq_rules(ask):
    code, answer = ask("what happens in the ambush step", "--game", "meq")
    assert code == 0
    cited = [answer["best"]] + answer["supporting"]
    assert all(c["id"].startswith("meq:") for c in cited)
    assert "Ambush" in answer["best"]["title"]


def test_without_a_flag_each_question_is_answered_from_its_own_game(ask):
    _, metw = ask("does a wounded character heal at a haven during the untap phase?")
    _, meq = ask("can the Sauron player place influence on a Shadow Stronghold?")
    assert metw["game"] == "metw" and metw["best"]["source"] == "metw-rules"
    assert meq["game"] == "meq" and meq["best"]["source"] == "meq-rules"
