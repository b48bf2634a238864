"""The project's own LOTR engine, card abilities, card data, situations, their tests and the docs
share no run of ten words with the three LOTR documents (Rules Reference, FAQ, Quest Companion): we
cite them and say the rule in our own words.  Ten words, not eight as for MEQ: shorter runs are
the game's stock phrases ("the top card of the encounter deck") and quoted card names."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
OWN = ["adjudicator/lotr/abilities", "adjudicator/lotr/engine", "rules_db/lotr", "faq", "scenarios/lotr",
       "tests/abilities", "tests/engine", "docs"]
RUN = 10


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower().replace("’", "'"))


def test_no_ten_word_run_of_the_lotr_documents_in_our_files(source_doc):
    runs = set()
    for key in ("lotr-rr", "lotr-faq", "lotr-qc"):
        doc = words("\n".join(source_doc(key).lines))
        runs |= {tuple(doc[i : i + RUN]) for i in range(len(doc) - RUN + 1)}
    paths = [p for entry in OWN for p in sorted((REPO / entry).rglob("*"))
             if p.is_file() and p.suffix in (".py", ".yaml", ".md", ".txt")]
    assert len(paths) > 300  # the folders were read
    copied = {}
    for path in paths:
        own = words(path.read_text(encoding="utf-8"))
        hits = [" ".join(own[i : i + RUN]) for i in range(len(own) - RUN + 1) if tuple(own[i : i + RUN]) in runs]
        if hits:
            copied[str(path.relative_to(REPO))] = hits[:3]
    assert copied == {}
