"""Everything the project knows about one LOTR card, gathered for `adjudicator card`.

- its figures: the card data files in ``rules_db/lotr/cards/*.yaml`` (every file with a
  ``cards:`` list, so that a new set shows up without a change here);
- its abilities as the card library holds them (``rules_db/lotr/cards/abilities/``): our
  paraphrase, the erratum that changed it and the first printing's version, the rulings
  the library ties to each ability;
- its rulings from every document: errata, questions and answers, clarifications and
  Quest Companion rulings, each a cited record: those that name it, and those a ruling
  situation stages it for though their text does not name it (``staged``: how each was
  linked; the rule, and the stand-in cards it leaves out, in ``ask.staged_rulings``);
- the scenarios it appears in: the Quest Companion's scenario pages, and the Core Set
  scenarios built from its encounter set (``rules_db/lotr/scenario_sets.yaml``);
- the situations that replay it: ``scenarios/lotr/**`` files that put it in play, and the
  rows of ``faq/rulings.yaml`` that name it.

A name is matched forgivingly over every card any of these name; a corrected name is
reported (``corrected``) so that the command can say "showing X (you typed Y)".
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from adjudicator.compiled import regex
from adjudicator.errors import NotFound
from adjudicator.kb.names import best_matches, decided_by_exact_name, name_key
from adjudicator.paths import FAQ_TABLE, RULES_DB, SCENARIOS, project_name
from adjudicator.staged_names import staged_names
from adjudicator.yamlio import load_yaml

from .qc_lookup import MIN_SCORE, resolve, resolve_many

CARDS_DIR = RULES_DB / "lotr" / "cards"
REF_QUERY = regex(r"^\s*([A-Za-z]{1,6})\s*(\d{1,3})\s*$")


# -- the project's card data ---------------------------------------------------------------


@lru_cache(maxsize=1)
def figures() -> tuple[dict, ...]:
    """Every card of every card data file (printed figures), in file order."""
    out: list[dict] = []
    for path in sorted(CARDS_DIR.glob("*.yaml")):
        data = load_yaml(path) or {}
        for card in data.get("cards") or ():
            if isinstance(card, dict) and card.get("name"):
                out.append({**card, "_file": _shown(path)})
    return tuple(out)


def _shown(path: Path) -> str:
    """A data file's path as the repository names it."""
    try:
        return str(path.relative_to(RULES_DB.parent))
    except ValueError:
        return str(path)


def card_ref(card: dict) -> str:
    from adjudicator.kb.cards import normalise

    return normalise(str(card.get("set", "")), card["number"]) if card.get("number") is not None else ""


def card_names(card: dict) -> list[str]:
    """A design's names: its key first when the title has several designs (``key``, as
    ``Beorn (hero)``), then its printed title and aliases."""
    return list(dict.fromkeys([*([card["key"]] if card.get("key") else []), card["name"], *(card.get("aliases") or [])]))


def design_name(card: dict) -> str:
    """The name that picks out one design: its key, else its title."""
    return card.get("key") or card["name"]


def other_designs(card: dict | None) -> list[dict]:
    """The other designs of the card data with the same printed title (several Bilbo Baggins,
    Beorn the ally and Beorn the hero), each by the name that picks it out."""
    if card is None:
        return []
    title = name_key(card["name"])
    return [{"name": design_name(c), "set_ref": card_ref(c), "type": c.get("type", ""), "file": c.get("_file", "")}
            for c in figures() if name_key(c["name"]) == title and design_name(c) != design_name(card)]


def library_cards(version: str = "errata") -> dict:
    from adjudicator.lotr.abilities.load import library

    return library(version)


@lru_cache(maxsize=1)
def scenario_sets() -> tuple[dict, ...]:
    data = load_yaml(RULES_DB / "lotr" / "scenario_sets.yaml") or {}
    return tuple(data.get("scenarios") or ())


# -- situations ------------------------------------------------------------------------------


@lru_cache(maxsize=1)
def situation_index() -> dict[str, tuple[str, ...]]:
    """name key -> the situation files (repository paths) that name that card outside prose.
    Kept in the cache folder until a situation file (or this code) changes."""
    import os

    import adjudicator.kb.names
    from adjudicator.installed import stamps_or
    from adjudicator.yamlio import derived_from, stamps_under

    def situations() -> list:
        return stamps_under(os.path.abspath(SCENARIOS / "lotr"), ".yaml")  # in path order

    def walk() -> list:
        stamps = situations()
        for code in (__file__, adjudicator.kb.names.__file__):
            stat = os.stat(code)
            stamps.append((os.path.abspath(code), stat.st_size, stat.st_mtime_ns))
        return stamps

    # an installed copy's files do not change: its install stamp stands for theirs (no walk)
    return derived_from("situation-index", stamps_or(walk), lambda: _situation_index([Path(p) for p, _, _ in situations()]))


