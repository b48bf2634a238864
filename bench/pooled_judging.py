"""Pooled, blind relevance judging of `adjudicator ask` on the players' held-out half.

    python bench/pooled_judging.py sheets [--n 120] [--sheet /tmp/judge18-sheet.md] [--key /tmp/judge18-key.json]
    python bench/pooled_judging.py score  [--judged tests/eval/players/judged18-heldout.yaml] [--key ...]

The players' labels (`deciding`) were made from the documents, without looking at what `ask`
returns: a top-1 "miss" may cite a record that settles the question too, and a labelled record
may not settle it alone.  This measures both the way pooled relevance judging does.

``sheets`` draws a seeded sample (SEED, below: 18) of the held-out half's answerable questions
(rounds 0-11, THROUGH_ROUND: a round added later never changes the draw), and pools for each:
its labelled deciding records, the first three records `ask --json` cites (in process, with the
question's own thread left out of the settled-questions vote, as bench/eval_players.py does by
default) and, as decoys, the first three hits of a plain ranker (`adjudicator search --json`, the
whoosh index without ask's hand rules), so that a pool's size does not tell where its records came from.  A record whose span lies inside another pooled
record's span in the same document is merged into it (eval_players counts them as one place).
Each pool is shuffled with the seed and written to the judging sheet with letters (A, B, ...) and
no mark of origin; which source put each record in the pool goes to a separate key file, which
the judge opens only after judging.  Neither file is committed: the sheet holds held-out
questions and the documents' text.

``score`` reads the judgments (tests/eval/players/judged18-heldout.yaml: per question, per pooled
record, ``decides`` / ``partial`` / ``no``) and the key, and prints top-1 / top-3 by the labels and
by the judgments, label precision, and how many of ask's top-1 misses were judged ``decides``,
with a 95% Wilson interval for the sample's top-1 share.  ``--key`` may name a key made by the
same script at another commit (``--ask-only``: only ask's records are re-read from it).
"""

from __future__ import annotations

import checkout  # noqa: F401  (measure this checkout, not the installed package)
import argparse
import json
import math
import random
import string
import sys
from pathlib import Path

import eval_players as ep

SEED = 18
SAMPLE = 120
THROUGH_ROUND = 11  # the rounds held out when the sample was drawn (session 18); later rounds never enter it
TOP = 3
TEXT_CHARS = 1200
REPO = Path(__file__).resolve().parent.parent
JUDGED = REPO / "tests" / "eval" / "players" / "judged18-heldout.yaml"
LETTERS = string.ascii_uppercase
# records of several hundred lines, judged partial when the answer is one step among many
CONTAINERS = ("lotr:qc:sheet:timing-gameplay", "lotr:rr:flow:round-sequence")


def sample(questions: list[dict], n: int = SAMPLE, seed: int = SEED, through_round: int = THROUGH_ROUND) -> list[dict]:
    """``n`` answerable questions of rounds 0..``through_round`` drawn at random (seeded) from
    ``questions``, in draw order: the same draw whatever later rounds add."""
    answerable = sorted((q for q in questions if q.get("answerable") and q.get("round", 0) <= through_round),
                        key=lambda q: q["id"])
    return random.Random(seed).sample(answerable, min(n, len(answerable)))


def search_top(questions: list[dict], top: int = TOP) -> list[list[dict]]:
    """The first ``top`` hits of `adjudicator search --json` for each question (the decoy ranker)."""
    from typer.testing import CliRunner

    from adjudicator.cli import build_app

    app, runner, out = build_app(), CliRunner(), []
    for q in questions:
        result = runner.invoke(app, ["search", q["q"], "--json", "--limit", str(top)])
        hits = json.loads(result.stdout)["hits"] if result.exit_code == 0 else []
        out.append([{"id": h["id"], "source": h["source"], "lines": h["lines"]} for h in hits[:top]])
    return out


def inside(a: tuple[str, int, int], b: tuple[str, int, int]) -> bool:
    return a[0] == b[0] and b[1] <= a[1] and a[2] <= b[2]


def pool(entries: list[tuple[str, str, tuple[str, int, int]]]) -> dict[str, dict]:
    """Merge (source, record id, place) entries into pooled records: one per id, and a record whose
    place lies inside another pooled record's place is merged into that one (the widest kept)."""
    records: dict[str, dict] = {}
    for source, rid, place in entries:
        rec = records.setdefault(rid, {"id": rid, "place": place, "sources": set(), "merged": set()})
        rec["sources"].add(source)
    changed = True
    while changed:
        changed = False
        for rid, rec in list(records.items()):
            for oid, other in records.items():
                if oid != rid and inside(rec["place"], other["place"]) and (
                        rec["place"] != other["place"] or rid > oid):
                    other["sources"] |= rec["sources"]
                    other["merged"] |= rec["merged"] | {rid}
                    del records[rid]
                    changed = True
                    break
            if changed:
                break
    return records


