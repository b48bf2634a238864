"""When the engines exercise the deciding record (a golden situation, a ruling situation in
faq/rulings.yaml or faq/companion.yaml, a rule the engine enforces and cites), the answer says
so and names the command that shows it happening (issue 11)."""

from __future__ import annotations

from pathlib import Path

from adjudicator import paths
from adjudicator.ask import exercised as ex


def test_a_rulings_row_names_its_situations_for_the_ruling_and_its_companion_copies(tmp_path, monkeypatch):
    faq = tmp_path / "faq"
    faq.mkdir()
    (faq / "rulings.yaml").write_text(
        "rulings:\n"
        "  - ruling: lotr:faq:q:99\n"
        "    also: [lotr:qc:qa:a-copy]\n"
        "    situations: [scenarios/lotr/faq/q99-lamp.yaml]\n"
        "  - ruling: lotr:faq:q:100\n"
        "    status: open\n", encoding="utf-8")
    monkeypatch.setattr(ex, "FAQ_TABLE", faq)
    table = ex.build([faq / "rulings.yaml"])
    assert table["lotr:faq:q:99"][0] == ["scenarios/lotr/faq/q99-lamp.yaml"]
    assert table["lotr:qc:qa:a-copy"][0] == ["scenarios/lotr/faq/q99-lamp.yaml"]
    assert "lotr:faq:q:100" not in table


def test_a_situation_file_naming_a_record_replays_it_and_one_expecting_violations_shows_the_refusal(tmp_path, monkeypatch):
    monkeypatch.setattr(paths, "DATA_ROOT", tmp_path)
    golden = tmp_path / "scenarios" / "lotr" / "lamp.yaml"
    refused = tmp_path / "scenarios" / "lotr" / "illegal" / "second-lamp.yaml"
    refused.parent.mkdir(parents=True)
    golden.write_text("expect:\n  cites: ['lotr:rr:step:7.3']\n", encoding="utf-8")
    refused.write_text("expect:\n  violations: [lotr:faq:1.11]\n", encoding="utf-8")
    table = ex.build([golden, refused])
    assert table["lotr:rr:step:7.3"][0] == ["scenarios/lotr/lamp.yaml"]
    assert table["lotr:faq:1.11"][1] == ["scenarios/lotr/illegal/second-lamp.yaml"]
    shown = ex.Exercised("lotr:faq:1.11", illegal=table["lotr:faq:1.11"][1])
    assert shown.command == "adjudicator check scenarios/lotr/illegal/second-lamp.yaml"


def test_ids_the_engine_code_cites_are_rules_it_enforces(tmp_path):
    code = tmp_path / "combat.py"
    code.write_text('LIMIT = "lotr:faq:1.11"\n', encoding="utf-8")
    assert ex.build([code])["lotr:faq:1.11"][2] is True


def test_every_situation_an_answer_names_exists():
    table = ex.table(None)
    for rid, (situations, illegal, _, _) in table.items():
        for path in situations + illegal:
            assert (paths.DATA_ROOT / path).exists(), (rid, path)


def test_attacking_the_same_enemy_twice_finds_faq_1_11_which_the_engine_enforces(ask_cli):
    _, answer = ask_cli("Can I declare a second attack against an enemy I already attacked this round?")
    assert answer["best"]["id"] == "lotr:faq:1.11"
    assert answer["exercised"]["enforced"] is True
    assert answer["exercised"]["command"].startswith("adjudicator ")
    # the FAQ does not say "no" in words: its "only ... a single attack" is the answer, not a
    # yes or no of adjudicator's reading (verdicts.SHOWN_READINGS)
    v = answer["verdict"]
    assert (v["kind"], v["basis"]) == ("text", "stated") and "single attack against each" in v["text"]


