"""Print top-1 and top-3 hit rates of `search` on the team's question set.

Usage: ADJUDICATOR_SOURCES=../shared/seeds python bench/eval_search.py [--verbose]
"""

from __future__ import annotations

import checkout  # noqa: F401  (measure this checkout, not the installed package)
import sys
from pathlib import Path

import yaml

QUESTIONS = Path(__file__).resolve().parent.parent / "tests" / "eval" / "search_questions.yaml"


def evaluate(kb, verbose: bool = False) -> dict:
    questions = yaml.safe_load(QUESTIONS.read_text(encoding="utf-8"))["questions"]
    top1 = top3 = 0
    misses = []
    for item in questions:
        hits = [h.id for h in kb.index.search(item["q"], games=["lotr"], limit=3, snippets=False)]
        answers = set(item["answers"])
        if hits[:1] and hits[0] in answers:
            top1 += 1
        if answers & set(hits[:3]):
            top3 += 1
        else:
            misses.append((item["q"], hits))
        if verbose:
            mark = "1" if hits[:1] and hits[0] in answers else ("3" if answers & set(hits) else "-")
            print(f"[{mark}] {item['q']}\n      {hits}")
    n = len(questions)
    return {"questions": n, "top1": top1 / n, "top3": top3 / n, "misses": misses}


def main() -> None:
    from adjudicator.kb.api import open_kb

    result = evaluate(open_kb(), "--verbose" in sys.argv)
    print(f"questions: {result['questions']}  top-1: {result['top1']:.0%}  top-3: {result['top3']:.0%}")
    for question, hits in result["misses"]:
        print(f"  miss: {question} -> {hits}")


if __name__ == "__main__":
    main()
