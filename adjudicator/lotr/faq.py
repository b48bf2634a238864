"""Parser for the LOTR LCG FAQ (version 1.9): errata, rule clarifications, Q&A, variants.

The FAQ's sections start at fixed heading lines; errata come in two layouts (a name, a
set line and a body as three paragraphs, or "Name CODE n" with the body on the next
line); clarifications are numbered "(1.nn) Title"; questions and answers start with
"Q:" and "A:".  The analysis (shared/analysis/rules-reference-and-faq.md §3) maps each.
"""

from __future__ import annotations

import re

from adjudicator.kb.cards import find_refs, normalise, set_codes
from adjudicator.kb.records import Block, Kind, Record, Span, slugify
from adjudicator.kb.text import ParseError, find_headings, guarded, join_continuations, last_text_line, normalise_spaces, paragraphs, strip_markdown, to_block

GAME = "lotr"
DOC = "lotr-faq"
ROOT = "FAQ 1.9"

SECTIONS = ("LOTR Errata", "Rule Clarification", "Expert Game", "Scoring", "Frequently Asked Questions", "Scenario Name")
RULEBOOK_HEADING = "LOTR Core Set Rulebook"
PRODUCTS = (
    "LOTR Core Set Cards",
    "Shadows of Mirkwood Expansion",
    "Khazad-Dûm Expansion",
    "Dwarrowdelf Expansion",
    "Over Hill and Under Hill Saga Expansion",
    "On the Doorstep Saga Expansion",
    "Heirs of Númenor Expansion",
    "Against the Shadow Expansion",
    "The Ring-maker Cycle",
    "The Treason of Saruman",
    "The Land of Shadow",
)
PATCH_KINDS = (
    ("Title should read:", "title"),
    ("Should have the text:", "add-text"),
    ("Should read:", "text"),
)
CLARIFICATION_RE = re.compile(r"^\((1\.\d{2})\)\s+(.+)$")
EXAMPLE_START = re.compile(r"^\*?\s*(?:For example|Example)\s*:", re.IGNORECASE)


# Icons the text conversion dropped or turned into card suits (analysis §3.2); the words
# they stood for cannot be recovered from the text, so the records say so instead.
ICON_NOTES = (
    (87, "♠", "The sphere or stat icons in this text were converted to card suits; which ones is not recoverable."),
    (129, "♠", "The four resource icons collapsed into two card suits: the text is ambiguous as printed here."),
    (149, "+1  for", "A stat icon is missing after +1 in this text."),
    (198, "next  card", "A sphere icon is missing before 'card' in this text."),
    (874, "bonus to ,", "Three stat icons are missing in this answer (the bonus's stats)."),
)


@guarded("FAQ")
def parse(lines: list[str], doc) -> list[Record]:
    marks = _sections(lines)
    records: list[Record] = []
    records += _errata(lines, marks["LOTR Errata"], marks["Rule Clarification"] - 1)
    records += _clarifications(lines, marks["Rule Clarification"], marks["Expert Game"] - 1)
    records += _variants(lines, marks)
    records += _questions(lines, marks["Frequently Asked Questions"], marks["Scenario Name"] - 1)
    for record in records:
        _attach_card_refs(record)
    for line, words, note in ICON_NOTES:
        if line <= len(lines) and words in lines[line - 1]:
            for record in records:
                if record.kind != Kind.SECTION and record.span.start <= line <= record.span.end:
                    record.notes.append(f"L{line}: {note}")
    return records


def _sections(lines: list[str]) -> dict[str, int]:
    return find_headings(lines, {h: h for h in SECTIONS}, "FAQ")


def _record(rid, kind, title, start, end, path, blocks, **kw) -> Record:
    return Record(id=rid, game=GAME, kind=kind, title=title, span=Span(DOC, start, end), path=path, blocks=blocks, **kw)


def _clean(text: str) -> str:
    return normalise_spaces(strip_markdown(text))


def _attach_card_refs(record: Record) -> None:
    names = dict(record.data.get("card_names", {}))
    for block in record.blocks:
        for ref, name in find_refs(block.text):
            if ref not in record.cards:
                record.cards.append(ref)
            if name and ref not in names:
                names[ref] = name
    if names:
        record.data["card_names"] = names


# -- errata -------------------------------------------------------------------------------


