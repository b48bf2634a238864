"""Combat phase: archery, shadow cards, enemy attacks, player attacks.

- Archery X (Quest Companion): at the beginning of the combat phase, damage equal to the
  total archery of the enemies in play is dealt to characters, divided as the players
  choose (the first player settles disagreements); defense does not block it;
- 6.2 shadow cards: in player order, each player's enemies, the highest engagement cost
  first, one facedown encounter card each; none once the deck is empty (no reshuffle
  outside the quest phase);
- enemy attacks (6.3-6.5, 6.4b-6.4.4): the active player picks the order; defenders and
  combat damage in `defenders` (one defender, or several where a card allows it: Multiple
  Defenders; Sentinel); an attack by an enemy not engaged with the player (Wolf Rider's
  shadow) in `unengaged_attacks`;
- player attacks (6.7-6.9, 6.8b-6.8.4): one attack per enemy per player; attackers
  exhaust; if every attacker has Ranged the target may be engaged with any player; other
  players' Ranged characters may join; damage = summed attack - defense; an enemy in the
  staging area only with a card ability (Dúnhere: `staging_attacks`);
- 6.11: every shadow card is discarded, those dealt to shadow cards (Wolf Rider's own) too.
"""

from __future__ import annotations

from adjudicator.engine.decisions import Option
from adjudicator.engine.trace import Interpretation
from adjudicator.lotr.engine import citations as C
from adjudicator.lotr.engine import defenders, staging_attacks
from adjudicator.lotr.engine.combat_events import (ArcheryDealt, AttackStrength, CannotAttack, EnemyAttackEnds, EnemyAttacks,
                                                   EnemyAttacksDone, NoAttack, NoShadowCards, PlayerAttackEnds, PlayerAttacks,
                                                   PlayerCombatDamage, RangedJoin, ShadowDealt, ShadowTurnedFaceup)
from adjudicator.lotr.engine.context import Replay, change, handles
from adjudicator.lotr.engine.damage import deal_damage
from adjudicator.lotr.engine.events import ActivePlayer, AttacksBegin, CombatEnds, PhaseBegins
from adjudicator.lotr.engine.keywords import draw_encounter
from adjudicator.lotr.engine.modifiers import modifiers_rule
from adjudicator.lotr.engine.steps import run_subflow
from adjudicator.lotr.engine.unengaged_attacks import attacker_gone, shadow_cards_of


@handles("6.1")
def combat_begins(r: Replay) -> None:
    g = r.g
    r.emit(PhaseBegins(phase="combat"), (C.step("6.1"),))
    archers = [e for e in g.enemies_in_play() if e.keyword("archery")]
    total = sum(e.keyword("archery") for e in archers)
    if not total:
        return
    entry = r.take(("6.1",), "archery")
    what = ", ".join(f"{e.label} {e.keyword('archery')}" for e in archers)
    if entry is None:
        chars = [(p, c) for p in g.in_player_order() for c in p.characters]
        r.ask(
            "archery",
            f"Archery {total} ({what}): which characters take the damage? (the first player, {g.first_player.name}, decides if the players disagree)",
            [Option({"player": p.name, "character": c.label, "amount": total}, f"{c.label} ({p.name})", (C.ARCHERY,)) for p, c in chars],
            (C.ARCHERY, C.FIRST_PLAYER),
            g.first_player.name,
            {"step": "6.1", "archery": [{"player": chars[0][0].name, "character": chars[0][1].label, "amount": total}] if chars else []},
        )
    assigned = sum(a["amount"] for a in entry.get("archery"))
    if assigned != total:
        r.illegal(entry, f"archery damage must total {total} ({what}); the decision assigns {assigned}", (C.ARCHERY,))
    r.emit(ArcheryDealt(total=total, archers=tuple((e.label, e.keyword("archery")) for e in archers)), (C.ARCHERY,))
    for a in entry.get("archery"):
        found = r.character(a if a.get("player") else a["character"])
        if found is None:
            r.illegal(entry, f"no character {a['character']!r} in play to take archery damage", (C.ARCHERY,))
            continue
        p, c = found
        deal_damage(r, c, a["amount"], (C.ARCHERY,), "archery", p)


