"""How often `ask` puts the entry a forum reply cited first (a FAQ clarification or a Rules Reference
glossary entry): the weakly labelled forum set.

    python bench/eval_forum.py                 # both halves of tests/eval/forum/cited.yaml
    python bench/eval_forum.py --half tune     # the half that may be tuned on
    python bench/eval_forum.py --half tune --misses   # what was answered instead (tune half only)
    python bench/eval_forum.py --json

Each question is asked as `adjudicator ask "<question>" --json` would be, in process, without
--game (all are LOTR questions).  top-1: the top answer's record is a labelled record, or lies
inside one (its own lines or one of its `also_in` copies inside the label's lines or the label's
copies: the Quest Companion repeats the FAQ entries); top-3: one of the first three cited is.
The labels are weak (a forum reply cited the entry; tests/eval/forum/README.md gives the share
found right by hand), so these figures bound what `ask` does, they do not grade it.
"""

from __future__ import annotations

import checkout  # noqa: F401  (measure this checkout, not the installed package)
import argparse
import json
import statistics
import sys
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))

from eval_players import ask_in_process, is_deciding  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
SET = REPO / "tests" / "eval" / "forum" / "cited.yaml"
HALVES = ("tune", "check")


def load(half: str) -> list[dict]:
    questions = yaml.safe_load(SET.read_text(encoding="utf-8"))["questions"]
    return [q for q in questions if half == "all" or q["half"] == half]


def label_places() -> dict[str, list[tuple[str, int, int]]]:
    """Every record's places: its own span and its `also_in` copies."""
    from adjudicator.kb.api import open_kb

    kb = open_kb(quiet=True)
    out = {}
    for rid, doc, a, b, also in kb.store.conn.execute(
            "select id, doc, line_start, line_end, also_in from records").fetchall():
        places = [(doc, a, b)]
        for copy in json.loads(also or "[]"):
            places.append((copy["doc"], copy["start"], copy["end"]))
        out[rid] = places
    return out


def score(question: dict, answer: dict, places: dict) -> dict:
    ids = set(question["labels"])
    where = [p for label in ids for p in places.get(label, [])]
    cited = ([answer["best"]] if answer.get("best") else []) + list(answer.get("supporting", []))
    hits = [is_deciding(c, ids, where) for c in cited]
    return {"id": question["id"], "half": question["half"], "top1": bool(hits[:1] and hits[0]),
            "top3": any(hits[:3]), "got": [c["id"] for c in cited[:3]], "game": answer.get("game")}


def summarise(rows: list[dict]) -> dict:
    n = len(rows)
    return {"n": n, "top1": sum(r["top1"] for r in rows) / n if n else 0.0,
            "top3": sum(r["top3"] for r in rows) / n if n else 0.0,
            "wrong_game": sum(1 for r in rows if r["game"] not in (None, "lotr"))}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--half", choices=(*HALVES, "all"), default="all")
    parser.add_argument("--misses", action="store_true", help="list the tune half's questions missed at top-1")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.misses and args.half != "tune":
        parser.error("--misses lists questions and is only allowed with --half tune")
    questions = load(args.half)
    answers = ask_in_process([{**q, "game": "lotr"} for q in questions], with_game=False)
    places = label_places()
    rows = [score(q, a, places) for q, (a, _) in zip(questions, answers)]
    halves = [h for h in HALVES if args.half in (h, "all")]
    result = {h: summarise([r for r in rows if r["half"] == h]) for h in halves}
    if args.half == "all":
        result["all"] = summarise(rows)
    if args.json:
        print(json.dumps({"figures": result}, indent=1))
        return 0
    print(f"{len(questions)} forum questions labelled by the entry a reply cited (weak labels), without --game")
    print(f"  {'half':<6} {'n':>4} {'top-1':>7} {'top-3':>7} {'wrong game':>11}")
    for half, s in result.items():
        print(f"  {half:<6} {s['n']:>4} {s['top1']:>7.0%} {s['top3']:>7.0%} {s['wrong_game']:>11}")
    print(f"median {1000 * statistics.median(t for _, t in answers):.1f} ms per question in process")
    if args.misses:
        for q, r in zip(questions, rows):
            if not r["top1"]:
                print(f"- {q['id']} {q['labels']}: {q['q'][:140]}\n    got {r['got']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
