"""The learnt re-ordering of ask's first candidates (``adjudicator/ask/reordering.py``): dump, cross-validate, fit.
Landed in `ask` in session 21 (design J; figures below).

    python bench/train_reordering.py dump --out P.json                 # players' readable rounds 0,7-16 (~2 min)
    python bench/train_reordering.py dump-asked --out A.json           # the team's asked questions, 150 a fold (~2 min)
    J="--depth 10 --l2 0.3 --prior 2 --first-only --drop doc_ --asked-weight 1"
    python bench/train_reordering.py cv --dump P.json --asked A.json $J            # rank level, rounds + asked folds
    python bench/train_reordering.py pipeline --dump P.json --asked A.json $J      # whole `ask`, leave one round out
    python bench/train_reordering.py pipeline-asked --dump P.json --asked A.json $J  # whole `ask`, leave one fold out
    (pipeline*: ``--also L2,WEIGHT ...`` scores further settings beside $J's, against one "before"; pipeline:
    ``--judged-tune tests/eval/players/tune-judged31.yaml [tune-judged32.yaml]`` scores with the records blind judges
    found deciding too; given several files, a record counts only when every file that judges it says decides)
    python bench/train_reordering.py fit --dump P.json --asked A.json $J --out rules_db/reordering.json
    (dump, pipeline: ``--without-own-round`` leaves each players' question's whole collection round out of the
    settled questions' vote too: how the vote is measured against more rounds of data, session 29)

dump: each answerable question of the tune half's readable rounds (0, 7-16 since session 26; never
17 nor the held-out half) is asked as ``eval_players`` asks it (game detected, the players' settled questions
of its own thread left out of the vote), and the first ``--depth`` candidates ``ranking.rank``
gives in the question's own game are kept with their feature values (``reordering.features``: the
vote among them, computed with the own thread left out) and whether each is a deciding record
(``eval_players.is_deciding``).  No record id is kept.  dump-asked: the same for the team's asked
questions (``rules_db/<game>/asked/``) with ``bench/eval_asked_folds.py``'s protocol (5 folds by
hash, 150 a fold; each asked while its fold is left out of the ask index, without --game; deciding
= its own record or one inside it), so a question never meets its own fold's data.

fit: a linear score over the features, trained listwise (the softmax's log-likelihood of the
deciding candidates of each question, L2-penalised towards ``--prior`` on ``ratio``, features
scaled by their spread on the training questions, gradient descent with step halving from the
prior: deterministic).  Questions whose first candidates hold no deciding record, or only deciding
ones, teach nothing.  An asked question weighs ``--asked-weight`` (0: scored, not fitted on).
``--first-only``: the model chooses the first record, the rest keep ask's order; ``--gate L``: ask's
own first stays first when it is of ``--gate-kinds`` (Q&A, clarification) with a question lift
(``ranking``'s question-to-question match) reaching L.

cv: each players' round and each asked fold scored (top-1 / top-3 among the candidates, against
ask's own order) with a model fitted on every other round and fold.

Session 22 (trees22, main 18b0433; dumps: 635 answerable players' questions of rounds 0,7-14, 750
asked questions).  J refitted with $J's settings on all nine rounds and the asked questions (two fits:
the same bytes; fitted without round 14 it is within 0.12 of every landed weight: the questions' labels
and ask moved since) and cross-validated in whole `ask` beside the trees (bench/train_ranking_trees.py
whole-ask; figures there): players' rounds 268 of 635 (r0 49, r7 38, r8 12, r9 29, r10 15, r11 34, r12 38,
r13 33, r14 20), asked folds 390 of 750 (a0 80, a1 75, a2 73, a3 80, a4 82; ask's own order 393).  Against
session 21's J (below): 248 vs 245 on the rounds both measured, asked folds 390 vs 396: lower by 3 in
sum, so rules_db/reordering.json stays session 21's fit (the rule fixed before the runs, in
bench/train_ranking_trees.py).  eval_ask 92.2% = 92.2% and eval_asked_folds 54.3% -> 54.4% with the
refit (its asked questions in sample); the other guards not run.

Session 21 (rerank21, main 291c159; dumps: 566 answerable players' questions of rounds 0,7-13, 750
asked questions, the dump format unchanged).  Before any guard ran: the runtime of rerank20
(3a34ba1) brought onto main, and a rule of values added first: a record the re-ordering moved to
first, or a record merged with it that is cited in its place, never gives its yes, no or number
(``reordering.moved_first``: before it, only the moved record's own id was stopped, not a narrower
record merged with it; session 20's new wrong stated number did not recur on main 291c159 with
3a34ba1's weights, 123/143 either way), unless ask's own first (or one merged with it) is that record.  J and two
neighbours (l2 0.1; asked weight 1.5), chosen by CV only: the setting with the highest whole-ask
top-1 (rounds + asked folds) with no round lower by more than 1 and no wrong verdict or game added.
Rank level (ask's order 212 / 349 players, 405 / 553 asked):
    J:        players 212 -> 246 (8 of 8 rounds gain: r0 47->48, r7 30->37, r8 8->13, r9 25->29,
              r10 10->15, r11 29->34, r12 32->36, r13 31->34), asked 405 -> 403 (a0 80->82, a1 75->76,
              a2 80->78, a3 84->83, a4 86->84).
    l2 0.1:   players 212 -> 249 (8 of 8; r13 31->32), asked 405 -> 404 (a4 86->81).
    w 1.5:    players 212 -> 237 (8 of 8), asked 405 -> 410.
Whole `ask` (pipeline / pipeline-asked, the model fitted without the round / fold it answers):
    J:        top-1 234 -> 245 (r0 49->49, r7 36->38, r8 11->12, r9 29->29, r10 13->15, r11 31->34,
              r12 33->36, r13 32->32: no round lower), top-3 357 -> 359, verdict 74 -> 76, wrong
              verdict 6 = 6, wrong game 3 = 3 (unchanged on every round); asked folds top-1 393 -> 396
              (52.4% -> 52.8%; a0 78->80, a1 73->75, a2 76->74, a3 83->83, a4 83->84), top-3 546 = 546.
    l2 0.1:   top-1 234 -> 248 but r13 32 -> 30 (lower by 2: out); asked 393 -> 395 (a4 83->80).
    w 1.5:    top-1 234 -> 238 (r9 29->28), verdict 74 -> 76; asked 393 -> 396, top-3 546 -> 545.
Chosen: J (``$J`` above), fitted on all eight rounds and the 750 asked questions: rules_db/reordering.json
is what ``fit`` writes from those dumps (written twice: the same bytes).

Guard table (landing rule fixed by the lead before any run; shipped model = J fitted on all eight
rounds and the 750 asked questions; before = the same code with ``reordering.ENABLED`` False, which
is main 291c159's behaviour, or the session brief's figures at c919f3b; commands of the session brief):
    (a) CV whole ask above: top-1 234 -> 245, no round lower, wrong verdict / wrong game unchanged on
        every round: held.  In sample (``--half tune --leave-out-round 14 --leave-out-round 15``):
        top-1 41% -> 44% of 566, top-3 63% -> 64%, verdict 13% -> 14%, wrong verdict 3 = 3 (+3 = 3
        unanswerable), wrong game 1 = 1 (+2 = 2 unanswerable).
    (b) unseen round 14 (run once, figures only): top-1 28% -> 29% (19 -> 20 of 69), top-3 49% -> 51%
        (34 -> 35), verdict 3% = 3%, wrong verdict 0 = 0, wrong game 4 = 4: held.
    (c) eval_ask top-1 92.2% = 92.2%, top-3 100% = 100%: held.
    (d) eval_forum tune top-1 16% -> 17%, top-3 34% = 34%; check 11% = 11%, 24% = 24%: held.
    (e) eval_asked_folds --per-fold 150: top-1 52.4% -> 53.2%, top-3 72.8% -> 72.7%: held.
    (f) legality 21/0, 12/0, 13/0; figure 16/11/0, probes 17/59/1; card 15/0: unchanged;
        eval_inferred_verdicts stated on asked questions 123/143 = 123/143, shown inferred 29/29: held.
    (g) eval_game_detection (also with rounds 0,7-13 listed): the same output on and off: held.
    (h) in process, paired on/off over 120 questions of rounds 12-13: +1.5 ms a question (median; the
        hook itself 0.5 ms median, 1.8 ms mean); `ask --json` ratio 1.68x -> 1.72x (bench_kb.py
        --ratios --runs 9, checkout, load 5-6): held.
All clauses held: LANDED in `ask` (session 21).

Session 20 (rerank20, main 85563ec/9d3a58b; dumps: 481 answerable players' questions of rounds
0,7-12, 750 asked questions; the votes as of 85563ec).  Design chosen by CV before any guard ran.
Rank level (ask's order 181 / 295 players, 405 / 553 asked), H = session 19's model (players only):
    H (--l2 1 --drop kind_ doc_ _x_card _x_entry _x_faq _x_step voted vote_top):
        players 181 -> 214 (7 of 7 rounds gain), asked 405 -> 388 (-17).
    (G) H with a gate on ask's first Q&A/clarification matched question to question, lift >= 1.05,
        1.1, 1.2, 1.3: asked 391, 391, 389, 388 (any kind: 393, 392, 389, 388); players 203-214.
        The asked questions lost are mostly ask's first (rules, rulings, glossary, Q&As, most with
        lift 1.0) passed by a players-voted glossary entry: a gate on the question lift cannot
        hold them.  Rejected.
    (J) players + asked questions in one fit: with H's drops, asked weight 0.25 / 0.5 / 1:
        players +27 / +18 / +11, asked -9 / -4 / -1; keeping the kind, form and vote-binary
        features (--drop doc_): weight 0.5 l2 1: +35, asked -9; weight 1, l2 1 / 3: +23 / +15,
        asked -2 / -2; weight 2, l2 1: +12, asked +2; weight 1.5, l2 0.3: +23, asked +1;
        weight 1, l2 0.1: +29 but round 0 -2; **weight 1, l2 0.3: players 181 -> 208, 7 of 7
        rounds gaining (r0 47->48, r7 30->37, r8 8->11, r9 25->28, r10 10->15, r11 29->34,
        r12 32->35), asked 405 -> 406 (a0 80->82, a1 75->76, a2 80->78, a3 84->85, a4 86->85)**.
        J + a gate (1.2, any kind): 207, asked 405: the gate adds nothing.
Chosen: J, ``$J`` above.  Whole `ask` CV (the model fitted without the round / fold it answers):
    players' rounds top-1 201 -> 210 (r0 49->49, r7 36->38, r8 11->11, r9 29->28,
    r10 13->15, r11 30->33, r12 33->36; 6 of 7 rounds not lower, r9 -1), top-3 301 -> 303, verdict
    68 -> 70, wrong verdict 6 = 6 and wrong game 5 = 5 (unchanged on every round);
    asked folds top-1 393 -> 397 (52.4% -> 52.9%; a0 78->80, a1 73->75, a2 76->75, a3 83->83,
    a4 83->84), top-3 546 -> 546.
Guard table (landing rule fixed by the lead before any run; shipped model = the fit above on all
seven rounds and 750 asked questions; before = main 85563ec/9d3a58b; commands of the session brief):
    (a) readable rounds (in-sample) top-1: r0 49->50, r7 36->38, r8 11->12, r9 29->29, r10 13->16,
        r11 30->34, r12 33->39; wrong verdict (r8 1, r9 2) and wrong game (r10 1, r11 2) unchanged:
        held (and by CV above, out of sample).
    (b) unseen round 13 (figures only): top-1 32 -> 31 of 85 (38% -> 36%), top-3 61% = 61%,
        verdict 5% = 5%, wrong verdict 0 = 0, wrong game 2 = 2: FAILED (top-1 lower by one).
    (c) eval_ask 83 = 83 of 90 (92.2%), top-3 100%: held.
    (d) eval_forum tune top-1 16% -> 17% (+1), check 11% -> 10% (-1), top-3 34% / 24% unchanged: held.
    (e) eval_asked_folds --per-fold 150: top-1 52.4% -> 53.3%, top-3 72.8% = 72.8%: held.
    (f) legality 21/0, 12/0, 13/0; figure 16/11/0, probes 17/59/1; card 15/0: unchanged.
        eval_inferred_verdicts: shown inferred 29/29 unchanged, but stated verdicts on asked
        questions 123/143 -> 123/144: one new wrong stated number (MEQ, 16/18 -> 16/19): FAILED.
    (g) eval_game_detection: 4 wrong on the players' tune rounds, team's 0: unchanged: held.
    (h) re-ordering in process: median 1.4 ms a question (mean 5.5 ms at load 10); `ask --json`
        ratio 1.92x (bench_kb.py, checkout, load 12): held.
NOT LANDED in `ask` (clauses b and f).  The runtime version (reordering.py with the gate of values,
the hook in answer.py, the votes memo, rules_db/reordering.json fitted by $J, tests) is on branch
rerank20 (this trainer with ``pipeline`` / ``pipeline-asked``, which need that runtime).

Session 19 (rerank19, landh19): H, its landing attempt and the figures below.

Landing criterion, stated before round 12 was run: the gain positive on at least 4 of the 6
left-out rounds and overall, AND every guard of the session brief not lower.

Results (main d5250ca/94cb7e8, 370 answerable questions; rank level = ask's own order before the
vote, 148 top-1 / 234 top-3; whole `ask` = eval_players' figures, 167 / 237, verdict 56):
- Rank level, depth 10, l2 1, prior 2, every feature: top-1 148 -> 182, top-3 234 -> 256, 5 of 6
  rounds gaining (round 0 -2).  Without the kind/document/form features: 148 -> 182, 6 of 6 (they
  add nothing; the gain is the vote, the lift and the score).  Other l2 (0.03-3) and depths (6-12):
  +25 to +34; unpenalised fits diverged until the step was halved (first attempt, discarded).
- Whole `ask` (the runtime version: the re-ordering before the players' vote, ask's own first kept
  when its sentence reads the yes/no/number or it is the named keyword's entry, as the vote does,
  and a moved first record's yes/no shown as its sentence), fitted on the other five rounds:
    full re-order, every feature: top-1 167 -> 187, top-3 237 -> 254, verdict 56 -> 54, wrong
    verdict 7 -> 7 (+2 before the moved-first rule), 5 of 6 rounds gaining (r0 0);
    unseen round 12 (figures only): 33/59/5 -> 39/67/5 of 111, wrong 0/0.  BUT eval_ask top-1
    83 -> 77 of 90 (81 once the keyword-entry rule was added) (steps and rules pushed over the Q&As the team's questions ask for) and forum
    top-3 19 -> 14 (tune), 15 -> 12 (check).
    first-only, no kind/doc/form features, no binary vote features, depth 10: top-1 167 -> 180,
    top-3 +1, verdict +1, 6 of 6 rounds; eval_ask 83 = 83; forum tune top-3 19 -> 18, check top-1
    6 -> 5: fails the guards by one question each.  Unseen round 12: 33/59/5 -> 36/59/6,
    wrong 0/0.
    the same with --margin 0.25: 167 -> 173, 3 of 6 rounds; forum check top-1 still 6 -> 5.
    depth 6, first-only, --margin 0.25: every guard kept (forum 9/19, 6/15, eval_ask 83), but
    167 -> 171, 3 of 6 rounds (r0 +1, r10 +1, r11 +2): below the criterion; round 12
    33/59/5 unchanged.
    margin 1, first-only: 167 -> 169 (the players' vote downstream already makes those moves).
- Reading: what carries is the vote and the question lift given more say over the first candidates,
  before the vote's own balance; the players' labels favour rules and steps where the team's
  asked questions and the forum replies cite Q&As, so every variant strong enough to gain on the
  players' rounds costs the team's and forum sets a question or more.  The runtime version
  (adjudicator/ask/reordering.py, the hook in answer.find/answer_in_game, a one-entry memo of
  settled_questions.votes, rules_db/reordering.json, tests) is on branch rerank19-runtime (228e632).
- Landing attempt (landh19, main a9e73b2; the landing rule fixed before any run): 228e632 brought
  onto main, re-dumped (370 questions, ask's order 149 / 238 at rank level, whole ask 168 / 242),
  H re-fitted with the branch's settings (``fit --depth 10 --l2 1 --prior 2 --first-only --drop
  kind_ doc_ _x_card _x_entry _x_faq _x_step voted vote_top``; from rerank19's dump that command
  gives 228e632's weights exactly).  CV, rank level: 149 -> 178, 6 of 6 rounds; whole ask
  (pipeline, fitted on the other five): 168 -> 181 (r0 +2, r7 +2, r8 +1, r9 +1, r10 +3, r11 +4),
  verdict 63 -> 65, wrong verdict 7 = 7, wrong game 5 = 5.  Shipped model, readable rounds
  168 -> 184 (in-sample), round 12 (figures only) 33/59/5 -> 36/59/6, wrong 0/0; forum tune
  top-3 -1, check top-1 -1; legality, figure, probes, card, inferred, game detection unchanged
  (inferred +1 right); `ask --json` ratio 1.61x -> 1.67x, re-ordering 1.2 ms a question.
  NOT LANDED: eval_ask top-1 83 -> 82 of 90 (a timing question: a FAQ Q&A put over the quest
  step) and eval_asked_folds --per-fold 150 top-1 52.4% -> 51.1% (228e632's own weights: 83 = 83
  but folds 51.2%).  The runtime version, re-fitted, is on branch landh19-runtime.
"""

