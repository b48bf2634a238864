"""Declaring defenders and the damage of an enemy attack (6.4.1, 6.4.3; Multiple Defenders;
Sentinel; Defending Player).

- 6.4.1: the defending player exhausts one ready character of theirs to defend, or declares
  none; then another player's Sentinel character may defend.  A card effect may let the
  player declare any number of defenders (Stand Together: `many_defenders`), each of which
  exhausts.  An attack by an enemy not engaged with the player (Wolf Rider's shadow
  attack) may be defended the same way (FAQ 1.33, Q34);
- 6.4.3: attack minus defense is dealt to the defender.  Several defenders pool their
  defense, and all the damage goes to one of them, picked by the defending player
  (Multiple Defenders; FAQ 1.04).  A defender that has left play no longer defends; with
  none left the attack is undefended, and all of it goes to one hero of the defending
  player, defense ignored.

Decisions: ``{step: "6.4.1", enemy, defender}`` (one), ``defenders: [A, B]`` (several),
``damage_to`` (which defender takes the damage), ``sentinel``, ``undefended_hero``.
"""

from __future__ import annotations

from adjudicator.engine.decisions import Option
from adjudicator.engine.trace import Interpretation
from adjudicator.lotr.engine import citations as C
from adjudicator.lotr.engine.combat_events import DefenderDeclared, EnemyCombatDamage, Undefended
from adjudicator.lotr.engine.context import Replay, change
from adjudicator.lotr.engine.damage import deal_damage
from adjudicator.lotr.engine.modifiers import modifiers_rule
from adjudicator.lotr.engine.state import Card, Player


DECLARATION_KEYS = ("defender", "defenders", "sentinel")


def many_defenders(r: Replay, p: Player) -> str | None:
    """The card effect letting ``p`` declare any number of defenders now (its label), if any:
    a permission the hooks keep until the end of the phase it names."""
    return r.hooks.many_defenders(r, p)


def _match_enemy(r: Replay, enemy: Card):
    return lambda e: e.get("enemy") is None or r.find([enemy], e.get("enemy")) is not None


def _base_cites(a: dict) -> tuple[str, ...]:
    """The step, and for an attack by an enemy not engaged with the player, the FAQ's rule
    that the player may still declare a defender."""
    cites = (C.step("6.4.1"),)
    if a.get("unengaged"):
        cites += (C.FAQ_NON_ENGAGED_ATTACKS, C.FAQ_Q_DEFEND_UNENGAGED_ATTACK)
    return cites


def declare(r: Replay) -> None:
    """Step 6.4.1 for the attack being resolved (``r.attack``)."""
    a = r.attack
    p, enemy = a["player"], a["enemy"]
    g = r.g
    a.setdefault("defenders", [])
    many = many_defenders(r, p)
    ready = [c for c in p.characters if not c.exhausted and r.hooks.cannot(r, "defend", c.label) is None]
    sentinels = [(q, c) for q in g.in_player_order() if q is not p for c in q.characters
                 if not c.exhausted and c.keyword("sentinel") and r.hooks.cannot(r, "defend", c.label) is None]
    match = _match_enemy(r, enemy)
    entry = r.take(("6.4.1",), "step", p.name, match=lambda e: match(e) and any(k in e.data for k in DECLARATION_KEYS))
    a["entry"] = entry
    cites = _base_cites(a)
    if entry is None:
        if not ready and not sentinels:
            r.emit(Undefended(player=p.name, enemy=enemy.label, none_ready=True), cites)
            return
        _ask_defender(r, p, enemy, ready, sentinels, many, cites)
    if entry.get("defenders") is not None:
        names = list(entry.get("defenders") or ())
    elif entry.get("defender"):
        names = [entry.get("defender")]
    else:
        names = []
    if names and entry.get("sentinel"):  # a Sentinel defends only in place of the player's own defender
        r.illegal(entry, f"{p.name} declares {', '.join(map(str, names))} to defend against {enemy.label} and another "
                         f"player's Sentinel character too: a Sentinel character defends for {p.name} only when they "
                         "declare no defender (one character defends an attack unless a card effect allows more)",
                  (C.SENTINEL, C.MULTIPLE_DEFENDERS) + cites)
    if names:
        _own_defenders(r, entry, p, enemy, names, many, cites)
        return
    ref = entry.get("sentinel")
    if ref:
        _sentinel(r, entry, p, ref, cites)
        return
    r.emit(Undefended(player=p.name, enemy=enemy.label), cites)


def _ask_defender(r: Replay, p: Player, enemy: Card, ready, sentinels, many: str | None, cites) -> None:
    options = [Option(c.label, c.label, (C.step("6.4.1"),)) for c in ready] + [Option(None, "no defender (undefended)", (C.step("6.4.1"),))]
    options += [Option({"sentinel": {"player": q.name, "character": c.label}}, f"{c.label} ({q.name}, Sentinel)", (C.SENTINEL,)) for q, c in sentinels]
    question = f"Who defends {p.name} against {enemy.label} (attack {enemy.stat('attack')})?"
    example = {"step": "6.4.1", "player": p.name, "enemy": enemy.label, "defender": ready[0].label if ready else None}
    if many:
        question += f" ({many}: any number of {p.name}'s ready characters may defend; list them as defenders)"
        example = {"step": "6.4.1", "player": p.name, "enemy": enemy.label, "defenders": [c.label for c in ready[:2]]}
        cites = cites + (C.MULTIPLE_DEFENDERS,)
    r.ask("defender", question, options, cites, p.name, example)


