"""Records of the Companion's rules part, glossary and reference sheets.

- rules pages: ``lotr:qc:page:<slug>`` (pages that are only a contents list are kept as
  navigation, kind ``section``); a title used twice gets its parent's slug appended.
- ``FAQ (1.xx)`` pages: ``lotr:qc:faq:<1.xx>``, merged into ``lotr:faq:<1.xx>``.
- glossary terms: ``lotr:qc:glossary:<slug>``, merged into the Rules Reference entry.
- keyword pages: also ``lotr:qc:keyword:<slug>`` (built in `companion`).
- the two reference sheets: ``lotr:qc:sheet:<slug>``; the Timing & Gameplay sheet's
  framework steps ``lotr:qc:step:<id>``, merged into ``lotr:rr:step:<id>``.
"""

from __future__ import annotations

import re

from adjudicator.kb.records import Authority, Block, Kind, Link, slugify, log_repair

from .companion_cards import CARD_REF, QA, A_PREFIX, Q_PREFIX, add_qa, card_refs
from .companion_pages import FAQ, FAQ_TITLE, GLOSSARY, GLOSSARY_INDEX, Page, is_example, to_blocks
from .companion_registry import Registry
from .qc_data import names

STEP = re.compile(r"^(\d\.\d{1,2}[ab]?|\d\.\d\.\d) (.+)$")
SHEET_TITLE = "Quick Reference Sheet"
FAN_PAGES = ("[ALeP]", "A Long Extended Party")
REDIRECT = re.compile(r"^See:\s*(.+)$")


def page_ids(pages: list[Page]) -> dict[int, str]:
    """A stable id for every rules, FAQ, glossary and sheet page."""
    counts: dict[str, int] = {}
    for p in pages:
        if p.kind in ("rules", GLOSSARY_INDEX):
            counts[p.title] = counts.get(p.title, 0) + 1
    out: dict[int, str] = {}
    used: set[str] = set()
    for p in pages:
        if p.kind == FAQ:
            out[p.index] = "lotr:qc:faq:" + FAQ_TITLE.match(p.title).group(1)
        elif p.kind == GLOSSARY:
            out[p.index] = "lotr:qc:glossary:" + slugify(p.title)
        elif p.kind == "sheet":
            out[p.index] = "lotr:qc:sheet:" + slugify(p.title)
        elif p.kind in ("rules", GLOSSARY_INDEX):
            base = "lotr:qc:page:" + slugify(p.title)
            if counts[p.title] > 1 or base in used:
                parent = pages[p.parent].title if p.parent is not None else "top"
                base += ":" + slugify(parent)
            out[p.index] = base
        elif p.kind == "scenario":
            out[p.index] = "lotr:qc:scenario:" + slugify(p.title)
        elif p.kind == "card":
            out[p.index] = "lotr:qc:card:" + slugify(p.title)
        used.add(out.get(p.index, ""))
    return out


def is_fan_page(page: Page, pages: list[Page]) -> bool:
    cur: Page | None = page
    while cur is not None:
        if cur.title.startswith(FAN_PAGES):
            return True
        cur = pages[cur.parent] if cur.parent is not None else None
    return False


def _qa_pairs(page: Page) -> tuple[list[QA], set[int]]:
    """Questions and answers standing inside a rules page, and the lines they take."""
    pairs: list[QA] = []
    used: set[int] = set()
    body = page.content
    i = 0
    while i < len(body):
        ln = body[i]
        if Q_PREFIX.match(ln.text) and i + 1 < len(body) and A_PREFIX.match(body[i + 1].text):
            pairs.append(QA(ln, [body[i + 1]]))
            used.update({ln.no, body[i + 1].no})
            i += 2
            continue
        i += 1
    return pairs, used


def _mark_faq_examples(blocks: list[Block]) -> None:
    """A FAQ page opens with a worked example naming real cards, then states the rule."""
    paras = [b for b in blocks if b.style == "para"]
    if len(paras) < 2:
        return
    for block in paras:
        if CARD_REF.search(block.text) or " reads" in block.text[:60] or is_example(block.text):
            block.example = True
    if all(b.example for b in paras):  # keep the last paragraph as the rule
        paras[-1].example = False


def text_end(title_line: int, blocks) -> int:
    """The last line of a record's own text: a page's contents list, its questions and
    answers (records of their own) and the toggled fragments left out are not part of it."""
    return max([title_line] + [b.line for b in blocks])


