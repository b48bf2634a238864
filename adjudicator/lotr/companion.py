"""Parser of the Quest Companion (document key ``lotr-qc``): lines in, records out.

`parse` splits the dump into its 595 pages (`companion_pages`), reads each by kind, and
returns typed records with repeated text folded (`companion_registry`):

- rules pages, FAQ pages (merged into FAQ 1.9), glossary terms (merged into the Rules
  Reference), the two reference sheets and their framework steps (`companion_rules`);
- keywords ``lotr:qc:keyword:<slug>``: the keyword pages of the rules part and the
  keyword blocks of the scenario pages, one record per keyword with the scenarios that
  use it;
- scenarios ``lotr:qc:scenario:<slug>`` (difficulty, rating, keywords, rulings, card
  FAQ and errata, easy-mode removals) with their rulings ``lotr:qc:ruling:...`` and
  easy-mode lists ``lotr:qc:easy-mode:...`` (`companion_scenarios`);
- cards ``lotr:qc:card:<slug>``, their errata ``lotr:qc:errata:<slug>`` and questions
  ``lotr:qc:qa:<slug>`` (`companion_cards`).

A record merged into an official one carries ``data["merge_into"]``; fan content (A
Long-extended Party) carries ``Authority.FAN``.
"""

from __future__ import annotations

from adjudicator.kb.records import Authority, Block, Kind, Link, Record, slugify

from . import qc_data
from .companion_cards import add_errata, add_qa, card_refs, parse_card_page
from .companion_pages import Page, read_pages, to_blocks
from .companion_registry import Registry
from .companion_repairs import normal_key, repair_line
from .companion_rules import _qa_pairs, page_ids, rules_page_records, sheet_records, text_end
from .companion_scenarios import FAN_NOTE, Scenario, parse_scenario

# Canonical word order of the analysis: what `parse` found, for tests and the report.
LAST_STATS: dict = {}


def parse(lines: list[str], doc=None) -> list[Record]:
    key = getattr(doc, "key", "lotr-qc")
    pages, shells = read_pages(lines)
    reg = Registry(key)
    ids = page_ids(pages)
    keyword_pages = _keyword_pages(pages)
    for index, slug in keyword_pages.items():
        ids[index] = "lotr:qc:keyword:" + slug
    rules_page_records(reg, pages, ids, skip=set(keyword_pages))
    keywords = _keyword_records(reg, pages, keyword_pages, ids)
    cards = CardIndex(reg, lines)
    scenarios = []
    for p in pages:
        if p.kind == "scenario":
            scenarios.append(_scenario_records(reg, p, ids[p.index], keywords, cards))
    for p in pages:
        if p.kind == "card":
            cards.card_page(p, ids[p.index])
    sheet_records(reg, pages, ids)
    cards.finish()
    _apply_divergences(reg)
    LAST_STATS.clear()
    LAST_STATS.update(
        pages=len(pages),
        shells=shells,
        kinds={k: sum(1 for p in pages if p.kind == k) for k in {p.kind for p in pages}},
        scenarios=len(scenarios),
        navigation=sum(1 for p in pages if p.navigation_only),
    )
    return list(reg.records.values())


# ---------------------------------------------------------------------------------
# Keywords


def _keyword_pages(pages: list[Page]) -> dict[int, str]:
    """Rules pages that explain one keyword (children of the ``Keywords`` page)."""
    by_name = {k.name: k.slug for k in qc_data.keywords()}
    out = {}
    for p in pages:
        if p.kind == "rules" and p.parent is not None and pages[p.parent].title == "Keywords" and p.title in by_name:
            out[p.index] = by_name[p.title]
    return out


class KeywordBook:
    def __init__(self) -> None:
        self.heading_names: dict[str, str] = {}
        self.subs: set[str] = set()
        self.info = {}
        for k in qc_data.keywords():
            self.info[k.name] = k
            self.heading_names[k.name] = k.name
            for a in k.aliases:
                self.heading_names[a] = k.name
            self.subs.update(k.sub)
        self.records: dict[str, Record] = {}  # keyword name -> record


