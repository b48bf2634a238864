"""Encounter phase: 5.2 optional engagement, 5.3 engagement checks.

- optional engagement: in player order, each player may engage one enemy in the staging
  area, whatever its engagement cost (Optional Engagement; FAQ Q10);
- engagement checks: the first player, then each next player, makes one check: the
  enemy with the highest engagement cost at or below that player's threat engages them;
  rounds of checks go on until no enemy in the staging area can engage anyone (5.3;
  Engagement Check).  A tie in engagement cost is not covered by the documents: the
  first player decides (interpretation, leaning on First Player).
"""

from __future__ import annotations

from adjudicator.engine.decisions import Option
from adjudicator.lotr.engine import citations as C
from adjudicator.lotr.engine import staging_areas
from adjudicator.lotr.engine.context import FIRST_PLAYER_DECIDES, Replay, change, handles
from adjudicator.lotr.engine.encounter_events import EnemyEngaged, EngagementChecksEnd, NoEngagementChecks, NoOptionalEngagement
from adjudicator.lotr.engine.modifiers import modifiers_rule
from adjudicator.lotr.engine.state import Card, Player

# The end of Setup (the quest card flipped as a replay starts) registers its step handler
# here, with the rule modules the framework imports.
from adjudicator.lotr.engine import setup as _setup  # noqa: E402,F401


def engage(r: Replay, p: Player, enemy: Card, event: EnemyEngaged, cites, interpretation=None) -> None:
    r.g.staging.remove(enemy)
    p.engaged.append(enemy)
    r.emit(event, tuple(cites) + (C.ENGAGED,), [change(enemy.label, "zone", "staging area", f"engaged with {p.name}")], interpretation)


@handles("5.2")
def optional_engagement(r: Replay) -> None:
    g = r.g
    for p in g.in_player_order():
        enemies = [c for c in g.staging if c.type == "enemy" and r.hooks.cannot(r, "be optionally engaged", c.label) is None]
        barred = [c for c in g.staging if c.type == "enemy" and c not in enemies]
        entry = r.take(("5.2",), "engage", p.name)
        extra = r.take(("5.2",), "engage", p.name) if entry is not None else None
        if extra is not None and extra.get("engage"):
            r.illegal(extra, f"{p.name} may optionally engage only one enemy in the encounter phase", (C.step("5.2"), C.OPTIONAL_ENGAGEMENT))
        if not enemies:
            if entry is not None and entry.get("engage") and not _cannot_be_engaged(r, entry, barred):
                apart = staging_areas.apart_rulings(g, str(entry.get("engage")))  # at another staging area: not theirs
                r.illegal(entry, f"there is no enemy {entry.get('engage')!r} in the staging area" + (" (it is at another staging area)" if apart else ""),
                          (C.step("5.2"), C.OPTIONAL_ENGAGEMENT) + apart)
            continue
        if entry is None:
            r.ask(
                "engage",
                f"Does {p.name} optionally engage an enemy in the staging area (any engagement cost), and which?",
                [Option(e.label, f"{e.label} (engagement cost {e.stat('engagement_cost')})", (C.OPTIONAL_ENGAGEMENT,)) for e in enemies]
                + [Option(None, "no optional engagement", (C.step("5.2"),))],
                (C.step("5.2"), C.OPTIONAL_ENGAGEMENT),
                p.name,
                {"step": "5.2", "player": p.name, "engage": None},
            )
        name = entry.get("engage")
        if name is None:
            r.emit(NoOptionalEngagement(player=p.name), (C.step("5.2"), C.OPTIONAL_ENGAGEMENT))
            continue
        enemy = r.find(enemies, name)
        if enemy is None and _cannot_be_engaged(r, entry, barred):
            continue
        if enemy is None:
            apart = staging_areas.apart_rulings(r.g, str(name))  # at another staging area: not theirs to engage
            r.illegal(entry, f"there is no enemy {name!r} in the staging area to engage" + (" (it is at another staging area)" if apart else ""),
                      (C.step("5.2"), C.OPTIONAL_ENGAGEMENT) + apart)
            continue
        engage(
            r,
            p,
            enemy,
            EnemyEngaged(enemy=enemy.label, player=p.name, how="optional", cost=enemy.stat("engagement_cost"), threat=p.threat_value),
            (C.step("5.2"), C.OPTIONAL_ENGAGEMENT, C.FAQ_Q_OPTIONAL_ENGAGEMENT_ORDER),
        )


