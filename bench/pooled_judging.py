"""Pooled, blind relevance judging of `adjudicator ask` on the players' held-out half.

    python bench/pooled_judging.py sheets [--n 120] [--seed 18] [--round N] [--sheet /tmp/judge18-sheet.md] [--key /tmp/judge18-key.json]
    python bench/pooled_judging.py score  [--judged FILE [FILE ...]] [--key ...]
    python bench/pooled_judging.py second [--n 40] [--seed 19]      # a second judge's sheet of the first judge's pools
    python bench/pooled_judging.py write --key K --marks M --header H --out FILE   # a judge's marks -> judgments file
    python bench/pooled_judging.py agree [--first ...judged18-heldout.yaml] [--second ...judged19-second.yaml] [--list]

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

``sheets --round N --seed S`` draws from collection round N alone (session 19: round 12, seed 19,
tests/eval/players/judged19-round12.yaml).

``second`` (session 19) is a second, independent judge's sheet: SECOND_SAMPLE of the first judge's
questions drawn with SECOND_SEED, each with the same pooled records re-shuffled, no origin marks and
none of the first judgments (it reads the first file's record ids only).  ``write`` turns a judge's
marks (``## Qn`` then ``LETTER decides|partial|no | reason``) and a sheet's key into a judgments file.
``agree`` compares two judges on the records both judged: raw agreement, Cohen's kappa on the three
judgments and on decides-vs-not, the 3x3 table, every disagreement with both reasons (``--list``) and,
with the first judge's key, the sample's figures with either judge's judgments.  A disagreement settled
by re-reading is kept in the second file as ``after_rereading`` (the blind judgment stays as it was).
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
SECOND = REPO / "tests" / "eval" / "players" / "judged19-second.yaml"
SECOND_SEED = 19  # the second judge's draw of the first judge's questions (session 19)
SECOND_SAMPLE = 40
LETTERS = string.ascii_uppercase
# records of several hundred lines, judged partial when the answer is one step among many
CONTAINERS = ("lotr:qc:sheet:timing-gameplay", "lotr:rr:flow:round-sequence")


def sample(questions: list[dict], n: int = SAMPLE, seed: int = SEED, through_round: int = THROUGH_ROUND,
           only_round: int | None = None) -> list[dict]:
    """``n`` answerable questions of rounds 0..``through_round`` (or of round ``only_round`` alone)
    drawn at random (seeded) from ``questions``, in draw order: the same draw whatever later rounds add."""
    answerable = sorted((q for q in questions if q.get("answerable") and (
        q.get("round", 0) == only_round if only_round is not None else q.get("round", 0) <= through_round)),
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

    seed = args.seed
    questions = sample(ep.load("heldout"), args.n, seed, only_round=args.round)
    answers = [a for a, _ in ep.ask_in_process(questions, with_game=False)]
    decoys = search_top(questions)
    kb = open_kb(quiet=True)
    spans = ep.kb_spans_now()
    rng = random.Random(seed)
    which = f"round {args.round}" if args.round is not None else f"rounds 0-{THROUGH_ROUND}"
    sheet = [f"# Judging sheet (seed {seed}, {len(questions)} held-out questions, {which}). Not to be committed.\n",
             "Judge each record: decides / partial / no.\n"]
    key = {"seed": seed, "n": len(questions), "round": args.round, "questions": []}
    for number, (q, answer, hits) in enumerate(zip(questions, answers, decoys), 1):
        cited = ([answer["best"]] if answer.get("best") else []) + list(answer.get("supporting", []))
        entries = [("label", d["id"], spans.get(d["id"], (d["doc"], *d["lines"]))) for d in q["deciding"]]
        entries += [("ask", c["id"], spans.get(c["id"], (c["source"], *c["lines"]))) for c in cited[:TOP]]
        entries += [("search", h["id"], spans.get(h["id"], (h["source"], *h["lines"]))) for h in hits]
        pooled = list(pool(entries).values())
        rng.shuffle(pooled)
        sheet.append(_sheet_question(number, q))
        rows = []
        for letter, rec in zip(LETTERS, pooled):
            doc, a, b = rec["place"]
            sheet.append(_sheet_record(kb, letter, rec["id"], (doc, a, b), args.chars))
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


def _sheet_question(number: int, q: dict) -> str:
    return (f"\n## Q{number} {q['id']}\n\n**q:** {q['q']}\n\n**settled:** {q['settled']}\n\n"
            f"**verdict:** {q['verdict']}\n")


def _sheet_record(kb, letter: str, rid: str, place: tuple[str, int, int], chars: int) -> str:
    record = kb.store.get(rid)
    doc, a, b = place
    text = (record.text if record else "(record not in the knowledge base)")
    if len(text) > chars:
        text = text[:chars] + f" [... {len(text) - chars} more characters]"
    title = record.title if record else ""
    return f"\n### {letter}. {rid} ({doc} {a}-{b}) {title}\n\n{text}\n"


def second_sample(first: Path = JUDGED, n: int = SECOND_SAMPLE, seed: int = SECOND_SEED) -> list[dict]:
    """``n`` of the first judge's questions drawn at random (seeded) for a second judge, each with
    its pooled record ids and nothing else of the first judgments (no judgment, no reason)."""
    import yaml

    data = yaml.safe_load(Path(first).read_text(encoding="utf-8"))
    pools = {q["id"]: [r["record"] for r in q["records"]] for q in data["questions"]}
    return [{"id": qid, "records": pools[qid]} for qid in random.Random(seed).sample(sorted(pools), min(n, len(pools)))]


def make_second_sheet(args) -> int:
    """The sheet for a second, independent judge: the same pooled records as the first judge's,
    re-shuffled with another seed, with no origin marks and none of the first judgments."""
    from adjudicator.kb.api import open_kb

    drawn = second_sample(Path(args.first), args.n, args.seed)
    heldout = {q["id"]: q for q in ep.load("heldout")}
    kb, spans, rng = open_kb(quiet=True), ep.kb_spans_now(), random.Random(args.seed)
    sheet = [f"# Second judge's sheet (seed {args.seed}: {len(drawn)} of {Path(args.first).name}'s questions). "
             "Not to be committed.\n", "Judge each record: decides / partial / no.\n"]
    key = {"seed": args.seed, "first": Path(args.first).name, "n": len(drawn), "questions": []}
    for number, d in enumerate(drawn, 1):
        ids = list(d["records"])
        rng.shuffle(ids)
        sheet.append(_sheet_question(number, heldout[d["id"]]))
        for letter, rid in zip(LETTERS, ids):
            sheet.append(_sheet_record(kb, letter, rid, spans.get(rid, ("?", 0, 0)), args.chars))
        key["questions"].append({"n": number, "id": d["id"], "pool": [{"letter": l, "id": r} for l, r in zip(LETTERS, ids)]})
    Path(args.sheet).write_text("".join(sheet), encoding="utf-8")
    Path(args.key).write_text(json.dumps(key, indent=1), encoding="utf-8")
    print(f"{len(drawn)} questions, {sum(len(k['pool']) for k in key['questions'])} pooled records; "
          f"sheet {args.sheet}, key {args.key}")
    return 0


def write_judged(args) -> int:
    """Turn a judge's marks (``## Qn`` then ``LETTER decides|partial|no [| reason]`` lines) and the
    sheet's key into a judgments file of the committed format, under the given header."""
    import yaml

    key = json.loads(Path(args.key).read_text(encoding="utf-8"))
    marks: dict[int, dict[str, tuple[str, str]]] = {}
    current = None
    for number, raw in enumerate(Path(args.marks).read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#") and not line.startswith("## Q"):
            continue
        if line.startswith("## Q"):
            current = marks.setdefault(int(line[4:].split()[0]), {})
            continue
        head, _, reason = line.partition("|")
        letter, judgment = (head.split() + ["", ""])[:2]
        if current is None or judgment not in ("decides", "partial", "no"):
            raise SystemExit(f"{args.marks}:{number}: expected 'LETTER decides|partial|no | reason', got {raw!r}")
        current[letter] = (judgment, reason.strip())
    out = []
    for k in key["questions"]:
        given = marks.get(k["n"], {})
        missing = [r["letter"] for r in k["pool"] if r["letter"] not in given]
        if missing:
            raise SystemExit(f"Q{k['n']} {k['id']}: no judgment for {', '.join(missing)}")
        records = []
        for r in k["pool"]:
            judgment, reason = given[r["letter"]]
            records.append({"record": r["id"], "judgment": judgment, **({"reason": reason} if reason else {})})
        out.append({"id": k["id"], "records": sorted(records, key=lambda r: ("decides", "partial", "no").index(r["judgment"]))})
    header = "".join(f"# {line}\n" if line else "#\n" for line in Path(args.header).read_text(encoding="utf-8").splitlines())
    body = yaml.safe_dump({"seed": key["seed"], "questions": out}, sort_keys=False, allow_unicode=True, width=110)
    Path(args.out).write_text(header + body, encoding="utf-8")
    print(f"{len(out)} questions, {sum(len(q['records']) for q in out)} judged records -> {args.out}")
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
                                    "reason": r.get("reason", ""),
                                    **{k: r[k] for k in ("after_rereading", "rereading") if k in r}}
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


