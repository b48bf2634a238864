"""Top-1 and top-3 hit rates of `adjudicator ask` on the team's evaluation questions.

    python bench/eval_ask.py                # the knowledge base `adjudicator` uses
    python bench/eval_ask.py --fresh DIR    # build the three LOTR documents into DIR first
    python bench/eval_ask.py --misses       # also list the questions missed at rank 3
    python bench/eval_ask.py --timing       # median time of `adjudicator ask` as a whole process

The questions and the record ids that answer them are in tests/eval/ask_questions.yaml.
Targets: top-3 at least 90 %, top-1 at least 75 %.
"""

from __future__ import annotations

import checkout  # noqa: F401  (measure this checkout, not the installed package)
import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
QUESTIONS = REPO / "tests" / "eval" / "ask_questions.yaml"
LOTR_DOCS = ("lotr-rr", "lotr-faq", "lotr-qc")
TARGET_TOP1, TARGET_TOP3 = 0.75, 0.90


def load_questions(path: Path = QUESTIONS) -> list[dict]:
    import yaml

    return yaml.safe_load(path.read_text(encoding="utf-8"))["questions"]


def fresh_kb(sources: Path, folder: Path):
    """A knowledge base of the three LOTR documents only, written into ``folder``."""
    from adjudicator.kb.api import KnowledgeBase
    from adjudicator.kb.build import parse_sources
    from adjudicator.kb.store import write_store

    folder.mkdir(parents=True, exist_ok=True)
    store = folder / "kb.sqlite"
    if store.exists():
        store.unlink()
    records = parse_sources(sources, only=LOTR_DOCS)
    write_store(store, records, [])
    return KnowledgeBase(folder, {})


def evaluate(kb, questions: list[dict]) -> dict:
    from adjudicator.lotr.qc_ask import ask

    rows = []
    for item in questions:
        started = time.perf_counter()
        answer = ask(kb, item["q"], limit=5)
        elapsed = time.perf_counter() - started
        ranked = answer.ranked_ids()
        wanted = set(item["ids"])
        rank = next((i for i, rid in enumerate(ranked, 1) if rid in wanted), None)
        rows.append({"q": item["q"], "topic": item.get("topic", ""), "rank": rank, "got": ranked[:3],
                     "want": item["ids"], "seconds": elapsed})
        rows[-1]["set"] = item.get("set", "main")
    n = len(rows)
    top1 = sum(1 for r in rows if r["rank"] == 1) / n
    top3 = sum(1 for r in rows if r["rank"] and r["rank"] <= 3) / n
    held = [r for r in rows if r["set"] == "holdout"]
    holdout = {
        "n": len(held),
        "top1": sum(1 for r in held if r["rank"] == 1) / len(held) if held else None,
        "top3": sum(1 for r in held if r["rank"] and r["rank"] <= 3) / len(held) if held else None,
    }
    topics = {}
    for topic in sorted({r["topic"] for r in rows}):
        sub = [r for r in rows if r["topic"] == topic]
        topics[topic] = {
            "n": len(sub),
            "top1": sum(1 for r in sub if r["rank"] == 1) / len(sub),
            "top3": sum(1 for r in sub if r["rank"] and r["rank"] <= 3) / len(sub),
        }
    return {"n": n, "top1": top1, "top3": top3, "topics": topics, "rows": rows, "holdout": holdout,
            "median_ms_in_process": 1000 * statistics.median(r["seconds"] for r in rows)}


def whole_process_median(questions: list[dict], runs: int = 15) -> float:
    times = []
    for item in questions[:runs]:
        started = time.perf_counter()
        subprocess.run([sys.executable, "-m", "adjudicator", "ask", item["q"], "--json"], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - started)
    started = time.perf_counter()
    for _ in range(5):
        subprocess.run([sys.executable, "-c", "pass"], check=True)
    bare = (time.perf_counter() - started) / 5
    print(f"bare interpreter start: {bare * 1000:.0f} ms")
    return 1000 * statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--fresh", type=Path, help="build the LOTR documents into this folder first")
    parser.add_argument("--sources", type=Path, help="source folder for --fresh (else ADJUDICATOR_SOURCES)")
    parser.add_argument("--misses", action="store_true", help="list questions not answered in the top 3")
    parser.add_argument("--timing", action="store_true", help="time `adjudicator ask` as a whole process")
    args = parser.parse_args(argv)
    questions = load_questions()
    if args.fresh:
        import os

        sources = args.sources or Path(os.environ.get("ADJUDICATOR_SOURCES", ""))
        kb = fresh_kb(sources, args.fresh)
    else:
        from adjudicator.kb.api import open_kb

        kb = open_kb()
    result = evaluate(kb, questions)
    print(f"{result['n']} questions: top-1 {result['top1']:.1%}  top-3 {result['top3']:.1%}"
          f"  (targets {TARGET_TOP1:.0%} / {TARGET_TOP3:.0%}); median {result['median_ms_in_process']:.1f} ms in process")
    held = result["holdout"]
    if held["n"]:
        print(f"  held-out questions (written after tuning): {held['n']}: top-1 {held['top1']:.0%}  top-3 {held['top3']:.0%}")
    for topic, t in result["topics"].items():
        print(f"  {topic:<9} {t['n']:>3}  top-1 {t['top1']:.0%}  top-3 {t['top3']:.0%}")
    if args.misses:
        for row in result["rows"]:
            if row["rank"] != 1:
                print(f"- rank {row['rank']}: {row['q']}\n    want {row['want']}\n    got  {row['got']}")
    if args.timing:
        print(f"`adjudicator ask` whole process, median: {whole_process_median(questions):.0f} ms")
    ok = result["top1"] >= TARGET_TOP1 and result["top3"] >= TARGET_TOP3
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
