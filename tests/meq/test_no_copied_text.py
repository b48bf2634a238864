"""The project's own MEQ files (summaries, scenarios, docs, fixtures, code) share no run of
eight words with the rules document: we cite it, we do not copy it."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
OWN = ["rules_db/meq", "scenarios/meq", "docs/meq.md", "tests/meq", "adjudicator/meq"]
RUN = 8


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower().replace("’", "'"))


def test_no_eight_word_run_of_the_rules_in_our_files(source_doc):
    doc = words("\n".join(source_doc("meq-rules").lines))
    runs = {tuple(doc[i : i + RUN]) for i in range(len(doc) - RUN)}
    paths = []
    for entry in OWN:
        path = REPO / entry
        paths += [path] if path.is_file() else [p for p in path.rglob("*") if p.is_file() and p.suffix in (".py", ".yaml", ".md", ".txt")]
    copied = {}
    for path in paths:
        own = words(path.read_text(encoding="utf-8"))
        hits = [" ".join(own[i : i + RUN]) for i in range(len(own) - RUN) if tuple(own[i : i + RUN]) in runs]
        if hits:
            copied[str(path.relative_to(REPO))] = hits[:3]
    assert copied == {}
