"""The Core Set ability library (rules_db/lotr/cards/abilities/): every Core Set design
with card text is encoded, the FAQ 1.9 errata are applied with the printed version
selectable, every cited record exists, and bad library files fail with file:line."""

from __future__ import annotations

import pytest

from adjudicator.engine.situation import fold
from adjudicator.errors import InputError, UnknownName
from adjudicator.lotr.abilities.load import card_abilities, library, parse_library
from adjudicator.lotr.engine.cards import core_set

# Core Set designs with no text beyond their stand-alone keywords.
NO_TEXT = {"Guard of the Citadel", "Silverlode Archer", "Veteran Axehand", "Horseback Archer", "The East Bight"}
# Core Set cards the FAQ 1.9 errata change (errata ids are lotr:errata:core-<number>).
ERRATA = {6: "Thalin", 8: "Eleanor", 12: "Beravor", 34: "Feint", 36: "Thicket of Spears", 42: "Horn of Gondor",
          43: "Wandering Took", 49: "Will of the West", 51: "Stand and Fight", 70: "Protector of Lórien",
          91: "Dol Guldur Beastmaster", 102: "Nazgûl of Dol Guldur", 123: "The Necromancer's Tower", 125: "Out of the Dungeons"}


def test_every_core_set_design_with_text_is_in_the_library():
    lib = library()
    missing = [c.name for c in core_set().cards if fold(c.name) not in lib and c.name not in NO_TEXT]
    assert not missing
    core = {fold(c.name) for c in core_set().cards}
    assert len([name for name in lib if name in core]) == 128 - len(NO_TEXT)


def test_library_names_only_designs_of_the_card_data():
    from adjudicator.lotr.engine.cards import card_book

    names = {fold(c.name) for c in card_book().cards} | {fold(c.key) for c in card_book().cards if c.key}  # a second design: by its key
    assert set(library()) <= names


def test_every_errata_card_carries_its_erratum_id():
    for number, name in ERRATA.items():
        ids = {a.errata for a in card_abilities(name).abilities}
        assert f"lotr:errata:core-{number}" in ids, name


@pytest.mark.parametrize("name, field, errata, printed", [
    ("Beravor", "limit", {"count": 1, "period": "round", "scope": "copy"}, None),
    ("Wandering Took", "limit", {"count": 1, "period": "round", "scope": "copy"}, None),
    ("Protector of Lórien", "limit", {"count": 3, "period": "phase", "scope": "copy"}, None),
    ("Feint", "phase", "combat", None),
])
def test_errata_applied_and_printed_version_selectable(name, field, errata, printed):
    def value(version):
        ability = card_abilities(name, version).abilities[0]
        return ability.to_dict().get(field)

    assert value("errata") == errata
    assert value("printed") == printed
    assert card_abilities(name).abilities[0].version == "errata"
    assert card_abilities(name, "printed").abilities[0].version == "printed"


def test_horn_of_gondor_errata_narrows_leaves_play_to_destroyed():
    assert card_abilities("Horn of Gondor").abilities[0].trigger.event == "destroyed"
    assert card_abilities("Horn of Gondor", "printed").abilities[0].trigger.event == "leaves_play"


def test_will_of_the_west_errata_removes_it_from_the_game():
    ops = [e.op for e in card_abilities("Will of the West").abilities[0].effects]
    assert "remove_from_game" in ops
    assert "remove_from_game" not in [e.op for e in card_abilities("Will of the West", "printed").abilities[0].effects]


def test_nazgul_no_attachments_exists_only_in_the_errata_version():
    assert len(card_abilities("Nazgul of Dol Guldur").abilities) == len(card_abilities("Nazgûl of Dol Guldur", "printed").abilities) + 1


def test_names_are_found_forgivingly_with_suggestions_for_a_miss():
    assert card_abilities("eowyn").name == "Éowyn"
    with pytest.raises(UnknownName) as info:  # a name in the input: bad input (exit 2), not a lookup's "nothing"
        card_abilities("Beravr")
    assert "Beravor" in info.value.suggestions


def test_triggered_abilities_have_triggers_and_every_ability_a_paraphrase():
    for card in library().values():
        for a in card.abilities:
            assert a.says, a.label
            if a.kind in ("response", "forced"):
                assert a.trigger is not None, a.label


def test_encounter_and_quest_cards_are_marked_as_such():
    assert card_abilities("Tower Gate").source == "encounter"
    assert card_abilities("Anduin Passage").source == "quest"
    assert card_abilities("Strength of Will").source == "player"


def test_library_file_errors_name_file_line_and_suggest():
    text = "cards:\n  - name: X\n    abilities:\n      - {kind: respons, says: x}\n      - {kind: action, efects: [], says: y}\n"
    with pytest.raises(InputError) as info:
        parse_library(text, "lib.yaml")
    message = str(info.value)
    assert "lib.yaml:4:" in message and "response" in message
    assert "lib.yaml:5:" in message and "effects" in message


def test_unknown_effect_primitive_is_reported():
    text = "cards:\n  - name: X\n    abilities:\n      - {kind: action, says: y, effects: [{op: damgae}]}\n"
    with pytest.raises(InputError) as info:
        parse_library(text, "lib.yaml")
    assert "damage" in str(info.value)


def test_every_record_the_library_cites_exists(kb_ids):
    cited = set()
    for version in ("errata", "printed"):
        for card in library(version).values():
            for a in card.abilities:
                cited.update(a.rulings)
                if a.errata:
                    cited.add(a.errata)
    assert cited and not sorted(cited - kb_ids)


def test_a_situations_abilities_block_reports_each_problem_with_its_line():
    from adjudicator.engine.situation import Problems, parse_yaml
    from adjudicator.lotr.abilities.load import read_situation_block

    text = (
        "abilities:\n"
        "  responses: [{card: Legolas, player: Tom}]\n"
        "  cards:\n"
        "    - name: Invented Stage\n"
        "      abilities: [{kind: forced, trigger: {timing: after, event: quests_successfuly}, says: x}]\n"
        "  versoin: printed\n"
    )
    problems = Problems("s.yaml")
    block = read_situation_block(parse_yaml(text, "s.yaml").get("abilities"), problems)
    rendered = [p.render("s.yaml") for p in problems.items]
    assert any(r.startswith("s.yaml:5:") and "quests_successfully" in r for r in rendered)
    assert any(r.startswith("s.yaml:6:") and "version" in r for r in rendered)
    assert block["responses"] == [{"card": "Legolas", "player": "Tom", "line": 2}]  # its line: an unused one is reported there


def test_the_library_kept_in_the_cache_folder_is_the_library_parsed(tmp_path, monkeypatch):
    from adjudicator.lotr.abilities import load

    monkeypatch.setenv("ADJUDICATOR_CACHE", str(tmp_path))
    load.library.cache_clear()
    try:
        parsed = load.library("errata")
        kept = list(tmp_path.glob("abilities-errata-*.pickle"))
        assert len(kept) == 1
        (tmp_path / "abilities-errata-0000000000000000.pickle").write_bytes(b"older code's copy")
        load.library.cache_clear()
        kept[0].unlink()
        load.library("errata")  # parsed again and kept: the older copy goes
        load.library.cache_clear()
        assert load.library("errata") == parsed
        assert [p.name for p in tmp_path.glob("abilities-errata-*.pickle")] == [kept[0].name]
        assert not list(tmp_path.glob("*.tmp"))
    finally:
        load.library.cache_clear()
