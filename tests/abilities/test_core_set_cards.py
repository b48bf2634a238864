"""Every Core Set card with an ability is played on a small table: its ability is
initiated (or, for a constant ability, applied) with the project's card library and the
effect primitives, and the table shows what it did.  No played card's trace may say that
its effect is not replayed; the only such notes allowed are those of other cards the table
reveals without the ability listener ("card text, not replayed: --no-abilities")."""

from __future__ import annotations

import pytest

from adjudicator.lotr.abilities.effects import forbidden
from adjudicator.lotr.abilities.initiate import fire_delayed
from adjudicator.lotr.abilities.load import library
from adjudicator.lotr.engine.cards import core_set

from .core_set_table import BASE, Card, events, go, hand, put, texts, threat
from .tables import card, table


# Each case: (card, play it on the table r, check the table).  Names follow the library.
def c_aragorn(r):
    card(r, "Aragorn").exhausted = True
    go(r, card(r, "Aragorn"))
    return not card(r, "Aragorn").exhausted and card(r, "Aragorn").resources == 1


def c_theodred(r):
    card(r, "Aragorn").committed = True  # "a hero committed to the quest"
    go(r, put(r, "Théodred", "hero"), chosen=["Aragorn"])
    return card(r, "Aragorn").resources == 3


def c_gloin(r):
    go(r, put(r, "Glóin", "hero"), targets={"amount": 2})
    return card(r, "Glóin").resources == 2


def c_gimli(r):
    go(r, card(r, "Gimli"))
    return card(r, "Gimli").stat("attack") == 4


def c_legolas(r):
    go(r, put(r, "Legolas", "hero"))
    return r.g.active_location.progress == 2 and r.g.quest.progress == 2


def c_thalin(r):
    thalin = put(r, "Thalin", "hero")
    go(r, thalin, targets={"the revealed enemy": "Wargs"})
    idle = card(r, "Wargs").damage == 0 and "does not hold" in texts(r)  # not committed
    thalin.committed = True
    go(r, thalin, targets={"the revealed enemy": "Wargs"})
    return idle and card(r, "Wargs").damage == 1


def c_eowyn(r):
    go(r, card(r, "Éowyn"), targets={"discard": ["Feint"]})
    first = card(r, "Éowyn").stat("willpower") == 5 and "Feint" not in hand(r, "Tom")
    second = go(r, card(r, "Éowyn"))
    return first and second is False and "limit" in r.trace.steps[-1].text


def c_eleanor(r):
    go(r, put(r, "Eleanor", "hero"), targets={"the revealed treachery": "Necromancer's Reach"})
    return card(r, "Eleanor").exhausted and "cancel" in events(r)


def c_denethor(r):
    go(r, card(r, "Denethor"), player="Kris", option="bottom")
    deck = [c.label for c in r.g.encounter_deck]
    return card(r, "Denethor").exhausted and "King Spider" in texts(r) and deck == ["Necromancer's Reach", "East Bight Patrol", "King Spider"]


def c_glorfindel(r):
    go(r, card(r, "Glorfindel"), player="Kris", chosen=["Glorfindel"])
    return card(r, "Glorfindel").damage == 1 and card(r, "Glorfindel").resources == 1


def c_beravor(r):
    go(r, put(r, "Beravor", "hero", label="Beravor"), chosen=["Kris"])
    return len(hand(r, "Kris")) == 3


def c_faramir(r):
    go(r, put(r, "Faramir", "ally"), chosen=["Tom"])
    return card(r, "Éowyn").stat("willpower") == 5 and card(r, "Aragorn").stat("willpower") == 3


def c_son_of_arnor(r):
    go(r, put(r, "Son of Arnor", "ally"), chosen=["Wargs"])
    return "Wargs" in [c.label for c in r.g.player("Tom").engaged]


def c_snowbourn_scout(r):
    go(r, put(r, "Snowbourn Scout", "ally"), chosen=["Old Forest Road"])
    return card(r, "Old Forest Road").progress == 1


def c_longbeard(r):
    go(r, put(r, "Longbeard Orc Slayer", "ally"))
    return card(r, "Dol Guldur Orcs").damage == 1 and card(r, "Misty Mountain Goblins").damage == 1 and card(r, "Wargs").damage == 0


def c_brok(r):
    go(r, put(r, "Brok Ironfist", "hand"))
    return "Brok Ironfist" in [c.label for c in r.g.player("Tom").allies]


def c_ever_vigilant(r):
    go(r, put(r, "Ever Vigilant", "hand"), chosen=["Veteran Axehand"], pay_from="Aragorn")
    return not card(r, "Veteran Axehand").exhausted and card(r, "Aragorn").resources == 1 and "Ever Vigilant" in [c.label for c in r.g.player("Tom").discard]


def c_common_cause(r):
    card(r, "Aragorn").exhausted = True
    go(r, put(r, "Common Cause", "hand"), chosen=["Aragorn"], targets={"a hero you control": "Gimli"})
    return card(r, "Gimli").exhausted and not card(r, "Aragorn").exhausted


def c_for_gondor(r):
    go(r, put(r, "For Gondor!", "hand"), pay_from="Aragorn")
    return card(r, "Gimli").stat("attack") == 3 and card(r, "Hill Troll").stat("attack") == 6


