"""The Rules Reference parsed from the user's copy: the counts and structure the analysis
found, and the repairs it asks for (shared/analysis/rules-reference-and-faq.md §1)."""

import re

import pytest
import yaml

from adjudicator.kb.records import Kind
from adjudicator.lotr.rules_reference import _landmarks, chart_steps, glossary_titles, parse
from adjudicator.paths import RULES_DB


@pytest.fixture(scope="module")
def rr(source_doc):
    return source_doc("lotr-rr")


@pytest.fixture(scope="module")
def records(rr):
    return {r.id: r for r in parse(rr.lines, rr)}


def test_glossary_has_129_titles_of_which_8_are_redirects(rr, records):
    titles = glossary_titles(rr.lines, _landmarks(rr.lines))
    assert len(titles) == 129
    entries = [r for r in records.values() if r.kind == Kind.GLOSSARY]
    assert len(entries) == 121
    redirected = [d["title"] for r in records.values() for d in r.data.get("redirects", [])]
    assert sorted(redirected) == sorted([
        "Campaign, Campaign Mode", "Control", "Instead", "Out of Play", "Permanent", "Playing a Card",
        "Put into Play", "Type, Types"])


@pytest.mark.parametrize("alias, target", [
    ("Control", "lotr:rr:ownership-and-control"),
    ("Instead", "lotr:rr:replacement-effects"),
    ("Out of Play", "lotr:rr:in-play-and-out-of-play"),
    ("Playing a Card", "lotr:rr:initiating-abilities-playing-cards"),
    ("Put into Play", "lotr:rr:play-and-put-into-play"),
    ("Type, Types", "lotr:rr:card-types"),
    ("Permanent", "lotr:rr:campaign:campaign-pool"),
    ("Campaign Mode", "lotr:rr:campaign:campaign-mode"),
])
def test_redirect_entries_are_aliases_of_their_targets(records, alias, target):
    assert alias in records[target].aliases


def test_golden_rules_and_grim_rule_precede_the_glossary(records):
    golden, grim = records["lotr:rr:golden-rules"], records["lotr:rr:grim-rule"]
    assert golden.kind == grim.kind == Kind.RULE
    assert golden.span.end < grim.span.start < records["lotr:rr:ability-card-ability"].span.start
    assert len(golden.blocks) == 2


def test_every_see_also_link_resolves_to_a_record(records):
    links = [(r.id, l.target) for r in records.values() for l in r.links]
    assert len([l for l in links if l[0].startswith("lotr:rr:") and ":" not in l[0][8:]]) >= 54
    assert [l for l in links if l[1].startswith("?") or l[1] not in records] == []


def test_48_framework_steps_with_17_action_windows_as_in_the_table(records):
    steps = {r.data["step"]: r for r in records.values() if r.kind == Kind.STEP}
    table = yaml.safe_load((RULES_DB / "lotr" / "framework.yaml").read_text())["steps"]
    assert len(steps) == 48 and set(steps) == {s["id"] for s in table}
    assert {s["id"]: s["window"] for s in table} == {k: r.data["window_after"] for k, r in steps.items()}
    assert sum(s["window"] for s in table) == 17


def test_chart_flattened_line_is_split_into_its_steps(rr):
    chart = chart_steps(rr.lines, _landmarks(rr.lines))
    on_first_line = [s["id"] for s in chart if s["line"] == chart[0]["line"]]
    assert on_first_line == ["1.1", "1.2", "1.3", "1.4", "2.1", "2.2", "2.3", "2.4"]
    assert [s["id"] for s in chart if s["window"]][:2] == ["1.3", "3.1"]


def test_attack_sub_flows_hold_the_full_step_texts(records):
    enemy = records["lotr:rr:flow:enemy-attack-resolution"]
    player = records["lotr:rr:flow:player-attack-resolution"]
    assert enemy.data["steps"] == ["6.4b", "6.4.1", "6.4.2", "6.4.3", "6.4.4"]
    assert player.data["steps"] == ["6.8b", "6.8.1", "6.8.2", "6.8.3", "6.8.4"]
    assert enemy.span.start == 1430 and player.span.end == 1488
    assert len(records["lotr:rr:step:6.4.3"].blocks) == 3


@pytest.mark.parametrize("rid, words", [
    ("lotr:rr:step:6.4.3", ["defense strength of the defending", "attack strength of the attacking"]),
    ("lotr:rr:step:6.8.2", ["attack strength of all characters"]),
    ("lotr:rr:step:6.8.3", ["defense strength from the combined attack strength"]),
    ("lotr:rr:step:3.4", ["If the willpower is higher", "If the threat is higher"]),
    ("lotr:rr:attack-strength", ["denoted by the attack symbol"]),
    ("lotr:rr:defense-strength", ["denoted by the defense symbol"]),
    ("lotr:rr:willpower-strength", ["denoted by the willpower symbol"]),
])
def test_damaged_stat_icons_are_restored_as_words(records, rid, words):
    text = "\n".join(b.text for b in records[rid].blocks)
    for phrase in words:
        assert phrase in text
    assert not re.search(r"[★③⑤谜ঋΥ•]|\\checkmark|\\P|\\ref|\(\*\)", text)


def test_bullets_are_split_and_normalised(records):
    ability = records["lotr:rr:ability-card-ability"]
    assert [b.style for b in ability.blocks].count("bullet") == 8
    assert not any(b.text.startswith(("-", "♦", "◊")) for r in records.values() for b in r.blocks)


def test_a_sentence_broken_across_a_bullet_is_joined(records):
    elimination = records["lotr:rr:player-elimination"]
    assert not any(b.text[:1].islower() for b in elimination.blocks)


def test_examples_inside_entries_are_tagged(records):
    keywords = records["lotr:rr:keywords"]
    assert any(b.example for b in keywords.blocks)
    assert "For example" not in keywords.rules_text


def test_source_typos_are_kept_and_annotated(records):
    assert "other other" in records["lotr:rr:step:6.4.3"].text
    assert any("refresh phase" in n for n in records["lotr:rr:step:7.5"].notes)
    assert any("Doomed" in n for n in records["lotr:rr:keywords"].notes)


def test_appendix_ii_and_iii_sections(records):
    assert {"lotr:rr:anatomy:player-cards", "lotr:rr:anatomy:encounter-cards", "lotr:rr:anatomy:quest-cards"} <= set(records)
    campaign = [r for r in records.values() if r.id.startswith("lotr:rr:campaign:")]
    assert len(campaign) == 10
    assert records["lotr:rr:campaign:boons"].path[-1] == "Additional Card Types"


def test_ids_are_unique_and_stable_slugs(records, rr):
    again = [r.id for r in parse(rr.lines, rr)]
    assert again == list(records)