from __future__ import annotations

import checkout  # noqa: F401  (measure this checkout, not the installed package)
import argparse
import json
import math
import sys
from contextlib import contextmanager
from pathlib import Path

from adjudicator.ask.reordering import features, score  # noqa: F401  (the values the model reads, as `ask` computes them)

READABLE = (0, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)  # never 17 (the unseen guard) nor the held-out half


# -- dump -------------------------------------------------------------------------------------


@contextmanager
def first_candidates(depth: int, more=None):
    """While inside, the re-ordering hook (``reordering.reorder``) records, once per (question, game),
    the first ``depth`` candidates and their feature values into the dict it yields, and leaves ask's
    order as it is (no model).  ``more(question, entities, head, values)``, when given, adds values of
    its own to each candidate's (bench/train_ranking_trees.py)."""
    from adjudicator.ask import reordering
    from adjudicator.ask.settled_questions import votes

    seen: dict[tuple[str, str], list] = {}

    def record(question, game, entities, ranked):
        key = (question, game)
        if key not in seen:
            head = ranked[:depth]
            values = features(question, entities, head, votes(question, game))
            if more is not None:
                more(question, entities, head, values)
            seen[key] = [(item.record, f) for item, f in zip(head, values)]
        return ranked

    saved = reordering.reorder, reordering.depth
    reordering.reorder, reordering.depth = record, lambda: depth
    try:
        yield seen
    finally:
        reordering.reorder, reordering.depth = saved


