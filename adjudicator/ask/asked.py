"""Questions players ask that a record answers, written by us in players' words.

Data lives in ``rules_db/<game>/asked/*.yaml``: a mapping from a record id to a list of
entries, each ``ask`` (a question as a player would put it, never the documents' sentence)
and, optionally, ``says`` (``yes``, ``no`` or a number with its unit: the answer that record,
read alone, gives to that very question).  The question index keeps each record's asked
questions as a field of the record (a player's words find it) and matches a player's
question against them one by one, question to question, as it matches a Q&A's own question.

The files are read as written (``data_file``): ``yes`` and ``no`` (in any case) are the only
answers a ``says`` may give without a number; an empty ``says:`` is an error (an entry with
no answer leaves the line out); ``on``, ``off``, ``true``, ``false``, ``y`` and
``n``, which YAML 1.1 would read as booleans, are errors naming the line ("did you mean yes?"),
and so is anything else a file gets wrong: an InputError names the file, the line of the
entry, what was expected and, for a near miss (``asks:``), the name meant.  Whether a record
id exists depends on the documents a user has, so it is checked when the index is built, with
a warning (``unknown_records``), not here.

The files are read when the question index is built; they are knowledge-base build inputs,
so an edit makes a new build and a new index.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from difflib import get_close_matches

from adjudicator.errors import InputError

from . import data_file

FOLDER = "asked"
MIN_WORDS, MAX_WORDS = 4, 40
SAYS = re.compile(r"(?:yes|no|\d+(?: [a-z]+(?: [a-z]+)?)?)\Z")


@dataclass(frozen=True)
class Asked:
    """A question a player would ask, and the answer its record gives (when yes, no or a number)."""

    record: str
    ask: str
    says: str = ""
    file: str = field(default="", compare=False)  # where it is written: file and line of its entry
    line: int = field(default=0, compare=False)
    record_line: int = field(default=0, compare=False)  # the line of its record id


def files(game: str) -> list:
    from adjudicator.paths import RULES_DB

    folder = RULES_DB / game / FOLDER
    # every file the knowledge-base fingerprint counts (``kb.inputs.DATA_SUFFIXES`` holds .yml
    # too): a .yml file would otherwise make a new build and be left out of it
    return sorted([*folder.glob("*.yaml"), *folder.glob("*.yml")]) if folder.is_dir() else []


def read(game: str) -> list[Asked]:
    """One game's asked questions, checked: an InputError names the file, the line of the entry
    that is wrong, what was expected and the name meant."""
    out: list[Asked] = []
    for path in files(game):
        root = data_file.compose(path)
        if root is None:
            continue
        for rid, key, value in data_file.mapping(path, root, "a mapping from record ids to lists of questions"):
            _record_id(path, key, rid, game)
            if data_file.is_text(value) and not value.value:
                raise InputError(f"{data_file.where(path, key)}: {rid}: expected a list of '- ask: ...' entries, "
                                 f"found nothing")
            entries = data_file.items(path, value, f"a list of '- ask: ...' entries for {rid}")
            if not entries:
                raise InputError(f"{data_file.where(path, value)}: {rid}: expected a list of '- ask: ...' entries, "
                                 f"found an empty list")
            out += [_entry(path, rid, entry, data_file.line(key)) for entry in entries]
    return out


def _record_id(path, key, rid: str, game: str) -> None:
    from adjudicator.record_ids import ID_PATTERN

    if not rid.startswith(game + ":"):
        other = rid.split(":", 1)[0]
        raise InputError(f"{data_file.where(path, key)}: {rid!r} is not a {game} record id; expected '{game}:...' "
                         f"(the file is under rules_db/{game})",
                         hint=data_file.suggestion(other, [game], cutoff=0.5) if ":" in rid else "")
    if not ID_PATTERN.match(rid):
        raise InputError(f"{data_file.where(path, key)}: {rid!r} is not a record id; expected lower-case "
                         f"letters, digits, dots and hyphens in parts joined by colons ('{game}:rr:sentinel')")


def _entry(path, rid: str, node, record_line: int) -> Asked:
    where = f"{data_file.where(path, node)}: {rid}"
    if data_file.is_text(node):  # "- Can I ...?": the question alone
        return _checked(path, rid, node, node, None, record_line)
    pairs = data_file.mapping(path, node, f"'ask:' and optionally 'says:' for {rid}")
    for name, key, _ in pairs:
        if name not in FIELDS:
            raise InputError(f"{data_file.where(path, key)}: {rid}: unknown field {name!r}; expected ask or says",
                             hint=data_file.suggestion(name, FIELDS, cutoff=0.5))
    found = {name: value for name, _, value in pairs}
    if "ask" not in found:
        raise InputError(f"{where}: expected 'ask:' (and optionally 'says:')")
    return _checked(path, rid, node, found["ask"], found.get("says"), record_line)


FIELDS = ("ask", "says")
# what YAML 1.1 reads as a boolean, besides yes and no: never an answer here (the yes or no meant)
NOT_ANSWERS = {"on": "yes", "true": "yes", "y": "yes", "off": "no", "false": "no", "n": "no"}


def _checked(path, rid: str, entry, ask_node, says_node, record_line: int) -> Asked:
    ask = " ".join(data_file.text(path, ask_node, f"the question {rid} answers, as text").split())
    n = len(ask.split())
    if not MIN_WORDS <= n <= MAX_WORDS:
        raise InputError(f"{data_file.where(path, ask_node)}: {rid}: a question of {n} words; "
                         f"expected {MIN_WORDS} to {MAX_WORDS}")
    says = ""
    if says_node is not None:
        says = data_file.text(path, says_node, "yes, no or a number with its unit").strip().lower()
        if not says:  # "says:" with nothing after it: an answer left out, not "no answer"
            raise InputError(f"{data_file.where(path, says_node)}: {rid}: 'says:' is empty; expected yes, no or "
                             f"a number with its unit ('2 threat'), or no 'says:' line when the record, read "
                             f"alone, gives none")
    if says and not SAYS.match(says):
        meant = NOT_ANSWERS.get(says)
        hint = (f"did you mean {meant}? (only yes and no are read as answers; YAML 1.1 would read "
                f"{says} as a boolean)") if meant else data_file.suggestion(says, ("yes", "no"))
        raise InputError(f"{data_file.where(path, says_node)}: {rid}: says {says!r}; expected yes, no or a number "
                         f"with its unit ('2 threat')", hint=hint)
    return Asked(rid, ask, says, str(path), data_file.line(entry), record_line)


def unknown_records(by_id: dict[str, list[Asked]], ids) -> list[str]:
    """A warning for each record id of ``by_id`` that is not among ``ids`` (the knowledge base's)
    though records of its document are (``lotr:faq:...`` with the FAQ built), or whose document
    part is a near miss of one that is (``lotr:fqa:...``): its file, the line of the id and the
    closest ids.  An id of a document the user does not have is not warned about."""
    known = set(ids)
    spaces: dict[str, list[str]] = {}
    for rid in known:
        spaces.setdefault(_space(rid), []).append(rid)
    out = []
    for rid, entries in by_id.items():
        space = _space(rid)
        if rid in known:
            continue
        if space in spaces:
            # the ids' tails compared (their shared "lotr:rr:" would make every id look close)
            tails = get_close_matches(rid[len(space):], sorted(r[len(space):] for r in spaces[space]), n=3,
                                      cutoff=0.75)
            meant = [space + tail for tail in tails]
        else:
            game, _, document = space.partition(":")
            near = get_close_matches(document, [s.partition(":")[2] for s in spaces if s.startswith(game + ":")],
                                     n=1, cutoff=0.6)
            if not near:
                continue  # a document this user does not have
            meant = [f"{game}:{near[0]}{rid[len(space):]}"]
        first = entries[0]
        out.append(f"{first.file}, line {first.record_line}: no record {rid!r} in the knowledge base; its "
                   f"{len(entries)} asked question{'s' if len(entries) > 1 else ''} left out"
                   + (f" (did you mean {', '.join(meant)}?)" if meant else ""))
    return out


def _space(rid: str) -> str:
    """A record id's game and document part: ``lotr:faq`` of ``lotr:faq:q:41``."""
    return ":".join(rid.split(":", 2)[:2])


def by_record(games: list[str]) -> dict[str, list[Asked]]:
    """{record id: its asked questions} for ``games``."""
    out: dict[str, list[Asked]] = {}
    for game in games:
        for item in read(game):
            out.setdefault(item.record, []).append(item)
    return out

