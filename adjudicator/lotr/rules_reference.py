"""Parser for the LOTR LCG Rules Reference (revised core set).

The document's parts are found by their headings (``The Golden Rules``, ``Glossary``,
``Appendix I: ...``); glossary entry titles by their shape (a short line standing alone
that is not a bullet and does not end a sentence); framework steps by their numbers.
The analysis of the document (shared/analysis/rules-reference-and-faq.md §1) describes
each of these and the damage the text conversion did; the repairs are listed below as
data.
"""

from __future__ import annotations

import re

from adjudicator.kb.records import Block, Kind, Link, Record, Span, slugify, unique_id
from adjudicator.kb.text import (
    ParseError,
    guarded,
    Repair,
    find_headings,
    last_text_line,
    apply_repairs,
    join_continuations,
    normalise_spaces,
    paragraphs,
    split_examples,
    strip_markdown,
    to_block,
)

GAME = "lotr"
DOC = "lotr-rr"
ROOT = "Rules Reference"

# Icons the conversion lost or garbled, restored as the words they stand for (analysis §1.3).
REPAIRS = [
    Repair(107, "★", "attack"),
    Repair(267, "**3**", "defense"),
    Repair(1036, "♦", "willpower", occurrence=2),
    Repair(1280, " (③)", ""),
    Repair(1280, " (谜)", ""),
    Repair(1282, "the ③", "the willpower"),
    Repair(1282, "their ⑤", "their willpower"),
    Repair(1282, "the ঋ", "the threat"),
    Repair(1284, "the w ", "the threat "),
    Repair(1284, "combined of", "combined willpower of"),
    Repair(1450, "defense strength (*)", "defense strength"),
    Repair(1450, "attack strength (*)", "attack strength"),
    Repair(1450, "the *) is", "the defense strength is"),
    Repair(1450, "than the *,", "than the attack strength,"),
    Repair(1452, "character's •", "character's defense strength"),
    Repair(1474, "\\checkmark", "attack strength"),
    Repair(1478, "\\P", "defense strength"),
    Repair(1478, "Υ", "attack strength"),
    Repair(1480, "\\P", "defense strength"),
    Repair(1480, "\\ref{eq} ", "attack strength"),
]

# Errors in the source that the knowledge base keeps as printed, with our note (analysis §1.3).
# (line, a few words that stand on that line, our note); a note applies only where its words are found.
TYPO_NOTES = (
    (166, "Appendix I", "The source says Appendix I here; the card anatomy is Appendix II."),
    (534, "Dooomed", "The source misspells Doomed in this example."),
    (1422, "combat phase", "The source says this step ends the combat phase; it ends the refresh phase."),
    (1434, "to they are", "The sentence is garbled in the source: the enemies the active player is engaged with."),
    (1454, "other other", "The source repeats the word 'other'."),
)

# Redirect entries whose target is a section rather than a glossary entry.
SECTION_REDIRECTS = {
    "appendix iii": "lotr:rr:campaign:campaign-mode",
    "campaign pool": "lotr:rr:campaign:campaign-pool",
}
APPENDIX_IDS = {
    "appendix i": "lotr:rr:flow:timing-and-gameplay",
    "appendix ii": "lotr:rr:anatomy:card-anatomy",
    "appendix iii": "lotr:rr:campaign:campaign-mode",
}

STEP_RE = re.compile(r"^(\d\.\d{1,2}[ab]?|6\.[48]\.\d)\s+(.+)$")
CHART_TOKEN_RE = re.compile(r"(?:(?<=\s)|^)(\d\.\d{1,2}[ab]?|6\.[48]\.\d)\s|ACTION WINDOW")
PHASE_RE = re.compile(r"^(I|II|III|IV|V|VI|VII)\.\s+(.+)$")
CAMPAIGN_SUBTYPES = ("Campaign Cards", "Boons", "Burdens")


def repaired_lines(lines: list[str]) -> list[str]:
    """The document's lines with the icon repairs made (what the records' text is cut from)."""
    return apply_repairs(lines, REPAIRS)[0]


@guarded("Rules Reference")
def parse(lines: list[str], doc) -> list[Record]:
    fixed, _missed = apply_repairs(lines, REPAIRS)
    marks = _landmarks(fixed)
    records: list[Record] = []
    records += _front_matter(fixed, marks)
    entries, section_redirects = _glossary(fixed, marks)
    records += entries
    records += _appendix_i(fixed, marks)
    records += _appendix_ii(fixed, marks)
    records += _appendix_iii(fixed, marks, section_redirects)
    for line, words, note in TYPO_NOTES:
        if line <= len(lines) and words in lines[line - 1]:
            for record in records:
                if record.kind != Kind.SECTION and record.span.start <= line <= record.span.end:
                    record.notes.append(f"L{line}: {note}")
    return records


