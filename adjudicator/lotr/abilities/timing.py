"""The order in which abilities that share a moment resolve: one documented sort key.

    key(entry) = (tier, "when" before "after", place within the tier)

Tiers, each with the rule that puts it there:

0. **expiry** -- lasting effects whose duration ends at this moment expire first, just
   before any "at the end of ..." ability (Lasting Effects).
1. **constant** -- constant abilities apply first (Timing of Ability Resolution; FAQ 1.37
   calls them passive, FAQ 1.36).
2. **delayed** -- delayed effects resolve automatically at their moment, before reactions;
   they are not new triggered abilities (Delayed Effects).
3. **forced** -- forced abilities, and the mandatory parts of an encounter card (When
   Revealed, keywords, shadow), before any response to the same condition (Forced; FAQ
   1.09).  A forced effect must be in play when its trigger occurs (FAQ 1.58).
4. **response** -- optional responses: the first player has the first opportunity, then
   the others in player order until all pass; each response once per trigger (Response;
   FAQ 1.08).

Within a tier "when" comes before "after" (Timing of Ability Resolution; Response).
Simultaneous mandatory effects (delayed, forced) are ordered by the first player, whoever
controls them (Forced; Priority of Simultaneous Resolution; FAQ 1.02): the order is a
decision, taken from the file when declared, else shown in file order and reported as
left to the first player.  A player orders their own responses (FAQ Q2).

Cancels are outside the sort: a cancel interrupts the effect it cancels and resolves
first (Cancel; FAQ 1.37); the cancelled effect still counts as used (costs paid, limits
spent, the event still played, the treachery still revealed).  Replacement effects are
initiated among the responses and, once all responses are done, the occurrence resolves
as the most recent one (Replacement Effects).

Open point, named in the output when it matters: the Rules Reference sorts by tier first
and only then by when/after; a file that mixes "when" and "after" across tiers is ordered
that way, with a note.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from msgspec import Struct

from adjudicator.engine.situation import Node, Problems, _type_name, did_you_mean, fold, parse_yaml, read_text
from adjudicator.errors import InputError, UnknownName
from adjudicator.lotr.abilities import cites as C
from adjudicator.lotr.abilities.load import card_abilities
from adjudicator.lotr.abilities.model import LEAVES_PLAY_OPS, Ability
from adjudicator.lotr.engine.schema import SCHEMA
from adjudicator.lotr.abilities.ruling_points import on_point


class Tier(Struct, frozen=True):
    name: str
    rank: int
    rules: tuple[str, ...]
    why: str


TIERS = {
    "expiry": Tier("expiry", 0, (C.LASTING,), "a lasting effect ends as its timing point is reached, before abilities at that point"),
    "constant": Tier("constant", 1, (C.TIMING, C.CONSTANT, C.FAQ_TIMING), "constant abilities come first"),
    "delayed": Tier("delayed", 2, (C.DELAYED,), "a delayed effect resolves at its moment, before reactions"),
    "forced": Tier("forced", 3, (C.TIMING, C.FORCED, C.FAQ_FORCED), "forced effects come before responses to the same condition"),
    "response": Tier("response", 4, (C.TIMING, C.RESPONSE, C.FAQ_TIMING), "responses come last, offered from the first player on"),
}
KIND_TIER = {
    "constant": "constant", "keyword": "forced", "delayed": "delayed", "forced": "forced", "last_gasp": "forced",
    "when_revealed": "forced", "shadow": "forced", "setup": "forced", "travel": "forced",
    "response": "response", "valour": "response", "expiry": "expiry",
}
# The rule of each kind on its own (an ability alone at its moment needs no ordering).
KIND_RULES = {
    "constant": (C.CONSTANT,), "keyword": (C.KEYWORDS,), "delayed": (C.DELAYED,), "forced": (C.FORCED,),
    "when_revealed": (C.REVEAL, C.FAQ_WHEN_REVEALED), "shadow": (C.SHADOW_EFFECTS,), "setup": (C.SETUP,),
    "travel": (C.TRAVEL,), "response": (C.RESPONSE,), "valour": (C.RESPONSE,), "expiry": (C.LASTING,),
    "lost": (C.EFFECTS,), "last_gasp": (C.FORCED, C.QC_LAST_GASP),
}
EXTRA_RULES = {
    "when_revealed": (C.REVEAL, C.FAQ_WHEN_REVEALED),
    "keyword": (C.KEYWORDS,),
    "shadow": (C.SHADOW_EFFECTS,),
}


@dataclass
class Entry:
    """One ability (or effect) that wants the shared moment."""

    label: str
    kind: str
    timing: str = "after"
    card: str = ""
    controller: str = ""          # a player's name, or "encounter"
    ability: Ability | None = None
    cancels: str = ""             # the label of the effect this one cancels
    cancels_card: bool = False    # cancels the whole encounter card (FAQ 1.54), not just its effect
    instead: bool = False         # a replacement effect
    in_play: bool = True          # False: entered play or became active after the trigger (FAQ 1.58)
    limit_reached: bool = False
    no_target: bool = False
    no_change: bool = False       # no potential to change the game state
    passes: bool = False          # a response its player declines
    unable: str = ""              # why its cost cannot be paid (it cannot be initiated)
    affects: str = ""             # the card it acts on
    removes: bool = False         # it takes ``affects`` out of play
    line: int = 0

    @property
    def tier(self) -> str:
        return KIND_TIER.get(self.kind, "")

    @property
    def mandatory(self) -> bool:
        return self.tier in ("constant", "delayed", "forced", "expiry")


def _when_rank(timing: str) -> int:
    return 0 if timing == "when" else 1


def sort_key(entry: Entry, players: list[str], declared: list[str] | None = None, file_pos: int = 0) -> tuple:
    """The one sort key: (tier, when/after, place).  ``place`` is the first player's
    declared order for mandatory effects (else file order), and player order from the first
    player for responses (then file order)."""
    tier = TIERS[entry.tier]
    if entry.tier == "response":
        seat = players.index(entry.controller) if entry.controller in players else len(players)
        place: tuple = (seat, file_pos)
    elif declared and entry.label in declared:
        place = (declared.index(entry.label), file_pos)
    else:
        place = (len(declared or ()), file_pos)
    return (tier.rank, _when_rank(entry.timing), place)


def _skip_reason(e: Entry) -> tuple[str, tuple[str, ...]] | None:
    if e.kind == "action":
        return "an action is initiated in an action window, not in answer to a trigger", (C.ACTION, C.TRIGGERED)
    if not e.in_play and e.tier in ("forced", "constant"):
        return "it was not in play and active when the trigger occurred", (C.FAQ_FORCED_IN_PLAY, C.FORCED)
    if e.unable:
        return f"its cost cannot be paid ({e.unable})", (C.COST, C.TO)
    if e.limit_reached:
        return "its limit is already used up", (C.LIMITS, C.FAQ_LIMITS)
    if e.no_target:
        return "it has no valid target, so it cannot be initiated", (C.CHOOSE,)
    if e.no_change:
        return "it has no potential to change the game state", (C.EFFECTS,)
    if e.passes:
        return "its player passes", (C.RESPONSE,)
    return None


def order(entries: list[Entry], players: list[str], first_player: str | None = None,
          declared: list[str] | None = None, occurrence: str = "") -> dict[str, Any]:
    """The resolution order of ``entries`` (abilities sharing one moment).

    ``players`` in seat order; ``first_player`` defaults to the first of them;
    ``declared`` is the first player's order for simultaneous mandatory effects.
    Returns a plain dict: ``order`` (each with its tier, rule and why), ``tiers``,
    ``decisions`` (what is left to the first player or to a player), ``not_resolved``,
    ``cancelled``, ``replacement``, ``notes``, ``citations``.
    """
    first = first_player or (players[0] if players else "")
    seats = players[players.index(first):] + players[: players.index(first)] if first in players else list(players)
    notes: list[dict[str, Any]] = []
    not_resolved: list[dict[str, Any]] = []
    seen: set[str] = set()
    live: list[tuple[int, Entry]] = []
    cancels: list[Entry] = []
    for pos, e in enumerate(entries):
        if e.tier == "" and e.kind != "action":
            raise InputError(f"line {e.line}: {e.label}: no timing tier for kind {e.kind!r}")
        key = fold(e.label)
        if key in seen and e.tier == "response":
            not_resolved.append({"label": e.label, "reason": "a response is used once per trigger", "rules": [C.FAQ_RESPONSES_PER_TRIGGER, C.RESPONSE]})
            continue
        seen.add(key)
        skip = _skip_reason(e)
        if skip:
            not_resolved.append({"label": e.label, "reason": skip[0], "rules": list(skip[1])})
            continue
        if e.cancels:
            cancels.append(e)
            continue
        live.append((pos, e))

    live.sort(key=lambda pe: sort_key(pe[1], seats, declared, pe[0]))

    # Cancels interrupt the effect they cancel: placed right before it.
    cancelled: list[dict[str, Any]] = []
    cancelled_labels: dict[str, Entry] = {}
    for c in cancels:
        target = next((e for _, e in live if fold(e.label) == fold(c.cancels)), None)
        if target is None:
            raise InputError(
                f"line {c.line}: {c.label} cancels {c.cancels!r}, which is not among the abilities",
                hint="did you mean: " + ", ".join(did_you_mean(c.cancels, [e.label for _, e in live])),
            )
        cancelled_labels[fold(target.label)] = c
        rules = [C.CANCEL, C.LIMITS]
        counts = "it still counts as used, and its costs stay paid"
        if target.kind == "when_revealed":
            rules.append(C.TREACHERY_CARDS)
            counts += "; the card still counts as revealed"
        rules += _own_rules(c, rules)
        record = {"label": target.label, "by": c.label, "still_counts": counts, "rules": rules}
        if target.kind == "when_revealed" or c.cancels_card:
            if c.cancels_card:
                record["keywords"] = "the whole card is cancelled: its keywords do not resolve and it counts as never revealed, though it fills its reveal"
                record["rules"] = rules + [C.FAQ_CANCEL_CARD]
            else:
                record["keywords"] = "only the effect is cancelled: the card's keywords and traits still apply"
                record["rules"] = rules + [C.FAQ_CANCEL_EFFECT]
        cancelled.append(record)
        if c.cancels_card:
            for _, e in list(live):
                if e is not target and e.card and fold(e.card) == fold(target.card) and e.kind == "keyword":
                    live.remove((_, e))
                    not_resolved.append({"label": e.label, "reason": f"{target.card} was cancelled as a card", "rules": [C.FAQ_CANCEL_CARD]})

    result_order: list[dict[str, Any]] = []
    gone: dict[str, str] = {}  # folded card name -> the label that took it out of play
    replacements: list[Entry] = []
    for _, e in live:
        canceller = cancelled_labels.get(fold(e.label))
        if canceller is not None:
            result_order.append(_row(canceller, "interrupts", f"cancels {e.label}: a cancel interrupts the effect it cancels and resolves first",
                                     [C.CANCEL, C.TIMING, C.FAQ_TIMING, *_own_rules(canceller, [C.CANCEL, C.TIMING, C.FAQ_TIMING])]))
            result_order.append(_row(e, "cancelled", f"cancelled by {canceller.label}", [C.CANCEL]))
            continue
        if e.affects and fold(e.affects) in gone:
            not_resolved.append({"label": e.label, "reason": f"{e.affects} has left play ({gone[fold(e.affects)]} resolved first): the effect no longer applies",
                                 "rules": [C.FAQ_SIMULTANEOUS, C.PRIORITY]})
            continue
        tier = TIERS[e.tier]
        rules = list(tier.rules) + list(EXTRA_RULES.get(e.kind, ()))
        why = tier.why
        if e.timing == "when":
            why += "; a 'when' ability comes before the 'after' ones"
            rules.append(C.WHEN)
        if e.instead:
            replacements.append(e)
            why += "; a replacement, it takes effect when the occurrence resolves"
            rules.append(C.REPLACEMENT)
        result_order.append(_row(e, "resolves", why, rules + _own_rules(e, rules)))
        if e.removes and e.affects:
            gone[fold(e.affects)] = e.label

    decisions = _decisions(live, seats, first, declared)
    mixed = {(_when_rank(e.timing)) for _, e in live}
    tiers_used = sorted({e.tier for _, e in live}, key=lambda t: TIERS[t].rank)
    if len(mixed) > 1 and len(tiers_used) > 1:
        notes.append({
            "note": "this moment mixes 'when' and 'after' abilities across tiers: ordered by tier first, as the Rules Reference lists it; "
                    "a 'when' occurrence is still under way while an 'after' one has concluded, so in play the 'when' window opens first",
            "rules": [C.TIMING, C.WHEN, C.AFTER],
        })
    replacement = None
    if replacements:
        winner = replacements[-1]
        replacement = {
            "resolves_as": winner.label,
            "superseded": [r.label for r in replacements[:-1]],
            "why": "after all responses, the occurrence resolves as its replacement; with several, the most recent one is used",
            "rules": [C.REPLACEMENT],
        }
    for i, row in enumerate(result_order, 1):
        row["position"] = i
    tiers_out = [
        {"tier": t, "rules": list(TIERS[t].rules), "why": TIERS[t].why,
         "members": [row["label"] for row in result_order if row["tier"] == t]}
        for t in tiers_used
    ]
    citations: list[str] = []
    for row in result_order:
        citations += row["rules"]
    for group in (not_resolved, cancelled, decisions, notes):
        for item in group:
            citations += item.get("rules", [])
    if replacement:
        citations += replacement["rules"]
    return {
        "occurrence": occurrence,
        "first_player": first,
        "players": seats,
        "order": result_order,
        "tiers": tiers_out,
        "decisions": decisions,
        "not_resolved": not_resolved,
        "cancelled": cancelled,
        "replacement": replacement,
        "notes": notes,
        "citations": list(dict.fromkeys(citations)),
    }


def _own_rules(e: Entry, applied: list[str] = ()) -> list[str]:
    """The records about the ability itself: its erratum (the text that resolves), and its
    FAQ rulings that rest on one of the rules ``applied`` to it here (ruling_points): a card's
    ruling on another point is not cited."""
    if e.ability is None:
        return []
    return ([e.ability.errata] if e.ability.errata else []) + list(on_point(e.ability, tuple(applied)))


def _row(e: Entry, status: str, why: str, rules: list[str]) -> dict[str, Any]:
    return {
        "label": e.label, "card": e.card, "kind": e.kind, "timing": e.timing,
        "tier": "cancel" if status == "interrupts" else e.tier,
        "controller": e.controller, "status": status, "why": why, "rules": list(dict.fromkeys(rules)),
    }


def _decisions(live, seats: list[str], first: str, declared: list[str] | None) -> list[dict[str, Any]]:
    out = []
    groups: dict[tuple[str, int], list[Entry]] = {}
    for _, e in live:
        if e.tier in ("delayed", "forced"):
            groups.setdefault((e.tier, _when_rank(e.timing)), []).append(e)
    for (tier, _), members in groups.items():
        if len(members) < 2:
            continue
        labels = [m.label for m in members]
        taken = bool(declared) and all(lbl in declared for lbl in labels)
        out.append({
            "who": first, "role": "first player",
            "what": f"the order of the simultaneous {tier} effects",
            "options": labels, "applied": labels, "declared": taken,
            "rules": [C.FORCED, C.PRIORITY, C.FAQ_SIMULTANEOUS] if tier == "forced" else [C.PRIORITY, C.FAQ_SIMULTANEOUS, C.DELAYED],
        })
    by_player: dict[str, list[Entry]] = {}
    for _, e in live:
        if e.tier == "response":
            by_player.setdefault(e.controller, []).append(e)
    for player in seats:
        members = by_player.get(player, [])
        if len(members) > 1:
            out.append({
                "who": player, "role": "player",
                "what": "the order of their own responses to this moment",
                "options": [m.label for m in members], "applied": [m.label for m in members], "declared": False,
                "rules": [C.RESPONSE, C.qa(2)],
            })
    return out


# ---------------------------------------------------------------------------- files

FILE_KEYS = ("title", "notes", "ruling", "occurrence", "first_player", "players", "abilities", "decisions", "version", "expect")
ENTRY_KEYS = (
    "card", "ability", "part", "kind", "timing", "label", "player", "cancels", "cancels_card", "instead",
    "in_play", "limit_reached", "no_target", "no_change", "passes", "affects", "version",
)


def _bool(node: Node | None, problems: Problems) -> bool:
    if node is None:
        return False
    if not isinstance(node.value, bool):
        problems.add(node, "true or false", repr(node.value))
        return False
    return node.value


def _pick_ability(node: Node, card_name: str, problems: Problems, version: str) -> Ability | None:
    try:
        entry = card_abilities(card_name, version)
    except UnknownName as exc:
        problems.add(node.get("card"), "the name of a card in the ability library", repr(card_name), exc.suggestions)
        return None
    pool = [a for a in entry.abilities if a.kind != "keyword"]
    if node.get("ability") is not None:
        n = node.get("ability").value
        if not isinstance(n, int) or not 1 <= n <= len(entry.abilities):
            problems.add(node.get("ability"), f"an ability number from 1 to {len(entry.abilities)}", repr(n))
            return None
        return entry.abilities[n - 1]
    want = node.get("kind").value if node.get("kind") is not None else None
    if want is not None:
        pool = [a for a in entry.abilities if a.kind == want]
    if node.get("part") is not None and node.get("part").value == "delayed":
        pool = [a for a in entry.abilities if a.delayed is not None]
    if len(pool) != 1:
        options = [f"{i}: {a.kind}" for i, a in enumerate(entry.abilities, 1)]
        problems.add(node, f"one ability of {entry.name} (say ability: N or kind:; it has {', '.join(options) or 'none'})",
                     f"{len(pool)} matching")
        return None
    return pool[0]


def read_entry(node: Node, problems: Problems, players: list[str], version: str) -> Entry | None:
    if not isinstance(node.value, dict):
        problems.add(node, "an ability entry (a mapping)", "something else")
        return None
    for key, child in node.items():
        if key not in ENTRY_KEYS:
            problems.add(child, "a known key of an ability entry", f"unknown key {key!r}", did_you_mean(key, ENTRY_KEYS))
    get = node.get
    if get("version") is not None:
        if get("version").value not in ("errata", "printed"):
            problems.add(get("version"), "errata or printed", _type_name(get("version").value))
            return None
        version = get("version").value
    ability = None
    card = get("card").value if get("card") is not None else ""
    if card:
        ability = _pick_ability(node, str(card), problems, version)
        if ability is None:
            return None
    part = get("part").value if get("part") is not None else None
    if ability is not None and part == "delayed":
        kind, timing = "delayed", ability.delayed.at.timing
        effects = ability.delayed.effects
    elif ability is not None:
        kind = ability.kind if get("kind") is None else str(get("kind").value)
        timing = ability.trigger.timing if ability.trigger else "after"
        effects = ability.effects + ability.then
    else:
        if get("kind") is None or get("label") is None:
            problems.add(node, "card: a library card, or label: and kind: for an ability written here", "neither")
            return None
        kind, effects = str(get("kind").value), ()
        timing = "when" if kind in ("when_revealed", "keyword") else "after"
    if get("timing") is not None:
        timing = str(get("timing").value)
        if timing not in ("when", "after", "at"):
            problems.add(get("timing"), "when, after or at", repr(timing))
    if kind not in KIND_TIER and kind != "action":
        problems.add(get("kind") or node, "an ability kind with a timing tier", repr(kind), did_you_mean(kind, list(KIND_TIER)))
        return None
    label = str(get("label").value) if get("label") is not None else (ability.label if ability else "")
    if part == "delayed" and get("label") is None:
        label = f"{ability.card} (delayed)"
    src = ability.source if ability is not None else "player"
    controller = str(get("player").value) if get("player") is not None else ("encounter" if src != "player" else "")
    if get("player") is not None and controller not in players:
        problems.add(get("player"), "one of the players", repr(controller), did_you_mean(controller, players))
    if kind == "response" and not controller:
        problems.add(node, "player: who controls this response", "none")
    affects = str(get("affects").value) if get("affects") is not None else ""
    if not affects and ability is not None and any(e.get("target") == "self" for e in effects):
        affects = ability.card
    removes = any(e.op in LEAVES_PLAY_OPS for e in effects)
    instead = _bool(get("instead"), problems) or any(e.op == "instead" for e in effects)
    cancels = str(get("cancels").value) if get("cancels") is not None else ""
    return Entry(
        label=label, kind=kind, timing=timing, card=ability.card if ability else "", controller=controller,
        ability=ability, cancels=cancels, cancels_card=_bool(get("cancels_card"), problems), instead=instead,
        in_play=not (get("in_play") is not None and get("in_play").value is False),
        limit_reached=_bool(get("limit_reached"), problems), no_target=_bool(get("no_target"), problems),
        no_change=_bool(get("no_change"), problems), passes=_bool(get("passes"), problems),
        affects=affects, removes=removes, line=node.line,
    )


def _not_a_replay_situation(root: Node, file: str) -> None:
    """A situation to replay given to `timing order` is one error saying so, not a list of
    the keys a timing file does not have."""
    abilities = root.get("abilities")
    if abilities is not None and isinstance(abilities.value, list):
        return  # a timing file (its abilities are a list), whatever else is wrong with it
    situation = [k for k in root.value if k not in FILE_KEYS and (k in SCHEMA["properties"] or k == "game")]
    if situation:
        line = root.key_lines.get(situation[0], (root.line, 0))[0]
        raise InputError(
            f"{file}:{line}: this is a situation to replay (it has {', '.join(k + ':' for k in situation[:4])}), "
            "not a timing file: run `adjudicator replay` on it",
            hint="`timing order` takes a file listing the abilities that answer one moment: abilities: (a list of "
                 "{card, player}), players:, first_player:, occurrence:, decisions: {order: [...]}; "
                 "examples in scenarios/lotr/timing/",
        )


def load_order_file(path: str | Path, text: str | None = None) -> tuple[list[Entry], dict[str, Any]]:
    file = str(path)
    root = parse_yaml(read_text(path) if text is None else text, file)
    problems = Problems(file)
    if not isinstance(root.value, dict):
        problems.add(root, "a mapping with abilities:", "something else")
        problems.raise_if_any()
    _not_a_replay_situation(root, file)
    for key, child in root.items():
        if key not in FILE_KEYS:
            problems.add(child, "a known key of a timing file", f"unknown key {key!r}", did_you_mean(key, FILE_KEYS))
    players = [str(p.value) for p in (root.get("players") or ())] or ["P1"]
    first = str(root.get("first_player").value) if root.get("first_player") is not None else players[0]
    if first not in players:
        problems.add(root.get("first_player"), "one of the players", repr(first), did_you_mean(first, players))
    version = str(root.get("version").value) if root.get("version") is not None else "errata"
    if version not in ("errata", "printed"):
        problems.add(root.get("version"), "errata or printed", repr(version))
        version = "errata"
    entries = []
    abilities = root.get("abilities")
    if abilities is None or not isinstance(abilities.value, list) or not abilities.value:
        problems.add(abilities or root, "abilities: a list of the abilities that share the moment", "none")
    else:
        for child in abilities:
            e = read_entry(child, problems, players, version)
            if e is not None:
                entries.append(e)
    declared = None
    dec = root.get("decisions")
    if dec is not None and dec.get("order") is not None:
        declared = [str(v.value) for v in dec.get("order")]
        labels = [e.label for e in entries]
        for v in dec.get("order"):
            if str(v.value) not in labels:
                problems.add(v, "the label of one of the abilities", repr(v.value), did_you_mean(str(v.value), labels))
    problems.raise_if_any()
    meta = {
        "title": str(root.get("title").value) if root.get("title") is not None else Path(file).name,
        "occurrence": str(root.get("occurrence").value) if root.get("occurrence") is not None else "",
        "players": players, "first_player": first, "declared": declared, "version": version,
        "ruling": str(root.get("ruling").value) if root.get("ruling") is not None else "",
        "expect": root.get("expect").plain() if root.get("expect") is not None else None,
    }
    return entries, meta


def order_file(path: str | Path, text: str | None = None) -> dict[str, Any]:
    """``adjudicator timing order FILE``: the resolution order of the abilities the file lists,
    with the rule for each tier, the decisions left to the first player, and citations."""
    entries, meta = load_order_file(path, text)
    result = order(entries, meta["players"], meta["first_player"], meta["declared"], meta["occurrence"])
    if meta["ruling"]:
        result["citations"] = list(dict.fromkeys([meta["ruling"], *result["citations"]]))
    return {"title": meta["title"], "file": str(path), "version": meta["version"], "ruling": meta["ruling"] or None, **result}
