"""Every phrase of an ability checked as the card data is read (the library's files and a
situation's ``abilities: cards:``): targets, players, amounts, conditions, trigger subjects,
restrictions, the arguments each effect takes.  A phrase outside the grammar is a problem
at its ``file:line:column`` (the column of the word that could not be read) with a "did you
mean"; `load.py` collects them into one `InputError`.
"""

from __future__ import annotations

import re

from adjudicator.engine.situation import Node, Problems, did_you_mean
from adjudicator.lotr.engine.separate_decks import deck_words
from adjudicator.lotr.abilities.grammar import words as W
from adjudicator.lotr.abilities.grammar.amounts import parse_amount
from adjudicator.lotr.abilities.grammar.conditions import parse_condition
from adjudicator.lotr.abilities.grammar.restrictions import parse_restriction
from adjudicator.lotr.abilities.grammar.subjects import parse_subject
from adjudicator.lotr.abilities.grammar.targets import PhraseError, parse_player, parse_target
from adjudicator.lotr.abilities.choose import names_in
from adjudicator.lotr.engine import scenario_data
from adjudicator.lotr.engine.cards import card_book

# The arguments an effect may carry, by what they hold.
TARGET_KEYS = ("target", "attacker", "replaces", "with", "onto", "for_each")
PLAYER_KEYS = ("player",)
AMOUNT_KEYS = ("amount", "value", "count")
FLAG_KEYS = ("optional", "random", "bypass", "reveal", "alone", "keep_in_play")
WORD_KEYS = {
    "stat": ("willpower", "attack", "defense", "hit_points", "threat", "cost", "engagement_cost"),
    "how": ("add", "subtract", "set", "double", "halve"),
    "set": ("current", "dynamic"),
    "from": ("self", "attached hero", "hand", "top of deck", "top of discard pile", "top of your deck"),
    "deck": ("encounter", "encounter and discard pile", "each player's own", "chosen", "your deck", *deck_words()),
    "rest": ("top in any order",),
    "to": ("staging area", "play", "its owner's discard pile", "bottom of the encounter deck", "another player", "engaged with you", "card effects"),
    "when": ("each staging step",),
    "occurrence": ("the draw", "going to the discard pile", "progress placed on it", "returning to the staging area", "the damage"),
    "control": ("you", "its owner"),
    "icon": ("leadership", "tactics", "spirit", "lore"),
    "direction": ("west", "east"),  # move_stage: towards the first staging area listed, or the last (engine/staging_areas.py)
    "type": ("hero", "ally"),
}
OTHER_KEYS = ("what", "trait", "keyword", "for", "undefended", "override", "condition", "effects", "name", "why", "stage",
              "options", "take", "attack_bonus", "otherwise", "among", "tracker", "token", "as")
ARG_KEYS = (*TARGET_KEYS, *PLAYER_KEYS, *AMOUNT_KEYS, *FLAG_KEYS, *WORD_KEYS, *OTHER_KEYS)


def _at(node: Node, offset: int, lines: list[str] | None) -> Node:
    """The node moved to the character ``offset`` of its scalar (past an opening quote)."""
    col = node.column
    if lines and 0 < node.line <= len(lines):
        line = lines[node.line - 1]
        if col - 1 < len(line) and line[col - 1] in "'\"":
            col += 1
    return Node(node.value, node.line, col + max(0, offset), node.path, node.key_lines)


def _phrase(node: Node, problems: Problems, lines, what: str, parse) -> object | None:
    try:
        return parse(node.value if isinstance(node.value, str) else str(node.value))
    except PhraseError as exc:
        problems.add(_at(node, exc.offset, lines), f"{what}: {exc.message}", repr(node.value), exc.suggestions)
        return None


def target(node: Node, problems: Problems, lines=None) -> None:
    if isinstance(node.value, (dict, list)):
        problems.add(node, "a target phrase (docs/abilities.md, 'Targets')", "a " + type(node.value).__name__)
        return
    _phrase(node, problems, lines, "a target", parse_target)


def player(node: Node, problems: Problems, lines=None) -> None:
    _phrase(node, problems, lines, "a player", parse_player)


def amount(node: Node, problems: Problems, lines=None) -> None:
    if isinstance(node.value, bool):
        problems.add(node, "an amount", repr(node.value))
        return
    _phrase(node, problems, lines, "an amount", parse_amount)


def condition(node: Node, problems: Problems, lines=None) -> None:
    _phrase(node, problems, lines, "a condition", parse_condition)


def subject(node: Node, problems: Problems, lines=None) -> None:
    """A trigger's subject: ``self``, a phase, one of `words.SUBJECTS`, or a target phrase."""
    text = str(node.value)
    try:
        parse_subject(text)
    except PhraseError as exc:
        problems.add(_at(node, exc.offset, lines), f"a trigger subject (self, a phase, {', '.join(W.SUBJECTS[:3])}, or a target "
                     f"phrase): {exc.message}", repr(text), exc.suggestions or did_you_mean(text, [*W.SUBJECTS, *W.PHASES]))


