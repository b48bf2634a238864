"""The rules a named card's play touches, read from the card library's values.

A player's question names a card and asks about the rule its play touches ("Can I Sneak
Attack Gandalf in under another player's control?" is decided by Play and Put into Play, not
by any entry about Sneak Attack).  The LOTR card library already says, as values, what each
card does: its abilities' kinds, triggers and effect ops (``rules_db/lotr/cards/abilities/``),
its type and keywords (``rules_db/lotr/cards/*.yaml``), the rulings and errata it lists.
``rules_db/lotr/card_links.yaml`` maps each such value to the records stating its rule; this
module gathers, per card, the records its values point to, in three strengths:

- ``ruling``: a ruling or erratum the card's abilities list (``rulings:``, ``errata:``,
  the ``unwritten:`` entries' rulings): about this card itself;
- ``play``: the rule of what the card does or what it answers to (an effect's op, a
  trigger's event, a keyword, a printed figure such as unique);
- ``frame``: the rule of the card's form (its type, its abilities' kinds and timings, a
  cost, a limit, a duration): shared by most cards of its kind.

A card the question names only as an example ("cards like Gandalf") lends its ruling and play
links as ``example`` links.  ``rarity`` says how few of the library's cards link a record.
``ranking`` weighs up the play links, by rarity (``ranking.CARD_LINK``: the other strengths
were measured there and weigh nothing).

A card's ``says`` paraphrase and its name's words are never read for this.  The table is
derived from the files once and kept in the cache (``yamlio.derived``).  METW and MEQ have no
ability library: their cards link nothing here.
"""

from __future__ import annotations

from pathlib import Path

from adjudicator.compiled import regex

# strongest first: a record linked two ways keeps the first; "example": the ruling or play
# links of a card the question names only as an example ("cards like Gandalf")
STRENGTHS = ("ruling", "play", "frame", "example")
_NUMBER = regex(r"\s+[0-9X]+$")  # "Doomed 2", "Time 3": the keyword without its value

_table: dict | None = None


def _links_file() -> Path:
    from adjudicator.paths import RULES_DB

    return RULES_DB / "lotr" / "card_links.yaml"


def _stamps() -> list[tuple[str, int, int]]:
    """(path, size, modification time) of the card files (figures and abilities, one scandir
    walk), the links file and this module: the table is rebuilt when one of them changes."""
    import os

    from adjudicator.paths import RULES_DB
    from adjudicator.yamlio import stamps_under

    out = stamps_under(str(RULES_DB / "lotr" / "cards"), ".yaml")
    for path in (_links_file(), Path(__file__)):
        stat = os.stat(path)
        out.append((os.path.abspath(path), stat.st_size, stat.st_mtime_ns))
    return out


def table() -> dict[str, dict[str, str]]:
    """{card key: {record id: strength}} for every LOTR card the library holds."""
    return _derived()["cards"]


def rarity(rid: str) -> float:
    """How little of the library links ``rid``: 1 for a record one card links, falling to 0
    for one every card links (log of the share of cards, as inverse document frequency): a
    rule most cards touch (Unique Cards, Constant Ability) tells less about the one named."""
    return _derived()["rarity"].get(rid, 1.0)


def _derived() -> dict:
    global _table
    if _table is None:
        from adjudicator.installed import stamps_or
        from adjudicator.yamlio import derived_from

        _table = derived_from("card-links", stamps_or(_stamps), _build_with_rarity)  # installed: no walk
    return _table


def _build_with_rarity() -> dict:
    import math

    cards = build()
    counts: dict[str, int] = {}
    for row in cards.values():
        for rid in row:
            counts[rid] = counts.get(rid, 0) + 1
    total = max(2, len(cards))
    keywords = sorted({rid for ids in (links_of_values().get("keywords") or {}).values() for rid in ids or ()})
    return {"cards": cards, "rarity": {rid: math.log(total / n) / math.log(total) for rid, n in counts.items()},
            "keyword_entries": keywords}


def keyword_entries(entities: list, game: str) -> list[str]:
    """The entries of the keywords the named cards carry, as the card library records them
    ("Signs of Gollum" is an objective with Guarded: the Guarded entry): a player names the card
    where the rule is its keyword's, and the keyword's entry may share none of the question's
    words.  ``ranking`` makes them candidates (weighed as any other; ``CARD_LINK`` raises a
    card's play links); a card named only as an example lends none.  Only the library's
    keywords, never a card's text: its types and its abilities' kinds were measured and made no
    candidate that counted (session 20: keyword entries +1 top-3 on the readable rounds,
    types and kinds only moved deciding records further down)."""
    found = linked([e for e in entities if not getattr(e, "example", False)], game)
    if not found:
        return []
    keywords = _derived().get("keyword_entries", ())
    return [rid for rid in keywords if found.get(rid) == "play"]


def links_of_values() -> dict:
    from adjudicator.yamlio import load_yaml

    return load_yaml(_links_file()) or {}


