"""Corruption (Starter §8, Standard §8): corruption point totals and corruption checks.

Points are the unsigned values on the character's corruption cards and on every card he
controls; signed values modify the roll.  Roll + modifiers (+1 for each helper tapped in
the same company, Standard rules) above the points: nothing happens; equal or one less:
the character is discarded with his non-follower cards; two or more less: he is
eliminated and they are discarded.  A Wizard who fails either way loses the game.
"""

from __future__ import annotations

from typing import Any

from adjudicator.engine import Change, Emitter, IllegalDecision

from . import citations as C
from .common import roll, signed
from .effects import modifiers
from .influence import orphan_followers
from .state import TAPPED, UNTAPPED, Character, Game

PHASE = "corruption"


def corruption_points(char: Character) -> tuple[int, list[str]]:
    parts = [f"{c.name} {c.cp}" for c in char.corruption_cards if c.cp] + [f"{i.name} {i.cp}" for i in char.items if i.cp]
    return char.corruption_points(), parts


def outcome(total: int, points: int) -> str:
    if total > points:
        return "nothing"
    if total >= points - 1:
        return "discarded"
    return "eliminated"


def bands(points: int, modifier: int) -> dict[str, list[int]]:
    """Which rolls (2-12) discard and which eliminate the character."""
    out: dict[str, list[int]] = {"discarded": [], "eliminated": [], "nothing": []}
    for r in range(2, 13):
        out[outcome(r + modifier, points)].append(r)
    return out


def corruption_check(game: Game, emit: Emitter, decl: dict[str, Any], *, council: bool = False) -> dict[str, Any]:
    char = game.characters.get(decl["character"])
    if char is None or not char.in_play:
        raise IllegalDecision(f"{decl['character']!r} is not a character in play", (C.CORRUPTION_CHECKS,))
    points, parts = corruption_points(char)
    emit("corruption-points", f"{char.name}: corruption points {points}" + (f" ({', '.join(parts)})" if parts else ""),
         [C.CORRUPTION_POINTS, C.CHECK_MODIFIERS_SIGNED], step="corruption.points", phase=PHASE)
    modifier = char.corruption_modifier
    pieces = [f"{char.name}'s own {signed(char.corruption_modifier)}"] if char.corruption_modifier else []
    for mod in decl.get("modifiers", []) or []:
        modifier += int(mod.get("value", 0))
        pieces.append(f"{mod.get('source', 'card')} {signed(int(mod.get('value', 0)))}")
    for source, value in modifiers(game, "corruption_check", [char.name], own=(char.name, char.effects), target=char):
        modifier += value
        pieces.append(f"{source} {signed(value)}")
    helpers = list(decl.get("helpers", []) or [])
    cites = [C.CORRUPTION_CHECKS, C.CHECK_MODIFIERS]
    if helpers:
        if not game.options.standard:
            raise IllegalDecision("tapping characters to help a corruption check is a Standard rule", (C.CORRUPTION_HELP,))
        for name in helpers:
            helper = game.characters.get(name)
            if helper is None or not helper.in_play or name == char.name:
                raise IllegalDecision(f"{name!r} cannot help {char.name}'s corruption check", (C.CORRUPTION_HELP,))
            if helper.company != char.company:
                raise IllegalDecision(f"{name} is not in {char.name}'s company; only company members may help",
                                      (C.CORRUPTION_HELP,) + ((C.CORRUPTION_HELP_COUNCIL,) if council else ()))
            if helper.state != UNTAPPED:
                raise IllegalDecision(f"{name} is {helper.state} and cannot tap to help", (C.CORRUPTION_HELP, C.CORRUPTION_HELP_ONE_CHECK))
            helper.state = TAPPED
        modifier += len(helpers)
        pieces.append(f"{len(helpers)} helper(s) tapped +{len(helpers)} ({', '.join(helpers)})")
        cites += [C.CORRUPTION_HELP, C.CORRUPTION_HELP_ONE_CHECK]
    band = bands(points, modifier)
    emit("modifiers", f"modifiers {signed(modifier)}" + (f" ({'; '.join(pieces)})" if pieces else "")
                      + f"; with {points} points: discarded on {_rolls(band['discarded'])}, eliminated on {_rolls(band['eliminated'])}",
         cites, step="corruption.check", phase=PHASE)
    value = roll(decl.get("roll"), f"corruption_check[{char.name}].roll", f"What does {char.player} roll for {char.name}'s corruption check?",
                 [C.CORRUPTION_CHECKS], step="corruption.check", player=char.player)
    total = value + modifier
    result = outcome(total, points)
    text = f"{value} {signed(modifier)} = {total} against {points} points: "
    if result == "nothing":
        emit("check-passed", text + "nothing happens", [C.CORRUPTION_CHECKS], step="corruption.check", phase=PHASE)
    else:
        before = char.state
        char.in_play = False
        discarded_cards = [i.name for i in char.items] + [a.name for a in char.allies] + [c.name for c in char.corruption_cards]
        char.items, char.allies = [], []
        word = "discarded (may be played again later)" if result == "discarded" else "eliminated (never to return)"
        emit(f"character-{result}", text + f"{char.name} fails and is {word}; his non-follower cards are discarded"
                                    + (f" ({', '.join(discarded_cards)})" if discarded_cards else ""),
             [C.CORRUPTION_CHECKS, C.DISCARDED_RETURNS if result == "discarded" else C.ELIMINATED_NEVER],
             [Change(char.name, "state", before, "discard pile" if result == "discarded" else "out of play")],
             step="corruption.check", phase=PHASE)
        orphan_followers(game, emit, char, "corruption.check", PHASE)
        if char.wizard:
            game.players[char.player].lost = True
            if not council:
                game.winner = [game.opponent(char.player)]
            emit("game-over", f"{char.player}'s Wizard failed a corruption check: {char.player} loses",
                 [C.CORRUPTION_CHECKS, C.VICTORY], step="corruption.check", phase=PHASE)
    return {"character": char.name, "points": points, "modifier": modifier, "roll": value, "total": total,
            "outcome": result, "bands": band}


def _rolls(values: list[int]) -> str:
    if not values:
        return "no roll"
    if len(values) == 1:
        return str(values[0])
    return f"{values[0]}–{values[-1]}"
