"""Influence (Starter §5 and §9, Standard §9): general and direct influence accounting,
bringing a character or faction into play, and influence attempts on an opponent's cards.

- Unused general influence = 20 - the minds of your non-follower characters (Wizards cost
  nothing); unused direct influence = direct influence (with item bonuses) - the minds of
  the character's followers.  A follower stands at his controller's site and has no followers.
- A faction: roll + the tapped character's unused DI + the faction's standard
  modification for his race + his own bonuses + cards must exceed the faction's number.
- An opponent's card (Standard): your roll + influencer's unused DI - opponent's unused GI
  - opponent's roll (- the controller's unused DI for a follower, ally or item) + cards
  must exceed the target's mind (the faction's number; 0 when you reveal the same card).
"""

from __future__ import annotations

from typing import Any

from adjudicator.engine import Change, Emitter, IllegalDecision

from . import citations as C
from .common import need, roll, signed
from .effects import modifiers
from .site import explore
from .state import TAPPED, UNTAPPED, Character, Faction, Game

PHASE = "influence"


def unused_gi(game: Game, player: str) -> int:
    return game.unused_gi(player)


def unused_di(game: Game, char: Character) -> int:
    return max(0, char.total_di() - sum(f.mind or 0 for f in game.followers(char.name)))


def orphan_followers(game: Game, emit: Emitter, char: Character, step: str, phase: str) -> list[str]:
    """``char`` left play: his followers stay, without a controller, and do not count against
    general influence until his player's next organization phase (Starter §5 Direct Influence)."""
    out = []
    for follower in game.followers(char.name):
        follower.controller = None
        follower.orphaned_from = char.name
        follower.orphaned_turn = game.turn.number
        out.append(follower.name)
        emit("follower-stays",
             f"{follower.name} stays in play and does not count against general influence yet; in {char.player}'s next "
             "organization phase he must be discarded or placed under general or another character's direct influence",
             [C.DIRECT_INFLUENCE], [Change(follower.name, "controller", char.name, None)], step=step, phase=phase)
    return out


def accounting(game: Game, player: str) -> dict[str, Any]:
    """Influence numbers and every breach of the influence rules, each with its rule."""
    chars = game.player_characters(player)
    problems: list[dict[str, Any]] = []
    gi = unused_gi(game, player)
    if gi < 0:
        pool = game.players[player].general_influence
        problems.append({"rule": C.GENERAL_INFLUENCE, "who": player,
                         "what": f"general influence over {pool}: non-follower minds total {pool - gi}"})
    di: dict[str, int] = {}
    for char in chars:
        followers = game.followers(char.name)
        if not followers:
            continue
        used = sum(f.mind or 0 for f in followers)
        di[char.name] = char.total_di() - used
        if used > char.total_di():
            problems.append({"rule": C.DIRECT_INFLUENCE, "who": char.name,
                             "what": f"followers' minds {used} exceed {char.name}'s direct influence {char.total_di()}"})
        if char.controller is not None:
            problems.append({"rule": C.DIRECT_INFLUENCE, "who": char.name, "what": f"{char.name} is a follower and may not have followers"})
        for f in followers:
            if game.companies.get(f.company) and game.companies.get(char.company) and \
                    game.companies[f.company].site != game.companies[char.company].site:
                problems.append({"rule": C.DIRECT_INFLUENCE, "who": f.name, "what": f"{f.name} is not at {char.name}'s site"})
            if f.wizard:
                problems.append({"rule": C.DIRECT_INFLUENCE, "who": f.name, "what": "a Wizard needs no influence and cannot be a follower"})
    for char in chars:
        if char.controller is not None and char.controller not in game.characters:
            problems.append({"rule": C.DIRECT_INFLUENCE, "who": char.name, "what": f"controller {char.controller!r} is not in play"})
    return {"player": player, "unused_general_influence": gi,
            "orphaned": [c.name for c in chars if c.orphaned_from is not None],
            "unused_direct_influence": {c.name: unused_di(game, c) for c in chars if c.total_di() or game.followers(c.name)},
            "problems": problems}