# -- landmarks ---------------------------------------------------------------------------

HEADINGS = {
    "intro": "Using this Document",
    "golden": "The Golden Rules",
    "grim": "The Grim Rule",
    "glossary": "Glossary",
    "app1": "Appendix I: Timing and Gameplay",
    "framework_steps": "Framework Steps",
    "action_windows": "Action Windows",
    "details": "Framework Details",
    "enemy_flow": "Enemy Attack Resolution",
    "player_flow": "Player Attack Resolution",
    "app2": "Appendix II: Card Anatomy",
    "app3": "Appendix III: Campaign Mode",
    "log": "CAMPAIGN LOG",
    "index": "Index",
}


def _landmarks(lines: list[str]) -> dict[str, int]:
    return find_headings(lines, HEADINGS, "Rules Reference")


def _blocks(lines: list[str], start: int, end: int) -> list[Block]:
    blocks: list[Block] = []
    for line, text in paragraphs(lines, start, end):
        blocks.extend(split_examples(to_block(text, line)))
    return join_continuations(blocks)


def _record(rid: str, kind: Kind, title: str, start: int, end: int, path: list[str], blocks, **kw) -> Record:
    return Record(id=rid, game=GAME, kind=kind, title=title, span=Span(DOC, start, end), path=path, blocks=blocks, **kw)


# -- front matter ------------------------------------------------------------------------


def _front_matter(lines: list[str], m: dict[str, int]) -> list[Record]:
    def section(rid, kind, title, head, nxt):
        end = last_text_line(lines, head, nxt - 1)
        return _record(rid, kind, title, head, end, [ROOT], _blocks(lines, head + 1, end))

    golden = section("lotr:rr:golden-rules", Kind.RULE, "The Golden Rules", m["golden"], m["grim"])
    golden.aliases += ["Golden Rule"]
    grim = section("lotr:rr:grim-rule", Kind.RULE, "The Grim Rule", m["grim"], m["glossary"])
    golden.links.append(Link("see-also", grim.id))
    grim.links.append(Link("see-also", golden.id))
    intro = section("lotr:rr:using-this-document", Kind.SECTION, "Using this Document", m["intro"], m["golden"])
    return [intro, golden, grim]


# -- glossary ----------------------------------------------------------------------------


def _is_title(lines: list[str], number: int) -> bool:
    text = lines[number - 1].strip()
    if not text or len(text) > 60:
        return False
    if text.startswith(("-", "♦", "◊", "See also", "See:")) or text.endswith((".", ":")):
        return False
    if not slugify(text):  # a title names something: a line of punctuation is not one
        return False
    before = lines[number - 2].strip() if number >= 2 else ""
    after = lines[number].strip() if number < len(lines) else ""
    return not before and not after


def glossary_titles(lines: list[str], m: dict[str, int]) -> list[tuple[int, str]]:
    start = m["glossary"] + 1
    return [
        (n, lines[n - 1].strip())
        for n in range(start, m["app1"])
        if _is_title(lines, n) and n > start + 1  # the line after the heading is its intro
    ]


def _title_parts(title: str) -> list[str]:
    """The names a glossary title answers to: 'Ability, Card Ability' -> both halves."""
    bare = title.replace('"', "").replace("The word ", "").replace("The letter ", "")
    parts = {title, bare}
    for separator in (",", "/"):
        for piece in bare.split(separator):
            piece = piece.strip()
            if piece:
                parts.add(piece)
    return sorted(parts, key=lambda part: (len(part), part))  # the same order on every build


def _key(name: str) -> str:
    name = name.lower().replace('"', "").replace("“", "").replace("”", "").strip(" .,")
    name = re.sub(r"\s*/\s*", " / ", name)
    name = re.sub(r"\s+on page \d+$", "", name)
    return re.sub(r"\s+", " ", name)


def _singular(key: str) -> str:
    return re.sub(r"(?<=\w)s\b", "", key)


