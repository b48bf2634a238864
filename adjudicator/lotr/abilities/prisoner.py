"""The prisoner of Escape from Dol Guldur: stage 1B (The Necromancer's Tower) takes one of
the players' heroes at random and turns it face down; stage 2B (Through the Caverns)
rescues it with a response after progress is placed on the stage.

- Taking the prisoner (``random_hero_prisoner``): one hero among all the heroes the players
  control.  A random pick is something the players do at the table, not a choice: the
  situation may name the hero the table drew (``plays``/``ability`` decision:
  ``targets: {the prisoner: Aragorn}``); otherwise the pick follows the situation's seed,
  the same seed always drawing the same hero, and the trace says which and how.
- While a prisoner the hero stays its owner's but is moved out of ``heroes`` into
  ``Player.prisoners``: it cannot be used (it does not quest, attack or defend, pays for
  nothing, and its face-down text has no abilities), cannot be damaged and collects no
  resources, and every rule that looks at a player's heroes no longer sees it.  A player
  whose other heroes are all destroyed is eliminated, and the group loses (FAQ Q26; the
  engine's elimination rules, adjudicator.lotr.engine.elimination).
- Rescuing it (``rescue_prisoner``): the hero is turned face up with 1 damage placed on it,
  back among its controller's heroes.  The response is optional: the situation declares it
  (``responses: [{card: Through the Caverns}]``); it is offered only while there is a
  prisoner.  ``after_stage_progress`` is the moment, called by the quest rules after
  progress is placed on the current stage.
- Advancing: stage 1B needs at least one objective held by the players, stage 2B the
  prisoner rescued and all three objectives (``objectives_held`` and ``prisoner_of`` count
  them; the stages' rules on advancing are in ``stage_rules``).
"""

from __future__ import annotations

import random

from adjudicator.engine.situation import fold
from adjudicator.engine.trace import Change, Interpretation
from adjudicator.lotr.abilities import cites as C
from adjudicator.lotr.abilities import effects as E
from adjudicator.lotr.abilities.choose import Play
from adjudicator.lotr.abilities.effect_events import EntersStaging, PrisonerRescued, PrisonerTaken, SetAside
from adjudicator.lotr.abilities.effects import Cause
from adjudicator.lotr.abilities.responses import listener_of
from adjudicator.lotr.engine.state import Card, Player

NAMED = ("the prisoner", "prisoner")
RANDOM_FROM_SEED = Interpretation(
    "a random choice follows the situation's seed",
    C.EFFECTS,
    "the same seed draws the same hero; a situation that names the prisoner records the table's own draw",
)


def heroes_in_play(r) -> list[tuple[Player, Card]]:
    """Every hero the players control, in seat order (the pool of the random pick)."""
    return [(p, h) for p in r.g.players if not p.eliminated for h in p.heroes]


def prisoner_of(r) -> tuple[Player, Card] | None:
    for p in r.g.players:
        for h in p.prisoners:
            return p, h
    return None


def random_pick(seed: int, pool: list[tuple[Player, Card]]) -> tuple[Player, Card]:
    """The hero the seed draws from ``pool`` (the same seed, the same hero)."""
    return random.Random(f"prisoner:{seed}").choice(pool)


def take_prisoner(r, cause: Cause, source: Card, controller: Player, play: Play) -> bool:
    """The Necromancer's Tower: one hero at random is turned face down as the prisoner."""
    pool = heroes_in_play(r)
    if not pool:
        return E.refused(r, cause, "no hero is in play: no prisoner is taken", (C.EFFECTS,))
    named = next((play.targets[k] for k in NAMED if play.targets.get(k)), None) or (play.chosen[0] if play.chosen else None)
    interpretation = None
    if named:
        key = fold(str(named))
        found = [(p, h) for p, h in pool if fold(h.label) == key] or [(p, h) for p, h in pool if fold(h.name) == key]
        if len(found) != 1:
            r.illegal(None, f"the prisoner {named!r} is not one hero in play (the heroes: {', '.join(h.label for _, h in pool)})",
                      (C.EFFECTS,) + cause.rules)
            return False
        p, hero = found[0]
        how = "named by the situation as the hero the players drew at random"
    else:
        p, hero = random_pick(r.g.seed, pool)
        how = (f"drawn at random among the {len(pool)} heroes in play ({', '.join(h.label for _, h in pool)}) "
               f"with the situation's seed {r.g.seed}")
        interpretation = RANDOM_FROM_SEED
    p.heroes.remove(hero)
    hero.committed = False
    p.prisoners.append(hero)
    r.emit(PrisonerTaken(hero=hero.label, player=p.name, how=how, cause=cause),
           (C.CANNOT, C.CANNOT_BE_DAMAGED, C.RESOURCES) + cause.rules,
           [Change(hero.label, "zone", f"{p.name}'s heroes", f"{p.name}'s prisoner, face down")],
           interpretation)
    return True


