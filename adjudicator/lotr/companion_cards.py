"""Card rulings in the Quest Companion: errata, questions and answers, rulings.

They stand in two places with the same conventions: the card ruling pages at the end
of the dump (title = card, then ``Errata`` / ``Q & A`` / ``Ruling`` sections) and the
``FAQ & Errata`` blocks of scenario pages (a bare card-title line, then its entries).
An erratum starts ``Should read:``, ``Should have the text:``, ``Title should read:``
or has no prefix; a question starts ``Q:`` or ``Q.`` (a few have no prefix and are
recognised by their question mark) and its answer is the next line starting ``A:``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .companion_pages import Line

ERRATA_PREFIX = re.compile(r"^(Title should read|Should read|Should have the text)\s*:?\s*", re.I)
Q_PREFIX = re.compile(r"^Q[:.]\s*")
A_PREFIX = re.compile(r"^A[:.]\s*")
CARD_REF = re.compile(r"\(([A-Z][A-Za-z]{0,5}) ?(\d{1,3})\)")
SET_CODES = {"CORE": "CORE", "Core": "CORE", "CS": "CORE", "DD": "D", "OHaUH": "OHUH"}


def set_ref(code: str, number: str) -> str:
    """A card reference with the set code spelt one way: ``CORE 90``, ``D 125``."""
    return f"{SET_CODES.get(code, code)} {int(number)}"


def card_refs(text: str) -> list[str]:
    return [set_ref(c, n) for c, n in CARD_REF.findall(text)]


@dataclass
class QA:
    question: Line
    answer: list[Line] = field(default_factory=list)

    @property
    def start(self) -> int:
        return self.question.no

    @property
    def end(self) -> int:
        return self.answer[-1].no if self.answer else self.question.no

    @property
    def question_text(self) -> str:
        return Q_PREFIX.sub("", self.question.text).strip()

    @property
    def answer_text(self) -> str:
        return " ".join(A_PREFIX.sub("", ln.text).strip() for ln in self.answer)


@dataclass
class CardEntry:
    """Everything said about one card in one place (a card page or a FAQ & Errata block)."""

    card: str
    line: int  # the card title's line
    errata: list[Line] = field(default_factory=list)  # the erratum and its explanation lines
    qas: list[QA] = field(default_factory=list)
    rulings: list[Line] = field(default_factory=list)
    end: int = 0


def _starts_entry(ln: Line) -> bool:
    return bool(Q_PREFIX.match(ln.text) or ERRATA_PREFIX.match(ln.text))


def read_items(lines: list[Line], entry: CardEntry, section: str = "") -> None:
    """Sort the lines under one card into errata, questions and answers, rulings.

    ``section`` is the card page's current heading ("Errata", "Q & A", "Ruling") or ""
    inside a scenario's FAQ & Errata block, where the prefixes decide.  A question
    without its ``Q:`` prefix is recognised by its question mark; its answer is the
    one line after it.
    """
    i = 0
    while i < len(lines):
        ln = lines[i]
        if Q_PREFIX.match(ln.text):
            qa = QA(ln)
            i += 1
            while i < len(lines) and not _starts_entry(lines[i]):
                nxt = lines[i]
                if qa.answer and nxt.text.endswith("?") and not A_PREFIX.match(nxt.text):
                    break  # an unprefixed question follows the answer
                qa.answer.append(nxt)
                i += 1
            entry.qas.append(qa)
            continue
        bare_question = (
            section in ("", "Q & A")
            and ln.text.endswith("?")
            and not A_PREFIX.match(ln.text)
            and i + 1 < len(lines)
            and not _starts_entry(lines[i + 1])
        )
        if bare_question:
            entry.qas.append(QA(ln, [lines[i + 1]]))
            i += 2
            continue
        if section == "Ruling":
            entry.rulings.append(ln)
        else:
            entry.errata.append(ln)
        i += 1


def looks_like_card_title(ln: Line) -> bool:
    """A bare card-title line inside a scenario's FAQ & Errata block."""
    t = ln.text
    if ln.raw.startswith(" ") or len(t) > 50 or not t:
        return False
    if Q_PREFIX.match(t) or A_PREFIX.match(t) or ERRATA_PREFIX.match(t):
        return False
    return not t.endswith((".", "?", ":", ",", '"', ")"))


