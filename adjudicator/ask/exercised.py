"""Where the engines exercise a record: the situations that replay it and the rules they enforce.

An answer whose deciding record the project already exercises says so and names the command
that shows it happening.  Three sources, read as text (no YAML parsing, no engine import):

- the rulings tables (``faq/rulings.yaml``, ``faq/companion.yaml``): a ruling's row lists
  the situations that replay it (and its Companion copies under ``also``);
- the situation files under ``scenarios/``: a file naming the record's id (an expected
  citation, a violation, the ruling it shows) replays it;
- the engines' citation tables (``adjudicator/<game>/engine/citations.py`` and the engine
  modules): a record id the engine cites is a rule it enforces;
- the replays' own citations (``scenarios/citations.json``, written by
  ``bench/replayed_citations.py`` and checked against fresh replays by a test): a situation
  whose replay cites a record shows it happening even when its file never names the id (a
  framework step, a rule the engine applies on its own).  These come after the situations
  made for the record, the most focused first.

A situation whose replay reaches its end comes before one that stops for a player's decision
(exit 3) or is refused (exit 1), in each of these groups and across them (a replay that cites
the record and plays to its end before a file naming the record that stops): the command the
answer names shows the rule happening, not a question put to the player (the file's
``stopped`` list).

The map is cached beside the knowledge base (and the cards ruling situations stage, from
the same files, beside it: ``staged_rulings``), keyed by the files' sizes and times (in an
installed copy, whose files do not change, by the install's stamp: ``adjudicator.installed``),
so a lookup reads one small file.
"""

from __future__ import annotations

import marshal
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from adjudicator.compiled import regex
from adjudicator.paths import FAQ_TABLE, PACKAGE, SCENARIOS, project_name
from adjudicator.sha import sha256

REPLAYED = SCENARIOS / "citations.json"  # the replays' citations, generated (bench/replayed_citations.py)
ID = regex(r"\b((?:lotr|metw|meq):[a-z0-9]+(?::[a-z0-9](?:[a-z0-9.\-]*[a-z0-9])?)+)")
VERSION = 6


@dataclass
class Exercised:
    """The situation files that exercise a record, and whether an engine cites it."""

    record: str
    situations: list[str] = field(default_factory=list)  # repository paths
    enforced: bool = False  # an engine cites it
    illegal: list[str] = field(default_factory=list)  # situations `check` refuses, citing it
    replayed: int = 0  # how many situations cite it when replayed (scenarios/citations.json)

    @property
    def command(self) -> str:
        if self.illegal:
            return f"adjudicator check {self.illegal[0]}"
        if self.situations:
            return f"adjudicator replay {self.situations[0]}"
        return ""

    def sentence(self) -> str:
        if self.illegal:
            return f"the engine enforces this: `{self.command}` shows the refusal"
        if self.situations:
            lead = "the engine enforces this; " if self.enforced else ""
            others = max(len(self.situations), self.replayed) - 1
            more = f" (and {others} more situation{'s' if others > 1 else ''})" if others else ""
            return f"{lead}`{self.command}` shows it happening{more}"
        if self.enforced:
            return "the engine enforces this rule (`adjudicator replay` and `adjudicator check` cite it)"
        return ""

    def to_dict(self) -> dict:
        return {"record": self.record, "enforced": self.enforced, "situations": self.situations,
                "command": self.command or None, "text": self.sentence()}


def _stamps() -> list[tuple[str, int, int]]:
    """(path, size, modification time) of every input file, in a fixed order (os.scandir:
    a lookup pays for this on every run, and Path.rglob took most of it; an installed copy
    takes its install's stamp instead, and imports none of this)."""
    from adjudicator.paths import RULES_DB
    from adjudicator.yamlio import stamps_under

    out = stamps_under(str(SCENARIOS), ".yaml")
    for path in (FAQ_TABLE / "rulings.yaml", FAQ_TABLE / "companion.yaml", RULES_DB / "lotr" / "framework.yaml",
                 REPLAYED):
        try:
            stat = os.stat(path)
        except OSError:
            continue
        out.append((str(path), stat.st_size, stat.st_mtime_ns))
    for game in ("lotr", "metw", "meq"):
        out += stamps_under(os.path.join(PACKAGE, game, "engine"), ".py")
    return out


