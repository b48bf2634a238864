"""A richer learnt ranking of ask's first candidates (gradient-boosted trees, pairwise and crossed
models) against the linear re-ordering J (bench/train_reordering.py), by cross-validation only
(session 21, trees21), and in whole `ask` (session 22, trees22).  Measured, NOT run by `ask`: the
figures are below.

    python bench/train_ranking_trees.py dump --out P30.json          # players' rounds 0,7-16, 30 candidates (~2 min)
    python bench/train_ranking_trees.py dump-asked --out A30.json    # the team's asked questions, 150 a fold (~2 min)
    python bench/train_ranking_trees.py cv --dump P30.json --asked A30.json --model ask J lgb --depth 10 20 30
        [--full] [--per-question OUT.json]
    python bench/train_ranking_trees.py fit --dump P30.json --asked A30.json --depth 30 --out TREES.json
    (``lgb``, ``lgb-*``, ``fit``: LightGBM; ``pairs``: scikit-learn; neither is a dependency of
    adjudicator: ``pip install -e '.[bench]'`` to run them.  ``ask``, ``J``, ``J+values``,
    ``crossed`` and the tests need numpy only.)

dump / dump-asked: train_reordering's dumps (the same questions, protocol and feature values:
the players' settled questions of the own thread left out of the vote, each asked fold left out
of the ask index), made by this file's recorder with 30 candidates, each question's id (``qid``),
each candidate's record id under "_id" (for reading the results; no model reads a "_" value) and
the values this file adds (``extra_features``, "t_"): the record id's section (rr step / window /
flow / entry, qc page / keyword / ruling, faq q / entry, errata, card), how many of the question's
named entities its title holds (a named card in it), whether it is a named entity's record, the
candidates' order by text score, question lift and vote, the share of the candidates from its
document, and the question's own counts (words, named entities, cards, voted candidates) that only
a model of interactions can use.  The values of train_reordering.features (inside / holds,
vote_top) are read over the first 30, not 12: J's figures here are within a question of its own
dump's.

cv: each players' round (0, 7-13) and each asked fold (a0-a4) is scored by a model fitted on every
other round and fold (``cross_validate``; tests/ask/test_ranking_trees_trainer.py checks no
question is scored by a model that saw its own round or fold).  Rank level: top-1 / top-3 among
the dumped candidates; the model orders the first ``--depth`` and chooses the first only (the rest
keep ask's order) unless ``--full``.  Models: J (train_reordering.fit, $J's settings: l2 0.3, prior
2, doc_ dropped, asked weight 1, first-only); J+values (the same fit with this file's values);
crossed (the same fit with every product of two of 15 values, l2 1); lgb (LightGBM lambdarank:
7 leaves, 150 trees, rate 0.05, 20 a leaf, every value each tree, truncation 3: deterministic); lgb-on-J
(60 trees boosted from J's score); pairs (scikit-learn HistGradientBoosting on a deciding and a
non-deciding candidate's values side by side, a candidate scored by its summed chances against the
others).  The questions whose first candidates hold no deciding record or only deciding ones teach
nothing.  Every setting below was chosen on these same folds (no nested CV): the best of ~15 is a
little optimistic.

SESSION 22 (trees22, main 18b0433; round 14 readable: 635 answerable players' questions of rounds
0,7-14, 750 asked questions).  The trees as `ask` would run them (a module scoring the JSON trees from
the values in plain Python, the hook in ``reordering.reorder``, tests that the runtime scores equal the
dumped values' scores, the fit checked against LightGBM and written twice with the same bytes, and a
``whole-ask`` command: each round and fold asked through the whole `ask` with J and with the trees,
each fitted without it) are on branch trees22-runtime (4b7060b), not on main.  Landing rule fixed
before any CV ran (k = 5): whole-ask top-1 (rounds + folds) trees >= J + 5,
no round or fold lower by more than 2, wrong verdict / wrong game not higher, verdict not lower by more
than 1, top-3 not lower by more than 3; then the guards, unseen round 15, speed.
Rank level (first-only; 4 configurations tried, chosen by the top-1 sum, no nested CV):
    ask's order 232 / 387 players, 405 / 553 asked: 637;  J d10 268 / 389, 397 / 553: 665;
    lgb d20 281 / 397, 415 / 553: 696;  lgb d30 288 / 399, 411 / 552: 699 (chosen);  lgb-ff08 d30 (0.8 of
    the values a tree) 284 / 400, 414 / 554: 698.
    lgb d30 per unit (top-1, J in brackets): r0 44 (48), r7 39 (37), r8 18 (13), r9 32 (29), r10 18 (15),
    r11 35 (34), r12 38 (36), r13 38 (33), r14 26 (23); a0 87 (80), a1 76 (75), a2 79 (78), a3 88 (81), a4 81 (83).
Whole `ask` (each model fitted without the round or fold it answers; top-1 / top-3 / verdict, J -> trees):
    r0 49/62/19 -> 46/62/17, r7 38/46/16 -> 39/46/18, r8 12/28/3 -> 17/31/3, r9 29/41/7 -> 30/41/7,
    r10 15/20/4 -> 19/22/4, r11 34/50/16 -> 36/51/16, r12 38/61/7 -> 37/61/8, r13 33/53/6 -> 35/53/6,
    r14 20/35/2 -> 22/35/2;  players 268/396/80 -> 281/402/81 of 635, wrong verdict 7 = 7, wrong game
    7 = 7 (unanswerable ones counted);  asked folds a0 80 -> 82, a1 75 -> 75, a2 73 -> 77, a3 80 -> 85,
    a4 82 -> 80: 390 -> 399 of 750, top-3 546 -> 543.  Top-1 in all 658 -> 680 (+22; rank level +34:
    the trees' gain shrinks less than J's did).  Question by question: players 32 won / 19 lost, asked
    folds 24 / 15.  (ask's own order, no model, whole ask: players 254, asked 393.)
    Rule: +22 >= 5 held, wrong verdict / game, verdict, top-3 held; round 0 lower by 3 (49 -> 46):
    FAILED.  Round 0's five losses read by hand: in four the trees put a near record before the deciding
    one J kept first (a combat step before the planning step that permits an ally; the campaign
    checklist before the campaign-mode entry; the in-play entry before the attachment entry; the planning
    step before play / put into play), the deciding one second.
NOT LANDED in `ask`.  J refitted on rounds 0,7-14 (the whole-ask J column) against session 21's J
(train_reordering.py's docstring, rounds 0,7-13): players 248 vs 245 on the rounds both measured, asked
folds 390 vs 396 (no model: 393 then and now): lower by 3 in sum: not landed either.

SESSION 23 (trees23, main a22ebb9; round 15 readable: 733 answerable players' questions of rounds
0,7-15, 750 asked).  Rule fixed before any CV (/work/trees23-notes/rule.md): 4 candidates protecting
ask's first, chosen at rank level, then whole ask with k = 5 and session 22's other conditions.  Rank
level (top-1 players + asked): ask 264+404 = 668, J d10 315+396 = 711, trees unprotected 332+408 = 740;
trees with ask's first passed only by a lead of more than 0.25 / 0.50 (the gap's 25th / 50th
percentile, no label read) 327+413 = 740 / 312+411 = 723, trees choosing among ask's first 10 only
330+408 = 738, trees and J averaged (each score over its spread on the training candidates) 335+402 =
737; only the average had no unit below J d10 by more than 2 (the others r0, r11 or a4 -4): chosen.
Whole ask, J refitted -> the average (top-1/top-3/verdict): players 315/457/96 -> 327/460/93 of 733
(r0 49 -> 50, r7 38 -> 39, r8 12 -> 14, r9 29 -> 30, r10 16 -> 17, r11 35 -> 36, r12 39 = 39, r13 34 -> 35,
r14 21 -> 23, r15 42 -> 44), wrong 7/5 = 7/5; asked 391/544 -> 395/544 of 750 (a0 -1, a4 -1); top-1
706 -> 722 (+16) but verdict 96 -> 93 (the rule allows -1): FAILED, nothing run further.  The three
verdict losses read (r8, r15 twice): the average put the deciding record first and the yes/no ask's
own first gave was lost (a record moved first gives no yes, no or number: reordering.moved_first).
The margin / first-N / average code, the runtime's blend and its fit are on branch trees23-runtime.

SESSIONS 24-26 (trees24-26; the runtime on branches, rebased each session; session 26: branch trees26 = main
b267e9e + the runtime, the trees' first kept by reordering.restates_below as J's is, TREES off).  Session 26:
rounds 0,7-16 readable (841 answerable, 750 asked), dumps WITH the players' word-vector values (near, near_rank,
near_gap, near_top), verdict scored as eval_players scores it since 5e73066 (key words only from a deciding
first record).  Rule fixed first (/work/trees26-notes/rule.md, trees25's conditions): whole ask, J refitted ->
trees+J (fit --depth 30 --blend): players 377/531/85 -> 383/538/84 of 841, wrong 6/6 = 6/6; asked 398/548 ->
404/548 of 750; top-1 775 -> 787 (+12), no unit lower by more than 2 (r0, r15, a4 -2), top-3 +7, but verdict
85 -> 84 (not lower required): FAILED.  Of the 4 key-word verdicts lost, 2 are the trees putting the Active
Location entry before the FAQ / step record that decides, 1 a wrong first (Guarded), 1 a first that decides but
is not labelled (the Companion's Hit Points & Damage page); 3 gained.  The precedence rank as two values
(prec, prec_gap) in place of restates_below: trees+J 387/541/85, asked 406/548 (top-1 793), but fold a4 84 -> 81
against J with the guard: FAILED too; J itself gains nothing from them (377/531/84, asked 395).
Session 27 (trees27b): the same runtime refitted on dumps of main 88349af (LOTR card names), scored after the
players' tune labels' blind-judged update (5a1d826); rule unchanged (/work/trees27b-notes/rule.md): whole ask, J
refitted -> trees+J: players 379/532/83 -> 391/544/84 of 841, wrong 6/5 = 6/5; asked 394/548 -> 400/547; top-1
773 -> 791 (+18), top-3 +11, verdict +1, but fold a4 83 -> 80 (no unit lower by more than 2): FAILED.  Guards with
TREES on: asked folds top-1 55.3% -> 56.2% of 4251 but wrong game 164 -> 167 (three generic MEQ questions answered
from LOTR's re-ordered first: no wrong game may be added): FAILED too.  The Active Location entry put first over
the deciding FAQ / step record stays the trees' commonest loss (both verdicts lost, 3 of 10 top-1 losses read).

RESULTS (main 291c159, ask's order = ranking.rank before any re-ordering; 566 answerable players'
questions of rounds 0,7-13, 750 asked questions; top-1 / top-3, first-only):
                       players (8 rounds)   asked (5 folds)   top-1 sum
    ask's order             212 / 349          405 / 553         617
    J d10                   245 / 352          403 / 553         648     (rerank21's own dump: 246 / 403)
    J d20, d30              246 / 352          399 / 552         645
    J+values d10            253 / 354          404 / 552         657
    J+values d30            248 / 353          400 / 552         648
    crossed d10             247 / 353          404 / 552         651
    crossed d30             247 / 352          402 / 552         649
    pairs d10               251 / 360          408 / 553         659
    pairs d30               260 / 356          397 / 552         657
    (lgb rows below d30: 0.8 of the values a tree, seed 21)
    lgb d10                 249 / 357          410 / 552         659
    lgb d20                 255 / 357          416 / 552         671
    lgb d30                 259 / 359          418 / 552         677     (seeds 1, 2: 664, 667)
    lgb d30, every value    259 / 361          413 / 553         672     (the default: no seed)
    lgb-on-J d10, d30       255 / 358, 254 / 358   405 / 551, 407 / 552   660, 661
Per round / fold (top-1): ask / J d10 / lgb d30 (every value) / pairs d10
    r0 47/48/45/45  r7 30/36/39/37  r8 8/13/18/15  r9 25/29/29/26  r10 10/15/18/16  r11 29/34/36/37
    r12 32/36/38/39  r13 31/34/36/36;  a0 80/82/88/83  a1 75/76/75/80  a2 80/78/82/76  a3 84/83/87/90
    a4 86/84/81/79.
lgb d30 (every value) against J d10, question by question: players 34 gained / 20 lost, asked 37 /
27 (together 71 / 47, a sign test's p ~ 0.03); 6 of 8 rounds higher (r9 =, r0 -3), 3 of 5 folds
(a1 -1, a4 -3).  Where its gains stood in ask's order: players 2nd-3rd 19, 4th-10th 13, 11th-20th
1, 1st 1 (J had moved it down); asked 2nd-3rd 19, 4th-10th 1, 1st 17; its losses: ask's first 32,
2nd-3rd 15.  (The seed-21 run with 0.8 of the values: 72 / 43.)
Full order (--full), top-3 at depth 30: lgb 378 players / 554 asked, J 373 / 548 (ask 349 / 553).
Ablations (lgb): depth 10 / 20 / 30: 659 / 671 / 677; without this file's values, d20: 245 / 402
(647, J's level): the trees gain only with the added values, and the values gain little in J's
linear fit (657 at d10, 648 at d30).  d20 settings: 80 / 300 trees 665 / 666, 3 leaves (300 trees)
664, 15 leaves 663, truncation 10 654: the default is the best, the others within 8.
Without a group of this file's values (lgb d30, seed 21, 677): the question's own counts (t_q_)
650 (-27: the interactions that matter most), title / entity record / document share 666 (-11),
sections 671 (-6), the candidates' orders by text, lift, vote 672 (-5).
The S class ("shared words", /work/reach20.md: 27 deciding records below ask's 11th or not
candidates, rounds 0,7-12): none is within the first 10 of today's dump, 15 within 20, 18 within
30; no model at any depth puts one of them first or in the first three (nor V, K, P; F 1 with lgb
d20/d30).  The gain is NOT on the S class: it is on deciding records ask already holds 2nd-10th.
Pure Python: ``trees_json`` writes the booster as nested lists (150 trees, 81 values, ~50 KB);
``tree_score`` gives LightGBM's own scores (difference 0 on 400 questions), median 0.6 ms for 20
candidates under load 7; at depth 30, 0.94 ms (CPU time) median, 1.05 ms p90.
"""

