"""Card names in a legality question, read through the card library into the values the
situations already distinguish.

"Can Legolas attack an enemy engaged with my friend?" is "can a ranged character ...?" once the
card library says Legolas is a hero with Ranged; "Can I play Feint during the quest phase?" is
"can I play a Combat Action event in the quest phase?" once it says Feint is an event whose one
ability is a Combat Action (the FAQ's errata).  The library's values decide, never its prose:
the card's type, its stand-alone keywords, and each ability's kind, phase, window and effect
operations (``rules_db/lotr/cards/``, docs/abilities.md).

What a card gives is data, in the game's ``legality_questions.yaml`` (section ``cards``):

- ``whole``: the card files the library holds whole (every stand-alone keyword and every
  ability of each card in the number range), so that "has no Ranged" and "has no ability that
  bears on it" are facts, not gaps.  A card outside them gives no value (the reading stops, and
  says why): a card of a partly encoded set may have the very ability the question turns on;
- ``inert`` (and ``inert_as``, per slot): the effect operations that never bear on the questions the situations stage (who
  may quest, attack or defend, and when a card may be played).  A card with any other operation
  among its abilities (a readying, a permission written as Python, a "cannot", a put into play)
  gives no value: its own text may change the answer (Dúnhere may attack the staging area;
  Aragorn readies after he quests);
- ``actor`` and ``target``: rules from the card's values to a slot's value, ``type`` (a list),
  ``keyword`` (it has it) or ``lacks`` (it has it not), ``timing`` (its one ability's kind and
  phase: the ability the rule reads is the card's own play, so its operations need not be inert)
  and ``general: true`` for a value a situation accepts only when no more specific one of the
  card's values is staged (Legolas is a character, but a ranged one first).

Which slot a card fills is the question's order: named before the action it is the actor
(who does it), after it the target (what is played, attacked ...).  The card index is kept in
the cache folder, keyed by the card files' sizes and times (in an installed copy, by the
install's stamp: ``adjudicator.installed``).
"""

from __future__ import annotations

from dataclasses import dataclass

from .name_folding import folded

ROLES = ("actor", "target")


@dataclass(frozen=True)
class CardValue:
    """A slot value a named card gives, and the card's features it rests on (for the answer)."""

    value: str
    general: bool
    used: str  # "Legolas (CORE 5) is a hero with Ranged"


@dataclass(frozen=True)
class CardReading:
    """A card named in the question: its printed name, the slot it fills and the values it gives."""

    name: str
    slot: str
    values: tuple  # of CardValue
    file: str = ""
    ops: tuple = ()  # its abilities' operations that are not inert: the reading decides whether they bear
    others: int = 0  # how many abilities it has besides the one a value was read from

    def to_dict(self) -> dict:
        return {"card": self.name, "slot": self.slot, "file": self.file, "values": [v.value for v in self.values]}


# -- the card index ----------------------------------------------------------------------------


def index(game: str) -> dict:
    """{"names": {folded name: [design keys]}, "first": {first word: [folded names, longest
    first]}, "cards": {key: features}} of a game's card library (``rules_db/<game>/cards/``, the
    LOTR format; empty for a game without one)."""
    from adjudicator.installed import stamp
    from adjudicator.paths import RULES_DB
    from adjudicator.yamlio import derived_from, stamps_under

    folder = RULES_DB / game / "cards"
    if not folder.is_dir():  # METW's card values (one file of the rules' examples) hold no card text
        return {"names": {}, "first": {}, "cards": {}}
    installed = stamp()  # an installed copy's files do not change: its stamp stands for the walk
    stamps = [(installed, 0, 0)] if installed is not None else stamps_under(str(folder), ".yaml")
    return derived_from(f"card-features-{game}", stamps, lambda: _indexed(_lotr_cards(folder)))


def _indexed(cards: list[dict]) -> dict:
    names: dict = {}
    by_key: dict = {}
    for card in cards:
        by_key[card["key"]] = card
        for name in card["names"]:
            keys = names.setdefault(folded(name), [])
            if card["key"] not in keys:
                keys.append(card["key"])
    first: dict = {}
    for name in sorted(names, key=lambda n: (-len(n), n)):
        first.setdefault(name.split(" ", 1)[0], []).append(name)
    return {"names": names, "first": first, "cards": by_key}


def _lotr_cards(folder) -> list[dict]:
    """LOTR: the figures files (``cards:`` lists) and the ability library (``abilities/``)."""
    from adjudicator.yamlio import load_yaml

    abilities: dict = {}
    for path in sorted((folder / "abilities").glob("*.yaml")):
        data = load_yaml(path) or {}
        for card in data.get("cards") or ():
            if isinstance(card, dict) and card.get("name"):
                abilities.setdefault(card["name"], []).append(
                    {"file": f"abilities/{path.name}", "abilities": [_ability(a) for a in card.get("abilities") or ()
                                                                      if isinstance(a, dict)]})
    out = []
    for path in sorted(folder.glob("*.yaml")):
        data = load_yaml(path) or {}
        for card in data.get("cards") or ():
            if not isinstance(card, dict) or not card.get("name"):
                continue
            key = card.get("key") or card["name"]
            ref = f"{str(card.get('set', '')).upper()} {card['number']}" if card.get("number") is not None else ""
            out.append({"key": key, "name": card["name"], "names": [card["name"], *(card.get("aliases") or [])],
                        "file": path.name, "set": str(card.get("set", "")), "number": card.get("number"), "ref": ref,
                        "type": card.get("type"), "keywords": [str(k) for k in card.get("keywords") or ()],
                        "assumed": [str(a) for a in card.get("assumed") or ()],
                        "abilities": abilities.get(key, abilities.get(card["name"], []))})
    return out