def _situation_index(paths: list[Path]) -> dict[str, tuple[str, ...]]:
    from adjudicator.yamlio import load_text

    index: dict[str, list[str]] = {}
    for path in paths:
        try:
            data = load_text(path.read_text(encoding="utf-8"))
        except Exception:  # a broken situation file is the replay's to report
            continue
        found: set[str] = set()
        staged_names(data, found)
        rel = project_name(path)
        for key in found:
            index.setdefault(key, []).append(rel)
    return {k: tuple(v) for k, v in index.items()}


def ruling_rows() -> list[dict]:
    """The rows of both rulings tables (faq/rulings.yaml, faq/companion.yaml), each with the
    file it comes from under ``_file``."""
    rows = []
    for name in ("rulings.yaml", "companion.yaml"):
        path = FAQ_TABLE / name
        if path.exists():
            rows += [{**row, "_file": name} for row in (load_yaml(path) or {}).get("rulings") or []]
    return rows


def _mentions(text: str, keys: set[str]) -> bool:
    folded = " " + name_key(text) + " "
    return any(key and f" {key} " in folded for key in keys)


# -- the lookup ------------------------------------------------------------------------------


def _candidates(kb) -> list[tuple[str, str, str, int]]:
    names = list(kb.store.names(("card",), "lotr"))
    untitled = {name_key(c["name"]) for c in figures() if not c.get("key")}  # titles a design bears bare
    for card in figures():
        for n in card_names(card):
            if card.get("key") and n == card["name"] and name_key(n) in untitled:
                continue  # a second design is found by its key; its title names the first design
            names.append((name_key(n), n, "figures:" + design_name(card), 0))
    for entry in library_cards().values():
        names.append((name_key(entry.name), entry.name, "library:" + entry.name, 0))
    return names


def _find(kb, typed: str) -> tuple[str, object | None]:
    """(the card's name, its Quest Companion card record or None)."""
    ref_query = REF_QUERY.match(typed)
    if ref_query:
        from adjudicator.kb.cards import normalise

        ref = normalise(ref_query.group(1), ref_query.group(2))
        ids = [i for i in kb.store.records_with_card(ref) if i.startswith("lotr:qc:card:")]
        if ids:
            record = kb.store.get(ids[0])
            return record.title, record
        card = next((c for c in figures() if card_ref(c) == ref), None)
        if card is None:
            raise NotFound(f"no card with the reference {ref!r}")
        return design_name(card), None
    candidates = _candidates(kb)
    exact = decided_by_exact_name(typed, candidates)  # the fuzzy pass over ~1000 names only when needed
    matches = [exact] if exact is not None else best_matches(typed, candidates, limit=5)
    if not matches or matches[0].score < MIN_SCORE:
        listed = named_only(typed)
        if listed is not None:
            name, kind, pack = listed
            shown = name if name_key(name) == name_key(typed) else f"{name} (you typed {typed})"
            raise NotFound(f"{shown}: a LOTR card ({kind}, pack {pack}) known by name only: "
                           "the card library does not encode it")
        raise NotFound(f"no card named {typed!r}", [m.name for m in matches[:3]])
    best = matches[0]
    if best.id.startswith(("figures:", "library:")):
        name = best.id.split(":", 1)[1]
        record = _qc_record(kb, name)
        return name, record
    record = kb.store.get(best.id)
    return record.title, record


@lru_cache(maxsize=1)
def listed_cards() -> tuple[tuple[str, str, str], ...]:
    """(name, type, pack) of every card of ``rules_db/lotr/card_names.yaml``: LOTR's list of card
    names (bench/import_card_names.py), most of them neither in the card library nor named by the
    documents."""
    path = RULES_DB / "lotr" / "card_names.yaml"
    rows = (load_yaml(path) or {}).get("cards", []) if path.exists() else []
    return tuple((str(r[0]), str(r[1]), str(r[2])) for r in rows if isinstance(r, list) and len(r) == 3)


@lru_cache(maxsize=1)
def _listed_names() -> list[tuple[str, str, str, int]]:
    """``listed_cards`` as lookup candidates (key, name, "type|pack", 0)."""
    return [(name_key(name), name, f"{kind}|{pack}", 0) for name, kind, pack in listed_cards()]


def named_only(typed: str) -> tuple[str, str, str] | None:
    """(name, type, pack) of the listed card ``typed`` names (exactly, or by the closest spelling),
    or None."""
    candidates = _listed_names()
    exact = decided_by_exact_name(typed, candidates)
    matches = [exact] if exact is not None else best_matches(typed, candidates, limit=1)
    if not matches or matches[0].score < MIN_SCORE:
        return None
    kind, pack = matches[0].id.split("|", 1)
    return matches[0].name, kind, pack


