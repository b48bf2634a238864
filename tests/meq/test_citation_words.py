"""Every rule the MEQ engine cites is cited to the lines that decide it.

`DECIDES` names, for each citation of `adjudicator.meq.engine.citations` (and each record a
named reading leans on), a few short key words of our own choosing that the rule turns
on; the test checks them against the cited record's own lines of the source document.  A
citation moved to the wrong record (the defeated hero once cited to the rule for defeated
monsters) fails here, and so does a citation nobody gave its words.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from adjudicator.meq.engine import citations as C
from adjudicator.meq.engine.context import READINGS

# citation constant -> key words that must be on the record's lines (case and emphasis ignored)
DECIDES: dict[str, tuple[str, ...]] = {
    # story track, stages, dominance
    "STAGES": ("three stages", "current stage"),
    "CURRENT_STAGE": ("rightmost stage",),
    "STORY_TRACK": ("story markers", "finale"),
    "SHADOW_POOL": ("up to two", "four times the current game stage"),
    "DOMINANCE": ("dominant", "closer to the finale"),
    "DOMINANCE_HEROES": ("heroes count", "finale space"),
    "DOMINANCE_SAURON": ("lower",),
    "DOMINANCE_CLOSEST": ("closest story marker",),
    "DOMINANCE_CUMULATIVE": ("cumulative", "the shadow falls"),
    "DOMINANCE_COMPARE": ("lower number", "tied", "no dominant side"),
    "ADVANCED_DOMINANCE": ("simulating", "story steps"),
    "HIGH_STAKES": ("stage iii", "defeats a hero", "defeat a minion"),
    # Sauron's turn
    "SAURON_TURN": ("hero rally", "hero draw step"),
    "HERO_RALLY": ("discards all influence", "shadow stronghold"),
    "STORY_STEP": ("excluding the first", "two spaces", "all three", "the shadow falls"),
    "STORY_SUMMARY": ("two spaces", "skip this step on the first turn"),
    "PLOT_CARDS": ("story step", "active plot cards"),
    "MULTIPLE_PLOTS": ("one-at-a-time",),
    "PLOT_ADVANCE": ("active plot track", "advances"),
    "PLACING_MINIONS": ("first time", "stage ii or stage iii"),
    "WINNING": ("end of the story step", "finale space", "all three"),
    "PLOT_STEP": ("one", "skipped on the first turn"),
    "PLAY_PLOT": ("single plot card", "empty space"),
    "DISCARD_ACTIVE_PLOT": ("discard one of his plot cards",),
    "DO_NOTHING": ("do nothing",),
    "PLOT_GAME_TEXT": ("game text",),
    "PLOT_DISCARD_COST": ("favor", "affected location"),
    "PLAYING_PLOTS": ("requirements", "minimum amount of influence"),
    "PLOT_REQUIREMENT": ("at least", "shadow pool"),
    "AFFECTED_PLOT": ("plot marker", "affected location"),
    "EVENT_STEP": ("event cards", "current stage"),
    "EVENT_DRAW": ("lowest", "highest", "discards any other"),
    "EVENT_HEROES": ("heroes are dominant", "lowest"),
    "EVENT_SAURON": ("sauron is dominant", "highest"),
    "EVENT_NEITHER": ("neither", "top card"),
    "EVENT_PLACE": ("favor", "character", "remains on its current location"),
    "EVENT_KEEP": ("event marker icon", "current event card space", "discarded"),
    "EVENT_FIRST_TURN": ("neither team", "first sauron turn"),
    "EVENT_ABILITY": ("immediately resolved", "affects a location"),
    "AFFECTED_EVENT": ("event marker", "explores", "not discarded"),
    "HERO_DECISION": ("as a side", "cannot all agree"),
    "ACTION_STEP": ("two", "leftmost", "fourth action token", "removes his three prior tokens"),
    "ACTION_COUNT": ("two actions", "four player game"),
    "ACTION_TRACKS": ("leftmost empty space", "three numbered spaces"),
    "PLACE_INFLUENCE": ("up to two", "the rest in extension"),
    "PLACING_INFLUENCE": ("extension", "adjacent", "never be placed in haven"),
    "MAX_INFLUENCE": ("influence strength", "excess influence", "all but one"),
    "EXTENSION": ("adjacent locations", "shadow stronghold"),
    "INFLUENCE_TOKENS": ("event, shadow, and encounter cards",),
    "DRAW_ACTION": ("shadow", "plot", "keep", "one"),
    "COMMAND": ("commands", "one command per"),
    "MOVE_COMMAND": ("adjacent location", "ignore movement icons"),
    "PLACE_TOKEN": ("facedown", "matching the token"),
    "MONSTER_TOKENS": ("monster tokens", "blank"),
    "HEAL_MINION": ("up to four damage", "same location as a hero"),
    "HERO_DRAW": ("fortitude", "not required"),
    "SHADOW_CARDS": ("equal to or greater", "one shadow card may be played per player"),
    "SHADOW_REQUIREMENT": ("at least", "shadow pool"),
    "SHADOW_EFFECT": ("resolved immediately",),
    # hero's turn
    "HERO_TURN": ("rest step", "encounter step"),
    "REST": ("rest pool into his life pool", "leftmost sauron story marker", "may not rest"),
    "HEALING": ("haven", "damage pool into his life pool"),
    "AMBUSH": ("must choose", "one", "haven", "allows"),
    "AMBUSH_QUICKREF": ("may choose",),
    "TRAVEL": ("as many times as the hero wishes",),
    "EXPLORE": ("any or all", "skip the", "explore in his current location"),
    "CONSULT": ("one", "use ability", "gain favor", "returned to the favor and character area"),
    "GAIN_FAVOR": ("favor listed on the character",),
    "USE_ABILITY": ("ability printed on the character",),
    "RETRIEVE_FAVOR": ("any number of favor tokens",),
    "TRADE": ("freely trade favor",),
    "FAVOR_TOKENS": ("gains favor", "provided by a card"),
    "CHARACTER_TOKENS": ("event and quest cards", "place particular characters"),
    "QUESTS": ("quest", "play area"),
    "DARK_PATH": ("3 or less corruption", "1 favor and 1 corruption", "once during each of his turns"),
    "COMPLETING_QUESTS": ("returned to the game box", "explore part"),
    "DISCARD_PLOT": ("explore", "affected location", "spend the amount of favor"),
    "CORRUPTION": ("whenever a hero rests", "one", "favor tokens"),
    "MOVE": ("matching the movement icon", "equal to the number", "rest pool"),
    "WATER": ("boat", "any one hero card"),
    "ANY_ICON": ("any one hero card",),
    "COMBAT_OR_PERIL": ("must resolve one", "if able", "turn immediately ends", "blank"),
    "MONSTER_ATTACK": ("flip over a monster token", "choose a minion"),
    "PERIL": ("perilous", "three cards", "chooses one"),
    "PERIL_AFFECTS": ("affected location", "may not choose this card"),
    "PERIL_EFFECT": ("card effect", "peril card"),
    "PERILOUS": ("permanently perilous", "more influence tokens than the hero's wisdom"),
    "WISDOM": ("exceeds", "wisdom", "perilous"),
    "ENCOUNTER": ("not in a perilous location", "lowest priority number", "haven encounter deck"),
    "ENCOUNTER_SUMMARY": ("lowest numbered card", "location or region"),
    "ENCOUNTER_EFFECT": ("card effect", "encounter card"),
    "ATTRIBUTES": ("fortitude, strength, agility, and wisdom",),
    "FORTITUDE": ("how many cards he draws", "never required"),
    "REST_POOL": ("faceup", "discard hero cards", "shuffles them"),
    "WITHIN": ("within", "one space away"),
    "LEVELS": ("maximum of twice per game", "one higher"),
    "TRAINING": ("top two cards", "chooses one"),
    "SKILL_CARDS": ("skill cards", "training"),
    "ITEMS": ("one of each item card title",),
    "CORRUPTION_CARDS": ("corruption cards", "remove corruption cards for free"),
    # combat
    "COMBAT": ("single hero", "single monster or minion", "haven", "unless the hero allows"),
    "SETUP": ("monster reference card", "monster combat deck"),
    "PREPARATION": ("fortitude", "agility", "+1 strength"),
    "ROUNDS": ("one combatant is defeated", "both combatants are exhausted"),
    "CHOOSE": ("chooses one card", "exhausted combatant"),
    "REVEAL": ("combat stack", "zero attack, zero defense"),
    "STRENGTH": ("exceeds the combatant's strength", "card is canceled", "both"),
    "PREVIOUS": ("next round", "first by the hero"),
    "CURRENT": ("played during this round", "first by the hero"),
    "DEAL_DAMAGE": ("attack value minus his own defense", "defeated"),
    "RESOLUTION": ("discard cards", "discard monster token", "undefeated"),
    "DISCARD_CARDS": ("rest pool", "shuffles it back"),
    "DISCARD_TOKEN": ("regardless of whether the monster was defeated", "undefeated minions"),
    "UNDEFEATED": ("wisdom", "extension", "turn immediately ends"),
    "CANCEL": ("text on the card is ignored", "considered zero", "cancel each other"),
    "DEAL_X": ("regardless of the opponent's defense", "cannot be defeated until"),
    "MODIFY": ("+1 attack", "final attack or defense"),
    "PRINTED": ("printed value",),
    "REDUCE_TO_0": ("reduced to zero", "modifiers are ignored"),
    "COMBAT_TIMING": ("always resolved first", "hero player's combat card"),
    "EXHAUSTED": ("exhausted", "declares himself", "hero player must always do so first"),
    "MONSTERS": ("monster", "equals or exceeds the monster's health"),
    "MINIONS": ("are not removed", "ringwraiths", "minas morgul"),
    "MONSTER_ATTRIBUTES": ("three attributes",),
    "HERO_DAMAGE": ("top of his life pool", "card of his choice from his hand", "immediately"),
    "DEFEATED": ("defeated hero", "following steps"),
    "DEFEAT_ADVANCE": ("leftmost sauron story marker", "the hero may decide"),
    "DEFEAT_FAVOR": ("favor", "item cards", "neither"),
    "DEFEAT_HAVEN": ("closest haven", "sauron decides"),
    "DEFEAT_RECOVER": ("shuffles all cards", "damage pool into his life pool"),
    "DEFEAT_END": ("turn immediately ends",),
    "DAMAGE_POOL": ("damage pool", "hand or from his life pool"),
    "LIFE_POOL": ("only pool", "immediately"),
    # finale
    "FINALE": ("no longer take normal turns",),
    "FINALE_VICTORY": ("dominant side", "immediately wins", "neither"),
    "FINALE_ADVANCE": ("each of his story markers", "does not advance"),
    "FINALE_PREPARE": ("removes all prior damage", "equal to his fortitude"),
    "FINALE_ADJUST": ("sauron dominant", "heroes dominant", "health and fortitude"),
    "FINALE_ADJUST_CLOSEST": ("closest sauron story marker",),
    "FINALE_ADJUST_CUMULATIVE": ("cumulative", "the shadow falls"),
    "FINALE_CHAMPION": ("one hero player",),
    "FINALE_COMBAT": ("fights the ringwraiths",),
    "FINALE_WINNER": ("heroes immediately win", "sauron wins"),
}
MISSION_WORDS = {
    "his-dark-throne": ("3 active plot cards",),
    "in-darkness-bind-them": ("yellow story marker", "stage iii"),
    "to-rule-them-all": ("red story marker", "stage iii"),
    "where-the-shadows-lie": ("black story marker", "stage iii"),
    "to-find-them-all": ("ringwraiths", "6 influence on the shire"),
    "noble-blood": ("1 or less corruption",),
    "against-the-shadow": ("no more than 2 monster tokens",),
    "isildurs-secret": ("5 favor", "at least"),
    "minas-morgul-kept-at-bay": ("2 or less minions",),
    "the-spear-of-the-west": ("starting and advanced quest",),
}


def plain(text: str) -> str:
    text = text.lower().replace("’", "'").replace("“", '"').replace("”", '"')
    return re.sub(r"\s+", " ", re.sub(r"[*_]", "", text))


def constants() -> dict[str, str]:
    return {k: v for k, v in vars(C).items() if k.isupper() and isinstance(v, str)}


@pytest.fixture(scope="module")
def lines_of(meq_by_id, source_doc):
    doc = source_doc("meq-rules").lines

    def get(rid: str) -> str:
        record = meq_by_id[rid]
        spans = [record.span] + [s for s in record.data.get("extra_spans", []) if not isinstance(s, (list, tuple))]
        return plain(" ".join(" ".join(doc[s.start - 1 : s.end]) for s in spans))

    return get


def test_every_citation_has_the_words_that_decide_it():
    assert sorted(set(constants()) - set(DECIDES)) == []
    assert sorted(set(DECIDES) - set(constants())) == []
    assert set(MISSION_WORDS) == set(C.MISSIONS)


def test_each_cited_record_s_lines_hold_its_deciding_words(lines_of):
    missing = {}
    for name, rid in constants().items():
        text = lines_of(rid)
        absent = [w for w in DECIDES[name] if w not in text]
        if absent:
            missing[f"{name} {rid}"] = absent
    for slug, rid in C.MISSIONS.items():
        absent = [w for w in MISSION_WORDS[slug] if w not in lines_of(rid)]
        if absent:
            missing[rid] = absent
    assert missing == {}


def test_the_named_readings_lean_on_cited_records():
    cited = set(constants().values())
    rules = {rule for values in READINGS.values() for _, rule in values.values()}
    assert sorted(rules - cited) == []


def test_the_words_table_catches_a_wrong_citation(lines_of):
    """The check can fail: the defeated hero's words are not on the rule for monsters."""
    monsters = lines_of(C.MONSTERS)
    assert not all(w in monsters for w in DECIDES["HERO_DAMAGE"])


def test_every_record_a_worked_example_cites_is_a_citation_with_its_words():
    from adjudicator.meq.engine import replay

    folder = Path(__file__).resolve().parents[2] / "scenarios" / "meq"
    known = set(constants().values()) | set(C.MISSIONS.values())
    stray = {}
    for path in sorted(folder.glob("*.yaml")):
        extra = replay(path).trace.cited_ids() - known
        if extra:
            stray[path.name] = sorted(extra)
    assert stray == {}