@handles("6.2")
def deal_shadow_cards(r: Replay) -> None:
    g = r.g
    dealt_any = False
    for p in g.in_player_order():
        if not p.engaged:
            continue
        entry = r.take(("6.2",), "shadow_order", p.name)
        enemies = sorted(p.engaged, key=lambda e: -e.stat("engagement_cost"))
        interpretation = None
        costs = [e.stat("engagement_cost") for e in enemies]
        if len(set(costs)) < len(costs):
            if entry is not None:
                wanted = [r.find(enemies, n) for n in entry.get("shadow_order")]
                rank = {id(e): i for i, e in enumerate(w for w in wanted if w is not None)}
                enemies = sorted(enemies, key=lambda e: (-e.stat("engagement_cost"), rank.get(id(e), 99)))
            interpretation = Interpretation(
                "the first player orders tied enemies",
                C.FIRST_PLAYER,
                "enemies tied in engagement cost are dealt to in the order given (shadow_order), else in the order they engaged",
            )
        for e in enemies:
            card = draw_encounter(r, (C.step("6.2"),))
            if card is None:
                r.emit(ShadowDealt(enemy=e.label, player=p.name), (C.step("6.2"), C.RUNNING_OUT_OF_CARDS))
                continue
            e.shadows.append(card)
            dealt_any = True
            r.emit(
                ShadowDealt(enemy=e.label, card=card.label, player=p.name, cost=e.stat("engagement_cost")),
                (C.step("6.2"), C.SHADOW_EFFECTS),
                [change(e.label, "shadow cards", len(e.shadows) - 1, len(e.shadows))],
                interpretation,
            )
    if not dealt_any and not any(p.engaged for p in g.in_player_order()):
        r.emit(NoShadowCards(), (C.step("6.2"),))


def _start_turns(r: Replay) -> None:
    r.active_order = [p.name for p in r.g.in_player_order()]
    r.active_pos = 0


def _active(r: Replay):
    order = r.active_order or [p.name for p in r.g.in_player_order()]
    pos = r.active_pos
    if pos >= len(order):
        return None
    p = r.g.player(order[pos])
    return None if p is None or p.eliminated else p


def _next_turn(r: Replay, step_id: str, back_to: str) -> str | None:
    if r.active_order is None:
        _start_turns(r)
    order = r.active_order
    r.active_pos += 1
    while r.active_pos < len(order) and r.g.player(order[r.active_pos]).eliminated:
        r.active_pos += 1
    if r.active_pos < len(order):
        r.emit(ActivePlayer(player=order[r.active_pos]), (C.step(step_id), C.IN_PLAYER_ORDER))
        return back_to
    what = "enemy attacks" if back_to == "6.4a" else "player attacks"
    r.emit(ActivePlayer(what=what), (C.step(step_id), C.IN_PLAYER_ORDER))
    return None


@handles("6.3")
def enemy_attacks_begin(r: Replay) -> None:
    _start_turns(r)
    first = _active(r)
    r.emit(AttacksBegin(enemy=True, active=first.name if first else ""), (C.step("6.3"),))


def _cannot_attack(r: Replay, enemy, p) -> bool:
    """A card effect says this enemy cannot attack (Feint, Thicket of Spears, Forest Snare:
    the hooks know the restriction); written once per enemy and phase."""
    by = r.hooks.cannot(r, "attack", enemy.label, p.name)
    if by is None:
        return False
    noted = r.cannot_attack_noted
    if (enemy.label, r.g.round) not in noted:
        noted.add((enemy.label, r.g.round))
        # the restriction holds before its attack would begin: it makes none (FAQ Q9)
        r.emit(CannotAttack(enemy=enemy.label, player=p.name, by=by), (C.step("6.4a"), C.CANNOT, C.FAQ_Q_BEFORE_THE_ATTACK))
    return True