def report_accounting(game: Game, emit: Emitter, player: str) -> dict[str, Any]:
    result = accounting(game, player)
    gi_users = [f"{c.name} {c.mind}" for c in game.player_characters(player)
                if c.controller is None and not c.wizard and c.orphaned_from is None]
    orphans = [c for c in game.player_characters(player) if c.orphaned_from is not None]
    emit("general-influence",
         f"{player}: general influence used by {', '.join(gi_users) or 'no one'} → unused {result['unused_general_influence']}",
         [C.GENERAL_INFLUENCE, C.UNUSED_INFLUENCE], step="influence.accounting", phase=PHASE)
    for orphan in orphans:
        emit("orphaned-follower",
             f"{orphan.name} (mind {orphan.mind}) lost his controller {orphan.orphaned_from}: he stays in play and does not "
             f"count against general influence until {player}'s next organization phase", [C.DIRECT_INFLUENCE],
             step="influence.accounting", phase=PHASE)
    for name, left in result["unused_direct_influence"].items():
        char = game.characters[name]
        fol = game.followers(name)
        emit("direct-influence",
             f"{name}: direct influence {char.di}" + (f" + {char.total_di() - char.di} from items" if char.total_di() != char.di else "")
             + (f", followers {', '.join(f'{f.name} {f.mind}' for f in fol)}" if fol else "") + f" → unused {left}",
             [C.DIRECT_INFLUENCE, C.UNUSED_INFLUENCE], step="influence.accounting", phase=PHASE)
    for p in result["problems"]:
        emit("illegal", p["what"], [p["rule"], C.INFLUENCE_EXCESS_DISCARD], step="influence.accounting", phase=PHASE)
    return result


def placement_options(game: Game, player: str, mind: int, site: str, *, exclude: str = "") -> list[str]:
    """Who can control a character of this mind arriving at ``site``: "general influence"
    and the characters there with enough unused direct influence (not followers)."""
    options = []
    wizard_here = True
    if game.options.standard:
        wiz = [c for c in game.player_characters(player) if c.wizard]
        wizard_here = not wiz or any(game.companies[c.company].site == site for c in wiz if c.company in game.companies)
    if unused_gi(game, player) >= mind and wizard_here:
        options.append("general influence")
    for c in game.player_characters(player):
        if c.name == exclude or c.controller is not None:
            continue
        comp = game.companies.get(c.company)
        if comp is not None and comp.site == site and unused_di(game, c) >= mind:
            options.append(c.name)
    return options


def play_character(game: Game, emit: Emitter, decl: dict[str, Any], build_character) -> dict[str, Any]:
    """Bring a character into play under general influence or a character's direct influence."""
    char: Character = build_character(decl["character"])
    if not decl.get("options_only"):
        if char.player != game.turn_player:
            raise IllegalDecision(f"{char.player} may bring a character into play only in his own organization phase",
                                  (C.BRINGING_CHARACTERS,))
        if game.turn.character_played:
            raise IllegalDecision(f"one and only one character or Wizard may be brought into play (or a character discarded) in an "
                                  f"organization phase; this one already saw {game.turn.character_played}",
                                  (C.ONE_CHARACTER_PER_TURN, C.DISCARDING_CHARACTERS))
        if char.name in game.characters and (game.characters[char.name].in_play or char.name in game.out_of_play):
            raise IllegalDecision(f"{char.name} is already in play or was eliminated; each character is unique",
                                  (C.BRINGING_CHARACTERS_UNIQUE,))
    company = game.companies.get(decl.get("company", ""))
    site = decl.get("site") or (company.site if company else "")
    options = placement_options(game, char.player, char.mind or 0, site)
    cites = [C.BRINGING_CHARACTERS, C.DIRECT_INFLUENCE] + ([C.BRINGING_CHARACTERS_STD] if game.options.standard else [])
    emit("options",
         f"{char.name} (mind {char.mind}) at {site}: may be controlled by " + (", ".join(options) or "no one"), cites,
         step="influence.play-character", phase="organization")
    if decl.get("options_only"):
        return {"character": char.name, "options": options}
    choice = decl.get("controller")
    if choice is None:
        if not options:
            raise IllegalDecision(f"not enough influence to bring {char.name} into play at {site}", tuple(cites))
        if len(options) > 1 and not decl.get("options_only"):
            need("controller", f"Who controls {char.name}?", options, cites, step="influence.play-character", player=char.player)
        choice = options[0]
    if choice not in options:
        raise IllegalDecision(f"{choice!r} cannot control {char.name} (options: {', '.join(options) or 'none'})", tuple(cites))
    char.controller = None if choice == "general influence" else choice
    if company:
        char.company = company.name
    game.characters[char.name] = char
    game.turn.character_played = char.name
    emit("character-played", f"{char.name} enters play under {choice}", cites,
         [Change(char.name, "controller", None, choice)], step="influence.play-character", phase="organization")
    return {"character": char.name, "options": options, "controller": choice}


