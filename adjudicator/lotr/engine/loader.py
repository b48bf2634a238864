"""Build a game from a situation file: every problem is collected first (with file, line,
column and "did you mean"), and the state is built only when there are none.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from adjudicator.engine.situation import Node, Problems, did_you_mean, fold, parse_yaml, read_text, validate
from adjudicator.errors import InputError
from adjudicator.lotr.engine.cards import CHARACTER_TYPES, CardDef, card_book, card_from_mapping, parse_keyword
from adjudicator.lotr.engine import scenario_data, separate_decks
from adjudicator.lotr.engine.modifiers import Modifier
from adjudicator.lotr.engine.schema import ANY_STEP_KEYS, DECISION_KEYS, SCHEMA, SETUP, WINDOW_KEYS
from adjudicator.lotr.engine.situation import Decisions, Entry, Situation, Stop
from adjudicator.lotr.engine.state import Card, Game, Player, StagingArea
from adjudicator.lotr.engine.staging_areas import rules as separate_staging_rules
from adjudicator.lotr.engine.quest_stages import rules as quest_stage_rules
from adjudicator.lotr.engine.step_table import STEPS


def load(path: str | Path, text: str | None = None, *, ability_block: Any = None) -> Situation:
    """Read a situation file; raises InputError listing every problem.  ``ability_block``
    reads the situation's ``abilities:`` block and checks a decision's ability choices
    (``read_situation_block(node, problems)``, ``check_choices(node, problems, what)``: the
    card abilities' `load` module, which `api.load` passes); without it a file with card
    abilities is refused."""
    file = str(path)
    doc = parse_yaml(read_text(path) if text is None else text, file)
    problems = Problems(file)
    validate(doc, SCHEMA, problems)
    try:
        return build(doc, file, problems, ability_block)
    except InputError:
        raise
    except Exception:
        if problems:  # the shape was wrong: report what the schema found
            problems.raise_if_any()
        raise


class _Builder:
    def __init__(self, file: str) -> None:
        self.file = file
        self.problems = Problems(file)
        self.book = card_book().copy()
        self.counts: dict[str, int] = {}
        self.labels: set[str] = set()
        self.ability_block: Any = None  # reads card abilities (api.load passes abilities.load)

    # -- cards ---------------------------------------------------------------------

    def define(self, node: Node) -> None:
        data = node.plain()
        bad = [k for k in data.get("keywords") or () if parse_keyword(k) is None]
        for kw in bad:
            self.problems.add(node.get("keywords"), "keywords such as Surge, Doomed 2, Ranged, Archery 1, Indestructible", repr(kw))
        if bad:
            return
        self.book.add(card_from_mapping(data, inline=True))

    def design(self, node: Node, types: tuple[str, ...] | None, what: str) -> CardDef | None:
        name = node.value
        card = self.book.get(name)
        if card is None:
            self.problems.add(node, f"the name of {what}", f"{name!r}, which is no card in the card data or the situation's cards", self.book.suggest(name))
            return None
        if types and card.type not in types:
            kinds = what if len(types) == 1 else f"{what} ({' or '.join(types)})"
            self.problems.add(node, kinds, f"{card.name}, which is a{'n' if card.type[0] in 'aeiou' else ''} {card.type}")
            return None
        return card

    def label_for(self, card: CardDef, given: str | None, node: Node) -> str:
        if given:
            if given in self.labels:
                self.problems.add(node, "a label used once", f"a second {given!r}")
            self.labels.add(given)
            return given
        n = self.counts.get(card.name, 0) + 1
        self.counts[card.name] = n
        label = card.name if n == 1 else f"{card.name}#{n}"
        while label in self.labels:
            n += 1
            self.counts[card.name] = n
            label = f"{card.name}#{n}"
        self.labels.add(label)
        return label

    def card(self, node: Node, owner: str, types: tuple[str, ...] | None, what: str) -> Card | None:
        if not isinstance(node.value, (str, dict)) or (isinstance(node.value, dict) and not isinstance(node.get("card") and node.get("card").value, str)):
            return None  # the schema has reported it
        if isinstance(node.value, str):
            design = self.design(node, types, what)
            if design is None:
                return None
            return Card(self.label_for(design, None, node), design, owner)
        name_node = node.get("card")
        design = self.design(name_node, types, what)
        if design is None:
            return None
        label_node = node.get("label")
        card = Card(self.label_for(design, label_node.value if label_node else None, node), design, owner)
        for key in ("exhausted", "damage", "progress", "resources", "committed", "attacked"):
            if node.has(key):
                setattr(card, key, node.get(key).value)
        for a in node.get("attachments") or ():
            att = self.card(a, owner, ("attachment", "objective", "treachery", "objective-ally"), "an attachment")
            if att is not None and att.type == "treachery":
                att.owner = "encounter"  # an encounter card attached to a character is not that player's (FAQ 1.06)
            if att is not None:
                if att.type != "attachment":  # an encounter card attached to a character (Caught in a Web) is the encounter deck's
                    att.owner = "encounter"
                card.attachments.append(att)
        for s in node.get("shadow") or ():
            design = self.design(s, None, "an encounter card")
            if design is not None:
                card.shadows.append(Card(self.label_for(design, None, s), design, "encounter"))
        for o in node.get("guarding") or ():
            design = self.design(o, ("objective", "objective-ally"), "an objective")
            if design is not None:
                card.guarding.append(Card(self.label_for(design, None, o), design, "encounter"))
        for u in node.get("under") or ():  # encounter cards face up under a side quest
            design = self.design(u, ("enemy", "location", "treachery", "objective"), "an encounter card")
            if design is not None:
                card.under.append(Card(self.label_for(design, None, u), design, "encounter"))
        if node.has("tokens"):
            card.tokens = {str(k): int(v) for k, v in node.get("tokens").plain().items()}
        if node.has("from_deck"):  # the separate deck it came from (rules_db/lotr/separate_decks.yaml)
            deck = str(node.get("from_deck").value)
            if deck not in separate_decks.rules():
                self.problems.add(node.get("from_deck"), f"the name of a separate deck ({', '.join(separate_decks.rules())})", repr(deck),
                                  did_you_mean(deck, list(separate_decks.rules())))
            card.deck = deck
        for m in node.get("modifiers") or ():
            d = m.plain()
            card.modifiers.append(Modifier(d["stat"], d["op"], int(d.get("value", 0)), d.get("source", "")))
        return card

    def cards(self, node: Node | None, owner: str, types, what: str) -> list[Card]:
        out = []
        for item in node or ():
            c = self.card(item, owner, types, what)
            if c is not None:
                out.append(c)
        return out


def build(doc: Node, file: str, problems: Problems | None = None, ability_block: Any = None) -> Situation:
    b = _Builder(file)
    b.ability_block = ability_block
    if problems is not None:
        b.problems = problems
    problems = b.problems
    for node in doc.get("cards") or ():
        b.define(node)

    players: list[Player] = []
    seen: set[str] = set()
    for pnode in doc.get("players") or ():
        if not isinstance(pnode.value, dict) or not isinstance(pnode.get("name") and pnode.get("name").value, str):
            continue  # the schema has reported it
        name = pnode.get("name").value
        if name in seen:
            problems.add(pnode.get("name"), "each player's name once", f"a second {name!r}")
        seen.add(name)
        p = Player(name=name)
        p.heroes = b.cards(pnode.get("heroes"), name, ("hero",), "a hero")
        p.allies = b.cards(pnode.get("allies"), name, ("ally", "objective-ally"), "an ally")
        for c in p.allies:  # an objective-ally under a player's control is still an encounter card (its owner's)
            if c.type == "objective-ally":
                c.owner = "encounter"
        p.engaged = b.cards(pnode.get("engaged"), "encounter", ("enemy",), "an enemy")
        p.prisoners = b.cards(pnode.get("prisoners"), name, ("hero",), "a hero")
        p.locations = b.cards(pnode.get("locations"), "encounter", ("location",), "a location")
        p.hidden = b.cards(pnode.get("hidden"), "encounter", ("enemy", "location", "treachery", "objective"), "an encounter card")
        for key in ("hand", "deck", "discard"):
            setattr(p, key, b.cards(pnode.get(key), name, None, "a card"))
        if pnode.has("threat"):
            p.threat = pnode.get("threat").value
        else:  # the initial threat level: the heroes' threat costs
            p.threat = sum(h.card.stat("threat_cost") or 0 for h in p.heroes)
        if pnode.has("eliminated"):
            p.eliminated = pnode.get("eliminated").value
        if pnode.has("elimination_level"):
            p.elimination_level = pnode.get("elimination_level").value
        players.append(p)

    game = Game(players=players)
    names = [p.name for p in players]
    fp = doc.get("first_player")
    if fp is not None:
        if fp.value not in names:
            problems.add(fp, "the name of a player", repr(fp.value), [n for n in names if fold(n) == fold(fp.value)] or names[:3])
        else:
            game.first = names.index(fp.value)
    game.round = doc.get("round").value if doc.has("round") else 1
    game.seed = doc.get("seed").value if doc.has("seed") else 0
    game.staging = b.cards(doc.get("staging_area"), "encounter", ("enemy", "location", "objective", "objective-ally", "side-quest"), "a card in the staging area")
    al = doc.get("active_location")
    if al is not None and al.value is not None:
        game.active_location = b.card(al, "encounter", ("location",), "a location")
    q = doc.get("quest")
    if q is not None:
        game.quest = b.card(q, "encounter", ("quest",), "a quest stage")
    game.quest_deck = b.cards(doc.get("quest_deck"), "encounter", ("quest",), "a quest stage")
    enc = ("enemy", "location", "treachery", "objective", "objective-ally")
    game.encounter_deck = b.cards(doc.get("encounter_deck"), "encounter", enc, "an encounter card")
    game.encounter_discard = b.cards(doc.get("encounter_discard"), "encounter", enc, "an encounter card")
    game.victory_display = b.cards(doc.get("victory_display"), "encounter", None, "a card")
    game.set_aside = b.cards(doc.get("set_aside"), "encounter", None, "a card")
    game.defeated_stages = b.cards(doc.get("defeated_stages"), "encounter", ("quest",), "a quest stage")
    for key, zone in (("decks", game.decks), ("deck_discards", game.deck_discards)):
        for name, node in (doc.get(key).items() if doc.has(key) else ()):
            if name not in separate_decks.rules():
                problems.add(node, f"the name of a separate deck ({', '.join(separate_decks.rules())})", repr(name),
                             did_you_mean(str(name), list(separate_decks.rules())))
                continue
            zone[name] = b.cards(node, "encounter", enc, "an encounter card")
            for c in zone[name]:
                c.deck = name

    for name, node in (doc.get("trackers").items() if doc.has("trackers") else ()):
        known = scenario_data.tracker_named(str(name))
        if known is None:
            problems.add(node, f"the name of a scenario tracker ({', '.join(scenario_data.trackers())})", repr(name),
                         did_you_mean(str(name), list(scenario_data.trackers())))
        elif not isinstance(node.value, int) or isinstance(node.value, bool) or node.value < 0:
            problems.add(node, "a whole number, 0 or more (the tracker's value)", repr(node.value))
        else:
            game.trackers[known] = int(node.value)

    _staging_areas(doc.get("staging_areas"), game, b, names)
    _quest_stages(doc.get("quest_stages"), game, b)
    start = doc.get("start").value if doc.has("start") else "0.0"
    stop = _stop(doc.get("stop"))
    decisions = _decisions(doc.get("decisions"), b, names)
    abilities: dict[str, Any] = {}
    if doc.has("abilities"):
        if ability_block is None:
            problems.add(doc.get("abilities"), "a loader that reads card abilities (adjudicator.lotr.engine.api.load)", "abilities:")
        else:
            abilities = ability_block.read_situation_block(doc.get("abilities"), problems)
    problems.raise_if_any()
    game.step = start
    game.phase = "setup" if start == SETUP else STEPS[start]["phase"]
    title = doc.get("title").value if doc.has("title") else Path(file).stem
    flip = bool(doc.get("flip_quest").value) if doc.has("flip_quest") else False
    if flip and start != "0.0":
        problems.add(doc.get("flip_quest"), "flip_quest with start: '0.0' (the quest card is flipped before round 1 begins)", f"start: {start!r}")
        problems.raise_if_any()
    deck_order = doc.get("deck_order").value if doc.has("deck_order") else "seed"
    if doc.has("deck_order") and start != SETUP:
        problems.add(doc.get("deck_order"), "deck_order with start: setup (the decks are shuffled at setup)", f"start: {start!r}")
    if start == SETUP:
        _check_setup_position(doc, decisions, problems)
    problems.raise_if_any()
    return Situation(file=file, game=game, decisions=decisions, book=b.book, start=start, stop=stop, title=title, abilities=abilities,
                     flip_quest=flip, deck_order=deck_order, first_player_given=fp is not None)


# What the setup itself makes: a situation starting at setup cannot give it.
_SETUP_MAKES_TOP = {
    "round": "round 1 (setup comes before it)",
    "flip_quest": "no flip_quest (the setup flips the quest card itself)",
    "staging_area": "no staging area (the quest card's setup instructions fill it)",
    "active_location": "no active location",
    "encounter_discard": "no encounter discard pile",
    "victory_display": "no victory display",
}
_SETUP_MAKES_PLAYER = {
    "threat": "no threat (the setup sets it: the heroes' threat costs added up)",
    "hand": "no hand (the setup draws 6 cards)",
    "allies": "no allies",
    "engaged": "no engaged enemies",
    "discard": "no discard pile",
    "prisoners": "no prisoners",
    "locations": "no controlled locations",
    "hidden": "no hidden cards",
    "eliminated": "no elimination",
}


def _check_setup_position(doc: Node, decisions: Decisions, problems: Problems) -> None:
    """A situation with ``start: setup`` describes the game before setup: heroes, decks,
    the quest cards and the encounter deck; what the setup makes is refused."""
    for key, expected in _SETUP_MAKES_TOP.items():
        node = doc.get(key)
        if node is not None and not (key == "round" and node.value == 1) and not (key == "flip_quest" and node.value is False):
            problems.add(node, f"with start: setup, {expected}", f"{key}: {node.value!r}")
    for pnode in doc.get("players") or ():
        if not isinstance(pnode.value, dict):
            continue
        for key, expected in _SETUP_MAKES_PLAYER.items():
            node = pnode.get(key)
            if node is not None and node.value not in ([], None, False):
                problems.add(node, f"with start: setup, {expected}", f"{key}: {node.value!r}")
    for e in decisions.entries:
        if e.step == "setup" and "play" in e.data:  # FAQ 1.19: no actions during setup
            problems.add(Node(None, e.line, 1, ("decisions", e.index)), "no plays at setup (players take no actions during setup)",
                         "play")


def _scenario_row(node: Node, known: dict, b: _Builder, expected: str) -> dict:
    """The row of ``known`` (a rules_db table by scenario) that the block's ``scenario`` names:
    an unknown name is a problem with a "did you mean"; no name, no row."""
    scen = node.get("scenario")
    if scen is None:
        return {}
    if scen.value not in known:
        b.problems.add(scen, f"{expected} ({', '.join(known)})", repr(scen.value), did_you_mean(str(scen.value), list(known)))
        return {}
    return dict(known[scen.value])


def _staging_areas(node: Node | None, game: Game, b: _Builder, names: list[str]) -> None:
    """Separate staging areas (engine/staging_areas.py): the scenario's rules and each area but the main one."""
    if node is None or not isinstance(node.value, dict):
        return
    game.area_rules = _scenario_row(node, separate_staging_rules(), b, "a scenario with separate staging areas")
    taken: set[str] = set()
    for anode in node.get("areas") or ():
        if not isinstance(anode.value, dict):
            continue
        players = [str(n.value) for n in anode.get("players") or ()]
        for pn in anode.get("players") or ():
            if pn.value not in names:
                b.problems.add(pn, "the name of a player", repr(pn.value), [n for n in names if fold(n) == fold(str(pn.value))] or names[:4])
            elif pn.value in taken:
                b.problems.add(pn, "each player at one staging area", f"{pn.value!r} a second time")
            taken.add(str(pn.value))
        area = StagingArea(str(anode.get("name").value) if anode.has("name") else " and ".join(players), players)
        area.staging = b.cards(anode.get("staging_area"), "encounter", ("enemy", "location", "objective", "objective-ally", "side-quest"), "a card in the staging area")
        al = anode.get("active_location")
        if al is not None and al.value is not None:
            area.active_location = b.card(al, "encounter", ("location",), "a location")
        if anode.has("quest"):
            area.quest = b.card(anode.get("quest"), "encounter", ("quest",), "a quest stage")
        area.quest_deck = b.cards(anode.get("quest_deck"), "encounter", ("quest",), "a quest stage")
        area.joining = bool(anode.get("joining").value) if anode.has("joining") else False
        game.areas.append(area)
    rnode = node.get("rival")  # a rival's area with its own quest deck (engine/rival_areas.py)
    if rnode is not None and isinstance(rnode.value, dict) and rnode.has("name"):
        rival = StagingArea(str(rnode.get("name").value))
        rival.staging = b.cards(rnode.get("staging_area"), "encounter", ("enemy", "location", "objective", "objective-ally"), "a card in the rival's area")
        if rnode.has("quest"):
            rival.quest = b.card(rnode.get("quest"), "encounter", ("quest",), "a quest stage")
        rival.quest_deck = b.cards(rnode.get("quest_deck"), "encounter", ("quest",), "a quest stage")
        game.rivals.append(rival)


def _quest_stages(node: Node | None, game: Game, b: _Builder) -> None:
    """Quest stages beyond the current one (engine/quest_stages.py): the scenario's rules, the other stages in play."""
    if node is None or not isinstance(node.value, dict):
        return
    game.stage_rules = _scenario_row(node, quest_stage_rules(), b, "a scenario with its own quest stage rules")
    game.other_stages = b.cards(node.get("stages"), "encounter", ("quest",), "a quest stage")
    game.quest_face_down = bool(node.get("face_down").value) if node.has("face_down") else False


def _stop(node: Node | None) -> Stop:
    if node is None:
        return Stop()
    if isinstance(node.value, str):
        return Stop(kind=node.value)
    d = node.plain()
    if "step" in d:
        return Stop(kind="step", step=d["step"], round=d.get("round"))
    if "rounds" in d:
        return Stop(kind="rounds", rounds=d["rounds"])
    return Stop()


_NAME_KEYS = ("commit", "shadow_order", "attack_order", "attackers", "defenders")
_ONE_NAME_KEYS = ("travel", "engage", "enemy", "defender", "undefended_hero", "target", "damage_to")


def _decisions(node: Node | None, b: _Builder, players: list[str]) -> Decisions:
    out = Decisions()
    known = set(b.labels) | {n for c in b.book.cards for n in (c.name, c.design_key, *c.aliases)}
    known |= {f"Orc Guard ({p})" for p in players}  # made during the replay (Tower Gate, Out of the Dungeons)
    known |= {f"{e} ({p})" for e in scenario_data.face_down_enemies() for p in players}  # a scenario's face-down enemies
    known_folded = {fold(n) for n in known}
    for i, enode in enumerate(node or ()):
        data = enode.plain()
        step = data["step"]
        allowed = set(DECISION_KEYS.get(step, ())) | set(WINDOW_KEYS) | set(ANY_STEP_KEYS)
        for key in data:
            if key in ("step", "round", "player"):
                continue
            if key not in allowed:
                where = [s for s, keys in DECISION_KEYS.items() if key in keys] or ["an action window (any step)"]
                kline, kcol = enode.key_lines.get(key, (enode.line, enode.column))
                problems_node = Node(None, kline, kcol, enode.path + (key,))
                b.problems.add(problems_node, f"a decision made at step {step} ({', '.join(sorted(allowed))})", f"{key!r}, which is decided at step {', '.join(where)}")
        if "player" in data and data["player"] not in players:
            b.problems.add(enode.get("player"), "the name of a player", repr(data["player"]), [p for p in players if fold(p) == fold(data["player"])] or players[:4])

        def check_name(n: Node) -> None:
            if isinstance(n.value, str) and fold(n.value) not in known_folded and fold(n.value.split("#")[0]) not in known_folded:
                b.problems.unknown_name(n, "a card", known)

        for key in _NAME_KEYS:
            for n in enode.get(key) or ():
                check_name(n)
        for key in _ONE_NAME_KEYS:
            n = enode.get(key)
            if n is not None and n.value is not None:
                check_name(n)
        if enode.get("ability") is not None and b.ability_block is not None:  # its values' types (abilities.load.check_choices)
            b.ability_block.check_choices(enode.get("ability"), b.problems, "a decision's ability choices")
        for p in enode.get("play") or ():
            check_name(p.get("card"))
            for n in p.get("pay_from") or ():
                check_name(n)
        out.entries.append(Entry(data=data, line=enode.line, index=i))
    return out
