"""Parser of the Middle-earth Quest rules of play (document key ``meq-rules``).

``parse(lines, doc)`` turns the document into records:

- one record per section (``meq:rules:<chapter>:<section>``; a repeated name inside one
  chapter also takes its parent's slug), with its path ``MEQ › Chapter › ... › Section``;
- one record per step of each numbered procedure (``meq:step:<procedure>:<n>`` and
  ``...:<n>.<letter>``): Setup, the turn summaries, the Event step, Determining Dominance,
  the Steps of Combat, Defeated Heroes, the Finale;
- glossary terms (``meq:glossary:...``, see `adjudicator.meq.glossary`);
- the quick reference as records of its own, linked to what it repeats, and the mission
  cards (``meq:quickref:...``, ``meq:mission:...``, see `adjudicator.meq.quickref`);
- the frequently overlooked rules (``meq:overlooked:<n>``).

Repairs of the printed layout, each visible in the record's notes:

- a step printed after a sidebar (Event step 3 after Determining Dominance) goes back to
  its procedure;
- subheads printed in the wrong column (Agility, Wisdom) go back to their section;
- steps printed as bare bullets (the Steps of Combat) take their numbers from the quick
  reference.

Flavour quotes, captions, credits, the page index and advertisements are left out.
Summaries and curated links (the project's own words) come from ``rules_db/meq/kb.yaml``.
"""

from __future__ import annotations

from adjudicator.paths import RULES_DB
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from adjudicator.kb.records import Block, Kind, Link, Record, Span, log_repair

from . import glossary, quickref
from .items import Item, split_items
from .outline import Heading, find_headings, paragraphs, strip_noise
from .pages import add_page_links
from .sections import GAME, GLOSSARY_CHAPTER, QUICKREF, ROOT, Section, item_block, leaf_slug, unique, word_key

if TYPE_CHECKING:
    from adjudicator.kb.documents import SourceDocument

KB_DATA = RULES_DB / "meq" / "kb.yaml"
LORE_CHAPTERS = {"INTRODUCTION": "lore", "STRATEGY TIPS": "strategy", "REGION REFERENCE": "reference"}


def section_kind(heading: Heading) -> tuple[Kind, list[str]]:
    chapter = heading.chapter.raw
    raw = heading.raw
    if chapter in LORE_CHAPTERS:
        return Kind.SECTION, [LORE_CHAPTERS[chapter]]
    if chapter == QUICKREF:
        return Kind.SECTION, ["quickref"]
    if "EXAMPLE" in raw.upper():
        return Kind.EXAMPLE, ["example"]
    if raw.startswith("ANATOMY OF") or raw in {"SETUP DIAGRAM", "COMPONENT LIST"}:
        return Kind.SECTION, ["anatomy"]
    if chapter == GLOSSARY_CHAPTER and heading.level > 1:
        return Kind.GLOSSARY, ["component"]
    return Kind.RULE, []


def section_id(heading: Heading, used: set[str]) -> str:
    chapter = heading.chapter
    if heading.raw == QUICKREF or chapter.raw == QUICKREF:
        candidate = f"meq:quickref:{leaf_slug(heading)}"
    elif chapter.raw == GLOSSARY_CHAPTER and heading.level > 1 and not heading.raw.startswith("ANATOMY OF"):
        candidate = f"meq:glossary:{leaf_slug(heading)}"
    elif heading.level == 1:
        candidate = f"meq:rules:{leaf_slug(heading)}"
    else:
        candidate = f"meq:rules:{leaf_slug(chapter)}:{leaf_slug(heading)}"
    if candidate in used:
        parent = heading.home or heading.parent
        head, _, tail = candidate.rpartition(":")
        candidate = f"{head}:{leaf_slug(parent)}:{tail}" if parent else candidate
    return unique(candidate, used)


def build_sections(lines: list[str], picture_text: frozenset[int] = frozenset()) -> list[Section]:
    """The sections; ``picture_text`` lines (text printed on a picture, kb.yaml) are left out
    with the captions."""
    headings = find_headings(lines)
    sections: list[Section] = []
    used: set[str] = set()
    for index, heading in enumerate(headings):
        if heading.level == 0:
            continue
        body_end = headings[index + 1].line - 1 if index + 1 < len(headings) else len(lines)
        paras = paragraphs(lines, heading.line + 1, body_end)
        kept, flavour, captions = strip_noise(paras, picture_text)
        kind, tags = section_kind(heading)
        items = split_items(kept)
        if kind is Kind.EXAMPLE:
            for item in items:
                item.example = True
        elif not heading.raw.startswith("ANATOMY OF"):
            mark_callout_examples(items)
        end = max([heading.line] + [p.end for p in kept])
        path = [ROOT] + [h.title for h in heading.ancestors] + [heading.title]
        section = Section(heading, section_id(heading, used), path, kind, items, heading.line, end, tags)
        section.flavour, section.captions = len(flavour), len(captions)
        if heading.home is not None:
            section.repairs.append(
                f"printed inside {heading.parent.title!r} (L{heading.parent.line}); belongs to {heading.home.title!r}"
            )
        sections.append(section)
    return sections