def tally(rows: list[dict], judged: dict[str, dict], spans: dict, heldout: dict) -> tuple[dict, list, list, list]:
    """Top-1 / top-3 by the labels, by the judgments and by both, label precision and the misses,
    over the key's ``rows`` (questions) that ``judged`` judges."""
    tallies = {"label1": 0, "label3": 0, "judged1": 0, "judged3": 0, "union1": 0, "union3": 0,
               "unjudged_top1": 0, "labelled": 0, "label_decides": 0, "label_partial": 0, "label_no": 0,
               "miss_decides": 0, "miss_partial": 0, "miss_no": 0, "misses": 0, "no_decider": 0,
               "hit_not_decides": 0, "container_top1": 0, "why_second_or_third": 0,
               "why_decider_pooled_not_cited": 0, "why_no_decider": 0}
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
        if flags and not (flags[0][0] or flags[0][1] == "decides"):  # ask's first record decides by neither
            if any(f[0] or f[1] == "decides" for f in flags[1:3]):
                tallies["why_second_or_third"] += 1
            elif any(judgments.get(row["id"], {}).get("judgment") == "decides" for row in k["pool"]):
                tallies["why_decider_pooled_not_cited"] += 1
            else:
                tallies["why_no_decider"] += 1
        for label in k["labels"]:
            row_id = _row_id(k, label)
            j = judgments.get(row_id, {}).get("judgment")
            tallies["labelled"] += 1
            tallies["label_" + (j or "no")] += 1
            if j == "no":
                label_no.append((k["id"], label, judgments[row_id].get("reason", "")))
    return tallies, examples, label_no, hits_not


