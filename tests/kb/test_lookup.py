"""Looking rules up by name, by id and by misspelling."""

import pytest

from adjudicator.errors import NotFound
from adjudicator.kb import lookup


@pytest.mark.parametrize("name, rid", [
    ("engagement check", "lotr:rr:engagement-check"),
    ("Engagement Checks", "lotr:rr:engagement-check"),
    ("engagment", "lotr:rr:engagement-check"),
    ("enagement cost", "lotr:rr:engagement-check"),
    ("sentinal", "lotr:rr:sentinel"),
    ("resource mach", "lotr:rr:resource-match"),
    ("choose", "lotr:rr:the-word-choose"),
    ("X", "lotr:rr:the-letter-x"),
    ("Doomed", "lotr:rr:doomed-x"),
    ("control", "lotr:rr:ownership-and-control"),
    ("instead", "lotr:rr:replacement-effects"),
    ("golden rule", "lotr:rr:golden-rules"),
    ("grim rule", "lotr:rr:grim-rule"),
    ("planning action window", "lotr:rr:step:2.2"),
    ("first player token", "lotr:rr:first-player-first-player-token"),
    ("Campaign Mode", "lotr:rr:campaign:campaign-mode"),
])
def test_rule_names_are_matched_forgivingly(kb, name, rid):
    assert lookup.find_rule(kb, name, "lotr").id == rid


def test_a_badly_misspelt_name_still_finds_its_entry(kb):
    assert lookup.find_rule(kb, "engagemint chek", "lotr").id == "lotr:rr:engagement-check"


def test_a_name_that_matches_nothing_says_so_with_near_names(kb):
    with pytest.raises(NotFound) as error:
        lookup.find_rule(kb, "dragon hoard", "lotr")
    assert "no rule named" in str(error.value)
    with pytest.raises(NotFound) as error:
        lookup.find_rule(kb, "Travl Phaze Cards", "lotr")
    assert "Travel phase ends" in error.value.suggestions
    with pytest.raises(NotFound) as error:
        lookup.find_rule(kb, "hero dying", "lotr")
    assert "Hero Cards" in error.value.suggestions


def test_records_open_by_id_and_a_near_miss_is_suggested(kb):
    assert lookup.show(kb, "lotr:faq:1.24").title == "(1.24) Questing Successfully"
    with pytest.raises(NotFound) as error:
        lookup.show(kb, "lotr:rr:step:6.4")
    assert "lotr:rr:step:6.4a" in error.value.suggestions


def test_faq_by_number_question_and_name(kb):
    assert [r.id for r in lookup.faq(kb, "1.24").records] == ["lotr:faq:1.24"]
    assert [r.id for r in lookup.faq(kb, "(1.05)").records] == ["lotr:faq:1.05"]
    assert [r.id for r in lookup.faq(kb, "Q14").records] == ["lotr:faq:q:14"]
    assert [r.id for r in lookup.faq(kb, "Dungeon Torch").records] == ["lotr:faq:q:14"]


def test_faq_name_search_folds_accents(kb):
    ids = [r.id for r in lookup.faq(kb, "Nazgul of Dol Guldur").records]
    assert ids[0] == "lotr:errata:core-102" and "lotr:faq:q:13" in ids


@pytest.mark.parametrize("query, rid", [
    ("Beravor", "lotr:errata:core-12"),
    ("beravr", "lotr:errata:core-12"),
    ("CORE 12", "lotr:errata:core-12"),
    ("Nazgul of Dol Guldur", "lotr:errata:core-102"),
    ("O Elbereth", "lotr:errata:d-132"),
])
def test_errata_by_card_name_or_set_number(kb, query, rid):
    assert lookup.errata(kb, query)[0].id == rid


def test_glossary_entries_list_the_faq_entries_about_them(kb):
    guarded = {r.id for r in lookup.touching(kb, "lotr:rr:guarded")}
    assert {"lotr:faq:1.01", "lotr:faq:q:78"} <= guarded
    questing = {r.id for r in lookup.touching(kb, "lotr:rr:step:3.4")}
    assert "lotr:faq:1.24" in questing


def test_the_round_sequence_lists_every_step_with_its_windows(kb):
    steps = lookup.timing_steps(kb)
    assert len(steps) == 48
    assert [s["id"] for s in steps if s["action_window_after"]][:3] == ["1.3", "3.1", "3.2"]
    assert all(s["lines"] for s in steps)
