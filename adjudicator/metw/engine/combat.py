"""Combat (Starter §7, Standard §7): strike assignment, strike resolution, body checks,
the outcome of an attack and what happens to an eliminated character's items.

Reading of the rules, step by step (each step cites its section):

1. Strikes are counted (cards changing the number come before assignment; an attack where
   each character "faces one strike" ignores them).  The defender assigns strikes to
   untapped characters of his choice, then the attacker assigns the rest to characters
   not yet assigned one; strikes beyond the number of characters become -1 prowess
   modifications that the attacker allocates (option ``excess_strikes_basis``).
2. Each strike, in the order the defender chooses: weapon bonus and maximum first, then
   tapped -1 / wounded -2, -3 to stay untapped, excess -1s, support +1 each (Standard),
   cards.  Roll + prowess above the strike's prowess: the strike fails (defeated if the
   creature has no body, else the defender's roll must exceed its body); equal:
   ineffectual; below: the character is wounded and the attacker rolls a body check
   (+1 if he was wounded before), above the body eliminates him.
3. The attack is defeated if every assigned strike is defeated and nothing was canceled
   or ineffectual: the creature goes to the defender's marshalling point pile.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from adjudicator.engine import Change, Emitter, IllegalDecision, Interpretation

from . import citations as C
from .cards import play
from .effects import Combat, expire, modifications, modifiers
from .common import need, roll, signed
from .company import company_size, play_hazard
from .influence import orphan_followers
from .site import enter
from .state import TAPPED, UNTAPPED, WOUNDED, Ally, Character, Company, Game, Item

PHASE = "combat"


@dataclass
class Creature:
    name: str
    strikes: int = 1
    prowess: int = 0
    body: int | None = None  # None: the "–" body, defeated whenever its strike fails
    mp: int = 0
    unique: bool = False
    attacker_chooses: bool = False
    each_faces_one: bool = False
    attacks: int = 1
    regions: list[str] = field(default_factory=list)  # region-type symbols (a repeat is a double symbol)
    sites: list[str] = field(default_factory=list)  # site-type symbols
    named_sites: list[str] = field(default_factory=list)
    named_regions: list[str] = field(default_factory=list)
    race: str = ""  # Orc, Troll, Dragon...: what "a company that faced an Orc attack" reads
    effects: list[dict[str, Any]] = field(default_factory=list)  # its own text as data (cards.py)


@dataclass
class StrikeResult:
    target: str
    prowess: int = 0
    strike_prowess: int = 0
    roll: int | None = None
    outcome: str = ""  # defeated | failed | ineffectual | wounded | eliminated | canceled
    body_roll: int | None = None
    tapped_after: bool = True

    def to_dict(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items()}


def combatants(game: Game, company: Company) -> list[Character | Ally]:
    """Who may face strikes: the company's characters, then their allies, who count as
    characters for combat (Starter §10 Allies)."""
    return [*game.company_members(company.name), *game.allies_of(company.name)]


def _member(game: Game, company: Company, name: str, what: str, cites: tuple[str, ...]) -> Character | Ally:
    for who in combatants(game, company):
        if who.name == name:
            return who
    raise IllegalDecision(f"{what}: {name!r} is neither a character nor an ally in company {company.name}", cites)


def assign_strikes(game: Game, emit: Emitter, company: Company, creature: Creature, decl: dict[str, Any]) -> dict[str, Any]:
    """Who faces which strike, and where the excess strikes go as -1 modifications."""
    members = combatants(game, company)
    names = [c.name for c in members]
    strikes = creature.strikes
    if creature.each_faces_one:
        strikes = len(members)
        emit("strikes",
             f"{creature.name}: each character faces one strike ({strikes}); strike-number changes do not apply",
             [C.EACH_FACES_ONE], step="combat.strikes", phase=PHASE)
    else:
        extra = int(decl.get("strike_modifier", 0) or 0)
        strikes = max(0, strikes + extra)
        emit("strikes", f"{creature.name} attacks {company.name} with {strikes} strike{'s' if strikes != 1 else ''}"
                        + (f" ({creature.strikes} {signed(extra)} from cards played before assignment)" if extra else ""),
             [C.ATTACKS_AND_STRIKES, C.STRIKE_SEQUENCE], step="combat.strikes", phase=PHASE)
    assign = decl.get("assign") or {}
    assigned: list[str] = []
    if creature.attacker_chooses:
        picks = assign.get("attacker")
        if picks is None and strikes < len(names):
            need("assign.attacker", f"Which characters of {company.name} does the attacker choose for the {strikes} strikes of {creature.name}?",
                 names, [C.ATTACKER_CHOOSES], step="combat.assign", player=game.opponent(company.player),
                 example={"assign": {"attacker": names[:strikes]}})
        picks = list(picks) if picks is not None else names[:strikes]
        for name in picks:
            _member(game, company, name, "attacker's choice", (C.ATTACKER_CHOOSES,))
        assigned = _unique(picks, (C.ONE_STRIKE_EACH,))
        emit("assign", f"the attacker chooses the targets ({creature.name} says so): {', '.join(assigned) or 'none'}",
             [C.ATTACKER_CHOOSES], step="combat.assign", phase=PHASE)
    else:
        untapped = [c.name for c in members if c.state == UNTAPPED]
        picks = assign.get("defender")
        if picks is None:
            if untapped and strikes > 0:
                need("assign.defender",
                     f"Which untapped characters of {company.name} take strikes of {creature.name} (any of them, or none)?",
                     untapped, [C.ATTACKS_AND_STRIKES], step="combat.assign", player=company.player,
                     example={"assign": {"defender": untapped[:strikes]}})
            picks = []
        picks = _unique(list(picks), (C.ONE_STRIKE_EACH,))
        if len(picks) > strikes:
            raise IllegalDecision(f"the defender assigned {len(picks)} strikes but {creature.name} has {strikes}", (C.ATTACKS_AND_STRIKES,))
        for name in picks:
            char = _member(game, company, name, "defender's assignment", (C.ATTACKS_AND_STRIKES,))
            if char.state != UNTAPPED:
                raise IllegalDecision(
                    f"the defender may assign strikes only to untapped characters; {name} is {char.state}",
                    (C.ATTACKS_AND_STRIKES, C.TAPPING),
                )
        assigned = list(picks)
        emit("assign", f"the defender assigns strikes to untapped characters: {', '.join(picks) or 'none'}",
             [C.ATTACKS_AND_STRIKES], step="combat.assign", phase=PHASE)
        rest = strikes - len(assigned)
        free = [n for n in names if n not in assigned]
        if rest > 0 and free:
            chosen = assign.get("attacker")
            if chosen is None:
                if len(free) <= rest:
                    chosen = free
                else:
                    need("assign.attacker",
                         f"Which {rest} of {', '.join(free)} does the attacker assign the remaining strikes of {creature.name} to?",
                         free, [C.ATTACKS_AND_STRIKES], step="combat.assign", player=game.opponent(company.player),
                         example={"assign": {"attacker": free[:rest]}})
            chosen = _unique(list(chosen), (C.ONE_STRIKE_EACH,))
            for name in chosen:
                _member(game, company, name, "attacker's assignment", (C.ATTACKS_AND_STRIKES,))
                if name in assigned:
                    raise IllegalDecision(f"{name} already faces a strike of this attack", (C.ONE_STRIKE_EACH,))
            if len(chosen) != min(rest, len(free)):
                raise IllegalDecision(
                    f"every strike must be assigned: {min(rest, len(free))} remaining strikes need targets, {len(chosen)} given",
                    (C.ALL_STRIKES_ASSIGNED,))
            assigned += chosen
            emit("assign", f"the attacker assigns the remaining strikes: {', '.join(chosen)}",
                 [C.ATTACKS_AND_STRIKES, C.ALL_STRIKES_ASSIGNED], step="combat.assign", phase=PHASE)
    # excess strikes
    basis = game.options.excess_strikes_basis
    count = len(members) if basis == "characters" else company_size(game, company.name)
    excess = max(0, strikes - count) if not creature.each_faces_one else 0
    allocation: dict[str, int] = {}
    if excess:
        given = assign.get("excess")
        if given is None:
            if len(assigned) == 1:
                given = {assigned[0]: excess}
            else:
                need("assign.excess", f"Which targets take the {excess} excess strike(s) of {creature.name} as -1 prowess?",
                     assigned, [C.ALL_STRIKES_ASSIGNED], step="combat.assign", player=game.opponent(company.player),
                     example={"assign": {"excess": {assigned[0]: excess}}} if assigned else {})
        for name, value in dict(given).items():
            if name not in assigned:
                raise IllegalDecision(f"excess strikes go to characters facing a strike; {name} faces none", (C.ALL_STRIKES_ASSIGNED,))
            allocation[name] = int(value)
        if sum(allocation.values()) != excess:
            raise IllegalDecision(f"all {excess} excess strikes must be allocated as -1s, {sum(allocation.values())} given",
                                  (C.ALL_STRIKES_ASSIGNED,))
        emit("excess",
             f"{excess} strike(s) beyond the {count} {'characters' if basis == 'characters' else 'company size'}: "
             + ", ".join(f"{n} -{v}" for n, v in allocation.items()), [C.ALL_STRIKES_ASSIGNED, C.STRIKE_MODIFICATIONS],
             step="combat.assign", phase=PHASE,
             interpretation=Interpretation(f"excess_strikes_basis={basis}", C.ATTACKS_AND_STRIKES if basis == "characters" else C.STRIKE_SEQUENCE,
                                           "excess counted against characters (Attacks & Strikes) or company size (The Strike Sequence)"))
    return {"strikes": strikes, "assigned": assigned, "excess": allocation}


def _sum(roll_value: int, prowess: int) -> str:
    return f"{roll_value} {'+' if prowess >= 0 else '-'} {abs(prowess)}"


def _unique(names: list[str], cites: tuple[str, ...]) -> list[str]:
    seen: list[str] = []
    for name in names:
        if name in seen:
            raise IllegalDecision(f"{name} may face only one strike of an attack", cites)
        seen.append(name)
    return seen


def weapon_prowess(char: Character, weapon: str | None) -> tuple[int, Item | None]:
    """Base prowess with the one weapon used: bonus then maximum, before anything else."""
    weapons = [i for i in char.items if i.use == "weapon"]
    chosen = None
    if weapon:
        chosen = next((i for i in weapons if i.name == weapon), None)
        if chosen is None:
            raise IllegalDecision(f"{char.name} bears no weapon named {weapon!r}", (C.ONE_WEAPON,))
    elif len(weapons) == 1:
        chosen = weapons[0]
    elif weapons:
        chosen = max(weapons, key=lambda i: _capped(char.prowess, i.prowess_bonus, i.prowess_max))
    if chosen is None:
        return char.prowess, None
    return _capped(char.prowess, chosen.prowess_bonus, chosen.prowess_max), chosen


def _capped(base: int, bonus: int, cap: int | None) -> int:
    raised = base + bonus
    if cap is not None:
        raised = min(raised, max(cap, base))
    return raised


def body_value(char: Character) -> int:
    body = char.body
    for use in ("shield", "armor"):
        gear = [i for i in char.items if i.use == use and i.body_bonus]
        if gear:
            best = max(gear, key=lambda i: _capped(body, i.body_bonus, i.body_max))
            body = _capped(body, best.body_bonus, best.body_max)
    return body


def resolve_strike(game: Game, emit: Emitter, company: Company, creature: Creature, strike_prowess: int,
                   decl: dict[str, Any], assignment: dict[str, Any], combat: Combat | None = None,
                   library: dict[str, dict[str, Any]] | None = None) -> StrikeResult:
    target = _member(game, company, decl["target"], "strike", (C.RESOLVING_STRIKES,))
    result = StrikeResult(target.name, strike_prowess=strike_prowess)
    if combat is not None:
        combat.target, combat.strike_mod, combat.strike_canceled = target.name, [], ""
        for ref in decl.get("cards", []) or []:  # cards played on this strike, in the order written
            play(game, emit, library or {}, {"card": ref} if isinstance(ref, str) else ref, combat)
            if combat.strike_canceled:
                break
    if decl.get("canceled") or (combat is not None and combat.strike_canceled):
        result.outcome = "canceled"
        result.tapped_after = False
        emit("strike-canceled",
             f"the strike against {target.name} is canceled ({(combat and combat.strike_canceled) or decl.get('by', 'a card')})",
             [C.DEFEATING_AN_ATTACK], step="combat.strike", phase=PHASE)
        return result
    # hazards played on this strike count toward the hazard limit
    for mod in decl.get("modifiers", []) or []:
        if mod.get("hazard"):
            play_hazard(game, emit, company, mod.get("source", "hazard"), why="during a strike")
    skill_cards = [m for m in decl.get("modifiers", []) or [] if m.get("skill")]
    if len(skill_cards) > 1:
        raise IllegalDecision(f"only one resource card requiring skill may be played against a strike; {len(skill_cards)} declared",
                              (C.STRIKE_MODIFICATIONS,))
    prowess, weapon = weapon_prowess(target, decl.get("weapon"))
    parts = [f"{target.name} prowess {target.prowess}"]
    cites = [C.RESOLVING_STRIKES, C.STRIKE_MODIFICATIONS]
    if weapon is not None:
        parts.append(f"{weapon.name} → {prowess}" + (f" (max {weapon.prowess_max})" if weapon.prowess_max is not None else ""))
        cites.append(C.WEAPON_FIRST)
    no_tap = bool(decl.get("no_tap"))
    if no_tap and target.state != UNTAPPED:
        raise IllegalDecision(f"only an untapped target may take -3 to stay untapped; {target.name} is {target.state}",
                              (C.STRIKE_MODIFICATIONS,))
    if target.state == TAPPED:
        prowess -= 1
        parts.append("tapped -1")
    elif target.state == WOUNDED:
        prowess -= 2
        parts.append("wounded -2")
    if no_tap:
        prowess -= 3
        parts.append("stays untapped -3")
    excess = assignment["excess"].get(target.name, 0)
    if excess:
        prowess -= excess
        parts.append(f"excess strikes -{excess}")
    supporters = list(decl.get("support", []) or [])
    if supporters:
        if not game.options.standard:
            raise IllegalDecision("support is a Standard rule; this situation uses the Starter rules", (C.SUPPORT,))
        for name in supporters:
            helper = _member(game, company, name, "support", (C.SUPPORT,))  # an ally may tap to support too
            if name in assignment["assigned"]:
                raise IllegalDecision(f"{name} was assigned a strike of this attack and cannot support", (C.SUPPORT_NOT_TARGET,))
            if helper.state != UNTAPPED:
                raise IllegalDecision(f"only untapped characters and allies may support; {name} is {helper.state}", (C.SUPPORT,))
            helper.state = TAPPED
        prowess += len(supporters)
        parts.append(f"support +{len(supporters)} ({', '.join(supporters)})")
        cites += [C.SUPPORT, C.SUPPORT_NOT_TARGET]
    for mod in decl.get("modifiers", []) or []:
        prowess += int(mod.get("value", 0))
        parts.append(f"{mod.get('source', 'card')} {signed(int(mod.get('value', 0)))}")
    lasting = modifiers(game, "prowess", [target.name], own=(target.name, getattr(target, "effects", [])), combat=combat,
                        target=target) if combat is not None else []
    for source, value in (combat.strike_mod if combat is not None else []) + lasting:
        prowess += value
        parts.append(f"{source} {signed(value)}")
    result.prowess = prowess
    emit("prowess", "; ".join(parts) + f" = {prowess} against strike prowess {strike_prowess}", cites,
         step="combat.strike", phase=PHASE)
    value = roll(decl.get("roll"), f"strikes[{target.name}].roll", f"What does {target.name}'s player roll against {creature.name}'s strike?",
                 [C.RESOLVING_STRIKES], step="combat.strike", player=company.player)
    result.roll = value
    total = prowess + value
    was_wounded = target.state == WOUNDED
    result.tapped_after = not no_tap
    if total > strike_prowess:
        if creature.body is None:
            result.outcome = "defeated"
            text = f"{_sum(value, prowess)} = {total} > {strike_prowess}: the strike fails and, with no body, is defeated"
            emit("strike-failed", text, [C.RESOLVING_STRIKES], step="combat.strike", phase=PHASE)
        else:
            emit("strike-failed",
                 f"{_sum(value, prowess)} = {total} > {strike_prowess}: the strike fails; the defender makes a body check against it",
                 [C.RESOLVING_STRIKES], step="combat.strike", phase=PHASE)
            body_roll = roll(decl.get("creature_body_roll"), f"strikes[{target.name}].creature_body_roll",
                             f"What does the defender roll for the body check against {creature.name}'s strike (body {creature.body})?",
                             [C.STRIKE_BODY_CHECK], step="combat.body-check", player=company.player)
            result.body_roll = body_roll
            result.outcome = "defeated" if body_roll > creature.body else "failed"
            emit("creature-body-check",
                 f"body check {body_roll} {'>' if body_roll > creature.body else '≤'} {creature.body}: the strike is "
                 + ("defeated" if result.outcome == "defeated" else "not defeated"), [C.STRIKE_BODY_CHECK],
                 step="combat.body-check", phase=PHASE)
    elif total == strike_prowess:
        result.outcome = "ineffectual"
        emit("strike-ineffectual",
             f"{_sum(value, prowess)} = {total} = {strike_prowess}: a tie, the strike is ineffectual",
             [C.RESOLVING_STRIKES], step="combat.strike", phase=PHASE)
    else:
        before = target.state
        target.state = WOUNDED
        emit("strike-successful",
             f"{_sum(value, prowess)} = {total} < {strike_prowess}: the strike succeeds, {target.name} is wounded",
             [C.RESOLVING_STRIKES, C.BODY_CHECKS], [Change(target.name, "state", before, WOUNDED)],
             step="combat.strike", phase=PHASE)
        body_roll = roll(decl.get("body_roll"), f"strikes[{target.name}].body_roll",
                         f"What does the attacker roll for {target.name}'s body check?", [C.BODY_CHECKS],
                         step="combat.body-check", player=game.opponent(company.player))
        result.body_roll = body_roll
        body = body_value(target) + sum(v for _, v in modifiers(game, "body", [target.name], combat=combat, target=target))
        check = body_roll + (1 if was_wounded else 0)
        eliminated = check > body
        emit("body-check", f"attacker rolls {body_roll}" + (" +1 (already wounded)" if was_wounded else "")
                           + f" = {check} {'>' if eliminated else '≤'} body {body}: {target.name} "
                           + ("is eliminated" if eliminated else "survives"),
             [C.BODY_CHECKS] + ([C.WOUNDED_AGAIN] if was_wounded else []), step="combat.body-check", phase=PHASE)
        result.outcome = "eliminated" if eliminated else "wounded"
        if eliminated:
            eliminate(game, emit, target, decl.get("items_to") or {}, cause="combat")
        return result
    if result.tapped_after and target.state == UNTAPPED:
        target.state = TAPPED
        emit("tap", f"{target.name} is tapped after the strike", [C.STRIKE_MODIFICATIONS],
             [Change(target.name, "state", UNTAPPED, TAPPED)], step="combat.strike", phase=PHASE)
    return result


def eliminate(game: Game, emit: Emitter, char: Character | Ally, items_to: dict[str, str], *, cause: str) -> None:
    """An eliminated character leaves play for good; a Wizard's player loses."""
    if isinstance(char, Ally):
        char.in_play = False
        game.out_of_play.append(char.name)
        emit("eliminated", f"the ally {char.name} is eliminated and goes to the out-of-play pile",
             [C.ALLIES_OUT_OF_PLAY, C.BODY_CHECKS], [Change(char.name, "state", char.state, "out of play")],
             step="combat.eliminate", phase=PHASE)
        return
    char.in_play = False
    game.out_of_play.append(char.name)
    emit("eliminated", f"{char.name} is eliminated and goes to the out-of-play pile", [C.OUT_OF_PLAY, C.BODY_CHECKS],
         [Change(char.name, "state", char.state, "out of play")], step="combat.eliminate", phase=PHASE)
    if cause == "combat":
        mates = [c for c in game.company_members(char.company) if c.state != WOUNDED]
        received: set[str] = set()
        for item_name, who in items_to.items():
            item = next((i for i in char.items if i.name == item_name), None)
            if item is None:
                raise IllegalDecision(f"{char.name} bears no item {item_name!r}", (C.ITEMS,))
            mate = next((c for c in mates if c.name == who), None)
            if mate is None:
                raise IllegalDecision(f"items of an eliminated character go only to unwounded characters of his company; {who} is not one",
                                      (C.ITEMS,))
            if who in received:
                raise IllegalDecision(f"each unwounded character may take only one item; {who} already took one", (C.ITEMS,))
            received.add(who)
            char.items.remove(item)
            mate.items.append(item)
            emit("item-passed", f"{item.name} passes to {who}", [C.ITEMS],
                 [Change(item.name, "bearer", char.name, who)], step="combat.eliminate", phase=PHASE)
    if char.items:
        emit("items-discarded", f"discarded: {', '.join(i.name for i in char.items)}", [C.ITEMS],
             step="combat.eliminate", phase=PHASE)
        game.discarded += [i.name for i in char.items]
        char.items = []
    allies = [a.name for a in char.allies if a.in_play]
    if allies:
        emit("allies-discarded", f"his allies are discarded with him: {', '.join(allies)}", [C.OUT_OF_PLAY, C.ALLIES],
             step="combat.eliminate", phase=PHASE)
        game.discarded += allies
        char.allies = []
    orphan_followers(game, emit, char, "combat.eliminate", PHASE)
    if char.wizard:
        game.players[char.player].lost = True
        game.winner = [game.opponent(char.player)]
        emit("game-over", f"{char.player}'s Wizard is eliminated: {game.opponent(char.player)} wins", [C.VICTORY],
             step="combat.eliminate", phase=PHASE)


