"""Search ranking on the team's 27 questions (tests/eval/search_questions.yaml).

Measured: top-1 70%, top-3 93% on the Rules Reference and FAQ (63% / 89% with the Quest Companion loaded too; bench/eval_search.py prints the figures).
The thresholds sit a little below, so that a change that makes ranking worse fails."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from eval_search import evaluate  # noqa: E402


def test_search_finds_the_answer_in_the_top_three_for_most_questions(kb):
    result = evaluate(kb)
    assert result["questions"] >= 20
    assert result["top3"] >= 0.88, result["misses"]
    assert result["top1"] >= 0.62
