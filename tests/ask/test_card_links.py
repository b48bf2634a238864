"""`ask` weighs up the rules a named card's play touches, linked from the card library's values
(rules_db/lotr/card_links.yaml, adjudicator/ask/card_links.py), never from a card's paraphrase."""

from __future__ import annotations

import pytest

from adjudicator.ask import card_links
from adjudicator.ask.entities import Entity


def _card(name: str, example: bool = False, game: str = "lotr") -> Entity:
    from adjudicator.kb.names import name_key

    return Entity(name_key(name), name, "card", game, "", 0, 1, example)


def test_every_record_id_the_card_links_name_is_a_record_of_the_knowledge_base(kb):
    links = card_links.links_of_values()
    ids = sorted({rid for section in links.values() for ids in section.values() for rid in ids})
    assert len(ids) >= 50
    found = {r.id for r in kb.store.get_many(ids)}
    assert [rid for rid in ids if rid not in found] == []


def test_every_ruling_and_erratum_a_card_lists_is_a_record_of_the_knowledge_base(kb):
    listed = sorted({rid for row in card_links.table().values() for rid, how in row.items() if how == "ruling"})
    assert len(listed) >= 100
    found = {r.id for r in kb.store.get_many(listed)}
    assert [rid for rid in listed if rid not in found] == []


def test_every_key_of_the_card_links_is_a_value_the_card_library_format_knows():
    from adjudicator.lotr.abilities import model

    links = card_links.links_of_values()
    assert set(links) == {"kinds", "timings", "events", "ops", "fields", "keywords", "figures", "types"}
    assert set(links["kinds"]) <= set(model.KINDS)
    assert set(links["timings"]) <= set(model.TIMINGS)
    assert set(links["events"]) <= set(model.EVENTS)
    assert set(links["ops"]) <= set(model.OPS)
    assert set(links["fields"]) <= {f.name for f in model.Ability.__dataclass_fields__.values()}


def test_every_card_type_keyword_and_figure_linked_is_one_the_card_files_use():
    from adjudicator.paths import RULES_DB
    from adjudicator.yamlio import load_yaml

    types, keywords, figures = set(), set(), set()
    for path in (RULES_DB / "lotr" / "cards").glob("*.yaml"):
        for card in load_yaml(path).get("cards", []):
            types.add(card.get("type"))
            keywords.update(card_links._NUMBER.sub("", k) for k in card.get("keywords", []) or [])
            figures.update(card)
    links = card_links.links_of_values()
    assert set(links["types"]) <= types
    assert set(links["figures"]) <= figures
    assert set(links["keywords"]) - keywords <= {"Archery"}  # Archery X: on encounter abilities' keyword values


def test_a_cards_effect_op_links_the_rule_of_that_op_as_its_play():
    # Sneak Attack's effect puts an ally into play: Play and Put into Play, FAQ 1.16
    links = card_links.linked([_card("Sneak Attack")], "lotr")
    assert links["lotr:rr:play-and-put-into-play"] == "play"
    assert links["lotr:faq:1.16"] == "play"
    assert links["lotr:rr:event-cards"] == "frame"  # its type
    assert links["lotr:rr:action-action-ability"] == "frame"  # its ability's kind


def test_a_trigger_event_links_the_rule_of_that_event():
    # Brok Ironfist answers a Dwarf hero leaving play
    links = card_links.linked([_card("Brok Ironfist")], "lotr")
    assert links["lotr:rr:in-play-and-out-of-play"] == "play"
    assert links["lotr:rr:unique-cards"] == "play"  # printed unique: true
    assert links["lotr:rr:after"] == "frame"


def test_the_rulings_and_errata_a_card_lists_link_as_its_rulings():
    links = card_links.linked([_card("Thalin")], "lotr")
    assert links["lotr:errata:core-6"] == "ruling"
    assert links["lotr:faq:q:50"] == "ruling"


