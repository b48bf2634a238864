"""The card library holds the cards the rulings name (issue 14): each design of the card data has
its entry in the ability library, under the name that picks it out (its key when its title has
several designs); an ability the grammar cannot express yet is listed under ``unwritten:`` with
the mechanic it needs, never as a Python hatch, and never resolves."""

from __future__ import annotations

import pytest

from adjudicator.engine.situation import fold
from adjudicator.errors import InputError
from adjudicator.lotr.abilities.load import library, parse_library
from adjudicator.lotr.engine.cards import card_book

# Core Set designs with no text (tests/abilities/test_card_library.py): in the card data, not the ability library.
NO_TEXT = {"Guard of the Citadel", "Silverlode Archer", "Veteran Axehand", "Horseback Archer", "The East Bight"}


def _named_in_outcome_rulings() -> set[str]:
    from adjudicator.lotr.abilities.rulings import rulings_table

    return {fold(c) for row in rulings_table() if row["class"] == "outcome" for c in row.get("cards") or ()}


def test_every_design_of_a_card_the_rulings_name_has_its_entry_in_the_ability_library():
    """Its abilities, an empty list for a card with no text the rulings touch, or its unwritten ones."""
    lib = library()
    named = _named_in_outcome_rulings()
    designs = [c for c in card_book().cards if named & {fold(n) for n in (c.name, *c.aliases)}]
    assert len(designs) >= 100
    missing = [c.design_key for c in designs if fold(c.design_key) not in lib and c.name not in NO_TEXT]
    assert not missing


def test_designs_sharing_a_title_stay_apart():
    lib = library()
    ohuh, otd = lib[fold("Bilbo Baggins")], lib[fold("Bilbo Baggins (On the Doorstep)")]
    assert ohuh is not otd and ohuh.abilities[0].rulings != otd.abilities[0].rulings
    designs = [c for c in card_book().cards if fold(c.name) == fold("Bilbo Baggins")]
    assert sorted(c.design_key for c in designs) == ["Bilbo Baggins", "Bilbo Baggins (On the Doorstep)"]


def test_an_unwritten_ability_carries_its_need_and_is_no_ability_of_the_card():
    cob = library()[fold("Crazy Cob")]
    assert cob.abilities == [] and [u.kind for u in cob.unwritten] == ["when_revealed"]
    assert "poison" in cob.unwritten[0].needs and cob.unwritten[0].rulings == ("lotr:faq:1.41", "lotr:faq:q:48")
    for entry in library().values():
        for u in entry.unwritten:
            assert u.says and u.needs, entry.name


@pytest.mark.parametrize("item, expected", [
    ("{kind: forced, says: it does something}", "needs: the mechanic the grammar lacks"),
    ("{kind: forced, needs: a mechanic}", "says: our own one-line paraphrase"),
    ("{kind: forcd, says: x, needs: y}", "did you mean: forced"),
    ("{kind: forced, says: x, needs: y, why: z}", "unknown key 'why'"),
])
def test_an_unwritten_ability_without_its_need_or_paraphrase_is_an_input_error(item, expected):
    text = f"cards:\n  - name: Test Card\n    abilities: []\n    unwritten:\n      - {item}\n"
    with pytest.raises(InputError) as err:
        parse_library(text, "test.yaml")
    assert "test.yaml:5" in str(err.value) and expected in str(err.value)


def test_every_card_named_in_an_outcome_ruling_is_in_the_card_library():
    """Issue 14's target: each card an outcome-deciding row of faq/ names is a design of the card
    data (its title, an alias or a key) with its entry in the ability library."""
    from adjudicator.lotr.abilities.rulings import rulings_table

    names = {fold(n) for c in card_book().cards for n in (c.name, c.design_key, *c.aliases)}
    named = sorted({c for row in rulings_table() if row["class"] == "outcome" for c in row.get("cards") or ()})
    assert len(named) >= 150
    assert [c for c in named if fold(c) not in names] == []
