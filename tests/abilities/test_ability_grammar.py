"""The published ability grammar (docs/abilities.md, "The ability grammar"): target phrases
are composed (quantifier, qualifiers, trait, card type, zone, controller), every phrase of
the card library parses, and a phrase outside the grammar is an input error with
file:line:column and a "did you mean", in the library and in situation files."""

import glob
import re

import pytest
import yaml

from adjudicator.errors import InputError
from adjudicator.lotr.abilities.choose import Missing, Play, candidates, targets
from adjudicator.lotr.abilities.grammar.amounts import amount, parse_amount
from adjudicator.lotr.abilities.grammar.conditions import parse_condition
from adjudicator.lotr.abilities.grammar.targets import PhraseError, parse_player, parse_target
from adjudicator.lotr.abilities.load import LIBRARY_DIR, parse_library
from adjudicator.lotr.engine import api

from .core_set_table import put
from .tables import card, table as _situation


def table(heroes):
    lines = ["players:"]
    for name, hs in heroes.items():
        lines += [f"  - name: {name}", "    threat: 30", f"    heroes: [{', '.join(hs)}]"]
    return _situation("\n".join(lines) + "\n")

PHRASE_KEYS = {"target": parse_target, "what": None, "player": parse_player, "amount": parse_amount,
               "value": parse_amount, "condition": parse_condition}


def _phrases():
    out = []

    def walk(x, key=None, op=None):
        if isinstance(x, dict):
            for k, v in x.items():
                walk(v, k, x.get("op", op))
        elif isinstance(x, list):
            for v in x:
                walk(v, key, op)
        elif key in PHRASE_KEYS and x is not None:
            out.append((key, op, x))

    for path in glob.glob(str(LIBRARY_DIR / "*.yaml")):
        walk(yaml.safe_load(open(path, encoding="utf-8")))
    return out


def test_every_phrase_of_the_card_library_parses():
    phrases = _phrases()
    assert len({p for _, _, p in phrases}) > 60
    for key, op, text in phrases:
        if key == "what" and op in ("cannot", "cancel"):
            continue  # restrictions and cancels: closed lists, checked as the library loads
        parse = parse_target if key == "what" else PHRASE_KEYS[key]
        parse(text)  # raises PhraseError for a phrase outside the grammar


def test_targets_are_composed_from_quantifier_trait_type_zone_and_controller():
    t = parse_target("each exhausted Dwarf hero you control")
    assert (t.quantifier, t.qualifiers, t.traits, t.kinds, t.controller) == ("each", ("exhausted",), ("Dwarf",), ("hero",), "you")
    t = parse_target("an enemy in the staging area or engaged with another player")
    assert t.zones == ("staging", "engaged elsewhere") and t.picks
    assert parse_target("2 characters you control").normal() == {"quantifier": "n", "count": 2, "kinds": ["character"], "controller": "you"}
    assert parse_target("a Spirit card in your discard pile").spheres == ("Spirit",)
    assert parse_target("a Ranged character you control").keywords == ("Ranged",)
    assert parse_target("a hero of each player").chooser == "each player"


def test_each_hero_names_every_hero_not_one_chosen_hero():
    # The word "each" (Effects): every card the phrase names, no choice.  Before the
    # grammar, "each hero" was read as "choose one hero".
    r = table(heroes={"Tom": ["Aragorn", "Gimli"], "Kris": ["Éowyn"]})
    found = targets(r, "each hero", card(r, "Aragorn"), r.g.players[0], Play())
    assert sorted(c.label for c in found) == ["Aragorn", "Gimli", "Éowyn"]
    with pytest.raises(Missing):
        targets(r, "a hero", card(r, "Aragorn"), r.g.players[0], Play())
    assert sorted(candidates(r, "a hero you control", r.g.players[0])) == ["Aragorn", "Gimli"]


def test_qualifiers_filter_the_cards_a_phrase_names():
    r = table(heroes={"Tom": ["Aragorn", "Gimli"], "Kris": ["Éowyn"]})
    card(r, "Gimli").exhausted = True
    card(r, "Éowyn").damage = 1
    tom = r.g.players[0]
    assert [c.label for c in targets(r, "each exhausted character", card(r, "Aragorn"), tom, Play())] == ["Gimli"]
    assert [c.label for c in targets(r, "each damaged hero", card(r, "Aragorn"), tom, Play())] == ["Éowyn"]
    assert [c.label for c in targets(r, "each Dwarf character", card(r, "Aragorn"), tom, Play())] == ["Gimli"]
    assert [c.label for c in targets(r, "each hero other than this", card(r, "Aragorn"), tom, Play()) if c.owner == "Tom"] == ["Gimli"]