def mark_callout_examples(items: list[Item]) -> None:
    """Unlabelled callouts of a picture outside an anatomy section narrate an example (the
    'Advancing Story Markers' diagram): they and the paragraphs after them are examples."""
    inside = False
    for item in items:
        if item.callout and not item.label and item.style == "step":
            inside = True
        if inside:
            item.example = True


def reattach_sidebar_steps(sections: list[Section]) -> None:
    """A labelled numbered step inside a sidebar that continues its parent's numbering goes back
    to the parent (Event step 3, printed after the Determining Dominance sidebar)."""
    by_heading = {id(s.heading): s for s in sections}
    for section in sections:
        parent = by_heading.get(id(section.heading.parent)) if section.heading.parent else None
        if parent is None:
            continue
        own = [i for i in section.items if i.style == "step" and i.number and not i.callout]
        parent_steps = [int(i.number) for i in parent.items if i.style == "step" and i.number and i.label]
        if not parent_steps:
            continue
        for position, item in enumerate(section.items):
            if item.style != "step" or not item.number or not item.label or item.callout:
                continue
            earlier_labelled = [i for i in own if i.label and i.line < item.line]
            if earlier_labelled or int(item.number) != max(parent_steps) + 1:
                continue
            moved = section.items[position:]
            section.items = section.items[:position]
            parent.items.extend(moved)
            start, end = moved[0].line, max(i.end for i in moved)
            parent.extra_spans.append((start, end))
            section.end = max([section.start] + [i.end for i in section.items])
            parent.repairs.append(
                f"step {item.number} is printed after the sidebar {section.title!r} (L{start}–L{end}); "
                "reattached here"
            )
            section.repairs.append(f"L{start}–L{end} (step {item.number} of {parent.title!r}) moved back to it")
            break


def section_record(section: Section, doc_key: str) -> Record:
    data = {"level": section.heading.level, "heading_line": section.heading.line}
    if section.extra_spans:
        data["extra_spans"] = [list(s) for s in section.extra_spans]
    if section.tags:
        data["tags"] = list(section.tags)
    if section.flavour:
        data["flavour_left_out"] = section.flavour
    if section.captions:
        data["captions_left_out"] = section.captions
    if section.repairs:
        data["repairs"] = list(section.repairs)
    parent = section.heading.home or section.heading.parent
    if parent is not None:
        data["parent_title"] = parent.title
    return Record(
        id=section.id,
        game=GAME,
        kind=section.kind,
        title=section.title,
        span=Span(doc_key, section.start, max(section.start, section.end)),
        path=list(section.path),
        blocks=[item_block(i) for i in section.items],
        notes=list(section.notes),
        data=data,
    )


# ---------------------------------------------------------------- procedure steps


def restore_step_numbers(section: Section, numbering: dict[str, dict[str, tuple[str, str]]]) -> None:
    """Bare labelled bullets of a numbered procedure take their numbers from the quick
    reference list that names the most of them (the Steps of Combat)."""
    bare = [i for i in section.items if i.style == "bullet" and i.label and not i.callout]
    if not bare:
        return
    best, best_hits = None, 1
    for names in numbering.values():
        hits = sum(1 for i in bare if lookup_name(names, i.label))
        if hits > best_hits:
            best, best_hits = names, hits
    if best is None:
        return
    restored = 0
    for item in bare:
        found = lookup_name(best, item.label)
        if found:
            item.number, item.letter = found
            if item.letter:
                item.number = ""
            item.style = "step"
            restored += 1
    section.repairs.append(f"numbers of {restored} steps printed as bare bullets restored from the quick reference")


def lookup_name(names: dict[str, tuple[str, str]], label: str) -> tuple[str, str] | None:
    key = word_key(label)
    for name, numbering in names.items():
        if name == key or name.startswith(key + " "):
            return numbering
    return None