def _qc_record(kb, name: str):
    key = name_key(name)
    for k, _, rid, _ in kb.store.names(("card",), "lotr"):
        if k == key:
            return kb.store.get(rid)
    return None


def _figures_of(names: list[str], ref: str | None) -> dict | None:
    """The design the names pick out: the one with that reference or key, else the one that
    bears the title without a key (the first design of a title), else any with the name."""
    keys = {name_key(n) for n in names}
    cards = figures()
    for test in (lambda c: bool(ref) and card_ref(c) == ref,
                 lambda c: name_key(design_name(c)) in keys,
                 lambda c: bool(keys & {name_key(n) for n in card_names(c)})):
        found = next((c for c in cards if test(c)), None)
        if found is not None:
            return found
    return None


def _library_entry(names: list[str], version: str):
    from adjudicator.engine.situation import fold

    lib = library_cards(version)
    for n in names:
        if fold(n) in lib:
            return lib[fold(n)]
    keys = {name_key(n) for n in names}
    return next((e for e in lib.values() if name_key(e.name) in keys), None)


def _unwritten(names: list[str]) -> list[dict]:
    """The card's abilities the grammar cannot express yet (the library's ``unwritten:``)."""
    entry = _library_entry(names, "errata")
    return [{"kind": u.kind, "says": u.says, "needs": u.needs, "ruling_ids": list(u.rulings), "line": u.line}
            for u in (entry.unwritten if entry is not None else ())]


def _abilities(kb, names: list[str]) -> list[dict]:
    current = _library_entry(names, "errata")
    if current is None:
        return []
    printed = _library_entry(names, "printed")
    printed_by_index = {a.index: a for a in (printed.abilities if printed else [])}
    out = []
    for ability in current.abilities:
        first = printed_by_index.get(ability.index)
        out.append({
            "label": ability.label,
            "kind": ability.kind,
            "says": ability.says,
            "errata": resolve(kb, ability.errata) if ability.errata else None,
            "errata_id": ability.errata,
            "printed_says": None if first is None else first.says,
            "absent_when_printed": bool(ability.errata) and first is None,
            "rulings": resolve_many(kb, ability.rulings),
            "ruling_ids": list(ability.rulings),
            "line": ability.line,
        })
    for first in printed.abilities if printed else []:
        if not any(a.index == first.index for a in current.abilities):
            out.append({"label": first.label, "kind": first.kind, "says": "", "errata": None, "errata_id": "",
                        "printed_says": first.says, "absent_when_printed": False, "removed_by_errata": True,
                        "rulings": [], "ruling_ids": [], "line": first.line})
    return out


def card(kb, typed: str) -> dict:
    """Everything about one card from every document and the project's own data."""
    from .qc_lookup import _is_erratum_of

    name, record = _find(kb, typed)
    data = record.data if record is not None else {}
    ref = data.get("set_ref")
    names = list(dict.fromkeys([name, *(record.aliases if record is not None else [])]))
    card_data = _figures_of(names, ref)
    if card_data is not None:
        ref = ref or card_ref(card_data)
        names = list(dict.fromkeys(names + card_names(card_data)))
    abilities = _abilities(kb, names)
    unwritten = _unwritten(names)
    errata = resolve_many(kb, data.get("errata", []) + [a["errata_id"] for a in abilities if a["errata_id"]])
    qas = resolve_many(kb, data.get("qa", []))
    rulings = resolve_many(kb, data.get("rulings", []))
    have = {r.id for r in errata + qas + rulings}
    extra_ids = list(kb.store.records_with_card(ref)) if ref else []
    by_name = set()
    for variant in names:
        by_name.update(r.id for r in kb.store.search_text(variant, ("qa", "errata", "clarification", "ruling")))
    extra_ids += sorted(by_name)
    extra_ids += [r.id for a in abilities for r in a["rulings"]]
    extra_ids += [rid for u in unwritten for rid in u["ruling_ids"]]
    keys = {name_key(n) for n in names}
    # a keyed design (a second design of a title) is put in play by its key: the situations naming the
    # title put in the title's first design
    in_play = {name_key(n) for n in names if not (card_data and card_data.get("key") and name_key(n) == name_key(card_data["name"]))}
    # the rulings its ruling situations stage it for, though their text does not name it (staged_rulings)
    found_otherwise = set(extra_ids) | have
    staged = {rid: where for rid, where in _staged_links(kb, sorted(in_play)).items() if rid not in found_otherwise}
    extra_ids += list(staged)
    for r in resolve_many(kb, extra_ids):
        if r.id in have or r.game != "lotr":
            continue
        if r.id in by_name and _names_another_design(r.text, keys, ref):
            continue  # found by the name, which the record gives another card of that title
        have.add(r.id)
        if r.kind.value == "errata":
            if _is_erratum_of(r, names, ref):
                errata.append(r)
            elif r.id in staged:  # another card's erratum, which a situation shows with this card
                rulings.append(r)
        elif r.kind.value == "qa":
            qas.append(r)
        elif r.kind.value in ("clarification", "ruling"):
            rulings.append(r)
    shown = {r.id for r in errata + qas + rulings}
    return {
        "name": name,
        "typed": typed,
        "corrected": not REF_QUERY.match(typed) and name_key(typed) not in keys,
        "record": record,
        "set_ref": ref,
        "figures": card_data,
        "abilities": abilities,
        "unwritten": [{**u, "rulings": resolve_many(kb, u["ruling_ids"])} for u in unwritten],
        "designs": other_designs(card_data),
        "errata": errata,
        "qa": qas,
        "rulings": rulings,
        "scenarios": _scenarios(kb, data, card_data),
        "situations": sorted({p for k in in_play for p in situation_index().get(k, ())}),
        "ruling_rows": _rows_naming(keys, {r.id for r in errata + qas + rulings}, in_play),
        # how a record not naming the card was linked to it: {record id: (situation, rulings table or "")}
        "staged": {rid: where for rid, where in staged.items() if rid in shown},
    }