def test_two_traits_joined_by_or_name_a_card_with_either_trait():
    """'a Noldor or Silvan hero' (Light of Valinor's attachment phrase): one of the traits is
    enough; two traits side by side ('a Noldor Warrior hero') still need both."""
    assert parse_target("a Noldor or Silvan hero").normal() == {"quantifier": "a", "kinds": ["hero"], "traits": ["Noldor", "Silvan"], "any_trait": True}
    r = table(heroes={"Tom": ["Aragorn", "Glorfindel", "Legolas"]})
    tom = r.g.players[0]
    assert sorted(candidates(r, "a Noldor or Silvan hero", tom)) == ["Glorfindel", "Legolas"]
    assert sorted(candidates(r, "a Noldor Warrior hero", tom)) == ["Glorfindel"]


def test_a_printed_resource_icon_is_the_cards_own_sphere_never_a_gained_icon():
    """'with a printed Tactics resource icon' names Gimli (Tactics) and not Glorfindel (Lore); a
    gained icon never counts (FAQ Q47: Óin's, tested in its ruling situation)."""
    assert parse_target("a hero with a printed Tactics resource icon").qualifiers == ("printed tactics",)
    r = table(heroes={"Tom": ["Gimli", "Glorfindel"]})
    assert candidates(r, "a hero with a printed Tactics resource icon", r.g.players[0]) == ["Gimli"]


def test_amounts_count_cards_with_a_cap():
    r = table(heroes={"Tom": ["Gimli"]})
    tom = r.g.players[0]
    for name in ("Veteran Axehand", "Longbeard Orc Slayer", "Brok Ironfist"):
        put(r, name, "ally", "Tom")
    assert amount(r, "1 per Dwarf ally you control", card(r, "Gimli"), tom) == 3
    assert amount(r, "1 per Dwarf ally you control, at most 2", card(r, "Gimli"), tom) == 2
    assert amount(r, "2 per player", card(r, "Gimli"), tom) == 2 * len(r.g.players)


@pytest.mark.parametrize("phrase, column, suggestion", [
    ("each heros you control", 6, "heroes"),
    ("a Gondr character", 3, "Gondor"),
    ("a character you contrl", 13, "you control"),
])
def test_an_unknown_target_phrase_is_an_error_at_its_word_with_a_suggestion(phrase, column, suggestion):
    with pytest.raises(PhraseError) as err:
        parse_target(phrase)
    assert err.value.offset + 1 == column and suggestion in err.value.suggestions


LIBRARY_TEXT = """source: player
cards:
  - name: Test Card
    abilities:
      - {kind: action, effects: [{op: ready, target: each heros}], says: x}
      - {kind: constant, condition: it is the actve location, effects: [{op: cannot, what: atack, target: self}], says: y}
"""


def test_the_card_library_reports_each_bad_phrase_with_file_line_column_and_did_you_mean():
    with pytest.raises(InputError) as err:
        parse_library(LIBRARY_TEXT, "lib.yaml")
    text = str(err.value)
    assert "lib.yaml:5:59:" in text and "did you mean: heroes" in text
    assert re.search(r"lib\.yaml:6:\d+: .*condition.*did you mean: is the active location", text)
    assert "did you mean: attack" in text


SITUATION = """game: lotr
start: "3.1"
players:
  - {name: Tom, threat: 20, heroes: [Aragorn]}
abilities:
  cards:
    - name: Homemade Card
      abilities:
        - {kind: action, effects: [{op: ready, target: a hero yuo control}], says: "ready a hero"}
"""


def test_a_situation_card_with_an_unknown_phrase_is_an_input_error(tmp_path):
    path = tmp_path / "homemade.yaml"
    path.write_text(SITUATION, encoding="utf-8")
    with pytest.raises(InputError) as err:
        api.load(str(path))
    assert f"{path}:9:" in str(err.value) and "you control" in str(err.value)


def test_choose_one_asks_for_the_option_or_takes_it_from_the_play():
    from adjudicator.lotr.abilities.initiate import initiate
    from adjudicator.lotr.abilities.load import card_abilities

    r = table(heroes={"Tom": ["Aragorn"]})
    gandalf = put(r, "Gandalf", "ally", "Tom")
    ability = card_abilities("Gandalf").of_kind("response")[0]
    before = r.g.players[0].threat
    assert not initiate(r, gandalf, ability, r.g.players[0], Play())          # no option: a missing choice
    assert r.g.players[0].threat == before
    assert initiate(r, gandalf, ability, r.g.players[0], Play(option="threat"))
    assert r.g.players[0].threat == before - 5