def make_sheets(args) -> int:
    from adjudicator.kb.api import open_kb

    questions = sample(ep.load("heldout"), args.n, SEED)
    answers = [a for a, _ in ep.ask_in_process(questions, with_game=False)]
    decoys = search_top(questions)
    kb = open_kb(quiet=True)
    spans = ep.kb_spans_now()
    rng = random.Random(SEED)
    sheet = [f"# Judging sheet (seed {SEED}, {len(questions)} held-out questions). Not to be committed.\n",
             "Judge each record: decides / partial / no.\n"]
    key = {"seed": SEED, "n": len(questions), "questions": []}
    for number, (q, answer, hits) in enumerate(zip(questions, answers, decoys), 1):
        cited = ([answer["best"]] if answer.get("best") else []) + list(answer.get("supporting", []))
        entries = [("label", d["id"], spans.get(d["id"], (d["doc"], *d["lines"]))) for d in q["deciding"]]
        entries += [("ask", c["id"], spans.get(c["id"], (c["source"], *c["lines"]))) for c in cited[:TOP]]
        entries += [("search", h["id"], spans.get(h["id"], (h["source"], *h["lines"]))) for h in hits]
        pooled = list(pool(entries).values())
        rng.shuffle(pooled)
        sheet.append(f"\n## Q{number} {q['id']}\n\n**q:** {q['q']}\n\n**settled:** {q['settled']}\n\n"
                     f"**verdict:** {q['verdict']}\n")
        rows = []
        for letter, rec in zip(LETTERS, pooled):
            record = kb.store.get(rec["id"])
            doc, a, b = rec["place"]
            text = (record.text if record else "(record not in the knowledge base)")
            if len(text) > TEXT_CHARS:
                text = text[:TEXT_CHARS] + " [...]"
            title = record.title if record else ""
            sheet.append(f"\n### {letter}. {rec['id']} ({doc} {a}-{b}) {title}\n\n{text}\n")
            rows.append({"letter": letter, "id": rec["id"], "doc": doc, "lines": [a, b],
                         "sources": sorted(rec["sources"]), "merged": sorted(rec["merged"])})
        key["questions"].append({"n": number, "id": q["id"], "round": q.get("round", 0), "pool": rows,
                                 "ask": [c["id"] for c in cited[:TOP]],
                                 "ask_places": [list(_place(c, spans)) for c in cited[:TOP]],
                                 "search": [h["id"] for h in hits],
                                 "labels": [d["id"] for d in q["deciding"]]})
    Path(args.sheet).write_text("".join(sheet), encoding="utf-8")
    Path(args.key).write_text(json.dumps(key, indent=1), encoding="utf-8")
    print(f"{len(questions)} questions, {sum(len(k['pool']) for k in key['questions'])} pooled records; "
          f"sheet {args.sheet}, key {args.key}")
    return 0


def _place(cited: dict, spans: dict) -> tuple[str, int, int]:
    return spans.get(cited["id"], (cited["source"], *cited["lines"]))


# -- scoring ----------------------------------------------------------------------------------


def read_judged(path: Path = JUDGED, pass1: bool = False) -> dict[str, dict[str, dict]]:
    """{question id: {record id: {"judgment": ..., "reason": ...}}} from the judgments file; with
    ``pass1``, the first pass's judgment where the full-text re-reading changed it."""
    import yaml

    data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    return {q["id"]: {r["record"]: {"judgment": r.get("pass1", r["judgment"]) if pass1 else r["judgment"],
                                    "reason": r.get("reason", "")}
                      for r in q["records"]} for q in data["questions"]}


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if not n:
        return (0.0, 0.0)
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def _judged_of(record_id: str, place, pool_rows: list[dict], judged: dict[str, dict]) -> str | None:
    """The judgment of the pooled record a cited record is (same id, merged into it, or inside it)."""
    for row in pool_rows:
        if record_id == row["id"] or record_id in row.get("merged", []) or (
                place and inside(tuple(place), (row["doc"], *row["lines"]))):
            if row["id"] in judged:
                return judged[row["id"]]["judgment"]
    return None


