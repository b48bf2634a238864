"""Pages begin after each `Back` line; shells, chrome and contents lists are handled."""

from adjudicator.lotr.companion_pages import read_pages

from .fixture_dump import lines


def pages():
    return read_pages(lines())


def test_a_page_starts_at_the_first_line_after_back_and_empty_shells_are_skipped():
    found, shells = pages()
    assert shells == 2
    assert [p.title for p in found][:3] == ["Playing Cards", "Mossy Rules", "Keywords"]


def test_a_back_without_home_before_it_still_starts_a_page():
    found, _ = pages()
    titles = [p.title for p in found]
    assert "Number of Players" in titles and "Timing & Gameplay" in titles
    sheet = next(p for p in found if p.title == "Number of Players")
    assert [ln.text for ln in sheet.lines] == []  # "Options" is chrome


def test_the_last_page_runs_to_the_end_of_the_file():
    found, _ = pages()
    assert found[-1].title == "Chieftan Ufthak"
    assert found[-1].end == len(lines())


def test_website_chrome_is_not_page_text():
    found, _ = pages()
    texts = {ln.text for p in found for ln in p.lines}
    assert not texts & {"See also", "Rate this Quest!", "Related Quests", "easymode", "OWN", "Options"}


def test_page_kinds_follow_position_and_first_body_line():
    found, _ = pages()
    kinds = {p.title: p.kind for p in found}
    assert kinds["FAQ (1.77) Mossy Cards"] == "faq"
    assert kinds["Glossary"] == "glossary-index"
    assert kinds["Moss"] == "glossary"
    assert kinds["The Soggy Marsh"] == "scenario"
    assert kinds["The Dry Hills"] == "scenario"
    assert kinds["Timing & Gameplay"] == "sheet"
    assert kinds["Bog Troll"] == "card"


def test_hierarchy_comes_from_contents_lists_as_breadcrumbs():
    found, _ = pages()
    archery = next(p for p in found if p.title == "Archery X")
    assert archery.path == ["Quest Companion", "Rules", "Playing Cards", "Keywords", "Archery X"]
    moss = next(p for p in found if p.title == "Moss")
    assert moss.path == ["Quest Companion", "Glossary", "Moss"]


def test_a_page_that_is_only_a_contents_list_is_navigation():
    found, _ = pages()
    nav = {p.title for p in found if p.navigation_only}
    assert nav == {"Keywords"}
