"""Threat, player elimination, winning and losing, and the score.

- a player whose threat reaches 50 is eliminated at once (Threat Elimination Level;
  FAQ 1.57), as is a player with no heroes left (Player Elimination);
- an eliminated player's hand, cards in play and deck go to the discard pile, engaged
  enemies go back to the staging area with their damage, and the first player token
  passes on at once if it was theirs (First Player; FAQ 1.30);
- the game is lost when every player is eliminated, won when at least one player
  survives the completion of the last quest stage (Winning the Game).
"""

from __future__ import annotations

from adjudicator.lotr.engine import citations as C
from adjudicator.lotr.engine.context import GameOver, Replay, change
from adjudicator.lotr.engine.state import Player

ELIMINATION_THREAT = 50


def raise_threat(r: Replay, player: Player, amount: int, cites: tuple[str, ...], why: str) -> None:
    """Raise (or, with a negative amount, lower) a player's threat; check elimination."""
    if player.eliminated or amount == 0:
        return
    before = player.threat
    after = max(0, before + amount)
    player.threat = after
    extra = (C.FAQ_Q_THREAT_NOT_BELOW_ZERO,) if before + amount < 0 else ()
    r.emit("threat", f"{player.name} threat {before} → {after} ({why})", cites + extra, [change(player.name, "threat", before, after)])
    if after >= ELIMINATION_THREAT:
        eliminate(r, player, f"threat {after} reached {ELIMINATION_THREAT}", (C.THREAT_ELIMINATION, C.PLAYER_ELIMINATION, C.FAQ_THREAT_ELIMINATION))


def check_heroes(r: Replay, player: Player) -> None:
    if not player.eliminated and not player.heroes:
        eliminate(r, player, "no heroes left", (C.PLAYER_ELIMINATION,))


def eliminate(r: Replay, player: Player, why: str, cites: tuple[str, ...]) -> None:
    g = r.g
    player.eliminated = True
    changes = [change(player.name, "eliminated", False, True)]
    moved = []
    for c in player.heroes + player.allies:
        for a in c.attachments:
            a.exhausted = False
            player.discard.insert(0, a)
        c.attachments = []
        c.damage = 0
        c.exhausted = False
        c.committed = False
        player.discard.insert(0, c)
    for c in player.hand + player.deck:
        player.discard.insert(0, c)
    if player.heroes or player.allies or player.hand or player.deck:
        changes.append(change(player.name, "cards to discard pile", len(player.heroes + player.allies + player.hand + player.deck), 0))
    player.heroes, player.allies, player.hand, player.deck = [], [], [], []
    for e in player.engaged:
        g.staging.append(e)
        moved.append(e.label)
        changes.append(change(e.label, "zone", f"engaged with {player.name}", "staging area"))
    player.engaged = []
    text = f"{player.name} is eliminated ({why})"
    if moved:
        text += f"; {', '.join(moved)} return{'s' if len(moved) == 1 else ''} to the staging area with their damage"
    r.emit("eliminated", text, cites + (C.PLAYER_ELIMINATION,), changes)
    remaining = g.in_player_order() if g.players else []
    if not remaining:
        g.outcome = "lost"
        r.emit("game-lost", "every player is eliminated: the players lose", (C.PLAYER_ELIMINATION, C.WINNING), [change("game", "outcome", None, "lost")])
        raise GameOver()
    if g.players[g.first] is player:
        before = player.name
        n = len(g.players)
        for i in range(1, n + 1):
            cand = g.players[(g.first + i) % n]
            if not cand.eliminated:
                g.first = (g.first + i) % n
                break
        r.emit(
            "first-player",
            f"the first player token passes at once from {before} to {g.first_player.name}",
            (C.FIRST_PLAYER, C.FAQ_FIRST_PLAYER_ELIMINATION),
            [change("first player", "token", before, g.first_player.name)],
        )


def win(r: Replay, why: str) -> None:
    r.g.outcome = "won"
    r.emit("game-won", f"the players win: {why}", (C.WINNING,), [change("game", "outcome", None, "won")])
    raise GameOver()


def score(g) -> dict:
    """The score (lower is better): threat (50 for an eliminated player) + threat cost of
    dead heroes + damage on surviving heroes + 10 per completed round - victory points."""
    threat = sum(ELIMINATION_THREAT if p.eliminated else p.threat for p in g.players)
    dead = sum(c.card.stat("threat_cost") or 0 for p in g.players for c in p.discard if c.type == "hero")
    damage = sum(h.damage for p in g.players if not p.eliminated for h in p.heroes)
    victory = sum(c.keyword("victory") for c in g.victory_display)
    total = threat + dead + damage + 10 * g.rounds_completed - victory
    return {
        "threat": threat,
        "dead_heroes": dead,
        "damage_on_heroes": damage,
        "rounds": g.rounds_completed,
        "victory_points": victory,
        "total": total,
    }
