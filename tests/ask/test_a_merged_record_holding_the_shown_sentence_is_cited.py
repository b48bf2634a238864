"""A record merged with the cited one from another document (the Quest Companion's page of a Rules
Reference entry) is cited among the "also in" places when its text holds the sentence shown, and
only then: the answer names every place that says what it shows, and no place that does not."""

from __future__ import annotations

import re

import pytest

QUESTIONS = (
    "do extra progress tokens carry over to the next quest stage?",
    "when the quest advances what happens to the active location?",
    "does a guarded objective stay in the staging area once its encounter is gone?",
    "what is the victory display for?",
)


def _letters(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "", text.lower().replace("…", ""))


@pytest.mark.parametrize("question", QUESTIONS)
def test_a_merged_record_of_another_document_is_cited_where_it_holds_the_shown_sentence(kb, question):
    from adjudicator.ask.answer import ask

    data = ask(kb, question, "lotr").to_dict()
    for cited in [data["best"]] + list(data["supporting"]):
        places = {(p["source"], *p["lines"]) for p in cited["also_in"]}
        for rid in cited["merged"]:
            other = kb.store.get(rid)
            if other.span.doc == cited["source"]:
                continue
            place = (other.span.doc, other.span.start, other.span.end)
            held = _letters(cited["sentence"]) in _letters(other.text)
            covered = any(doc == place[0] and a <= place[1] and place[2] <= b for doc, a, b in places)
            assert covered == held or (covered and not held and place not in places), (rid, cited["sentence"])


def test_the_companion_page_of_quest_advancement_is_cited_with_the_rules_reference_entry(kb):
    from adjudicator.ask.answer import ask

    data = ask(kb, "do extra progress tokens carry over to the next quest stage?", "lotr").to_dict()
    best = data["best"]
    assert best["id"] == "lotr:rr:quest-advancement"
    page = kb.store.get("lotr:qc:page:quest-advancement")
    assert "lotr:qc:page:quest-advancement" in best["merged"]
    assert {"source": "lotr-qc", "lines": [page.span.start, page.span.end]} in best["also_in"]
