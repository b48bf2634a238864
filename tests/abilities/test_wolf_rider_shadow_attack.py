"""Wolf Rider dealt as a shadow card: it attacks the defending player in the middle of the
attack it was dealt to.  The attack follows the enemy attack steps: the player may declare a
defender although Wolf Rider is not engaged with them (FAQ 1.33, Q34), a Sentinel character
may defend, it is dealt a shadow card of its own (its card says so), an undefended attack
goes to one hero.  After combat, which is the end of the combat phase (FAQ Q12), it goes
back on top of the encounter deck; its own shadow card is discarded with the others."""

from __future__ import annotations

from adjudicator.lotr.engine import api
from adjudicator.lotr.engine.events import Event

BASE = """
start: "6.2"
stop: end-of-phase
players:
  - {name: Tom, threat: 20, heroes: [Gimli, Legolas, {card: Éowyn, resources: 1}], hand: [Hasty Stroke], engaged: [Dol Guldur Orcs]}
  - {name: Kris, threat: 20, heroes: [Aragorn]}
encounter_deck: [Wolf Rider, %s]
decisions:
  - {step: "6.4.1", player: Tom, enemy: Dol Guldur Orcs, defender: Gimli}
%s
  - {step: "6.8b", player: Tom, target: null}
  - {step: "6.8b", player: Kris, target: null}
"""


def replay(text: str, **kw):
    return api.replay(api.load("wolf.yaml", text=text), abilities=True, **kw)


def hero(trace, label, player=0):
    return next(h for h in trace.final_state["players"][player]["heroes"] if h["label"] == label)


def test_wolf_rider_as_a_shadow_card_attacks_the_defending_player_who_may_declare_a_defender():
    trace = replay(BASE % ("Treacherous Fog", '  - {step: "6.4.1", player: Tom, enemy: Wolf Rider, defender: Legolas}'))
    attacks = [s for s in trace.steps if s.event == "enemy-attack"]
    assert [s.text.split(" (")[0] for s in attacks] == ["Dol Guldur Orcs attacks Tom", "Wolf Rider attacks Tom"]
    assert {"lotr:faq:1.33", "lotr:rr:defending-player"} <= set(attacks[1].citations)
    defend = [s for s in trace.steps if s.event == "defend" and "Wolf Rider" in s.text][0]
    assert {"lotr:rr:step:6.4.1", "lotr:faq:1.33", "lotr:faq:q:34"} <= set(defend.citations)
    assert hero(trace, "Legolas")["damage"] == 2 - 1 and hero(trace, "Legolas")["exhausted"]
    # the attack it was dealt to resumes and ends after Wolf Rider's
    ends = [s.text for s in trace.steps if s.event == "enemy-attack-end"]
    assert ends == ["the attack of Wolf Rider ends", "the attack of Dol Guldur Orcs ends"]
    assert any(s.event == "attack-resumes" for s in trace.steps)


def test_the_wolf_rider_attack_may_go_undefended_then_one_hero_takes_it_all():
    trace = replay(BASE % ("Treacherous Fog", '  - {step: "6.4.1", player: Tom, enemy: Wolf Rider, defender: null, undefended_hero: Éowyn}'))
    assert hero(trace, "Éowyn")["damage"] == 2


def test_the_wolf_rider_attack_asks_for_its_own_defender():
    trace = replay(BASE % ("Treacherous Fog", ""))
    assert trace.pending.key == "defender" and trace.pending.example["enemy"] == "Wolf Rider"
    assert "lotr:faq:q:34" in trace.pending.citations


def test_wolf_rider_is_dealt_its_own_shadow_card_and_it_is_discarded_after_combat():
    trace = replay(BASE % ("Despair, Hill Troll", '  - {step: "6.4.1", player: Tom, enemy: Wolf Rider, defender: Legolas}'))
    dealt = [s for s in trace.steps if s.event == "shadow" and "of its own" in s.text]
    assert dealt and "lotr:rr:shadow-effects" in dealt[0].citations
    # Despair's shadow: Legolas's defense does not count, so all 2 of Wolf Rider's attack
    assert hero(trace, "Legolas")["damage"] == 2
    assert trace.final_state["encounter_discard"] == ["Despair"]