def _glossary(lines: list[str], m: dict[str, int]) -> tuple[list[Record], dict[str, list[tuple[str, int]]]]:
    """The glossary entries, and the redirects whose target is a section (by target id)."""
    titles = glossary_titles(lines, m)
    entries: list[Record] = []
    redirects: list[tuple[str, str, int]] = []  # (title, target text, line)
    bounds = [n for n, _ in titles] + [m["app1"]]
    for (number, title), nxt in zip(titles, bounds[1:]):
        end = last_text_line(lines, number, nxt - 1)
        body = paragraphs(lines, number + 1, end)
        if len(body) == 1 and body[0][1].startswith("See:"):
            redirects.append((title, body[0][1][len("See:") :].strip(), number))
            continue
        see_also: list[str] = []
        blocks: list[Block] = []
        for line, text in body:
            if text.startswith("See also:"):
                see_also += _split_see_also(text[len("See also:") :])
                continue
            blocks.extend(split_examples(to_block(text, line)))
        record = _record(
            unique_id(f"lotr:rr:{slugify(title)}", {r.id for r in entries}),  # a damaged copy may repeat a title
            Kind.GLOSSARY,
            title,
            number,
            end,
            [ROOT, "Glossary"],
            join_continuations(blocks),
        )
        record.aliases = [p for p in _title_parts(title) if p != title]
        record.data["see_also"] = see_also
        entries.append(record)

    section_redirects: dict[str, list[tuple[str, int]]] = {}
    names = _name_table(entries)
    for record in entries:
        for target in record.data.pop("see_also"):
            record.links.append(Link("see-also", _resolve(target, names)))
    for title, target, line in redirects:
        target_id = _resolve(target, names)
        for record in entries:
            if record.id == target_id:
                record.aliases += _title_parts(title)
                record.data.setdefault("redirects", []).append({"title": title, "line": line})
                break
        else:
            # the redirect points at a section (Appendix III, Campaign Pool): kept as an alias there
            section_redirects.setdefault(target_id, []).append((title, line))
    return entries, section_redirects


def _split_see_also(text: str) -> list[str]:
    """Split a See also list on commas, keeping a quoted title whole."""
    items = re.findall(r'\s*("[^"]*"|[^,]+)', text)
    return [item.strip(' ,"').strip() for item in items if item.strip(' ,"').strip()]


def _name_table(entries: list[Record]) -> dict[str, str]:
    table: dict[str, str] = {}
    for record in entries:
        for name in [record.title, *record.aliases]:
            table.setdefault(_key(name), record.id)
            table.setdefault(_singular(_key(name)), record.id)
    table.update(APPENDIX_IDS)
    return table


def _resolve(target: str, names: dict[str, str]) -> str:
    key = _key(target)
    for candidate in (key, _singular(key)):
        if candidate in names:
            return names[candidate]
    for prefix, section_id in SECTION_REDIRECTS.items():
        if key.startswith(prefix):
            return section_id
    # a title printed slightly differently ("Timing and Ability Resolution"): closest name
    import difflib

    close = difflib.get_close_matches(key, list(names), n=1, cutoff=0.8)
    if close:
        return names[close[0]]
    starts = {names[name] for name in names if name.startswith(key + " ")}
    if len(starts) == 1:
        return starts.pop()
    return "?" + target


# -- Appendix I: timing --------------------------------------------------------------------


def chart_steps(lines: list[str], m: dict[str, int]) -> list[dict]:
    """The round sequence chart, in printed order: step ids, chart titles, and whether an
    action window label follows each step."""
    start = m["action_windows"] + 1
    end = m["details"] - 1
    tokens: list[tuple[str, str, int]] = []
    for number in range(start, end + 1):
        text = lines[number - 1].strip()
        if not text:
            continue
        found = list(CHART_TOKEN_RE.finditer(text))
        if not found:
            if tokens and tokens[-1][0] != "window" and not text.isupper():
                kind, title, line = tokens[-1]
                tokens[-1] = (kind, title + " " + text, line)  # a title wrapped onto a second line
            continue
        for index, match in enumerate(found):
            stop = found[index + 1].start() if index + 1 < len(found) else len(text)
            if match.group(0) == "ACTION WINDOW":
                tokens.append(("window", "", number))
            else:
                title = text[match.end() : stop].strip()
                title = re.sub(r"\s+(I|II|III|IV|V|VI|VII)\.\s+[A-Z ]+PHASE$", "", title)
                tokens.append((match.group(1), title, number))
    steps = []
    for index, (kind, title, line) in enumerate(tokens):
        if kind == "window":
            continue
        window = index + 1 < len(tokens) and tokens[index + 1][0] == "window"
        steps.append({"id": kind, "title": title, "line": line, "window": window})
    return steps


