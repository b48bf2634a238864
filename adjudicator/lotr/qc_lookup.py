"""Lookups over the Quest Companion's records: scenarios, cards, keywords.

Each function takes an open knowledge base (`adjudicator.kb.api.KnowledgeBase`) and
returns plain dicts of records (the CLI renders them); a name that matches nothing
raises `NotFound` with the closest names.  Companion records that the build folded into
an official record (a FAQ question, an erratum) are followed to that record.
"""

from __future__ import annotations

from functools import lru_cache

from adjudicator.errors import NotFound
from adjudicator.kb.names import best_matches, name_key
from adjudicator.paths import RULES_DB

MIN_SCORE = 0.6
ALIKE = 0.03  # matches this close to the best are named beside it ('mirkwood': three scenarios)


def resolve(kb, rid: str):
    """The record for an id, following a merge into an official record."""
    if not rid:
        return None
    record = kb.store.get(rid)
    if record is None:
        merged = kb.store.merged_alias(rid)
        record = kb.store.get(merged) if merged else None
    return record


def resolve_many(kb, ids) -> list:
    out, seen = [], set()
    for rid in ids:
        record = resolve(kb, rid)
        if record is not None and record.id not in seen:
            seen.add(record.id)
            out.append(record)
    return out


def _match(kb, name: str, kinds: tuple[str, ...], what: str, extra_names=(), alike: list | None = None):
    """The best match of ``name``; ``alike`` (a list) receives the other names that match it
    as well as that one, give or take ALIKE."""
    names = kb.store.names(kinds, "lotr") + list(extra_names)
    matches = best_matches(name, names, limit=5)
    if not matches or matches[0].score < MIN_SCORE:
        suggestions = [m.name for m in matches[:3]]
        if not suggestions:
            import difflib

            printed = sorted({n for _, n, _, w in names if w == 0})
            suggestions = difflib.get_close_matches(name, printed, n=3, cutoff=0.4)
        raise NotFound(f"no {what} named {name!r}", suggestions)
    if alike is not None:
        alike.extend(m.name for m in matches[1:] if m.score >= matches[0].score - ALIKE and m.id != matches[0].id)
    return matches[0]


# -- scenarios ---------------------------------------------------------------------------


def scenario(kb, name: str) -> dict:
    alike: list[str] = []
    match = _match(kb, name, ("scenario",), "scenario", alike=alike)
    record = kb.store.get(match.id)
    data = record.data
    keywords = resolve_many(kb, data.get("keywords", []))
    rulings = resolve_many(kb, data.get("rulings", []))
    faq = []
    for entry in data.get("faq", []):
        faq.append({
            "card": entry["card"],
            "as_written": entry.get("as_written", entry["card"]),
            "errata": resolve(kb, entry.get("errata")),
            "qa": resolve_many(kb, entry.get("qa", [])),
        })
    easy = dict(data.get("easy_mode") or {})
    easy_record = resolve(kb, easy.get("record")) if easy.get("record") else None
    tip = resolve(kb, data.get("strategy_tip")) if data.get("strategy_tip") else None
    return {"record": record, "keywords": keywords, "rulings": rulings, "faq": faq, "easy_mode": easy,
            "easy_record": easy_record, "strategy_tip": tip, "matched": match.name, "score": match.score,
            "typed": name, "corrected": name_key(name) != name_key(record.title), "alike": list(dict.fromkeys(alike))}


def scenario_list(kb, *, product: str | None = None, authority: str | None = None,
                  min_difficulty: int | None = None, max_difficulty: int | None = None) -> list:
    records = kb.store.by_kind("scenario", "lotr")
    out = []
    for r in records:
        d = r.data
        if product and name_key(product) not in name_key(d.get("product", "")):
            continue
        if authority and r.authority.value != authority:
            continue
        diff = d.get("difficulty")
        if min_difficulty is not None and (diff is None or diff < min_difficulty):
            continue
        if max_difficulty is not None and (diff is None or diff > max_difficulty):
            continue
        out.append(r)
    return out


def products(kb) -> list[str]:
    seen = []
    for r in kb.store.by_kind("scenario", "lotr"):
        p = r.data.get("product", "")
        if p and p not in seen:
            seen.append(p)
    return seen


# -- cards -------------------------------------------------------------------------------


