"""Search (Rules Reference) and FAQ 1.21: a deck a card effect searches is shuffled once the
search is over, unless the effect itself says where the cards go; a discard pile is never
reordered.  The replay draws the new order from the situation's seed and says so as an
interpretation.  A search that reveals what it finds takes every card out first, so a
Guarded objective's guard (Guarded) comes from the shuffled rest of the deck, never from the
cards the search is after."""

from __future__ import annotations

from adjudicator.lotr.abilities import search as S
from adjudicator.lotr.abilities.choose import Play
from adjudicator.lotr.abilities.effects import Cause
from adjudicator.lotr.abilities.load import card_abilities

from .core_set_table import go, put
from .tables import steps, table

SEARCH_SHUFFLE = "a searched deck is shuffled in an order drawn from the situation's seed"
RIVER = Cause("To the River... (when revealed)", source="quest")
PATH = Cause("A Chosen Path (when revealed)", source="quest")
GANDALFS_SEARCH = Cause("Gandalf's Search (action)")
MOUNTAINS = Cause("Mountains of Mirkwood (response)", source="encounter")

ENCOUNTER = "[Wargs, Hill Troll, King Spider, Forest Spider, Black Forest Bats, Goblin Sniper, Marsh Adder, East Bight Patrol]"


def position(seed: int = 4, encounter: str = ENCOUNTER, discard: str = "[]") -> str:
    return f"""
seed: {seed}
players:
  - name: Tom
    heroes: [Aragorn]
    deck: [Faramir, Gléowine, Snowbourn Scout, Citadel Plate, Beorn, Gandalf, Feint]
  - name: Kris
    heroes: [Glorfindel]
    deck: [Horseback Archer, Brok Ironfist, Northern Tracker, Sneak Attack, Lórien Guide]
quest: {{card: To the River...}}
encounter_deck: {encounter}
encounter_discard: {discard}
"""


def labels(cards) -> list[str]:
    return [c.label for c in cards]


def test_search_an_encounter_deck_searched_by_a_card_effect_is_shuffled_from_the_seed():
    r = table(position())
    before = [x for x in labels(r.g.encounter_deck) if x != "Hill Troll"]
    assert S.search_to_staging(r, RIVER, Play(targets={"found": ["Hill Troll"]})) is True
    assert labels(r.g.staging) == ["Hill Troll"]
    after = labels(r.g.encounter_deck)
    assert sorted(after) == sorted(before) and after != before
    line = steps(r, "shuffle")[-1]
    assert line.text.startswith("[from To the River... (when revealed)] the encounter deck, searched, is shuffled (order from the seed 4)")
    assert line.interpretation.name == SEARCH_SHUFFLE and "lotr:faq:1.21" in line.citations
    # the same seed, the same order; another seed, another order
    again = table(position())
    S.search_to_staging(again, RIVER, Play(targets={"found": ["Hill Troll"]}))
    other = table(position(seed=5))
    S.search_to_staging(other, RIVER, Play(targets={"found": ["Hill Troll"]}))
    assert labels(again.g.encounter_deck) == after != labels(other.g.encounter_deck)


def test_search_a_searched_deck_is_shuffled_even_when_nothing_is_found():
    r = table(position(encounter="[Wargs, King Spider, Forest Spider, Goblin Sniper, Marsh Adder, East Bight Patrol]"))
    before = labels(r.g.encounter_deck)
    assert go(r, r.g.quest, 2) is False  # To the River...'s When Revealed: no Hill Troll to find
    assert "Hill Troll" in [s.text for s in steps(r, "search")][-1]
    assert steps(r, "shuffle")[-1].interpretation.name == SEARCH_SHUFFLE
    assert sorted(labels(r.g.encounter_deck)) == sorted(before) and labels(r.g.encounter_deck) != before


def test_search_faq_1_21_a_searched_discard_pile_keeps_its_order():
    r = table(position(discard="[Chieftan Ufthak, Dol Guldur Orcs, Dol Guldur Beastmaster, Necromancer's Reach]"))
    deck_before = labels(r.g.encounter_deck)
    S.search_to_staging(r, PATH, Play(targets={"found": ["Dol Guldur Orcs"]}))
    assert labels(r.g.encounter_discard) == ["Chieftan Ufthak", "Dol Guldur Beastmaster", "Necromancer's Reach"]
    assert labels(r.g.staging) == ["Dol Guldur Orcs"]
    assert labels(r.g.encounter_deck) != deck_before  # the deck was searched too: shuffled
    assert "the discard pile keeps its order" in steps(r, "search")[-1].text


