"""The learnt yes/no reading (``adjudicator/ask/verdict_model.py``): dump, values, cross-validate, fit.

    python bench/train_verdict_model.py dump --out /tmp/verdict-rows.json     # runs `ask` on the build half (~3 min)
    python bench/train_verdict_model.py values --rows /tmp/verdict-rows.json  # -> bench/verdict_model_values.json
    python bench/train_verdict_model.py cv                                    # 10-fold CV: precision against coverage
    python bench/train_verdict_model.py fit                                   # -> rules_db/verdict_model.json
    python bench/train_verdict_model.py fit --check                           # the model file is what fit writes

The questions: the players' readable tune rounds (``eval_players``: --half tune, round 17 left out, never
the held-out half), their build half only (sha256('verdict28:' + id) % 2 == 0; the other half, "check",
is the landing measure and is never read here), and of them those whose recorded verdict is yes or no.
Each is asked as ``eval_players`` asks it (game detected, its own thread's settled questions left out of
the vote).  ``dump`` keeps, per question, the sentence `ask` shows with its record (what the hand-written
readings read there, ``verdicts.verdict``), whether that record is a deciding one, whether `ask` would
consult the model on it (its verdict is the sentence, the record is ask's own first: ``answer``'s hook),
and every sentence of each labelled deciding record that holds the record's `says` words.  ``values``
turns the rows into ``verdict_model.features`` values (no text is kept: bench/verdict_model_values.json
holds numbers, the label and the kind of each example).

Training examples (label 1 for yes): the shown sentence when its record decides the question, and the
`says` sentences of the deciding records.  The population the thresholds are held to: every question
`ask` consults the model on, with its shown sentence (deciding or not: a yes or no is scored by
polarity, so a wrong one counts wherever it is shown).

fit: a logistic regression (L2, ``--c``; Newton's method in numpy) on values scaled by their mean and spread; the
thresholds (``yes_from``, ``no_to``) are the widest whose shown verdicts were right at least
``--precision`` of the time in 10-fold CV within the build half (folds by question), on the training
examples and on the population alike, each side apart, and with at least ``--least`` verdicts shown.
Rounded to 6 places: the same values give the same file.

Session 28 (verdict28, main 365fccf; 590 build-half questions dumped, 506 training examples of 381 yes/no
questions, 326 population sentences; values v3, 39 of them).  10-fold CV: AUC 0.56 on the training examples
(0.52 on the `says` sentences, 0.69 on the shown deciding ones), 0.60 on the population's yes/no-labelled;
no threshold holds 90% (nor 75%) on either side, so the file abstains everywhere.  Population as eval_players scores it,
C=0.3: "yes" at P >= 0.80: 52 right, 49 wrong of 101; >= 0.90: 29 right, 29 wrong of 58; >= 0.95: 15 right,
20 wrong of 35; "no" at P <= 0.30: 4 right, 22 wrong of 26 (a sentence's denial goes with a "yes" there as
often as not: the player asks about what the rule leaves open).  C=0.03 and C=1 alike.  The one candidate
counted on the check half (diagnostic, relaxed to "yes" at P >= 0.90, no "no"): right verdicts 46 -> 65,
wrong verdicts 0 -> 20 answerable and 1 -> 8 unanswerable (49 shown, 21 right): not landed.
"""

from __future__ import annotations

import checkout  # noqa: F401  (measure this checkout, not the installed package)
import argparse
import hashlib
import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
VALUES = REPO / "bench" / "verdict_model_values.json"
MODEL = REPO / "rules_db" / "verdict_model.json"
SALT = "verdict28:"
FOLDS = 10
FIT = "python bench/train_verdict_model.py fit"


def half(qid: str) -> str:
    return "build" if int(hashlib.sha256((SALT + qid).encode()).hexdigest(), 16) % 2 == 0 else "check"


def fold(qid: str) -> int:
    return int(hashlib.sha256(("fold:" + qid).encode()).hexdigest(), 16) % FOLDS


def yes_no(expected) -> str | None:
    return expected.lower() if isinstance(expected, str) and expected.lower() in ("yes", "no") else None