def influence_faction(game: Game, emit: Emitter, decl: dict[str, Any], faction: Faction) -> dict[str, Any]:
    char = game.characters.get(decl["character"])
    if char is None or not char.in_play:
        raise IllegalDecision(f"{decl['character']!r} is not a character in play", (C.BRINGING_A_FACTION,))
    if char.state != UNTAPPED:
        raise IllegalDecision(f"{char.name} is {char.state}; a character must tap to influence a faction", (C.BRINGING_A_FACTION, C.TAPPING))
    company = game.companies.get(char.company)
    if company is not None:
        explore(game, emit, company, faction.name, faction.site)
    char.state = TAPPED
    left = unused_di(game, char)
    parts = [f"unused DI {signed(left)}"]
    mod = left
    mod += _other_modifications(faction, char, decl, parts, f"standard modification for {char.race}", game)
    emit("influence-check",
         f"{char.name} taps to influence {faction.name} (needs more than {faction.value}): " + ", ".join(parts),
         [C.BRINGING_A_FACTION, C.FACTION_MODS_TAPPED_ONLY], [Change(char.name, "state", UNTAPPED, TAPPED)],
         step="influence.faction", phase="site")
    value = roll(decl.get("roll"), "roll", f"What does {char.player} roll for the influence check on {faction.name}?",
                 [C.BRINGING_A_FACTION], step="influence.faction", player=char.player)
    total = value + mod
    success = total > faction.value
    if success:
        game.players[char.player].factions.append(faction)
        if company is not None and company.site in game.sites:
            game.sites[company.site].tapped = True
    emit("faction-" + ("played" if success else "discarded"),
         f"{value} {signed(mod)} = {total} {'>' if success else '≤'} {faction.value}: "
         + (f"{faction.name} comes into play; the site taps" if success else f"{faction.name} is discarded"),
         [C.BRINGING_A_FACTION], step="influence.faction", phase="site")
    return {"roll": value, "modifier": mod, "total": total, "required": faction.value, "success": success}


TARGET_KINDS = ("character", "follower", "ally", "faction", "item")
KIND_CITES = {"character": C.INFLUENCE_CHARACTER, "follower": C.INFLUENCE_FOLLOWER, "ally": C.INFLUENCE_ALLY,
              "faction": C.INFLUENCE_FACTION, "item": C.INFLUENCE_ITEM}