def test_attacking_the_same_enemy_twice_in_the_issues_words_finds_faq_1_11_with_the_learn_to_play_page_beside_it(ask_cli):
    """Worded as one of the asked questions of the Learn to Play page that states the rule, the
    answer is FAQ 1.11 (which the engine enforces, and the answer says so), with that page
    beside it: an asked question's match lifts its record up to 1.5 times
    (``ranking.ASKED_MATCH``), not past the FAQ entry that answers in the question's words
    (the answer recorded for the asked question is not shown as a yes or no:
    ``answer.SHOW_ASKED_READINGS``).  The question is one the engine settles
    (``legality_questions``): its No comes from `adjudicator check` refusing the second attack,
    citing FAQ 1.11 and step 6.8a, and the step it cites besides comes first among the supporting
    records, the page after it."""
    _, answer = ask_cli("Can I attack the same enemy twice in one combat phase?")
    cited = [answer["best"]["id"]] + [c["id"] for c in answer["supporting"]]
    assert cited[:3] == ["lotr:faq:1.11", "lotr:rr:step:6.8a", "lotr:qc:page:step-2-attacking-enemies"]
    v = answer["verdict"]
    assert (v["kind"], v["basis"]) == ("no", "engine") and "lotr:faq:1.11" in v["rules"]
    assert answer["exercised"]["enforced"] is True
    assert answer["exercised"]["command"] == "adjudicator check scenarios/lotr/questions/same-enemy-attacked-twice.yaml"


def test_a_ruling_with_a_situation_names_the_replay_command(ask_cli):
    _, answer = ask_cli("does the dungeon torch raise my threat by 2 or 3 in the refresh phase?")
    assert answer["best"]["id"] == "lotr:faq:q:14"
    assert answer["exercised"]["command"] == "adjudicator replay scenarios/lotr/faq/q14-dungeon-torch-refresh.yaml"


def test_the_human_answer_shows_the_engine_line(cli):
    code, out, _ = cli("ask", "does the dungeon torch raise my threat by 2 or 3 in the refresh phase?")
    assert code == 0 and "Engine:" in out and "q14-dungeon-torch-refresh.yaml" in out


def test_the_replay_an_answer_names_for_step_6_4_2_plays_to_its_end_not_to_a_decision(ask_cli):
    """decision-needed-undefended.yaml cites 6.4.2 and stops to ask who defends (exit 3): other
    replays citing 6.4.2 play on, and the answer names one of them."""
    from adjudicator.engine.game import open_situation, replay
    from adjudicator.paths import DATA_ROOT

    _, answer = ask_cli("what happens in step 6.4.2?")
    command = answer["exercised"]["command"]
    assert command.startswith("adjudicator replay ") and "decision-needed" not in command
    path = DATA_ROOT / command.split()[-1]
    result = replay(open_situation(path), expectations_checked=False)
    assert "lotr:rr:step:6.4.2" in result.trace.cited_ids() and result.verdict == 0


def test_the_replay_an_answer_names_for_declaring_a_defender_plays_to_its_end_not_to_a_decision(ask_cli):
    """decision-needed-undefended.yaml names step 6.4.1 in its file and stops to ask who defends
    (exit 3); replays citing 6.4.1 that play on come first, though they never name it."""
    from adjudicator.engine.game import open_situation, replay
    from adjudicator.paths import DATA_ROOT

    _, answer = ask_cli("Do I have to exhaust a character to defend?")
    command = answer["exercised"]["command"]
    assert command.startswith("adjudicator replay ") and "decision-needed" not in command
    path = DATA_ROOT / command.split()[-1]
    result = replay(open_situation(path), expectations_checked=False)
    assert answer["exercised"]["record"] in result.trace.cited_ids() and result.verdict == 0


def test_no_record_names_a_replay_that_stops_while_one_that_plays_on_shows_it():
    """For every record the engines exercise, the first situation named reaches its end unless
    every situation for it stops (scenarios/citations.json's ``stopped``)."""
    import json

    stopped = json.loads(ex.REPLAYED.read_text(encoding="utf-8"))["stopped"]
    table = ex.build([Path(p) for p, _, _ in ex._stamps()])
    assert table
    for rid, (situations, _, _, _) in table.items():
        if situations and situations[0] in stopped:
            assert all(s in stopped for s in situations), rid
