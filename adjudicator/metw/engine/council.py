"""The Free Council and marshalling points (Starter §1, Standard §1).

Before the Council every character makes a corruption check, the player who took the last
turn first; a character who fails no longer counts.  One Wizard failing: the other player
wins; both: both lose.  Then marshalling points are totalled: in the Starter rules a plain
sum; in the Standard rules by type (character, item, faction, ally, kill, miscellaneous),
doubling a type the opponent has none of (not kill or miscellaneous), capping any one type
at half the total (option ``mp_half_cap``), then one point off for each of the opponent's
unique cards matched by a card revealed from hand.  The most points wins; a tie, both win.
"""

from __future__ import annotations

from typing import Any

from adjudicator.engine import Change, Emitter, IllegalDecision, Interpretation

from . import citations as C
from .corruption import corruption_check, corruption_points
from .state import MP_TYPES, Game, half_up

PHASE = "free-council"


def raw_points(game: Game, player: str) -> dict[str, int]:
    """Points by type from cards in play and in the marshalling point pile."""
    out = dict.fromkeys(MP_TYPES, 0)
    for char in game.player_characters(player):
        out["character"] += char.mp
        for item in char.items:
            out[item.mp_type] += item.mp
        for ally in char.allies:
            out["ally"] += ally.mp
    pl = game.players[player]
    for faction in pl.factions:
        out["faction"] += faction.mp
    for card in pl.mp_pile:
        out[card.mp_type] += card.mp
    for kind, value in pl.extra_mp.items():
        out[kind] += value
    return out


def unique_cards_in_play(game: Game, player: str) -> set[str]:
    names: set[str] = set()
    for char in game.player_characters(player):
        names.add(char.name)
        names.update(i.name for i in char.items if i.unique)
        names.update(a.name for a in char.allies if a.unique)
    names.update(f.name for f in game.players[player].factions if f.unique)
    return names


def cap(points: dict[str, int], mode: str) -> tuple[dict[str, int], list[str]]:
    """Cut any one type down to half of the total (see the option table for ``mode``)."""
    out = dict(points)
    notes = []
    for kind in MP_TYPES:
        others = sum(v for k, v in out.items() if k != kind)
        value = out[kind]
        if value <= 0:
            continue
        if mode == "example":
            limit = max(others, 0)
        else:  # literal-round-up: the largest x with x <= ceil((x + others) / 2)
            limit = value
            while limit > 0 and limit > half_up((limit + others) / 2):
                limit -= 1
        if value > limit:
            out[kind] = limit
            notes.append(f"{kind} {value} → {limit}")
    return out, notes


def totals(game: Game, emit: Emitter, reveals: dict[str, list[str]] | None = None) -> dict[str, Any]:
    players = list(game.players)
    raw = {p: raw_points(game, p) for p in players}
    result: dict[str, Any] = {"raw": {p: sum(raw[p].values()) for p in players}, "by_type": raw}
    for p in players:
        emit("raw-points",
             f"{p}: " + ", ".join(f"{k} {v}" for k, v in raw[p].items() if v) + f" → {sum(raw[p].values())} points",
             [C.FREE_COUNCIL] + ([C.MP_MODIFICATIONS] if game.options.standard else []), step="council.points",
             phase=PHASE)
    if not game.options.standard:
        final = {p: sum(raw[p].values()) for p in players}
        result["final"] = final
        return _winner(game, emit, result, final)
    doubled = {p: dict(raw[p]) for p in players}
    for p in players:
        opp = game.opponent(p)
        if not opp:
            continue  # a one-player position: nothing to compare with
        for kind in ("character", "item", "faction", "ally"):
            if raw[opp][kind] <= 0 and raw[p][kind] > 0:
                doubled[p][kind] = raw[p][kind] * 2
                emit("doubled",
                     f"{opp} has no {kind} points: {p}'s {kind} points double {raw[p][kind]} → {doubled[p][kind]}",
                     [C.MP_MODIFICATIONS], [Change(p, f"{kind} points", raw[p][kind], doubled[p][kind])],
                     step="council.points", phase=PHASE)
    mode = game.options.mp_half_cap
    capped = {}
    for p in players:
        capped[p], notes = cap(doubled[p], mode)
        if notes:
            emit("half-cap", f"{p}: no more than half the points from one type: " + ", ".join(notes)
                             + f" → {sum(capped[p].values())} points", [C.MP_MODIFICATIONS, C.MP_MODIFICATIONS_EXAMPLE],
                 step="council.points", phase=PHASE, interpretation=Interpretation(
                     f"mp_half_cap={mode}", C.MP_MODIFICATIONS_EXAMPLE if mode == "example" else C.MP_MODIFICATIONS,
                     "one type may not exceed the sum of the others (as the worked example computes)" if mode == "example"
                     else "a type may be at most half of the final total, rounded up (as the rule is worded)"))
    final = {p: sum(capped[p].values()) for p in players}
    for p, names in (reveals or {}).items():
        if p not in game.players:
            raise IllegalDecision(f"unknown player {p!r} revealing cards", (C.MP_MODIFICATIONS,))
        opp = game.opponent(p)
        in_play = unique_cards_in_play(game, opp)
        hand = game.players[p].hand
        for name in names:
            if hand and name not in hand:
                raise IllegalDecision(f"{p} has no {name} in hand to reveal", (C.MP_MODIFICATIONS,))
            if name not in in_play:
                raise IllegalDecision(f"{name} does not match a unique card {opp} has in play", (C.MP_MODIFICATIONS,))
        if names:
            before = final[opp]
            final[opp] -= len(names)
            emit("reveals",
                 f"{p} reveals {', '.join(names)}, matching {opp}'s unique cards: {opp} {before} → {final[opp]}",
                 [C.MP_MODIFICATIONS], [Change(opp, "marshalling points", before, final[opp])], step="council.points",
                 phase=PHASE)
    result["doubled"] = {p: sum(doubled[p].values()) for p in players}
    result["capped"] = {p: sum(capped[p].values()) for p in players}
    result["final"] = final
    return _winner(game, emit, result, final)