def score(args) -> int:
    key = json.loads(Path(args.key).read_text(encoding="utf-8"))
    judged = {}
    for path in args.judged:
        judged.update(read_judged(Path(path), args.pass1))
    spans = ep.kb_spans_now()
    heldout = {q["id"]: q for q in ep.load("heldout")}
    rows = [k for k in key["questions"] if k["id"] in judged]
    if args.ask_key:  # ask's records from another run (another commit), pools from the main key
        other = {k["id"]: k for k in json.loads(Path(args.ask_key).read_text(encoding="utf-8"))["questions"]}
        rows = [dict(k, ask=other[k["id"]]["ask"], ask_places=other[k["id"]]["ask_places"]) for k in rows]
    n = len(rows)
    if not n:
        raise SystemExit(f"no question of {args.key} is judged in {', '.join(args.judged)}")
    tallies, examples, label_no, hits_not = tally(rows, judged, spans, heldout)
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
    print(f"  ask's top-1 deciding by neither: {tallies['why_second_or_third']} with a deciding record 2nd or 3rd, "
          f"{tallies['why_decider_pooled_not_cited']} with one judged decides in the pool but not in ask's three, "
          f"{tallies['why_no_decider']} with none judged decides in the pool (the labelled ones judged partial)")
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


JUDGMENTS = ("decides", "partial", "no")