from __future__ import annotations

import checkout  # noqa: F401  (measure this checkout, not the installed package)
import argparse
import json
import math
import sys
from pathlib import Path

import train_reordering as tr

ROUNDS = tr.READABLE  # the tune half's readable rounds (0, 7-16); never 17 (the unseen guard) nor the held-out half
EXTRA = "t_"  # the features this file adds to train_reordering.features (values, never prose keys)
SECTIONS = ("rr:entry", "rr:step", "rr:window", "rr:flow", "qc:page", "qc:keyword", "qc:ruling", "qc:scenario",
            "qc:sheet", "faq:q", "faq:entry", "errata", "card", "other")


def section(record_id: str) -> str:
    """The document section a record id names (its document and, where the id has one, its part)."""
    parts = record_id.split(":")[1:]
    if not parts:
        return "other"
    doc = parts[0]
    if doc in ("errata", "card"):
        return doc
    name = f"{doc}:{parts[1]}" if len(parts) > 2 else f"{doc}:entry"
    return name if name in SECTIONS else ("faq:entry" if doc == "faq" else "other")


def extra_features(question: str, entities: list, ranked: list, values: list[dict]) -> list[dict]:
    """Values this file adds: the record's document section, how many of the question's named
    entities its title holds, the candidates' order by text, lift and vote, and the question's
    own counts (for models that cross them with the rest)."""
    named = [e for e in entities if not e.example]
    names = {e.name.lower() for e in named if len(e.name) > 2}
    records = {e.record for e in named if e.record}
    cards = {e.name.lower() for e in named if e.kind == "card"}
    words = len(question.split())

    def order_of(key):
        ranks = sorted(range(len(values)), key=lambda k: (-values[k].get(key, 0.0), k))
        return {k: r for r, k in enumerate(ranks)}

    text_rank, lift_rank, vote_rank = order_of("text"), order_of("lift"), order_of("vote")
    voted = sum(1 for v in values if v.get("vote", 0) > 0)
    docs = [item.record.span.doc for item in ranked]
    out = []
    for k, (item, f) in enumerate(zip(ranked, values)):
        title = item.record.title.lower()
        x = {EXTRA + "sec_" + section(item.record.id): 1.0,
             EXTRA + "title_named": float(sum(n in title for n in names)),
             EXTRA + "title_card": float(any(n in title for n in cards)),
             EXTRA + "entity_record": float(item.record.id in records),
             EXTRA + "text_rank": math.log(1 + text_rank[k]),
             EXTRA + "lift_rank": math.log(1 + lift_rank[k]),
             EXTRA + "vote_rank": 1.0 / (1 + vote_rank[k]) if f.get("vote", 0) > 0 else 0.0,
             EXTRA + "q_words": math.log(1 + words),
             EXTRA + "q_named": float(len(named)),
             EXTRA + "q_cards": float(len(cards)),
             EXTRA + "q_voted": float(voted),
             EXTRA + "same_doc": sum(d == docs[k] for d in docs) / len(docs)}
        out.append(x)
    return out


