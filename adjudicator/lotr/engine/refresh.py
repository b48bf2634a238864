"""Refresh phase: 7.2 ready all cards, 7.3 each player raises threat by 1, 7.4 the first
player token passes to the next player on the left; 0.1 the round ends."""

from __future__ import annotations

from adjudicator.lotr.engine import citations as C
from adjudicator.lotr.engine.context import Replay, change, handles
from adjudicator.lotr.engine.elimination import raise_threat
from adjudicator.lotr.engine.events import AllReady, FirstPlayerPasses, RoundEnds


@handles("7.2")
def ready_cards(r: Replay) -> None:
    changes = []
    for p in r.g.in_player_order():
        for c in p.characters:
            for card in (c, *c.attachments):
                if card.exhausted and r.hooks.ready_in_refresh(r, card):  # a card may hold it back (Caught in a Web)
                    card.exhausted = False
                    changes.append(change(card.label, "exhausted", True, False))
    r.emit(AllReady(cards=tuple(c.target for c in changes)), (C.step("7.2"), C.READY), changes)


@handles("7.3")
def raise_threat_step(r: Replay) -> None:
    for p in r.g.in_player_order():
        raise_threat(r, p, 1, (C.step("7.3"), C.THREAT), "refresh phase")


@handles("7.4")
def pass_first_player_token(r: Replay) -> None:
    g = r.g
    before = g.first_player.name
    n = len(g.players)
    for i in range(1, n + 1):
        cand = (g.first + i) % n
        if not g.players[cand].eliminated:
            g.first = cand
            break
    after = g.first_player.name
    changes = [change("first player", "token", before, after)] if after != before else []
    rules = (C.step("7.4"), C.FIRST_PLAYER)
    # a card in play whose own ruling is on the token passing (an objective-ally that stays or follows it)
    rules += tuple(dict.fromkeys(x for c in g.cards_in_play() for x in r.hooks.rulings_of(c, rules) if x not in rules))
    r.emit(FirstPlayerPasses(before=before, after=after), rules, changes)


@handles("0.1")
def round_ends(r: Replay) -> None:
    g = r.g
    for p in g.players:
        p.optional_engaged = False
        p.attacked_enemies = []
    g.rounds_completed += 1
    r.emit(RoundEnds(round=g.round), (C.step("0.1"), C.FAQ_SCORING), [change("game", "rounds completed", g.rounds_completed - 1, g.rounds_completed)])
    g.round += 1
