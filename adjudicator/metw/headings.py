"""Finding the rulebook's headings in the converted text.

The conversion glued headings onto paragraph lines and split some over two lines, so
no single pattern finds them all.  A hand-made manifest (``rules_db/metw/headings.yaml``)
lists them in document order; `locate` finds each after the previous one and reports
the ones it cannot find instead of failing, so a damaged copy still yields records.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class HeadingSpec:
    id: str  # record id after "metw:"
    title: str
    level: int  # 0 part, 1 section, 2 sub-heading, 3 minor heading
    part: str  # "intro", "starter", "standard"
    match: str
    at: str = "line"  # line | end | start | any
    cont: str = ""  # second line of a split heading
    example: bool = False
    summary: str = ""

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> "HeadingSpec":
        known = {k: raw[k] for k in cls.__dataclass_fields__ if k in raw}
        return cls(**known)


@dataclass
class Heading:
    spec: HeadingSpec
    line: int  # 1-based line where the heading text begins
    col: int  # column where it begins on that line
    body_line: int  # first line of the body text
    body_col: int  # column where the body starts on body_line


@dataclass
class Located:
    headings: list[Heading] = field(default_factory=list)
    missing: list[HeadingSpec] = field(default_factory=list)


def _find_on_line(spec: HeadingSpec, text: str) -> int | None:
    """Column where ``spec`` starts on this line, or None."""
    stripped = text.rstrip()
    if spec.at == "line":
        return text.index(spec.match) if stripped.strip() == spec.match else None
    if spec.at == "end":
        if stripped.endswith(spec.match) and len(stripped) >= len(spec.match):
            col = len(stripped) - len(spec.match)
            if col == 0 or stripped[col - 1] == " ":
                return col
        return None
    if spec.at == "start":
        return 0 if stripped.startswith(spec.match) else None
    if spec.at == "any":
        col = stripped.find(spec.match)
        if col >= 0 and (col == 0 or stripped[col - 1] == " "):
            return col
        return None
    raise ValueError(f"unknown heading position {spec.at!r} for {spec.id}")


def locate(lines: list[str], specs: list[HeadingSpec]) -> Located:
    """Find every heading of the manifest, in order, each after the previous one."""
    out = Located()
    cursor = 0  # 0-based index of the first line to search
    cursor_col = 0
    for spec in specs:
        found = None
        for index in range(cursor, len(lines)):
            text = lines[index]
            col = _find_on_line(spec, text)
            if col is None or (index == cursor and col < cursor_col):
                continue
            if spec.cont:
                if index + 1 >= len(lines) or lines[index + 1].strip() != spec.cont:
                    continue
                found = Heading(spec, index + 1, col, index + 3, 0)
            elif spec.at in ("start", "any"):
                found = Heading(spec, index + 1, col, index + 1, col + len(spec.match))
            else:
                found = Heading(spec, index + 1, col, index + 2, 0)
            break
        if found is None:
            out.missing.append(spec)
            continue
        out.headings.append(found)
        cursor = found.body_line - 1
        cursor_col = found.body_col
    return out


def load_specs() -> tuple[dict[str, str], list[HeadingSpec]]:
    from .data import load

    raw = load("headings")
    return dict(raw["parts"]), [HeadingSpec.from_dict(h) for h in raw["headings"]]