def _errata(lines: list[str], start: int, end: int) -> list[Record]:
    codes = set_codes()
    set_a = re.compile(r"^(" + "|".join(map(re.escape, codes)) + r")\s+(\d{1,3})$")
    set_b = re.compile(r"^(.+?)\s+(" + "|".join(map(re.escape, codes)) + r")\s+(\d{1,3})$")
    path = [ROOT, "Errata"]
    heads: list[tuple[int, str, dict]] = []  # (first line of the entry, kind, info)
    product = ""
    for number in range(start + 1, end + 1):
        text = lines[number - 1].strip()
        if text in PRODUCTS or text == RULEBOOK_HEADING:
            product = text
            heads.append((number, "product", {"product": text}))
            continue
        if not product:
            continue
        match = set_a.match(text)
        if match:
            name_line = number - 1
            while name_line > start and not lines[name_line - 1].strip():
                name_line -= 1
            heads.append(
                (name_line, "card", {"name": lines[name_line - 1].strip(), "code": match.group(1),
                                     "number": match.group(2), "product": product, "layout": "A"})
            )
            continue
        match = set_b.match(text)
        if match and len(text) < 70:
            heads.append(
                (number, "card", {"name": match.group(1).strip(), "code": match.group(2),
                                  "number": match.group(3), "product": product, "layout": "B"})
            )
    intro_end = heads[0][0] - 1 if heads else end
    records = [
        _record("lotr:faq:errata", Kind.SECTION, "Errata", start, last_text_line(lines, start, intro_end), [ROOT],
                _body(lines, start + 1, intro_end))
    ]
    bounds = [h[0] for h in heads] + [end + 1]
    for (number, kind, info), nxt in zip(heads, bounds[1:]):
        last = last_text_line(lines, number, nxt - 1)
        if kind == "product":
            if info["product"] == RULEBOOK_HEADING and last > number:
                records.append(_rulebook_erratum(lines, number, last, path))
            continue
        body_start = number + 1 if info["layout"] == "B" else _line_after(lines, number, 2)
        records.append(_card_erratum(lines, number, body_start, last, info, path))
    return records


def _line_after(lines: list[str], number: int, paragraphs_to_skip: int) -> int:
    """The line after the ``paragraphs_to_skip``-th non-blank line from ``number``."""
    seen = 0
    for current in range(number, len(lines) + 1):
        if lines[current - 1].strip():
            seen += 1
            if seen == paragraphs_to_skip:
                return current + 1
    return number + 1


PATCH_RE = re.compile("(" + "|".join(re.escape(prefix) for prefix, _ in PATCH_KINDS) + ")")


def _patches(blocks: list[Block]) -> tuple[list[Block], list[dict], list[str]]:
    """Split the body at each "Should read:"-style marker: the patches, and the other notes."""
    out, patches, notes = [], [], []
    kinds = dict(PATCH_KINDS)
    for block in blocks:
        pieces = [p for p in PATCH_RE.split(block.text) if p.strip()]
        if len(pieces) == 1:
            out.append(block)
            notes.append(block.text)
            continue
        index = 0
        while index < len(pieces):
            piece = pieces[index].strip()
            if piece in kinds and index + 1 < len(pieces):
                text = pieces[index + 1].strip()
                patches.append({"kind": kinds[piece], "text": text.strip("\"“”")})
                out.append(Block(f"{piece} {text}", "patch", line=block.line))
                index += 2
            else:
                out.append(Block(piece, block.style, block.example, block.line))
                notes.append(piece)
                index += 1
    return out, patches, notes


def _card_erratum(lines, number, body_start, last, info, path) -> Record:
    blocks, patches, notes = _patches(_body(lines, body_start, last))
    ref = normalise(info["code"], info["number"])
    code, num = ref.split()
    record = _record(
        f"lotr:errata:{code.lower()}-{num}",
        Kind.ERRATA,
        info["name"],
        number,
        last,
        [*path, info["product"]],
        blocks,
        cards=[ref],
    )
    record.data.update(
        {
            "card": info["name"],
            "product": info["product"],
            "set": code,
            "number": int(num),
            "ref": ref,
            "layout": info["layout"],
            "patches": patches,
            "clarifications": notes,
            "card_names": {ref: info["name"]},
        }
    )
    record.aliases = [f"{info['name']} ({ref})"]
    record.aliases += [p["text"] for p in patches if p["kind"] == "title"]  # the corrected title finds it too
    return record


def _rulebook_erratum(lines, number, last, path) -> Record:
    paras = paragraphs(lines, number + 1, last)
    where = [text for _, text in paras[:-1]]
    blocks = _body(lines, paras[-1][0], last) if paras else []
    record = _record(
        "lotr:errata:rulebook-p14",
        Kind.ERRATA,
        "Core Set rulebook: " + ", ".join(where),
        number,
        last,
        [*path, RULEBOOK_HEADING],
        blocks,
        aliases=["Rulebook erratum", "Quest phase erratum"],
    )
    quoted = re.search(r"should read:\s*[\"“](.+?)[\"”]\s*$", record.text, re.IGNORECASE)
    patches = [{"kind": "sentence", "text": quoted.group(1)}] if quoted else []
    record.data.update({"product": RULEBOOK_HEADING, "where": where, "patches": patches})
    return record


def _body(lines: list[str], start: int, end: int) -> list[Block]:
    blocks: list[Block] = []
    in_example = False
    for line, text in paragraphs(lines, start, end):
        block = to_block(text, line)
        if EXAMPLE_START.match(text):
            in_example = True
        elif not text.startswith("("):
            in_example = False  # a parenthesised paragraph right after an example continues it
        block.example = in_example
        if blocks and not blocks[-1].text.rstrip().endswith(TERMINAL):
            # a sentence cut by a page break goes on in the next paragraph
            blocks[-1].text = blocks[-1].text.rstrip() + " " + block.text
            continue
        blocks.append(block)
    return join_continuations(blocks)


