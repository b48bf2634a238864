"""Scenario state (the Quest Companion's scenario rulings), applied from the data in
rules_db/lotr/scenario_state.yaml (`scenario_data`):

- **trackers**: a spare threat dial counting one value for the rest of the game (the
  Ring-bearer's life, the pursuit value, the temperature, a city's strength).  A situation gives
  their values (``trackers: {the temperature: 10}``); a card effect changes or sets one
  (`change_tracker`).  The players lose when a tracker reaches its threshold (as it changes, or at
  the end of the round); a tracker may add to the current quest's quest points, or follow the
  damage a card takes.  Healing a character never moves a tracker: it is no hit point.
- **tokens**: scenario tokens on cards (villagers, steeds; attribute tokens give +1 of their stat
  each, `state.Card.stat`), placed, removed and moved by card effects (`set_tokens`, `move_tokens`).
- **conditions of winning**: completing the last stage wins only when the scenario's count holds
  (`complete_last_stage`).
"""

from __future__ import annotations

from adjudicator.engine.trace import Interpretation
from adjudicator.lotr.engine import citations as C
from adjudicator.lotr.engine import scenario_data as D
from adjudicator.lotr.engine.context import Replay, change
from adjudicator.lotr.engine.elimination import lose, win
from adjudicator.lotr.engine.encounter_events import DamageDealt, StageAdvanced
from adjudicator.lotr.engine.events import RoundEnds, TokensChanged, TrackerAddsQuestPoints, TrackerChanged
from adjudicator.lotr.engine.modifiers import Modifier
from adjudicator.lotr.engine.state import Card

WIN_UNMET = Interpretation(
    "a scenario's condition of winning unmet at the last stage loses the game",
    C.WINNING,
    "the rulings say only what winning needs; with the last stage completed the game cannot go on, so the players "
    "lose when the count does not hold",
)


def ruling_of(name: str) -> tuple[str, ...]:
    rid = D.trackers().get(name, {}).get("ruling")
    return (rid,) if rid else ()


def token_ruling(token: str) -> tuple[str, ...]:
    rid = D.tokens().get(token, {}).get("ruling")
    return (rid,) if rid else ()


def attach(r: Replay) -> None:
    """Subscribe the trackers' moments to the replay's events; the quest points a tracker adds
    are applied to the current stage from the start."""
    r.bus.subscribe(RoundEnds, _round_ends)
    r.bus.subscribe(DamageDealt, _damage_dealt)
    r.bus.subscribe(StageAdvanced, lambda r, ev: _quest_points(r))
    if r.g.trackers:
        _quest_points(r)


def change_tracker(r: Replay, name: str, amount: int | None = None, value: int | None = None, why: str = "",
                   cites: tuple[str, ...] = (), cause=None) -> bool:
    """Raise (``amount`` > 0) or lower a tracker, or set it (``value``); never below 0.  The
    players lose at once when it reaches a threshold checked as it changes."""
    g = r.g
    before = g.trackers.get(name)
    if before is None and value is None:
        before = D.trackers().get(name, {}).get("start")
    if before is None and value is None:
        r.emit(TrackerChanged(tracker=name, before=None, after=0, why="it has no value yet: the scenario's setup sets it", cause=cause),
               cites + ruling_of(name))
        return False
    after = max(0, value if value is not None else before + int(amount or 0))
    g.trackers[name] = after
    r.emit(TrackerChanged(tracker=name, before=before, after=after, why=why, cause=cause), cites + ruling_of(name),
           [change(name, "value", before, after)])
    _quest_points(r)
    lost = _threshold(name, after, at_round_end=False)
    if lost:
        lose(r, lost, ruling_of(name), cause=cause)
    return True


def _threshold(name: str, value: int, at_round_end: bool) -> str:
    """Why the players lose with the tracker at ``value`` ('' when they do not)."""
    rule = D.trackers().get(name, {}).get("lose") or {}
    if bool(rule.get("at") == "end of round") != at_round_end:
        return ""
    if "at_most" in rule and value <= int(rule["at_most"]):
        return f"{name} is {value}, at or below {rule['at_most']}"
    if "at_least" in rule and value >= int(rule["at_least"]):
        return f"{name} is {value}, at or above {rule['at_least']}" + (" at the end of the round" if at_round_end else "")
    return ""