def test_wolf_rider_goes_back_on_top_of_the_encounter_deck_at_the_end_of_combat():
    trace = replay(BASE % ("Treacherous Fog, Hill Troll", '  - {step: "6.4.1", player: Tom, enemy: Wolf Rider, defender: Legolas}'))
    assert trace.final_state["encounter_deck"] == ["Wolf Rider", "Hill Troll"]
    back = [s for s in trace.steps if s.event == "return-to-deck"][0]
    assert back.step == "6.11" and {"lotr:faq:q:12", "lotr:rr:delayed-effects"} <= set(back.citations)


def test_a_sentinel_character_of_another_player_may_defend_against_wolf_rider():
    trace = replay(BASE % ("Treacherous Fog", '  - {step: "6.4.1", player: Tom, enemy: Wolf Rider, defender: null, sentinel: Aragorn}'))
    assert hero(trace, "Aragorn", 1)["exhausted"] and hero(trace, "Aragorn", 1)["damage"] == 0  # 2 against defense 2
    defend = [s for s in trace.steps if s.event == "defend" and "Sentinel" in s.text][0]
    assert {"lotr:rr:sentinel", "lotr:faq:1.33"} <= set(defend.citations)


def test_a_cancelled_wolf_rider_shadow_neither_attacks_nor_goes_back_on_the_deck():
    text = BASE % ("Treacherous Fog", "") + "abilities:\n  responses:\n    - {card: Hasty Stroke, player: Tom, with: Éowyn}\n"
    trace = replay(text)
    assert not any(s.event == "enemy-attack" and s.text.startswith("Wolf Rider") for s in trace.steps)
    assert any(s.event == "cancel" for s in trace.steps)
    assert "Wolf Rider" in trace.final_state["encounter_discard"]
    assert "Wolf Rider" not in trace.final_state["encounter_deck"]


def test_wolf_rider_shadow_attack_does_not_count_as_its_attack_of_the_round():
    seen = {}

    def spy(r, event):
        seen["r"] = r

    replay(BASE % ("Treacherous Fog", '  - {step: "6.4.1", player: Tom, enemy: Wolf Rider, defender: Legolas}'), subscribers=((Event, spy),))
    wolf = seen["r"].g.encounter_deck[0]
    assert wolf.label == "Wolf Rider" and not wolf.attacked and not wolf.shadows


def test_without_card_abilities_the_shadow_is_only_turned_faceup():
    trace = api.replay(api.load("wolf.yaml", text=BASE % ("Treacherous Fog", "")), abilities=False)
    assert not any(s.event == "enemy-attack" and s.text.startswith("Wolf Rider") for s in trace.steps)
    assert any("not replayed: --no-abilities" in s.text for s in trace.steps)
    assert "Wolf Rider" in trace.final_state["encounter_discard"]


def test_stand_together_also_lets_several_characters_defend_against_wolf_rider_as_an_interpretation():
    text = BASE % ("Treacherous Fog", '  - {step: "6.4.1", player: Tom, enemy: Wolf Rider, defenders: [Legolas, Éowyn], damage_to: Legolas}')
    text = text.replace("hand: [Hasty Stroke]", "hand: [Stand Together]").replace(
        "decisions:\n", 'decisions:\n  - {step: "6.2", player: Tom, play: [{card: Stand Together}]}\n')
    trace = replay(text + "abilities:\n  plays:\n    - {card: Stand Together, chosen: [Tom]}\n")
    notes = {s.interpretation.name for s in trace.steps if s.interpretation}
    assert any("not engaged with the player" in n for n in notes)
    assert hero(trace, "Legolas")["damage"] == 0  # 2 against the pooled defense 1 + 1
