"""The command line's shared vocabulary: the choices of every enumerated option, the
placeholder each value is shown with, and the limits on what a query may be.

`conventions.apply` reads these tables when the commands are registered, so a command
module declares an option once (``--game``) and gets its choices, its completion and its
placeholder from here.  Imports nothing heavy.
"""

from __future__ import annotations

GAMES = ("lotr", "metw", "meq")
KINDS = ("glossary", "rule", "step", "clarification", "qa", "errata", "scenario", "ruling", "card", "keyword",
         "section", "example")  # adjudicator.kb.records.Kind (a test keeps them equal)
DOCUMENTS = ("lotr-rr", "lotr-faq", "lotr-qc", "metw-rules", "meq-rules")  # adjudicator.kb.documents keys
DOCUMENT_ALIASES = {"rr": "lotr-rr", "faq": "lotr-faq", "qc": "lotr-qc", "companion": "lotr-qc",
                    "metw": "metw-rules", "meq": "meq-rules"}
AUTHORITIES = ("official", "fan")

# option -> its choices (case is ignored; shell completion offers them; --help lists them)
CHOICES: dict[str, tuple[str, ...]] = {
    "--game": GAMES,
    "--kind": KINDS,
    "--source": DOCUMENTS + tuple(DOCUMENT_ALIASES),
    "--authority": AUTHORITIES,
}

# One placeholder style: an upper-case word for every value (FILE, QUERY, N); the choices
# of an enumerated option are listed in its help.  Names not in this table are the
# parameter's own name in upper case.
PLACEHOLDERS = {
    "record_id": "ID",
    "limit": "N",
    "min_difficulty": "N",
    "max_difficulty": "N",
    "width": "N",
    "sources": "DIR",
    "files": "FILE...",
    "kind": "KIND",
    "source": "DOC",
}

# A query longer than this is cut before it is searched (a sentence is a few hundred
# characters; SQLite refuses LIKE patterns over 50,000 bytes); the CLI says so on stderr.
MAX_QUERY_CHARS = 500

# Arguments that are file names: any bytes the file system allows, not checked as text.
FILE_ARGUMENTS = ("file", "files")


def clip_query(text: str) -> tuple[str, bool]:
    """The part of ``text`` that is searched, and whether it was cut.  A long forum post
    often asks its question at the end, after the scene: its sentences that ask (hold a
    "?") are kept first, the last of them when they do not all fit, then its opening
    sentences, in their order, as far as the limit allows.  Text that asks nothing keeps
    its beginning."""
    if len(text) <= MAX_QUERY_CHARS:
        return text, False
    return _questions_first(text, MAX_QUERY_CHARS), True


def _sentences(text: str) -> list[str]:
    """``text`` split after each ".", "?" or "!" that a space follows (string methods only:
    this runs on every query)."""
    out, start = [], 0
    for i, ch in enumerate(text):
        if ch in ".?!" and (i + 1 == len(text) or text[i + 1].isspace()):
            out.append(text[start:i + 1].strip())
            start = i + 1
    out.append(text[start:].strip())
    return [s for s in out if s]


def _questions_first(text: str, limit: int) -> str:
    parts = _sentences(text)
    asking = [i for i, part in enumerate(parts) if "?" in part]
    if not asking:
        return text[:limit]
    last = parts[asking[-1]]
    if len(last) >= limit:  # one question longer than the limit: its end, where it asks
        cut = last[-limit:]
        return cut[cut.find(" ") + 1:] if " " in cut else cut
    kept, used = set(), -1
    for i in list(reversed(asking)) + [i for i in range(len(parts)) if i not in asking]:
        if used + 1 + len(parts[i]) <= limit:
            kept.add(i)
            used += 1 + len(parts[i])
        elif i not in asking:
            break  # the opening is kept in order, without gaps
    return " ".join(parts[i] for i in sorted(kept))


def text_problem(text: str) -> str | None:
    """Why ``text`` cannot be a query, or None: empty, or not valid UTF-8 (bytes that
    Python carries as surrogates)."""
    if not text.strip():
        return "is empty"
    if any("\udc80" <= ch <= "\udcff" for ch in text):
        raw = text.encode("utf-8", "surrogateescape")
        return f"is not valid UTF-8 ({raw[:40]!r})"
    if "\x00" in text:
        return "contains a NUL character"
    return None