def _round_ends(r: Replay, ev) -> None:
    for card in list(r.g.cards_in_play()):  # an objective whose damage decides the game (Minas Tirith)
        row = D.objectives().get(card.name)
        if row is not None and card.type == "objective" and card.damage >= card.stat("hit_points") > 0:
            lose(r, f"{card.label} has {card.damage} damage, its hit points, at the end of the round", (row["ruling"], C.HIT_POINTS, C.step("0.1")))
    for name, value in list(r.g.trackers.items()):
        lost = _threshold(name, value, at_round_end=True)
        if lost:
            lose(r, lost, ruling_of(name) + (C.step("0.1"),))


def _damage_dealt(r: Replay, ev: DamageDealt) -> None:
    """A tracker that follows a card's damage (a city's strength): lowered by the damage it takes."""
    if not r.g.trackers:
        return
    for name, row in D.trackers().items():
        on = row.get("damage_on")
        if not on or name not in r.g.trackers or ev.amount <= 0:
            continue
        card = next((c for c in r.g.cards_in_play() if c.label == ev.card), None)
        if card is not None and card.name == on:
            change_tracker(r, name, amount=-ev.amount, why=f"{card.label} takes {ev.amount} damage", cites=(C.DAMAGE,))


def _quest_points(r: Replay) -> None:
    """A tracker adding to the quest points: the current stage needs its value more (a modifier
    kept up to date; the stage left behind loses it)."""
    g = r.g
    if not g.trackers:
        return
    for name, row in D.trackers().items():
        if row.get("quest_points") != "add" or name not in g.trackers:
            continue
        for stage in [g.quest, *g.defeated_stages]:
            if stage is not None:
                stage.modifiers = [m for m in stage.modifiers if m.source != name]
        q = g.quest
        if q is None:
            continue
        q.modifiers.append(Modifier("quest_points", "add", g.trackers[name], name))
        r.emit(TrackerAddsQuestPoints(tracker=name, value=g.trackers[name], stage=q.label, printed=q.card.stat("quest_points") or 0,
                                      quest_points=q.stat("quest_points")), ruling_of(name) + (C.MODIFIERS,))


def count(card: Card | None, token: str) -> int:
    """How many ``token`` a card holds: its damage, progress or resources, or scenario tokens."""
    if card is None:
        return 0
    if token in D.CARD_COUNTS:
        return getattr(card, token)
    return card.tokens.get(token, 0)


def set_tokens(r: Replay, card: Card, token: str, after: int, cites: tuple[str, ...] = (), cause=None) -> None:
    """Put ``card``'s ``token`` tokens at ``after`` (never below 0), with its trace step."""
    before = card.tokens.get(token, 0)
    after = max(0, after)
    if after == before:
        return
    card.tokens[token] = after
    r.emit(TokensChanged(card=card.label, token=token, before=before, after=after, attribute=D.is_attribute(token), cause=cause),
           cites + token_ruling(token), [change(card.label, f"{token} tokens", before, after)])


def move_tokens(r: Replay, src: Card, dst: Card, token: str, amount: int | None, cites: tuple[str, ...] = (), cause=None) -> int:
    """Move ``amount`` (None: all) of ``src``'s ``token`` tokens to ``dst``; how many moved."""
    have = src.tokens.get(token, 0)
    n = have if amount is None else min(have, amount)
    if n:
        set_tokens(r, src, token, have - n, cites, cause)
        set_tokens(r, dst, token, dst.tokens.get(token, 0) + n, cites, cause)
    return n


def _card_titled(r: Replay, name: str) -> Card | None:
    return next((c for c in r.g.cards_in_play() if c.name == name), None)


def complete_last_stage(r: Replay, why: str) -> None:
    """The players complete the last quest stage: they win, unless a scenario's condition of
    winning (one of its cards in play) does not hold; then they lose (`WIN_UNMET`)."""
    for row in D.wins():
        more, than = row["more"], row["than"]
        a, b = _card_titled(r, more["card"]), _card_titled(r, than["card"])
        if a is None and b is None:
            continue
        n, m = count(a, more["token"]), count(b, than["token"])
        rid = (row["ruling"],)
        said = f"{n} {more['token']} on {more['card']} against {m} {than['token']} on {than['card']}"
        if n > m:
            win(r, f"{why}, with {said}", rid)
        lose(r, f"{why}, but with {said} the players have not won", rid, interpretation=WIN_UNMET)
    win(r, why)