def _appendix_i(lines: list[str], m: dict[str, int]) -> list[Record]:
    path = [ROOT, "Appendix I: Timing and Gameplay"]
    records = [
        _record(
            "lotr:rr:flow:timing-and-gameplay",
            Kind.SECTION,
            "Appendix I: Timing and Gameplay",
            m["app1"],
            m["framework_steps"] - 1,
            [ROOT],
            _blocks(lines, m["app1"] + 1, m["framework_steps"] - 1),
        ),
        _record(
            "lotr:rr:flow:framework-steps",
            Kind.RULE,
            "Framework Steps",
            m["framework_steps"],
            last_text_line(lines, m["framework_steps"], m["action_windows"] - 1),
            path,
            _blocks(lines, m["framework_steps"] + 1, m["action_windows"] - 1),
            aliases=["Framework step"],
        ),
    ]
    from .window_records import with_phases

    chart = with_phases(chart_steps(lines, m))  # each step with its phase (the framework table's)
    first_chart_line = min(step["line"] for step in chart)
    windows_end = first_chart_line - 1
    records.append(
        _record(
            "lotr:rr:flow:action-windows",
            Kind.RULE,
            "Action Windows",
            m["action_windows"],
            last_text_line(lines, m["action_windows"], windows_end),
            path,
            _blocks(lines, m["action_windows"] + 1, windows_end),
            aliases=["Action window"],
        )
    )
    records.append(
        _record(
            "lotr:rr:flow:round-sequence",
            Kind.SECTION,
            "Round Sequence Timing Chart",
            first_chart_line,
            last_text_line(lines, first_chart_line, m["details"] - 1),
            path,
            [Block(f"{step['id']} {step['title']}" + ("  → action window" if step["window"] else ""), "step",
                   line=step["line"]) for step in chart],
            aliases=["Timing chart", "Round sequence"],
            data={"chart": chart},
        )
    )
    from .window_records import window_records

    records += window_records(lines, chart, path, GAME, DOC)  # one record per action window of the chart
    chart_by_id = {step["id"]: step for step in chart}
    records += _steps(lines, m, chart_by_id, path)
    return records


def _steps(lines: list[str], m: dict[str, int], chart: dict[str, dict], path: list[str]) -> list[Record]:
    start = m["details"] + 1
    end = m["app2"] - 1
    headings: list[tuple[int, str, str, str]] = []  # (line, step id, title, section)
    section = "Round"
    flows = {HEADINGS["enemy_flow"]: "Enemy Attack Resolution", HEADINGS["player_flow"]: "Player Attack Resolution"}
    section_lines: list[tuple[int, str]] = []
    for number in range(start, end + 1):
        text = lines[number - 1].strip()
        phase = PHASE_RE.match(text)
        if phase and len(text) < 30:
            section = phase.group(2).strip()
            section_lines.append((number, section))
            continue
        if text in flows:
            section = flows[text]
            section_lines.append((number, section))
            continue
        step = STEP_RE.match(text)
        if step and len(text) < 60 and not text.endswith("."):
            headings.append((number, step.group(1), step.group(2).strip(), section))
    stops = sorted([h[0] for h in headings] + [n for n, _ in section_lines] + [end + 1])
    records = []
    for number, sid, title, section in headings:
        nxt = next(s for s in stops if s > number)
        last = last_text_line(lines, number, nxt - 1)
        chart_step = chart.get(sid, {})
        record = _record(
            f"lotr:rr:step:{sid}",
            Kind.STEP,
            f"{sid} {title}",
            number,
            last,
            [*path, section],
            _blocks(lines, number + 1, last),
        )
        record.aliases = [title]
        chart_title = chart_step.get("title", "")
        if chart_title:
            short = re.split(r"\s*[(.]", chart_title)[0].strip()
            for alias in dict.fromkeys((chart_title, short)):  # in this order on every build (a set's is not)
                if alias and alias != title:
                    record.aliases.append(alias)
        record.data.update(
            {
                "step": sid,
                "section": section,
                "window_after": bool(chart_step.get("window")),
                "chart_title": chart_title,
                "chart_line": chart_step.get("line"),
            }
        )
        records.append(record)
    for flow_title, flow_id in (
        ("Enemy Attack Resolution", "lotr:rr:flow:enemy-attack-resolution"),
        ("Player Attack Resolution", "lotr:rr:flow:player-attack-resolution"),
    ):
        members = [r for r in records if r.data.get("section") == flow_title]
        if not members:  # a damaged copy whose flow has no numbered step left: no flow record
            continue
        head = next(n for n, s in section_lines if s == flow_title)
        blocks = []
        for member in members:
            blocks.append(Block(member.title, "heading", line=member.span.start))
            blocks.extend(Block(b.text, b.style, b.example, b.line) for b in member.blocks)
        flow = _record(flow_id, Kind.RULE, flow_title, head, members[-1].span.end, path, blocks)
        flow.aliases = [flow_title.replace(" Resolution", ""), flow_title.lower().replace("resolution", "flow")]
        flow.links = [Link("step", r.id) for r in members]
        flow.data["steps"] = [r.data["step"] for r in members]
        records.append(flow)
    return records