RECORDED = tr.first_candidates  # kept: dump / dump_asked put first_candidates below in its place while they run


def first_candidates(depth: int):
    """train_reordering.first_candidates (the re-ordering hook records ask's first ``depth``
    candidates and leaves ask's order as it is: no model) with this file's extra values, and the
    record id under "_id" (for reading misses only: no model reads it)."""

    def more(question, entities, head, values):
        for item, f, x in zip(head, values, extra_features(question, entities, head, values)):
            f.update(x)
            f["_id"] = item.record.id

    return RECORDED(depth, more)


def dump(depth: int, rounds=ROUNDS) -> list[dict]:
    """train_reordering.dump with this file's values, rounds 0 and 7-13, and each question's id."""
    import eval_players as ev

    original = tr.first_candidates
    tr.first_candidates = first_candidates
    try:
        out = tr.dump(depth, rounds)
    finally:
        tr.first_candidates = original
    questions = [q for q in ev.load("tune") if q.get("round", 0) in rounds and q["answerable"]]
    for q, row in zip(questions, out):
        row["qid"] = q["id"]
    return out


def dump_asked(depth: int, per_fold: int = 150) -> list[dict]:
    original = tr.first_candidates
    tr.first_candidates = first_candidates
    try:
        return tr.dump_asked(depth, per_fold)
    finally:
        tr.first_candidates = original