@handles("6.4a")
def next_enemy_attack(r: Replay) -> str | None:
    p = _active(r)
    if p is None:
        return None
    eligible = [e for e in p.engaged if not e.attacked]
    eligible = [e for e in eligible if not _cannot_attack(r, e, p)]
    if not eligible:
        # an enemy that attacked another player before engaging this one makes no second attack (FAQ Q56)
        again = any(e.attacked and r.attacked_whom.get(e.label, p.name) != p.name for e in p.engaged)
        r.emit(EnemyAttacksDone(player=p.name), (C.step("6.4a"),) + ((C.FAQ_Q_ONE_ATTACK_A_PHASE,) if again else ()))
        return None
    enemy = None
    # an entry with only plays (play:) names the attack its events are for, not the next attacker
    def names_attacker(e) -> bool:
        only_plays = "play" in e.data and not set(e.data) - {"step", "round", "player", "enemy", "play"}
        return not only_plays and r.find(eligible, e.get("enemy")) is not None

    entry = r.take(("6.4a", "6.4b"), "enemy", p.name, match=names_attacker)
    if entry is not None:
        enemy = r.find(eligible, entry.get("enemy"))
    if enemy is None:
        orders = r.attack_orders
        if (p.name, r.g.round) not in orders:
            order = r.take(("6.4a", "6.4b"), "attack_order", p.name)
            orders[(p.name, r.g.round)] = order.get("attack_order") if order is not None else []
        for name in orders[(p.name, r.g.round)]:
            enemy = r.find(eligible, name)
            if enemy is not None:
                break
    if enemy is None:  # the player's defence decisions, in file order, name the next attacker
        named = r.decisions.find(("6.4.1", "6.4.3"), "enemy", p.name, r.g.round, match=names_attacker)
        if named is not None:
            enemy = r.find(eligible, named.get("enemy"))
    if enemy is None and len(eligible) == 1:
        enemy = eligible[0]
    if enemy is None:
        r.ask(
            "enemy",
            f"{p.name} is the active player: which engaged enemy attacks next?",
            [Option(e.label, e.label, (C.step("6.4b"),)) for e in eligible],
            (C.step("6.4a"), C.step("6.4b")),
            p.name,
            {"step": "6.4a", "player": p.name, "attack_order": [e.label for e in eligible]},
        )
    r.attack = {"player": p, "enemy": enemy, "defender": None}
    run_subflow(r, "enemy-attack")
    r.attack = None
    return "6.4a"


@handles("6.4b")
def enemy_attack_initiates(r: Replay) -> None:
    a = r.attack
    if a.get("unengaged"):
        r.emit(EnemyAttacks(enemy=a["enemy"].label, player=a["player"].name, by=a["by"]),
               (C.step("6.4b"), C.FAQ_NON_ENGAGED_ATTACKS, C.DEFENDING_PLAYER), [change(a["enemy"].label, "attacking", False, True)])
        return
    r.emit(EnemyAttacks(enemy=a["enemy"].label, player=a["player"].name, by=a.get("by") or "", engaged=bool(a.get("by"))), (C.step("6.4b"),),
           [change(a["enemy"].label, "attacking", False, True)])


@handles("6.4.1")
def declare_defender(r: Replay) -> None:
    if attacker_gone(r):
        return
    defenders.declare(r)


@handles("6.4.2")
def resolve_shadow(r: Replay) -> None:
    if attacker_gone(r):
        return
    enemy = r.attack["enemy"]
    if not enemy.shadows:
        r.emit(NoShadowCards(enemy=enemy.label), (C.step("6.4.2"),))
        return
    for s in enemy.shadows:
        r.emit(
            ShadowTurnedFaceup(enemy=enemy.label, card=s.label, replayed=r.hooks.replays_card_text),
            (C.step("6.4.2"), C.SHADOW_EFFECTS),
        )


