"""The rulings a card is staged in: the cards of a ruling situation, linked to the records it shows.

A card's rulings are found by its name in a record's text (``lotr.card_lookup``).  A ruling
whose text names no card ("If an attachment gives a permanent stat bonus, does that bonus
still apply when the attachment is exhausted?": FAQ Q41) or names it differently is lost that
way, though the project's ruling situations stage its case with real cards (Q41's situation
quests with an exhausted Celebrían's Stone on Aragorn).  This module links such a card to the
records its ruling situations show, as values read from the situation files:

- the records a LOTR situation shows: the ids of its own ``ruling:`` field, and of each row of
  the rulings tables (``faq/rulings.yaml``, ``faq/companion.yaml``) that lists it among its
  ``situations`` (with the Companion's copies under the row's ``also``);
- the cards it stages: every short string outside its prose fields (as the card lookup's
  situation index reads them), by name key.

The rule (what a ruling situation is about).  A card staged there counts for those records
only when both hold:

1. the situation's ``title`` names it: the title says what the situation shows; its notes and
   its other cards set the scene (the players' heroes, the quest, the enemy that attacks);
2. it is not a stand-in: a card staged in at least one LOTR situation in twenty (and in at
   least ``STAND_IN_MIN`` of them) is the table's filler, the hero who quests or the enemy
   that attacks in any situation (Aragorn, Gimli, Flies and Spiders, Hill Troll ...).  A
   ruling about such a card names it in its text, where the card lookup finds it anyway;
3. the record's text names no other card the title names: a ruling that names one of the
   situation's cards is about that one, and the others are its case (FAQ Q71 names Thalin,
   whose situation reveals a Goblin Sniper for him to damage; Q13 names the Nazgûl of Dol
   Guldur, whose shadow card is a Despair).  Read when the links are looked up (the records'
   text is the knowledge base's); the card's own name in the text is not asked about: such
   a record is found by the name already.

`card` lists these records among the card's rulings, saying how each was linked.  `ask` does
not weigh them: a boost of its own for them (1.15 to 1.6, on records whose text names none of
the question's cards, with or without a floor on their text score; 2026-11-26, main at
7df8940) gained no question on the players' tune half, either half of the forum set or the
team's set (nor on the asked folds, at 1.3), and from 1.15 up put a ruling of another case
first for one question of the forum set's check half (from 1.3, one of the players' tune half
too): a ruling situation shows one case of its card, and a question about the card often asks
another.

The links are built from the files the map of what the engines exercise reads
(``exercised``), and kept beside it in the cache folder, keyed the same way (in an installed
copy by the install's stamp) and on ``VERSION``: {card name key: [[record id, situation,
table, other cards], ...]}, where ``table`` is the rulings table whose row lists the situation
("faq/rulings.yaml"), or "" when the situation's own ``ruling:`` field names the record, and
``other cards`` the other staged names the title holds (rule 3).
"""

from __future__ import annotations

from adjudicator.compiled import Lazy
from adjudicator.staged_names import staged_names

NAME, VERSION = "staged-cards", "2"  # the cached file's name; a change to the rule below bumps VERSION
STAND_IN_SHARE = 0.05  # a card staged in this share of the LOTR situations, or more, is a stand-in
STAND_IN_MIN = 5  # ... and in at least this many (a handful of situation files makes no stand-in)
_ID = Lazy(r"^lotr:[a-z0-9]+(?::[a-z0-9][a-z0-9.\-]*)+$")


def _ruling_ids(data: dict) -> list[str]:
    found = data.get("ruling")
    found = [found] if isinstance(found, str) else found if isinstance(found, list) else []
    return [str(rid) for rid in found if _ID.match(str(rid))]


