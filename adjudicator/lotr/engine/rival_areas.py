"""A rival's area with its own quest deck (Flight of the Stormcaller: the Stormcaller's area; Race Across Harad:
the Orcs' area): a play area beside the staging area, with its own quest stage, racing the players through a
quest deck of its own (rules_db/lotr/staging_areas.yaml, the scenario's `rival` row).

- At the scenario's moment (the end of the round, or of the quest phase) its stage's Forced effect discards the
  top card of the encounter deck and places progress on the rival's stage: that card's threat (plus the total
  threat in the rival's area, where the row says so).  With its quest points in progress the rival advances to
  the next stage of its own deck.
- While the rival is at a different stage than the players, the cards in its area are not in the staging area:
  they add no threat, cannot be travelled to or engaged, and no card effect reaches them.  When the players'
  main quest and the rival's stage have the same name and stage number, they are: the engine moves them into the
  staging area (`sync`, asked as each framework step begins), and moves those still there back when the stages
  differ again.
"""

from __future__ import annotations

from adjudicator.lotr.engine import citations as C
from adjudicator.lotr.engine.context import Replay, change
from adjudicator.lotr.engine.area_events import RivalAdvances, RivalAreaJoins, RivalProgress


def _same_stage(g, rival) -> bool:
    q, s = g.quest, rival.quest
    return q is not None and s is not None and q.name == s.name and q.card.stage == s.card.stage


def _rule(g) -> tuple[str, ...]:
    row = g.area_rules.get("rival") or {}
    return (row["ruling"],) if row.get("ruling") else ()


def sync(r: Replay) -> None:
    """The rival's cards are in the staging area exactly while the players are at its stage."""
    g = r.g
    if g.everyone is not None:
        return
    for rival in g.rivals:
        same = _same_stage(g, rival)
        if same and not rival.joining:
            rival.joining = True
            moved = list(rival.staging)
            g.staging.extend(moved)
            rival.staging = moved  # remembered: what goes back if the stages part again
            r.emit(RivalAreaJoins(area=rival.name, stage=rival.quest.label, cards=tuple(c.label for c in moved)), _rule(g),
                   [change(c.label, "zone", rival.name, "staging area") for c in moved])
        elif not same and rival.joining:
            rival.joining = False
            back = [c for c in rival.staging if any(c is x for x in g.staging)]
            for c in back:
                g.staging.remove(c)
            rival.staging = back
            r.emit(RivalAreaJoins(area=rival.name, stage=rival.quest.label if rival.quest else "", cards=tuple(c.label for c in back), apart=True),
                   _rule(g), [change(c.label, "zone", "staging area", rival.name) for c in back])


def at_step(r: Replay, sid: str) -> None:
    """At the scenario's moment: each rival's stage discards the top encounter card and takes progress."""
    g = r.g
    row = g.area_rules.get("rival") or {}
    if str(row.get("at")) != sid:
        return
    for rival in g.rivals:
        if rival.quest is None or not g.encounter_deck:
            continue
        top = g.encounter_deck.pop(0)
        g.encounter_discard.insert(0, top)
        counted = [c for c in _cards_of(g, rival) if c.type in ("enemy", "location", "objective", "treachery")]
        area_threat = sum(c.stat("threat") for c in counted) if row.get("plus_area_threat") else 0
        amount = (top.stat("threat") or 0) + area_threat
        before = rival.quest.progress
        rival.quest.progress += amount
        r.emit(RivalProgress(area=rival.name, stage=rival.quest.label, discarded=top.label, threat=top.stat("threat") or 0,
                             area_threat=area_threat, amount=amount),
               _rule(g) + (C.ENCOUNTER_DECK,), [change(top.label, "zone", "encounter deck", "encounter discard pile"),
                                                 change(rival.quest.label, "progress", before, rival.quest.progress)])
        if rival.quest.progress >= rival.quest.stat("quest_points") > 0 and rival.quest_deck:
            done, nxt = rival.quest, rival.quest_deck.pop(0)
            rival.quest = nxt
            r.emit(RivalAdvances(area=rival.name, from_stage=done.label, to_stage=nxt.label, progress=done.progress,
                                 quest_points=done.stat("quest_points")), _rule(g) + (C.QUEST_ADVANCEMENT,),
                   [change(rival.name, "stage", done.label, nxt.label)])


def _cards_of(g, rival):
    if rival.joining:
        return [c for c in rival.staging if any(c is x for x in g.staging)]
    return rival.staging