# -- the cross-validation: each players' round and each asked fold scored by a model fitted without it --


def unit(q: dict):
    """A question's fold: its players' round, or "a<fold>" for an asked question (train_reordering.unit)."""
    return tr.unit(q)


def j_features(f: dict) -> dict:
    """The values J reads (train_reordering.features), without this file's and without the id."""
    return {k: v for k, v in f.items() if not k.startswith(EXTRA) and not k.startswith("_")}


def names_of(questions: list[dict], depth: int, extra: bool = True, drop: tuple[str, ...] = ()) -> list[str]:
    return sorted({n for q in questions for c in q["candidates"][:depth] for n in c["f"]
                   if not n.startswith("_") and (extra or not n.startswith(EXTRA))
                   and not any(n.startswith(d) or n.endswith(d) for d in drop)})


def teaches(q: dict, depth: int) -> bool:
    head = q["candidates"][:depth]
    return any(c["deciding"] for c in head) and not all(c["deciding"] for c in head)


def ranked_by(cands: list[dict], scores: list[float], first_only: bool) -> list[dict]:
    """The candidates by the model's scores (ties in ask's order); ``first_only``: the model's first,
    then the rest in ask's order."""
    out = [c for _, _, c in sorted(zip([-s for s in scores], range(len(cands)), cands), key=lambda t: (t[0], t[1]))]
    if first_only and out:
        out = [out[0]] + [c for c in cands if c is not out[0]]
    return out