def build() -> dict[str, dict[str, str]]:
    from adjudicator.kb.names import name_key
    from adjudicator.paths import RULES_DB
    from adjudicator.yamlio import load_yaml

    links = links_of_values()
    out: dict[str, dict[str, str]] = {}

    def add(keys: list[str], ids, strength: str) -> None:
        for key in keys:
            row = out.setdefault(key, {})
            for rid in ids or ():
                if rid not in row or STRENGTHS.index(strength) < STRENGTHS.index(row[rid]):
                    row[rid] = strength

    names: dict[str, list[str]] = {}  # a card's key -> the keys of its aliases too
    cards = RULES_DB / "lotr" / "cards"
    for path in sorted(cards.glob("*.yaml")):
        for card in (load_yaml(path) or {}).get("cards", []) or []:
            if not isinstance(card, dict) or not card.get("name"):
                continue
            keys = _keys(card, name_key)
            names.setdefault(name_key(card["name"]), keys)
            add(keys, links.get("types", {}).get(str(card.get("type", ""))), "frame")
            for figure, ids in (links.get("figures") or {}).items():
                if card.get(figure) is True:
                    add(keys, ids, "play")
            for word in card.get("keywords", []) or []:
                add(keys, links.get("keywords", {}).get(_NUMBER.sub("", str(word))), "play")
    for path in sorted((cards / "abilities").glob("*.yaml")):
        for card in (load_yaml(path) or {}).get("cards", []) or []:
            if not isinstance(card, dict) or not card.get("name"):
                continue
            keys = names.get(name_key(card["name"])) or _keys(card, name_key)
            if card.get("attach_to"):
                add(keys, links.get("types", {}).get("attachment"), "frame")
            for ability in (card.get("abilities") or []) + (card.get("unwritten") or []):
                if isinstance(ability, dict):
                    for rid, strength in ability_links(ability, links):
                        add(keys, [rid], strength)
    return {key: row for key, row in out.items() if row}


def _keys(card: dict, name_key) -> list[str]:
    keys = [name_key(card["name"])] + [name_key(a) for a in card.get("aliases", []) or []]
    return [k for k in dict.fromkeys(keys) if k]


def ability_links(ability: dict, links: dict) -> list[tuple[str, str]]:
    """(record id, strength) for one ability's values."""
    found: list[tuple[str, str]] = []
    found += [(rid, "ruling") for rid in ability.get("rulings", []) or []]
    if ability.get("errata"):
        found.append((ability["errata"], "ruling"))
    found += [(rid, "frame") for rid in links.get("kinds", {}).get(str(ability.get("kind", "")), [])]
    trigger = ability.get("trigger") or {}
    found += [(rid, "frame") for rid in links.get("timings", {}).get(str(trigger.get("timing", "")), [])]
    found += [(rid, "play") for rid in links.get("events", {}).get(str(trigger.get("event", "")), [])]
    for field, ids in (links.get("fields") or {}).items():
        if ability.get(field):
            found += [(rid, "frame") for rid in ids]
    keyword = ability.get("keyword")
    if isinstance(keyword, dict):
        found += [(rid, "play") for rid in links.get("keywords", {}).get(str(keyword.get("name", "")), [])]
    for op in ops_of(ability):
        found += [(rid, "play") for rid in links.get("ops", {}).get(op, [])]
    return found


def ops_of(ability: dict) -> list[str]:
    """Every effect op an ability holds: in its effects, costs, ``then``, delayed effects,
    the options of a choice and the nested effects of a replacement."""
    ops: list[str] = []

    def walk(effects) -> None:
        for effect in effects or []:
            if not isinstance(effect, dict):
                continue
            if effect.get("op"):
                ops.append(str(effect["op"]))
            for key in ("effects", "then", "otherwise"):
                walk(effect.get(key))
            options = effect.get("options")
            if isinstance(options, dict):
                for option in options.values():
                    walk(option)

    for key in ("effects", "cost", "then"):
        walk(ability.get(key))
    delayed = ability.get("delayed")
    if isinstance(delayed, dict):
        walk(delayed.get("effects"))
        walk(delayed.get("then"))
    return ops


def linked(entities: list, game: str) -> dict[str, str]:
    """{record id: strength} for the cards ``entities`` name, in ``game``; the strongest
    link of any named card counts.  A card named only as an example lends its ruling and
    play links as "example" links, its frame none."""
    if game != "lotr":
        return {}
    from adjudicator.kb.names import name_key

    found: dict[str, str] = {}
    rows = None
    for entity in entities:
        if entity.kind != "card" or entity.game != game:
            continue
        rows = rows if rows is not None else table()
        row = rows.get(entity.key) or rows.get(name_key(entity.name)) or {}
        for rid, strength in row.items():
            if entity.example:
                if strength == "frame":
                    continue
                strength = "example"
            if rid not in found or STRENGTHS.index(strength) < STRENGTHS.index(found[rid]):
                found[rid] = strength
    return found