@handles("6.4.3")
def enemy_combat_damage(r: Replay) -> None:
    if attacker_gone(r):
        return
    defenders.combat_damage(r)


@handles("6.4.4")
def enemy_attack_ends(r: Replay) -> None:
    enemy = r.attack["enemy"]
    enemy.attacked = True
    r.attacked_whom[enemy.label] = r.attack["player"].name
    if attacker_gone(r, skip_note=False):
        r.emit(EnemyAttackEnds(enemy=enemy.label, left_play=True), (C.step("6.4.4"), C.FAQ_Q_ATTACKER_DESTROYED))
        return
    r.emit(EnemyAttackEnds(enemy=enemy.label), (C.step("6.4.4"),), [change(enemy.label, "attacked", False, True)])


@handles("6.5")
def next_player_enemy_attacks(r: Replay) -> str | None:
    return _next_turn(r, "6.5", "6.4a")


@handles("6.7")
def player_attacks_begin(r: Replay) -> None:
    _start_turns(r)
    first = _active(r)
    r.emit(AttacksBegin(enemy=False, active=first.name if first else ""), (C.step("6.7"),))


@handles("6.8a")
def next_player_attack(r: Replay) -> str | None:
    p = _active(r)
    if p is None:
        return None
    ready = [c for c in p.characters if not c.exhausted and r.hooks.cannot(r, "attack", c.label) is None]
    targets = [e for e in p.engaged if e.label not in p.attacked_enemies]
    if any(c.keyword("ranged") for c in ready):
        targets += [e for q in r.g.in_player_order() if q is not p for e in q.engaged if e.label not in p.attacked_enemies]
    targets += staging_attacks.targets(r, p, ready)
    entry = r.take(("6.8a", "6.8b"), "target", p.name)
    if entry is None:
        if not ready or not targets:
            why = "no ready character" if not ready else "no enemy to attack"
            r.emit(NoAttack(player=p.name, why=why), (C.step("6.8a"),))
            return None
        r.ask(
            "target",
            f"{p.name} is the active player: do they attack, which enemy, with which characters?",
            [Option(e.label, e.label + (" (staging area)" if e in r.g.staging else ""), (C.step("6.8b"),) + ((C.STAGING_AREA,) if e in r.g.staging else ()))
             for e in targets] + [Option(None, "no (more) attacks", (C.step("6.8a"),))],
            (C.step("6.8a"), C.step("6.8b")),
            p.name,
            _attack_example(p, ready, targets),
        )
    if entry.get("target") is None:
        r.emit(NoAttack(player=p.name, more=True), (C.step("6.8a"),))
        return None
    r.attack = {"player": p, "entry": entry, "enemy": None, "attackers": []}
    run_subflow(r, "player-attack")
    r.attack = None
    return "6.8a"


def _attack_example(p, ready, targets) -> dict:
    own = [e for e in targets if e in p.engaged]
    if own:
        return {"step": "6.8b", "player": p.name, "target": own[0].label, "attackers": [ready[0].label]}
    ranged = [c.label for c in ready if c.keyword("ranged")]
    if not ranged:  # only an enemy in the staging area, for a character allowed to attack there alone
        return {"step": "6.8b", "player": p.name, "target": targets[0].label, "attackers": [ready[0].label]}
    return {"step": "6.8b", "player": p.name, "target": targets[0].label, "attackers": ranged[:1]}