def restriction(node: Node, problems: Problems, lines=None) -> None:
    """A ``cannot`` phrase: one of `restrictions.PHRASES` or its patterns."""
    _phrase(node, problems, lines, "a restriction", parse_restriction)


def searched_for(node: Node, problems: Problems, lines=None) -> None:
    """What a search looks for: card names ("one Forest Spider and one Old Forest Road") or
    "a TRAIT of each player's choice"."""
    text = str(node.value)
    m = re.fullmatch(r"an? (\S+) of each player's choice", text)
    if m:
        if m.group(1) not in W.TRAITS:
            problems.add(_at(node, m.start(1), lines), "a trait", repr(m.group(1)), did_you_mean(m.group(1), list(W.TRAITS)))
        return
    if not names_in(text):
        problems.add(node, "cards of the library ('one Forest Spider and one Old Forest Road') or 'a TRAIT of each "
                     "player's choice'", repr(text), card_book().suggest(text))


def effect(node: Node, op: str, problems: Problems, lines=None) -> None:
    """The arguments of one effect (its ``op`` already checked)."""
    keys = [key for key, _ in node.items()]
    if "otherwise" in keys and "target" not in keys and op != "python":
        problems.add(node.get("otherwise"), "otherwise: on an effect with a target, resolved instead when the target phrase names "
                     "nothing (must X or Y: docs/abilities.md)", f"an {op} effect without a target")
    for key, child in node.items():
        if key == "op":
            continue
        if key not in ARG_KEYS:
            problems.add(child, f"a known argument of an effect ({', '.join(ARG_KEYS[:12])}, ...)", f"unknown key {key!r}",
                         did_you_mean(key, ARG_KEYS))
            continue
        value = child.value
        if key in TARGET_KEYS:
            target(child, problems, lines)
        elif key in PLAYER_KEYS:
            player(child, problems, lines)
        elif key in AMOUNT_KEYS:
            amount(child, problems, lines)
        elif key in FLAG_KEYS:
            if not isinstance(value, bool):
                problems.add(child, f"true or false ({key})", repr(value))
        elif key in WORD_KEYS:
            if str(value) not in WORD_KEYS[key]:
                problems.add(child, f"one of {', '.join(WORD_KEYS[key])} ({key})", repr(value), did_you_mean(str(value), WORD_KEYS[key]))
        elif key == "condition":
            condition(child, problems, lines)
        elif key == "what":
            if op == "cannot":
                restriction(child, problems, lines)
            elif op == "cancel" and str(value) not in W.CANCELS:
                problems.add(child, "what a cancel cancels (" + ", ".join(W.CANCELS) + ")", repr(value), did_you_mean(str(value), W.CANCELS))
        elif key == "trait" and str(value) not in W.TRAITS:
            problems.add(child, "a trait", repr(value), did_you_mean(str(value), W.TRAITS))
        elif key == "keyword" and str(value) not in W.KEYWORDS:
            problems.add(child, "a keyword", repr(value), did_you_mean(str(value), W.KEYWORDS))
        elif key == "for":
            searched_for(child, problems, lines)
        elif key == "tracker" and scenario_data.tracker_named(str(value)) is None:
            problems.add(child, "the name of a scenario tracker (rules_db/lotr/scenario_state.yaml)", repr(value),
                         did_you_mean(str(value), list(scenario_data.trackers())))
        elif key == "token" and str(value) not in (*scenario_data.tokens(), *scenario_data.CARD_COUNTS):
            problems.add(child, "a kind of scenario token (rules_db/lotr/scenario_state.yaml)", repr(value),
                         did_you_mean(str(value), list(scenario_data.tokens())))
        elif key == "as" and str(value) not in scenario_data.face_down_enemies():
            problems.add(child, "the name of a scenario's face-down enemy (rules_db/lotr/scenario_state.yaml)", repr(value),
                         did_you_mean(str(value), list(scenario_data.face_down_enemies())))
        elif key == "name" and op == "scenario_effect" and str(value) not in scenario_data.effects():
            problems.add(child, "the name of a scenario effect (rules_db/lotr/scenario_state.yaml)", repr(value),
                         did_you_mean(str(value), list(scenario_data.effects())))
        elif key == "among":
            names = child.plain() if isinstance(child.plain(), list) else None
            if not names:
                problems.add(child, "among: a list of cards of the library", repr(child.plain()))
            else:
                for n in names:
                    if card_book().get(str(n)) is None:
                        problems.add(child, "among: cards of the library", repr(n), card_book().suggest(str(n)))
        elif key == "override":
            if not isinstance(value, dict) or "condition" not in value:
                problems.add(child, "override: {condition: ..., and the arguments used instead while it holds}", repr(child.plain()))
            else:
                effect(child, op, problems, lines)
        elif key == "undefended":
            if not isinstance(value, dict):
                problems.add(child, "the arguments that replace the effect's own when the attack is undefended", repr(child.plain()))
            else:
                effect(child, op, problems, lines)
        elif key in ("take", "attack_bonus", "stage") and not (isinstance(value, int) and not isinstance(value, bool)):
            problems.add(child, f"a whole number ({key})", repr(value))