def test_search_each_players_own_deck_searched_is_shuffled_from_the_seed():
    r = table(position())
    S.search_own_decks(r, MOUNTAINS, 5, {"Tom": "Beorn", "Kris": "Sneak Attack"})
    shuffles = steps(r, "shuffle")
    assert [s.text.split("] ")[1].split(",")[0] for s in shuffles] == ["Tom's deck", "Kris's deck"]
    assert all(s.interpretation.name == SEARCH_SHUFFLE and "lotr:faq:1.21" in s.citations for s in shuffles)
    tom = labels(r.g.player("Tom").deck)
    assert "Beorn" not in tom and tom != ["Faramir", "Gléowine", "Snowbourn Scout", "Citadel Plate", "Gandalf", "Feint"]


def test_search_faq_1_21_gandalfs_search_puts_the_rest_back_on_top_so_the_deck_is_not_shuffled():
    r = table(position())
    S.look_and_take(r, GANDALFS_SEARCH, Play(chosen=["Tom"], x=3, targets={"take": "Gléowine", "order": ["Snowbourn Scout", "Faramir"]}))
    assert labels(r.g.player("Tom").deck) == ["Snowbourn Scout", "Faramir", "Citadel Plate", "Beorn", "Gandalf", "Feint"]
    assert not steps(r, "shuffle")
    line = steps(r, "search")[-1]
    assert "the deck is not shuffled" in line.text and "lotr:faq:1.21" in line.citations


GUARDED = "[Gandalf's Map, Dungeon Torch, Wargs, Hill Troll, King Spider, Forest Spider, Goblin Sniper, Marsh Adder]"


def test_guarded_a_search_that_reveals_takes_out_all_it_finds_before_the_first_guard_is_drawn():
    # the deck as listed puts the torch right under the map: revealed one at a time, the map's guard would be the torch
    r = table(position(encounter=GUARDED))
    ok = S.search_to_staging(r, RIVER, Play(targets={"found": ["Gandalf's Map", "Dungeon Torch"]}), reveal=True)
    assert ok is True
    events = [s.event for s in r.trace.steps]
    assert events.index("search") < events.index("shuffle") < events.index("reveal")
    guards = {o.label: c.label for c in r.g.staging for o in c.guarding}
    assert set(guards) == {"Gandalf's Map", "Dungeon Torch"}
    assert not set(guards.values()) & {"Gandalf's Map", "Dungeon Torch"}
    revealed = [s.text for s in steps(r, "reveal")]
    assert revealed[0] == "Gandalf's Map is revealed (found and revealed by To the River... (when revealed))"
    assert any(t.startswith("Dungeon Torch is revealed (found and revealed by") for t in revealed)


def test_guarded_the_necromancers_tower_uses_the_generic_search_and_shuffles_outside_a_setup_replay():
    setup = card_abilities("The Necromancer's Tower").abilities[0]
    assert [e.op for e in setup.effects] == ["python", "search"] and setup.effects[1].get("reveal") is True
    r = table(position(encounter="[Gandalf's Map, Dungeon Torch, Shadow Key, Nazgûl of Dol Guldur, Cavern Guardian, "
                                 "Dungeon Jailor, Tower Gate, Goblin Sniper, Wargs]"))
    assert go(r, put(r, "The Necromancer's Tower", "quest"), 1) is True
    assert labels(r.g.set_aside) == ["Nazgûl of Dol Guldur"]
    guards = {o.label: c.label for c in r.g.staging for o in c.guarding}
    assert set(guards) == {"Gandalf's Map", "Dungeon Torch", "Shadow Key"}
    assert not set(guards.values()) & {"Gandalf's Map", "Dungeon Torch", "Shadow Key", "Nazgûl of Dol Guldur"}
    assert steps(r, "shuffle")[-1].interpretation.name == SEARCH_SHUFFLE
    assert "keeps its order" not in " ".join(s.text for s in r.trace.steps)