TERMINAL = (".", ":", "!", "?", '"', "”", ")", "’", "'", "*")


# -- rule clarifications --------------------------------------------------------------------


def _clarifications(lines: list[str], start: int, end: int) -> list[Record]:
    path = [ROOT, "Rule Clarification"]
    heads = []
    for number in range(start + 1, end + 1):
        match = CLARIFICATION_RE.match(lines[number - 1].strip())
        if match:
            heads.append((number, match.group(1), _clean(match.group(2))))
    intro_end = heads[0][0] - 1 if heads else end
    records = [
        _record("lotr:faq:rule-clarification", Kind.SECTION, "Rule Clarification", start,
                last_text_line(lines, start, intro_end), [ROOT], _body(lines, start + 1, intro_end))
    ]
    bounds = [h[0] for h in heads] + [end + 1]
    for (number, cid, title), nxt in zip(heads, bounds[1:]):
        last = last_text_line(lines, number, nxt - 1)
        record = _record(f"lotr:faq:{cid}", Kind.CLARIFICATION, f"({cid}) {title}", number, last, path,
                         _body(lines, number + 1, last))
        record.aliases = [title, cid]
        record.data["number"] = cid
        records.append(record)
    return records


# -- variants and scoring ---------------------------------------------------------------------


def _variants(lines: list[str], marks: dict[str, int]) -> list[Record]:
    expert, scoring, faq, sheet = (marks[k] for k in ("Expert Game", "Scoring", "Frequently Asked Questions", "Scenario Name"))
    out = []
    for rid, title, head, nxt, aliases in (
        ("lotr:faq:expert-game", "Expert Game", expert, scoring, ["Expert game variant"]),
        ("lotr:faq:scoring", "Scoring", scoring, faq, ["Scoring (FAQ)", "Round scoring"]),
    ):
        last = last_text_line(lines, head, nxt - 1)
        out.append(_record(rid, Kind.RULE, title, head, last, [ROOT], _body(lines, head + 1, last), aliases=aliases))
    copies = sum(1 for text in lines[sheet - 1 :] if text.strip() == "Scenario Name")
    last = last_text_line(lines, sheet, len(lines))
    first_copy_end = next((n for n in range(sheet + 1, last + 1) if lines[n - 1].strip() == "Scenario Name"), last + 1) - 1
    rows = []
    for number in range(sheet, first_copy_end + 1):
        cells = [c.strip() for c in lines[number - 1].split("\t") if c.strip() and "<input" not in c]
        if any(c not in ("+", "=", "-") for c in cells):  # the rows of empty boxes are left out
            rows.append(Block(" ".join(cells), "para", line=number))
    # the sheet is printed several times over; the record cites its first copy
    sheet_end = last_text_line(lines, sheet, first_copy_end)
    sheet_record = _record("lotr:faq:scoring-sheet", Kind.SECTION, "Scoring sheet", sheet, sheet_end, [ROOT], rows,
                           aliases=["Score sheet"])
    sheet_record.data["copies"] = copies
    out.append(sheet_record)
    return out


# -- questions and answers ----------------------------------------------------------------------


def _questions(lines: list[str], start: int, end: int) -> list[Record]:
    path = [ROOT, "Frequently Asked Questions"]
    starts = [n for n in range(start + 1, end + 1) if lines[n - 1].startswith("Q:")]
    intro_end = starts[0] - 1 if starts else end
    records = [
        _record("lotr:faq:questions", Kind.SECTION, "Frequently Asked Questions", start,
                last_text_line(lines, start, intro_end), [ROOT], _body(lines, start + 1, intro_end))
    ]
    bounds = starts + [end + 1]
    for index, (number, nxt) in enumerate(zip(starts, bounds[1:]), start=1):
        last = last_text_line(lines, number, nxt - 1)
        answer_line = next((n for n in range(number, last + 1) if lines[n - 1].startswith("A:")), None)
        if answer_line is None:
            raise ParseError(f"FAQ line {number}: a question with no answer")
        question = _join(paragraphs(lines, number, answer_line - 1))
        question = _clean(question[2:].strip())
        answer_blocks = _body(lines, answer_line, last)
        if answer_blocks:
            first = answer_blocks[0]
            first.text = _clean(first.text[2:].strip().strip("*")) if first.text.startswith("A:") else first.text
        for block in answer_blocks:
            block.text = block.text.strip("*").strip()
        blocks = [Block(question, "question", line=number), *answer_blocks]
        record = _record(f"lotr:faq:q:{index}", Kind.QA, question, number, last, path, blocks)
        record.data.update({"number": index, "question": question, "answer": "\n".join(b.text for b in answer_blocks),
                            "answer_line": answer_line})
        records.append(record)
    return records


def _join(paras: list[tuple[int, str]]) -> str:
    """A question split by a page break: its pieces joined into one sentence."""
    return " ".join(text for _, text in paras)


def card_key(name: str) -> str:
    return slugify(name)