def hits(q: dict, depth: int, scorer, first_only: bool) -> tuple[bool, bool]:
    head = q["candidates"][:depth]
    ranked = (ranked_by(head, scorer(head), first_only) if scorer and head else head) + q["candidates"][depth:]
    return bool(ranked and ranked[0]["deciding"]), any(c["deciding"] for c in ranked[:3])


def cross_validate(questions: list[dict], trainer, depth: int, first_only: bool = True) -> dict:
    """{unit: [(qid or index, ask's (top1, top3), the model's (top1, top3)), ...]}: each unit's
    questions scored by ``trainer(train questions, depth)`` (a scorer: candidates -> scores) fitted
    on every other unit's questions only."""
    units = sorted({unit(q) for q in questions}, key=lambda u: (isinstance(u, str), str(u).zfill(3)))
    out = {}
    for u in units:
        train = [q for q in questions if unit(q) != u]
        test = [q for q in questions if unit(q) == u]
        scorer = trainer(train, depth)
        out[u] = [(q.get("qid", i), hits(q, depth, None, first_only), hits(q, depth, scorer, first_only))
                  for i, q in enumerate(test)]
    return out


# -- models -----------------------------------------------------------------------------------

J = {"l2": 0.3, "prior": 2.0, "drop": ("doc_",), "asked_weight": 1.0}