def _cannot_be_engaged(r: Replay, entry, barred: list[Card]) -> bool:
    """The enemy ``entry`` names is one a card effect forbids to be optionally engaged now
    (Goblin Sniper while other enemies are in the staging area): refused, citing Cannot."""
    enemy = r.find(barred, entry.get("engage"))
    if enemy is None:
        return False
    by = r.hooks.cannot(r, "be optionally engaged", enemy.label)
    r.illegal(entry, f"{enemy.label} cannot be optionally engaged now ({by})", (C.step("5.2"), C.OPTIONAL_ENGAGEMENT, C.CANNOT))
    return True


@handles("5.3")
def engagement_checks(r: Replay) -> None:
    g = r.g
    any_engaged = False
    check_round = 0
    barred = set()
    for p in g.in_player_order():  # a card effect may say no engagement checks are made (Anduin Passage)
        by = r.hooks.cannot(r, "make engagement checks", p.name)
        if by is not None:
            barred.add(p.name)
    if barred and barred == {p.name for p in g.in_player_order()}:
        r.emit(NoEngagementChecks(by=r.hooks.cannot(r, "make engagement checks", g.first_player.name)), (C.step("5.3"), C.CANNOT))
        return
    for name in sorted(barred):
        r.emit(NoEngagementChecks(by=r.hooks.cannot(r, "make engagement checks", name), player=name), (C.step("5.3"), C.CANNOT))
    while True:
        check_round += 1
        engaged_this_pass = False
        for p in g.in_player_order():
            if p.name in barred:
                continue
            # an enemy a card says cannot engage or be engaged makes no engagement (The Nameless Fear)
            enemies = [c for c in g.staging if c.type == "enemy" and r.hooks.cannot(r, "be engaged by an engagement check", c.label) is None]
            can = [e for e in enemies if e.stat("engagement_cost") <= p.threat_value]  # a threat a card sets counts
            if not can:
                continue
            top = max(e.stat("engagement_cost") for e in can)
            tied = [e for e in can if e.stat("engagement_cost") == top]
            interpretation = None
            if len(tied) == 1:
                enemy = tied[0]
            else:
                interpretation = FIRST_PLAYER_DECIDES
                names = {e.label for e in tied}
                entry = r.take(("5.3",), "engage", p.name, match=lambda e: r.find(tied, e.get("engage") or "") is not None)
                if entry is None:
                    r.ask(
                        "engage",
                        f"{len(tied)} enemies tie at engagement cost {top} for {p.name}'s engagement check (threat {p.threat_value}): which engages? (the first player, {g.first_player.name}, decides)",
                        [Option(e.label, e.label, (C.step("5.3"), C.FIRST_PLAYER)) for e in tied],
                        (C.step("5.3"), C.ENGAGEMENT_CHECK, C.FIRST_PLAYER),
                        g.first_player.name,
                        {"step": "5.3", "player": p.name, "engage": sorted(names)[0]},
                    )
                enemy = r.find(tied, entry.get("engage"))
            engage(
                r,
                p,
                enemy,
                EnemyEngaged(enemy=enemy.label, player=p.name, how="check", cost=top, threat=p.threat_value, check=check_round),
                (C.step("5.3"), C.ENGAGEMENT_CHECK) + modifiers_rule(can, "engagement_cost"),
                interpretation,
            )
            engaged_this_pass = any_engaged = True
        if not engaged_this_pass:
            break
    left = tuple((c.label, c.stat("engagement_cost")) for c in g.staging if c.type == "enemy")
    r.emit(EngagementChecksEnd(any_engaged=any_engaged, stay=left), (C.step("5.3"), C.ENGAGEMENT_CHECK))
