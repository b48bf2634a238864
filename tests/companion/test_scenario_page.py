"""A scenario page read into header, keywords, rulings, card FAQ and easy-mode removals."""

from adjudicator.lotr.companion_pages import read_pages
from adjudicator.lotr.companion_scenarios import parse_scenario

from .fixture_dump import lines

KEYWORDS = {"Archery X": "Archery X"}


def scenario(title):
    found, _ = read_pages(lines())
    page = next(p for p in found if p.title == title)
    return parse_scenario(page, KEYWORDS, set())


def test_header_gives_difficulty_rating_and_votes():
    sc = scenario("The Soggy Marsh")
    assert (sc.difficulty, sc.rating, sc.votes) == (4, 6.5, 12)


def test_official_difficulty_is_optional_and_singular_player_count_is_read():
    sc = scenario("The Dry Hills")
    assert sc.difficulty is None and sc.rating == 7.0 and sc.votes == 0


def test_keyword_blocks_are_found_by_keyword_name():
    sc = scenario("The Soggy Marsh")
    assert [k.heading for k in sc.keywords] == ["Archery X"]
    assert len(sc.keywords[0].lines) == 2


def test_rulings_have_sub_headings():
    sc = scenario("The Soggy Marsh")
    assert [r.heading for r in sc.rulings] == ["Wet Boots"]


def test_easy_mode_removals_carry_set_card_and_quantity():
    sc = scenario("The Soggy Marsh")
    assert sc.easy_mode == "list"
    assert [(r.encounter_set, r.card, r.quantity) for r in sc.removals] == [
        ("Soggy Marsh", "Bog Troll", 2), ("Soggy Marsh", "Chieftain Ufthak", 1), ("Rain", "Drizzle", 3)
    ]


def test_generic_easy_mode_and_fan_note():
    sc = scenario("The Dry Hills")
    assert sc.easy_mode == "generic" and sc.removals == []
    assert sc.fan is True


def test_faq_and_errata_block_entries():
    sc = scenario("The Soggy Marsh")
    assert [e.card for e in sc.faq] == ["Bog Troll", "Chieftain Ufthak"]