def c_sneak_attack(r):
    go(r, put(r, "Sneak Attack", "hand"), pay_from="Aragorn", targets={"an ally from your hand": "Lórien Guide"})
    in_play = "Lórien Guide" in [c.label for c in r.g.player("Tom").allies]
    fire_delayed(r, "end_of_phase")
    return in_play and "Lórien Guide" in hand(r, "Tom")


def c_valiant_sacrifice(r):
    go(r, put(r, "Valiant Sacrifice", "hand"), pay_from="Aragorn", targets={"that ally's controller": "Tom"})
    return len(hand(r, "Tom")) == 4


def c_grim_resolve(r):
    card(r, "Aragorn").resources = 5
    go(r, put(r, "Grim Resolve", "hand"), pay_from="Aragorn")
    return not card(r, "Veteran Axehand").exhausted and not card(r, "Beravor").exhausted


def c_steward(r):
    steward = put(r, "Steward of Gondor", "attach", host="Aragorn")
    go(r, steward, 1)
    go(r, steward, 2)
    return steward.exhausted and card(r, "Aragorn").resources == 4 and not card(r, "Aragorn").exhausted


def c_celebrians_stone(r):
    stone = put(r, "Celebrían's Stone", "attach", host="Aragorn")
    go(r, stone, 1)
    go(r, stone, 2)
    card(r, "Aragorn").resources = 3
    go(r, put(r, "The Galadhrim's Greeting", "hand"), pay_from="Aragorn", chosen=["Tom"], option="one")
    return card(r, "Aragorn").stat("willpower") == 4 and card(r, "Aragorn").resources == 0 and threat(r, "Tom") == 24


def c_spearman(r):
    go(r, card(r, "Gondorian Spearman"), targets={"the attacking enemy": "Forest Spider"})
    return card(r, "Forest Spider").damage == 1


def c_beorn(r):
    beorn = put(r, "Beorn", "ally")
    go(r, beorn)
    strong = beorn.stat("attack") == 8
    again = go(r, beorn)
    fire_delayed(r, "end_of_phase")
    return strong and again is False and "Beorn" in [c.label for c in r.g.player("Tom").deck]


def c_blade_mastery(r):
    go(r, put(r, "Blade Mastery", "hand"), chosen=["Gimli"], pay_from="Gimli")
    return card(r, "Gimli").stat("attack") == 3 and card(r, "Gimli").stat("defense") == 3


def c_rain_of_arrows(r):
    put(r, "Silverlode Archer", "ally")
    go(r, put(r, "Rain of Arrows", "hand"), chosen=["Tom"], pay_from="Gimli", targets={"a Ranged character you control": "Silverlode Archer"})
    return card(r, "Dol Guldur Orcs").damage == 1 and card(r, "Forest Spider").damage == 1 and card(r, "Silverlode Archer").exhausted


def c_feint(r):
    r.g.phase = "planning"
    refused = go(r, card(r, "Feint"), chosen=["Forest Spider"], pay_from="Gimli") is False
    r.g.phase = "combat"
    go(r, card(r, "Feint"), chosen=["Forest Spider"], pay_from="Gimli")
    return refused and forbidden(r, "attack that player", "Forest Spider") == "Feint (action)"


def c_quick_strike(r):
    go(r, put(r, "Quick Strike", "hand"), pay_from="Gimli", targets={"a character you control": "Gimli", "an eligible enemy": "Forest Spider"})
    return card(r, "Gimli").exhausted and card(r, "Forest Spider").damage == 2 - 1 and "Forest Spider" not in r.g.player("Tom").attacked_enemies


def c_thicket(r):
    card(r, "Gimli").resources = 3
    go(r, put(r, "Thicket of Spears", "hand"), chosen=["Tom"], pay_from="Gimli")
    return forbidden(r, "attack that player", "Dol Guldur Orcs") and forbidden(r, "attack that player", "Forest Spider")


def c_swift_strike(r):
    card(r, "Gimli").resources = 2
    go(r, put(r, "Swift Strike", "hand"), pay_from="Gimli", targets={"the attacking enemy": "Forest Spider"})
    return card(r, "Forest Spider").damage == 2


def c_blade_of_gondolin(r):
    blade = put(r, "Blade of Gondolin", "attach", host="Gimli")
    go(r, blade, 2)
    return r.g.active_location.progress == 1


def c_citadel_plate(r):
    go(r, put(r, "Citadel Plate", "attach", host="Aragorn"))
    return card(r, "Aragorn").stat("hit_points") == 9


def c_dwarven_axe(r):
    go(r, put(r, "Dwarven Axe", "attach", host="Gimli"))
    go(r, put(r, "Dwarven Axe", "attach", host="Aragorn", label="Dwarven Axe#2"))
    return card(r, "Gimli").stat("attack") == 4 and card(r, "Aragorn").stat("attack") == 4


def c_horn(r):
    go(r, put(r, "Horn of Gondor", "attach", host="Aragorn"))
    return card(r, "Aragorn").resources == 3


def c_wandering_took(r):
    go(r, put(r, "Wandering Took", "ally"), targets={"another player": "Kris"})
    return threat(r, "Tom") == 27 and threat(r, "Kris") == 39 and "Wandering Took" in [c.label for c in r.g.player("Kris").allies]


