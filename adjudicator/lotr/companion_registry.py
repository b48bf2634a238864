"""Collecting the Companion's records, with repeated text folded into one record.

A third of the dump repeats earlier text verbatim (keyword boilerplate on scenario
pages, card questions copied onto every scenario that uses the card).  The registry
keys every text it holds by `normal_key`; a second copy of the same text does not
become a second record but an occurrence (page and line) of the first.
"""

from __future__ import annotations

from adjudicator.kb.records import Authority, Block, Kind, Record, Span, unique_id

from .companion_repairs import normal_key

DOC = "lotr-qc"
ICONS = ("[attack]", "[defense]", "[willpower]", "[threat]")
ICON_NOTE = ("game icons in brackets were lost in the Companion and are restored by inference from the keyword "
             "the sentence names (Battle: attack, Siege: defense, Archery: defense)")
# A record whose text ends with a colon and holds nothing after it: the list (or picture) the
# sentence introduces is not in this copy (a test checks no record stops before a list the
# copy does print).
LOST_LIST_NOTE = "what the last sentence introduces (a list or a picture) is missing from this copy of the Companion"


class Registry:
    def __init__(self, doc: str = DOC) -> None:
        self.doc = doc
        self.records: dict[str, Record] = {}
        self.by_text: dict[str, str] = {}  # normal_key of a whole text -> record id
        self.by_para: dict[str, str] = {}  # normal_key of one paragraph -> first record holding it

    def span(self, start: int, end: int) -> Span:
        return Span(self.doc, start, max(start, end))

    def unique_id(self, base: str) -> str:
        return unique_id(base, self.records)

    def add(self, record: Record, text_key: str | None = None) -> Record:
        if record.id in self.records:
            raise ValueError(f"duplicate record id {record.id}")
        self.records[record.id] = record
        if any(icon in b.text for b in record.blocks for icon in ICONS) and ICON_NOTE not in record.notes:
            record.notes.append(ICON_NOTE)
        if record.blocks and record.blocks[-1].text.rstrip().endswith(":") and LOST_LIST_NOTE not in record.notes:
            record.notes.append(LOST_LIST_NOTE)
        if text_key:
            self.by_text.setdefault(text_key, record.id)
        for b in record.blocks:
            if b.style != "heading" and len(b.text) >= 40:
                self.by_para.setdefault(normal_key(b.text), record.id)
        return record

    def same_text(self, text: str) -> Record | None:
        rid = self.by_text.get(normal_key(text))
        return self.records.get(rid) if rid else None

    def owner_of_all(self, blocks: list[Block]) -> Record | None:
        """The one record that already holds every (long) paragraph of these blocks."""
        owners = {self.by_para.get(normal_key(b.text)) for b in blocks if b.style != "heading" and len(b.text) >= 40}
        if len(owners) == 1 and None not in owners:
            return self.records[owners.pop()]
        return None

    def occurrence(self, record: Record, page: str, page_id: str, line: int, authority: Authority) -> None:
        occ = record.data.setdefault("pages", [])
        if not any(o["line"] == line for o in occ):
            occ.append({"page": page, "page_id": page_id, "line": line})
        if authority == Authority.OFFICIAL:
            record.data["official_copy"] = True
            record.authority = Authority.OFFICIAL

    def new(
        self,
        rid: str,
        kind: Kind,
        title: str,
        start: int,
        end: int,
        *,
        authority: Authority = Authority.OFFICIAL,
        path: list[str] | None = None,
        blocks: list[Block] | None = None,
        **extra,
    ) -> Record:
        record = Record(
            id=rid,
            game="lotr",
            kind=kind,
            title=title,
            span=self.span(start, end),
            authority=authority,
            path=list(path or []),
            blocks=list(blocks or []),
        )
        for key, value in extra.items():
            setattr(record, key, value)
        return record
