"""Questions players ask that a record answers, written by us in players' words.

Data lives in ``rules_db/<game>/asked/*.yaml``: a mapping from a record id to a list of
entries, each ``ask`` (a question as a player would put it, never the documents' sentence)
and, optionally, ``says`` (``yes``, ``no`` or a number with its unit: the answer that record,
read alone, gives to that very question).  The question index keeps each record's asked
questions as a field of the record (a player's words find it) and matches a player's
question against them one by one, question to question, as it matches a Q&A's own question.

The files are read when the question index is built; they are knowledge-base build inputs,
so an edit makes a new build and a new index.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from adjudicator.errors import InputError

FOLDER = "asked"
MIN_WORDS, MAX_WORDS = 4, 40
SAYS = re.compile(r"(?:yes|no|\d+(?: [a-z]+(?: [a-z]+)?)?)\Z")


@dataclass(frozen=True)
class Asked:
    """A question a player would ask, and the answer its record gives (when yes, no or a number)."""

    record: str
    ask: str
    says: str = ""


def files(game: str) -> list:
    from adjudicator.paths import RULES_DB

    folder = RULES_DB / game / FOLDER
    # every file the knowledge-base fingerprint counts (``kb.inputs.DATA_SUFFIXES`` holds .yml
    # too): a .yml file would otherwise make a new build and be left out of it
    return sorted([*folder.glob("*.yaml"), *folder.glob("*.yml")]) if folder.is_dir() else []


def load_data(path):
    """A data file's YAML; a file that is not YAML is an InputError naming it and the line."""
    from adjudicator.yamlio import load_yaml

    try:
        return load_yaml(path)
    except Exception as exc:
        import yaml

        if not isinstance(exc, yaml.YAMLError):
            raise
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        where = f"{path}, line {mark.line + 1}" if mark is not None else f"{path}"
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        begun = getattr(exc, "context_mark", None)
        if getattr(exc, "context", None) and begun is not None:  # "while scanning a quoted scalar"
            problem = f"{problem}, {exc.context} begun on line {begun.line + 1}"
        raise InputError(f"{where}: expected well-formed YAML ({problem})") from None


def read(game: str) -> list[Asked]:
    """One game's asked questions, checked: an InputError names the file, the record and the
    entry that is wrong (the record ids are checked against the store by the tests)."""
    out: list[Asked] = []
    for path in files(game):
        data = load_data(path) or {}
        if not isinstance(data, dict):
            raise InputError(f"{path}: expected a mapping from record ids to lists of questions")
        for rid, entries in data.items():
            rid = str(rid)
            if not rid.startswith(game + ":"):
                raise InputError(f"{path}: {rid!r} is not a {game} record id (expected '{game}:...')")
            if not isinstance(entries, list) or not entries:
                raise InputError(f"{path}: {rid}: expected a list of '- ask: ...' entries")
            for i, entry in enumerate(entries, 1):
                out.append(_entry(path, rid, i, entry))
    return out


def _entry(path, rid: str, i: int, entry) -> Asked:
    where = f"{path}: {rid}, entry {i}"
    if isinstance(entry, str):
        entry = {"ask": entry}
    if not isinstance(entry, dict) or "ask" not in entry:
        raise InputError(f"{where}: expected 'ask:' (and optionally 'says:')")
    unknown = set(entry) - {"ask", "says"}
    if unknown:
        raise InputError(f"{where}: unknown field {sorted(unknown)[0]!r}; expected ask or says")
    ask = " ".join(str(entry["ask"]).split())
    n = len(ask.split())
    if not MIN_WORDS <= n <= MAX_WORDS:
        raise InputError(f"{where}: a question of {n} words; expected {MIN_WORDS} to {MAX_WORDS}")
    says = "" if entry.get("says") is None else str(entry["says"]).strip().lower()
    if says in ("true", "false"):  # YAML reads a bare yes/no as a boolean
        says = "yes" if says == "true" else "no"
    if says and not SAYS.match(says):
        raise InputError(f"{where}: says {says!r}; expected yes, no or a number with its unit ('2 threat')")
    return Asked(rid, ask, says)


def by_record(games: list[str]) -> dict[str, list[Asked]]:
    """{record id: its asked questions} for ``games``."""
    out: dict[str, list[Asked]] = {}
    for game in games:
        for item in read(game):
            out.setdefault(item.record, []).append(item)
    return out