def influence_opponent(game: Game, emit: Emitter, decl: dict[str, Any]) -> dict[str, Any]:
    """An influence attempt on an opponent's character, follower, ally, faction or item."""
    cites = [C.INFLUENCE_ATTEMPTS]
    if not game.options.standard:
        raise IllegalDecision("influence attempts on an opponent's cards are a Standard rule", (C.INFLUENCE_ATTEMPTS,))
    who = game.characters.get(decl["influencer"])
    if who is None or not who.in_play:
        raise IllegalDecision(f"{decl['influencer']!r} is not a character in play", tuple(cites))
    if who.state != UNTAPPED:
        raise IllegalDecision(f"{who.name} is {who.state}; the influencer must tap", tuple(cites))
    if decl.get("first_turn") or (who.wizard and decl.get("wizard_revealed_this_turn")):
        raise IllegalDecision("no influence attempt on the first turn, nor by a Wizard the turn he is revealed", tuple(cites))
    if who.player != game.turn_player:
        raise IllegalDecision(f"{who.player} may attempt to influence his opponent's cards only in his own site phase",
                              (C.INFLUENCE_ATTEMPTS, C.SITE_PHASE_INFLUENCE))
    if game.turn.influence_attempt:
        raise IllegalDecision(f"one and only one influence attempt on an opponent's card is allowed in a site phase; "
                              f"{game.turn.influence_attempt} already made this one's", (C.INFLUENCE_ATTEMPTS, C.SITE_PHASE_INFLUENCE))
    opponent = game.opponent(who.player)
    kind = decl.get("kind", "character")
    target_name = decl["target"]
    reveal = bool(decl.get("reveal"))
    controller: Character | None = None
    if kind in ("character", "follower"):
        target = game.characters.get(target_name)
        if target is None or target.player != opponent or not target.in_play:
            raise IllegalDecision(f"{target_name!r} is not a character of {opponent} in play", (KIND_CITES[kind],))
        if target.wizard:
            raise IllegalDecision("a Wizard cannot be influenced", (C.INFLUENCE_CHARACTER,))
        if target.controller is not None:
            kind = "follower"
            controller = game.characters[target.controller]
        value, value_name = target.mind or 0, f"{target.name}'s mind"
        target_site = _site_of(game, target)
    elif kind == "ally":
        holder = next((c for c in game.player_characters(opponent) if any(a.name == target_name for a in c.allies)), None)
        if holder is None:
            raise IllegalDecision(f"no character of {opponent} controls an ally {target_name!r}", (C.INFLUENCE_ALLY,))
        ally = next(a for a in holder.allies if a.name == target_name)
        controller, value, value_name, target_site = holder, ally.mind, f"{ally.name}'s mind", _site_of(game, holder)
    elif kind == "item":
        holder = next((c for c in game.player_characters(opponent) if any(i.name == target_name for i in c.items)), None)
        if holder is None:
            raise IllegalDecision(f"no character of {opponent} bears an item {target_name!r}", (C.INFLUENCE_ITEM,))
        if not reveal:
            raise IllegalDecision("an influence attempt on an item requires revealing an identical item", (C.INFLUENCE_ITEM,))
        controller, value, value_name, target_site = holder, holder.mind or 0, f"{holder.name}'s mind (the bearer)", _site_of(game, holder)
    elif kind == "faction":
        faction = next((f for f in game.players[opponent].factions if f.name == target_name), None)
        if faction is None:
            raise IllegalDecision(f"{opponent} has no faction {target_name!r} in play", (C.INFLUENCE_FACTION,))
        value, value_name, target_site = faction.value, f"{faction.name}'s required value", faction.site
    else:
        raise IllegalDecision(f"unknown target kind {kind!r}; expected one of {', '.join(TARGET_KINDS)}", tuple(cites))
    cites.append(KIND_CITES[kind])
    site = _site_of(game, who)
    if target_site and site and target_site != site:
        raise IllegalDecision(f"{who.name} is at {site}, the target at {target_site}; both must be at the same site",
                              (C.INFLUENCE_ATTEMPTS,) + ((C.INFLUENCE_FACTION,) if kind == "faction" else ()))
    hand = game.players[who.player].hand
    if reveal and hand and target_name not in hand:
        raise IllegalDecision(f"{who.player} has no {target_name} in hand to reveal", (C.INFLUENCE_CHARACTER,))
    if reveal and kind != "item":
        value_name += " (0: an identical card is revealed)"
        value = 0
    elif reveal:
        value_name += ""  # an item's reveal is required and does not zero the bearer's mind
    who.state = TAPPED
    game.turn.influence_attempt = f"{who.name} (on {target_name})"
    mine = unused_di(game, who)
    theirs = unused_gi(game, opponent)
    mod = mine - theirs
    parts = [f"{who.name}'s unused DI +{mine}", f"{opponent}'s unused GI -{theirs}"]
    if controller is not None:
        c_di = unused_di(game, controller)
        mod -= c_di
        parts.append(f"{controller.name}'s unused DI -{c_di}")
        if kind == "item":
            cites.append(C.INFLUENCE_ITEM_DI)
    mod += _other_modifications(faction if kind == "faction" else None, who, decl, parts, "standard modification", game)
    emit("influence-attempt",
         f"{who.name} taps to influence {target_name} ({kind}); needs more than {value_name} = {value}: " + ", ".join(parts),
         cites, [Change(who.name, "state", UNTAPPED, TAPPED)], step="influence.attempt", phase="site")
    mine_roll = roll(decl.get("roll"), "roll", f"What does {who.player} roll for the influence attempt?", cites,
                     step="influence.attempt", player=who.player)
    their_roll = roll(decl.get("opponent_roll"), "opponent_roll", f"What does {opponent} roll against the influence attempt?", cites,
                      step="influence.attempt", player=opponent)
    total = mine_roll + mod - their_roll
    success = total > value
    result: dict[str, Any] = {"roll": mine_roll, "opponent_roll": their_roll, "modifier": mod, "total": total,
                              "against": value, "success": success, "kind": kind}
    text = f"{mine_roll} {signed(mine)} -{theirs} -{their_roll}" + (f" -{unused_di(game, controller)}" if controller else "") \
        + (f" {signed(mod - mine + theirs + (unused_di(game, controller) if controller else 0))}" if decl.get("modifiers") else "") \
        + f" = {total} {'>' if success else '≤'} {value}: "
    if not success:
        emit("influence-failed", text + "the attempt fails" + ("; the revealed card is discarded" if reveal else ""),
             cites + ([C.INFLUENCE_REVEAL_DISCARD] if reveal else []), step="influence.attempt", phase="site")
        return result
    emit("influence-succeeded", text + f"{target_name} is discarded", cites, step="influence.attempt", phase="site")
    _discard_target(game, kind, target_name, opponent)
    if kind in ("character", "follower"):
        orphan_followers(game, emit, game.characters[target_name], "influence.attempt", "site")
    if reveal and kind in ("character", "follower"):
        mind = game.characters[target_name].mind or 0
        options = placement_options(game, who.player, mind, site, exclude="")
        result["placement_options"] = options
        emit("revealed-card",
             f"the revealed {target_name} may be played at {site} under: " + (", ".join(options) or "no one (it is discarded)"),
             [C.INFLUENCE_CHARACTER, C.INFLUENCE_REVEAL_DISCARD], step="influence.attempt", phase="site")
    return result