def _keyword_records(reg: Registry, pages: list[Page], keyword_pages: dict[int, str], ids) -> KeywordBook:
    book = KeywordBook()
    by_slug = {k.slug: k for k in qc_data.keywords()}
    for index, slug in keyword_pages.items():
        p = pages[index]
        info = by_slug[slug]
        qas, qa_lines = _qa_pairs(p)
        body = [ln for ln in p.content if ln.no not in qa_lines]
        blocks = to_blocks(body)
        rec = reg.new(ids[index], Kind.KEYWORD, info.name, p.line, text_end(p.line, blocks), path=p.path, blocks=blocks)
        _keyword_common(rec, info)
        for qa in qas:
            rec.links.append(Link("qa", add_qa(reg, qa, card=None, page=p.title, page_id=rec.id,
                                              authority=Authority.OFFICIAL, path=p.path)))
        rec.data["defined_in_rules"] = True
        if p.parent is not None:
            rec.links.append(Link("parent", ids[p.parent]))
        reg.add(rec, "kw " + normal_key(rec.text))
        book.records[info.name] = rec
    return book


def _keyword_common(rec: Record, info) -> None:
    rec.summary = info.summary
    rec.aliases = [a for a in {info.name, info.name.removesuffix(" X"), *info.aliases} if a != rec.title]
    rec.data.setdefault("scenarios", [])
    if info.rr:
        rec.links.append(Link("same-term", info.rr))


def _keyword_use(reg: Registry, book: KeywordBook, section, sc: Scenario, scenario_id: str, authority) -> str:
    info = book.info[section.heading]
    subs = set(section.sub)
    blocks = to_blocks(section.lines, headings=subs)
    rec = book.records.get(info.name)
    if rec is None:
        rid = "lotr:qc:keyword:" + info.slug
        rec = reg.new(rid, Kind.KEYWORD, info.name, section.line, section.end, authority=authority,
                      path=["Quest Companion", "Keywords", info.name], blocks=blocks)
        _keyword_common(rec, info)
        rec.data["defined_in_rules"] = False
        rec.data["pages"] = [{"page": sc.title, "page_id": scenario_id, "line": section.line}]
        reg.add(rec, "kw " + normal_key(rec.text))
        book.records[info.name] = rec
    else:
        reg.occurrence(rec, sc.title, scenario_id, section.line, authority)
        known = {normal_key(b.text) for b in rec.blocks}
        new = [b for b in blocks if normal_key(b.text) not in known and b.style != "heading"]
        if new:
            # The scenario's copy says something the keyword record does not: keep it as
            # a variant of the keyword, so both texts are found.
            vid = reg.unique_id(f"{rec.id}:{slugify(sc.title)}")
            existing = reg.same_text("kwv " + normal_key(" ".join(b.text for b in new)))
            if existing is None:
                var = reg.new(vid, Kind.KEYWORD, f"{info.name} (as copied on scenario pages)", section.line, section.end,
                              authority=authority, path=["Quest Companion", "Scenarios", sc.title, info.name],
                              blocks=blocks)
                var.data["variant_of"] = rec.id
                var.data["scenarios"] = [scenario_id]
                var.links.append(Link("variant-of", rec.id))
                rec.links.append(Link("variant", vid))
                reg.by_text[normal_key("kwv " + normal_key(" ".join(b.text for b in new)))] = vid
                reg.add(var)
            else:
                existing.data.setdefault("scenarios", []).append(scenario_id)
        elif len(blocks) < len(rec.blocks) and rec.data.get("defined_in_rules"):
            rec.data.setdefault("shortened_on", []).append(scenario_id)
    if scenario_id not in rec.data["scenarios"]:
        rec.data["scenarios"].append(scenario_id)
    return rec.id


# ---------------------------------------------------------------------------------
# Scenarios