def _winner(game: Game, emit: Emitter, result: dict[str, Any], final: dict[str, int]) -> dict[str, Any]:
    best = max(final.values()) if final else 0
    winners = [p for p, v in final.items() if v == best]
    game.winner = winners
    result["winner"] = winners
    emit("winner", ", ".join(f"{p} {v}" for p, v in final.items()) + ": "
                   + (f"{winners[0]} wins" if len(winners) == 1 else "a tie, both players win"),
         [C.FREE_COUNCIL] + ([C.COUNCIL_TIE] if len(winners) > 1 else []), step="council.points", phase=PHASE)
    return result


def may_call(game: Game, emit: Emitter, decl: dict[str, Any]) -> dict[str, Any]:
    """Whether a player may call the Council at the end of his turn (unmodified points)."""
    player = decl["player"]
    decks = int(decl.get("game_length", 1))
    exhausted = int(decl.get("exhausted", 0))
    points = sum(raw_points(game, player).values())
    thresholds = {1: 20, 2: 25, 3: 30, 4: 40}
    threshold = thresholds.get(decks, 20)
    if decks == 1 and decl.get("starter_deck_only"):
        threshold = 18
    need_exhaustions = decks - 1  # with the points
    by_decks = exhausted >= decks
    by_points = points >= threshold and exhausted >= need_exhaustions
    allowed = by_decks or by_points
    both = decl.get("opponent_exhausted")
    starts = both is not None and exhausted >= decks and int(both) >= decks
    cites = [C.VICTORY] + ([C.STARTER_DECK_THRESHOLD] if decl.get("starter_deck_only") else []) \
        + ([C.LONGER_GAMES] if decks > 1 else []) + [C.MP_UNMODIFIED_TO_CALL]
    emit("may-call",
         f"{player}: {decks}-deck game, play deck exhausted {exhausted} time(s), {points} unmodified points "
         f"(threshold {threshold}): " + ("may call the Free Council" if allowed else "may not call the Free Council yet")
         + ("; both play decks are exhausted enough: the Council starts at the end of this turn" if starts else
            ("; if called, the opponent gets one last turn" if allowed else "")), cites, step="council.call",
         phase=PHASE)
    return {"player": player, "points": points, "threshold": threshold, "allowed": allowed, "starts": starts}


def free_council(game: Game, emit: Emitter, decl: dict[str, Any]) -> dict[str, Any]:
    """Pre-council corruption checks, then the tally."""
    last = decl.get("last_turn") or game.turn_player
    if last not in game.players:
        raise IllegalDecision(f"who took the last turn? {last!r} is not a player", (C.FREE_COUNCIL,))
    order = [q for q in (last, game.opponent(last)) if q in game.players]
    checks = decl.get("checks", []) or []
    by_player: dict[str, list[dict]] = {p: [] for p in order}
    for entry in checks:
        char = game.characters.get(entry.get("character"))
        if char is None:
            raise IllegalDecision(f"{entry.get('character')!r} is not a character in play", (C.FREE_COUNCIL,))
        by_player[char.player].append(entry)
    emit("pre-council", f"every character makes a corruption check, {last} (last turn) first; no hazards may be played",
         [C.FREE_COUNCIL, C.COUNCIL_NO_UNTAP], step="council.checks", phase=PHASE)
    at_risk = {}
    for p in order:
        for char in sorted(game.player_characters(p), key=lambda c: c.name):
            pts, _ = corruption_points(char)
            if 2 + char.corruption_modifier <= pts:
                at_risk[char.name] = pts
    results = []
    for p in order:
        declared = {e["character"] for e in by_player[p]}
        for entry in by_player[p]:
            results.append(corruption_check(game, emit, entry, council=True))
        unchecked = [c.name for c in game.player_characters(p) if c.name not in declared and c.name in at_risk]
        if unchecked and not decl.get("others_pass", True):
            from .common import need
            need("checks", f"Rolls for {p}'s characters who could fail: {', '.join(unchecked)}", unchecked,
                 [C.FREE_COUNCIL], step="council.checks", player=p)
    wizards_failed = [p for p in order if game.players[p].lost]
    result: dict[str, Any] = {"checks": results, "at_risk": at_risk}
    if wizards_failed:
        if len(wizards_failed) == 2:
            game.winner = []
            text = "both Wizards failed their corruption checks: both players lose"
        else:
            game.winner = [game.opponent(wizards_failed[0])]
            text = f"{wizards_failed[0]}'s Wizard failed: {game.winner[0]} wins"
        emit("game-over", text, [C.FREE_COUNCIL], step="council.checks", phase=PHASE)
        result["winner"] = game.winner
        return result
    emit("gone", "characters who failed no longer count, nor do their non-follower cards", [C.COUNCIL_FAILED_GONE],
         step="council.checks", phase=PHASE)
    result.update(totals(game, emit, decl.get("reveals")))
    return result
