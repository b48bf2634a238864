"""A step named by its number is linked as that step (issue 11: "framework steps ... are linked
as entities"): "step 6.4.2", "6.4.2", "step 3.2" name LOTR's framework steps; an MEQ step is
named by its number with the part of the rules that numbers it ("step 3 of the hero turn",
"setup step 3e"); `ask` and `rule` find that step first."""

from __future__ import annotations

import json

import pytest

from adjudicator.ask.entities import step_mentions, _step_numbers, numbered_steps, step_number
from adjudicator.ask.game_detection import linker_for


@pytest.mark.parametrize("written, number", [("6.4.2", "6.4.2"), ("6.4a", "6.4a"), ("3.e", "3e"), ("3e", "3e"),
                                             ("3 (e)", "3e"), ("3.E", "3e")])
def test_step_number_written_any_way_has_one_form(written, number):
    assert step_number(written) == number


def test_step_mentions_are_numbers_after_step_or_dotted_numbers_of_no_other_numbering():
    assert [m[0] for m in step_mentions("what happens in step 6.4.2?")] == ["6.4.2"]
    assert [m[0] for m in step_mentions("is 3.2 before 3.3?")] == ["3.2", "3.3"]
    assert [m[0] for m in step_mentions("in setup step 3e, and step 4 (a)")] == ["3e", "4a"]
    assert step_mentions("FAQ 1.3 says so, see page 3.2 and v1.0") == []
    assert step_mentions("I have 3 heroes and 2 allies") == []


def test_every_numbered_step_prints_its_number_in_its_title(kb):
    rows = _step_numbers(kb.store)
    assert {game for _, _, _, game in rows} == {"lotr", "meq"}  # METW's rules number sections, not steps
    for key, title, rid, game in rows:
        number = rid.rsplit(":", 1)[-1]
        # LOTR prints the whole number ("6.4.2 Resolve shadow effect"), MEQ its last part ("e. Set up ...")
        printed = number if game == "lotr" else number.split(".")[-1]
        assert title.lower().startswith(printed + (" " if game == "lotr" else ".")), (rid, title)
    assert len(rows) >= 140


@pytest.mark.parametrize("question", ["what happens in step 6.4.2?", "what happens in 6.4.2?",
                                      "Step 6.4.2: can I cancel it?"])
def test_a_lotr_framework_step_named_by_its_number_is_linked(kb, question):
    linked = numbered_steps(linker_for(kb), question)
    assert [e.record for e in linked] == ["lotr:rr:step:6.4.2"]
    assert linked[0].kind == "step" and linked[0].game == "lotr"


def test_a_number_of_another_numbering_is_not_linked_as_a_step(kb):
    assert numbered_steps(linker_for(kb), "does FAQ 1.3 change the draw?") == []
    assert numbered_steps(linker_for(kb), "I have 1 card and 3 heroes") == []


def test_an_meq_step_number_is_linked_only_with_the_part_of_the_rules_that_numbers_it(kb):
    linker = linker_for(kb)
    assert [e.record for e in numbered_steps(linker, "what happens in step 3 of the hero turn?")] == [
        "meq:step:hero-turn:3"]  # the rules' step, not the reference card's copy
    assert [e.record for e in numbered_steps(linker, "in setup step 3e, what do I do?")] == ["meq:step:setup:3.e"]
    # "step 3" alone is the third step of every part of the MEQ rules: it names none of them
    assert numbered_steps(linker, "what happens in step 3?", "meq") == []


def test_ask_recognises_a_step_named_by_its_number_and_answers_from_it(ask_cli):
    _, answer = ask_cli("what happens in step 6.4.2?")
    assert answer["recognised"].get("step") == ["lotr:rr:step:6.4.2"]
    assert answer["best"]["id"] == "lotr:rr:step:6.4.2"
    _, answer = ask_cli("what happens in step 3 of the hero turn?")
    assert answer["game"] == "meq" and answer["best"]["id"] == "meq:step:hero-turn:3"


@pytest.mark.parametrize("args, rid", [
    (("step 6.4.2",), "lotr:rr:step:6.4.2"),
    (("6.4.2",), "lotr:rr:step:6.4.2"),
    (("step 3.2",), "lotr:rr:step:3.2"),
    (("setup step 3e",), "meq:step:setup:3.e"),
    (("step 3.e of setup", "--game", "meq"), "meq:step:setup:3.e"),
    (("step 6.4.2", "--game", "lotr"), "lotr:rr:step:6.4.2"),
])
def test_rule_finds_a_step_by_its_number(cli, args, rid):
    code, out, _ = cli("rule", *args, "--json")
    assert code == 0 and json.loads(out)["id"] == rid


def test_search_puts_a_step_named_by_its_number_first(cli):
    _, out, _ = cli("search", "step 6.4.2", "--json")
    hits = json.loads(out)["hits"]
    assert hits[0]["id"] == "lotr:rr:step:6.4.2" and hits[0]["lines"][0] <= hits[0]["lines"][1]
    assert len({h["id"] for h in hits}) == len(hits)  # moved up, not repeated
    _, out, _ = cli("search", "setup step 3e", "--json")
    assert json.loads(out)["hits"][0]["id"] == "meq:step:setup:3.e"
    # a filter that leaves steps out, or another game, is kept
    _, out, _ = cli("search", "step 6.4.2", "--kind", "glossary", "--json")
    assert all(h["kind"] == "glossary" for h in json.loads(out)["hits"])
    code, out, _ = cli("search", "step 6.4.2", "--game", "meq", "--json")
    assert code == 0 and all(h["game"] == "meq" for h in json.loads(out)["hits"])