def _scenario_records(reg: Registry, page: Page, sid: str, book: KeywordBook, cards: "CardIndex") -> Scenario:
    sc = parse_scenario(page, book.heading_names, book.subs)
    authority = Authority.FAN if sc.fan else Authority.OFFICIAL
    slug = slugify(sc.title)
    names = qc_data.names()
    product = qc_data.products().get(sc.title, "")
    data: dict = {
        "difficulty": sc.difficulty,
        "rating": sc.rating,
        "votes": sc.votes,
        "product": product,
        "fan": sc.fan,
        "modes": sc.modes,
        "keywords": [],
        "rulings": [],
        "faq": [],
        "easy_mode": {"kind": sc.easy_mode, "record": None, "removals": []},
    }
    for section in sc.keywords:
        kid = _keyword_use(reg, book, section, sc, sid, authority)
        if kid not in data["keywords"]:
            data["keywords"].append(kid)
    empty = []
    for section in sc.rulings:
        if section.heading == FAN_NOTE:
            continue
        if not section.lines:
            empty.append(section.heading)
            continue
        data["rulings"].append(_ruling(reg, section, sc, sid, slug, page.path, authority))
    if sc.strategy:
        tip = reg.new(f"lotr:qc:tip:{slug}", Kind.SECTION, f"{sc.title}: strategy tip", sc.strategy[0].no,
                      sc.strategy[-1].no, authority=Authority.FAN, path=page.path + ["Strategy Tip"],
                      blocks=to_blocks(sc.strategy))
        tip.notes.append("the website's own playing advice, not a ruling")
        tip.data["scenario"] = sid
        reg.add(tip)
        data["strategy_tip"] = tip.id
    for entry in sc.faq:
        canonical = names.card(entry.card)
        got = cards.entry(entry, canonical, page=sc.title, page_id=sid, authority=authority, path=page.path)
        data["faq"].append({"card": canonical, "as_written": entry.card, "line": entry.line, **got})
        cards.seen_in(canonical, sid, authority, line=entry.line)
    _easy_mode(reg, sc, sid, slug, page.path, data, cards)
    if empty:
        data["empty_headings"] = empty
    summary = _scenario_summary(sc, product)
    # The record cites the page's title and header (difficulty, rating); the page's parts
    # are records of their own, and data["page"] says where the whole page stands.
    header = to_blocks(sc.header)
    rec = reg.new(sid, Kind.SCENARIO, sc.title, page.line, text_end(page.line, header), authority=authority,
                  path=page.path, blocks=header, summary=summary)
    rec.aliases = names.scenario_variants.get(sc.title, [])
    data["page"] = [page.line, page.end]
    rec.data = data
    rec.links += [Link("keyword", k) for k in data["keywords"]] + [Link("ruling", r) for r in data["rulings"]]
    if sc.fan:
        rec.notes.append("fan scenario by A Long-extended Party, not official content")
    reg.add(rec)
    return sc


def _scenario_summary(sc: Scenario, product: str) -> str:
    bits = [f"{sc.title}: {'fan' if sc.fan else 'official'} scenario"]
    if product:
        bits[0] += f" ({product})"
    if sc.difficulty is not None:
        bits.append(f"official difficulty {sc.difficulty}")
    if sc.rating is not None:
        bits.append(f"community rating {sc.rating:g} from {sc.votes} votes")
    return "; ".join(bits) + "."


def _ruling(reg: Registry, section, sc: Scenario, sid: str, slug: str, path, authority) -> str:
    blocks = to_blocks(section.lines)
    owner = reg.owner_of_all(blocks)
    if owner is not None:
        reg.occurrence(owner, sc.title, sid, section.line, authority)
        owner.data.setdefault("scenarios", [])
        if sid not in owner.data["scenarios"]:
            owner.data["scenarios"].append(sid)
        return owner.id
    rid = reg.unique_id(f"lotr:qc:ruling:{slug}:{slugify(section.heading) or 'general'}")
    title = f"{sc.title}: {section.heading}" if section.heading else f"{sc.title}: rulings"
    rec = reg.new(rid, Kind.RULING, title, section.line, section.end, authority=authority,
                  path=path + ["Rulings"] + ([section.heading] if section.heading else []), blocks=blocks)
    rec.aliases = [section.heading] if section.heading else []
    rec.cards = card_refs(" ".join(b.text for b in blocks))
    rec.data["scenario"] = sid
    rec.data["scenarios"] = [sid]
    rec.data["pages"] = [{"page": sc.title, "page_id": sid, "line": section.line}]
    reg.add(rec, "ruling " + normal_key(rec.text))
    return rid