@handles("6.8b")
def player_attack_initiates(r: Replay) -> None:
    a = r.attack
    p, entry = a["player"], a["entry"]
    attackers = []
    for name in entry.get("attackers") or ():
        c = r.find(p.characters, name)
        if c is None:
            r.illegal(entry, f"{name} is not a character controlled by {p.name}", (C.step("6.8b"),))
            continue
        if c.exhausted:
            r.illegal(entry, f"{c.label} is exhausted and cannot attack", (C.step("6.8b"), C.EXHAUSTED))
            continue
        by = r.hooks.cannot(r, "attack", c.label)
        if by is not None:
            r.illegal(entry, f"{c.label} cannot attack ({by})", (C.step("6.8b"), C.CANNOT))
            continue
        attackers.append(c)
    target_name = entry.get("target")
    enemy = r.find(p.engaged, target_name)
    cites = [C.step("6.8b")]
    if enemy is None:
        found = r.enemy_anywhere(target_name)
        if found is None:
            r.illegal(entry, f"no enemy {target_name!r} in play to attack", (C.step("6.8b"),))
            return
        owner, enemy = found
        if owner is None:
            allowed = staging_attacks.check(r, entry, p, attackers, enemy)
            if allowed is None:
                return
            cites += list(allowed)
            a["staging"] = True
        elif not attackers or not all(c.keyword("ranged") for c in attackers):
            r.illegal(entry, f"{enemy.label} is engaged with {owner.name}: only an attack whose attackers all have Ranged may target it", (C.step("6.8b"), C.RANGED))
            return
        else:
            cites += [C.RANGED, C.FAQ_Q_RANGED_ATTACK]
            a["through_ranged"] = {id(c) for c in attackers}  # attacking another player's enemy: through Ranged
    if enemy.label in p.attacked_enemies:
        r.illegal(entry, f"{p.name} has already attacked {enemy.label} this round", (C.step("6.8a"), C.FAQ_LIMITS_ON_ATTACKS))
        return
    if not attackers:
        r.illegal(entry, f"{p.name} declares an attack on {enemy.label} without a ready attacker", (C.step("6.8b"),))
        return
    changes = []
    for c in attackers:
        c.exhausted = True
        changes.append(change(c.label, "exhausted", False, True))
    a["enemy"], a["attackers"] = enemy, attackers
    r.emit(PlayerAttacks(player=p.name, enemy=enemy.label, attackers=tuple(c.label for c in attackers), staging=bool(a.get("staging"))),
           cites, changes)
    if a.get("staging"):
        staging_attacks.apply_bonus(r, attackers, enemy)


@handles("6.8.1")
def ranged_option(r: Replay) -> None:
    a = r.attack
    if a.get("enemy") is None:
        return
    p, entry = a["player"], a["entry"]
    if a.get("staging") and entry.get("ranged"):
        r.illegal(entry, f"{a['enemy'].label} is in the staging area: no other player's Ranged character may join this attack",
                  (C.step("6.8.1"), C.RANGED, C.FAQ_Q_RANGED_NOT_STAGING))
        return
    joined = []
    for ref in entry.get("ranged") or ():
        found = r.character(ref)
        if found is None:
            r.illegal(entry, f"no character {ref!r} in play to join the attack", (C.step("6.8.1"), C.RANGED))
            continue
        q, c = found
        if q is p:
            r.illegal(entry, f"{c.label} is {p.name}'s own character: declare it as an attacker", (C.step("6.8.1"),))
            continue
        if not c.keyword("ranged"):
            r.illegal(entry, f"{c.label} does not have Ranged and cannot join {p.name}'s attack", (C.step("6.8.1"), C.RANGED))
            continue
        if c.exhausted:
            r.illegal(entry, f"{c.label} is exhausted and cannot join the attack", (C.step("6.8.1"), C.EXHAUSTED))
            continue
        if r.hooks.cannot(r, "attack", c.label) is not None:
            r.illegal(entry, f"{c.label} cannot attack ({r.hooks.cannot(r, 'attack', c.label)})", (C.step("6.8.1"), C.CANNOT))
            continue
        c.exhausted = True
        a["attackers"].append(c)
        a.setdefault("through_ranged", set()).add(id(c))  # joining another player's attack: through Ranged
        joined.append((q, c))
    if joined:
        r.emit(
            RangedJoin(joined=tuple((c.label, q.name) for q, c in joined)),
            # a Ranged character attacking an enemy engaged with another player: a ranged attack (FAQ Q61)
            (C.step("6.8.1"), C.RANGED, C.FAQ_Q_RANGED_ATTACK),
            [change(c.label, "exhausted", False, True) for _, c in joined],
        )


