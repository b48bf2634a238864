"""Resolving the rulebook's "see page N" references with its own index.

The index at the back ("Topic: page N") tells which topics stand on which printed page.
Each topic is matched to a section or glossary record by its title ("Rest Step" → The
Rest Step; "Dominance, Determining" → Determining Dominance), which gives records their
pages.  A reference like "he may rest (see page 20)" then links to the record on page 20
whose title shares the most words with the sentence around the reference.  The index is a
hint only (it swaps two entries); a reference with no word in common stays unlinked.
"""

from __future__ import annotations

import re

from adjudicator.kb.records import Kind, Link, Record

INDEX_LINE = re.compile(r"^\s*-?\s*(.+?):\s*pages?\s+([\d–\-, ]+)\s*$")
PAGE_REF = re.compile(r"\((?:see|per the rules found on)\s+(?:“[^”]*”\s+on\s+)?pages?\s+(\d+)(?:\s*[–-]\s*(\d+))?[^)]*\)",
                      re.IGNORECASE)
STOP = frozenset({"the", "a", "an", "of", "and", "or", "in", "on", "to", "for", "s", "step", "cards", "card"})


def words(text: str) -> set[str]:
    out = set()
    for w in re.findall(r"[a-z]+", text.lower().replace("’", "'").replace("'", "")):
        if w in STOP:
            continue
        out.add(w[:-1] if w.endswith("s") and len(w) > 3 else w)
    return out


def expand(pages: str) -> set[int]:
    out: set[int] = set()
    for part in pages.split(","):
        bounds = [int(x) for x in re.findall(r"\d+", part)]
        if len(bounds) == 1:
            out.add(bounds[0])
        elif len(bounds) >= 2 and bounds[1] - bounds[0] < 20:
            out.update(range(bounds[0], bounds[1] + 1))
    return out


def index_entries(lines: list[str]) -> list[tuple[str, set[int]]]:
    """(topic, pages) for each line of the index, found between "INDEX" and the next heading."""
    out = []
    inside = False
    for line in lines:
        text = line.strip()
        if text == "INDEX":
            inside = True
            continue
        if not inside or not text:
            continue
        match = INDEX_LINE.match(text)
        if match:
            out.append((match.group(1).strip(), expand(match.group(2))))
        elif text.isupper():
            break
    return out


def topic_forms(topic: str) -> list[set[str]]:
    forms = [words(topic)]
    if "," in topic:
        head, _, tail = topic.partition(",")
        forms.append(words(tail + " " + head))
    return forms


def page_map(records: list[Record], entries: list[tuple[str, set[int]]]) -> dict[str, set[int]]:
    """Record id -> printed pages, from the index topics whose words equal the record's title's."""
    candidates = [r for r in records if r.kind in (Kind.RULE, Kind.GLOSSARY, Kind.SECTION, Kind.EXAMPLE)
                  and "heading_line" in r.data and not r.id.startswith("meq:quickref")]
    titles = {r.id: words(re.sub(r"^[0-9A-C]\)\s*", "", r.title)) for r in candidates}
    out: dict[str, set[int]] = {}
    for topic, pages in entries:
        forms = [f for f in topic_forms(topic) if f]
        exact = [rid for rid, t in titles.items() if t and t in forms]
        # no title equal to the topic: a title holding all its words and at most one more
        near = exact or [rid for rid, t in titles.items() if any(f <= t and len(t - f) <= 1 for f in forms)]
        for rid in near:
            out.setdefault(rid, set()).update(pages)
    return out


def add_page_links(records: list[Record], lines: list[str]) -> int:
    """Link "see page N" references; returns how many were resolved."""
    pages = page_map(records, index_entries(lines))
    if not pages:
        return 0
    on_page: dict[int, list[Record]] = {}
    by_id = {r.id: r for r in records}
    for rid, numbers in pages.items():
        for n in numbers:
            on_page.setdefault(n, []).append(by_id[rid])
        by_id[rid].data["pages"] = sorted(numbers)
    resolved = 0
    for record in records:
        if record.kind is Kind.STEP and record.data.get("parent"):
            continue
        for block in record.blocks:
            for match in PAGE_REF.finditer(block.text):
                first = int(match.group(1))
                last = int(match.group(2) or first)
                context = words(re.split(r"[.!?]\s", block.text[: match.start()])[-1])
                best, best_score = None, (0, 0, False, 0)
                for n in range(first, last + 1):
                    for target in on_page.get(n, []):
                        if target.id == record.id:
                            continue
                        # more words in common first, then the narrower section (fewer pages)
                        title = words(re.sub(r"^[0-9A-C]\)\s*", "", target.title))
                        common = len(title & context)
                        # only a confident match: the sentence names every word of the title
                        if not (title and title <= context):
                            continue
                        # ties: fewer pages, a rules section before a component blurb, the deeper section
                        component = "component" in target.data.get("tags", [])
                        score = (common, -len(pages[target.id]), not component, target.data.get("level", 0))
                        if score > best_score:
                            best, best_score = target, score
                if best is not None and all(l.target != best.id for l in record.links):
                    label = f"page {first}" if first == last else f"pages {first}–{last}"
                    record.links.append(Link("see-also", best.id, f"{label} (by the rulebook's index)"))
                    resolved += 1
    return resolved