def rules_page_records(reg: Registry, pages: list[Page], ids: dict[int, str], skip=frozenset()) -> None:
    rr_titles = names().glossary_titles
    glossary_titles = {p.title for p in pages if p.kind == GLOSSARY}
    for p in pages:
        if p.kind not in ("rules", FAQ, GLOSSARY, GLOSSARY_INDEX) or p.index in skip:
            continue
        rid = ids[p.index]
        authority = Authority.FAN if is_fan_page(p, pages) else Authority.OFFICIAL
        qas, qa_lines = _qa_pairs(p)
        body = [ln for ln in p.content if ln.no not in qa_lines]
        blocks = to_blocks(body)
        kind = {FAQ: Kind.CLARIFICATION, GLOSSARY: Kind.GLOSSARY}.get(p.kind, Kind.RULE)
        # a page that is only a contents list, or only its questions and answers (records of
        # their own), has no text of its own: it holds other records
        navigation = p.navigation_only or p.kind == GLOSSARY_INDEX
        only_qa = kind is Kind.RULE and not blocks and bool(qas)
        if navigation or only_qa:
            kind = Kind.SECTION
        if p.kind == FAQ:
            _mark_faq_examples(blocks)
        title = p.title
        if p.kind == "rules" and p.parent is not None and rid != "lotr:qc:page:" + slugify(p.title):
            # a title other pages share ("Aragorn", "Shadow Effects"): the page names its parent
            title = f"{p.title} ({pages[p.parent].title})"
        rec = reg.new(rid, kind, title, p.line, text_end(p.line, blocks), authority=authority, path=p.path,
                      blocks=blocks)
        if title != p.title:
            rec.aliases.append(p.title)
        rec.cards = card_refs(" ".join(b.text for b in blocks))
        rec.data["page_kind"] = p.kind
        if navigation:
            rec.data["navigation"] = True
        if only_qa:
            rec.data["holds"] = "qa"
        if p.children:
            rec.data["children"] = [ids[c] for c in p.children if c in ids]
        if p.parent is not None and p.parent in ids:
            rec.links.append(Link("parent", ids[p.parent]))
        if p.kind == FAQ:
            number = FAQ_TITLE.match(p.title).group(1)
            rec.data["merge_into"] = f"lotr:faq:{number}"
            rec.data["faq_number"] = number
            rec.aliases.append(FAQ_TITLE.match(p.title).group(2))
        if p.kind == "rules" and p.title in glossary_titles:
            # The learn-to-play page and the glossary entry of the same name differ in
            # wording; the official entry is the Rules Reference's.
            rec.links.append(Link("same-term", "lotr:rr:" + slugify(rr_titles.get(p.title, p.title))))
        if p.kind == GLOSSARY:
            rr_title = rr_titles.get(p.title, p.title)
            rec.data["merge_into"] = "lotr:rr:" + slugify(rr_title)
            m = REDIRECT.match(blocks[0].text) if blocks else None
            if m:
                rec.data["redirect"] = m.group(1)
                rec.links.append(Link("redirect", "?" + m.group(1)))
        for qa in qas:
            qid = add_qa(reg, qa, card=None, page=p.title, page_id=rid, authority=authority, path=p.path)
            rec.links.append(Link("qa", qid))
        reg.add(rec)


def sheet_records(reg: Registry, pages: list[Page], ids: dict[int, str]) -> None:
    for p in pages:
        if p.kind != "sheet":
            continue
        rid = ids[p.index]
        if p.title == "Number of Players":
            # The sheet overlays a solo and a multiplayer rendering of each sentence; the
            # toggled fragments (indented lines without a bullet) are dropped.
            body = [
                ln for ln in p.lines
                if not (ln.raw.startswith("      ") and not ln.text.startswith(("\u2022", "•")))
                and ln.text not in ("Number of Players", "Difficulty Levels", "Saga Expansions Rules", "Effects Reference")
            ]
            blocks = to_blocks(body)
            # Its first lines are the web page's toggle labels, not its title: the sheet is the
            # player quick reference (effect timing, solo play, setup, the round, ending the game).
            start = blocks[0].line if blocks else p.line  # the toggle labels are not part of its text
            rec = reg.new(rid, Kind.SECTION, SHEET_TITLE, start, text_end(start, blocks), path=p.path[:-1] + [SHEET_TITLE],
                          blocks=blocks)
            log_repair(rec, "solo/multiplayer toggle fragments of the web page dropped")
            log_repair(rec, f"titled by its content: its first line ({p.title!r}) is a toggle label of the web page")
            reg.add(rec)
            continue
        rec = reg.new(rid, Kind.SECTION, p.title, p.line, p.end, path=p.path, blocks=to_blocks(p.lines))
        reg.add(rec)
        _timing_steps(reg, p, rid)


def _timing_steps(reg: Registry, page: Page, sheet_id: str) -> None:
    """The framework steps of the Timing & Gameplay sheet, after its ``Framework Details``."""
    started = False
    current = None
    body: list = []

    def close() -> None:
        if current is None:
            return
        sid, name, ln = current
        rid = "lotr:qc:step:" + sid
        if rid in reg.records:
            return
        rec = reg.new(rid, Kind.STEP, f"{sid} {name}", ln.no, body[-1].no if body else ln.no,
                      path=page.path + [f"{sid} {name}"], blocks=to_blocks(body))
        rec.data["step"] = sid
        rec.data["merge_into"] = "lotr:rr:step:" + sid
        rec.links.append(Link("parent", sheet_id))
        reg.add(rec)

    for ln in page.lines:
        if ln.text == "Framework Details":
            started = True
            continue
        if not started:
            continue
        m = STEP.match(ln.text)
        if m and not ln.raw.startswith(" "):
            close()
            current, body = (m.group(1), m.group(2).strip(), ln), []
        elif current is not None and not re.match(r"^[IVX]+\. ", ln.text) and ln.text not in (
            "Enemy Attack Resolution", "Player Attack Resolution"
        ):
            body.append(ln)
    close()
