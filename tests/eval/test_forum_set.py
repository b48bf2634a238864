"""The forum set (tests/eval/forum/cited.yaml) is sound: real player questions whose threads cite a
FAQ entry or a Rules Reference glossary entry, the entry as a weak label.  This checks the set's shape, not how `ask` scores on it
(bench/eval_forum.py prints that)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "bench"))

from eval_players import half_of  # noqa: E402
from forum_cited import evaluation_topics  # noqa: E402

QUESTIONS = yaml.safe_load((REPO / "tests" / "eval" / "forum" / "cited.yaml").read_text(encoding="utf-8"))["questions"]
FIELDS = {"id", "half", "game", "q", "source", "via", "labels", "labelled"}


def _topic(q: dict) -> str:
    return re.search(r"/topic/(\d+)", q["source"]).group(1)


def test_every_question_has_its_fields_and_a_forum_address():
    assert len(QUESTIONS) >= 100
    for q in QUESTIONS:
        assert set(q) == FIELDS, f"{q.get('id')}: fields {sorted(set(q) ^ FIELDS)}"
        assert q["game"] == "lotr" and q["q"].strip() and q["labels"], q["id"]
        assert q["source"].startswith("https://community.fantasyflightgames.com/topic/"), q["id"]
        assert q["id"].startswith(f"forum-{_topic(q)}-"), q["id"]
        assert "cites FAQ" in q["labelled"] or "cites RR" in q["labelled"], q["id"]


def test_ids_and_threads_are_unique():
    ids = [q["id"] for q in QUESTIONS]
    assert len(ids) == len(set(ids))
    topics = [_topic(q) for q in QUESTIONS]
    assert len(topics) == len(set(topics))


def test_halves_are_fixed_by_the_hash_of_the_id():
    for q in QUESTIONS:
        assert q["half"] == ("tune" if half_of(q["id"]) == "tune" else "check"), q["id"]
    halves = {q["half"] for q in QUESTIONS}
    assert halves == {"tune", "check"}


def test_no_thread_of_the_players_evaluation_set_is_used():
    used = evaluation_topics()
    assert used, "the players' set names forum threads: the exclusion must have read some"
    overlap = [q["id"] for q in QUESTIONS if _topic(q) in used]
    assert not overlap, f"{len(overlap)} questions come from threads the players' set uses"


def test_questions_are_capped_and_each_label_is_what_a_reply_cited():
    for q in QUESTIONS:
        assert len(q["q"]) <= 480, q["id"]
        assert len(q["labels"]) <= 2, q["id"]
        assert q["labelled"].count(" cites ") == len(q["labels"]), q["id"]
        for label in q["labels"]:
            assert re.fullmatch(r"lotr:faq:1\.\d\d|lotr:rr:[a-z0-9-]+", label), label
            if label.startswith("lotr:faq:"):
                assert f"FAQ {label.rsplit(':', 1)[1]}" in q["labelled"], q["id"]


@pytest.fixture(scope="module")
def records(sources_dir):
    from adjudicator.kb.build import parse_sources

    return {r.id: r for r in parse_sources(sources_dir)}


def test_every_label_is_a_record_of_the_knowledge_base(records):
    for q in QUESTIONS:
        for label in q["labels"]:
            assert label in records, f"{q['id']}: no record {label}"
            kinds = ("clarification",) if label.startswith("lotr:faq:") else ("glossary", "keyword")
            assert records[label].kind.value in kinds, f"{q['id']}: {label} is a {records[label].kind.value}"