def _easy_mode(reg: Registry, sc: Scenario, sid: str, slug: str, path, data: dict, cards: "CardIndex") -> None:
    names = qc_data.names()
    easy = data["easy_mode"]
    if sc.easy_mode == "none":
        return
    blocks = to_blocks(sc.easy_lines)
    if sc.easy_mode == "generic":
        owner = reg.owner_of_all(blocks) or reg.same_text("easy " + normal_key(" ".join(b.text for b in blocks)))
        if owner is None:
            owner = reg.new("lotr:qc:easy-mode:generic", Kind.RULE, "Easy mode (gold-border cards removed)",
                            sc.easy_lines[0].no, sc.easy_lines[-1].no, path=["Quest Companion", "Scenarios", "Easy Mode"],
                            blocks=blocks)
            owner.data["pages"] = []
            owner.data["scenarios"] = []
            reg.add(owner, "easy " + normal_key(owner.text))
        reg.occurrence(owner, sc.title, sid, sc.easy_lines[0].no, Authority.OFFICIAL)
        owner.data.setdefault("scenarios", []).append(sid)
        easy["record"] = owner.id
        return
    rec = reg.new(f"lotr:qc:easy-mode:{slug}", Kind.SECTION, f"{sc.title}: easy mode", sc.easy_lines[0].no,
                  sc.easy_lines[-1].no, authority=Authority.FAN if sc.fan else Authority.OFFICIAL,
                  path=path + ["Easy Mode"], blocks=blocks)
    for r in sc.removals:
        canonical = names.card(r.card)
        item = {"encounter_set": r.encounter_set, "card": canonical, "quantity": r.quantity, "line": r.line}
        if canonical != r.card:
            item["as_written"] = r.card
        easy["removals"].append(item)
        cards.seen_in(canonical, sid, Authority.OFFICIAL, removal=True, line=r.line)
    rec.data["scenario"] = sid
    rec.data["removals"] = easy["removals"]
    reg.add(rec)
    easy["record"] = rec.id


# ---------------------------------------------------------------------------------
# Cards