def test_an_unwritten_abilitys_rulings_link_too():
    assert card_links.linked([_card("Ranger Spikes")], "lotr")["lotr:faq:q:46"] == "ruling"


def test_a_stand_alone_keyword_with_a_value_links_its_keyword_rule():
    table = card_links.table()
    doomed = [key for key, row in table.items() if row.get("lotr:rr:doomed-x") == "play"]
    assert doomed  # "Doomed 2" on a card's figures is Doomed


def test_a_cards_paraphrase_is_never_read():
    links = card_links.links_of_values()
    said = {"kind": "constant", "says": "put into play, engage, cancel, search, surge, leaves play, take control"}
    assert card_links.ability_links(said, links) == [(rid, "frame") for rid in links["kinds"]["constant"]]


def test_a_card_named_only_as_an_example_lends_its_play_links_weaker_and_no_frame():
    links = card_links.linked([_card("Sneak Attack", example=True)], "lotr")
    assert links["lotr:rr:play-and-put-into-play"] == "example"
    assert "lotr:rr:event-cards" not in links


def test_the_strongest_link_of_the_cards_named_counts():
    # Gandalf (discarded at the end of the round: a play link) and Sneak Attack (an event)
    links = card_links.linked([_card("Sneak Attack", example=True), _card("Gandalf")], "lotr")
    assert links["lotr:rr:in-play-and-out-of-play"] == "play"


@pytest.mark.parametrize("game", ["metw", "meq"])
def test_another_games_cards_link_nothing(game):
    assert card_links.linked([_card("Gandalf", game=game)], game) == {}


def test_every_op_an_ability_nests_is_read():
    ability = {"kind": "action", "effects": [{"op": "choose_one", "options": {"a": [{"op": "draw"}],
                                                                            "b": [{"op": "instead", "effects": [{"op": "heal"}]}]}}],
               "cost": [{"op": "exhaust"}], "delayed": {"effects": [{"op": "return_to_hand"}]}}
    assert card_links.ops_of(ability) == ["choose_one", "draw", "instead", "heal", "exhaust", "return_to_hand"]


def test_a_record_a_named_cards_play_links_ranks_up_in_ask(kb):
    from adjudicator.ask import ranking
    from adjudicator.ask.game_detection import linker_for

    def about(question: str) -> float:
        entities = linker_for(kb).link(question, "lotr")
        ranked = ranking.rank(kb, question, "lotr", entities, question, limit=40)
        return next(r.parts["about"] for r in ranked if r.record.id == "lotr:rr:play-and-put-into-play")

    with_card = about("Can Sneak Attack put an ally into play for another player?")
    without = about("Can an event put an ally into play for another player?")
    factor = ranking.CARD_LINK["play"] ** card_links.rarity("lotr:rr:play-and-put-into-play")
    assert factor > 1.2
    assert with_card == pytest.approx(without * factor, abs=0.002)  # parts are rounded to 3 places


def test_a_rule_most_cards_touch_weighs_less_than_one_few_cards_touch():
    assert card_links.rarity("lotr:rr:unique-cards") < 0.3  # printed unique on a third of the cards
    assert card_links.rarity("lotr:rr:play-and-put-into-play") > 0.6
    assert 0 <= card_links.rarity("lotr:rr:constant-ability") < card_links.rarity("lotr:rr:ready") < 1


def test_the_table_is_rebuilt_when_a_card_file_or_the_links_file_changes():
    import os

    from adjudicator.paths import RULES_DB

    stamped = {os.path.abspath(p) for p, _, _ in card_links._stamps()}
    cards = RULES_DB / "lotr" / "cards"
    wanted = {os.path.abspath(p) for p in list(cards.glob("*.yaml")) + list((cards / "abilities").glob("*.yaml"))}
    assert wanted and wanted <= stamped
    assert os.path.abspath(card_links._links_file()) in stamped
    assert os.path.abspath(card_links.__file__) in stamped
