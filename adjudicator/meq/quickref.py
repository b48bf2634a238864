"""The quick reference at the back of the Middle-earth Quest rules.

It repeats the turn structure and the steps of combat in fewer words, sometimes with a
different meaning (the Ambush step's "may" where the rules say "must"; the Encounter
step without "or region"; "Undeclared" for "Undefeated").  Its records
(``meq:quickref:<list>:<n>``) link to the body steps they repeat (rel ``repeats``, and
``repeated-in`` back), and every wording difference is listed in the notes and in
``data["differences"]``, those changing a modal word or a condition flagged ``modal``.

The Mission card list exists only here: each card is a record ``meq:mission:<title>``.
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher

from adjudicator.kb.records import Block, Kind, Link, Record, Span, slugify

from .items import Item, clean
from .sections import GAME, Section, item_block, word_key

MODAL_WORDS = frozenset({"must", "may", "can", "cannot", "not", "only", "region", "or", "undefeated", "undeclared"})
REF_RE = re.compile(r"\((?:see|per)\b[^)]*\)", re.IGNORECASE)
MISSION_SIDES = {"SAURON MISSION CARDS": "sauron", "HERO MISSION CARDS": "heroes"}


def words(text: str) -> list[str]:
    text = REF_RE.sub(" ", clean(text)).lower().replace("’", "'")
    return re.findall(r"[a-z0-9']+", text)


def differences(body: str, ref: str) -> list[dict]:
    a, b = words(body), words(ref)
    out = []
    for tag, i1, i2, j1, j2 in SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        left, right = a[i1:i2], b[j1:j2]
        changed = MODAL_WORDS & (set(left) ^ set(right))
        if left and right:
            modal = bool(changed)
        else:  # an omission or addition changes the meaning when it is a short condition ("or region")
            modal = bool(changed) and len(left or right) <= 4
        out.append({"body": " ".join(left), "quickref": " ".join(right), "modal": modal})
    return out


def describe(diffs: list[dict], target: str) -> str:
    def short(text: str) -> str:
        parts = text.split()
        return "“" + (" ".join(parts[:10]) + (" …" if len(parts) > 10 else "")) + "”" if parts else "(nothing)"

    flagged = [d for d in diffs if d["modal"]]
    head = "differs in meaning from" if flagged else "wording differs from"
    shown = (flagged or diffs)[:4]
    return f"quick reference {head} {target}: " + "; ".join(
        f"rules {short(d['body'])} / quick reference {short(d['quickref'])}" for d in shown
    )


def item_name(item: Item) -> str:
    return item.label or item.text


def numbered_items(section: Section) -> list[tuple[str, Item]]:
    out = []
    number = ""
    for item in section.items:
        if item.style != "step":
            continue
        if item.number:
            number = item.number
            out.append((number, item))
        elif item.letter and number:
            out.append((f"{number}.{item.letter}", item))
    return out


def numbering(sections: list[Section]) -> dict[str, dict[str, tuple[str, str]]]:
    """For each numbered quick-reference list, folded step name -> (number, letter)."""
    out: dict[str, dict[str, tuple[str, str]]] = {}
    for section in sections:
        if not section.quickref:
            continue
        names = {}
        for key, item in numbered_items(section):
            number, _, letter = key.partition(".")
            names[word_key(item_name(item))] = (number, letter)
        if names:
            out[section.leaf] = names
    return out


def own_text(record: Record) -> str:
    """A body step's own words: its first block and its notes, without sub-steps or examples."""
    parts = []
    for index, block in enumerate(record.blocks):
        if index and block.style == "step":
            break
        if block.example:
            continue
        parts.append(re.sub(r"^(?:\d+|[a-h])\.\s+", "", block.text))
    return " ".join(parts)


def quickref_records(
    sections: list[Section], doc_key: str, steps_by_section: dict[str, list[Record]], by_id: dict[str, Record]
) -> list[Record]:
    out: list[Record] = []
    for section in sections:
        if not section.quickref:
            continue
        if section.raw in MISSION_SIDES:
            out.extend(mission_records(section, doc_key))
            continue
        listed = numbered_items(section)
        if not listed:
            continue
        body = best_body(listed, steps_by_section)
        body_steps = {r.data["number"]: r for r in body} if body else {}
        for key, item in listed:
            record = Record(
                id=f"meq:quickref:{section.leaf}:{key}",
                game=GAME,
                kind=Kind.STEP,
                title=f"{key.rpartition('.')[2]}. {item_name(item)}",
                span=Span(doc_key, item.line, item.end),
                path=list(section.path) + [item_name(item)],
                blocks=[item_block(item)],
                data={"quickref": True, "number": key, "label": item_name(item)},
            )
            target = body_steps.get(key)
            if target is not None:
                if item.label:
                    diffs = differences(own_text(target), item.full_text)
                else:
                    diffs = differences(target.data.get("label", ""), item.text)
                note = describe(diffs, target.id) if diffs else ""
                record.links.append(Link("repeats", target.id, note))
                target.links.append(Link("repeated-in", record.id, note))
                if diffs:
                    record.notes.append(note)
                    record.data["differences"] = diffs
            out.append(record)
        if body and section.id in by_id:
            procedure = body[0].data["procedure"]
            by_id[section.id].links.append(Link("repeats", procedure))
            if procedure in by_id:
                by_id[procedure].links.append(Link("repeated-in", section.id))
    return out


def best_body(listed: list[tuple[str, Item]], steps_by_section: dict[str, list[Record]]) -> list[Record] | None:
    names = {word_key(item_name(item)) for _, item in listed}
    best, best_hits = None, 1
    for records in steps_by_section.values():
        labels = {word_key(r.data.get("label", "")) for r in records}
        hits = sum(1 for n in names if any(n == l or (l and n.startswith(l + " ")) for l in labels))
        if hits > best_hits:
            best, best_hits = records, hits
    return best


def mission_records(section: Section, doc_key: str) -> list[Record]:
    out = []
    for item in section.items:
        if item.style != "bullet" or not item.label:
            continue
        out.append(
            Record(
                id=f"meq:mission:{slugify(item.label)}",
                game=GAME,
                kind=Kind.CARD,
                title=item.label,
                span=Span(doc_key, item.line, item.end),
                path=list(section.path) + [item.label],
                blocks=[Block(item.full_text, "para", line=item.line)],
                aliases=[f"{item.label} mission"],
                data={"card_type": "mission", "side": MISSION_SIDES[section.raw]},
            )
        )
    return out