def train_j(train: list[dict], depth: int, l2: float = J["l2"]):
    """Design J (train_reordering.fit with $J's settings) on J's own features."""
    tr.PRIOR, tr.DROP, tr.ASKED_WEIGHT, tr.FIRST_ONLY = J["prior"], J["drop"], J["asked_weight"], True
    stripped = [{**q, "candidates": [{**c, "f": j_features(c["f"])} for c in q["candidates"]]} for q in train]
    weights = tr.fit(stripped, depth, l2)["weights"]
    return lambda cands: [tr.score(j_features(c["f"]), weights) for c in cands]


CROSSED = ("ratio", "lift", "text", "vote", "term", "pos0", "kind_qa", "kind_rule", "kind_glossary", "kind_step",
           "t_title_named", "t_entity_record", "t_q_voted", "t_q_named", "t_q_words")


def crossed(f: dict, base: tuple[str, ...] = CROSSED) -> dict:
    """The values with every product of two of ``base`` added ("a*b")."""
    out = dict(f)
    for i, a in enumerate(base):
        for b in base[i + 1:]:
            if f.get(a) and f.get(b):
                out[a + "*" + b] = f[a] * f[b]
    return out


def train_crossed(train: list[dict], depth: int, l2: float = 1.0, extra: bool = True):
    """J's listwise linear fit over the values, this file's values and their pairwise products."""
    tr.PRIOR, tr.DROP, tr.ASKED_WEIGHT, tr.FIRST_ONLY = J["prior"], J["drop"], J["asked_weight"], True

    def values(f):
        return crossed({k: v for k, v in f.items() if not k.startswith("_") and (extra or not k.startswith(EXTRA))})

    rows = [{**q, "candidates": [{**c, "f": values(c["f"])} for c in q["candidates"]]} for q in train]
    weights = tr.fit(rows, depth, l2)["weights"]
    return lambda cands: [tr.score(values(c["f"]), weights) for c in cands]


LGB = {"objective": "lambdarank", "num_leaves": 7, "min_data_in_leaf": 20, "learning_rate": 0.05,
       "feature_fraction": 1.0, "lambda_l2": 1.0, "verbose": -1, "num_threads": 1, "seed": 21,
       "deterministic": True, "lambdarank_truncation_level": 3, "label_gain": [0, 1]}
ROUNDS_LGB = 150  # boosting rounds


def _matrix(questions: list[dict], depth: int, names: list[str]):
    import numpy as np

    rows, labels, groups = [], [], []
    for q in questions:
        head = q["candidates"][:depth]
        rows += [[c["f"].get(n, 0.0) for n in names] for c in head]
        labels += [int(c["deciding"]) for c in head]
        groups.append(len(head))
    return np.array(rows, dtype=float), np.array(labels), groups


