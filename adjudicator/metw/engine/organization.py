"""The untap, organization and long-event phases (Starter §4, §5 Healing, §10 Storing Cards
and Transferring Items; Standard §4 Full Player Turn Summary).

- Untap phase: each character untaps, or heals (wounded → tapped) if at a Haven.
- Transferring or storing an item: the character giving it up makes a corruption check
  first; if he fails, the item is discarded with him.  The One Ring may not be stored.
- Long-event phase: the Full Player Turn Summary removes your resource long-events, then
  you play new ones, then your opponent's hazard long-events go; the Brief summary discards
  both kinds before the new ones are played (option ``long_event_order``).
"""

from __future__ import annotations

from typing import Any

from adjudicator.engine import Change, Emitter, IllegalDecision, Interpretation

from . import citations as C
from .corruption import corruption_check
from .influence import orphan_followers
from .state import TAPPED, UNTAPPED, WOUNDED, Character, Company, Game

PHASE = "organization"


def untap_phase(game: Game, emit: Emitter, decl: dict[str, Any]) -> dict[str, Any]:
    player = decl.get("player") or game.turn_player
    if player == game.turn_player:
        game.turn.untapped = True
    heal_all = decl.get("heal") == "all"
    heal = set() if heal_all else set(decl.get("heal", []) or [])
    out: dict[str, str] = {}
    for char in game.player_characters(player):
        before = char.state
        site = game.sites.get(game.companies[char.company].site) if char.company in game.companies else None
        if heal_all and char.state == WOUNDED and site is not None and site.haven:
            heal.add(char.name)
        if char.name in heal:
            if char.state != WOUNDED:
                raise IllegalDecision(f"{char.name} is not wounded and cannot heal", (C.HEALING,))
            if site is None or not site.haven:
                raise IllegalDecision(f"{char.name} can heal only at a Haven", (C.HEALING,))
            char.state = TAPPED
            emit("heal", f"{char.name} heals at {site.name}: wounded → tapped", [C.HEALING, C.UNTAP_PHASE],
                 [Change(char.name, "state", before, TAPPED)], step="untap", phase="untap")
        elif char.state == TAPPED:
            char.state = UNTAPPED
            emit("untap", f"{char.name} untaps", [C.UNTAP_PHASE], [Change(char.name, "state", before, UNTAPPED)],
                 step="untap", phase="untap")
        out[char.name] = char.state
        for ally in char.allies:  # all other tapped non-site cards untap
            if ally.in_play and ally.state == TAPPED:
                ally.state = UNTAPPED
                emit("untap", f"{ally.name} (ally) untaps", [C.UNTAP_PHASE],
                     [Change(ally.name, "state", TAPPED, UNTAPPED)], step="untap", phase="untap")
        for item in char.items:
            if item.state == TAPPED:
                item.state = UNTAPPED
                emit("untap", f"{item.name} ({char.name}'s item) untaps", [C.UNTAP_PHASE],
                     [Change(item.name, "state", TAPPED, UNTAPPED)], step="untap", phase="untap")
    return {"states": out}


def give_up_item(game: Game, emit: Emitter, decl: dict[str, Any], *, store: bool) -> dict[str, Any]:
    giver = game.characters.get(decl["character"])
    if giver is None or not giver.in_play:
        raise IllegalDecision(f"{decl['character']!r} is not a character in play", (C.TRANSFERRING,))
    item = next((i for i in giver.items if i.name == decl["item"]), None)
    if item is None:
        raise IllegalDecision(f"{giver.name} bears no item {decl['item']!r}", (C.TRANSFERRING,))
    cites = [C.STORING] if store else [C.TRANSFERRING]
    receiver = None
    if store:
        if item.name == "The One Ring":
            raise IllegalDecision("The One Ring may not be stored", (C.STORING,))
        site = game.sites.get(game.companies[giver.company].site) if giver.company in game.companies else None
        if site is not None and not site.haven and not decl.get("named_site"):
            raise IllegalDecision(f"items are stored at a Haven (or a site the card names); {site.name} is not one", (C.STORING,))
    else:
        receiver = game.characters.get(decl.get("to", ""))
        if receiver is None or not receiver.in_play or receiver.player != giver.player:
            raise IllegalDecision(f"{decl.get('to')!r} is not one of your characters in play", (C.TRANSFERRING,))
        s1 = game.companies[giver.company].site if giver.company in game.companies else ""
        s2 = game.companies[receiver.company].site if receiver.company in game.companies else ""
        if s1 != s2:
            raise IllegalDecision(f"{giver.name} and {receiver.name} are not at the same site", (C.TRANSFERRING,))
    emit("check-first", f"{giver.name} must pass a corruption check before giving up {item.name}",
         cites + [C.TRANSFER_CHECK], step="organization.item", phase=PHASE)
    check = corruption_check(game, emit, {"character": giver.name, "roll": decl.get("roll"), "modifiers": decl.get("modifiers"),
                                           "helpers": decl.get("helpers")})
    if check["outcome"] != "nothing":
        emit("item-discarded", f"{giver.name} failed: {item.name} is discarded", [C.TRANSFER_CHECK],
             step="organization.item", phase=PHASE)
        return {"check": check, "done": False}
    giver.items.remove(item)
    if store:
        game.players[giver.player].mp_pile.append(item)
        text = f"{item.name} is stored in {giver.player}'s marshalling point pile; it still scores {item.mp}"
    else:
        receiver.items.append(item)
        text = f"{item.name} passes from {giver.name} to {receiver.name}"
    emit("stored" if store else "transferred", text, cites,
         [Change(item.name, "bearer", giver.name, "marshalling point pile" if store else receiver.name)],
         step="organization.item", phase=PHASE)
    return {"check": check, "done": True}