def c_lorien_guide(r):
    go(r, card(r, "Lórien Guide"))
    return r.g.active_location.progress == 1


def c_northern_tracker(r):
    go(r, put(r, "Northern Tracker", "ally"))
    return card(r, "Old Forest Road").progress == 1


def c_greeting(r):
    card(r, "Éowyn").resources = 3
    go(r, put(r, "The Galadhrim's Greeting", "hand"), pay_from="Éowyn", option="each")
    return threat(r, "Tom") == 28 and threat(r, "Kris") == 34


def c_strength_of_will(r):
    go(r, put(r, "Strength of Will", "hand"), targets={"a Spirit character": "Éowyn"})
    return card(r, "Éowyn").exhausted and r.g.active_location.progress == 2


def c_hasty_stroke(r):
    go(r, put(r, "Hasty Stroke", "hand"), pay_from="Éowyn", targets={"cancelled": "East Bight Patrol (shadow)"})
    return "cancel" in events(r) and "shadow" in texts(r)


def c_will_of_the_west(r):
    card(r, "Éowyn").resources = 2
    go(r, put(r, "Will of the West", "hand"), chosen=["Kris"], pay_from="Éowyn")
    gone = "Will of the West" not in [c.label for c in r.g.player("Tom").discard]
    printed = table(BASE)
    card(printed, "Éowyn").resources = 1
    go(printed, put(printed, "Will of the West", "hand"), chosen=["Kris"], pay_from="Éowyn", version="printed")
    stays = "Will of the West" in [c.label for c in printed.g.player("Tom").discard]
    return gone and stays and not r.g.player("Kris").discard and len(r.g.player("Kris").deck) == 4


def c_test_of_will(r):
    go(r, put(r, "A Test of Will", "hand", label="A Test of Will#2"), pay_from="Éowyn", targets={"cancelled": "Necromancer's Reach"})
    return "cancel" in events(r)


def c_stand_and_fight(r):
    go(r, put(r, "Stand and Fight", "hand"), chosen=["Northern Tracker"])
    return "Northern Tracker" in [c.label for c in r.g.player("Tom").allies]


def c_light_in_the_dark(r):
    card(r, "Éowyn").resources = 2
    go(r, put(r, "A Light in the Dark", "hand"), chosen=["Forest Spider"], pay_from="Éowyn")
    return "Forest Spider" in [c.label for c in r.g.staging]


def c_dwarven_tomb(r):
    go(r, put(r, "Dwarven Tomb", "hand"), pay_from="Éowyn", targets={"a Spirit card in your discard pile": "A Test of Will"})
    return "A Test of Will" in hand(r, "Tom")


def c_fortune_or_fate(r):
    put(r, "Eleanor", "hero", owner="Kris", resources=5)  # a spirit hero to pay for it (Resource Match)
    refused = go(r, put(r, "Fortune or Fate", "hand", owner="Kris"), player="Kris", chosen=["Théodred"], pay_from="Glorfindel") is False
    go(r, card(r, "Fortune or Fate"), player="Kris", chosen=["Théodred"], pay_from="Eleanor")
    return refused and "Théodred" in [c.label for c in r.g.player("Kris").heroes] and card(r, "Eleanor").resources == 0


def c_favor(r):
    go(r, put(r, "The Favor of the Lady", "attach", host="Aragorn"))
    return card(r, "Aragorn").stat("willpower") == 3


def c_power_in_the_earth(r):
    go(r, put(r, "Power in the Earth", "attach", host="Old Forest Road"))
    return card(r, "Old Forest Road").stat("threat") == 0


def c_unexpected_courage(r):
    card(r, "Aragorn").exhausted = True
    courage = put(r, "Unexpected Courage", "attach", host="Aragorn")
    go(r, courage)
    return courage.exhausted and not card(r, "Aragorn").exhausted


def c_daughter(r):
    go(r, put(r, "Daughter of the Nimrodel", "ally"), chosen=["Glorfindel"])
    return card(r, "Glorfindel").damage == 0


def c_hammersmith(r):
    go(r, put(r, "Erebor Hammersmith", "ally"), targets={"the top attachment of a discard pile": "Dwarven Axe"})
    return "Dwarven Axe" in hand(r, "Tom")


def c_henamarth(r):
    go(r, card(r, "Henamarth Riversong"), player="Kris")
    return card(r, "Henamarth Riversong").exhausted and "look" in events(r)


def c_miner(r):
    go(r, put(r, "Caught in a Web", "attach", host="Aragorn", owner="Tom"), 2)  # attached: a Condition attachment
    go(r, put(r, "Miner of the Iron Hills", "ally"), chosen=["Caught in a Web"])
    return not card(r, "Aragorn").attachments


def c_gleowine(r):
    go(r, put(r, "Gléowine", "ally"), chosen=["Kris"])
    return len(hand(r, "Kris")) == 2


def c_lore_of_imladris(r):
    go(r, put(r, "Lore of Imladris", "hand", owner="Kris"), player="Kris", chosen=["Glorfindel"], pay_from="Glorfindel")
    return card(r, "Glorfindel").damage == 0


def c_loriens_wealth(r):
    card(r, "Glorfindel").resources = 3
    go(r, put(r, "Lórien's Wealth", "hand", owner="Kris"), player="Kris", chosen=["Tom"], pay_from="Glorfindel")
    return len(hand(r, "Tom")) == 5