def dump(out: Path) -> None:
    import eval_players as ep

    from adjudicator.ask import verdict_model, verdicts
    from adjudicator.ask.sentences import sentences
    from adjudicator.kb.api import open_kb

    state: dict = {}
    settled, learnt = verdicts.settled, verdict_model.learnt_verdict

    def seen_settled(question, record, sentence, weigh):
        state.setdefault("shown", (record, sentence, weigh))
        return settled(question, record, sentence, weigh)

    def seen_learnt(question, record, sentence, weigh):
        state["consulted"] = True
        return None  # the dump reads ask without the model

    verdicts.settled, verdict_model.learnt_verdict = seen_settled, seen_learnt
    kb = open_kb(quiet=True)
    spans = ep.kb_spans_now()
    rows = []
    for q in ep.load("tune", None, (ep.UNSEEN_ROUND,)):
        if half(q["id"]) != "build":
            continue
        state.clear()
        (answer, _), = ep.ask_in_process([q], False)
        scored = ep.score(q, answer, spans)
        row = {"id": q["id"], "fold": fold(q["id"]), "label": yes_no(q["verdict"]), "answerable": q["answerable"],
               "top1": scored["top1"], "consulted": bool(state.get("consulted")), "q": q["q"], "examples": [],
               # what a yes or a no shown here would score ([right, wrong] as eval_players counts them)
               "outcome": {said: [ep.verdict_right(q["verdict"], {"kind": said, "text": said})
                                  and (scored["top1"] or not isinstance(q["verdict"], list)),
                                  ep.wrong_verdict(q["verdict"], {"kind": said, "text": said})]
                           for said in ("yes", "no")}}
        if "shown" in state:
            record, sentence, weigh = state["shown"]
            if sentence and answer.get("best") and answer["best"]["id"] == record.id:
                row["examples"].append(_example("shown", q["q"], record, sentence, weigh))
            if weigh is not None and row["label"] is not None:
                for d in q.get("deciding", []):
                    deciding = kb.store.get(d["id"])
                    if deciding is None:
                        continue
                    for said in sentences(deciding.text):
                        if any(ep._plain(p).strip() and ep._plain(p) in ep._plain(said) for p in d.get("says", [])):
                            row["examples"].append(_example("says", q["q"], deciding, said, weigh))
        rows.append(row)
    out.write_text(json.dumps(rows, indent=1), encoding="utf-8")
    print(f"{len(rows)} build-half questions -> {out}")


def _example(kind: str, question: str, record, sentence: str, weigh) -> dict:
    from adjudicator.ask.verdicts import verdict

    found = verdict(question, record, sentence, weigh)
    return {"kind": kind, "record": record.id, "sentence": sentence,
            "inferred": {"kind": found.kind, "reading": found.reading} if found else None}


def values(rows_path: Path, out: Path) -> None:
    """Each example's ``features`` values, its label, fold and kind: no text."""
    from types import SimpleNamespace

    from adjudicator.ask.game_detection import without_game_names
    from adjudicator.ask.verdict_model import features

    from adjudicator.ask.question_form import question_form

    rows = json.loads(rows_path.read_text(encoding="utf-8"))
    examples = []
    for row in rows:
        seen = set()
        asks_yes_no = question_form(without_game_names(row["q"])).kind == "yesno"
        for ex in row["examples"]:
            inferred = SimpleNamespace(**ex["inferred"]) if ex["inferred"] else None
            if inferred is not None and inferred.kind not in ("yes", "no", "text"):
                continue
            train = row["label"] is not None and (ex["kind"] == "says" or (ex["kind"] == "shown" and row["top1"]))
            # the shown sentence of a yes/no question ask consults the model on (whatever its recorded
            # verdict): the population held to the precision, scored as eval_players scores a verdict
            population = ex["kind"] == "shown" and row["consulted"] and asks_yes_no
            if train and ex["sentence"] in seen:  # a sentence is learnt from once a question
                train = False
            if not (train or population):
                continue
            if train:
                seen.add(ex["sentence"])
            examples.append({
                "fold": row["fold"], "y": None if row["label"] is None else int(row["label"] == "yes"),
                "kind": ex["kind"], "population": population, "train": train,
                "right": {said: int(row["outcome"][said][0]) for said in ("yes", "no")},
                "wrong": {said: int(row["outcome"][said][1]) for said in ("yes", "no")},
                "x": features(without_game_names(row["q"]), ex["sentence"], inferred),
            })
    names = sorted(examples[0]["x"]) if examples else []
    for example in examples:  # the values as a list in ``names``' order, whole numbers written as such
        example["x"] = [int(v) if float(v).is_integer() else round(v, 6) for v in (example["x"][n] for n in names)]
    text = json.dumps({"salt": SALT, "names": names, "examples": examples}, sort_keys=True, separators=(",", ":"))
    out.write_text(text.replace('},{"fold"', '},\n{"fold"') + "\n", encoding="utf-8")
    print(f"{len(examples)} examples ({sum(e['train'] for e in examples)} training, "
          f"{sum(e['population'] for e in examples)} population) -> {out}")