@lru_cache(maxsize=1)
def printed_cards() -> list[dict]:
    """The project's card data (printed figures), when there is some."""
    from adjudicator.yamlio import load_yaml_copy  # libyaml, and the parsed copy kept in the cache folder

    out = []
    for path in sorted((RULES_DB / "lotr" / "cards").glob("*.yaml")):
        data = load_yaml_copy(path) or {}
        out.extend(data.get("cards", []))
    return out


def _printed(name: str, ref: str | None) -> dict | None:
    key = name_key(name)
    for card in printed_cards():
        card_ref = f"{str(card.get('set', '')).upper()} {card.get('number')}"
        if (ref and card_ref == ref) or key in {name_key(card["name"]), *(name_key(a) for a in card.get("aliases", []))}:
            return card
    return None


def card(kb, name: str) -> dict:
    """Everything about one card from every document."""
    import re

    printed_names = [(name_key(c["name"]), c["name"], "printed:" + c["name"], 0) for c in printed_cards()]
    ref_query = re.match(r"^\s*([A-Za-z]{1,6})\s*(\d{1,3})\s*$", name)
    record = None
    if ref_query:
        from adjudicator.kb.cards import normalise

        ref = normalise(ref_query.group(1), ref_query.group(2))
        ids = [i for i in kb.store.records_with_card(ref) if i.startswith("lotr:qc:card:")]
        record = kb.store.get(ids[0]) if ids else None
        title = record.title if record else (next((c["name"] for c in printed_cards()
                                                  if f"{str(c['set']).upper()} {c['number']}" == ref), None))
        if title is None and record is None:
            raise NotFound(f"no card with the reference {ref!r}")
    else:
        match = _match(kb, name, ("card",), "card", printed_names)
        if match.id.startswith("printed:"):
            title = match.name
        else:
            record = kb.store.get(match.id)
            title = record.title
    data = record.data if record else {}
    ref = data.get("set_ref") if record else None
    printed = _printed(title, ref)
    if printed and not ref:
        ref = f"{str(printed['set']).upper()} {printed['number']}"
    errata = resolve_many(kb, data.get("errata", []))
    qas = resolve_many(kb, data.get("qa", []))
    rulings = resolve_many(kb, data.get("rulings", []))
    # Official entries that name the card by reference or by name.
    extra_ids = kb.store.records_with_card(ref) if ref else []
    variants = [title, *(record.aliases if record else [])]
    for variant in variants:
        for r in kb.store.search_text(variant, ("qa", "errata", "clarification")):
            extra_ids.append(r.id)
    have = {r.id for r in errata + qas + rulings}
    for r in resolve_many(kb, extra_ids):
        if r.id in have or r.game != "lotr":
            continue
        have.add(r.id)
        if r.kind.value == "errata":
            if _is_erratum_of(r, variants, ref):
                errata.append(r)
        elif r.kind.value == "qa":
            qas.append(r)
        elif r.kind.value == "clarification":
            rulings.append(r)
    scenarios = resolve_many(kb, data.get("scenarios", []))
    removed = resolve_many(kb, data.get("removed_in_easy_mode", []))
    return {"name": title, "record": record, "set_ref": ref, "printed": printed, "errata": errata, "qa": qas,
            "rulings": rulings, "scenarios": scenarios, "removed_in_easy_mode": removed}


def _is_erratum_of(record, variants: list[str], ref: str | None) -> bool:
    if ref and (record.data.get("ref") == ref or ref in record.cards[:1]):
        return True
    keys = {name_key(v) for v in variants}
    title = name_key(record.title.split(":")[0])
    return title in keys or name_key(record.data.get("card", "")) in keys


# -- keywords ----------------------------------------------------------------------------


def keyword(kb, name: str) -> dict:
    match = _match(kb, name, ("keyword",), "keyword")
    record = kb.store.get(match.id)
    if record.data.get("variant_of"):
        record = kb.store.get(record.data["variant_of"]) or record
    official = [resolve(kb, l.target) for l in record.links if l.rel == "same-term"]
    variants = resolve_many(kb, [l.target for l in record.links if l.rel == "variant"])
    qas = resolve_many(kb, [l.target for l in record.links if l.rel == "qa"])
    scenarios = resolve_many(kb, record.data.get("scenarios", []))
    return {"record": record, "official": [r for r in official if r], "variants": variants, "qa": qas,
            "scenarios": scenarios}