def c_radagasts_cunning(r):
    go(r, put(r, "Radagast's Cunning", "hand", owner="Kris"), player="Kris", chosen=["Wargs"], pay_from="Glorfindel")
    return forbidden(r, "contribute its threat", "Wargs") is not None


def c_secret_paths(r):
    go(r, put(r, "Secret Paths", "hand", owner="Kris"), player="Kris", chosen=["Old Forest Road"], pay_from="Glorfindel")
    return forbidden(r, "contribute its threat", "Old Forest Road") is not None


def c_beorns_hospitality(r):
    card(r, "Glorfindel").resources = 5
    go(r, put(r, "Beorn's Hospitality", "hand", owner="Kris"), player="Kris", chosen=["Kris"], pay_from="Glorfindel")
    return card(r, "Glorfindel").damage == 0


def c_forest_snare(r):
    go(r, put(r, "Forest Snare", "attach", host="Forest Spider"))
    return forbidden(r, "attack", "Forest Spider") is not None


def c_protector(r):
    protector = put(r, "Protector of Lórien", "attach", host="Aragorn")
    for discard in ("Feint", "Lórien Guide"):
        go(r, protector, option="defense", targets={"discard": [discard]})
    return card(r, "Aragorn").stat("defense") == 4 and not hand(r, "Tom")


def c_dark_knowledge(r):
    go(r, put(r, "Dark Knowledge", "attach", host="Aragorn"))
    return card(r, "Aragorn").stat("willpower") == 1


def c_self_preservation(r):
    go(r, put(r, "Self Preservation", "attach", host="Gimli"))
    return card(r, "Gimli").damage == 0


def c_gandalf(r):
    gandalf = put(r, "Gandalf", "ally")
    go(r, gandalf, 2, option="draw")
    drew = len(hand(r, "Tom")) == 5
    go(r, gandalf, 1)
    return drew and "Gandalf" in [c.label for c in r.g.player("Tom").discard]


def c_king_spider(r):
    spider = put(r, "King Spider", "staging")
    go(r, spider, 1, targets={"a character each player chooses": ["Aragorn", "Glorfindel"]})
    return card(r, "Aragorn").exhausted and card(r, "Glorfindel").exhausted


def c_hummerhorns(r):
    go(r, put(r, "Hummerhorns", "engaged"), targets={"a hero you control": "Aragorn"})
    return "Aragorn" in [c.label for c in r.g.player("Tom").discard]


def c_ungoliants_spawn(r):
    card(r, "Éowyn").committed = True
    go(r, put(r, "Ungoliant's Spawn", "staging"))
    return card(r, "Éowyn").stat("willpower") == 3 and card(r, "Aragorn").stat("willpower") == 2


def c_great_forest_web(r):
    go(r, put(r, "Great Forest Web", "staging"), targets={"a hero of each player": ["Aragorn", "Glorfindel"]})
    return card(r, "Aragorn").exhausted and card(r, "Glorfindel").exhausted


def c_eyes_of_the_forest(r):
    go(r, put(r, "Eyes of the Forest", "revealed"))
    return "Feint" not in hand(r, "Tom") and "Lórien Guide" in hand(r, "Tom") and not hand(r, "Kris")


def c_caught_in_a_web(r):
    web = put(r, "Caught in a Web", "revealed")
    go(r, web, 1, targets={"a hero of the player with the highest threat": "Glorfindel"})
    return web in card(r, "Glorfindel").attachments


def c_goblin_sniper(r):
    go(r, put(r, "Goblin Sniper", "staging"))
    return forbidden(r, "be optionally engaged while other enemies are in the staging area", "Goblin Sniper") is not None


def c_marsh_adder(r):
    go(r, put(r, "Marsh Adder", "engaged", owner="Kris"), player="Kris")
    return threat(r, "Kris") == 37


def c_wargs(r):
    wargs = card(r, "Wargs")
    r.g.staging.remove(wargs)
    r.g.player("Tom").engaged.append(wargs)
    go(r, wargs, 1)
    return wargs in r.g.staging


def c_despair(r):
    go(r, put(r, "Despair", "revealed"))
    return r.g.quest.progress == 0 and r.g.active_location.progress == 0


def c_brown_lands(r):
    lands = put(r, "The Brown Lands", "staging")
    go(r, lands)
    return lands in r.g.encounter_discard  # 1 progress on 1 quest point: explored


def c_dol_guldur_orcs(r):
    card(r, "Éowyn").committed = True
    go(r, put(r, "Dol Guldur Orcs", "staging", label="Dol Guldur Orcs#2"), chosen=["Éowyn"])
    return card(r, "Éowyn").damage == 2


def c_ufthak(r):
    ufthak = put(r, "Chieftan Ufthak", "engaged")
    go(r, ufthak, 2)
    go(r, ufthak, 1)
    return ufthak.resources == 1 and ufthak.stat("attack") == 5


def c_driven_by_shadow(r):
    go(r, put(r, "Driven by Shadow", "revealed"))
    return card(r, "Wargs").stat("threat") == 3 and card(r, "Old Forest Road").stat("threat") == 2


def c_necromancers_reach(r):
    go(r, put(r, "Necromancer's Reach", "revealed"))
    return card(r, "Beravor").damage == 1 and card(r, "Veteran Axehand").damage == 1 and card(r, "Aragorn").damage == 0