# -- Appendix II and III ---------------------------------------------------------------------


def _sections(lines: list[str], start: int, end: int, known: tuple[str, ...]) -> list[tuple[int, str]]:
    return [(n, lines[n - 1].strip()) for n in range(start, end + 1) if lines[n - 1].strip() in known]


def _appendix_ii(lines: list[str], m: dict[str, int]) -> list[Record]:
    path = [ROOT, "Appendix II: Card Anatomy"]
    keys = {
        "Player Deck Anatomy Key": ("player-cards", "Player card anatomy"),
        "Encounter Deck Anatomy Key": ("encounter-cards", "Encounter card anatomy"),
        "Quest Deck Anatomy Key": ("quest-cards", "Quest card anatomy"),
    }
    heads = _sections(lines, m["app2"] + 1, m["app3"] - 1, tuple(keys))
    first = heads[0][0] if heads else m["app3"]
    records = [
        _record(
            "lotr:rr:anatomy:card-anatomy",
            Kind.SECTION,
            "Appendix II: Card Anatomy",
            m["app2"],
            last_text_line(lines, m["app2"], first - 1),
            [ROOT],
            _blocks(lines, m["app2"] + 1, first - 1),
            aliases=["Card anatomy"],
        )
    ]
    bounds = [n for n, _ in heads] + [m["app3"]]
    for (number, heading), nxt in zip(heads, bounds[1:]):
        slug, alias = keys[heading]
        last = last_text_line(lines, number, nxt - 1)
        records.append(
            _record(
                f"lotr:rr:anatomy:{slug}",
                Kind.SECTION,
                heading,
                number,
                last,
                path,
                _blocks(lines, number + 1, last),
                aliases=[alias],
            )
        )
    return records


CAMPAIGN_HEADINGS = (
    "Campaign Log",
    "Fellowship of Heroes",
    "Additional Card Types",
    *CAMPAIGN_SUBTYPES,
    "Campaign Pool",
    "Expert Campaign Mode",
    "Campaign Setup Checklist",
)


def _appendix_iii(lines: list[str], m: dict[str, int], redirects: dict[str, list[tuple[str, int]]]) -> list[Record]:
    top = "Appendix III: Campaign Mode"
    heads = _sections(lines, m["app3"] + 1, m["log"] - 1, CAMPAIGN_HEADINGS)
    first = heads[0][0] if heads else m["log"]
    mode = _record(
        "lotr:rr:campaign:campaign-mode",
        Kind.RULE,
        top,
        m["app3"],
        last_text_line(lines, m["app3"], first - 1),
        [ROOT],
        _blocks(lines, m["app3"] + 1, first - 1),
        aliases=["Campaign Mode", "Campaign"],
    )
    records = [mode]
    bounds = [n for n, _ in heads] + [m["log"]]
    for (number, heading), nxt in zip(heads, bounds[1:]):
        last = last_text_line(lines, number, nxt - 1)
        path = [ROOT, top] + (["Additional Card Types"] if heading in CAMPAIGN_SUBTYPES else [])
        record = _record(
            f"lotr:rr:campaign:{slugify(heading)}",
            Kind.RULE,
            heading,
            number,
            last,
            path,
            _blocks(lines, number + 1, last),
        )
        records.append(record)
    by_id = {r.id: r for r in records}
    for target, titles in redirects.items():
        if target in by_id:
            for title, line in titles:
                by_id[target].aliases += [p for p in _title_parts(title) if p not in by_id[target].aliases]
                by_id[target].data.setdefault("redirects", []).append({"title": title, "line": line})
    return records


def clean_inline(text: str) -> str:
    return normalise_spaces(strip_markdown(text))
