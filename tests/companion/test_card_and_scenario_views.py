"""`adjudicator card` and the quest part of `adjudicator scenario`: what the card library,
the card data, the documents and the situation files say about a card or a quest."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def test_card_shows_the_library_ability_and_the_situations_replaying_it_when_no_document_rules_on_it(run_cli):
    code, data, _ = run_cli("card", "Hill Troll", "--json")
    assert code == 0
    assert data["figures"]["attack"] == 6 and data["figures"]["hit_points"] == 9
    assert [a["kind"] for a in data["abilities"]] == ["constant"]
    assert data["abilities"][0]["says"]
    assert data["situations"], "the situation files that put Hill Troll in play"
    for item in data["situations"]:
        assert "Hill Troll" in (REPO / item["path"]).read_text(encoding="utf-8")
        assert item["command"] == f"adjudicator replay {item['path']}"
    code, _, out = run_cli("card", "Hill Troll")
    assert "Constant:" in out.out and "adjudicator replay scenarios/lotr/" in out.out


def test_a_corrected_card_name_says_what_is_shown_and_what_was_typed(run_cli):
    code, _, out = run_cli("card", "hill trol")
    assert code == 0 and "showing Hill Troll (you typed hill trol)" in out.out
    _, typo, _ = run_cli("card", "hill trol", "--json")
    _, exact, _ = run_cli("card", "hill troll", "--json")
    assert typo["corrected"] is True and exact["corrected"] is False
    _, accent, _ = run_cli("card", "Nazgul of Dol Guldur", "--json")
    assert accent["corrected"] is False  # a spelling the card data lists is not a correction


def test_an_erratum_is_noted_on_the_ability_and_the_printed_version_shown_on_request(run_cli):
    _, data, _ = run_cli("card", "Beravor", "--json")
    ability = data["abilities"][0]
    assert ability["errata"]["id"] == "lotr:errata:core-12"
    assert ability["errata"]["source"] == "lotr-faq" and ability["errata"]["lines"][0] > 0
    assert ability["printed"]["says"] and ability["printed"]["says"] != ability["says"]
    _, _, errata_view = run_cli("card", "Beravor")
    _, _, printed_view = run_cli("card", "Beravor", "--printed")
    assert ability["says"] in " ".join(errata_view.out.split())
    assert "as first printed" in printed_view.out
    assert ability["printed"]["says"] in " ".join(printed_view.out.split())


def test_card_json_cites_every_record_with_its_document_and_lines(run_cli):
    _, data, _ = run_cli("card", "Dungeon Jailor", "--json")
    records = data["errata"] + data["qa"] + data["rulings"] + [data["record"]]
    assert any(r["id"] == "lotr:faq:q:6" for r in data["qa"])
    for r in records:
        assert r["source"] in ("lotr-rr", "lotr-faq", "lotr-qc")
        assert 1 <= r["lines"][0] <= r["lines"][1]
    assert "lotr:faq:q:6" in [row["ruling"] for row in data["ruling_rows"]]


def test_card_scenarios_come_from_the_companion_pages_and_the_core_encounter_sets(run_cli):
    _, data, _ = run_cli("card", "Hill Troll", "--json")
    anduin = next(s for s in data["scenarios"] if s["title"] == "Journey Down the Anduin")
    assert "wilderlands" in anduin["how"] and anduin["id"] == "lotr:qc:scenario:journey-down-the-anduin"
    assert any(s["title"] == "The Dead Marshes" for s in data["scenarios"])


def test_every_card_of_the_library_and_of_the_card_data_is_found_with_all_its_abilities(lotr_cli_env):
    """Read generically: a card another file adds is shown with no change to the lookup."""
    from adjudicator.kb.api import open_kb
    from adjudicator.lotr import card_lookup
    from adjudicator.lotr.abilities.load import library

    kb = open_kb(quiet=True)
    try:
        for entry in library().values():
            result = card_lookup.card(kb, entry.name)
            assert result["corrected"] is False, entry.name
            assert len(result["abilities"]) >= len(entry.abilities), entry.name
        for card in card_lookup.figures():
            result = card_lookup.card(kb, card["name"])
            assert result["figures"] is not None, card["name"]
    finally:
        kb.store.close()


def test_a_card_added_in_new_library_files_shows_up(lotr_cli_env, tmp_path, monkeypatch):
    from adjudicator.kb.api import open_kb
    from adjudicator.lotr import card_lookup
    from adjudicator.lotr.abilities import load

    cards = tmp_path / "cards"
    (cards / "abilities").mkdir(parents=True)
    (cards / "test-set.yaml").write_text(
        "cards:\n  - {set: SoM, number: 98, name: Marsh Lantern, type: attachment, sphere: lore, unique: false,"
        " quantity: 3, cost: 1, traits: [Item]}\n", encoding="utf-8")
    (cards / "abilities" / "test-set.yaml").write_text(
        "source: player\ncards:\n  - name: Marsh Lantern\n    abilities:\n"
        "      - {kind: constant, effects: [{op: modify, stat: willpower, how: add, value: 1, target: attached}],"
        " says: \"the attached character gets +1 willpower\"}\n", encoding="utf-8")
    monkeypatch.setattr(card_lookup, "CARDS_DIR", cards)
    monkeypatch.setattr(load, "LIBRARY_DIR", cards / "abilities")
    card_lookup.figures.cache_clear()
    load.library.cache_clear()
    kb = open_kb(quiet=True)
    try:
        result = card_lookup.card(kb, "marsh lantern")
    finally:
        kb.store.close()
        card_lookup.figures.cache_clear()
        load.library.cache_clear()
    assert result["name"] == "Marsh Lantern" and result["set_ref"] == "SoM 98"
    assert result["figures"]["cost"] == 1
    assert [a["says"] for a in result["abilities"]] == ["the attached character gets +1 willpower"]


def test_unknown_card_exits_1_with_did_you_mean(run_cli):
    code, _, out = run_cli("card", "Zzyzx Qwerty")
    assert code == 1 and "no card named" in out.err  # nothing found: 1 (2 is bad input)


# -- scenario: the quest cards -------------------------------------------------------------


def test_scenario_shows_setup_special_rules_and_how_to_win_from_the_quest_cards(run_cli):
    code, data, _ = run_cli("scenario", "escape from dol guldur", "--json")
    assert code == 0
    quest = data["quest_cards"]
    assert [s["number"] for s in quest["stages"]] == [123, 124, 125]
    setup = quest["setup"]
    assert setup["rule"]["id"] == "lotr:rr:setup"
    tower = next(a for a in setup["stages"] if a["stage"] == "The Necromancer's Tower")
    assert tower["errata"]["id"] == "lotr:errata:core-123" and tower["errata"]["lines"][0] > 0
    assert "lotr:faq:q:70" in [r["id"] for r in tower["rulings"]]
    assert all(a["kind"] != "setup" for a in quest["special_rules"])
    assert quest["how_to_win"]["rule"]["id"] == "lotr:rr:winning-the-game"
    assert quest["how_to_win"]["final_stages"] == ["Out of the Dungeons"]


def test_a_stage_whose_ability_wins_the_game_counts_as_a_final_stage(run_cli):
    _, data, _ = run_cli("scenario", "passage through mirkwood", "--json")
    finals = data["quest_cards"]["how_to_win"]["final_stages"]
    assert set(finals) == {"A Chosen Path: \"Don't Leave the Path!\"", "A Chosen Path: Beorn's Path"}
    _, out = run_cli("scenario", "passage through mirkwood")[::2]
    text = " ".join(out.out.split())
    assert "Setup" in text and "Special rules" in text and "How to win" in text
    assert "lotr:rr:winning-the-game" in text


def test_a_scenario_without_quest_cards_in_the_library_says_so(run_cli):
    _, data, _ = run_cli("scenario", "Conflict at the Carrock", "--json")
    assert data["quest_cards"] is None
    _, _, out = run_cli("scenario", "Conflict at the Carrock")
    assert "not in the card library" in out.out


def test_a_scenario_without_quest_cards_shows_its_rulings_as_setup_special_rules_and_how_to_win(run_cli):
    _, data, _ = run_cli("scenario", "Conflict at the Carrock", "--json")
    found = data["quest_from_documents"]
    assert found["setup"]["rule"]["id"] == "lotr:rr:setup" and found["how_to_win"]["rule"]["id"] == "lotr:rr:winning-the-game"
    setup = [r["id"] for r in found["setup"]["records"]]
    special = [r["id"] for r in found["special_rules"]]
    assert setup == ["lotr:qc:ruling:conflict-at-the-carrock:setup"]
    assert "lotr:qc:ruling:conflict-at-the-carrock:ally-objective-card-grimbeorn-the-old" in special
    assert sorted(setup + special + [r["id"] for r in found["how_to_win"]["records"]]) == \
        sorted(r["id"] for r in data["rulings"])  # every ruling of the page, each once
    _, _, out = run_cli("scenario", "Conflict at the Carrock")
    text = out.out[out.out.index("Quest cards"):]
    assert text.index("\nSetup") < text.index("conflict-at-the-carrock:setup") < text.index("\nSpecial rules") \
        < text.index("grimbeorn-the-old") < text.index("\nHow to win")
    _, core, _ = run_cli("scenario", "Escape from Dol Guldur", "--json")
    assert core["quest_cards"] is not None and core["quest_from_documents"] is None


@pytest.mark.parametrize("name", ["Passage Through Mirkwood", "Journey Down the Anduin", "Escape from Dol Guldur"])
def test_scenario_record_cites_its_page_header_and_keeps_the_page_extent(run_cli, name):
    _, data, _ = run_cli("scenario", name, "--json")
    start, end = data["scenario"]["lines"]
    assert end - start < 10  # the title and the difficulty and rating lines, not the whole page
    assert "Official difficulty" in data["scenario"]["text"]


def _replay_lines(out) -> list[str]:
    return [line.split("adjudicator replay ", 1)[1] for line in out.splitlines() if "adjudicator replay " in line]


def test_card_lists_first_the_situations_replaying_a_ruling_about_it_then_those_named_after_it(run_cli):
    from adjudicator.cli.card_render import SITUATIONS_SHOWN

    _, data, _ = run_cli("card", "Dungeon Torch", "--json")
    row = next(r for r in data["ruling_rows"] if r["ruling"] == "lotr:faq:q:14")
    assert row["about_the_card"] and row["situations"]
    _, _, out = run_cli("card", "Dungeon Torch")
    assert _replay_lines(out.out)[:len(row["situations"])] == row["situations"]
    _, data, _ = run_cli("card", "Beravor", "--json")
    assert len(data["situations"]) > SITUATIONS_SHOWN
    _, _, out = run_cli("card", "Beravor")
    shown = _replay_lines(out.out)
    assert shown[0] == "scenarios/lotr/rulings/faq-1.14-enchanted-stream-stops-beravor.yaml"  # named after her
    assert len(shown) == SITUATIONS_SHOWN and set(shown) <= {s["path"] for s in data["situations"]}
    more = len(data["situations"]) - SITUATIONS_SHOWN
    assert f"and {more} more situations with this card in play (--json lists them all)" in out.out


def test_card_view_leaves_out_ruling_rows_whose_situations_only_put_the_card_in_play(run_cli):
    _, data, _ = run_cli("card", "Hill Troll", "--json")
    in_play_only = [row for row in data["ruling_rows"] if not row["about_the_card"]]
    assert in_play_only  # Hill Troll is the plain enemy of many ruling situations
    _, _, out = run_cli("card", "Hill Troll")
    for row in in_play_only:
        assert f"{row['ruling']} {row['topic']}" not in out.out


def _ruled(data) -> set[str]:
    return {r["id"] for key in ("errata", "qa", "rulings") for r in data[key]}


def test_card_leaves_out_records_naming_another_products_card_of_its_title(run_cli):
    _, ally, _ = run_cli("card", "Beorn", "--json")
    _, hero, _ = run_cli("card", "Beorn (hero)", "--json")
    assert ally["set_ref"] == "CORE 31" and "lotr:faq:q:45" not in _ruled(ally)  # about Beorn (OHUH 5), the hero
    assert "lotr:faq:q:45" in _ruled(hero)
    _, aragorn, _ = run_cli("card", "Aragorn", "--json")
    assert aragorn["set_ref"] == "CORE 1" and "lotr:faq:1.55" not in _ruled(aragorn)  # its example is Aragorn (ToS 1)


def test_a_reference_of_the_cards_own_product_with_another_number_still_counts_as_the_card(run_cli):
    # FAQ 1.06 names Caught in a Web (Core 80 in the card data) as "CORE 86": the same product, a slip
    _, data, _ = run_cli("card", "Caught in a Web", "--json")
    assert data["set_ref"] == "CORE 80" and "lotr:faq:1.06" in _ruled(data)


def test_a_scenario_found_by_part_of_its_name_says_what_is_shown_and_names_the_others_as_close(run_cli):
    code, data, out = run_cli("scenario", "mirkwood", "--json")
    assert code == 0 and data["corrected"] is True and data["typed"] == "mirkwood"
    shown = data["scenario"]["title"]
    assert set(data["as_close"]) | {shown} == {"Passage Through Mirkwood", "Return to Mirkwood", "Lost in Mirkwood"}
    _, _, out = run_cli("scenario", "mirkwood")
    assert f"showing {shown} (you typed mirkwood)" in out.out
    assert "as close: " + ", ".join(data["as_close"]) in out.out
    _, exact, _ = run_cli("scenario", "Escape from Dol Guldur", "--json")
    assert exact["corrected"] is False and exact["as_close"] == []