def c_necromancers_pass(r):
    go(r, put(r, "Necromancer's Pass", "staging"))
    return not hand(r, "Tom")


def c_enchanted_stream(r):
    stream = put(r, "Enchanted Stream", "active")
    go(r, stream)
    return go(r, put(r, "Gléowine", "ally"), chosen=["Tom"]) is False


def c_forest_spider(r):
    go(r, card(r, "Forest Spider"))
    return card(r, "Forest Spider").stat("attack") == 3


def c_east_bight_patrol(r):
    go(r, put(r, "East Bight Patrol", "revealed"), targets={"the attacking enemy": "Forest Spider"})
    return card(r, "Forest Spider").stat("attack") == 3


def c_old_forest_road(r):
    go(r, card(r, "Old Forest Road"), targets={"a character the first player controls": "Veteran Axehand"})
    return not card(r, "Veteran Axehand").exhausted


def c_forest_gate(r):
    go(r, r.g.active_location, player="Tom")
    return len(hand(r, "Tom")) == 4


def c_nazgul(r):
    go(r, put(r, "Nazgûl of Dol Guldur", "staging"), 1)
    return forbidden(r, "have attachments played on it", "Nazgûl of Dol Guldur") is not None


def c_cavern_guardian(r):
    put(r, "Citadel Plate", "attach", host="Aragorn", label="Citadel Plate#2")
    go(r, put(r, "Cavern Guardian", "revealed"), targets={"an attachment you control": "Citadel Plate#2"})
    return not card(r, "Aragorn").attachments


def c_under_the_shadow(r):
    go(r, put(r, "Under the Shadow", "revealed"), 2, targets={"defending player": "Tom", "amount": 2})
    return threat(r, "Tom") == 32


def c_endless_caverns(r):
    go(r, put(r, "Endless Caverns", "active"))
    return forbidden(r, "play attachments", "Tom") is not None


def c_tower_gate(r):
    go(r, put(r, "Tower Gate", "active"))
    return any(c.label.startswith("Orc Guard") for c in r.g.player("Kris").engaged)


def _objective(r, name):
    obj = put(r, name, "staging")
    go(r, obj, 1, targets={"a hero you control": "Aragorn"})
    return obj in card(r, "Aragorn").attachments and threat(r, "Tom") == 32 and obj not in r.g.staging


def c_gandalfs_map(r):
    return _objective(r, "Gandalf's Map")


def c_dungeon_torch(r):
    return _objective(r, "Dungeon Torch") and (go(r, card(r, "Aragorn").attachments[0], 2) or True) and threat(r, "Tom") == 34


def c_shadow_key(r):
    ok = _objective(r, "Shadow Key")
    go(r, card(r, "Aragorn").attachments[0], 2)
    return ok and card(r, "Aragorn").damage == 1


def c_misty_mountain_goblins(r):
    go(r, card(r, "Misty Mountain Goblins"))
    return r.g.quest.progress == 1


def c_gladden_fields(r):
    go(r, put(r, "Gladden Fields", "active"))
    return threat(r, "Tom") == 31 and threat(r, "Kris") == 37


def c_eastern_crows(r):
    go(r, put(r, "Eastern Crows", "revealed"), 2, targets={"the attacking enemy": "Forest Spider"})
    return card(r, "Forest Spider").stat("attack") == 3


def c_evil_storm(r):
    go(r, put(r, "Evil Storm", "revealed"))
    return card(r, "Denethor").damage == 1 and card(r, "Aragorn").damage == 0


def c_treacherous_fog(r):
    go(r, put(r, "Treacherous Fog", "revealed"))
    gate = put(r, "Old Forest Road", "staging", label="Old Forest Road#2")
    from adjudicator.lotr.abilities import lasting

    lasting.refresh(r)
    return card(r, "Old Forest Road").stat("threat") == 2 and gate.stat("threat") == 2


def c_through_the_caverns(r):
    go(r, put(r, "Through the Caverns", "quest"))
    return forbidden(r, "play more than one ally a round", "each player") is not None


def c_beorns_path(r):
    go(r, put(r, "A Chosen Path: Beorn's Path", "quest"))
    return forbidden(r, "defeat this stage while Ungoliant's Spawn is in play", "each player") is not None


def c_anduin_passage(r):
    quest = put(r, "Anduin Passage", "quest")
    go(r, quest, 2)
    return forbidden(r, "make engagement checks", "each player") is not None


def c_out_of_the_dungeons(r):
    go(r, put(r, "Out of the Dungeons", "quest"))
    return any(c.label.startswith("Orc Guard") for c in r.g.player("Tom").engaged)


def c_gandalfs_search(r):
    go(r, card(r, "Gandalf's Search"), chosen=["Tom"], x=3, targets={"take": "Gléowine", "order": ["Snowbourn Scout", "Faramir"]})
    return "Gléowine" in hand(r, "Tom") and [c.label for c in r.g.player("Tom").deck][:3] == ["Snowbourn Scout", "Faramir", "Citadel Plate"]


def c_black_forest_bats(r):
    card(r, "Éowyn").committed = True
    card(r, "Denethor").committed = True
    go(r, put(r, "Black Forest Bats", "staging"), targets={"a committed character each player chooses": ["Éowyn", "Denethor"]})
    return not card(r, "Éowyn").committed and not card(r, "Denethor").committed