def _cited_of(rec) -> dict:
    return {"id": rec.id, "source": rec.span.doc, "lines": [rec.span.start, rec.span.end],
            "also_in": [{"source": s.doc, "lines": [s.start, s.end]} for s in rec.also_in]}


# --without-own-round (dump, pipeline): each players' question asked with its whole collection round's settled
# questions left out of the vote too (``eval_players.ask_in_process``'s own_round), as a round the data does not
# hold; how the players' votes are measured against more rounds of data (session 29: README of the players' set)
OWN_ROUND = False


def dump(depth: int, rounds=READABLE) -> list[dict]:
    import eval_players as ev

    questions = [q for q in ev.load("tune") if q.get("round", 0) in rounds and q["answerable"]]
    with first_candidates(depth) as seen:
        answers = ev.ask_in_process(questions, with_game=False, own_round=OWN_ROUND)
    spans = ev.kb_spans_now()
    out = []
    for q, (answer, _) in zip(questions, answers):
        ids, places = ev.deciding_places(q, spans)
        cands = [{"f": values, "deciding": ev.is_deciding(_cited_of(rec), ids, places)}
                 for rec, values in seen.get((q["q"], q["game"]), [])]
        scored = ev.score(q, answer, spans)
        out.append({"round": q.get("round", 0), "game": q["game"], "candidates": cands,
                    "pipeline_top1": scored["top1"], "pipeline_top3": scored["top3"]})
    return out