def parse_faq_block(lines: list[Line]) -> list[CardEntry]:
    """A scenario's FAQ & Errata block: card-title lines, each followed by its entries."""
    entries: list[CardEntry] = []
    pending: list[Line] = []
    current: CardEntry | None = None

    def close() -> None:
        if current is not None:
            read_items(pending, current)
            current.end = max([current.line] + [x.no for x in pending])

    for ln in lines:
        if looks_like_card_title(ln):
            close()
            current = CardEntry(ln.text, ln.no)
            entries.append(current)
            pending = []
        elif current is not None:
            pending.append(ln)
    close()
    return entries


def parse_card_page(title: str, title_line: int, lines: list[Line]) -> CardEntry:
    """A card ruling page: its ``Errata``, ``Q & A`` and ``Ruling`` sections."""
    entry = CardEntry(title, title_line)
    section = ""
    chunk: list[Line] = []
    for ln in lines:
        if ln.text in ("Errata", "Q & A", "Ruling"):
            read_items(chunk, entry, section)
            section, chunk = ln.text, []
        else:
            chunk.append(ln)
    read_items(chunk, entry, section)
    entry.end = max([title_line] + [x.no for x in lines])
    return entry


# ---------------------------------------------------------------------------------
# Records: one per distinct question and answer, one per distinct erratum.


def qa_id(question: str) -> str:
    from adjudicator.kb.records import slugify

    words = slugify(question).split("-")
    return "lotr:qc:qa:" + "-".join(words[:9])


def add_qa(reg, qa: QA, *, card: str | None, page: str, page_id: str, authority, path: list[str]) -> str:
    """The record of this question and answer (an earlier copy if the text repeats)."""
    from adjudicator.kb.records import Block, Kind, Link

    from .companion_repairs import normal_key
    from .qc_data import faq_questions

    key = "qa " + normal_key(qa.question_text + " " + qa.answer_text)
    existing = reg.records.get(reg.by_text.get(key, ""))
    if existing is not None:
        reg.occurrence(existing, page, page_id, qa.start, authority)
        if card and card not in existing.data.setdefault("about", []):
            existing.data["about"].append(card)
        return existing.id
    rid = reg.unique_id(qa_id(qa.question_text))
    blocks = [Block(qa.question_text, "para", False, qa.question.no)]
    blocks += [Block(A_PREFIX.sub("", ln.text).strip(), "para", False, ln.no) for ln in qa.answer]
    rec = reg.new(rid, Kind.QA, qa.question_text, qa.start, qa.end, authority=authority, path=path, blocks=blocks)
    rec.cards = card_refs(qa.question_text + " " + qa.answer_text)
    rec.data["about"] = [card] if card else []
    rec.data["pages"] = [{"page": page, "page_id": page_id, "line": qa.start}]
    official = faq_questions().get(rid)
    if official:
        rec.data["merge_into"] = official
        rec.links.append(Link("same-entry", official))
    reg.add(rec, key)
    return rid


def add_errata(reg, entry: CardEntry, canonical: str, *, page: str, page_id: str, authority, path: list[str]) -> str | None:
    """The record of a card's erratum as this entry states it (shared by repeated copies)."""
    from adjudicator.kb.records import Block, Kind, Link, slugify

    from .companion_repairs import normal_key
    from .qc_data import names

    if not entry.errata:
        return None
    text = " ".join(ln.text for ln in entry.errata)
    key = "errata " + normal_key(canonical + " " + text)
    existing = reg.records.get(reg.by_text.get(key, ""))
    if existing is not None:
        reg.occurrence(existing, page, page_id, entry.errata[0].no, authority)
        return existing.id
    rid = reg.unique_id("lotr:qc:errata:" + slugify(canonical))
    blocks = []
    for ln in entry.errata:
        m = ERRATA_PREFIX.match(ln.text)
        style = "para" if m else "note"
        blocks.append(Block(ln.text, style, False, ln.no))
    rec = reg.new(rid, Kind.ERRATA, f"{canonical}: erratum", entry.errata[0].no, entry.errata[-1].no,
                  authority=authority, path=path, blocks=blocks)
    rec.data["card"] = canonical
    rec.data["pages"] = [{"page": page, "page_id": page_id, "line": entry.errata[0].no}]
    rec.cards = card_refs(text)
    official = names().faq_errata.get(canonical)
    if official and rid == "lotr:qc:errata:" + slugify(canonical):
        rec.data["merge_into"] = official
        rec.links.append(Link("same-entry", official))
    reg.add(rec, key)
    return rid