def _key(stamps: list[tuple[str, int, int]]) -> str:
    digest = sha256(str(VERSION).encode())
    for path, size, mtime in stamps:
        digest.update(f"{path}|{size}|{mtime}\n".encode())
    return digest.hexdigest()[:16]


def _rel(path: Path) -> str:
    # named from the project's data root ("scenarios/..."): the checkout, or an installed
    # copy's adjudicator/_data/; `replay` and `check` take such a name in any folder
    return project_name(path)


def build(files: list[Path]) -> dict:
    """{record id: [situations, illegal situations, enforced, replayed]} from the files' text
    (``replayed``: how many situations cite the record when replayed)."""
    situations: dict[str, list[str]] = {}
    replayed: dict[str, list] = {}
    stopped: dict[str, int] = {}
    from_rows: dict[str, list[str]] = {}
    illegal: dict[str, list[str]] = {}
    enforced: set[str] = set()
    for path in files:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        if path.name == REPLAYED.name:
            replayed, stopped = _replayed(text), _stopped(text)
        elif path.name == "framework.yaml":  # the LOTR engine walks every framework step, citing it
            enforced.update(f"lotr:rr:step:{step}" for step in re.findall(r"\bid: ['\"]?([0-9][0-9.a-z]*)", text))
        elif path.suffix == ".py":
            enforced.update(ID.findall(text))
            if path.name == "citations.py":
                enforced.update(_cited_constants(path))
        elif path.parent == FAQ_TABLE:
            for ruling, row in _rows(text):
                ids = [ruling] + ID.findall(_field(row, "also"))
                for situation in re.findall(r"(scenarios/[\w./\-]+\.yaml)", _field(row, "situations")):
                    for rid in ids:
                        _add(from_rows, rid, situation)
        else:
            rel = _rel(path)
            # a legality question's situation (scenarios/lotr/questions/, named by the answer that
            # reads the question: ``legality_questions``) is a situation like another here, after
            # those that play on: a rule's answer names a refusal only where one was made for it
            is_illegal = "/questions/" not in rel and (
                "/illegal/" in rel or re.search(r"^\s+violations:\s*\[?\s*\S", text, re.M) is not None)
            named = set(ID.findall(text))
            for rid in named:
                if is_illegal and rid in _field(text, "violations"):
                    _add(illegal, rid, rel)
                else:
                    _add(situations, rid, rel)
    situations = _merge_rows_first(from_rows, situations, stopped)
    for rid, (_, focused) in replayed.items():
        for path in focused:
            _add(situations, rid, path)
    for rid, paths in situations.items():  # the command named shows the rule happening, whichever group has it
        paths.sort(key=lambda p: _SHOWS.get(stopped.get(p, 0), 3))
    out = {}
    for rid in set(situations) | set(illegal) | enforced:
        count = replayed.get(rid, (0, []))[0]
        out[rid] = [situations.get(rid, []), illegal.get(rid, []), rid in enforced, count]
    return out


def _replayed(text: str) -> dict[str, list]:
    """{record id: [count, focused situations]} from scenarios/citations.json (an unreadable
    file adds nothing: the test that regenerates it names the problem)."""
    import json

    try:
        ids = json.loads(text).get("ids", {})
    except (ValueError, AttributeError):
        return {}
    return {rid: row for rid, row in ids.items()
            if isinstance(row, list) and len(row) == 2 and isinstance(row[1], list)}


def _stopped(text: str) -> dict[str, int]:
    """{situation: exit code} for the golden situations whose replay does not reach its end."""
    import json

    try:
        found = json.loads(text).get("stopped", {})
    except (ValueError, AttributeError):
        return {}
    return {name: code for name, code in found.items() if isinstance(code, int)} if isinstance(found, dict) else {}


# how well a replay shows a rule, by its exit code: played to its end, stopped for a decision, refused
_SHOWS = {0: 0, 3: 1, 1: 2}