def dump_asked(depth: int, per_fold: int | None = 150, folds: int = 5) -> list[dict]:
    """The same features for the team's asked questions, with ``bench/eval_asked_folds.py``'s own
    protocol: each asked with its fold's questions left out of the ask index (so a question never
    meets its own fold's data), without --game; deciding = its own record or one inside it."""
    import eval_asked_folds as af
    from eval_players import DOC_GAME, is_deciding

    from adjudicator.ask.answer import ask
    from adjudicator.kb.api import open_kb

    kb = open_kb(quiet=True)
    out = []
    with first_candidates(depth) as seen:
        for fold, rid, item, spans in af.left_out(kb, folds, per_fold):
            seen.clear()
            answer = ask(kb, item.ask).to_dict()
            game = rid.split(":", 1)[0]
            cands = [{"f": values, "deciding": is_deciding(_cited_of(rec), {rid}, [spans[rid]])}
                     for rec, values in seen.get((item.ask, game), [])]
            cited = ([answer["best"]] if answer.get("best") else []) + list(answer.get("supporting", []))
            hits = [is_deciding(c, {rid}, [spans[rid]]) for c in cited]
            shown = answer.get("game") or (DOC_GAME.get(cited[0]["source"]) if cited else None)
            out.append({"fold": fold, "game": game, "candidates": cands, "pipeline_top1": bool(hits[:1] and hits[0]),
                        "pipeline_top3": any(hits[:3]), "wrong_game": shown is not None and shown != game})
    return out