def _ability(ability: dict) -> dict:
    """An ability as values: its kind, phase, window and every effect operation it holds."""
    ops: list = []

    def walk(node) -> None:
        if isinstance(node, dict):
            if "op" in node:
                ops.append(str(node["op"]))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk({k: v for k, v in ability.items() if k != "printed"})
    return {"kind": ability.get("kind"), "phase": ability.get("phase"), "window": ability.get("window"),
            "condition": ability.get("condition") is not None, "errata": ability.get("errata"), "ops": sorted(set(ops))}


def match(text: str, pos: int, cards: dict) -> tuple[int, list[str]] | None:
    """(end, design keys) of the longest card name starting at ``pos`` of the folded text and
    ending at a word's end, or None."""
    word_end = text.find(" ", pos)
    first = text[pos:] if word_end < 0 else text[pos:word_end]
    for name in cards["first"].get(first, ()):
        end = pos + len(name)
        if text.startswith(name, pos) and (end == len(text) or text[end] == " "):
            return end, cards["names"][name]
    return None


# -- what a card gives ---------------------------------------------------------------------------


def reading(keys: list[str], slot: str, cards: dict, rules: dict) -> tuple[CardReading | None, str]:
    """(the card's reading in ``slot``, "") or (None, why it gives no value)."""
    designs = [cards["cards"][k] for k in keys]
    name = designs[0]["name"]
    if len(designs) > 1:
        return None, f"the card {name!r} names {len(designs)} designs"
    card = designs[0]
    if not _whole(card, rules.get("whole") or ()):
        return None, f"the card {name!r} (the card library does not hold it whole)"
    values, read_abilities = [], set()
    for rule in rules.get(slot) or ():
        used = _applies(rule, card)
        if used is None:
            continue
        what, ability = used
        values.append(CardValue(rule["value"], bool(rule.get("general")), what))
        if ability is not None:
            read_abilities.add(ability)
    if not values:
        return None, f"the card {name!r} ({card.get('type')}) as the {slot}"
    inert = set(rules.get("inert") or ()) | set((rules.get("inert_as") or {}).get(slot) or ())
    ops: list = []  # the operations of its abilities that are not inert (the question's conditions decide)
    for i, ability in enumerate(_abilities(card)):
        if i in read_abilities:
            continue
        ops += [op for op in ability["ops"] if op not in inert] + ([] if ability["kind"] in _KINDS else [str(ability["kind"])])
    others = len(_abilities(card)) - len(read_abilities)
    return CardReading(name, slot, tuple(values), card["file"], tuple(dict.fromkeys(ops)), others), ""


_KINDS = ("action", "response", "constant", "forced")


def _abilities(card: dict) -> list[dict]:
    return [a for entry in card.get("abilities") or () for a in entry["abilities"]]


def _whole(card: dict, whole) -> bool:
    for entry in whole:
        if card["file"] != entry["figures"]:
            continue
        low, high = entry.get("numbers") or (None, None)
        if low is not None and not (isinstance(card.get("number"), int) and low <= card["number"] <= high):
            continue
        if "keywords" in card["assumed"]:
            continue
        held = {a["file"] for a in card.get("abilities") or ()}
        if held - {entry["abilities"]}:
            continue  # abilities written elsewhere too: not the declared file's whole card
        return True
    return False


def _applies(rule: dict, card: dict) -> tuple[str, int | None] | None:
    """(the features the rule used, in words, and the index of the ability it read) when the
    rule holds of the card, else None."""
    kind = card.get("type")
    if rule.get("type") and kind not in rule["type"]:
        return None
    label = f"{card['name']} ({card['ref']})" if card.get("ref") else card["name"]
    article = "an" if str(kind)[:1] in "aeiou" else "a"
    words = f"{label} is {article} {kind}"
    keywords = {k.split(" ")[0].lower() for k in card.get("keywords") or ()}
    if rule.get("keyword"):
        if rule["keyword"].lower() not in keywords:
            return None
        words += f" with {rule['keyword']}"
    if rule.get("lacks"):
        if rule["lacks"].lower() in keywords:
            return None
        words += f" without {rule['lacks']}"
    ability_at = None
    if rule.get("timing") is not None:
        abilities = _abilities(card)
        timing = rule["timing"]
        if len(abilities) != 1:
            return None
        ability = abilities[0]
        if ability["kind"] != timing.get("kind") or ability["phase"] != timing.get("phase") \
                or ability["window"] is not None or ability["condition"]:
            return None
        ability_at = 0
        named = " ".join(p.capitalize() for p in (ability["phase"], ability["kind"]) if p)
        words += f" whose ability is {'an' if named[:1] in 'AEIOU' else 'a'} {named}"
        if ability.get("errata"):
            words += f", as the errata {ability['errata']} reads"
    return words, ability_at
