"""Combat: setup, preparation, rounds (choose, reveal, strength, previous-round abilities,
current abilities, damage) and resolution.

Card abilities use a small vocabulary (docs/meq.md): an ability has a ``timing``
(``current`` or ``next_round``), an optional ``condition`` (``you_played``,
``opponent_played``: melee/ranged; ``opponent_printed_attack``/``..._defense``: a number)
and an ``effect`` (``attack``/``defense``: +n, ``opponent_attack``/``opponent_defense``: -n,
``opponent_attack_to_zero``/``opponent_defense_to_zero``, ``cancel_opponent``,
``deal_damage``: n).  Values are recomputed from the printed card each round: modifiers
add up, a reduced-to-zero or cancelled value stays zero, the total never goes below zero.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from adjudicator.engine import Change, Interpretation

from . import citations as C
from .context import Context
from .cards import expire
from .hero import deal_damage, defeat, is_out_of_cards
from .influence import placement_problem, trim_influence
from .state import Ability, CombatCard, Foe, Hero
from .story import advance_marker, counts, current_stage


STEP_OF = {C.PREVIOUS: "combat:3.d", C.CURRENT: "combat:3.e"}


@dataclass
class Fighter:
    name: str
    side: str  # "hero" or "sauron"
    strength: int
    hand: list[str]
    stack: list[str] = field(default_factory=list)
    exhausted: bool = False
    card: CombatCard | None = None  # this round's card
    cancelled: bool = False
    next_round: list[Ability] = field(default_factory=list)  # from last round's card
    attack_mod: int = 0
    defense_mod: int = 0
    attack_zero: bool = False
    defense_zero: bool = False
    dealt: int = 0  # direct damage dealt to this fighter this round

    def reset_round(self) -> None:
        self.card = None
        self.cancelled = False
        self.attack_mod = self.defense_mod = 0
        self.attack_zero = self.defense_zero = False
        self.dealt = 0

    @property
    def played_type(self) -> str | None:
        return None if self.card is None or self.exhausted and self.cancelled else self.card.type

    def value(self, which: str) -> int:
        if self.card is None or self.cancelled:
            return 0
        if (which == "attack" and self.attack_zero) or (which == "defense" and self.defense_zero):
            return 0
        printed = self.card.attack if which == "attack" else self.card.defense
        mod = self.attack_mod if which == "attack" else self.defense_mod
        return max(0, printed + mod)


@dataclass
class Outcome:
    hero_defeated: bool = False
    foe_defeated: bool = False
    rounds: int = 0
    foe_damage: int = 0


def card(ctx: Context, name: str) -> CombatCard:
    found = ctx.state.cards.get(name)
    if found is None:
        raise ctx.illegal(f"no combat card {name!r} described in the situation's cards", (C.COMBAT,))
    return found


def condition_holds(cond: dict[str, Any], me: Fighter, other: Fighter) -> bool:
    for key, want in cond.items():
        if key == "you_played" and me.played_type != want:
            return False
        if key == "opponent_played" and other.played_type != want:
            return False
        if key in ("opponent_printed_attack", "opponent_printed_defense"):
            if other.card is None:
                return False
            printed = other.card.attack if key.endswith("attack") else other.card.defense
            if printed != int(want):
                return False
    return True


def apply(ctx: Context, ability: Ability, me: Fighter, other: Fighter, when: str, cite: str) -> None:
    """Resolve one ability of ``me``: its step's cause is the card (or monster, minion) it is
    printed on."""
    if not condition_holds(ability.condition, me, other):
        printed = any(k.startswith("opponent_printed") for k in ability.condition)
        ctx.emit("ability-skipped", f"{me.name}'s {when} ability ({ability.text or ability.effect}) does not "
                 f"apply: its condition {ability.condition} is not met", (cite, C.PRINTED) if printed else (cite,),
                 cause=ability.cause, step=STEP_OF.get(cite, "combat"))
        return
    effect = ability.effect
    cites = [cite]
    parts = []
    for key, side, stat, prefix in (("attack", me, "attack_mod", ""), ("defense", me, "defense_mod", ""),
                                    ("opponent_attack", other, "attack_mod", "opponent "),
                                    ("opponent_defense", other, "defense_mod", "opponent ")):
        if key in effect:
            amount = int(effect[key])
            setattr(side, stat, getattr(side, stat) + amount)
            parts.append(f"{prefix}{amount:+d} {stat[:-4]}")
            cites.append(C.MODIFY)
    if effect.get("opponent_attack_to_zero"):
        other.attack_zero = True
        parts.append("opponent's attack reduced to 0")
        cites.append(C.REDUCE_TO_0)
    if effect.get("opponent_defense_to_zero"):
        other.defense_zero = True
        parts.append("opponent's defense reduced to 0")
        cites.append(C.REDUCE_TO_0)
    if effect.get("cancel_opponent") and other.card is not None:
        other.cancelled = True
        parts.append(f"{other.card.name} cancelled")
        cites.append(C.CANCEL)
    if "deal_damage" in effect:
        other.dealt += int(effect["deal_damage"])
        parts.append(f"{int(effect['deal_damage'])} damage to {other.name} (ignores defense; defeat waits for Deal Damage)")
        cites.append(C.DEAL_X)
    if any(k.startswith("opponent_printed") for k in ability.condition):
        cites.append(C.PRINTED)
    ctx.emit("ability", f"{me.name}'s {when} ability: " + ", ".join(parts or ["no effect"]), cites,
             cause=ability.cause, step=STEP_OF.get(cite, "combat"))


def choose(ctx: Context, fighter: Fighter, declared: Any, round_no: int) -> None:
    """Part a for one combatant: play a card, or be (or declare himself) exhausted."""
    if fighter.exhausted:
        return
    if not fighter.hand:
        fighter.exhausted = True
        ctx.emit("exhausted", f"{fighter.name} has no combat cards: exhausted", (C.EXHAUSTED,),
                 [Change(fighter.name, "exhausted", False, True)], step="combat:3.a")
        return
    if declared is None:
        ctx.ask(f"rounds[{round_no - 1}].{fighter.side}",
                f"Round {round_no}: which card does {fighter.name} play (or 'exhausted')?",
                [(c, c) for c in fighter.hand] + [("exhausted", "declare himself exhausted")], (C.CHOOSE, C.EXHAUSTED),
                player=fighter.name, example={"rounds": [{fighter.side: fighter.hand[0]}]})
    if declared == "exhausted":
        fighter.exhausted = True
        ctx.emit("exhausted", f"{fighter.name} declares himself exhausted before round {round_no}", (C.EXHAUSTED,),
                 [Change(fighter.name, "exhausted", False, True)], step="combat:3.a")
        return
    if declared not in fighter.hand:
        raise ctx.illegal(f"round {round_no}: {fighter.name} has no {declared!r} in hand ({', '.join(fighter.hand)})",
                          (C.CHOOSE,))
    fighter.hand.remove(declared)
    fighter.card = card(ctx, declared)


def combat(ctx: Context, decl: dict[str, Any]) -> Outcome:
    state = ctx.state
    ctx.phase = "combat"
    hero: Hero = state.heroes.get(decl.get("hero"))
    if hero is None:
        raise ctx.illegal(f"no hero named {decl.get('hero')!r}", (C.COMBAT,))
    foe: Foe = state.foes.get(decl.get("foe"))
    if foe is None:
        raise ctx.illegal(f"no monster or minion named {decl.get('foe')!r}", (C.COMBAT,))
    phase = decl.get("phase", "travel")
    location = state.board.locations.get(hero.location)
    if location is not None and location.haven and phase != "finale" and not decl.get("hero_allows"):
        raise ctx.illegal(f"{hero.location} is a Haven: combat needs the hero's consent (hero_allows: true)",
                          (C.COMBAT, C.AMBUSH))
    ctx.emit("setup", f"{hero.name} fights {foe.name}: Sauron takes its "
             f"{'Minion space' if foe.minion else 'Monster Reference card'} and the {foe.deck or '?'} deck", (C.SETUP,),
             step="combat:1")
    # 2. preparation
    draws = list(decl.get("sauron_draws") or [])
    if len(draws) != foe.fortitude:
        if not draws:
            ctx.ask("sauron_draws", f"Which {foe.fortitude} cards does Sauron draw from the {foe.deck} deck?",
                    [("?", f"{foe.fortitude} card names")], (C.PREPARATION,), player="Sauron")
        raise ctx.illegal(f"{foe.name}'s fortitude is {foe.fortitude}: Sauron draws {foe.fortitude} cards, "
                          f"the situation lists {len(draws)}", (C.PREPARATION,))
    spend = decl.get("agility_draw")
    if spend is None:
        ctx.ask("agility_draw", f"How much of {hero.name}'s agility {hero.agility} buys cards (the rest is strength)?",
                [(n, f"draw {n}, +{hero.agility - n} strength") for n in range(hero.agility + 1)], (C.PREPARATION,),
                player=hero.name)
    spend = int(spend)
    if not 0 <= spend <= hero.agility:
        raise ctx.illegal(f"{hero.name} can spend 0 to {hero.agility} agility, not {spend}", (C.PREPARATION,))
    hero_draws = list(decl.get("hero_draws") or [])
    drawn = min(spend, hero.life)
    if len(hero_draws) not in (0, drawn):
        raise ctx.illegal(f"{hero.name} draws {drawn} cards, the situation names {len(hero_draws)}", (C.PREPARATION,))
    hero.life -= drawn
    hero.hand.extend(hero_draws or [f"drawn card {i + 1}" for i in range(drawn)])
    strength = hero.strength + hero.agility - spend
    ctx.emit("preparation", f"Sauron draws {foe.fortitude}; {hero.name} spends {spend} agility on "
             f"{drawn} cards and adds {hero.agility - spend} to strength: {strength}", (C.PREPARATION,),
             [Change(hero.name, "combat strength", hero.strength, strength)], step="combat:2")
    foe_abilities = [a for a in getattr(foe, "abilities", [])]
    h = Fighter(hero.name, "hero", strength, hero.hand)
    s = Fighter(foe.name, "sauron", foe.strength, draws)
    outcome = Outcome(foe_damage=foe.damage)
    rounds = list(decl.get("rounds") or [])
    n = 0
    while True:
        n += 1
        if n > 60:
            raise ctx.illegal("combat did not end within 60 rounds", (C.ROUNDS,))
        played = rounds[n - 1] if n - 1 < len(rounds) else {}
        h.reset_round()
        s.reset_round()
        was = (h.exhausted, s.exhausted)
        choose(ctx, h, played.get("hero"), n)
        choose(ctx, s, played.get("sauron"), n)
        if h.exhausted and s.exhausted:
            ctx.emit("both-exhausted", "both combatants are exhausted: combat goes to Resolution",
                     (C.ROUNDS, C.EXHAUSTED), step="combat:3")
            break
        outcome.rounds = n
        ctx.emit("choose", f"round {n}: " + ", ".join(
                 f"{f.name} {'is exhausted and plays nothing' if f.card is None else 'chooses a card face down'}"
                 for f in (h, s)), (C.CHOOSE,), step="combat:3.a")
        # b. reveal
        for f in (h, s):
            if f.card is not None:
                f.stack.append(f.card.name)
        ctx.emit("reveal", f"round {n}: {h.name} reveals {h.card.name if h.card else 'nothing (exhausted)'}"
                 f", {s.name} reveals {s.card.name if s.card else 'nothing (exhausted)'}", (C.REVEAL,), step="combat:3.b")
        # c. strength
        newly = []
        for f in (h, s):
            if f.card is None:
                continue
            total = sum(card(ctx, c).cost for c in f.stack)
            if total > f.strength:
                f.exhausted = True
                f.cancelled = True
                newly.append(f)
                ctx.emit("exhausted", f"{f.name}'s stack costs {total}, more than strength {f.strength}: "
                         f"exhausted, {f.card.name} cancelled", (C.STRENGTH, C.EXHAUSTED, C.CANCEL),
                         [Change(f.name, "exhausted", False, True)], step="combat:3.c")
            else:
                ctx.emit("strength", f"{f.name}'s stack costs {total}, within strength {f.strength}", (C.STRENGTH,),
                         step="combat:3.c")
        if newly and h.exhausted and s.exhausted and not all(was):
            ctx.emit("both-exhausted", "both combatants exhausted: nobody is defeated, go to Resolution", (C.STRENGTH,),
                     step="combat:3.c")
            break
        # d. previous-round abilities, hero first
        for me, other in ((h, s), (s, h)):
            for ability in me.next_round:
                if me in newly:
                    ctx.emit("ability-lost", f"{me.name} became exhausted this round: his next-round "
                             "ability is cancelled", (C.PREVIOUS,), step="combat:3.d")
                    continue
                apply(ctx, ability, me, other, "next-round", C.PREVIOUS)
            me.next_round = []
        # e. current abilities, hero first; mutual cancels blank both cards
        active = {id(f): [a for a in f.card.abilities] if f.card and not f.cancelled else [] for f in (h, s)}
        mutual = all(any(a.effect.get("cancel_opponent") and a.timing == "current" and condition_holds(a.condition, me, o)
                         for a in active[id(me)]) for me, o in ((h, s), (s, h)))
        if mutual:
            h.cancelled = s.cancelled = True
            ctx.emit("cancel", "the two cards cancel each other: both are blank", (C.CURRENT, C.CANCEL),
                     step="combat:3.e")
        for me, other in ((h, s), (s, h)):
            if me.card is None or me.cancelled:
                continue
            own = list(me.card.abilities) + (list(foe_abilities) if me is s else [])
            for ability in own:
                if me.cancelled:
                    break
                if ability.timing == "next_round":
                    me.next_round.append(ability)
                    ctx.emit("ability-later", f"{me.name}'s {me.card.name} ability waits for next round",
                             (C.CURRENT, C.PREVIOUS), cause=ability.cause, step="combat:3.e")
                    continue
                apply(ctx, ability, me, other, "current", C.CURRENT)
        for f in (h, s):
            if f.cancelled and f.next_round:
                f.next_round = []
                ctx.emit("ability-lost", f"{f.name}'s card was cancelled: its next-round ability is lost", (C.CANCEL,),
                         step="combat:3.e")
        # f. damage
        hit_hero = damage_amount(ctx, s.value("attack"), h.value("defense")) + h.dealt
        hit_foe = damage_amount(ctx, h.value("attack"), s.value("defense")) + s.dealt
        ctx.emit("damage", f"{h.name}: attack {h.value('attack')}, defense {h.value('defense')}; "
                 f"{s.name}: attack {s.value('attack')}, defense {s.value('defense')} → {h.name} takes {hit_hero}, "
                 f"{s.name} takes {hit_foe}", (C.DEAL_DAMAGE,), step="combat:3.f",
                 interpretation=ctx.reading("damage_floor")
                 if min(s.value("attack") - h.value("defense"), h.value("attack") - s.value("defense")) < 0 else None)
        outcome.foe_damage = max(0, outcome.foe_damage + hit_foe)
        if hit_foe:
            ctx.emit("foe-damage", f"{foe.name} has {outcome.foe_damage} damage (health {foe.health})",
                     (C.MINIONS if foe.minion else C.MONSTERS,),
                     [Change(foe.name, "damage", outcome.foe_damage - hit_foe, outcome.foe_damage)], step="combat:3.f")
        deal_damage(ctx, hero, hit_hero, decl.get("hero_damage_from"), f"round {n}", key="hero_damage_from",
                    cite=(C.DEAL_DAMAGE,), step="combat:3.f")
        outcome.foe_defeated = outcome.foe_damage >= foe.health
        outcome.hero_defeated = is_out_of_cards(hero)
        if outcome.foe_defeated:
            ctx.emit("foe-defeated", f"{foe.name} has {outcome.foe_damage} damage, at least its health "
                     f"{foe.health}: defeated", (C.DEAL_DAMAGE, C.MINIONS if foe.minion else C.MONSTERS), step="combat:3.f")
        if outcome.hero_defeated:
            ctx.emit("hero-defeated-in-combat", f"{hero.name} has no cards in his life pool or hand: "
                     "defeated", (C.DEAL_DAMAGE, C.HERO_DAMAGE), step="combat:3.f")
        if outcome.foe_defeated or outcome.hero_defeated:
            ctx.emit("to-resolution", "a combatant is defeated: combat goes to Resolution", (C.DEAL_DAMAGE,),
                     step="combat:3.f")
            break
        if h.exhausted and s.exhausted:
            ctx.emit("both-exhausted", "both combatants are exhausted: combat goes to Resolution",
                     (C.ROUNDS, C.EXHAUSTED), step="combat:3")
            break
    resolve(ctx, hero, foe, h, s, outcome, decl, phase)
    return outcome


def damage_amount(ctx: Context, attack: int, defense: int) -> int:
    raw = attack - defense
    if raw >= 0:
        return raw
    return raw if ctx.state.options.damage_floor == "negative-heals" else 0


def resolve(ctx: Context, hero: Hero, foe: Foe, h: Fighter, s: Fighter, outcome: Outcome, decl: dict, phase: str):
    state = ctx.state
    order = state.options.defeat_order
    if outcome.hero_defeated and order == "defeat-first":
        with ctx.at("defeat"):
            defeat(ctx, hero, decl.get("defeat") or {})
    before = hero.rest
    hero.rest += len(h.stack)
    reading = ctx.reading("defeat_order") if outcome.hero_defeated else None
    if reading is None and s.hand:
        reading = Interpretation("unplayed monster cards", C.DISCARD_CARDS,
                                 f"the rules do not say: Sauron's {len(s.hand)} unplayed cards go back to the deck too")
    ctx.emit("discard", f"{hero.name}'s combat stack ({len(h.stack)} cards) goes face up on his rest pool;"
             f" Sauron shuffles his stack back into the {foe.deck or 'combat'} deck", (C.DISCARD_CARDS,),
             [Change(hero.name, "rest", before, hero.rest)], step="combat:4.a", interpretation=reading)
    token_id = decl.get("token")
    if token_id:
        token = next((t for t in state.tokens if t.id == token_id), None)
        if token is not None:
            state.tokens.remove(token)
        ctx.emit("token", f"the monster token is discarded face up"
                 + (" (the monster was defeated)" if outcome.foe_defeated else " although the monster survived"), (C.DISCARD_TOKEN,),
                 [Change(token_id, "location", token.location if token else None, None)], step="combat:4.b")
    if foe.minion:
        if outcome.foe_defeated:
            before_loc = foe.location
            foe.damage = 0
            foe.in_play = False
            foe.location = "defeated" if foe.name == "Ringwraiths" else ""
            ctx.emit("minion-defeated", f"{foe.name} is defeated: damage removed, figure leaves the board"
                     + (" (returns to Minas Morgul at Sauron's next Action step)" if foe.name == "Ringwraiths" else ""),
                     (C.MINIONS,), [Change(foe.name, "location", before_loc, None)], step="combat:4")
            high_stakes(ctx)
        else:
            foe.damage = outcome.foe_damage
            ctx.emit("minion-stays", f"{foe.name} is not defeated: it stays with {foe.damage} damage",
                     (C.DISCARD_TOKEN, C.MINIONS), step="combat:4.b")
    if not outcome.foe_defeated and phase != "finale":
        places = decl.get("undefeated_influence")
        if places is None:
            ctx.ask("undefeated_influence", f"{foe.name} survived: where does Sauron place up to {foe.wisdom} influence "
                    "in extension (a list of locations, or [])?", [([], "place none")], (C.UNDEFEATED,), player="Sauron")
        if len(places) > foe.wisdom:
            raise ctx.illegal(f"{foe.name}'s wisdom is {foe.wisdom}: at most {foe.wisdom} influence", (C.UNDEFEATED,))
        for where in places:
            problem = placement_problem(state, where)
            if problem:
                raise ctx.illegal(problem, (C.UNDEFEATED, C.PLACING_INFLUENCE))
            state.influence[where] = state.influence.get(where, 0) + 1
        ctx.emit("undefeated", f"{foe.name} was not defeated: Sauron places {len(places)} of its "
                 f"{foe.wisdom} wisdom in influence" + (f" ({', '.join(places)})" if places else ""), (C.UNDEFEATED,),
                 step="combat:4.c")
        trim_influence(ctx, "after combat")
        if phase == "travel" and not outcome.hero_defeated:
            ctx.turn_over = True
            ctx.emit("turn-ends", f"the combat happened in {hero.name}'s Travel step: his turn ends",
                     (C.UNDEFEATED, C.COMBAT_OR_PERIL), step="combat:4.c")
    if outcome.hero_defeated and order == "resolution-first":
        with ctx.at("defeat"):
            defeat(ctx, hero, decl.get("defeat") or {})
    expire(ctx, "combat")


def high_stakes(ctx: Context) -> None:
    state = ctx.state
    if not state.options.high_stakes:
        return
    if current_stage(state) == 3 and counts(state).side == "sauron":
        advance_marker(ctx, "heroes", 1, "a minion defeated (High Stakes Stage III)", (C.HIGH_STAKES,))