def _staged_links(kb, keys: list[str]) -> dict[str, tuple[str, str]]:
    from adjudicator.ask.staged_rulings import links

    return links(kb, keys, _card_keys)


@lru_cache(maxsize=1)
def _card_keys() -> frozenset[str]:
    """The name keys of every card the card data and the card library name."""
    keys = {name_key(n) for card in figures() for n in card_names(card)}
    return frozenset(keys | {name_key(entry.name) for entry in library_cards().values()})


def _names_another_design(text: str, keys: set[str], ref: str | None) -> bool:
    """Whether a text names the card's title only with another product's reference: "Aragorn
    (ToS 1)" is not Aragorn (CORE 1).  A text naming it bare, or with a reference of its own
    product, is about it."""
    if not ref:
        return False
    from adjudicator.kb.cards import find_refs

    def names_it(name: str) -> bool:  # the name before a reference may carry a word before it ("If Aragorn")
        return any((" " + name_key(name)).endswith(" " + key) for key in keys if key)

    # another product's reference: within one product a different number is taken for a slip of
    # the document (FAQ 1.06 gives Caught in a Web, Core 80, as CORE 86)
    products = {found.rsplit(" ", 1)[0] for found, name in find_refs(text) if names_it(name)}
    return bool(products) and ref.rsplit(" ", 1)[0] not in products


def _scenarios(kb, data: dict, card_data: dict | None) -> list[dict]:
    """The scenarios a card appears in: where the Quest Companion names it, and the Core Set
    scenarios built from its encounter set."""
    out: dict[str, dict] = {}
    for rid, how in [(i, "named on its Quest Companion page") for i in data.get("scenarios", [])] + \
                    [(i, "removed in its easy mode") for i in data.get("removed_in_easy_mode", [])]:
        record = resolve(kb, rid)
        if record is not None:
            out.setdefault(name_key(record.title), {"title": record.title, "id": record.id, "how": how,
                                                    "lines": [record.span.start, record.span.end]})
    encounter_set = (card_data or {}).get("encounter_set")
    for entry in scenario_sets():
        if encounter_set and encounter_set in entry.get("encounter_sets", ()):
            key = name_key(entry["name"])
            found = out.setdefault(key, {"title": entry["name"], "id": None, "how": "", "lines": None})
            found["how"] = (found["how"] + "; " if found["how"] else "") + f"its encounter set ({encounter_set})"
            if found["id"] is None:
                page = kb.store.names(("scenario",), "lotr")
                found["id"] = next((rid for k, _, rid, _ in page if k == key), None)
    return list(out.values())


def _rows_naming(keys: set[str], record_ids: set[str], in_play: set[str] | None = None) -> list[dict]:
    in_play = keys if in_play is None else in_play
    out = []
    for row in ruling_rows():
        situations = [str(s) for s in row.get("situations") or ()]
        puts_in_play = any(p in situations for k in in_play for p in situation_index().get(k, ()))
        named = any(name_key(str(c)) in keys for c in row.get("cards") or ())
        about = row.get("ruling") in record_ids or named or _mentions(str(row.get("topic", "")), keys)
        if about or puts_in_play:
            out.append({"ruling": row.get("ruling"), "topic": row.get("topic") or row.get("reason", ""),
                        "status": row.get("status", ""), "situations": situations, "file": row.get("_file", "rulings.yaml"),
                        "about_the_card": about})  # else its situations only put the card in play
    return out