def rescue_prisoner(r, cause: Cause, source: Card, controller: Player, play: Play) -> bool:
    """Through the Caverns: the prisoner is turned face up, 1 damage is placed on it, and its
    controller may use it again."""
    held = prisoner_of(r)
    if held is None:
        return E.refused(r, cause, "there is no prisoner to rescue", (C.EFFECTS,))
    p, hero = held
    p.prisoners.remove(hero)
    p.heroes.append(hero)
    r.emit(PrisonerRescued(hero=hero.label, player=p.name, cause=cause),
           (C.EFFECTS,) + cause.rules, [Change(hero.label, "zone", f"{p.name}'s prisoner, face down", f"{p.name}'s heroes")])
    ok = E.damage(r, cause, hero, 1)
    after_rescue(r)
    return ok


def after_stage_progress(r) -> None:
    """After progress is placed on the current quest stage: its responses to that
    (Through the Caverns' rescue), while there is a prisoner to rescue.  A declared
    response is used, else the players pass (the listener's public `respond`)."""
    listener = listener_of(r)
    stage = r.g.quest
    if listener is None or stage is None or prisoner_of(r) is None:
        return
    listener.respond(r, stage, "progress_placed", f"after progress is placed on {stage.label}", rules=(C.RESPONSE,))


RESCUE = "the prisoner is rescued"  # the moment of the cards answering the rescue (event prisoner_rescued: the Nazgûl of Dol Guldur)
FROM_SET_ASIDE = Interpretation(
    "a set-aside card's Forced effect that brings it into play triggers from out of play",
    C.IN_PLAY,
    "the Nazgûl of Dol Guldur is set aside at setup and its Forced effect can only resolve from there: "
    "an ability that needs its card out of play to resolve works from out of play",
)


def after_rescue(r) -> None:
    """The prisoner has just been rescued: the Forced effects answering that, of the cards
    in play and of the cards set aside whose effect brings them into play (the Nazgûl of
    Dol Guldur moves into the staging area)."""
    listener = listener_of(r)
    if listener is None:
        return
    for card in [*r.g.cards_in_play(), *r.g.set_aside]:
        aside = card in r.g.set_aside
        listener.respond(r, card, "prisoner_rescued", f"when {RESCUE}", subject="", kinds=("forced",),
                         rules=((C.IN_PLAY,) if aside else ()), interpretation=FROM_SET_ASIDE if aside else None)


def set_aside_into_staging(r, cause: Cause, source: Card, controller: Player, play: Play) -> bool:
    """A set-aside card moves into the staging area (not revealed: no When Revealed, no keywords):
    the grammar's ``add_to_staging`` (the Nazgûl of Dol Guldur when the prisoner is rescued)."""
    if source not in r.g.set_aside:
        return E.refused(r, cause, f"{source.label} is not set aside, so it does not move", (C.IN_PLAY,))
    r.g.set_aside.remove(source)
    r.g.staging.append(source)
    r.emit(EntersStaging(card=source.label, cause=cause),
           (C.IN_PLAY, C.FAQ_ENTERS_STAGING) + cause.rules, [Change(source.label, "zone", "set aside", "staging area")])
    return True


NAZGUL = "Nazgûl of Dol Guldur"
ASIDE_BEFORE_GUARDS = Interpretation(
    "the Nazgûl is set aside before the objectives are revealed",
    C.SETUP,
    "the setup instructions take it out of the encounter deck with the objectives it names, so no Guarded "
    "objective can draw it as its guard",
)


def set_aside_nazgul(r, cause: Cause, source: Card, controller: Player, play: Play) -> bool:
    """The Necromancer's Tower's setup: the Nazgûl of Dol Guldur is taken from the encounter
    deck and set aside, out of play (In Play and Out of Play), until its Forced effect
    brings it into the staging area."""
    if any(fold(c.name) == fold(NAZGUL) for c in r.g.set_aside):
        r.emit(SetAside(card=NAZGUL, already=True, cause=cause),
               (C.IN_PLAY,) + cause.rules)
        return True
    hit = next((c for c in r.g.encounter_deck if fold(c.name) == fold(NAZGUL)), None)
    if hit is None:
        return E.refused(r, cause, f"{NAZGUL} is not in the encounter deck, so there is nothing to set aside", (C.SEARCH, C.IN_PLAY))
    r.g.encounter_deck.remove(hit)
    r.g.set_aside.append(hit)
    r.emit(SetAside(card=hit.label, cause=cause),
           (C.SEARCH, C.IN_PLAY, C.SETUP) + cause.rules, [Change(hit.label, "zone", "encounter deck", "set aside")],
           interpretation=ASIDE_BEFORE_GUARDS)
    return True


def objectives_held(r) -> set[str]:
    """The objective cards the players hold (claimed: attached to their characters)."""
    return {a.name for p in r.g.players if not p.eliminated for c in p.characters for a in c.attachments if a.type == "objective"}


PRISONER_HATCHES = {
    "random_hero_prisoner": take_prisoner,
    "rescue_prisoner": rescue_prisoner,
    "set_aside_nazgul": set_aside_nazgul,
}
