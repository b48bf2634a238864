"""How the engine answers legality questions that name cards (tests/eval/cards/questions.yaml).

    python bench/eval_card_questions.py --half report   # the untouched half (the figures to report)
    python bench/eval_card_questions.py --half build    # the half the card-name reading was built on
    python bench/eval_card_questions.py --half all --list

The questions were written in players' phrasing and labelled by hand from the rules and the
cards' printed figures and text before the reading was built; the halves are fixed by the
sha256 of each question's id (``half_of``).  Each question is read as `ask` reads it once its
game is known (``legality_questions.engine_verdict(question, game)``).  Per game and overall:

  n          questions
  read       the reading gave a signature (every word accounted for, card names included)
  verdict    the engine gave a yes or no
  right      ... agreeing with the recorded verdict
  wrong      ... disagreeing (a wrong verdict is worse than none: this must stay 0)
  none       no engine verdict (`ask` answers from the documents as before)
  card text  of the questions whose answer turns on the card's own ability (`card_text`),
             how many got a verdict (each must be right, or better absent)
"""

from __future__ import annotations

import checkout  # noqa: F401  (measure this checkout, not the installed package)
import argparse
import hashlib
import time
from pathlib import Path

SET = Path(__file__).resolve().parent.parent / "tests" / "eval" / "cards" / "questions.yaml"


def half_of(question_id: str) -> str:
    """`report` when the sha256 of the id is even, else `build` (fixed before building)."""
    return "report" if int(hashlib.sha256(question_id.encode()).hexdigest(), 16) % 2 == 0 else "build"


def questions(half: str = "all") -> list[dict]:
    import yaml

    items = yaml.safe_load(SET.read_text(encoding="utf-8"))["questions"]
    return [q for q in items if half == "all" or half_of(q["id"]) == half]


def main() -> int:
    from adjudicator.ask import legality_questions as L

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--half", choices=("report", "build", "all"), default="report")
    parser.add_argument("--list", action="store_true", help="list each question with what the engine said")
    args = parser.parse_args()
    start = time.perf_counter()
    rows: dict = {}
    wrong_rows = []
    for item in questions(args.half):
        game, q = item["game"], item["q"]
        signature = L.read_question(q, game=game)
        verdict = L.engine_verdict(q, game)
        row = rows.setdefault(game, {"n": 0, "read": 0, "verdict": 0, "right": 0, "wrong": 0, "card": 0, "card_v": 0})
        row["n"] += 1
        row["read"] += signature is not None
        if item.get("card_text"):
            row["card"] += 1
        got = verdict.kind if verdict is not None else None
        if got is not None:
            row["verdict"] += 1
            row["card_v"] += bool(item.get("card_text"))
            if got == item["verdict"]:
                row["right"] += 1
            else:
                row["wrong"] += 1
                wrong_rows.append((item["id"], q, item["verdict"], got))
        if args.list:
            why = "" if signature is not None else f"  [not read: {L.reading(q, game=game)[1]}]"
            print(f"  {got or '-':4} (right {item['verdict']:3}) [{game}] {q}{why}")
    print(f"half {args.half}: {sum(r['n'] for r in rows.values())} questions")
    print(f"{'game':6} {'n':>4} {'read':>5} {'verdict':>8} {'right':>6} {'wrong':>6} {'none':>5} {'card text':>10}")
    total = {k: 0 for k in ("n", "read", "verdict", "right", "wrong", "card", "card_v")}
    for game in sorted(rows) + ["all"]:
        r = rows.get(game) or total
        if game != "all":
            for k in total:
                total[k] += r[k]
        print(f"{game:6} {r['n']:4} {r['read']:5} {r['verdict']:8} {r['right']:6} {r['wrong']:6} "
              f"{r['n'] - r['verdict']:5} {str(r['card_v']) + ' of ' + str(r['card']):>10}")
    for qid, q, right, got in wrong_rows:
        print(f"WRONG {qid}: {q!r} is {right}, engine {got}")
    print(f"{time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