def kappa(pairs: list[tuple[str, str]], labels: tuple[str, ...]) -> float:
    """Cohen's kappa of two judges' labels on the same items."""
    n = len(pairs)
    if not n:
        return float("nan")
    observed = sum(a == b for a, b in pairs) / n
    expected = sum((sum(a == x for a, _ in pairs) / n) * (sum(b == x for _, b in pairs) / n) for x in labels)
    return 1.0 if expected == 1 else (observed - expected) / (1 - expected)


def compare(first: dict[str, dict], second: dict[str, dict]) -> dict:
    """Per-record agreement of two judges on the questions the second judged: the pairs
    (first, second), the 3x3 table, raw agreement and kappa on three labels and on decides-vs-not,
    and the records they disagree on.  A record only one judge saw is counted as missing."""
    pairs, disagreements, missing = [], [], []
    for qid, records in second.items():
        for rid, j2 in records.items():
            j1 = first.get(qid, {}).get(rid)
            if j1 is None:
                missing.append((qid, rid))
                continue
            pairs.append((j1["judgment"], j2["judgment"]))
            if j1["judgment"] != j2["judgment"]:
                disagreements.append({"question": qid, "record": rid, "first": j1, "second": j2})
    binary = [(a == "decides", b == "decides") for a, b in pairs]
    table = {a: {b: sum(p == (a, b) for p in pairs) for b in JUDGMENTS} for a in JUDGMENTS}
    return {"n": len(pairs), "table": table, "missing": missing, "disagreements": disagreements,
            "raw": sum(a == b for a, b in pairs) / len(pairs) if pairs else float("nan"),
            "kappa3": kappa(pairs, JUDGMENTS),
            "raw_decides": sum(a == b for a, b in binary) / len(binary) if binary else float("nan"),
            "kappa_decides": kappa(binary, (True, False))}