class CardIndex:
    """Everything the Companion says about each card, gathered across pages."""

    def __init__(self, reg: Registry, lines: list[str]) -> None:
        self.reg = reg
        self.source = lines
        self.cards: dict[str, dict] = {}  # canonical name -> facts

    def _facts(self, canonical: str) -> dict:
        # Keyed by slug: "Sacked" in an easy-mode list is the card "Sacked!".
        facts = self.cards.setdefault(
            slugify(canonical),
            {"errata": [], "qa": [], "rulings": [], "scenarios": [], "removed_in": [], "page": None,
             "official": False, "as_written": set(), "name": canonical, "mentions": []},
        )
        facts["as_written"].add(canonical)
        return facts

    def seen_in(self, canonical: str, scenario_id: str, authority, removal: bool = False, line: int = 0) -> None:
        """``canonical`` is named on line ``line`` of the page of ``scenario_id``."""
        f = self._facts(canonical)
        if line:
            f["mentions"].append({"scenario": scenario_id, "line": line, "removal": removal})
        key = "removed_in" if removal else "scenarios"
        if scenario_id not in f[key]:
            f[key].append(scenario_id)
        if authority == Authority.OFFICIAL:
            f["official"] = True

    def entry(self, entry, canonical: str, *, page: str, page_id: str, authority, path) -> dict:
        f = self._facts(canonical)
        f["as_written"].add(entry.card)
        got: dict = {"errata": None, "qa": []}
        eid = add_errata(self.reg, entry, canonical, page=page, page_id=page_id, authority=authority, path=path)
        if eid:
            got["errata"] = eid
            if eid not in f["errata"]:
                f["errata"].append(eid)
        for qa in entry.qas:
            qid = add_qa(self.reg, qa, card=canonical, page=page, page_id=page_id, authority=authority, path=path)
            got["qa"].append(qid)
            if qid not in f["qa"]:
                f["qa"].append(qid)
        return got

    def card_page(self, page: Page, page_id: str) -> None:
        names = qc_data.names()
        canonical = names.card(page.title)
        entry = parse_card_page(page.title, page.line, page.lines)
        f = self._facts(canonical)
        # A card page is fan content when the card is only discussed on fan scenarios.
        fan = bool(f["scenarios"]) and not f["official"]
        authority = Authority.FAN if fan else Authority.OFFICIAL
        if not fan:
            f["official"] = True
        self.entry(entry, canonical, page=page.title, page_id=page_id, authority=authority, path=page.path)
        if entry.rulings:
            rid = "lotr:qc:ruling:card:" + slugify(canonical)
            rec = self.reg.new(rid, Kind.RULING, f"{canonical}: ruling", entry.rulings[0].no, entry.rulings[-1].no,
                               authority=authority, path=page.path + ["Ruling"], blocks=to_blocks(entry.rulings))
            rec.data["card"] = canonical
            official = qc_data.names().faq_errata.get(canonical)
            if official and not entry.errata:
                # FAQ 1.9 lists this card's clarification among its errata: the same entry.
                rec.data["merge_into"] = official
                rec.links.append(Link("same-entry", official))
            self.reg.add(rec)
            f["rulings"].append(rid)
        f["page"] = {"id": page_id, "title": page.title, "line": page.line, "end": page.end, "authority": authority}

    def finish(self) -> None:
        names = qc_data.names()
        for slug, f in sorted(self.cards.items()):
            page = f["page"]
            canonical = page["title"] if page else f["name"]
            canonical = names.card(canonical)
            rid = "lotr:qc:card:" + slug
            if rid in self.reg.records:
                continue
            # The record cites the line that names the card: its ruling page's title, else the
            # first scenario page line naming it (a FAQ & Errata heading or an easy-mode removal).
            start = page["line"] if page else self._first_line(f)
            authority = page["authority"] if page else (Authority.OFFICIAL if f["official"] else Authority.FAN)
            ref = names.set_refs.get(canonical) or self._ref_from_text(canonical, f)
            parts = [f"{canonical}" + (f" ({ref})" if ref else "")]
            if f["errata"]:
                parts.append("has an erratum")
            if f["qa"]:
                parts.append(f"{len(f['qa'])} question(s) answered")
            if f["scenarios"] or f["removed_in"]:
                parts.append(f"appears on {len(set(f['scenarios']) | set(f['removed_in']))} scenario page(s)")
            summary = ", ".join(parts) + "."
            path = ["Quest Companion", "Card rulings", canonical] if page else ["Quest Companion", "Cards", canonical]
            rec = self.reg.new(rid, Kind.CARD, canonical, start, start, authority=authority, path=path,
                               blocks=[Block(self._naming_line(start), "heading", False, start)], summary=summary)
            rec.aliases = sorted(set(names.card_variants.get(canonical, [])) | (f["as_written"] - {canonical}))
            rec.cards = [ref] if ref else []
            rec.data = {
                "set_ref": ref,
                "errata": f["errata"],
                "qa": f["qa"],
                "rulings": f["rulings"],
                "scenarios": f["scenarios"],
                "removed_in_easy_mode": f["removed_in"],
                "ruling_page": bool(page),
                "page": [page["line"], page["end"]] if page else None,
                "mentions": f["mentions"],
            }
            rec.links = [Link("errata", x) for x in f["errata"]] + [Link("qa", x) for x in f["qa"]]
            rec.links += [Link("ruling", x) for x in f["rulings"]]
            self.reg.add(rec)

    def _naming_line(self, number: int) -> str:
        text, _ = repair_line(self.source[number - 1].strip())
        return text.lstrip("\u2022 ").strip()

    def _first_line(self, f: dict) -> int:
        if f["mentions"]:
            return min(m["line"] for m in f["mentions"])
        raise ValueError(f"card {f['name']!r} has neither a ruling page nor a line naming it")

    def _ref_from_text(self, canonical: str, f: dict) -> str | None:
        import re

        variants = [canonical, *qc_data.names().card_variants.get(canonical, [])]
        for qid in f["qa"] + f["errata"]:
            text = self.reg.records[qid].text
            for v in variants:
                m = re.search(re.escape(v) + r"(?:'s)? \(([A-Z][A-Za-z]{0,5}) ?(\d{1,3})\)", text)
                if m:
                    return card_refs(f"({m.group(1)} {m.group(2)})")[0]
        return None


def _apply_divergences(reg: Registry) -> None:
    for rid, notes in qc_data.divergences().items():
        rec = reg.records.get(rid)
        if rec is not None:
            rec.notes.extend(n for n in notes if n not in rec.notes)