def _fit(examples: list[dict], names: list[str], c: float):
    """L2-penalised logistic regression (the objective of scikit-learn's ``LogisticRegression(C=c)``:
    ``c`` times the log-loss plus half the squared weights, the intercept unpenalised) by Newton's
    method in numpy, on values scaled by their mean and spread: deterministic, and numpy is in the
    test extra, so the suite refits it."""
    import numpy as np

    x = np.array([[e["x"][n] for n in names] for e in examples], dtype=float)
    y = np.array([e["y"] for e in examples], dtype=float)
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale == 0] = 1.0
    z = np.hstack([(x - mean) / scale, np.ones((len(x), 1))])
    penalty = np.eye(z.shape[1]) / c
    penalty[-1, -1] = 0.0
    w = np.zeros(z.shape[1])
    for _ in range(100):
        p = 1.0 / (1.0 + np.exp(-(z @ w)))
        gradient = z.T @ (p - y) + penalty @ w
        hessian = (z.T * (p * (1 - p))) @ z + penalty + 1e-9 * np.eye(z.shape[1])
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-12:
            break
    return {"names": names, "mean": mean.tolist(), "scale": scale.tolist(), "weights": w[:-1].tolist(),
            "bias": float(w[-1])}


def _as_model(fit: dict) -> dict:
    names = fit["names"]
    return {"weights": {n: round(w, 6) for n, w in zip(names, fit["weights"])},
            "mean": {n: round(m, 6) for n, m in zip(names, fit["mean"])},
            "scale": {n: round(s, 6) for n, s in zip(names, fit["scale"])},
            "bias": round(fit["bias"], 6)}


def out_of_fold(examples: list[dict], names: list[str], c: float) -> list[float]:
    """Each example's P(yes) from the model fitted on the other folds' training examples."""
    from adjudicator.ask.verdict_model import probability_yes

    p = [0.0] * len(examples)
    for k in range(FOLDS):
        model = _as_model(_fit([e for e in examples if e["train"] and e["fold"] != k], names, c))
        for i, e in enumerate(examples):
            if e["fold"] == k:
                p[i] = probability_yes(e["x"], model)
    return p


def _right(example: dict, side: str, scored: bool) -> int:
    """Whether a ``side`` shown for the example is right: as eval_players scores it (``scored``,
    the population) or against the example's yes/no label (the training examples)."""
    if scored:
        return example["right"][side]
    return int(example["y"] == (1 if side == "yes" else 0))


def _shown(idx: list[int], p: list[float], t_yes: float, t_no: float) -> list[tuple[int, str]]:
    return [(i, "yes") for i in idx if p[i] >= t_yes] + [(i, "no") for i in idx if p[i] <= t_no and p[i] < t_yes]


def thresholds(examples: list[dict], p: list[float], precision: float, least: int) -> tuple[float, float, dict]:
    """The lowest ``yes_from`` and the highest ``no_to`` from which on every threshold's shown
    verdicts are right at least ``precision`` of the time on the training examples and on the
    population (as eval_players scores them), each side apart; a side showing fewer than ``least``
    population verdicts shows none."""
    sets = {"train": [i for i, e in enumerate(examples) if e["train"]],
            "population": [i for i, e in enumerate(examples) if e["population"]]}

    def holds(side: str, t: float) -> bool:
        for name, idx in sets.items():
            shown = _shown(idx, p, t, -1.0) if side == "yes" else _shown(idx, p, 2.0, t)
            right = sum(_right(examples[i], said, name == "population") for i, said in shown)
            if shown and right < precision * len(shown):
                return False
        return True

    grid = sorted({round(v, 4) for v in p})
    yes_ok = [holds("yes", t) for t in grid]
    no_ok = [holds("no", t) for t in grid]
    yes_from = next((t for k, t in enumerate(grid) if all(yes_ok[k:])), 2.0)
    no_to = next((t for k, t in reversed(list(enumerate(grid))) if all(no_ok[:k + 1])), -1.0)
    if len(_shown(sets["population"], p, yes_from, -1.0)) < least:
        yes_from = 2.0
    if len(_shown(sets["population"], p, 2.0, no_to)) < least:
        no_to = -1.0
    report = {}
    for name, idx in sets.items():
        shown = _shown(idx, p, yes_from, no_to)
        report[name] = {"of": len(idx), "shown": len(shown),
                        "right": sum(_right(examples[i], said, name == "population") for i, said in shown)}
    return yes_from, no_to, report