def c_massing_at_night(r):
    r.g.phase = "quest"
    go(r, put(r, "Massing at Night", "revealed"))
    staged = [c.label for c in r.g.staging]
    return staged[-1] == "King Spider" and "Necromancer's Reach" in [c.label for c in r.g.encounter_discard] \
        and [c.label for c in r.g.encounter_deck] == ["East Bight Patrol"]  # 2 players: 2 more cards


def c_pursued_by_shadow(r):
    card(r, "Éowyn").committed = True
    go(r, put(r, "Pursued by Shadow", "revealed"))
    return threat(r, "Tom") == 34 and threat(r, "Kris") == 40  # Tom: 4 not committed of 5; Kris: 4


def c_flies_and_spiders(r):
    r.g.encounter_deck += [c for c in (put(r, "Forest Spider", "revealed", label="Forest Spider#2"),)]
    r.g.encounter_discard.remove(r.g.encounter_deck[-1])
    go(r, put(r, "Flies and Spiders", "quest", label="Flies and Spiders#2"))
    return "Forest Spider#2" in [c.label for c in r.g.staging]


def c_to_the_river(r):
    r.g.phase = "quest"
    river = put(r, "To the River...", "quest")
    go(r, river, 1)
    return [c.label for c in r.g.staging][-1] == "King Spider" and "Necromancer's Reach" in [c.label for c in r.g.encounter_discard]


def c_ambush_on_the_shore(r):
    r.g.phase = "quest"
    r.g.encounter_deck += [put(r, "Wolf Rider", "revealed", label="Wolf Rider")]
    r.g.encounter_discard.remove(r.g.encounter_deck[-1])
    go(r, put(r, "Ambush on the Shore", "quest"), 1)
    return "refused" not in texts(r) and len([s for s in r.trace.steps if s.event == "reveal"]) >= 4


def c_dont_leave_the_path(r):
    name = "A Chosen Path: \"Don't Leave the Path!\""
    go(r, put(r, name, "quest"), 1, targets={"found": ["King Spider"]})
    return "King Spider" in [c.label for c in r.g.staging] and "not revealed" in texts(r)


def c_dungeon_jailor(r):
    r.g.staging.append(Card("Shadow Key", core_set().get("Shadow Key"), "encounter"))
    go(r, put(r, "Dungeon Jailor", "staging"), targets={"an unclaimed objective in the staging area": "Shadow Key"})
    return "Shadow Key" in [c.label for c in r.g.encounter_deck]


def c_pursued_by_shadow_shadow(r):
    pursued = put(r, "Pursued by Shadow", "revealed")
    go(r, pursued, 2, targets={"defending player": "Tom"})  # Veteran Axehand: Tom's only exhausted ally
    back = "Veteran Axehand" in hand(r, "Tom")
    go(r, pursued, 2, targets={"defending player": "Tom"})  # none left: threat +3
    return back and threat(r, "Tom") == 33 and "lotr:faq:1.44" in {c for s in r.trace.steps for c in s.citations}


def c_banks_of_the_anduin(r):
    from adjudicator.lotr.abilities.triggers import AbilityListener

    banks = put(r, "Banks of the Anduin", "staging")
    r.g.staging.remove(banks)
    return AbilityListener().leave_play_instead(r, banks, "explored", ()) and r.g.encounter_deck[0] is banks


def c_hill_troll(r):
    """Played in a replay: the excess damage of its attack raises the defending player's threat."""
    from adjudicator.lotr.engine import api

    trace = api.replay(api.load("troll.yaml", text="""
start: "6.3"
stop: {step: "6.4.4"}
players:
  - {name: Tom, threat: 20, heroes: [Gimli], allies: [Gondorian Spearman], engaged: [{card: Hill Troll, shadow: []}]}
quest: {card: Flies and Spiders}
decisions:
  - {step: "6.4.1", player: Tom, enemy: Hill Troll, defender: Gondorian Spearman}
"""), abilities=True)
    return trace.final_state["players"][0]["threat"] == 20 + (6 - 1 - 1)  # 5 damage, 1 hit point: 4 more


def c_iron_shackles(r):
    from adjudicator.lotr.abilities import effects as E
    from adjudicator.lotr.abilities.effects import Cause

    go(r, put(r, "Iron Shackles", "revealed"))
    E.draw(r, Cause("Gléowine (action)"), r.g.player("Tom"), 1)
    return len(hand(r, "Tom")) == 2 and "Iron Shackles" in [c.label for c in r.g.encounter_discard]


def c_fork_in_the_road(r):
    """Played in a replay: the next stage is a Chosen Path picked from the seed."""
    from adjudicator.lotr.engine import api

    from .test_replay_abilities import FORK

    trace = api.replay(api.load("fork.yaml", text=FORK), abilities=True)
    return trace.final_state["quest"]["name"].startswith("A Chosen Path")


def c_beastmaster(r):
    go(r, put(r, "Dol Guldur Beastmaster", "engaged"))
    return len(card(r, "Dol Guldur Beastmaster").shadows) == 1 and [c.label for c in r.g.encounter_deck] == ["Necromancer's Reach", "East Bight Patrol"]


