"""Counting cards: a card that counts as several cards of a trait (``{op: count_as, amount: 2,
trait: Dwarf}``: Bombur) counts so where an amount counts cards of that trait, and nowhere
else; X set by a cost that exhausts X cards is the number of cards exhausted (The letter "X";
FAQ Q39).  Expected values worked out by hand in each docstring."""

from __future__ import annotations

from adjudicator.lotr.engine import api

TEXT = """
start: '2.1'
stop: {step: '2.2'}
cards:
- {name: Muster, type: event, sphere: neutral, cost: 0}
players:
- {name: Tom, threat: 30, heroes: HEROES, hand: [Muster, We Are Not Idle], deck: [Veteran Axehand]}
quest: {card: Flies and Spiders}
decisions:
- {step: '2.2', player: Tom, play: PLAYS}
abilities:
  cards:
  - name: Muster
    abilities:
    - {kind: action, effects: [{op: resources, target: a hero you control, amount: AMOUNT}], says: "test: resources per card counted"}
  plays:
  - {card: Muster, targets: {a hero you control: Aragorn}}
  - {card: We Are Not Idle, targets: {X Dwarf characters you control: EXHAUSTED, a hero you control: Aragorn}}
"""


def aragorn(heroes: str, plays: str, amount: str = "1 per Dwarf character you control", exhausted: str = "[Bombur]") -> int:
    text = TEXT.replace("HEROES", heroes).replace("PLAYS", plays).replace("AMOUNT", amount).replace("EXHAUSTED", exhausted)
    trace = api.replay(api.load("c.yaml", text=text), abilities=True)
    tom = next(p for p in trace.final_state["players"] if p["name"] == "Tom")
    return next(h for h in tom["heroes"] if h["name"] == "Aragorn")["resources"]


def test_a_card_counting_as_two_counts_so_only_where_cards_of_its_trait_are_counted():
    """Muster (1 per Dwarf character you control): Bombur 2 + Gimli 1 = 3; Gimli and Thalin
    alone 2; counting characters of another trait (Noble: Aragorn and Gimli), Bombur is not one: 2."""
    muster = "[{card: Muster}]"
    assert aragorn("[Bombur, Gimli, Aragorn]", muster) == 3
    assert aragorn("[Thalin, Gimli, Aragorn]", muster) == 2
    assert aragorn("[Bombur, Gimli, Aragorn]", muster, amount="1 per Noble character you control") == 2


def test_x_set_by_a_cost_is_the_number_of_cards_exhausted():
    """We Are Not Idle exhausting Bombur alone: X is 1 (Aragorn gets 1, not 2); exhausting Bombur
    and Gimli: X is 2."""
    idle = "[{card: We Are Not Idle}]"
    assert aragorn("[Bombur, Gimli, Aragorn]", idle) == 1
    assert aragorn("[Bombur, Gimli, Aragorn]", idle, exhausted="[Bombur, Gimli]") == 2