def _site_of(game: Game, char: Character) -> str:
    comp = game.companies.get(char.company)
    return comp.site if comp else ""


def _discard_target(game: Game, kind: str, name: str, owner: str) -> None:
    if kind in ("character", "follower"):
        game.characters[name].in_play = False
        game.characters[name].items = []
    elif kind == "ally":
        for c in game.player_characters(owner):
            c.allies = [a for a in c.allies if a.name != name]
    elif kind == "item":
        for c in game.player_characters(owner):
            c.items = [i for i in c.items if i.name != name]
    elif kind == "faction":
        game.players[owner].factions = [f for f in game.players[owner].factions if f.name != name]


def _other_modifications(faction, char, decl: dict, parts: list[str], race_label: str, game: Game | None = None) -> int:
    """A faction's standard modification for the character's race, the declared modifiers,
    then card effects and the character's own abilities; each is described in ``parts``.
    Returns their sum."""
    total = 0
    race_mod = faction.standard_modifications.get(char.race, 0) if faction is not None else 0
    if race_mod:
        total += race_mod
        parts.append(f"{race_label} {signed(race_mod)}")
    for m in decl.get("modifiers", []) or []:
        total += int(m.get("value", 0))
        parts.append(f"{m.get('source', 'card')} {signed(int(m.get('value', 0)))}")
    if game is not None:
        for source, value in modifiers(game, "influence", [char.name], own=(char.name, char.effects), target=char,
                                       faction=faction.name if faction is not None else ""):
            total += value
            parts.append(f"{source} {signed(value)}")
    return total