def train_lgb(train: list[dict], depth: int, extra: bool = True, drop: tuple[str, ...] = (), rounds: int = ROUNDS_LGB,
              as_json: bool = False, **params):
    """LightGBM's lambdarank (gradient-boosted trees, listwise over each question's candidates);
    ``as_json``: the scorer evaluates the trees dumped to JSON in pure Python (``tree_score``)."""
    import lightgbm as lgb
    import numpy as np

    names = names_of(train, depth, extra, drop)
    kept = [q for q in train if teaches(q, depth)]
    x, y, groups = _matrix(kept, depth, names)
    booster = lgb.train({**LGB, **params}, lgb.Dataset(x, y, group=groups), num_boost_round=rounds)
    if as_json:
        model = trees_json(booster, names)
        return lambda cands: [tree_score(model, c["f"]) for c in cands]
    return lambda cands: list(booster.predict(np.array([[c["f"].get(n, 0.0) for n in names] for c in cands], dtype=float)))


def train_lgb_on_j(train: list[dict], depth: int, rounds: int = 60, **params):
    """Trees boosted from J's linear score (its score the starting point, the trees fitting what it misses)."""
    import lightgbm as lgb
    import numpy as np

    j = train_j(train, depth)
    names = names_of(train, depth)
    kept = [q for q in train if teaches(q, depth)]
    x, y, groups = _matrix(kept, depth, names)
    start = np.array([s for q in kept for s in j(q["candidates"][:depth])])
    booster = lgb.train({**LGB, **params}, lgb.Dataset(x, y, group=groups, init_score=start), num_boost_round=rounds)
    return lambda cands: list(np.array(j(cands)) + booster.predict(
        np.array([[c["f"].get(n, 0.0) for n in names] for c in cands], dtype=float)))


def train_pairs(train: list[dict], depth: int, extra: bool = True, max_iter: int = 150, **params):
    """scikit-learn's HistGradientBoosting on pairs (a deciding candidate against a non-deciding one
    of the same question, both ways round, the pair's two value vectors side by side); a candidate's
    score is the sum of its chances of beating each other candidate."""
    import numpy as np
    from sklearn.ensemble import HistGradientBoostingClassifier

    names = names_of(train, depth, extra)
    xs, ys = [], []
    for q in train:
        if not teaches(q, depth):
            continue
        head = q["candidates"][:depth]
        vec = [[c["f"].get(n, 0.0) for n in names] for c in head]
        for i, a in enumerate(head):
            for j, b in enumerate(head):
                if a["deciding"] and not b["deciding"]:
                    xs += [vec[i] + vec[j], vec[j] + vec[i]]
                    ys += [1, 0]
    model = HistGradientBoostingClassifier(max_iter=max_iter, max_leaf_nodes=7, learning_rate=0.05,
                                           l2_regularization=1.0, random_state=21, **params)
    model.fit(np.array(xs), np.array(ys))

    def scorer(cands):
        vec = [[c["f"].get(n, 0.0) for n in names] for c in cands]
        n = len(cands)
        if n < 2:
            return [0.0] * n
        pairs = [vec[i] + vec[j] for i in range(n) for j in range(n) if i != j]
        p = model.predict_proba(np.array(pairs))[:, 1]
        wins = [0.0] * n
        k = 0
        for i in range(n):
            for j in range(n):
                if i != j:
                    wins[i] += p[k]
                    k += 1
        return wins
    return scorer


# -- the trees as JSON, evaluated in pure Python (what `ask` would need) --------------------------


def trees_json(booster, names: list[str]) -> dict:
    """A LightGBM booster as {"names": [...], "trees": [nested splits]} (thresholds on feature values)."""
    def node(n):
        if "leaf_value" in n:
            return n["leaf_value"]
        return [n["split_feature"], n["threshold"], node(n["left_child"]), node(n["right_child"])]

    dumped = booster.dump_model()
    return {"names": names, "trees": [node(t["tree_structure"]) for t in dumped["tree_info"]]}


def tree_score(model: dict, values: dict) -> float:
    """The sum of the trees' leaves for one candidate's ``values`` (a split sends <= threshold left)."""
    x = [values.get(n, 0.0) for n in model["names"]]
    total = 0.0
    for t in model["trees"]:
        while isinstance(t, list):
            t = t[2] if x[t[0]] <= t[1] else t[3]
        total += t
    return total


# -- reading the results --------------------------------------------------------------------------


def totals(per: dict, players: bool) -> tuple[int, int, int, int, int]:
    rows = [r for u, rs in per.items() if isinstance(u, str) != players for r in rs]
    return (len(rows), sum(r[1][0] for r in rows), sum(r[1][1] for r in rows),
            sum(r[2][0] for r in rows), sum(r[2][1] for r in rows))


