"""How often `ask`'s verdict reading (``verdicts.verdict``) is right, stated and inferred apart,
on the team's asked questions that carry an answer (`says:` in `rules_db/<game>/asked/`).

    python bench/eval_inferred_verdicts.py                 # every asked question with `says`
    python bench/eval_inferred_verdicts.py --per-fold 100  # a quicker sample
    python bench/eval_inferred_verdicts.py --wrong         # list the wrong inferred readings
    python bench/eval_inferred_verdicts.py --json

Each question is asked as in `bench/eval_asked_folds.py`: split into 5 folds by the sha256 of
(record id, question), the ask index built without its fold's questions, asked in process and
without --game.  The verdict taken is ``verdict``'s full reading, i.e. what `ask` would show if
inferred readings were shown (``settled`` hides them today).  Figures, per game and per kind of
answer the record gives (yes/no or a number):

  n          questions asked
  stated     coverage: the share given a yes, no or number the documents' own words say
  inferred   coverage: the share given a yes, no or number read by adjudicator
  prec       precision: right / given (against `says`), for stated and inferred apart
  own        the same restricted to answers whose top record is the question's own record
             (or the same place): `says` is that record's answer, so these are the figures
             to trust; when another record comes first, `says` may not be its answer
             (another record can settle the question too, or the question can be read as
             another one), so a disagreement there is not always a wrong reading.

The last table ("shown by ask") counts what `ask` shows a player: the stated verdicts and the
inferred readings of the kinds ``verdicts.SHOWN_READINGS`` names (the others are shown as the
rule's sentence); the "inferred by" table is the evidence a kind is judged by (at least 90%
right on the own-record answers it fires on, and on the players' tune half).

The questions were written by the team from the records, so the figures flatter `ask`; the
check that carries over is the real players' tune half (`bench/eval_players.py --half tune
--show-inferred`).
"""

from __future__ import annotations

import checkout  # noqa: F401  (measure this checkout, not the installed package)
import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from eval_asked_folds import left_out  # noqa: E402
from eval_players import is_deciding, verdict_right  # noqa: E402


def mechanism(v: dict | None) -> str:
    """Which reading gave an inferred verdict, from its shape: a tie neither case of a strict
    comparison covers, a chosen alternative, a figure, or the polarity of a rule."""
    if not v or v.get("basis") != "inferred":
        return ""
    if v.get("reading"):  # the verdict names its reading (``verdicts.Verdict.reading``)
        return v["reading"]
    text = v.get("text") or ""
    if "neither case of the rule applies" in text:
        return "tie"
    if text.startswith(("The first (", "The second (")) or (v["kind"] == "number" and " (" in text.split(":")[0]):
        return "choice"
    if v["kind"] == "number":
        return "number"
    return "polarity"


def run(kb, folds: int, per_fold: int | None) -> list[dict]:
    """One row per asked question with `says` (at most ``per_fold`` of each fold): the verdict
    ``verdict`` reads for it, with its fold out of the ask index."""
    from adjudicator.ask import verdicts
    from adjudicator.ask.answer import ask

    out = []
    shown = verdicts.settled
    verdicts.settled = verdicts.verdict  # the full reading, inferred verdicts included
    try:
        for fold, rid, item, spans in left_out(kb, folds, per_fold, wanted=lambda a: bool(a.says)):
            answer = ask(kb, item.ask).to_dict()
            v = answer.get("verdict")
            best = answer.get("best")
            given = bool(v) and v.get("kind") in ("yes", "no", "number")
            out.append({"record": rid, "ask": item.ask, "says": item.says, "game": rid.split(":", 1)[0],
                        "fold": fold, "answer": "number" if item.says[0].isdigit() else "yes/no",
                        "own": bool(best) and is_deciding(best, {rid}, [spans[rid]]),
                        "top": best["id"] if best else None,
                        "basis": (v.get("basis") or "stated") if given else "",
                        "how": mechanism(v) if given else "", "kind": v.get("kind") if v else None,
                        "right": given and verdict_right(item.says, v),
                        "text": (v or {}).get("text") or ""})
    finally:
        verdicts.settled = shown
    return out