def _own_defenders(r: Replay, entry, p: Player, enemy: Card, names: list, many: str | None, cites) -> None:
    a = r.attack
    if len(names) > 1 and not many:
        r.illegal(entry, f"{p.name} declares {len(names)} defenders against {enemy.label}: one character defends an attack unless a card effect allows more",
                  cites + (C.MULTIPLE_DEFENDERS,))
        names = names[:1]
    chosen: list[Card] = []
    for name in names:
        c = r.find(p.characters, name)
        if c is None:
            other = r.character(name)
            if other is not None and other[1].keyword("sentinel"):
                r.illegal(entry, f"{name} is another player's character: a Sentinel character may defend only after {p.name} declares no defender (sentinel:)", (C.SENTINEL,) + cites)
            else:
                r.illegal(entry, f"{name} is not a character controlled by {p.name}", cites)
            continue
        if c in chosen:
            r.illegal(entry, f"{c.label} is declared as a defender twice", cites + (C.MULTIPLE_DEFENDERS,))
            continue
        if c.exhausted:
            r.illegal(entry, f"{c.label} is exhausted and cannot defend", cites + (C.EXHAUSTED,))
            continue
        if _cannot_defend(r, entry, c, cites):
            continue
        chosen.append(c)
    extra = (C.MULTIPLE_DEFENDERS,) if len(chosen) > 1 else ()
    note = None
    if len(chosen) > 1 and a.get("unengaged"):
        note = Interpretation(
            "a permission for several defenders covers an attack by an enemy not engaged with the player",
            C.MULTIPLE_DEFENDERS,
            "the card lifting the one-defender limit speaks of each enemy attacking the player this phase; the card making "
            "this attack grants one defender, as the framework does, and is read as no stricter",
        )
    for i, c in enumerate(chosen):
        c.exhausted = True
        a["defenders"].append(c)
        a["defender"] = c  # the listener answers "after X is declared as a defender" for each
        r.emit(DefenderDeclared(character=c.label, enemy=enemy.label, player=p.name, position=i + 1, of=len(chosen), many=many or ""),
               cites + extra, [change(c.label, "exhausted", False, True)], note if i == 0 else None)
    a["defender"] = chosen[0] if chosen else None
    if not chosen:
        r.emit(Undefended(player=p.name, enemy=enemy.label), cites)


def _cannot_defend(r: Replay, entry, c: Card, cites) -> bool:
    """A card effect forbids ``c`` to defend (Gandalf's Map on its hero): refused, citing Cannot."""
    by = r.hooks.cannot(r, "defend", c.label)
    if by is None:
        return False
    r.illegal(entry, f"{c.label} cannot defend ({by})", tuple(cites) + (C.CANNOT,))
    return True


def _sentinel(r: Replay, entry, p: Player, ref, cites) -> None:
    a = r.attack
    found = r.character(ref)
    if found is None or found[0] is p:
        r.illegal(entry, f"{ref!r} is not another player's character in play", (C.SENTINEL,))
        return
    q, c = found
    if not c.keyword("sentinel"):
        r.illegal(entry, f"{c.label} does not have Sentinel and cannot defend for {p.name}", (C.SENTINEL,) + cites)
        return
    if c.exhausted:
        r.illegal(entry, f"{c.label} is exhausted and cannot defend", (C.SENTINEL, C.EXHAUSTED))
        return
    if _cannot_defend(r, entry, c, cites):
        return
    c.exhausted = True
    a["defenders"].append(c)
    a["defender"] = c
    r.emit(
        DefenderDeclared(character=c.label, enemy=a["enemy"].label, player=p.name, sentinel=True, owner=q.name),
        cites + (C.SENTINEL, C.DEFENDING_PLAYER, C.FAQ_DEFENDING_PLAYER, C.FAQ_Q_STILL_DEFENDING_PLAYER),
        [change(c.label, "exhausted", False, True)],
    )


# ---------------------------------------------------------------------------- 6.4.3


def in_play_defenders(r: Replay) -> list[Card]:
    """The declared defenders of the attack that are still in play (a character that left
    play no longer defends)."""
    a = r.attack
    in_play = {id(c) for q in r.g.in_player_order() for c in q.characters}
    declared = a.get("defenders") or ([a["defender"]] if a.get("defender") is not None else [])
    return [c for c in declared if id(c) in in_play]


