"""How a place where the LOTR documents read differently is told to a reader
(rules_db/lotr/divergences.yaml, attached to its records by kb/enrich.py).

Each entry names its records on both sides and a ``relation``: ``differs`` (the documents
read differently; ``applied`` is the reading used), ``adds`` (one adds a case, an exception
or a timing to the other; they fit together), ``gap`` (neither decides it; ``applied`` is
our reading), ``same`` (one rule worded or numbered two ways) or ``variants`` (two things
under similar names).  The wording follows the relation, and a record is set "against" only
the other document's records: the records of its own document are on its side.
"""

from __future__ import annotations

RELATIONS = ("differs", "adds", "gap", "same", "variants")
DOCUMENTS = (("lotr:rr:", "the Rules Reference"), ("lotr:faq:", "FAQ 1.9"), ("lotr:errata:", "FAQ 1.9"))


def document_of(rid: str) -> str | None:
    """The document a record id belongs to, by its prefix (errata are FAQ 1.9's)."""
    return next((name for prefix, name in DOCUMENTS if rid.startswith(prefix)), None)


def sides(rid: str, others: list[str]) -> tuple[list[str], list[str]]:
    """(the records of ``rid``'s own document, the other document's records) among ``others``."""
    mine = document_of(rid)
    return [o for o in others if document_of(o) == mine], [o for o in others if document_of(o) != mine]


def answer_note(rid: str, div: dict) -> str | None:
    """One line for an answer whose deciding record is ``rid``, or None when the relation
    changes nothing a player acts on (the same rule in other words)."""
    relation = div.get("relation", "differs")
    topic = _inline(div.get("topic") or "this point")
    applied = (div.get("applied") or "").strip()
    _, theirs = sides(rid, [o for o in div.get("with", []) if o != rid])
    if relation == "same":
        return None
    if relation == "differs":
        against = f": {rid} against {', '.join(theirs)}" if theirs else ""
        return f"sources differ on {topic}{against}" + (f"; applied: {applied}" if applied else "")
    if relation == "adds":
        other = f" ({', '.join(theirs)})" if theirs else ""
        return f"the documents complement each other on {topic}{other}" + (f"; together: {applied}" if applied else "")
    if relation == "gap":
        return f"the documents leave {topic} open" + (f"; adjudicator's reading: {applied}" if applied else "")
    return f"{topic}: two variants, kept apart" + (f"; {applied}" if applied else "")


def _inline(topic: str) -> str:
    """A topic inside a sentence: its capital dropped unless it opens an acronym."""
    return topic[:1].lower() + topic[1:] if topic[1:2].islower() else topic


def record_line(rid: str, div: dict) -> str:
    """The line `adjudicator show` prints under a record for one of its divergences."""
    relation = div.get("relation", "differs")
    ours, theirs = sides(rid, [o for o in div.get("with", []) if o != rid])
    heading = {"differs": "Differs from", "adds": "Complemented by", "gap": "A gap, with",
               "same": "Says the same as", "variants": "A different variant from"}.get(relation, "Differs from")
    also = f" (with {', '.join(ours)} of its own document)" if ours else ""
    return f"{heading} {', '.join(theirs) or ', '.join(ours)}{also if theirs else ''}: {div.get('topic', '')}. " \
           f"{div.get('assessment', '')}"