def attack(game: Game, emit: Emitter, company: Company, creature: Creature, decl: dict[str, Any],
           library: dict[str, dict[str, Any]] | None = None) -> dict[str, Any]:
    """A creature's attack (or each of its attacks, ``attacks: [...]``) from declaration to outcome;
    ``library`` holds the cards (cards: events) the attack's and strikes' ``cards:`` name."""
    try:
        out = _attack(game, emit, company, creature, decl, library or {})
        if not out["defeated"] and not decl.get("automatic"):
            game.discarded.append(creature.name)  # a hazard creature not defeated is discarded
        return out
    finally:
        expire(game, "attack")
        if creature.race and creature.race not in company.faced_races:
            company.faced_races.append(creature.race)


def _attack(game: Game, emit: Emitter, company: Company, creature: Creature, decl: dict[str, Any],
            library: dict[str, dict[str, Any]]) -> dict[str, Any]:
    automatic = bool(decl.get("automatic"))
    # in the site phase an attack is an automatic-attack or an on-guard creature, already counted when placed
    if not automatic and decl.get("counts_as_hazard", game.turn.phase != "site"):
        play_hazard(game, emit, company, creature.name)
    if automatic and game.turn.phase == "site":
        enter(game, emit, company)
        company.site_attacks.append(creature.name)
    if decl.get("attacks"):
        parts = []
        for index, sub in enumerate(decl["attacks"]):
            one = {**{k: v for k, v in decl.items() if k not in ("attacks", "counts_as_hazard")}, **sub, "counts_as_hazard": False}
            emit("attack", f"{creature.name}: attack {index + 1} of {len(decl['attacks'])}", [C.DEFEATING_AN_ATTACK],
                 step="combat.attack", phase=PHASE)
            parts.append(_one_attack(game, emit, company, creature, one, library, score=False))
        defeated = all(p["defeated"] for p in parts)
        if defeated and not automatic:
            game.players[company.player].mp_pile.append(Item(creature.name, mp=creature.mp, mp_type="kill", unique=creature.unique))
        emit("attack-outcome",
             f"{creature.name}: " + ("every attack defeated: it goes to the defender's marshalling point pile"
                                     if defeated else "not every attack was defeated: no marshalling points"),
             [C.DEFEATING_AN_ATTACK], step="combat.attack", phase=PHASE)
        return {"outcome": "defeated" if defeated else "not defeated", "defeated": defeated, "attacks": parts,
                "kill_points": creature.mp if defeated and not automatic else 0}
    return _one_attack(game, emit, company, creature, decl, library, score=True)


