"""A scenario's page catalogues the scenario (difficulty, rating, the box it comes in, the
keywords its cards use, the FAQ entries, errata and rulings listed for it): it decides a question
about those, and weighs as a card's page for a question about how a rule is played in the
scenario (``scenario_page``).  Questions are invented; the scenario pages are the Companion's."""

from __future__ import annotations

from adjudicator.ask import ranking, scenario_page
from adjudicator.ask.entities import Entity
from adjudicator.kb.names import name_key
from adjudicator.kb.records import Record, Span

SCENARIO = "Grey Harbour Run"


def named(question: str) -> list[Entity]:
    at = question.find(SCENARIO)
    assert at >= 0
    return [Entity(name_key(SCENARIO), SCENARIO, "scenario", "lotr", "lotr:qc:scenario:grey-harbour-run",
                   0, 3, False, (at, at + len(SCENARIO)))]


def page(kind: str = "scenario") -> Record:
    return Record(id=f"lotr:qc:{kind}:grey-harbour-run", game="lotr", kind=kind, title=SCENARIO,
                  span=Span("lotr-qc", 1, 3), blocks=[], data={"difficulty": 5})


def test_a_question_of_difficulty_box_or_listed_rulings_asks_what_the_page_catalogues():
    for question in (f"How hard is {SCENARIO} on the official scale?", f"Which box is {SCENARIO} in?",
                     f"Did any of the {SCENARIO} cards get errata?", f"Is {SCENARIO} a fan-made quest?"):
        assert scenario_page.asks_catalogue(question, named(question)), question


def test_a_sentence_naming_the_scenario_that_asks_what_is_in_it_asks_the_catalogue():
    for question in (f"Are there Archery cards in {SCENARIO}?", f"Does {SCENARIO} have any Time X cards?",
                     f"Will I run into Prowl in {SCENARIO}?"):
        assert scenario_page.asks_catalogue(question, named(question)), question


def test_a_question_of_how_a_rule_plays_in_the_scenario_does_not():
    question = (f"{SCENARIO} makes the first treachery revealed each round gain surge. What if that "
                "treachery already has surge, do I reveal two more cards?")
    assert not scenario_page.asks_catalogue(question, named(question))
    question = f"In {SCENARIO}, can I travel to a location while an enemy is engaged with me?"
    assert not scenario_page.asks_catalogue(question, named(question))


def test_only_the_scenarios_page_weighs_as_a_card_page_on_a_play_question():
    question = f"In {SCENARIO}, can I travel to a location while an enemy is engaged with me?"
    assert scenario_page.page_weight(page(), question, named(question)) == scenario_page.PLAY_QUESTION
    assert scenario_page.PLAY_QUESTION == ranking.KIND_WEIGHT["card"]
    assert scenario_page.page_weight(page("ruling"), question, named(question)) == 1.0  # its rulings decide
    asked = f"How hard is {SCENARIO}?"
    assert scenario_page.page_weight(page(), asked, named(asked)) == 1.0


def test_the_rule_played_in_a_named_scenario_ranks_over_its_page(kb):
    from adjudicator.ask.answer import find

    question = ("In Journey Down the Anduin, a treachery revealed during staging gains surge from the quest "
                "card; if it already has surge, do I reveal two more cards?")
    first = find(kb, question, "lotr", 5).ranked[0].record
    assert first.kind.value != "scenario" and first.id == "lotr:rr:surge"


def test_the_scenarios_page_still_answers_how_hard_it_is(kb):
    from adjudicator.ask.answer import find

    for question in ("How hard is Journey Down the Anduin compared to the other core set quests?",
                     "Are there any doomed cards in Journey Down the Anduin?"):
        assert find(kb, question, "lotr", 5).ranked[0].record.id == "lotr:qc:scenario:journey-down-the-anduin"