# -- model ------------------------------------------------------------------------------------


def _tensors(questions: list[dict], depth: int, names: list[str]):
    """(X: questions x depth x features, present: questions x depth, deciding: questions x depth,
    weight: questions) of the questions that teach something (an asked question weighs ``ASKED_WEIGHT``)."""
    import numpy as np

    kept = [(q["candidates"][:depth], ASKED_WEIGHT if "fold" in q else 1.0) for q in questions]
    kept = [(c, w) for c, w in kept if w > 0 and any(x["deciding"] for x in c) and not all(x["deciding"] for x in c)]
    weight = np.array([w for _, w in kept])
    kept = [c for c, _ in kept]
    x = np.zeros((len(kept), depth, len(names)))
    present = np.zeros((len(kept), depth), dtype=bool)
    deciding = np.zeros((len(kept), depth), dtype=bool)
    index = {n: i for i, n in enumerate(names)}
    for qi, cands in enumerate(kept):
        for ci, c in enumerate(cands):
            present[qi, ci], deciding[qi, ci] = True, c["deciding"]
            for name, value in c["f"].items():
                if name in index:
                    x[qi, ci, index[name]] = value
    return x, present, deciding, weight


def _softmax(s, mask):
    import numpy as np

    s = np.where(mask, s, -np.inf)
    s = s - s.max(axis=1, keepdims=True)
    e = np.where(mask, np.exp(s), 0.0)
    return e / e.sum(axis=1, keepdims=True)


DROP: tuple[str, ...] = ()  # features left out of the model (names beginning or ending so)
PRIOR = 0.0  # the weight of ``ratio`` (log of the ranker's score) the penalty pulls towards


def _logsumexp(s, mask):
    import numpy as np

    s = np.where(mask, s, -np.inf)
    top = s.max(axis=1, keepdims=True)
    return top[:, 0] + np.log(np.where(mask, np.exp(s - top), 0.0).sum(axis=1))


def fit(questions: list[dict], depth: int, l2: float, steps: int = 2000, rate: float = 0.5,
        prior: float | None = None) -> dict:
    """{"depth": depth, "l2": l2, "weights": {feature: weight}}: the listwise softmax's negative
    log-likelihood of the deciding candidates plus l2/2 |w - w0|^2 (w on the features scaled by
    their spread; w0 is ``prior`` on ``ratio``, the ranker's own order, 0 elsewhere), minimised
    by full-batch gradient descent from w0."""
    prior = PRIOR if prior is None else prior
    import numpy as np

    names = sorted({n for q in questions for c in q["candidates"][:depth] for n in c["f"]
                    if not any(n.startswith(d) or n.endswith(d) for d in DROP)})
    x, present, deciding, weight = _tensors(questions, depth, names)
    if not len(x):
        return {"depth": depth, "l2": l2, "weights": {}}
    rows = x[present]
    scale = rows.std(axis=0)
    scale[scale == 0] = 1.0
    x = x / scale
    w0 = np.zeros(len(names))
    if "ratio" in names:
        w0[names.index("ratio")] = prior * scale[names.index("ratio")]
    n = float(weight.sum())

    def objective(w):
        s = x @ w
        return (l2 / 2 * float((w - w0) @ (w - w0))
                + float((weight * (_logsumexp(s, present) - _logsumexp(s, deciding))).sum()) / n)

    w, rate = w0.copy(), 1.0
    value = objective(w)
    for _ in range(steps):  # gradient descent, the step halved until the objective falls (Armijo)
        s = x @ w
        p, q = _softmax(s, present), _softmax(s, deciding)
        grad = l2 * (w - w0) + np.einsum("n,nk,nkd->d", weight, p - q, x) / n
        norm = float(grad @ grad)
        if norm < 1e-12:
            break
        rate = min(1.0, rate * 2)
        while True:
            trial = w - rate * grad
            new = objective(trial)
            if new <= value - rate / 2 * norm or rate < 1e-8:
                break
            rate /= 2
        w, value = trial, new
    raw = w / scale
    return {"depth": depth, "l2": l2, "prior": prior, **({"margin": MARGIN} if MARGIN else {}),
            **({"drop": list(DROP)} if DROP else {}),
            **({"first_only": True} if FIRST_ONLY else {}), **({"kept": KEPT} if KEPT != 1 else {}),
            **({"asked_weight": ASKED_WEIGHT} if ASKED_WEIGHT else {}),
            **({"gate": {"lift": GATE, "kinds": list(GATE_KINDS)}} if GATE else {}),
            "weights": {name: round(float(v), 6) for name, v in zip(names, raw) if abs(v) > 1e-9}}