def c_mountains_of_mirkwood(r):
    r.g.phase = "quest"
    mountains = put(r, "Mountains of Mirkwood", "staging")
    go(r, mountains, 1)
    revealed = "King Spider" in [c.label for c in r.g.staging]
    go(r, mountains, 2, targets={"take": {"Tom": "Gléowine"}})
    return revealed and "Gléowine" in hand(r, "Tom")


def c_necromancers_tower(r):
    for name in ("Gandalf's Map", "Dungeon Torch", "Shadow Key"):
        r.g.encounter_deck.append(Card(name, core_set().get(name), "encounter"))
    go(r, put(r, "The Necromancer's Tower", "quest"), 1)
    guarded = [s.text for s in r.trace.steps if s.event == "reveal" and "(Guarded on " in s.text]
    return len(guarded) == 3 and "Gandalf's Map" in [o.label for c in r.g.staging for o in c.guarding]


def _replay(text: str):
    from adjudicator.lotr.engine import api

    return api.replay(api.load("card.yaml", text=text), abilities=True)


def c_dunhere(r):
    """Played in a replay: alone, he attacks an enemy in the staging area with +1 attack."""
    trace = _replay("""
start: "6.7"
stop: {step: "6.8.4"}
players:
  - {name: Tom, threat: 20, heroes: [Dúnhere]}
staging_area: [King Spider]
decisions:
  - {step: "6.8b", player: Tom, target: King Spider, attackers: [Dúnhere]}
""")
    return trace.final_state["staging_area"][0]["damage"] == 3 - 1  # attack 2 + 1, defense 1


def c_stand_together(r):
    """Played in a replay: two defenders pool their defense; all the damage goes to one."""
    trace = _replay("""
start: "6.2"
stop: {step: "6.4.4"}
players:
  - {name: Tom, threat: 20, heroes: [Gimli, Aragorn], hand: [Stand Together], engaged: [{card: Hill Troll, shadow: []}]}
decisions:
  - {step: "6.2", player: Tom, play: [{card: Stand Together}]}
  - {step: "6.4.1", player: Tom, enemy: Hill Troll, defenders: [Gimli, Aragorn], damage_to: Aragorn}
""")
    heroes = {h["label"]: h for h in trace.final_state["players"][0]["heroes"]}
    return heroes["Aragorn"]["damage"] == 6 - 4 and heroes["Gimli"]["damage"] == 0 and heroes["Gimli"]["exhausted"]


def c_wolf_rider(r):
    """Played in a replay: dealt as a shadow card it attacks the defending player, then goes
    back on top of the encounter deck after combat (FAQ Q12)."""
    trace = _replay("""
start: "6.2"
stop: end-of-phase
players:
  - {name: Tom, threat: 20, heroes: [Gimli, Aragorn], engaged: [Dol Guldur Orcs]}
encounter_deck: [Wolf Rider, Treacherous Fog]
decisions:
  - {step: "6.4.1", player: Tom, enemy: Dol Guldur Orcs, defender: Gimli}
  - {step: "6.4.1", player: Tom, enemy: Wolf Rider, defender: null, undefended_hero: Aragorn}
  - {step: "6.8b", player: Tom, target: null}
""")
    f = trace.final_state
    aragorn = next(h for h in f["players"][0]["heroes"] if h["label"] == "Aragorn")
    return aragorn["damage"] == 2 and f["encounter_deck"][0] == "Wolf Rider"


def c_necromancers_tower_prisoner(r):
    """Its When Revealed: the named hero (the table's random draw) is turned face down."""
    go(r, put(r, "The Necromancer's Tower", "quest"), 2, targets={"the prisoner": "Aragorn"})
    tom = r.g.player("Tom")
    return [c.label for c in tom.prisoners] == ["Aragorn"] and "Aragorn" not in [c.label for c in tom.heroes]


