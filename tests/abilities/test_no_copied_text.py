"""Our ability data, rulings table, docs and code are our own words: no run of eight words
in a row is shared with the LOTR source documents (Rules Reference, FAQ, Quest Companion)."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
OURS = [
    *sorted((REPO / "rules_db" / "lotr" / "cards" / "abilities").glob("*.yaml")),
    REPO / "faq" / "rulings.yaml",
    REPO / "faq" / "companion.yaml",
    REPO / "faq" / "README.md",
    REPO / "docs" / "abilities.md",
    *sorted((REPO / "adjudicator" / "lotr" / "abilities").glob("*.py")),
    *sorted((REPO / "scenarios" / "lotr" / "timing").glob("*.yaml")),
    *sorted((REPO / "scenarios" / "lotr" / "faq").glob("*.yaml")),
    *sorted((REPO / "scenarios" / "lotr" / "rulings").glob("*.yaml")),
    *sorted((REPO / "rules_db" / "lotr" / "cards").glob("*.yaml")),
]
N = 8


RECORD_ID = re.compile(r"\blotr:[a-z0-9:.\-]+")


def _words(text: str) -> list[str]:
    """The words of a text; record ids are ours (a question's id is made of its first words)."""
    return re.findall(r"[a-z0-9]+", RECORD_ID.sub(" ", text.lower().replace("’", "'")))


def _runs(words: list[str]) -> set[tuple[str, ...]]:
    return {tuple(words[i:i + N]) for i in range(len(words) - N + 1)}


def test_no_eight_word_run_shared_with_the_sources(source_doc):
    theirs: set[tuple[str, ...]] = set()
    for key in ("lotr-rr", "lotr-faq", "lotr-qc"):
        doc = source_doc(key)
        theirs |= _runs(_words(doc.path.read_text(encoding="utf-8")))
    shared = {}
    for path in OURS:
        common = _runs(_words(path.read_text(encoding="utf-8"))) & theirs
        if common:
            shared[path.name] = sorted(" ".join(r) for r in common)[:5]
    assert not shared, shared