def _lasting(game: Game, emit: Emitter, combat: Combat, creature: Creature) -> None:
    """Modifications in effect for this attack: cards in play, then the creature's own text."""
    for stat in ("strikes", "prowess", "body"):
        for source, value, cause in modifications(game, stat, [], own=(creature.name, creature.effects),
                                                  own_kind="creature", combat=combat):
            if stat == "strikes" and creature.each_faces_one:
                continue
            if stat == "body" and combat.body is None:
                continue
            now = setattr(combat, stat, getattr(combat, stat) + value) or getattr(combat, stat)
            emit("attack-modified", f"{creature.name}'s {stat} {signed(value)} ({source}) → {now}",
                 [C.STRIKE_MODIFICATIONS, C.CREATURE_CARDS], [Change(creature.name, stat, now - value, now)],
                 cause=cause, step="combat.attack", phase=PHASE)


def _one_attack(game: Game, emit: Emitter, company: Company, creature: Creature, decl: dict[str, Any],
                library: dict[str, dict[str, Any]], *, score: bool) -> dict[str, Any]:
    automatic = bool(decl.get("automatic")) or not score
    company.faced.append(creature.name)
    combat = Combat(company, creature, strikes=creature.strikes, prowess=creature.prowess, body=creature.body,
                    keyed_to=str(decl.get("keyed_to") or ""), automatic=bool(decl.get("automatic")))
    _lasting(game, emit, combat, creature)
    for ref in decl.get("cards", []) or []:
        play(game, emit, library, {"card": ref} if isinstance(ref, str) else ref, combat)
        if combat.canceled:
            break
    if decl.get("canceled") or combat.canceled:
        by = combat.canceled or decl.get("by", "a card")
        emit("attack-canceled",
             f"the attack of {creature.name} is canceled ({by}): no effect, not defeated; the card is discarded",
             [C.DEFEATING_AN_ATTACK], step="combat.attack", phase=PHASE)
        return {"outcome": "canceled", "strikes": [], "defeated": False, "canceled_by": by}
    creature = replace(creature, strikes=combat.strikes, prowess=combat.prowess, body=combat.body)
    combat.creature = creature
    strike_prowess = creature.prowess
    for mod in decl.get("prowess_modifiers", []) or []:
        strike_prowess += int(mod.get("value", 0))
        emit("strike-prowess",
             f"{creature.name}'s strikes {signed(int(mod.get('value', 0)))} ({mod.get('source', 'card')}) → prowess {strike_prowess}",
             [C.STRIKE_MODIFICATIONS], step="combat.attack", phase=PHASE)
    assignment = assign_strikes(game, emit, company, creature, decl)
    declared = {s.get("target"): s for s in decl.get("strikes", []) or []}
    for name in declared:
        if name not in assignment["assigned"]:
            raise IllegalDecision(f"{name} was not assigned a strike of {creature.name}", (C.ATTACKS_AND_STRIKES,))
    order = [s.get("target") for s in decl.get("strikes", []) or []]
    order += [n for n in assignment["assigned"] if n not in order]
    results = []
    for name in order:
        entry = dict(declared.get(name) or {"target": name})
        if any(pl.lost for pl in game.players.values()):
            break  # a Wizard was eliminated: the game is over
        combat.assigned = True
        results.append(resolve_strike(game, emit, company, creature, strike_prowess, entry, assignment, combat, library))
    defeated = bool(results) and all(r.outcome == "defeated" for r in results)
    spoiled = [r.target for r in results if r.outcome in ("canceled", "ineffectual")]
    if defeated and automatic and not score:
        text = f"every assigned strike of this attack of {creature.name} is defeated"
    elif defeated and not automatic:
        owner = game.players[company.player]
        owner.mp_pile.append(Item(creature.name, mp=creature.mp, mp_type="kill", unique=creature.unique))
        text = f"every assigned strike of {creature.name} is defeated: the attack is defeated; {creature.name} goes to {company.player}'s marshalling point pile ({creature.mp} kill points)"
    elif defeated:
        text = f"every strike of the automatic-attack is defeated"
    else:
        why = (f"strikes canceled or ineffectual ({', '.join(spoiled)})" if spoiled else "not every strike was defeated")
        text = f"the attack of {creature.name} is not defeated: {why}" + ("" if automatic else "; the creature is discarded")
    emit("attack-outcome", text, [C.DEFEATING_AN_ATTACK], step="combat.attack", phase=PHASE)
    # * modifications last for this attack only
    return {
        "outcome": "defeated" if defeated else "not defeated",
        "defeated": defeated,
        "strike_prowess": strike_prowess,
        "assigned": assignment["assigned"],
        "excess": assignment["excess"],
        "strikes": [r.to_dict() for r in results],
        "kill_points": creature.mp if defeated and not automatic else 0,
    }