def _merge_rows_first(rows: dict, named: dict, stopped: dict | None = None) -> dict:
    """Situations a rulings row lists come first, in its order; then the files naming the id;
    in each, those whose replay reaches its end first (``stopped``: the others' exit codes)."""
    stopped = stopped or {}

    def shows(path: str) -> int:
        return _SHOWS.get(stopped.get(path, 0), 3)

    out = {rid: sorted(paths, key=shows) for rid, paths in rows.items()}
    for rid, paths in named.items():
        for path in sorted(paths, key=lambda p: (shows(p), _preference(p))):
            _add(out, rid, path)
    return out


def _cited_constants(path: Path) -> set[str]:
    """The record ids an engine's citation table builds (some are made from titles, so the
    module is imported, once, when the table is rebuilt)."""
    import importlib

    name = "adjudicator." + path.relative_to(PACKAGE).with_suffix("").as_posix().replace("/", ".")
    try:
        module = importlib.import_module(name)
    except Exception:  # an engine that does not import cannot tell: its literal ids are read anyway
        return set()
    out: set[str] = set()

    def collect(value, depth=0):
        if isinstance(value, str):
            if ID.fullmatch(value):
                out.add(value)
        elif isinstance(value, dict) and depth < 2:
            for item in value.values():
                collect(item, depth + 1)
        elif isinstance(value, (list, tuple, set, frozenset)) and depth < 2:
            for item in value:
                collect(item, depth + 1)

    for attr, value in vars(module).items():
        if not attr.startswith("__"):
            collect(value)
    return out


def _add(table: dict, rid: str, path: str) -> None:
    paths = table.setdefault(rid, [])
    if path not in paths:
        paths.append(path)


def _rows(text: str):
    """(ruling id, row text) for each row of a rulings table."""
    starts = [(m.start(), m.group(1)) for m in re.finditer(r"^  - ruling: (\S+)\s*$", text, re.M)]
    for i, (at, rid) in enumerate(starts):
        end = starts[i + 1][0] if i + 1 < len(starts) else len(text)
        yield rid, text[at:end]


def _field(text: str, name: str) -> str:
    found = re.search(rf"^\s*{name}:(.*(?:\n\s+- .*)*)", text, re.M)
    return found.group(1) if found else ""


def table(cache_dir: Path | None = None) -> dict:
    return cached(cache_dir, "exercised", build)


def cached(cache_dir: Path | None, name: str, make, version: str = "") -> dict:
    """``make(files)`` over this map's input files, kept in ``cache_dir`` as
    ``<name>-<key>.marshal`` under this map's key (``staged_rulings`` keeps its links beside
    it, keyed the same way, and on its own ``version``)."""
    from adjudicator.installed import stamp

    installed = stamp()  # an installed copy's files do not change: its stamp stands for theirs (one stat)
    stamps = _stamps() if installed is None else None
    key = _key((stamps if stamps is not None else [(f"installed|{installed}", 0, 0)])
               + ([(f"version|{version}", 0, 0)] if version else []))
    path = (cache_dir / f"{name}-{key}.marshal") if cache_dir else None
    if path is not None:
        try:
            return marshal.loads(path.read_bytes())
        except (OSError, EOFError, ValueError, TypeError):
            pass
    data = make([Path(p) for p, _, _ in (stamps if stamps is not None else _stamps())])
    if path is not None:
        try:
            temporary = path.with_name(path.name + f".{os.getpid()}.tmp")
            temporary.write_bytes(marshal.dumps(data))
            os.replace(temporary, path)
            for old in cache_dir.glob(f"{name}-*.marshal"):
                if old != path:
                    old.unlink(missing_ok=True)
        except OSError:
            pass
    return data


def exercised(kb, record_ids: list[str]) -> Exercised | None:
    """How the engines exercise the first of ``record_ids`` they exercise at all (a record's
    id, then the ids merged into it)."""
    found = table(Path(kb.folder).parent if kb is not None else None)
    for rid in record_ids:
        row = found.get(rid)
        if row:
            situations, illegal, enforced, replayed = row
            return Exercised(record_ids[0], situations=situations, illegal=sorted(illegal), enforced=enforced,
                             replayed=replayed)
    return None


def _preference(path: str) -> tuple:
    """Situations made for the ruling first, then the shortest names."""
    return (0 if "/faq/" in path or "/rulings/" in path else 1, path.count("/"), len(path), path)