KEPT = 1  # how many of ask's first candidates the margin holds in place
FIRST_ONLY = False  # the model chooses the first candidate only
MARGIN = 0.0  # ask's own first keeps its place unless another's score passes it by this much
ASKED_WEIGHT = 0.0  # what an asked question (``dump-asked``) weighs in the fit beside a players' one (0: not fitted on)
GATE = 0.0  # ask's own first stays first when it is of GATE_KINDS and its question lift reaches this (0: no gate)
GATE_KINDS: tuple[str, ...] = ("qa", "clarification")


def gated(values: dict, gate: dict | None = None) -> bool:
    """Whether ask's own first candidate (its feature ``values``) is held first by the gate of
    values: a record of the gate's kinds (every kind when none) matched question to question
    with a lift (``ranking``'s question lift) reaching the gate's."""
    from adjudicator.ask.reordering import gated as runtime_gated

    gate = {"lift": GATE, "kinds": list(GATE_KINDS)} if gate is None else gate
    return runtime_gated(values, gate)


def order(cands: list[dict], weights: dict, margin: float | None = None) -> list[dict]:
    from adjudicator.ask.reordering import score

    margin = MARGIN if margin is None else margin
    if GATE and cands and gated(cands[0]["f"]):
        return list(cands)
    out = [c for _, _, c in sorted(((-score(c["f"], weights) - (margin if i < KEPT else 0.0), i, c)
                                    for i, c in enumerate(cands)), key=lambda t: (t[0], t[1]))]
    if FIRST_ONLY and out:  # the model chooses the first; the others keep ask's order
        out = [out[0]] + [c for c in cands if c is not out[0]]
    return out


def hits(questions: list[dict], depth: int, weights: dict | None) -> tuple[int, int]:
    top1 = top3 = 0
    for q in questions:
        head = q["candidates"][:depth]
        ranked = order(head, weights) + q["candidates"][depth:] if weights else q["candidates"]
        top1 += bool(ranked[:1] and ranked[0]["deciding"])
        top3 += any(c["deciding"] for c in ranked[:3])
    return top1, top3


def unit(q: dict):
    """A question's fold of the cross-validation: its players' round, or "a<fold>" for an asked question."""
    return f"a{q['fold']}" if "fold" in q else q["round"]


def cv(questions: list[dict], depths, l2s, rounds=READABLE, asked: list[dict] = ()) -> list[dict]:
    """Each players' round in ``rounds`` and each asked fold scored with a model fitted on every
    other round and fold (the asked questions weigh ``ASKED_WEIGHT`` in the fit: 0, scored only)."""
    everything = list(questions) + list(asked)
    units = list(rounds) + sorted({unit(q) for q in asked})
    rows = []
    for depth in depths:
        for l2 in l2s:
            per = {}
            for u in units:
                train = [q for q in everything if unit(q) != u]
                test = [q for q in everything if unit(q) == u]
                model = fit(train, depth, l2)
                per[u] = (len(test), hits(test, depth, None), hits(test, depth, model["weights"]))
            rows.append({"depth": depth, "l2": l2, "per": per})
    return rows


def print_cv(rows: list[dict]) -> None:
    for row in rows:
        players = {u: v for u, v in row["per"].items() if not str(u).startswith("a")}
        folds = {u: v for u, v in row["per"].items() if str(u).startswith("a")}
        gains = [after[0] - before[0] for _, before, after in players.values()]
        total_b = [sum(v[1][i] for v in players.values()) for i in (0, 1)]
        total_a = [sum(v[2][i] for v in players.values()) for i in (0, 1)]
        cells = "  ".join(f"r{r} {b[0]}/{b[1]}->{a[0]}/{a[1]}" for r, (_, b, a) in players.items())
        print(f"depth {row['depth']:>2} l2 {row['l2']:<6} top-1 {total_b[0]}->{total_a[0]} top-3 {total_b[1]}->{total_a[1]}"
              f"  rounds gaining {sum(g > 0 for g in gains)}, losing {sum(g < 0 for g in gains)}   {cells}")
        if folds:
            fb = [sum(v[1][i] for v in folds.values()) for i in (0, 1)]
            fa = [sum(v[2][i] for v in folds.values()) for i in (0, 1)]
            cells = "  ".join(f"{u} {b[0]}/{b[1]}->{a[0]}/{a[1]}" for u, (_, b, a) in folds.items())
            print(f"   asked folds ({sum(v[0] for v in folds.values())} q): top-1 {fb[0]}->{fa[0]} top-3 {fb[1]}->{fa[1]}   {cells}")


# -- the whole pipeline, leave one round out -----------------------------------------------------


def _settings(l2: float, also=()) -> list[tuple[float, float]]:
    """(l2, asked weight) of the model given and of each ``--also L2,WEIGHT`` (scored beside it, one
    "before" for all)."""
    return [(l2, ASKED_WEIGHT)] + [tuple(float(x) for x in pair.split(",")) for pair in also]