def curve(examples: list[dict], p: list[float]) -> list[str]:
    """Precision against coverage, each side, at a few thresholds: the population as eval_players
    scores it (right, and wrong verdicts), and the training examples against their labels."""
    pop = [i for i, e in enumerate(examples) if e["population"]]
    train = [i for i, e in enumerate(examples) if e["train"]]
    lines = []
    for side, ts in (("yes", (0.5, 0.6, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95)),
                     ("no", (0.5, 0.4, 0.3, 0.25, 0.2, 0.15, 0.1, 0.05))):
        for t in ts:
            cut = (lambda idx: _shown(idx, p, t, -1.0)) if side == "yes" else (lambda idx: _shown(idx, p, 2.0, t))
            shown, learnt = cut(pop), cut(train)
            right = sum(examples[i]["right"][said] for i, said in shown)
            wrong = sum(examples[i]["wrong"][said] for i, said in shown)
            labelled = sum(_right(examples[i], said, False) for i, said in learnt)
            lines.append(f"  {side} {'>=' if side == 'yes' else '<='} {t:.2f}: population {right} right, {wrong} wrong "
                         f"of {len(shown)} shown ({len(pop)}); training {labelled}/{len(learnt)} ({len(train)})")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("step", choices=("dump", "values", "cv", "fit"))
    parser.add_argument("--out", type=Path)
    parser.add_argument("--rows", type=Path)
    parser.add_argument("--values", type=Path, default=VALUES)
    parser.add_argument("--c", type=float, default=0.3, help="inverse L2 strength")
    parser.add_argument("--precision", type=float, default=0.9)
    parser.add_argument("--least", type=int, default=3, help="fewest population verdicts a side shows")
    parser.add_argument("--drop", default="", help="comma-separated feature names left out")
    parser.add_argument("--check", action="store_true", help="fit: compare with the model file, write nothing")
    args = parser.parse_args(argv)
    if args.step == "dump":
        dump(args.out or Path("/tmp/verdict-rows.json"))
        return 0
    if args.step == "values":
        values(args.rows or Path("/tmp/verdict-rows.json"), args.out or VALUES)
        return 0
    data = json.loads(args.values.read_text(encoding="utf-8"))
    examples = [dict(e, x=dict(zip(data["names"], e["x"]))) for e in data["examples"]]
    dropped = {d for d in args.drop.split(",") if d}
    names = sorted(n for n in examples[0]["x"] if n not in dropped)
    p = out_of_fold(examples, names, args.c)
    yes_from, no_to, report = thresholds(examples, p, args.precision, args.least)
    if args.step == "cv":
        print(f"{len(examples)} examples, C={args.c}: thresholds yes >= {yes_from}, no <= {no_to}; CV {report}")
        print("\n".join(curve(examples, p)))
        return 0
    model = _as_model(_fit([e for e in examples if e["train"]], names, args.c))
    model.update(yes_from=yes_from, no_to=no_to, fit=FIT + (f" --c {args.c}" if args.c != 0.3 else "")
                 + (f" --drop {args.drop}" if dropped else "") + (f" --least {args.least}" if args.least != 3 else "")
                 + (f" --precision {args.precision}" if args.precision != 0.9 else ""),
                 cv=report, precision=args.precision)
    text = json.dumps(model, indent=1, sort_keys=True) + "\n"
    out = args.out or MODEL
    if args.check:
        same = out.read_text(encoding="utf-8") == text
        print("same" if same else f"differs from {out}")
        return 0 if same else 1
    out.write_text(text, encoding="utf-8")
    print(f"-> {out}: yes >= {yes_from}, no <= {no_to}; CV {report}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
