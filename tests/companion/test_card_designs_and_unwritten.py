"""`card` for a title with several designs and for abilities the grammar cannot express yet.

- Designs sharing a title (two Bilbo Baggins, Beorn the ally and the hero): the bare title shows
  the design that bears it, the key (``key:`` in rules_db/lotr/cards/*.yaml) or the set reference
  shows the other, and each lists the other designs, so the library never merges them.
- An ability in a card's ``unwritten:`` list (docs/abilities.md) is shown apart from the written
  abilities, with the mechanic it needs and the rulings that touch it."""

from __future__ import annotations


def test_the_bare_title_shows_the_design_that_bears_it_and_names_the_other(run_cli):
    code, data, _ = run_cli("card", "Bilbo Baggins", "--json")
    assert code == 0 and data["set_ref"] == "OHUH 1"
    assert [d["name"] for d in data["other_designs"]] == ["Bilbo Baggins (On the Doorstep)"]
    assert data["abilities"][0]["rulings"][0]["id"] == "lotr:qc:ruling:dungeons-deep-and-caverns-dim:the-riddle-area"


def test_a_second_design_is_found_by_its_key_and_by_its_set_reference(run_cli):
    for typed in ("Bilbo Baggins (On the Doorstep)", "OtD 1"):
        code, data, _ = run_cli("card", typed, "--json")
        assert code == 0 and data["set_ref"] == "OtD 1", typed
        assert data["figures"]["key"] == "Bilbo Baggins (On the Doorstep)"
        assert [r["id"] for r in data["abilities"][0]["rulings"]] == ["lotr:faq:1.41"]
        assert [d["name"] for d in data["other_designs"]] == ["Bilbo Baggins"]
    _, hero, _ = run_cli("card", "Beorn (hero)", "--json")
    assert hero["set_ref"] == "OHUH 5" and hero["figures"]["type"] == "hero"
    assert all("Beorn (hero)" in open(s["path"], encoding="utf-8").read() for s in hero["situations"])
    _, ally, out = run_cli("card", "Beorn", "--json")
    assert ally["figures"]["type"] == "ally" and [d["name"] for d in ally["other_designs"]] == ["Beorn (hero)"]


def test_an_unwritten_ability_is_shown_with_the_mechanic_it_needs(run_cli):
    code, data, _ = run_cli("card", "Crazy Cob", "--json")
    assert code == 0 and data["abilities"] == []
    [ability] = data["unwritten"]
    assert ability["kind"] == "when_revealed" and "poison" in ability["needs"]
    assert [r["id"] for r in ability["rulings"]] == ["lotr:faq:1.41", "lotr:faq:q:48"]
    _, _, out = run_cli("card", "Crazy Cob")
    assert "Not yet in the ability grammar" in out.out and "needs: poison" in out.out