def _fit_with(train: list[dict], depth: int, l2: float, weight: float) -> dict:
    global ASKED_WEIGHT
    saved, ASKED_WEIGHT = ASKED_WEIGHT, weight
    try:
        return fit(train, depth, l2)
    finally:
        ASKED_WEIGHT = saved


def round_questions(r: int, judged: list[Path] = ()) -> list[dict]:
    """The tune half's questions of round ``r``; with ``judged`` (pooled-judgments files of tune questions,
    tests/eval/players/tune-judged*.yaml), each record judged `decides` by every file that judges it added to its
    question's deciding records (``eval_players.with_judged``): scored as deciding, never fitted on (the dumps keep
    their labels)."""
    import eval_players as ev

    questions = ev.load("tune", r)
    if not judged:
        return questions
    return ev.with_judged(questions, ev.read_all_judged_decides(list(judged)), ev.kb_spans_now())


def pipeline(questions: list[dict], depth: int, l2: float, rounds=READABLE, asked: list[dict] = (), also=(),
             judged: list[Path] = ()) -> None:
    """Each round asked through the whole `ask` (eval_players' way) with the model fitted on the
    other rounds (and the asked questions), against the same without the model."""
    import eval_players as ev

    from adjudicator.ask import reordering

    spans = ev.kb_spans_now()
    settings = _settings(l2, also)
    labels = ["before"] + [f"l2 {a} w {b}" for a, b in settings]
    totals = {label: [0, 0, 0, 0, 0, 0] for label in labels}
    for r in rounds:
        qs = round_questions(r, judged)
        figures = {}
        for label, setting in zip(labels, [None] + settings):
            model = _fit_with([q for q in questions if q["round"] != r] + list(asked), depth, *setting) if setting else {}
            reordering._WEIGHTS = model
            rows = [ev.score(q, a, spans) for q, (a, _) in zip(qs, ev.ask_in_process(qs, with_game=False, own_round=OWN_ROUND))]
            ans = [x for x in rows if x["answerable"]]
            f = [sum(x["top1"] for x in ans), sum(x["top3"] for x in ans), sum(x["verdict"] for x in ans),
                 sum(x["wrong_verdict"] for x in rows), sum(x["wrong_game"] for x in rows), len(ans)]
            figures[label] = f
            totals[label] = [a + b for a, b in zip(totals[label], f)]
        b = figures["before"]
        for label in labels[1:]:
            a = figures[label]
            print(f"round {r:>2} ({b[5]} answerable) {label}: top-1 {b[0]}->{a[0]} top-3 {b[1]}->{a[1]} verdict"
                  f" {b[2]}->{a[2]} wrong verdict {b[3]}->{a[3]} wrong game {b[4]}->{a[4]}", flush=True)
    reordering._WEIGHTS = None
    b = totals["before"]
    for label in labels[1:]:
        a = totals[label]
        print(f"all {label}: top-1 {b[0]}->{a[0]} top-3 {b[1]}->{a[1]} verdict {b[2]}->{a[2]} wrong verdict"
              f" {b[3]}->{a[3]} wrong game {b[4]}->{a[4]} of {b[5]}")


def pipeline_asked(questions: list[dict], asked: list[dict], depth: int, l2: float, per_fold: int = 150,
                   folds: int = 5, also=()) -> None:
    """Each asked fold asked through the whole `ask` (``eval_asked_folds``' way, its fold left out
    of the index) with the model fitted on the players' rounds and the other asked folds, against
    the dump's figures (the same questions without the model)."""
    import eval_asked_folds as af
    from eval_players import DOC_GAME, is_deciding

    from adjudicator.ask import reordering
    from adjudicator.ask.answer import ask
    from adjudicator.kb.api import open_kb

    kb = open_kb(quiet=True)
    before = {f: [0, 0, 0, 0] for f in range(folds)}
    for q in asked:
        before[q["fold"]] = [a + b for a, b in zip(before[q["fold"]], (q["pipeline_top1"], q["pipeline_top3"], 1,
                                                                       q.get("wrong_game", False)))]
    settings = _settings(l2, also)
    after = {s: {f: [0, 0, 0, 0] for f in range(folds)} for s in settings}
    current, models = None, {}
    try:
        for fold, rid, item, spans in af.left_out(kb, folds, per_fold):
            if fold != current:
                current = fold
                train = list(questions) + [q for q in asked if q["fold"] != fold]
                models = {s: _fit_with(train, depth, *s) for s in settings}
            for s in settings:
                reordering._WEIGHTS = models[s]
                answer = ask(kb, item.ask).to_dict()
                cited = ([answer["best"]] if answer.get("best") else []) + list(answer.get("supporting", []))
                hits = [is_deciding(c, {rid}, [spans[rid]]) for c in cited]
                shown = answer.get("game") or (DOC_GAME.get(cited[0]["source"]) if cited else None)
                wrong = shown is not None and shown != rid.split(":", 1)[0]
                after[s][fold] = [a + b for a, b in zip(after[s][fold], (bool(hits[:1] and hits[0]), any(hits[:3]), 1,
                                                                         wrong))]
    finally:
        reordering._WEIGHTS = None
    for s in settings:
        label = f"l2 {s[0]} w {s[1]}"
        for f in range(folds):
            b, a = before[f], after[s][f]
            print(f"{label} asked fold {f} ({a[2]} q): top-1 {b[0]}->{a[0]} top-3 {b[1]}->{a[1]}"
                  f" wrong game {b[3]}->{a[3]}", flush=True)
        b = [sum(v[i] for v in before.values()) for i in range(4)]
        a = [sum(v[i] for v in after[s].values()) for i in range(4)]
        print(f"{label} asked all: top-1 {b[0]}->{a[0]} ({b[0] / b[2]:.1%} -> {a[0] / a[2]:.1%}) top-3 {b[1]}->{a[1]}"
              f" ({b[1] / b[2]:.1%} -> {a[1] / a[2]:.1%}) wrong game {b[3]}->{a[3]} of {a[2]}")