def score(args) -> int:
    key = json.loads(Path(args.key).read_text(encoding="utf-8"))
    judged = read_judged(Path(args.judged), args.pass1)
    spans = ep.kb_spans_now()
    heldout = {q["id"]: q for q in ep.load("heldout")}
    rows = [k for k in key["questions"] if k["id"] in judged]
    if args.ask_key:  # ask's records from another run (another commit), pools from the main key
        other = {k["id"]: k for k in json.loads(Path(args.ask_key).read_text(encoding="utf-8"))["questions"]}
        rows = [dict(k, ask=other[k["id"]]["ask"], ask_places=other[k["id"]]["ask_places"]) for k in rows]
    n = len(rows)
    tallies = {"label1": 0, "label3": 0, "judged1": 0, "judged3": 0, "union1": 0, "union3": 0,
               "unjudged_top1": 0, "labelled": 0, "label_decides": 0, "label_partial": 0, "label_no": 0,
               "miss_decides": 0, "miss_partial": 0, "miss_no": 0, "misses": 0, "no_decider": 0,
               "hit_not_decides": 0, "container_top1": 0}
    examples, label_no, hits_not = [], [], []
    for k in rows:
        q, judgments = heldout[k["id"]], judged[k["id"]]
        ids, places = ep.deciding_places(q, spans)
        flags = []
        for rid, place in zip(k["ask"], k["ask_places"]):
            labelled = ep.is_deciding({"id": rid, "source": place[0], "lines": place[1:]}, ids, places)
            j = _judged_of(rid, place, k["pool"], judgments)
            flags.append((labelled, j))
        if flags and flags[0][1] is None:
            tallies["unjudged_top1"] += 1
        tallies["label1"] += bool(flags and flags[0][0])
        tallies["label3"] += any(f[0] for f in flags[:3])
        tallies["judged1"] += bool(flags and flags[0][1] == "decides")
        tallies["judged3"] += any(f[1] == "decides" for f in flags[:3])
        tallies["union1"] += bool(flags and (flags[0][0] or flags[0][1] == "decides"))
        tallies["union3"] += any(f[0] or f[1] == "decides" for f in flags[:3])
        if flags and flags[0][0] and flags[0][1] != "decides":
            tallies["hit_not_decides"] += 1
            hits_not.append((k["id"], k["ask"][0], flags[0][1]))
        if flags and flags[0][1] != "decides" and k["ask"][0] in CONTAINERS:
            tallies["container_top1"] += 1
        if flags and not flags[0][0]:
            tallies["misses"] += 1
            tallies["miss_" + (flags[0][1] or "no")] += 1
            if flags[0][1] == "decides":
                examples.append((k["id"], k["ask"][0], judgments.get(_row_id(k, k["ask"][0]), {}).get("reason", "")))
        if not any(v["judgment"] == "decides" for v in judgments.values()):
            tallies["no_decider"] += 1
        for label in k["labels"]:
            row_id = _row_id(k, label)
            j = judgments.get(row_id, {}).get("judgment")
            tallies["labelled"] += 1
            tallies["label_" + (j or "no")] += 1
            if j == "no":
                label_no.append((k["id"], label, judgments[row_id].get("reason", "")))
    print(f"seed {key['seed']}: {n} judged held-out questions (of {key['n']} drawn); `ask` from {args.ask_key or args.key}")

    def line(name, k1, k3):
        lo, hi = wilson(k1, n)
        print(f"  {name:<34} top-1 {k1:>3}/{n} = {k1 / n:5.1%} (95% {lo:.0%}-{hi:.0%})   top-3 {k3:>3}/{n} = {k3 / n:5.1%}")

    line("by the labels", tallies["label1"], tallies["label3"])
    line("by the judgments alone", tallies["judged1"], tallies["judged3"])
    line("labels + records judged decides", tallies["union1"], tallies["union3"])
    print(f"  label precision: {tallies['label_decides']}/{tallies['labelled']} labelled records judged decides, "
          f"{tallies['label_partial']} partial, {tallies['label_no']} no")
    print(f"  ask's top-1 misses by the labels: {tallies['misses']}; judged decides {tallies['miss_decides']}, "
          f"partial {tallies['miss_partial']}, no {tallies['miss_no']}")
    print(f"  ask's top-1 hits by the labels judged not to decide: {tallies['hit_not_decides']}; "
          f"top-1 a long container (timing sheet, round chart) judged partial: {tallies['container_top1']}")
    print(f"  questions with no pooled record judged decides: {tallies['no_decider']}; "
          f"top-1 records not in the pool (unjudged): {tallies['unjudged_top1']}")
    if args.examples:
        for qid, rid, why in examples:
            print(f"    miss judged decides: {qid} {rid}: {why}")
        for qid, rid, j in hits_not:
            print(f"    label hit judged {j}: {qid} {rid}")
        for qid, rid, why in label_no:
            print(f"    label judged no: {qid} {rid}: {why}")
    return 0


def _row_id(k: dict, record_id: str) -> str:
    for row in k["pool"]:
        if record_id == row["id"] or record_id in row.get("merged", []):
            return row["id"]
    return record_id


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="step", required=True)
    s = sub.add_parser("sheets", help="draw the sample, pool, write the sheet and the key")
    s.add_argument("--n", type=int, default=SAMPLE)
    s.add_argument("--sheet", default="/tmp/judge18-sheet.md")
    s.add_argument("--key", default="/tmp/judge18-key.json")
    c = sub.add_parser("score", help="figures from the judgments and the key")
    c.add_argument("--judged", default=str(JUDGED))
    c.add_argument("--key", default="/tmp/judge18-key.json")
    c.add_argument("--ask-key", default=None, help="a key made at another commit: score its `ask` records")
    c.add_argument("--pass1", action="store_true", help="the first pass's judgments (before the full-text re-reading)")
    c.add_argument("--examples", action="store_true", help="list misses judged decides and labels judged no")
    args = parser.parse_args(argv)
    return make_sheets(args) if args.step == "sheets" else score(args)


if __name__ == "__main__":
    sys.exit(main())