def combat_damage(r: Replay) -> None:
    """Step 6.4.3 for the attack being resolved."""
    a = r.attack
    p, enemy = a["player"], a["enemy"]
    attack = enemy.stat("attack")
    defenders = in_play_defenders(r)
    if defenders:
        _defended_damage(r, p, enemy, attack, defenders)
        return
    if p.eliminated or not p.heroes:
        return
    if attack <= 0:
        r.emit(EnemyCombatDamage(enemy=enemy.label, attack=attack, damage=0, undefended=True),
               (C.step("6.4.3"), C.ATTACK_STRENGTH) + modifiers_rule([enemy], "attack"))
        return
    against = a.get("against")  # an attack against a character: its undefended damage goes to it (FAQ 1.41)
    if against is not None and any(against is c for c in p.characters):
        hero, extra = against, (C.FAQ_ATTACK_AGAINST_CHARACTER,)
        extra += r.hooks.rulings_of(against, extra)  # the character's own ruling on that point (Nalir)
    else:
        hero, extra = _undefended_hero(r, p, enemy, attack), ()
    a["damaged"], a["damage"] = hero, attack
    hp_left = hero.stat("hit_points") - hero.damage
    r.emit(EnemyCombatDamage(enemy=enemy.label, attack=attack, damage=attack, target=hero.label, undefended=True, lost=attack - hp_left),
           (C.step("6.4.3"), C.ATTACK_STRENGTH) + extra + modifiers_rule([enemy], "attack"))
    deal_damage(r, hero, attack, (C.step("6.4.3"),), f"undefended attack of {enemy.label}", p)


def _defended_damage(r: Replay, p: Player, enemy: Card, attack: int, defenders: list[Card]) -> None:
    a = r.attack
    defense = sum(c.stat("defense") for c in defenders)
    damage = max(0, attack - defense)
    cites = (C.step("6.4.3"), C.ATTACK_STRENGTH, C.DEFENSE_STRENGTH)
    pooled: tuple[tuple[str, int], ...] = ()
    if len(defenders) == 1:
        target = defenders[0]
    else:
        cites += (C.MULTIPLE_DEFENDERS, C.FAQ_MULTIPLE_DEFENDERS)
        pooled = tuple((c.label, c.stat("defense")) for c in defenders)
        target = _damaged_defender(r, p, enemy, defenders, damage)
    a["damaged"], a["damage"] = target, damage
    hp_left = target.stat("hit_points") - target.damage
    r.emit(EnemyCombatDamage(enemy=enemy.label, attack=attack, damage=damage, target=target.label, defense=defense, pooled=pooled,
                             player=p.name, lost=damage - hp_left),
           cites + modifiers_rule([enemy], "attack") + modifiers_rule(defenders, "defense"))
    deal_damage(r, target, damage, (C.step("6.4.3"),), f"attack of {enemy.label}", r.g.player(target.owner))


def _damaged_defender(r: Replay, p: Player, enemy: Card, defenders: list[Card], damage: int) -> Card:
    """The one defender the defending player assigns all the damage to (FAQ 1.04)."""
    if damage <= 0:
        return defenders[0]
    return _one_takes_all(
        r, p, enemy, "damage_to", defenders,
        f"{len(defenders)} characters defend against {enemy.label}: which one of them takes all {damage} damage? ({p.name} decides)",
        f"is not one of the characters defending against {enemy.label}: all the damage goes to one of them",
        (C.MULTIPLE_DEFENDERS, C.FAQ_MULTIPLE_DEFENDERS), (C.step("6.4.3"), C.MULTIPLE_DEFENDERS, C.FAQ_MULTIPLE_DEFENDERS),
    )


def _undefended_hero(r: Replay, p: Player, enemy: Card, attack: int) -> Card:
    """The one hero of the defending player who takes all of an undefended attack (6.4.3)."""
    if len(p.heroes) == 1:
        return p.heroes[0]
    return _one_takes_all(
        r, p, enemy, "undefended_hero", p.heroes,
        f"The attack of {enemy.label} ({attack}) is undefended: which hero of {p.name} takes all of it?",
        f"is not a hero of {p.name}: undefended damage goes to one of their heroes",
        (C.step("6.4.3"),), (C.step("6.4.3"),),
    )


def _one_takes_all(r: Replay, p: Player, enemy: Card, key: str, candidates: list[Card], question: str,
                   not_one: str, option_cites: tuple, cites: tuple) -> Card:
    """The character of ``candidates`` that the decision ``key`` names (the attack's own entry
    first, else one at 6.4.3 or 6.4.1 for this enemy); the replay asks when none does."""
    earlier = r.attack.get("entry")
    if earlier is not None and earlier.get(key):
        entry = earlier
    else:
        entry = r.take(("6.4.3", "6.4.1"), key, p.name, match=_match_enemy(r, enemy))
    if entry is None:
        r.ask(
            key, question,
            [Option(c.label, f"{c.label} ({c.stat('hit_points') - c.damage} hit points left)", option_cites) for c in candidates],
            cites, p.name,
            {"step": "6.4.3", "player": p.name, "enemy": enemy.label, key: candidates[0].label},
        )
    chosen = r.find(candidates, entry.get(key))
    if chosen is None:
        r.illegal(entry, f"{entry.get(key)} {not_one}", option_cites)
        return candidates[0]
    return chosen