@dataclass
class Step:
    id: str
    key: str  # "3" or "3.c"
    item: Item
    items: list[Item]
    section: Section
    parent: "Step | None" = None

    @property
    def title(self) -> str:
        marker = self.key.rpartition(".")[2]
        if self.item.label:
            return f"{marker}. {self.item.label}"
        words = self.item.text.split()
        return f"{marker}. " + " ".join(words[:6]) + (" …" if len(words) > 6 else "")

    @property
    def end(self) -> int:
        return max(i.end for i in self.items)


def procedure_steps(section: Section, used: set[str], whole_step: frozenset[int] = frozenset()) -> list[Step]:
    """The steps of a numbered procedure, each with the items up to its next sibling.  A
    paragraph on a line of ``whole_step`` (and what follows it) speaks of the whole numbered
    step, not of its last lettered sub-step (kb.yaml ``whole_step_paragraphs``)."""
    slug = section.leaf
    prefix = f"meq:step:{slug}"
    if any(u.startswith(prefix + ":") for u in used):
        prefix = f"meq:step:{leaf_slug(section.heading.chapter)}-{slug}"
    steps: list[Step] = []
    current_number = ""
    top: Step | None = None
    sub: Step | None = None
    for item in section.items:
        is_step = item.style == "step" and not item.callout and not item.example
        if is_step and item.number:
            current_number = item.number
            top = Step(f"{prefix}:{item.number}", item.number, item, [item], section)
            sub = None
            steps.append(top)
            continue
        if is_step and item.letter and current_number:
            sub = Step(f"{prefix}:{current_number}.{item.letter}", f"{current_number}.{item.letter}", item, [item],
                       section, parent=top)
            steps.append(sub)
            top.items.append(item)
            continue
        if item.line in whole_step:
            sub = None
        if sub is not None:
            sub.items.append(item)
        if top is not None:
            top.items.append(item)
    seen: set[str] = set()
    unique = []
    for step in steps:
        if step.id in seen or step.id in used:
            section.repairs.append(f"step {step.key} appears twice; the second is kept in the section text only")
            continue
        seen.add(step.id)
        unique.append(step)
    used.update(seen)
    return unique


def step_record(step: Step, doc_key: str) -> Record:
    path = list(step.section.path)
    if step.parent is not None:
        path.append(step.parent.title)
    path.append(step.title)
    data = {
        "procedure": step.section.id,
        "number": step.key,
        "label": step.item.label,
    }
    if step.parent is not None:
        data["parent"] = step.parent.id
    spans = sorted({i.line for i in step.items})
    repairs = []
    if spans and (step.section.extra_spans and any(s <= step.item.line <= e for s, e in step.section.extra_spans)):
        repairs.append(f"printed after a sidebar; part of {step.section.title!r}")
        data["repairs"] = repairs
    return Record(
        id=step.id,
        game=GAME,
        kind=Kind.STEP,
        title=step.title,
        span=Span(doc_key, step.item.line, step.end),
        path=path,
        blocks=[item_block(i) for i in step.items],
        data=data,
    )


# ---------------------------------------------------------------- cross references

SEE_RE = re.compile(r"see [“\"]([^”\"]{3,60})[”\"]", re.IGNORECASE)


def add_see_links(records: list[Record]) -> None:
    """``see "Life Pool" on page 21`` becomes a see-also link to the section of that title."""
    by_title: dict[str, str] = {}
    for record in records:
        if record.kind in (Kind.RULE, Kind.GLOSSARY, Kind.SECTION, Kind.EXAMPLE) and not record.id.startswith(
            "meq:quickref"
        ):
            by_title.setdefault(word_key(re.sub(r"^[0-9A-C]\)\s*", "", record.title)), record.id)
    for record in records:
        if record.kind is Kind.STEP and record.data.get("label") and not record.data.get("quickref"):
            by_title.setdefault(word_key(record.data["label"]), record.id)
    for record in records:
        if record.kind is Kind.STEP and record.data.get("parent"):
            continue  # a sub-step's text is also its parent's
        for block in record.blocks:
            for match in SEE_RE.finditer(block.text):
                name = word_key(match.group(1))
                target = by_title.get(name) or by_title.get("the " + name)
                link = Link("see-also", target or "?" + match.group(1))
                if target != record.id and all(l.target != link.target for l in record.links):
                    record.links.append(link)


def link_turn_steps_to_details(records: list[Record]) -> None:
    """The turn summaries' steps ("Story Step") link to the sections detailing them ("The Story Step")."""
    by_title = {word_key(r.title): r.id for r in records if r.kind is Kind.RULE}
    for record in records:
        if record.kind is Kind.STEP and record.data.get("label") and not record.data.get("parent"):
            target = by_title.get("the " + word_key(record.data["label"]))
            if target:
                record.links.append(Link("detailed-in", target))


