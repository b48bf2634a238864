"""Build a METW `Game` from a situation file: every problem is collected first (file, line,
column, "did you mean"), and the state is built only when there are none.

Card values come from the file's ``cards:`` section, then from the small library in
``rules_db/metw/cards.yaml`` (values the rules' own examples give); a character, item,
faction or creature may be named (a string) or described inline (a mapping), and an
inline description may override a library value.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from adjudicator.engine.situation import Node, Problems, load_situation

from .combat import Creature
from .schema import PROCEDURES, SCHEMA
from .state import Ally, Character, Company, Faction, Game, Item, Options, Player, Region, Site

KINDS = ("characters", "items", "allies", "factions", "creatures", "events")


@dataclass
class Action:
    procedure: str
    params: dict[str, Any]
    line: int
    index: int
    expect: dict[str, Any] | None = None
    expect_error: str | None = None
    expect_pending: str | None = None
    reading: str = ""
    branch: bool = False  # a what-if: run on a copy, the state is restored afterwards


@dataclass
class Situation:
    file: str
    game: Game
    actions: list[Action] = field(default_factory=list)
    library: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)
    title: str = ""
    source: str = ""
    start_phase: str = ""  # phase: the phase of the turn the situation starts in


def library() -> dict[str, dict[str, dict[str, Any]]]:
    from adjudicator.metw.data import load

    raw = load("cards") or {}
    return {k: dict(raw.get(k) or {}) for k in KINDS}


def load(path: str | Path, text: str | None = None) -> Situation:
    import yaml

    from adjudicator.errors import InputError

    try:
        node = load_situation(path, SCHEMA, text=text)
    except yaml.YAMLError as exc:  # e.g. control characters, rejected before parsing starts
        raise InputError(f"{path}: expected readable YAML text, got {str(exc).splitlines()[0]}") from None
    return build(node, str(path))


def build(node: Node, file: str) -> Situation:
    problems = Problems(file)
    lib = library()
    cards = node.get("cards")
    if cards is not None:
        for kind, entries in cards.items():
            for name, entry in entries.items():
                lib[kind][name] = {"name": name, **entry.plain()}
    options = Options(rules=(node.get("rules").value if node.get("rules") else "standard"))
    if node.get("options") is not None:
        for key, value in node.get("options").items():
            setattr(options, key, value.value)
    game = Game(options=options)
    for name, s in (node.get("sites").items() if node.get("sites") else []):
        data = s.plain()
        game.sites[name] = Site(name=name, type=data["type"], nearest_haven=data.get("nearest_haven", ""),
                                path=list(data.get("path", [])), haven_paths=dict(data.get("haven_paths", {})),
                                region=data.get("region", ""), draws=data.get("draws", 1), tapped=data.get("tapped", False),
                                playable=data.get("playable"), automatic_attacks=list(data.get("automatic_attacks", []) or []))
    for name, r in (node.get("regions").items() if node.get("regions") else []):
        data = r.plain()
        game.regions[name] = Region(name=name, type=data["type"], adjacent=list(data.get("adjacent", [])))
    controllers: list[tuple[Character, Node]] = []
    for pname, pnode in node.get("players").items():
        player = Player(name=pname, general_influence=_v(pnode, "general_influence", 20),
                        hand=list(_v(pnode, "hand", []) or []), extra_mp=dict(_v(pnode, "extra_mp", {}) or {}))
        game.players[pname] = player
        for f in pnode.get("factions") or []:
            data = resolve(f, "factions", lib, problems)
            if data is not None:
                player.factions.append(make_faction(data))
        for m in pnode.get("mp_pile") or []:
            data = resolve(m, "items", lib, problems)
            if data is not None:
                player.mp_pile.append(make_item(data))
        for cnode in pnode.get("companies") or []:
            cname = cnode.get("name").value
            if cname in game.companies:
                problems.add(cnode.get("name"), "a company name used once", f"a second {cname!r}")
                continue
            company = Company(name=cname, player=pname, site=_v(cnode, "site", ""), new_site=_v(cnode, "new_site", ""),
                              regions=list(_v(cnode, "regions", []) or []), hazards_played=_v(cnode, "hazards_played", 0))
            game.companies[cname] = company
            for site_name in (company.site, company.new_site):
                if site_name and game.sites and site_name not in game.sites:
                    problems.unknown_name(cnode.get("site") if site_name == company.site else cnode.get("new_site"),
                                          "a site described under sites:", list(game.sites))
            for chnode in cnode.get("characters"):
                data = resolve(chnode, "characters", lib, problems)
                if data is None:
                    continue
                char = make_character(data, pname, cname, lib, problems, chnode)
                char.line = chnode.line
                if char.name in game.characters:
                    problems.add(chnode, "each character once (every character is unique)", f"a second {char.name!r}")
                    continue
                game.characters[char.name] = char
                if char.controller:
                    controllers.append((char, chnode))
    for char, chnode in controllers:
        if char.controller not in game.characters or game.characters[char.controller].player != char.player:
            problems.unknown_name(chnode.get("controller") or chnode, "a character of the same player controlling him",
                                  [c.name for c in game.characters.values() if c.player == char.player])
    # more than two players: not bad input but a game the rules do not describe; `check`
    # reports it with its rule (adjudicator.metw.game, the shared Game interface)
    turn = node.get("turn")
    if turn is not None:
        if turn.value not in game.players:
            problems.unknown_name(turn, "a player", list(game.players))
        game.turn_player = turn.value
    elif game.players:
        game.turn_player = next(iter(game.players))
    actions = []
    known = {"companies": set(game.companies), "characters": set(game.characters),
             "allies": {a.name for c in game.characters.values() for a in c.allies}}
    for site in game.sites.values():  # a site's automatic-attacks are creatures an attack may name
        for ref in site.automatic_attacks:
            if isinstance(ref, dict) and ref.get("name") and ref["name"] not in lib["creatures"]:
                lib["creatures"][ref["name"]] = dict(ref)
    for index, anode in enumerate(node.get("actions") or []):
        procs = [k for k in anode.value if k in PROCEDURES]
        if len(procs) != 1:
            problems.add(anode, "exactly one procedure per action (" + ", ".join(PROCEDURES) + ")",
                         f"{len(procs)}: {', '.join(procs) or 'none'}")
            continue
        proc = procs[0]
        params = anode.get(proc).plain()
        _check_names(anode.get(proc), proc, game, lib, problems, known)
        _learn(proc, params, known)
        actions.append(Action(proc, params, anode.line, index, expect=_v(anode, "expect"),
                              expect_error=_v(anode, "expect_error"), expect_pending=_v(anode, "expect_pending"),
                              reading=_v(anode, "reading", ""), branch=bool(_v(anode, "branch", False))))
    problems.raise_if_any()
    game.turn.number = _v(node, "turn_number", 1)
    return Situation(file, game, actions, lib, title=_v(node, "title", ""), source=_v(node, "source", ""),
                     start_phase=_v(node, "phase", ""))


def _v(node: Node, key: str, default: Any = None) -> Any:
    child = node.get(key)
    if child is None:
        return default
    return child.plain()


def resolve(node: Node, kind: str, lib: dict, problems: Problems) -> dict[str, Any] | None:
    """A card reference (a name, or a mapping that may override a library card) as data."""
    if isinstance(node.value, str):
        name = node.value
        if name not in lib[kind]:
            problems.unknown_name(node, f"a card among {kind} (cards: in the file, or the library)", list(lib[kind]))
            return None
        return {"name": name, **lib[kind][name]}
    data = node.plain()
    return {**lib[kind].get(data.get("name"), {}), **data}


def make_item(data: dict[str, Any]) -> Item:
    fields = Item.__dataclass_fields__
    return Item(**{k: v for k, v in data.items() if k in fields})


def make_faction(data: dict[str, Any]) -> Faction:
    fields = Faction.__dataclass_fields__
    return Faction(**{k: v for k, v in data.items() if k in fields})


def make_creature(data: dict[str, Any]) -> Creature:
    fields = Creature.__dataclass_fields__
    return Creature(**{k: v for k, v in data.items() if k in fields})


def make_character(data: dict[str, Any], player: str, company: str, lib: dict, problems: Problems, node: Node) -> Character:
    fields = Character.__dataclass_fields__
    plain = {k: v for k, v in data.items() if k in fields and k not in ("items", "allies", "corruption_cards", "player", "company")}
    if plain.get("race") == "Dunadan":
        plain["race"] = "Dúnadan"
    char = Character(player=player, company=company, **plain)
    if char.race == "Wizard":
        char.mind = None
    for key, target, maker, kind in (("items", char.items, make_item, "items"), ("allies", char.allies, _ally, "allies"),
                                     ("corruption_cards", char.corruption_cards, make_item, "items")):
        child = node.get(key) if isinstance(node.value, dict) else None
        if child is not None:
            for entry in child:
                d = resolve(entry, kind, lib, problems)
                if d is not None:
                    target.append(maker(d))
        else:
            for entry in data.get(key, []) or []:
                d = ({"name": entry, **lib[kind].get(entry, {})} if isinstance(entry, str) else entry)
                target.append(maker(d))
    for ally in char.allies:
        ally.controller = char.name
    return char


def make_ally(data: dict[str, Any]) -> Ally:
    return _ally(data)


def _ally(data: dict[str, Any]) -> Ally:
    fields = Ally.__dataclass_fields__
    return Ally(**{k: v for k, v in data.items() if k in fields and k not in ("items", "in_play", "controller")})


CHARACTER_KEYS = ("character", "target", "influencer", "helpers", "support")


def _check_names(node: Node, proc: str, game: Game, lib: dict, problems: Problems, known: dict[str, set[str]]) -> None:
    """Unknown company, character, ally, creature or card names in an action, with "did you
    mean".  ``known`` holds the names in play so far: those described, and those earlier
    actions bring in (a company split off, a character or ally played)."""
    if not isinstance(node.value, dict):
        return
    companies, chars, allies = known["companies"], known["characters"], known["allies"]
    comp = node.get("company")
    if comp is not None and isinstance(comp.value, str) and comp.value not in companies:
        problems.unknown_name(comp, "a company", sorted(companies))
    _check_cards(node, proc, game, lib, problems)
    creature = node.get("creature")
    if creature is not None and isinstance(creature.value, str) and creature.value not in lib["creatures"]:
        problems.unknown_name(creature, "a creature (cards: creatures, a site's automatic_attacks, or the library)",
                              list(lib["creatures"]))
    faction = node.get("faction")
    if faction is not None and isinstance(faction.value, str) and faction.value not in lib["factions"]:
        problems.unknown_name(faction, "a faction (cards: factions, or the library)", list(lib["factions"]))
    names = sorted(chars)
    for key in ("influencer",) + (("character",) if proc in ("corruption_check", "corruption_bands", "influence_faction",
                                                             "set_state", "play_resource") else ()):
        child = node.get(key)
        if child is not None and isinstance(child.value, str) and child.value not in chars:
            problems.unknown_name(child, "a character in play", names)
    for key in ("helpers", "support"):
        child = node.get(key)
        if child is not None and isinstance(child.value, list):
            for item in child:
                if isinstance(item.value, str) and item.value not in chars and item.value not in allies:
                    problems.unknown_name(item, "a character in play", names)
    strikes = node.get("strikes")
    if strikes is not None and isinstance(strikes.value, list):
        for s in strikes:
            if isinstance(s.value, dict):
                t = s.get("target")
                if t is not None and t.value not in chars and t.value not in allies:
                    problems.unknown_name(t, "a character or ally in play (allies count as characters for combat)",
                                          names + sorted(allies))
                child = s.get("support")
                if child is not None and isinstance(child.value, list):
                    for item in child:
                        if item.value not in chars and item.value not in allies:
                            problems.unknown_name(item, "a character or ally in play", names + sorted(allies))


def _learn(proc: str, params: Any, known: dict[str, set[str]]) -> None:
    """Names an action brings into play, for the actions after it."""
    if not isinstance(params, dict):
        return
    if proc == "organize" and isinstance(params.get("split"), dict) and isinstance(params["split"].get("into"), dict):
        known["companies"] |= set(params["split"]["into"])
    if proc == "play_character":
        ref = params.get("character")
        name = ref if isinstance(ref, str) else ref.get("name") if isinstance(ref, dict) else None
        if isinstance(name, str):
            known["characters"].add(name)
    if proc == "play_resource":
        ref = params.get("ally")
        name = ref if isinstance(ref, str) else ref.get("name") if isinstance(ref, dict) else None
        if isinstance(name, str):
            known["allies"].add(name)


def _check_cards(node: Node, proc: str, game: Game, lib: dict, problems: Problems) -> None:
    """Cards played (``play``, an attack's or a strike's ``cards:``): an event under cards:
    events, or an item (used by its bearer)."""
    known = set(lib["events"]) | set(lib["items"]) | {i.name for c in game.characters.values() for i in c.items}
    refs: list[Node] = []
    if proc == "play" and node.get("card") is not None:
        refs.append(node.get("card"))
    holders = [node] + [s for s in (node.get("strikes") or []) if isinstance(s.value, dict)] \
        + [a for a in (node.get("attacks") or []) if isinstance(a.value, dict)]
    for holder in holders:
        for entry in holder.get("cards") or []:
            ref = entry.get("card") if isinstance(entry.value, dict) else entry
            if ref is not None:
                refs.append(ref)
    for ref in refs:
        if isinstance(ref.value, str) and ref.value not in known:
            problems.unknown_name(ref, "a card described under cards: events, or an item", sorted(known))
