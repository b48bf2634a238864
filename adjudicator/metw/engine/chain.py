"""The chain of effects (Starter §10 Actions and Card Play, Standard §10 Timing Rules) and
revealing on-guard cards (Standard §10, old and revised rules).

A chain resolves last declared first.  An action is negated when something it needs was
taken away by an action resolved before it, or when an action resolved before it cancels
its effect.  The card texts are not in the rules, so each declaration states what it needs
(``requires``), what it takes away once resolved (``removes``) and which earlier
declarations it cancels (``cancels``).
"""

from __future__ import annotations

from typing import Any

from adjudicator.engine import Emitter, IllegalDecision, Interpretation

from . import citations as C

PHASE = "chain"


def resolve_chain(game, emit: Emitter, decl: dict[str, Any]) -> dict[str, Any]:
    actions = list(decl.get("actions", []) or [])
    if not actions:
        raise IllegalDecision("a chain of effects needs at least one declared action", (C.TIMING_RULES,))
    ids = [str(a.get("id", i + 1)) for i, a in enumerate(actions)]
    if len(set(ids)) != len(ids):
        raise IllegalDecision("each declared action needs its own id", (C.TIMING_RULES,))
    first = actions[0].get("player")
    emit("declared",
         "declared in order: " + "; ".join(f"{i}. {a.get('action', '?')} ({a.get('player', '?')})" for i, a in zip(ids, actions))
         + (f"; {first} declared first" if first else ""), [C.ACTIONS, C.TIMING_RULES], step="chain.declare",
         phase=PHASE)
    removed: set[str] = set()
    canceled: dict[str, str] = {}
    order = []
    for ident, action in reversed(list(zip(ids, actions))):
        name = action.get("action", ident)
        missing = [f for f in action.get("requires", []) or [] if f in removed]
        if ident in canceled:
            status = "no effect"
            text = f"{ident}. {name}: resolves, but {canceled[ident]} negates its effect"
        elif missing:
            status = "negated"
            text = f"{ident}. {name}: negated, its condition is gone ({', '.join(missing)})"
        else:
            status = "resolved"
            text = f"{ident}. {name}: takes effect"
            for target in action.get("cancels", []) or []:
                canceled[str(target)] = name
            removed.update(action.get("removes", []) or [])
            if action.get("removes"):
                text += f" ({', '.join(action['removes'])} no longer holds)"
        order.append({"id": ident, "action": name, "status": status})
        emit(status.replace(" ", "-"), text, [C.TIMING_RULES] + ([C.DICE_TIMING] if action.get("roll") else []),
             step="chain.resolve", phase=PHASE)
    return {"order": [o["id"] for o in order], "results": order}


FORBIDDEN = {
    "returns_to_origin": "returns the company to its site of origin",
    "taps_site": "taps the company's site",
    "removes_character": "may remove a character from the company",
    "forces_nothing": "forces the company to do nothing in its site phase",
}


def reveal_on_guard(game, emit: Emitter, decl: dict[str, Any]) -> dict[str, Any]:
    """May this on-guard card be revealed now?  ``moment``: automatic-attack | site-card."""
    rule = game.options.on_guard_rule
    card = decl.get("card", {}) or {}
    name = card.get("name", "the on-guard card")
    moment = decl.get("moment")
    if moment not in ("automatic-attack", "site-card"):
        raise IllegalDecision("moment must be automatic-attack (the company will face the site's automatic-attacks) "
                              "or site-card (a card that may tap the site is declared)", (C.ON_GUARD_REVISED,))
    creature = card.get("type") == "creature"
    reasons: list[str] = []
    allowed = False
    if rule == "revised":
        cite = C.ON_GUARD_REVISED
        for flag, why in FORBIDDEN.items():
            if card.get(flag):
                reasons.append(f"it {why}")
        if card.get("traitor"):
            reasons.append("the revised rule names it as never revealable")
        if moment == "automatic-attack":
            if not decl.get("site_has_automatic_attack", True):
                reasons.append("the site has no automatic-attack")
            elif creature and card.get("keyed_to_site"):
                allowed = True
            elif card.get("modifies_automatic_attack"):
                allowed = True
            else:
                reasons.append("only a creature keyed to the site or a hazard modifying the automatic-attack itself")
        else:
            if decl.get("ring_test"):
                reasons.append("testing for and playing a ring special item is not such a card")
            elif not card.get("affects_company"):
                reasons.append("it would not affect the company or its characters this site phase")
            elif not card.get("targets_existed", True):
                reasons.append("it could not have been played in the movement/hazard phase (its target did not exist)")
            else:
                allowed = True
        allowed = allowed and not reasons
    else:
        cite = C.ON_GUARD_OLD
        if moment == "automatic-attack":
            allowed = bool((creature and card.get("keyed_to_site")) or card.get("modifies_automatic_attack"))
            if not allowed:
                reasons.append("only a creature keyed to the site or a hazard modifying the automatic-attack")
        else:
            allowed = (not creature) and bool(card.get("affects_company"))
            if not allowed:
                reasons.append("only a non-creature hazard directly affecting the company")
    text = f"{name} ({moment}): " + ("may be revealed" if allowed else "may not be revealed: " + "; ".join(reasons))
    if allowed and creature and moment == "automatic-attack":
        text += "; it attacks after the automatic-attack, as a hazard creature"
    emit("on-guard", text, [cite] + ([C.ON_GUARD_RETROACTIVE] if allowed and rule == "revised" else []),
         step="chain.on-guard", phase="site", interpretation=Interpretation(f"on_guard_rule={rule}", cite))
    return {"card": name, "allowed": allowed, "reasons": reasons, "counts_against_hazard_limit": True}
