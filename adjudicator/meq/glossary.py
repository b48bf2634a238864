"""Glossary terms of the Middle-earth Quest rules (``meq:glossary:...``).

Terms come from the places where the rulebook defines a name:

- the Important Terms sidebar (``Term: definition`` paragraphs);
- the Component Overview (its sections are glossary records already, made by `rules`);
- labelled lists outside procedures: the combat keywords, the explore options, the
  commands, the Plot-step activities (``meq:glossary:<term>``);  an entry keeps its
  sub-items and what stands between it and the next entry (`entry_followers`);
- the labelled callouts of card and board pictures (the anatomy sections, the Peril card):
  ``meq:glossary:<card>:<part>``, since "Priority Number" or "Card Title" name a part of
  several cards.
"""

from __future__ import annotations

import re

from adjudicator.kb.records import Block, Kind, Record, Span, slugify

from .items import Item, clean
from .sections import GAME, Section, item_block, unique

TERM_RE = re.compile(r"^([A-Z][A-Za-z \[\]]{1,40}): (.+)$")
KEYWORD_SECTIONS = {"COMBAT KEYWORDS"}  # a term's following paragraphs belong to it


def owner_slug(section: Section) -> str:
    title = re.sub(r"^ANATOMY OF (?:A |AN |THE )?", "", section.raw)
    return slugify(title) or section.leaf


def term_record(rid: str, term: str, items: list[Item], section: Section, doc_key: str) -> Record:
    return Record(
        id=rid,
        game=GAME,
        kind=Kind.GLOSSARY,
        title=term,
        span=Span(doc_key, items[0].line, max(i.end for i in items)),
        path=list(section.path) + [term],
        blocks=[item_block(i) for i in items],
        data={"term": term, "defined_in": section.id},
    )


def _rank(item: Item) -> int:
    """Where an item stands in a list: numbered entry, lettered entry, labelled bullet, bullet, paragraph."""
    if item.style == "step":
        return 0 if item.number else 1
    if item.style == "bullet":
        return 2 if item.label else 3
    return 4


def entry_followers(items: list[Item], position: int) -> list[Item]:
    """The items after an entry of a list that belong to it.

    What stands between an entry and the next entry of its rank (its sub-items, the
    paragraphs that go on about it) is the entry's; after the list's last entry only the
    sub-items of an entry ending with a colon are (the list it introduces), since a
    paragraph after a list may speak of the whole list.  A picture's callout list ends at
    the first plain paragraph."""
    item = items[position]
    rank = _rank(item)
    taken: list[Item] = []
    for nxt in items[position + 1 :]:
        if _rank(nxt) <= rank:
            return taken
        if item.callout and not nxt.callout:
            break
        taken.append(nxt)
    if not item.full_text.rstrip().endswith(":"):
        return []
    introduced = []
    for nxt in taken:
        if nxt.style == "para":
            break
        introduced.append(nxt)
    return introduced


def glossary_records(sections: list[Section], doc_key: str, used: set[str]) -> list[Record]:
    out: list[Record] = []
    for section in sections:
        if section.quickref or section.kind is Kind.EXAMPLE:
            continue
        if section.raw == "IMPORTANT TERMS":
            for item in section.items:
                match = TERM_RE.match(clean(item.raw)) if item.style == "para" else None
                if match:
                    term = match.group(1).strip()
                    rid = unique(f"meq:glossary:{slugify(term)}", used)
                    record = term_record(rid, term, [item], section, doc_key)
                    record.blocks = [Block(clean(item.raw), "para", line=item.line)]
                    out.append(record)
            continue
        anatomy = section.raw.startswith("ANATOMY OF")
        callouts = [i for i in section.items if i.callout and i.style in ("step", "bullet")]
        if callouts and (anatomy or any(i.label for i in callouts)):
            owner = owner_slug(section)
            for item in callouts:
                term = item.label or (item.text if anatomy and item.number else "")
                if not term or len(term) > 60:
                    continue
                rid = unique(f"meq:glossary:{owner}:{slugify(term)}", used)
                position = section.items.index(item)
                out.append(term_record(rid, term, [item] + entry_followers(section.items, position), section, doc_key))
        if section.procedure:
            continue
        items = section.items
        for position, item in enumerate(items):
            if item.style != "bullet" or not item.label or item.callout:
                continue
            group = [item]
            if section.raw in KEYWORD_SECTIONS:
                for follower in items[position + 1 :]:
                    if follower.style != "para":
                        break
                    group.append(follower)
            else:
                group += entry_followers(items, position)
            rid = unique(f"meq:glossary:{slugify(item.label)}", used)
            out.append(term_record(rid, item.label, group, section, doc_key))
    return out
