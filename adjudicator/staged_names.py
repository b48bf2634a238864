"""The names a situation file stages: every short string outside its prose fields, as a name key.

A situation's `title`, `notes` and other prose fields may name any card in passing; only the
values elsewhere (the cards in play, in hand, attached, engaged ...) set a card on the table.
Both the card lookup's situation index and the rulings a situation stages a card for read them
this way.
"""

from __future__ import annotations

from adjudicator.compiled import Lazy

# the fields of a situation that are prose: a name there sets no card in play
PROSE_KEYS = frozenset({"title", "notes", "note", "says", "description", "interpretations", "behaviour", "topic",
                        "reason", "comment", "why"})
LABEL_SUFFIX = Lazy(r"\s*#\d+$")  # "Gondorian Spearman #2": a second copy of the card


def staged_names(node, out: set[str], key: str = "") -> None:
    """Add to ``out`` the name keys of the short strings outside prose fields: the cards a
    situation stages (and its players' names, steps and other values, which no card's key
    matches)."""
    from adjudicator.kb.names import name_key

    if key in PROSE_KEYS:
        return
    if isinstance(node, dict):
        for k, v in node.items():
            staged_names(v, out, str(k))
    elif isinstance(node, list):
        for v in node:
            staged_names(v, out, key)
    elif isinstance(node, str) and len(node) < 80:
        found = name_key(LABEL_SUFFIX.sub("", node))
        if found:
            out.add(found)