def long_event_phase(game: Game, emit: Emitter, decl: dict[str, Any]) -> dict[str, Any]:
    reading = game.options.long_event_order
    if reading == "full-summary":
        order = ["remove your resource long-events", "play new resource long-events", "remove your opponent's hazard long-events"]
        cite = C.LONG_EVENT_PHASE
    else:
        order = ["discard your resource long-events", "discard your opponent's hazard long-events", "play new resource long-events"]
        cite = C.BRIEF_SUMMARY
    emit("order", "; then ".join(order), [cite, C.LONG_EVENT], step="long-event", phase="long-event",
         interpretation=Interpretation(f"long_event_order={reading}", cite,
                                       "the Full and Brief turn summaries give different orders"))
    return {"order": order}


def organize(game: Game, emit: Emitter, decl: dict[str, Any]) -> dict[str, Any]:
    """The organization phase's reorganizing, in the order written: ``discard`` characters,
    place characters under general or direct influence (``control``), ``split`` a company,
    ``join`` two companies at a Haven."""
    player = decl.get("player") or game.turn_player
    if player != game.turn_player:
        raise IllegalDecision(f"only {game.turn_player}, whose turn it is, organizes now", (C.ORGANIZATION_PHASE,))
    out: dict[str, Any] = {}
    for key, value in decl.items():
        if key == "discard":
            out["discarded"] = [discard_character(game, emit, name, player) for name in value]
        elif key == "control":
            out["control"] = {name: place(game, emit, name, under, player) for name, under in value.items()}
        elif key == "split":
            out["split"] = split(game, emit, value, player)
        elif key == "join":
            out["joined"] = join(game, emit, value, player)
    out["unused_general_influence"] = game.unused_gi(player)
    return out


def _own(game: Game, name: str, player: str, cites: tuple[str, ...]) -> Character:
    char = game.characters.get(name)
    if char is None or not char.in_play or char.player != player:
        raise IllegalDecision(f"{name!r} is not a character of {player} in play", cites)
    return char


def _site_of(game: Game, char: Character) -> str:
    return game.companies[char.company].site if char.company in game.companies else ""


def discard_character(game: Game, emit: Emitter, name: str, player: str) -> str:
    cites = (C.DISCARDING_CHARACTERS,)
    char = _own(game, name, player, cites)
    if char.wizard:
        raise IllegalDecision("a Wizard may not be discarded", cites)
    forced = char.orphaned_from is not None or game.unused_gi(player) < 0
    if not forced:
        if not game.options.standard:
            raise IllegalDecision("discarding a character by choice is a Standard rule", cites)
        site = game.sites.get(_site_of(game, char))
        if not (site and site.haven) and _site_of(game, char) != char.home_site:
            raise IllegalDecision(f"{name} is not at a Haven or his home site; only there may he be discarded by choice", cites)
        if game.turn.character_played:
            raise IllegalDecision(f"{game.turn.character_played} already used this organization phase's one character action; "
                                  "discarding a character is instead of playing one", cites + (C.ONE_CHARACTER_PER_TURN,))
        game.turn.character_played = f"discarding {name}"
    before = char.controller or "general influence"
    char.in_play = False
    char.orphaned_from = None
    game.discarded += [name] + [i.name for i in char.items] + [a.name for a in char.allies]
    emit("character-discarded",
         f"{name} is discarded" + (" (he lacks influence to stay)" if forced else "") + " with the cards he controls",
         list(cites) + ([C.DIRECT_INFLUENCE] if forced else []), [Change(name, "state", before, "discard pile")],
         step="organization.discard", phase=PHASE)
    orphan_followers(game, emit, char, "organization.discard", PHASE)
    return name