def build(situations: list[tuple[str, str]], rows: dict[str, list[tuple[str, str]]]) -> dict[str, list[list[str]]]:
    """{card name key: [[record id, situation, table, other cards], ...]} from the LOTR situations' texts
    (``situations``: (project name, text)) and the rulings tables' rows (``rows``: situation ->
    [(table, record id)]), by the rule above."""
    from adjudicator.kb.names import name_key
    from adjudicator.yamlio import load_text

    parsed: list[tuple[str, dict, set[str]]] = []
    counts: dict[str, int] = {}
    for rel, text in situations:
        try:
            data = load_text(text)
        except Exception:  # a broken situation file is the replay's to report
            continue
        if not isinstance(data, dict):
            continue
        staged: set[str] = set()
        staged_names(data, staged)
        for key in staged:
            counts[key] = counts.get(key, 0) + 1
        parsed.append((rel, data, staged))
    floor = max(STAND_IN_MIN, STAND_IN_SHARE * len(parsed))
    out: dict[str, list[list[str]]] = {}
    for rel, data, staged in parsed:
        shown = [(table, rid) for table, rid in rows.get(rel, ())]
        shown += [("", rid) for rid in _ruling_ids(data) if not any(rid == r for _, r in shown)]
        if not shown:
            continue
        title = f" {name_key(str(data.get('title') or ''))} "
        players = {name_key(str(p.get("name", ""))) for p in data.get("players") or () if isinstance(p, dict)}
        in_title = sorted(k for k in staged - players if f" {k} " in title)  # stand-ins too: rule 3
        for key in in_title:
            if counts[key] >= floor:
                continue
            links = out.setdefault(key, [])
            others = [k for k in in_title if k != key]
            for table, rid in shown:
                if not any(rid == have and rel == where for have, where, _, _ in links):
                    links.append([rid, rel, table, others])
    return out


def from_files(files: list) -> dict[str, list[list[str]]]:
    """`build` over the exercised map's input files: the LOTR situations and the rulings tables."""
    from adjudicator.paths import FAQ_TABLE, project_name

    from .exercised import ID, _field, _rows

    situations: list[tuple[str, str]] = []
    rows: dict[str, list[tuple[str, str]]] = {}
    for path in files:
        if path.suffix != ".yaml":
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        if path.parent == FAQ_TABLE and path.name in ("rulings.yaml", "companion.yaml"):
            for ruling, row in _rows(text):
                ids = [ruling] + ID.findall(_field(row, "also"))
                for situation in _SITUATION.findall(_field(row, "situations")):
                    rows.setdefault(situation, []).extend((f"faq/{path.name}", rid) for rid in ids)
        else:
            rel = project_name(path)
            if rel.startswith("scenarios/lotr/"):
                situations.append((rel, text))
    return build(situations, rows)


_SITUATION = Lazy(r"(scenarios/[\w./\-]+\.yaml)")


def links(kb, keys, cards=frozenset) -> dict[str, tuple[str, str]]:
    """{record id: (situation, table)} for the cards of these name keys: the first ruling
    situation that stages one of them for the record.  ``cards()``: the name keys of every card
    (rule 3 reads the other cards a title names among them: a situation's other staged values,
    a token or an area, are no card), asked for only when a link is found."""
    from pathlib import Path

    from .exercised import cached

    found = cached(Path(kb.folder).parent if kb is not None else None, NAME, from_files, VERSION)
    rows = [row for key in keys for row in found.get(key, ())]
    if not rows:
        return {}
    from adjudicator.kb.names import name_key

    named: dict[str, str] = {}  # record id -> the card names its text holds, as name keys (rule 3)
    for record in kb.store.get_many(list(dict.fromkeys(rid for rid, _, _, _ in rows))):
        names = " ".join(name_key(n) for n in (record.data.get("card_names") or {}).values())
        named[record.id] = f" {name_key(record.title + ' ' + record.text)} {names} "
    every_card = cards()
    out: dict[str, tuple[str, str]] = {}
    for rid, situation, where, others in rows:
        if rid in named and not any(f" {k} " in named[rid] for k in others if k in every_card):
            out.setdefault(rid, (situation, where))
    return out


def how(situation: str, table: str) -> str:
    """How a record was linked, in words: "staged in faq/rulings.yaml: scenarios/..."."""
    return f"staged in {table}: {situation}" if table else f"staged in {situation} (its ruling)"