RANGED_IMMUNITY = "be damaged through Ranged"  # the moment "immune to ranged damage" forbids


@handles("6.8.2")
def attack_strength(r: Replay) -> None:
    a = r.attack
    if a.get("enemy") is None:
        return
    in_play = {id(c) for q in r.g.in_player_order() for c in q.characters}
    # an enemy immune to ranged damage takes none from characters attacking it through Ranged
    # (Quest Companion, Immune to Ranged Damage); one of them attacking otherwise still counts
    immune = r.hooks.cannot(r, RANGED_IMMUNITY, a["enemy"].label)
    barred = {i for i in a.get("through_ranged", ()) if immune is not None}
    counted = [c for c in a["attackers"] if id(c) in in_play and id(c) not in barred]
    a["strength"] = sum(c.stat("attack") for c in counted)
    parts = tuple((c.label, c.stat("attack")) for c in counted)
    left_out = tuple(c.label for c in a["attackers"] if id(c) in in_play and id(c) in barred)
    immunity = (C.RANGED, C.CANNOT, C.QC_IMMUNE_TO_RANGED) if left_out else ()
    r.emit(AttackStrength(strength=a["strength"], parts=parts, not_counted=left_out, by=immune or ""),
           (C.step("6.8.2"), C.ATTACK_STRENGTH) + modifiers_rule(counted, "attack") + immunity
           + (r.hooks.rulings_of(a["enemy"], immunity) if left_out else ()))


@handles("6.8.3")
def player_combat_damage(r: Replay) -> None:
    a = r.attack
    enemy = a.get("enemy")
    if enemy is None:
        return
    defense = enemy.stat("defense")
    damage = max(0, a["strength"] - defense)
    r.emit(PlayerCombatDamage(enemy=enemy.label, strength=a["strength"], defense=defense, damage=damage),
           (C.step("6.8.3"), C.DEFENSE_STRENGTH) + modifiers_rule([enemy], "defense"))
    deal_damage(r, enemy, damage, (C.step("6.8.3"),), f"attack by {a['player'].name}")


@handles("6.8.4")
def player_attack_ends(r: Replay) -> None:
    a = r.attack
    if a.get("enemy") is None:
        return
    a["player"].attacked_enemies.append(a["enemy"].label)
    r.emit(PlayerAttackEnds(player=a["player"].name, enemy=a["enemy"].label), (C.step("6.8.4"),))
    if a.get("staging"):
        staging_attacks.end_bonus(r, a["attackers"])


@handles("6.9")
def next_player_player_attacks(r: Replay) -> str | None:
    return _next_turn(r, "6.9", "6.8a")


@handles("6.11")
def combat_ends(r: Replay) -> None:
    g = r.g
    changes = []
    unresolved = False
    for e in list(g.enemies_in_play()):
        if e.shadows:
            if not e.attacked:
                unresolved = True
            for s in shadow_cards_of(e):  # with any shadow card dealt to a shadow card (Wolf Rider's own)
                g.encounter_discard.insert(0, s)
                s.shadows = []
            changes.append(change(e.label, "shadow cards", len(e.shadows), 0))
            e.shadows = []
        e.attacked = False
    r.attacked_whom.clear()
    cites = (C.step("6.11"),) + ((C.FAQ_Q_SHADOW_UNRESOLVED,) if unresolved else ())
    r.emit(CombatEnds(shadows_discarded=bool(changes)), cites, changes)