def print_per(name: str, per: dict) -> None:
    cells = "  ".join(f"{'r' if not isinstance(u, str) else ''}{u} {sum(r[2][0] for r in rs)}/{sum(r[2][1] for r in rs)}"
                      for u, rs in per.items())
    n, b1, b3, a1, a3 = totals(per, True)
    m, c1, c3, d1, d3 = totals(per, False)
    print(f"{name:<28} players {a1}/{a3} (ask {b1}/{b3}, {n} q)  asked {d1}/{d3} (ask {c1}/{c3}, {m} q)   {cells}", flush=True)


MODELS = {
    "ask": None,
    "J": train_j,
    "J+values": lambda train, depth: _linear_extra(train, depth),
    "crossed": train_crossed,
    "lgb": train_lgb,
    "lgb-J-values": lambda train, depth: train_lgb(train, depth, extra=False),
    "lgb-ff08": lambda train, depth: train_lgb(train, depth, feature_fraction=0.8),
    "pairs": train_pairs,
    "lgb-on-J": train_lgb_on_j,
}


def _linear_extra(train: list[dict], depth: int, l2: float = J["l2"]):
    """J's listwise linear fit over J's values and this file's (no products)."""
    tr.PRIOR, tr.DROP, tr.ASKED_WEIGHT, tr.FIRST_ONLY = J["prior"], J["drop"], J["asked_weight"], True

    def values(f):
        return {k: v for k, v in f.items() if not k.startswith("_")}

    rows = [{**q, "candidates": [{**c, "f": values(c["f"])} for c in q["candidates"]]} for q in train]
    weights = tr.fit(rows, depth, l2)["weights"]
    return lambda cands: [tr.score(values(c["f"]), weights) for c in cands]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    for name in ("dump", "dump-asked"):
        d = sub.add_parser(name)
        d.add_argument("--out", required=True)
        d.add_argument("--depth", type=int, default=30)
    p = sub.add_parser("cv")
    p.add_argument("--dump", required=True)
    p.add_argument("--asked")
    p.add_argument("--model", nargs="+", default=["ask", "J", "lgb"], choices=sorted(MODELS))
    p.add_argument("--depth", type=int, nargs="+", default=[10])
    p.add_argument("--full", action="store_true", help="the model orders every candidate (default: the first only)")
    p.add_argument("--per-question", help="write each question's hits (JSON) here")
    f = sub.add_parser("fit")
    f.add_argument("--dump", required=True)
    f.add_argument("--asked")
    f.add_argument("--depth", type=int, default=30)
    f.add_argument("--out", required=True)
    args = parser.parse_args(argv)
    if args.command in ("dump", "dump-asked"):
        rows = dump(args.depth) if args.command == "dump" else dump_asked(args.depth)
        Path(args.out).write_text(json.dumps(rows), encoding="utf-8")
        return 0
    questions = json.loads(Path(args.dump).read_text(encoding="utf-8"))
    questions = [q for q in questions if q.get("round", 0) in ROUNDS]
    if args.asked:
        questions += json.loads(Path(args.asked).read_text(encoding="utf-8"))
    if args.command == "fit":
        import lightgbm as lgb

        names = names_of(questions, args.depth)
        x, y, groups = _matrix([q for q in questions if teaches(q, args.depth)], args.depth, names)
        booster = lgb.train(LGB, lgb.Dataset(x, y, group=groups), num_boost_round=ROUNDS_LGB)
        model = {"depth": args.depth, **trees_json(booster, names)}
        Path(args.out).write_text(json.dumps(model) + "\n", encoding="utf-8")
        return 0
    everything = {}
    for depth in args.depth:
        for name in args.model:
            per = cross_validate(questions, MODELS[name] if name != "ask" else (lambda train, depth: None),
                                 depth, first_only=not args.full)
            print_per(f"{name} d{depth}", per)
            everything[f"{name} d{depth}"] = {str(u): rs for u, rs in per.items()}
    if args.per_question:
        Path(args.per_question).write_text(json.dumps(everything), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