def place(game: Game, emit: Emitter, name: str, under: str, player: str) -> str:
    """Shift a character to general influence or to another character's direct influence."""
    cites = (C.ORGANIZATION_PHASE, C.DIRECT_INFLUENCE)
    char = _own(game, name, player, cites)
    if char.wizard:
        raise IllegalDecision("a Wizard needs no influence and is no one's follower", (C.DIRECT_INFLUENCE,))
    before = char.controller or ("no one" if char.orphaned_from else "general influence")
    if under == "general influence":
        char.controller = None
    else:
        boss = _own(game, under, player, cites)
        if boss.name == name or boss.controller is not None or boss.orphaned_from is not None:
            raise IllegalDecision(f"{under} is a follower and may not have followers", (C.DIRECT_INFLUENCE,))
        if game.followers(name):
            raise IllegalDecision(f"{name} has followers and so may not become a follower", (C.DIRECT_INFLUENCE,))
        if _site_of(game, boss) != _site_of(game, char):
            raise IllegalDecision(f"{under} and {name} are not at the same site", (C.DIRECT_INFLUENCE,))
        used = sum(f.mind or 0 for f in game.followers(boss.name) if f.name != name) + (char.mind or 0)
        if used > boss.total_di():
            raise IllegalDecision(f"{under}'s direct influence {boss.total_di()} cannot hold followers of total mind {used}",
                                  (C.DIRECT_INFLUENCE,))
        char.controller = boss.name
    char.orphaned_from = None
    emit("control", f"{name} is now controlled by {under} (was {before})", list(cites) + [C.INFLUENCE_END_OF_ORG],
         [Change(name, "controller", before, under)], step="organization.control", phase=PHASE)
    return under


def split(game: Game, emit: Emitter, decl: dict[str, Any], player: str) -> dict[str, list[str]]:
    """One company becomes several at its site: at a Haven; Standard rules, anywhere."""
    company = game.companies.get(decl["company"])
    if company is None or company.player != player:
        raise IllegalDecision(f"{decl['company']!r} is not a company of {player}", (C.COMPANIES,))
    site = game.sites.get(company.site)
    haven = bool(site and site.haven)
    cites = [C.COMBINE_SPLIT_AT_HAVEN] if haven or not game.options.standard else [C.SPLITTING]
    if not haven and not game.options.standard:
        raise IllegalDecision(f"{company.name} is at {company.site}; under the Starter rules a company splits only at a Haven",
                              (C.COMBINE_SPLIT_AT_HAVEN,))
    out: dict[str, list[str]] = {}
    for new_name, names in decl["into"].items():
        if new_name in game.companies:
            raise IllegalDecision(f"there is already a company named {new_name!r}", (C.COMPANIES,))
        for name in names:
            char = _own(game, name, player, (C.COMPANIES,))
            if char.company != company.name:
                raise IllegalDecision(f"{name} is not in {company.name}", (C.COMPANIES,))
        if not names:
            raise IllegalDecision(f"the new company {new_name} needs at least one character", (C.COMPANIES,))
        game.companies[new_name] = Company(name=new_name, player=player, site=company.site)
        for name in names:
            game.characters[name].company = new_name
        out[new_name] = list(names)
        emit("split", f"{', '.join(names)} {'leaves' if len(names) == 1 else 'leave'} "
             f"{company.name} as a new company, {new_name}, "
             f"at {company.site}", cites, [Change(new_name, "site", None, company.site)], step="organization.split", phase=PHASE)
    if not game.company_members(company.name):
        raise IllegalDecision(f"{company.name} would be left with no character", (C.COMPANIES,))
    if not haven:
        for name in [company.name, *out]:
            game.companies[name].split_at = company.site
        emit("split-movement",
             f"companies split at {company.site}, a non-Haven site: one may stay, one may return to the Haven on its site path, "
             "the others must move by region cards to different sites", [C.SPLITTING, C.SPLITTING_SAME_SITE],
             step="organization.split", phase=PHASE)
    return out


def join(game: Game, emit: Emitter, decl: dict[str, Any], player: str) -> str:
    """Two companies at the same Haven become one (elsewhere companies join only by moving)."""
    one, other = (game.companies.get(decl["company"]), game.companies.get(decl["into"]))
    for name, comp in ((decl["company"], one), (decl["into"], other)):
        if comp is None or comp.player != player:
            raise IllegalDecision(f"{name!r} is not a company of {player}", (C.COMPANIES,))
    site = game.sites.get(one.site)
    if one.site != other.site:
        raise IllegalDecision(f"{one.name} is at {one.site}, {other.name} at {other.site}; companies join only at the same site",
                              (C.COMBINE_SPLIT_AT_HAVEN,))
    if not (site and site.haven):
        raise IllegalDecision(f"{one.site} is not a Haven: companies combine in the organization phase only at a Haven "
                              "(elsewhere, by moving to the same site)", (C.COMBINE_SPLIT_AT_HAVEN,)
                              + ((C.JOINING,) if game.options.standard else ()))
    for char in game.company_members(one.name):
        char.company = other.name
    del game.companies[one.name]
    emit("combined", f"{one.name} joins {other.name} at {other.site}", [C.COMBINE_SPLIT_AT_HAVEN],
         [Change(one.name, "company", one.name, other.name)], step="organization.join", phase=PHASE)
    return other.name