def agree(args) -> int:
    """Two judges' agreement on the records both judged, and the sample's figures with either."""
    first, second = read_judged(Path(args.first)), read_judged(Path(args.second))
    result = compare(first, second)
    questions = [q for q in second if q in first]
    print(f"{len(questions)} questions judged by both ({Path(args.first).name}, {Path(args.second).name}); "
          f"{result['n']} records judged by both" + (f", {len(result['missing'])} by the second only" if result["missing"] else ""))
    print(f"  raw agreement {result['raw']:.1%}, Cohen's kappa {result['kappa3']:.2f} (decides / partial / no)")
    print(f"  decides vs not: raw {result['raw_decides']:.1%}, kappa {result['kappa_decides']:.2f}")
    print("  first judge (rows) x second judge (columns): " + "  ".join(
        f"{a}: " + "/".join(str(result["table"][a][b]) for b in JUDGMENTS) for a in JUDGMENTS))
    settled = [d for d in result["disagreements"] if "after_rereading" in d["second"]]
    if settled:
        first_right = sum(d["second"]["after_rereading"] == d["first"]["judgment"] for d in settled)
        boundary = [d for d in settled if "decides" in (d["first"]["judgment"], d["second"]["judgment"])]
        print(f"  disagreements settled by re-reading: {len(settled)} of {len(result['disagreements'])}; "
              f"the first judge right {first_right}, the second {len(settled) - first_right}; on decides-vs-not "
              f"{len(boundary)}: the first right {sum(d['second']['after_rereading'] == d['first']['judgment'] for d in boundary)}")
    if args.key and Path(args.key).exists():
        key = json.loads(Path(args.key).read_text(encoding="utf-8"))
        spans, heldout = ep.kb_spans_now(), {q["id"]: q for q in ep.load("heldout")}
        rows = [k for k in key["questions"] if k["id"] in second and k["id"] in first]
        n = len(rows)
        for name, judged in ((Path(args.first).name, first), (Path(args.second).name, second)):
            t = tally(rows, {q: judged[q] for q in second if q in judged}, spans, heldout)[0]
            lo, hi = wilson(t["union1"], n)
            print(f"  `ask` of the key on these {n}, with {name}: labels {t['label1']}/{n}, judged alone "
                  f"{t['judged1']}/{n}, labels + judged {t['union1']}/{n} = {t['union1'] / n:.1%} (95% {lo:.0%}-{hi:.0%}); "
                  f"top-3 {t['label3']} / {t['judged3']} / {t['union3']}; label precision {t['label_decides']}/{t['labelled']}")
    if args.list:
        for d in result["disagreements"]:
            print(f"    {d['question']} {d['record']}: first {d['first']['judgment']} ({d['first']['reason'] or '-'}); "
                  f"second {d['second']['judgment']} ({d['second']['reason'] or '-'})"
                  + (f"; settled {d['second']['after_rereading']}: {d['second'].get('rereading', '')}"
                     if "after_rereading" in d["second"] else ""))
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
    s.add_argument("--seed", type=int, default=SEED)
    s.add_argument("--round", type=int, default=None, help="draw from this collection round alone")
    s.add_argument("--chars", type=int, default=TEXT_CHARS, help="characters of each record shown")
    s.add_argument("--sheet", default="/tmp/judge18-sheet.md")
    s.add_argument("--key", default="/tmp/judge18-key.json")
    t = sub.add_parser("second", help="a second judge's sheet: a seeded draw of the first judge's questions, "
                                      "the same pools re-shuffled, no first judgments")
    t.add_argument("--first", default=str(JUDGED))
    t.add_argument("--n", type=int, default=SECOND_SAMPLE)
    t.add_argument("--seed", type=int, default=SECOND_SEED)
    t.add_argument("--chars", type=int, default=TEXT_CHARS)
    t.add_argument("--sheet", default="/tmp/judge19-second-sheet.md")
    t.add_argument("--key", default="/tmp/judge19-second-key.json")
    a = sub.add_parser("agree", help="two judges' agreement, and the sample's figures with either")
    a.add_argument("--first", default=str(JUDGED))
    a.add_argument("--second", default=str(SECOND))
    a.add_argument("--key", default="/tmp/judge18-key.json", help="the first judge's key (left out if absent)")
    a.add_argument("--list", action="store_true", help="list every disagreement with both reasons")
    w = sub.add_parser("write", help="a judge's marks and a sheet's key -> a judgments file")
    w.add_argument("--key", required=True)
    w.add_argument("--marks", required=True)
    w.add_argument("--header", required=True, help="a text file: the judgments file's header comment")
    w.add_argument("--out", required=True)
    c = sub.add_parser("score", help="figures from the judgments and the key")
    c.add_argument("--judged", nargs="+", default=[str(JUDGED)], help="one or more judgments files")
    c.add_argument("--key", default="/tmp/judge18-key.json")
    c.add_argument("--ask-key", default=None, help="a key made at another commit: score its `ask` records")
    c.add_argument("--pass1", action="store_true", help="the first pass's judgments (before the full-text re-reading)")
    c.add_argument("--examples", action="store_true", help="list misses judged decides and labels judged no")
    args = parser.parse_args(argv)
    steps = {"sheets": make_sheets, "second": make_second_sheet, "write": write_judged, "score": score,
             "agree": agree}
    return steps[args.step](args)


if __name__ == "__main__":
    sys.exit(main())