def shown_rows(rows: list[dict]) -> list[dict]:
    """The rows as `ask` shows them (``verdicts.settled``): an inferred reading of a kind not in
    ``verdicts.SHOWN_READINGS`` is shown as the rule's sentence, i.e. given no yes, no or number."""
    from adjudicator.ask.verdicts import SHOWN_READINGS

    return [r if r["basis"] != "inferred" or r["how"] in SHOWN_READINGS else {**r, "basis": "", "right": False}
            for r in rows]


def figures(rows: list[dict]) -> dict:
    """Coverage and precision, stated and inferred apart, for all answers and for own-record ones."""
    def part(rs: list[dict]) -> dict:
        n = len(rs)
        out = {"n": n}
        for basis in ("stated", "inferred"):
            given = [r for r in rs if r["basis"] == basis]
            right = sum(r["right"] for r in given)
            out[basis] = {"given": len(given), "right": right, "coverage": len(given) / n if n else 0.0,
                          "precision": right / len(given) if given else None}
        return out

    return {"all": part(rows), "own": part([r for r in rows if r["own"]])}


def grouped(rows: list[dict], key) -> dict:
    groups: dict[str, list[dict]] = {}
    for r in rows:
        groups.setdefault(key(r), []).append(r)
    out = {g: figures(rs) for g, rs in sorted(groups.items())}
    out["all"] = figures(rows)
    return out


def _cell(f: dict) -> str:
    p = "-" if f["precision"] is None else f"{f['precision']:.0%}"
    return f"{f['coverage']:>5.1%} {p:>5} ({f['right']}/{f['given']})"


def print_table(title: str, table: dict) -> None:
    print(f"  {title:<16} {'n':>5} | {'stated: cov prec (right/given)':>28} | {'inferred: cov prec':>24} |"
          f" {'own n':>6} | {'own stated':>24} | {'own inferred':>24}")
    for name, f in table.items():
        a, o = f["all"], f["own"]
        print(f"  {name:<16} {a['n']:>5} | {_cell(a['stated']):>28} | {_cell(a['inferred']):>24} |"
              f" {o['n']:>6} | {_cell(o['stated']):>24} | {_cell(o['inferred']):>24}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--per-fold", type=int, default=None, help="ask at most this many questions per fold")
    parser.add_argument("--wrong", action="store_true", help="list the wrong inferred readings")
    parser.add_argument("--own", action="store_true", help="with --wrong: only those on the question's own record")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--rows", metavar="FILE", help="also write every row (question, says, reading) as JSON")
    args = parser.parse_args()
    started = time.perf_counter()
    from adjudicator.kb.api import open_kb

    rows = run(open_kb(quiet=True), args.folds, args.per_fold)
    if args.rows:
        Path(args.rows).write_text(json.dumps(rows, indent=0), encoding="utf-8")
    tables = {"game": grouped(rows, lambda r: r["game"]),
              "answer kind": grouped(rows, lambda r: f"{r['game']} {r['answer']}"),
              "inferred by": grouped([r for r in rows if r["how"]], lambda r: r["how"]),
              "shown by ask": grouped(shown_rows(rows), lambda r: r["game"])}
    if args.json:
        print(json.dumps(tables, indent=1))
        return
    print(f"{len(rows)} asked questions with `says`, {args.folds} folds, each asked with its fold out of the index;"
          " verdicts as `verdict` reads them (inferred included)")
    for title, table in tables.items():
        print_table(title, table)
    if args.wrong:
        for r in rows:
            if r["basis"] == "inferred" and not r["right"] and (r["own"] or not args.own):
                mark = "own" if r["own"] else f"top {r['top']}"
                print(f"- {r['record']} [{mark}] says {r['says']}: {r['ask']}\n    read: {r['text'][:240]}")
    print(f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