# ---------------------------------------------------------------- project data


def load_kb_data(path: Path = KB_DATA) -> dict:
    if not path.is_file():
        return {}
    from adjudicator.yamlio import load_yaml_copy  # libyaml, and the parsed copy kept in the cache folder

    return load_yaml_copy(path) or {}


def apply_kb_data(records: list[Record], data: dict) -> list[str]:
    """Attach summaries, aliases and curated links; return the ids the data names that no
    record has (a test keeps this empty for the real document)."""
    by_id = {r.id: r for r in records}
    missing = []
    summaries = dict(data.get("summaries") or {})
    summaries.update(data.get("more_summaries") or {})
    for rid, summary in summaries.items():
        if rid in by_id:
            by_id[rid].summary = str(summary)
        else:
            missing.append(rid)
    for rid, aliases in (data.get("aliases") or {}).items():
        if rid in by_id:
            by_id[rid].aliases.extend(str(a) for a in aliases)
        else:
            missing.append(rid)
    continuing = {int(n) for n in data.get("example_continuations") or []}
    for record in records:
        for block in record.blocks:
            if block.line in continuing and not block.example:
                block.example = True
                log_repair(record, f"L{block.line} continues the worked example before it")
    for entry in data.get("links") or []:
        source, target = entry.get("from"), entry.get("to")
        if source in by_id and target in by_id:
            by_id[source].links.append(Link(entry.get("rel", "see-also"), target, entry.get("note", "")))
        else:
            missing.extend(x for x in (source, target) if x not in by_id)
    return missing


def recap_summaries(records: list[Record]) -> None:
    """A quick-reference step without its own summary takes the summary of the rule it repeats."""
    by_id = {r.id: r for r in records}
    for record in records:
        if record.summary:
            continue
        target = next((by_id.get(l.target) for l in record.links if l.rel == "repeats"), None)
        if target is not None and target.summary:
            flagged = [d for d in record.data.get("differences", []) if d["modal"]]
            differs = "; differs: " + ", ".join(f"{d['body'] or '-'} / {d['quickref'] or '-'}" for d in flagged)
            record.summary = "Recap of the rule: " + target.summary.rstrip(".") + (differs if flagged else "") + "."


# ---------------------------------------------------------------- entry point


def parse(lines: list[str], doc: "SourceDocument") -> list[Record]:
    lines = [line.rstrip("\r") for line in lines]
    doc_key = doc.key
    kb_data = load_kb_data()
    sections = build_sections(lines, frozenset(int(n) for n in kb_data.get("picture_text") or []))
    reattach_sidebar_steps(sections)
    whole_step = frozenset(int(n) for n in kb_data.get("whole_step_paragraphs") or [])
    numbering = quickref.numbering(sections)
    records: list[Record] = []
    used_steps: set[str] = set()
    steps_by_section: dict[str, list[Record]] = {}
    for section in sections:
        if section.kind is Kind.RULE and not section.quickref:
            if any(i.style == "step" and (i.number or i.letter) and not i.callout for i in section.items):
                restore_step_numbers(section, numbering)
        records.append(section_record(section, doc_key))
        if section.procedure:
            step_records = [step_record(s, doc_key) for s in procedure_steps(section, used_steps, whole_step)]
            steps_by_section[section.id] = step_records
            records.extend(step_records)
    records.extend(glossary.glossary_records(sections, doc_key, {r.id for r in records}))
    records.extend(quickref.quickref_records(sections, doc_key, steps_by_section, {r.id: r for r in records}))
    records.extend(overlooked_records(sections, doc_key))
    add_see_links(records)
    add_page_links(records, lines)
    link_turn_steps_to_details(records)
    apply_kb_data(records, kb_data)
    recap_summaries(records)
    return records


def overlooked_records(sections: list[Section], doc_key: str) -> list[Record]:
    out = []
    for section in sections:
        if section.raw != "FREQUENTLY OVERLOOKED RULES":
            continue
        for n, item in enumerate((i for i in section.items if i.style == "bullet"), start=1):
            out.append(
                Record(
                    id=f"meq:overlooked:{n}",
                    game=GAME,
                    kind=Kind.RULING,
                    title=f"Frequently overlooked rule {n}",
                    span=Span(doc_key, item.line, item.end),
                    path=list(section.path) + [f"Rule {n}"],
                    blocks=[Block(item.full_text, "bullet", line=item.line)],
                )
            )
    return out
