"""Reading a Middle-earth Quest situation file (``game: meq``) into a `State` and its plays.

The layout is documented in docs/meq.md.  Every problem (a wrong type, an unknown key, a
location, hero or card name that matches nothing) is collected with its line and column
and raised once as an `InputError`; nothing is half-built.
"""

from __future__ import annotations

from adjudicator.paths import RULES_DB
from pathlib import Path
from typing import Any

from adjudicator.engine.emitter import by_card
from adjudicator.engine.situation import Node, Problems, did_you_mean, load_situation
from adjudicator.errors import InputError

from .cards import COMMON, OPS
from .schema import PLAY, SCHEMA  # noqa: F401  (SCHEMA is the situation format's schema)
from .state import (
    ACTIONS, MARKERS, Ability, Board, CombatCard, Foe, Hero, Location, Options, Path as BoardPath, Plot, State, Token,
    Track,
)

DEFAULTS = RULES_DB / "meq" / "defaults.yaml"

PROCEDURES = tuple(PLAY)


def load_defaults() -> dict[str, Any]:
    from adjudicator.yamlio import load_yaml_copy  # libyaml, and the parsed copy kept in the cache folder

    return load_yaml_copy(DEFAULTS) if DEFAULTS.is_file() else {}


def build_state(doc: Node, file: str) -> State:
    data = doc.plain()
    problems = Problems(file)
    defaults = load_defaults()
    assumed: list[str] = list(data.get("assumed") or [])
    default_track = defaults.get("track") or {"finale": 18, "shadow_falls": 13, "stage_starts": {2: 6, 3: 12}}
    given = data.get("track")
    if not given or not {"finale", "shadow_falls", "stage_starts"} <= set(given):
        assumed.append("story track geometry from rules_db/meq/defaults.yaml (not printed in the rules)")
        track_data = dict(default_track, **(given or {}))
    else:
        track_data = dict(given)
        track_data.setdefault("assumed", False)
    starts = {int(k): int(v) for k, v in (track_data.get("stage_starts") or {2: 6, 3: 12}).items()}
    track = Track(int(track_data["finale"]), int(track_data.get("shadow_falls", track_data["finale"] - 5)), starts,
                  bool(track_data.get("assumed", True)))
    if not 0 < track.shadow_falls <= track.finale:
        problems.add(doc.get("track"), "The Shadow Falls between the start and the Finale", str(track.shadow_falls))
    markers = {m: int((data.get("markers") or {}).get(m, 0)) for m in MARKERS}
    for m, p in markers.items():
        if p > track.finale:
            problems.add(doc.get("markers").get(m), f"a space from 0 to the Finale ({track.finale})", str(p))
    board = Board()
    board_node = doc.get("board")
    for loc in (data.get("board") or {}).get("locations") or []:
        board.locations[loc["name"]] = Location(loc["name"], loc.get("region", ""), bool(loc.get("haven")),
                                                loc.get("stronghold_max"), bool(loc.get("perilous")),
                                                loc.get("colour", ""))
    names = list(board.locations)
    for index, p in enumerate((data.get("board") or {}).get("paths") or []):
        for end in ("a", "b"):
            if p[end] not in board.locations:
                problems.unknown_name(board_node.get("paths").value[index].get(end), "a board location", names)
        board.paths.append(BoardPath(p["a"], p["b"], p.get("icon", "any"), int(p.get("cost", 1)), bool(p.get("water"))))
    state = State(track=track, markers=markers, board=board)
    state.assumed = assumed
    state.players = int(data.get("players", 3))
    state.first_turn = bool(data.get("first_turn", False))
    state.options = Options(**(data.get("options") or {}))
    stage = track.stage_of(max(markers.values()))
    state.stages_entered = set(data.get("stages_entered") or range(1, stage + 1))

    def known_location(node: Node | None, name: Any) -> None:
        if board.locations and name and name not in board.locations and node is not None:
            problems.unknown_name(node, "a board location", names)

    influence_node = doc.get("influence")
    for name, amount in (data.get("influence") or {}).items():
        known_location(influence_node.get(name) if influence_node else None, name)
        state.influence[name] = int(amount)
    state.shadow_pool = int(data.get("shadow_pool", 0))
    favor_node = doc.get("favor_on")
    for name, amount in (data.get("favor_on") or {}).items():
        known_location(favor_node.get(name) if favor_node else None, name)
        state.favor_on[name] = int(amount)
    characters_node = doc.get("characters")
    for name, where in (data.get("characters") or {}).items():
        known_location(characters_node.get(name) if characters_node else None, where)
        state.characters[name] = where
    plots = list(data.get("plots") or [])
    if len(plots) > 3:
        problems.add(doc.get("plots"), "at most 3 active plots (the Active Plot Track has three spaces)", str(len(plots)))
        plots = plots[:3]
    for entry in doc.get("play") or []:
        if isinstance(entry.value, dict) and len(entry.value) != 1:
            problems.add(entry, "one procedure per play entry", ", ".join(entry.value) or "none")
    state.plots = [Plot(**p) if p else None for p in plots] + [None] * (3 - len(plots))
    state.plot_cards = {p["name"]: Plot(**p) for p in data.get("plot_cards") or []}
    state.action_values = {a: list(v) for a, v in (defaults.get("action_tracks") or {}).items()}
    state.action_values.update({a: list(v) for a, v in (data.get("action_tracks") or {}).items()})
    for a in ACTIONS:
        state.action_values.setdefault(a, [3, 2, 1])
    tokens_node = doc.get("action_tokens")
    for a, covered in (data.get("action_tokens") or {}).items():
        values = state.action_values[a]
        spaces = []
        for i, value in enumerate(covered):
            free = [j for j, v in enumerate(values) if v == value and j not in spaces]
            if not free:
                problems.add(tokens_node.get(a).value[i], f"a value on the {a} track ({values})", str(value))
            else:
                spaces.append(free[0])
        state.action_tokens[a] = spaces
    card_names = [c["name"] for c in data.get("cards") or []]
    for c in data.get("cards") or []:
        abilities = [Ability(a.get("timing", "current"), a.get("if") or {}, a.get("effect") or {}, a.get("text", ""),
                             by_card(c["name"], i, "ability", kind="combat"))
                     for i, a in enumerate(c.get("abilities") or [])]
        state.cards[c["name"]] = CombatCard(c["name"], c["type"], c["attack"], c["defense"], c["cost"],
                                            c.get("icon", ""), abilities)
    heroes_node = doc.get("heroes")
    for index, h in enumerate(data.get("heroes") or []):
        hero = Hero(**{k: v for k, v in h.items() if k not in ("hand", "items", "levels", "quests_done")})
        hero.hand, hero.items = list(h.get("hand") or []), list(h.get("items") or [])
        hero.levels, hero.quests_done = dict(h.get("levels") or {}), list(h.get("quests_done") or [])
        node = heroes_node.value[index]
        known_location(node.get("location"), hero.location)
        state.heroes[hero.name] = hero
    for kind in ("monsters", "minions"):
        for index, f in enumerate(data.get(kind) or []):
            abilities = [Ability(a.get("timing", "current"), a.get("if") or {}, a.get("effect") or {}, a.get("text", ""),
                                 by_card(f["name"], i, "ability", kind=kind[:-1]))
                         for i, a in enumerate(f.get("abilities") or [])]
            foe = Foe(**{k: v for k, v in f.items() if k != "abilities"}, minion=(kind == "minions"), abilities=abilities)
            if kind == "minions" and "in_play" not in f:
                foe.in_play = bool(foe.location)
            known_location(doc.get(kind).value[index].get("location"), foe.location)
            state.foes[foe.name] = foe
    monster_names = [n for n, f in state.foes.items() if not f.minion]
    for index, t in enumerate(data.get("tokens") or []):
        node = doc.get("tokens").value[index]
        known_location(node.get("location"), t["location"])
        if t.get("monster") and t["monster"] not in monster_names:
            problems.unknown_name(node.get("monster"), "a monster described under monsters", monster_names)
        state.tokens.append(Token(t["location"], t.get("monster"), t["id"]))
    state.current_event = data.get("current_event")
    check_play_names(doc, state, problems, card_names)
    check_effects(doc, problems)
    problems.raise_if_any()
    return state