CASES = {name[2:]: fn for name, fn in globals().items() if name.startswith("c_")}
CARD_OF_CASE = {
    "aragorn": "Aragorn", "theodred": "Théodred", "gloin": "Glóin", "gimli": "Gimli", "legolas": "Legolas", "thalin": "Thalin",
    "eowyn": "Éowyn", "eleanor": "Eleanor", "denethor": "Denethor", "glorfindel": "Glorfindel", "beravor": "Beravor",
    "faramir": "Faramir", "son_of_arnor": "Son of Arnor", "snowbourn_scout": "Snowbourn Scout", "longbeard": "Longbeard Orc Slayer",
    "brok": "Brok Ironfist", "ever_vigilant": "Ever Vigilant", "common_cause": "Common Cause", "for_gondor": "For Gondor!",
    "sneak_attack": "Sneak Attack", "valiant_sacrifice": "Valiant Sacrifice", "grim_resolve": "Grim Resolve",
    "steward": "Steward of Gondor", "celebrians_stone": "Celebrían's Stone", "spearman": "Gondorian Spearman", "beorn": "Beorn",
    "blade_mastery": "Blade Mastery", "rain_of_arrows": "Rain of Arrows", "feint": "Feint", "quick_strike": "Quick Strike",
    "thicket": "Thicket of Spears", "swift_strike": "Swift Strike", "blade_of_gondolin": "Blade of Gondolin",
    "citadel_plate": "Citadel Plate", "dwarven_axe": "Dwarven Axe", "horn": "Horn of Gondor", "wandering_took": "Wandering Took",
    "lorien_guide": "Lórien Guide", "northern_tracker": "Northern Tracker", "greeting": "The Galadhrim's Greeting",
    "strength_of_will": "Strength of Will", "hasty_stroke": "Hasty Stroke", "will_of_the_west": "Will of the West",
    "test_of_will": "A Test of Will", "stand_and_fight": "Stand and Fight", "light_in_the_dark": "A Light in the Dark",
    "dwarven_tomb": "Dwarven Tomb", "fortune_or_fate": "Fortune or Fate", "favor": "The Favor of the Lady",
    "power_in_the_earth": "Power in the Earth", "unexpected_courage": "Unexpected Courage", "daughter": "Daughter of the Nimrodel",
    "hammersmith": "Erebor Hammersmith", "henamarth": "Henamarth Riversong", "miner": "Miner of the Iron Hills",
    "gleowine": "Gléowine", "lore_of_imladris": "Lore of Imladris", "loriens_wealth": "Lórien's Wealth",
    "radagasts_cunning": "Radagast's Cunning", "secret_paths": "Secret Paths", "beorns_hospitality": "Beorn's Hospitality",
    "forest_snare": "Forest Snare", "protector": "Protector of Lórien", "dark_knowledge": "Dark Knowledge",
    "self_preservation": "Self Preservation", "gandalf": "Gandalf", "king_spider": "King Spider", "hummerhorns": "Hummerhorns",
    "ungoliants_spawn": "Ungoliant's Spawn", "great_forest_web": "Great Forest Web", "eyes_of_the_forest": "Eyes of the Forest",
    "caught_in_a_web": "Caught in a Web", "goblin_sniper": "Goblin Sniper", "marsh_adder": "Marsh Adder", "wargs": "Wargs",
    "despair": "Despair", "brown_lands": "The Brown Lands", "dol_guldur_orcs": "Dol Guldur Orcs", "ufthak": "Chieftan Ufthak",
    "driven_by_shadow": "Driven by Shadow", "necromancers_reach": "Necromancer's Reach", "necromancers_pass": "Necromancer's Pass",
    "enchanted_stream": "Enchanted Stream", "forest_spider": "Forest Spider", "east_bight_patrol": "East Bight Patrol",
    "old_forest_road": "Old Forest Road", "forest_gate": "Forest Gate", "nazgul": "Nazgûl of Dol Guldur",
    "cavern_guardian": "Cavern Guardian", "under_the_shadow": "Under the Shadow", "endless_caverns": "Endless Caverns",
    "tower_gate": "Tower Gate", "gandalfs_map": "Gandalf's Map", "dungeon_torch": "Dungeon Torch", "shadow_key": "Shadow Key",
    "misty_mountain_goblins": "Misty Mountain Goblins", "gladden_fields": "Gladden Fields", "eastern_crows": "Eastern Crows",
    "evil_storm": "Evil Storm", "treacherous_fog": "Treacherous Fog", "through_the_caverns": "Through the Caverns",
    "beorns_path": "A Chosen Path: Beorn's Path", "anduin_passage": "Anduin Passage", "out_of_the_dungeons": "Out of the Dungeons",
    "gandalfs_search": "Gandalf's Search", "black_forest_bats": "Black Forest Bats", "massing_at_night": "Massing at Night",
    "pursued_by_shadow": "Pursued by Shadow", "flies_and_spiders": "Flies and Spiders", "to_the_river": "To the River...",
    "ambush_on_the_shore": "Ambush on the Shore", "dont_leave_the_path": "A Chosen Path: \"Don't Leave the Path!\"",
    "dungeon_jailor": "Dungeon Jailor", "beastmaster": "Dol Guldur Beastmaster", "mountains_of_mirkwood": "Mountains of Mirkwood",
    "necromancers_tower": "The Necromancer's Tower", "pursued_by_shadow_shadow": "Pursued by Shadow",
    "banks_of_the_anduin": "Banks of the Anduin", "hill_troll": "Hill Troll",
    "iron_shackles": "Iron Shackles", "fork_in_the_road": "A Fork in the Road",
    "necromancers_tower_prisoner": "The Necromancer's Tower",
    "dunhere": "Dúnhere", "stand_together": "Stand Together", "wolf_rider": "Wolf Rider",
}

def not_replayed(r) -> list[str]:
    """The steps saying some card text was not replayed, except the note of a card the
    table reveals without the ability listener ("card text, not replayed: --no-abilities")."""
    return [s.text for s in r.trace.steps if "not replayed" in s.text.replace("not replayed: --no-abilities", "")]


@pytest.mark.parametrize("case", sorted(CASES), ids=str)
def test_core_set_card_is_played(case):
    r = table(BASE)
    assert CASES[case](r), [s.text for s in r.trace.steps]
    assert all(s.citations for s in r.trace.steps)
    assert not not_replayed(r), not_replayed(r)


def test_every_card_with_an_ability_in_the_library_is_played_by_a_case():
    assert set(CARD_OF_CASE) == set(CASES)
    core = {c.name for c in core_set().cards}  # the other products' cards replay in scenarios/lotr/cards/
    missing = sorted(c.name for c in library().values() if c.name in core and c.name not in set(CARD_OF_CASE.values()))
    assert not missing
