"""A larger check for `ask`'s ranking than the 49 tune questions: the team's asked questions
(`rules_db/<game>/asked/`), each asked while it is left out of the index.

    python bench/eval_asked_folds.py                 # 5 folds, every asked question
    python bench/eval_asked_folds.py --per-fold 150  # a quicker sample
    python bench/eval_asked_folds.py --json

The asked questions are split into folds by the sha256 of (record id, question); for each fold
the ask index is built without that fold's questions, and each of them is asked, in process and
without --game, as `adjudicator ask` would answer it.  A hit is the question's own record first
(top-1) or among the first three records cited (top-3), or a record whose lines lie inside its
record's lines (the same place: `ask` merges those).

What it measures and what it does not: the questions were written by the team from the records
(in players' words, but by the same hands as their siblings, which stay in the index), so the
figures flatter `ask`.  Use them to see whether a ranking change that helps the tune half
hurts the broad run of questions, never as the figure to report (that is
`bench/eval_players.py` on the held-out half).
"""

from __future__ import annotations

import checkout  # noqa: F401  (measure this checkout, not the installed package)
import argparse
import hashlib
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from eval_players import DOC_GAME, GAMES, is_deciding  # noqa: E402


def fold_of(record: str, ask: str, folds: int) -> int:
    return int(hashlib.sha256(f"{record}\n{ask}".encode()).hexdigest(), 16) % folds


def left_out(kb, folds: int, per_fold: int | None, wanted=lambda item: True):
    """(fold, record id, asked question, the records' spans) for each asked question ``wanted``
    (at most ``per_fold`` of each fold), yielded while the ask index is built without that
    fold's questions, and while the question's adapter (``meaning.adapter``, when there is one) is
    one fitted without them (``train_meaning_adapter.fold_adapters``); the loader, the index and
    the adapter are put back at the end."""
    from adjudicator.ask import asked, meaning, question_index

    rows = kb.store.conn.execute("select id, doc, line_start, line_end from records").fetchall()
    spans = {r[0]: (r[1], r[2], r[3]) for r in rows}
    original = asked.by_record
    whole = original(list(GAMES))
    adapters = None
    if meaning.adapter() is not None:
        from train_meaning_adapter import fold_adapters, use

        stored, adapters = meaning.adapter(), fold_adapters(folds)
    try:
        for fold in range(folds):
            if adapters is not None:
                use(adapters[fold])
            chosen = [(rid, a) for rid, items in whole.items() for a in items
                      if fold_of(rid, a.ask, folds) == fold and rid in spans and wanted(a)]
            chosen.sort(key=lambda pair: hashlib.sha256(pair[1].ask.encode()).hexdigest())  # a fair sample
            kept = {rid: [a for a in items if fold_of(rid, a.ask, folds) != fold] for rid, items in whole.items()}
            asked.by_record = lambda games, kept=kept: {rid: items for rid, items in kept.items()
                                                        if rid.split(":", 1)[0] in games and items}
            kb._question_index = None
            index = question_index.build(kb.store)
            question_index._unpack(index)
            kb._question_index = index
            for rid, item in chosen[:per_fold] if per_fold else chosen:
                yield fold, rid, item, spans
    finally:
        asked.by_record = original
        kb._question_index = None
        if adapters is not None:
            use(stored)


def run(kb, folds: int, per_fold: int | None) -> list[dict]:
    """One row per asked question asked (at most ``per_fold`` of each fold), scored against its
    own record; the ask index is built afresh for each fold and dropped at the end."""
    from adjudicator.ask.answer import ask

    out = []
    for fold, rid, item, spans in left_out(kb, folds, per_fold):
        started = time.perf_counter()
        answer = ask(kb, item.ask).to_dict()
        elapsed = time.perf_counter() - started
        cited = ([answer["best"]] if answer.get("best") else []) + list(answer.get("supporting", []))
        hits = [is_deciding(c, {rid}, [spans[rid]]) for c in cited]
        game = answer.get("game") or (DOC_GAME.get(cited[0]["source"]) if cited else None)
        out.append({"record": rid, "ask": item.ask, "game": rid.split(":", 1)[0], "fold": fold,
                    "top1": bool(hits[:1] and hits[0]), "top3": any(hits[:3]),
                    "wrong_game": game is not None and game != rid.split(":", 1)[0],
                    "kind": rid.split(":")[1], "ms": 1000 * elapsed,
                    "got": [c["id"] for c in cited[:3]]})
    return out


def summarise(rows: list[dict], key: str) -> dict:
    groups: dict[str, list[dict]] = {}
    for r in rows:
        groups.setdefault(r[key], []).append(r)
    groups["all"] = rows
    return {g: {"n": len(rs), "top1": sum(r["top1"] for r in rs) / len(rs),
                "top3": sum(r["top3"] for r in rs) / len(rs),
                "wrong_game": sum(r["wrong_game"] for r in rs)} for g, rs in groups.items() if rs}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--per-fold", type=int, default=None, help="ask at most this many questions per fold")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--rows", metavar="FILE", help="also write every row (question, record, hits, records cited) as JSON")
    args = parser.parse_args()
    started = time.perf_counter()
    from adjudicator.kb.api import open_kb

    rows = run(open_kb(quiet=True), args.folds, args.per_fold)
    by_game, by_kind = summarise(rows, "game"), summarise(rows, "kind")
    if args.rows:
        Path(args.rows).write_text(json.dumps(rows, indent=0), encoding="utf-8")
    if args.json:
        print(json.dumps({"by_game": by_game, "by_kind": by_kind}, indent=1))
        return
    print(f"{len(rows)} asked questions, {args.folds} folds, each asked with its fold left out of the index")
    for title, table in (("game", by_game), ("record kind", by_kind)):
        print(f"  {title:<12} {'n':>5} {'top-1':>7} {'top-3':>7} {'wrong game':>11}")
        for name, s in table.items():
            print(f"  {name:<12} {s['n']:>5} {s['top1']:>7.1%} {s['top3']:>7.1%} {s['wrong_game']:>11}")
    print(f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