def check_play_names(doc: Node, state: State, problems: Problems, card_names: list[str]) -> None:
    """Names inside the plays: heroes and combat cards must exist (a typo gets "did you mean")."""
    play = doc.get("play")
    if play is None:
        return
    heroes = list(state.heroes)

    def visit(node: Node, depth: int = 0) -> None:
        if depth > 12:
            return
        if isinstance(node.value, list):
            for child in node:
                visit(child, depth + 1)
            return
        if not isinstance(node.value, dict):
            return
        hero = node.get("hero")
        if hero is not None and not (isinstance(hero.value, str) and hero.value in state.heroes):
            problems.unknown_name(hero, "a hero of the situation", heroes)
        rounds = node.get("rounds")
        if rounds is not None:
            if not isinstance(rounds.value, list):
                problems.add(rounds, "a list of rounds", "something else")
            else:
                for rnd in rounds:
                    if not isinstance(rnd.value, dict):
                        problems.add(rnd, "a round: {hero: card, sauron: card}", "something else")
                        continue
                    for side in ("hero", "sauron"):
                        name = rnd.get(side)
                        if name is None or name.value == "exhausted":
                            continue
                        if not isinstance(name.value, str) or name.value not in state.cards:
                            problems.unknown_name(name, "a combat card described under cards", card_names)
        for key, child in node.items():
            if key != "rounds":
                visit(child, depth + 1)

    for entry in play:
        visit(entry)


def check_effects(doc: Node, problems: Problems) -> None:
    """Each effect of a card takes the keys of its op (cards.OPS) and no others."""
    def effect(node: Node) -> None:
        if not isinstance(node.value, dict):
            return
        op_node = node.get("op")
        op = op_node.value if op_node is not None else None
        if not isinstance(op, str) or op not in OPS:
            return  # the schema reports it
        allowed = set(COMMON) | set(OPS[op][0])
        for key, child in node.items():
            if key not in allowed:
                problems.add(child, f"a key of the {op} effect ({', '.join(sorted(allowed - {'op'}))})", key,
                             did_you_mean(key, sorted(allowed)))
        visit(node)

    def visit(node: Node, depth: int = 0) -> None:
        if depth > 40:
            return
        if isinstance(node.value, dict):
            for key, child in node.items():
                if key in ("effects", "otherwise") and isinstance(child.value, list):
                    for item in child:
                        effect(item)
                else:
                    visit(child, depth + 1)
        elif isinstance(node.value, list):
            for child in node:
                visit(child, depth + 1)

    visit(doc)


def load(path: str | Path, text: str | None = None) -> tuple[Node, State]:
    import yaml

    try:
        doc = load_situation(path, SCHEMA, text=text)
    except yaml.YAMLError as exc:  # the core's parser lets reader errors (control characters) through
        raise InputError(f"{path}: expected well-formed YAML text, got {str(exc).splitlines()[0]}") from None
    return doc, build_state(doc, str(path))