def _flags(argv: list[str]) -> list[str]:
    """The command's settings as given (the dump's and the output's paths left out)."""
    out, skip = [], False
    for a in argv[1:]:
        if skip:
            skip = False
        elif a in ("--dump", "--out"):
            skip = True
        elif a == "--asked":  # the asked questions' dump, named as the command's ASKED
            out += [a, "ASKED"]
            skip = True
        else:
            out.append(a)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    d = sub.add_parser("dump")
    d.add_argument("--out", required=True)
    d.add_argument("--depth", type=int, default=12)
    d.add_argument("--without-own-round", action="store_true", help="leave the question's whole collection round "
                                                                    "out of the players' vote too")
    a = sub.add_parser("dump-asked")
    a.add_argument("--out", required=True)
    a.add_argument("--depth", type=int, default=12)
    a.add_argument("--per-fold", type=int, default=150)
    for name in ("cv", "fit", "pipeline", "pipeline-asked"):
        p = sub.add_parser(name)
        p.add_argument("--dump", required=True)
        p.add_argument("--asked", help="the asked questions' dump (``dump-asked``): scored as folds of their own, "
                                       "fitted on with --asked-weight")
        p.add_argument("--asked-weight", type=float, default=0.0, help="an asked question's weight in the fit")
        p.add_argument("--gate", type=float, default=0.0, help="ask's own first stays first when of --gate-kinds "
                                                               "with a question lift reaching this")
        p.add_argument("--gate-kinds", nargs="*", default=["qa", "clarification"], help="none: every kind")
        p.add_argument("--depth", type=int, nargs="+", default=[6, 8, 10])
        p.add_argument("--l2", type=float, nargs="+", default=[0.01, 0.1, 1.0])
        p.add_argument("--drop", nargs="*", default=[], help="leave out the features whose names begin or end so")
        p.add_argument("--kept", type=int, default=1, help="how many of ask's first candidates the margin holds")
        p.add_argument("--first-only", action="store_true", help="the model chooses the first candidate only")
        p.add_argument("--margin", type=float, default=0.0, help="ask's own first keeps its place unless passed by this much")
        p.add_argument("--prior", type=float, default=0.0, help="the weight of ``ratio`` the penalty pulls towards")
        if name == "fit":
            p.add_argument("--out", required=True)
        if name.startswith("pipeline"):
            p.add_argument("--without-own-round", action="store_true",
                           help="leave the question's whole collection round out of the players' vote too")
            p.add_argument("--also", nargs="*", default=[], metavar="L2,WEIGHT",
                           help="further settings (l2, asked weight) scored beside the model given")
        if name == "pipeline":
            p.add_argument("--judged-tune", type=Path, nargs="+", default=[],
                           help="score with the records tune judgments files judge `decides` counted as deciding "
                                "(tune-judged31.yaml tune-judged32.yaml: every file that judges a record must say so)")
    args = parser.parse_args(argv)
    global OWN_ROUND
    OWN_ROUND = bool(getattr(args, "without_own_round", False))
    if args.command == "dump":
        Path(args.out).write_text(json.dumps(dump(args.depth)), encoding="utf-8")
        return 0
    if args.command == "dump-asked":
        Path(args.out).write_text(json.dumps(dump_asked(args.depth, args.per_fold)), encoding="utf-8")
        return 0
    global PRIOR, DROP, MARGIN, FIRST_ONLY, KEPT, ASKED_WEIGHT, GATE, GATE_KINDS
    PRIOR, DROP, MARGIN, FIRST_ONLY, KEPT = args.prior, tuple(args.drop), args.margin, args.first_only, args.kept
    ASKED_WEIGHT, GATE, GATE_KINDS = args.asked_weight, args.gate, tuple(args.gate_kinds)
    questions = json.loads(Path(args.dump).read_text(encoding="utf-8"))
    asked = json.loads(Path(args.asked).read_text(encoding="utf-8")) if args.asked else []
    if args.command == "cv":
        print_cv(cv(questions, args.depth, args.l2, asked=asked))
    elif args.command == "pipeline":
        pipeline(questions, args.depth[0], args.l2[0], asked=asked, also=args.also, judged=args.judged_tune)
    elif args.command == "pipeline-asked":
        pipeline_asked(questions, asked, args.depth[0], args.l2[0], also=args.also)
    else:
        model = fit(questions + asked, args.depth[0], args.l2[0])
        model["fitted_by"] = " ".join(["python bench/train_reordering.py fit --dump DUMP"]
                                      + [a for a in _flags(argv if argv is not None else sys.argv[1:])])
        Path(args.out).write_text(json.dumps(model, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
