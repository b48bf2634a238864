"""Fit `ask`'s ranking constants on the team's 4,251 asked questions instead of the 51 of the tune half.

    python bench/fit_ranking.py dump  [--out FILE] [--per-fold N]   # run the folds once (~2 min)
    python bench/fit_ranking.py score [--dump FILE] [--set NAME=VALUE ...] [--no-sibling-lift]
    python bench/fit_ranking.py fit   [--dump FILE] [--no-sibling-lift] [--rounds N]

``dump`` asks every asked question with its fold left out of the ask index (the generator of
`bench/eval_asked_folds.py`) and keeps, per question, every candidate record `ranking.rank`
scored: its text score, its two question overlaps (its own Q&A question, its asked questions),
whether it joined only by a named entity, its kind weight and "about" boost split into the
constants that made them (each constant doubled in turn: how many times it was applied), and
whether it is a deciding record (the question's own record or a record inside its lines).
``score`` re-scores those candidates offline with changed constants and re-applies the
reordering (`_official_first`, `_full_entry_first`, `_one_each`, the real functions, on light
copies of the records), so a search over constants takes seconds.  ``fit`` searches the
constants coordinate by coordinate on one half of the records (split by the record's sha256,
so every asked question of a record is on the same side) and reports the other half.

Flattery: with a question's fold out, about 4 of 5 sibling questions of its record stay in the
index, so the right record's asked-question lift (and its BM25 "asked" field) is stronger than
a real player's question gets.  ``--no-sibling-lift`` drops the asked-question overlap of the
question's own record (a lower bound for that lift; the BM25 field still holds the siblings).

What the fit showed (2026-11-26, main at 9de8bdc; "check" = the records' half not fitted on,
2,126 questions; "by record" = a dump made with ``dump --by-record``):

- The offline scorer reproduces every candidate's score (341,051 of 341,051) and `ask`'s own
  top-1 on 4,215 of 4,251 questions (the rest: a deciding record merged into the one shown).
- A free fit of 9 constants (by record) raised check top-1 44.1% -> 51.2% (every game up), and
  the same shape on the sibling dump: the text score squared (TEXT_POWER 2, alone +4.2 points in
  either dump), the kind weight's power 0.7, the question lift halved or less, TERM_BOOST 1.25
  -> 1.06.  None of it carries to the players: the tune half falls 69% -> 47% top-1 (86% ->
  73% top-3) with the whole set, 69% -> 53% with TEXT_POWER 2 alone, 61-65% with KIND_POWER
  0.7, TERM_BOOST 1.06 or ASKED_FLOOR 0.6 alone.  The asked questions are one short sentence
  in the documents' words (median 12 words, 49 of 4,251 of 20 words or more); the players'
  are long and set a scene (tune half median 33): on asked questions the text search alone
  finds the record, on players' the lifts, kinds and boosts are what rescue it.  Even among
  the 377 asked questions of 17 words or more, TEXT_POWER 2 gains less (+1.6 to +2.6 points).
- A fit of the lift constants alone (QA_MATCH, ASKED_MATCH, ASKED_FLOOR, ATTACHED) agrees on
  both dumps (0.125, 0.25, 0.78, 0.175: check +2.3 points, +4.4 by record) but costs the tune
  half 2 questions (69% -> 65%).  ASKED_MATCH 1.0 -> 0.5 alone is the one change that holds
  everywhere: check top-1 47.5% -> 48.7% (gained 37, lost 12; lotr +1.2, meq +1.3, metw +1.2),
  by record 44.1% -> 46.2% (gained 50, lost 5); the asked folds as `ask` answers them 47.4% ->
  48.2% top-1, 70.1% -> 70.5% top-3 (lotr 52.2 -> 52.9, meq 32.1 -> 33.6, metw 46.4 -> 47.2);
  tune half 69%/86% unchanged (sentence 74% -> 77%); team set 92.2%/100% unchanged.  Landed.
- Then the kind weights and boosts (21 constants, ASKED_MATCH 0.5, by record): the fit moved
  13, but on the check half only one carries: a scenario's page 0.55 -> 1.0 (1.0-1.3 level on
  both halves and both dumps; kind:example 1.5, kind:card 0.56, CARD_BOOST 2.08 and the rest
  add under 0.3 points).  Check top-1 over ASKED_MATCH 0.5 alone: 48.7% -> 51.9% (by record
  46.2% -> 48.8%), +83 questions about scenario pages, -11 (mostly scenario rulings), no other
  kind of record lost; asked folds as answered 48.2%/70.5% -> 51.0%/71.8% (lotr 52.9% ->
  57.3%, meq and metw unchanged); the tune half (now 54 answerable, 65%/83%) and the team's
  set unchanged.  Landed.  Both changes together, check half: 47.5% -> 51.9% top-1, 70.2% ->
  72.2% top-3 (by record 44.1% -> 48.8%, 68.2% -> 70.2%).
- Not fitted here: the query-side weights (ASIDE, CONDITION, SETTING, POSITION_IN_MATCH) change
  the BM25 query itself, which the dump holds only as scores; refit them with a dump per value.
"""

from __future__ import annotations

import checkout  # noqa: F401  (measure this checkout, not the installed package)
import argparse
import hashlib
import json
import math
import sys
import time
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parent))

DUMP = Path("/tmp/fit_ranking_dump.json")

# the constants whose applications are counted, per part (each is doubled in turn)
KIND_CONSTANTS = ("TIMING_CHART", "MILESTONE", "RESTATED", "POINTER_ONLY", "OVERVIEW", "CLARIFICATION_WEIGHT")
ABOUT_CONSTANTS = ("CARD_BOOST", "SCENARIO_BOOST", "SPECIFIC", "EXAMPLE_ONLY", "SUMMARY", "TERM_BOOST",
                   "TERM_LINK_BOOST", "SUBJECT_BOOST")
LIFT_CONSTANTS = ("QA_MATCH", "ASKED_MATCH", "ASKED_FLOOR", "ATTACHED")
POWERS = ("TEXT_POWER", "KIND_POWER")  # ABOUT_POWER: offline only (the about boost as it is: 1)
ATTACH_OVERLAP = 0.5  # ranking.rank: a record outside the text hits joins when its question overlap reaches this


# ---------------------------------------------------------------------------------------------
# the dump: one run of the folds


def _applications(module, names, call) -> dict[str, float]:
    """How many times each constant (a module attribute, or ``kind:<k>`` for KIND_WEIGHT[k])
    enters the product ``call()`` returns: log2 of the ratio when it is doubled."""
    base = call()
    out = {}
    for name in names:
        if name.startswith("kind:"):
            table, key = module.KIND_WEIGHT, name[5:]
            old = table.get(key)
            if old is None:
                continue
            table[key] = old * 2
            try:
                got = call()
            finally:
                table[key] = old
        else:
            old = getattr(module, name)
            setattr(module, name, old * 2)
            try:
                got = call()
            finally:
                setattr(module, name, old)
        if base > 0 and got > 0:
            n = round(math.log2(got / base), 3)
            if n:
                out[name] = n
    return out


def _rest(part: float, applied: dict[str, float], values: dict[str, float]) -> float:
    """What of a part the counted constants do not explain."""
    explained = 1.0
    for name, n in applied.items():
        explained *= values[name] ** n
    return part / explained if explained else 0.0


def current_values() -> dict[str, float]:
    """The ranking's constants as they stand, by name (``kind:<k>`` for the kind weights)."""
    from adjudicator.ask import ranking

    values = {n: getattr(ranking, n) for n in KIND_CONSTANTS + ABOUT_CONSTANTS + LIFT_CONSTANTS}
    values.update({n: getattr(ranking, n, 1.0) for n in POWERS})
    values.update({f"kind:{k}": v for k, v in ranking.KIND_WEIGHT.items()})
    return values


def _light(record) -> dict:
    return {"id": record.id, "kind": record.kind.value, "doc": record.span.doc, "start": record.span.start,
            "end": record.span.end, "also_in": [[s.doc, s.start, s.end] for s in record.also_in],
            "links": [[l.rel, l.target] for l in record.links], "text": record.text,
            "notes": list(getattr(record, "notes", []) or []),
            "words": sorted(set(__import__("re").findall(r"[a-z0-9]+", record.rules_text.lower())))}


def _inside(record, place) -> bool:
    doc, a, b = place
    spans = [record.span] + list(record.also_in)
    return any(s.doc == doc and a <= s.start and s.end <= b for s in spans)


def first_rank_capture(ranking, state: dict):
    """Stand-ins for ``ranking.rank`` and ``ranking._official_first`` that keep in ``state`` what
    the first `rank` call of a question was given (``game``, ``entities``, ``expanded``) and the
    candidates it handed to `_official_first` (``ranked``), as the dumps need them; ``state["on"]``
    is true while that first call runs.  Clear ``state`` before each question."""
    original_rank, original_official = ranking.rank, ranking._official_first

    def official(ranked):
        if state.get("on") and "ranked" not in state:
            state["ranked"] = list(ranked)
        return original_official(ranked)

    def rank(kb, question, game, entities, expanded, limit=5):
        first = "entities" not in state
        if first:
            state.update(on=True, game=game, entities=entities, expanded=expanded)
        try:
            return original_rank(kb, question, game, entities, expanded, limit)
        finally:
            if first:
                state["on"] = False

    return rank, official


def dump(kb, folds: int = 5, per_fold: int | None = None, by_record: bool = False) -> dict:
    """Every asked question, asked with its fold out, and every candidate `rank` scored for it.
    ``by_record``: the folds are drawn by record, so all of a record's asked questions are out
    of the index (its BM25 "asked" field and its question lift) while any of them is asked."""
    import eval_asked_folds
    from adjudicator.ask import question_index, ranking
    from adjudicator.ask.answer import ask
    from eval_asked_folds import left_out
    from eval_players import is_deciding

    by_question = eval_asked_folds.fold_of
    if by_record:
        eval_asked_folds.fold_of = lambda record, ask, folds: by_question(record, "", folds)

    values = current_values()
    originals = {"rank": ranking.rank, "search": question_index.search,
                 "matches": question_index.question_matches_by_kind, "official": ranking._official_first}
    state: dict = {}

    def search(*args, **kwargs):
        hits = originals["search"](*args, **kwargs)
        if state.get("on") and "hits" not in state:
            state["hits"] = list(hits)
        return hits

    def matches(*args, **kwargs):
        got = originals["matches"](*args, **kwargs)
        if state.get("on") and "own" not in state:
            state["own"], state["written"] = got[0], got[1]
        return got

    rank, official = first_rank_capture(ranking, state)

    records: dict[str, dict] = {}
    questions = []
    ranking.rank, question_index.search = rank, search
    question_index.question_matches_by_kind, ranking._official_first = matches, official
    try:
        for fold, rid, item, spans in left_out(kb, folds, per_fold):
            state.clear()
            answer = ask(kb, item.ask).to_dict()
            cited = ([answer["best"]] if answer.get("best") else []) + list(answer.get("supporting", []))
            hits = [is_deciding(c, {rid}, [spans[rid]]) for c in cited]
            if "ranked" not in state:
                continue
            questions.append(_question_row(kb, ranking, values, state, fold, rid, item.ask, spans[rid], hits,
                                           records))
    finally:
        eval_asked_folds.fold_of = by_question
        ranking.rank, question_index.search = originals["rank"], originals["search"]
        question_index.question_matches_by_kind, ranking._official_first = originals["matches"], originals["official"]
    return {"values": values, "records": records, "questions": questions}


def _question_row(kb, ranking, values, state, fold, rid, question, place, hits, records) -> dict:
    import re

    from adjudicator.ask import question_index

    entities = state["entities"]
    top = max((s for _, s in state["hits"]), default=1.0) or 1.0
    text = {r: s / top for r, s in state["hits"]}
    named = {e.record for e in entities if e.record}
    named |= set(ranking._attached(kb, [e for e in entities if e.kind in ("card", "scenario") and e.record
                                        and not e.example]))
    words = set(re.findall(r"[a-z]+", question.lower()))
    about = ranking._About(kb, entities, question)
    milestones = frozenset(question_index.load(kb).get("milestones", ()))
    candidates = []
    for item in state["ranked"]:
        record = item.record
        if record.id not in records:
            records[record.id] = _light(record)
        kind_names = (f"kind:{record.kind.value}",) + KIND_CONSTANTS
        kind_of = lambda: ranking._kind_weight(record, words, entities, milestones, text.get(record.id, 0.0),  # noqa: E731
                                               question)
        kind = kind_of()
        kind_applied = _applications(ranking, kind_names, kind_of)
        boost = about.boost(record)
        about_applied = _applications(ranking, ABOUT_CONSTANTS, lambda: about.boost(record)) if boost != 1.0 else {}
        candidates.append({
            "id": record.id, "text": round(text.get(record.id, 0.0), 5), "in_hits": record.id in text,
            "own": round(state.get("own", {}).get(record.id, (0.0, 0))[0], 5),
            "asked": round(state.get("written", {}).get(record.id, (0.0, 0))[0], 5),
            "named": record.id in named,
            "kind": kind_applied, "kind_rest": round(_rest(kind, kind_applied, values), 5),
            "about": about_applied, "about_rest": round(_rest(boost, about_applied, values), 5),
            "score": item.score, "deciding": record.id == rid or _inside(record, place)})
    return {"record": rid, "ask": question, "game": rid.split(":", 1)[0], "fold": fold, "asked_in": state["game"],
            "top1": bool(hits[:1] and hits[0]), "top3": any(hits[:3]), "candidates": candidates}


# ---------------------------------------------------------------------------------------------
# the offline scorer


def light_records(records: dict[str, dict]) -> dict[str, SimpleNamespace]:
    """Stand-ins for the records, holding what the reordering functions read."""
    out = {}
    for rid, r in records.items():
        span = SimpleNamespace(doc=r["doc"], start=r["start"], end=r["end"])
        out[rid] = SimpleNamespace(
            id=rid, span=span, also_in=[SimpleNamespace(doc=d, start=a, end=b) for d, a, b in r["also_in"]],
            links=[SimpleNamespace(rel=rel, target=t) for rel, t in r["links"]], text=r["text"],
            notes=r["notes"], _word_set=set(r["words"]), kind=SimpleNamespace(value=r["kind"]))
    return out


def lift_of(c: dict, p: dict, no_sibling: bool = False) -> tuple[float, float]:
    """(the lift, the overlap giving it): the better of the Q&A's own question and the asked ones."""
    best = (1.0, 0.0)
    asked = 0.0 if no_sibling and c.get("own_record") else c["asked"]
    for overlap, gain, floor in ((c["own"], p["QA_MATCH"], 0.0), (asked, p["ASKED_MATCH"], p["ASKED_FLOOR"])):
        if overlap <= floor:
            continue
        lift = 1 + gain * (overlap - floor) / (1 - floor)
        if lift > best[0]:
            best = (lift, overlap)
    return best


def candidate_score(c: dict, p: dict, no_sibling: bool = False) -> float | None:
    """A candidate's score under the constants ``p`` (None: it would not be a candidate).
    ``p`` holds the ranking's constants by name, among them the powers of the text score and
    the kind weight (``TEXT_POWER``, ``KIND_POWER``) and, offline only, ``ABOUT_POWER``."""
    base = base_score(c, p, no_sibling)
    return None if base is None else weighted(base, c, p)


def base_score(c: dict, p: dict, no_sibling: bool = False) -> float | None:
    """A candidate's score before its kind and about weights: its text score lifted by the
    question match, or the attached score (None: it would not be a candidate)."""
    lift, overlap = lift_of(c, p, no_sibling)
    if c["in_hits"]:
        return c["text"] ** p.get("TEXT_POWER", 1.0) * lift
    if overlap >= ATTACH_OVERLAP:
        return p["ATTACHED"] * lift
    if c["named"]:
        return p["ATTACHED"]
    return None


def weighted(base: float, c: dict, p: dict) -> float:
    """``base`` times the candidate's kind weight and about boost under the constants ``p``."""
    kind = c["kind_rest"]
    for name, n in c["kind"].items():
        kind *= p[name] ** n
    about = c["about_rest"]
    for name, n in c["about"].items():
        about *= p[name] ** n
    return base * kind ** p.get("KIND_POWER", 1.0) * about ** p.get("ABOUT_POWER", 1.0)


def rescore(question: dict, p: dict, records: dict, no_sibling: bool = False, limit: int = 5) -> list:
    """The question's candidates re-scored under ``p``, sorted and reordered as `rank` does:
    the kept ``Ranked`` items, best first."""
    from adjudicator.ask import ranking

    scored = []
    for c in question["candidates"]:
        s = candidate_score(c, p, no_sibling)
        if s is not None:
            scored.append(ranking.Ranked(s, records[c["id"]]))
    scored.sort(key=lambda r: (-r.score, r.record.id))
    scored = scored[:40]  # the reordering looks at the first ten; _one_each needs a few spare
    scored = ranking._official_first(scored)
    scored = ranking._full_entry_first(scored)
    return ranking._one_each(scored, limit)


def hits_of(question: dict, kept: list) -> tuple[bool, bool]:
    """(top-1, top-3): the first kept record is deciding; one of the first three is.  A deciding
    record merged into a kept one is not counted (`ask` cites the narrowest record holding the
    deciding sentence, which this cannot tell without the sentences): on the full dump this
    agrees with `ask`'s own answer on 4,215 of 4,251 questions' top-1 and never counts a hit
    `ask` misses."""
    deciding = {c["id"] for c in question["candidates"] if c["deciding"]}
    flags = [k.record.id in deciding for k in kept[:3]]
    return bool(flags and flags[0]), any(flags)


def evaluate(questions: list, p: dict, records: dict, no_sibling: bool = False) -> dict:
    """top-1 and top-3 of ``questions`` under ``p``, overall and per game, and the hits per question."""
    per_game: dict[str, list] = {}
    flags = []
    for q in questions:
        t1, t3 = hits_of(q, rescore(q, p, records, no_sibling))
        flags.append(t1)
        per_game.setdefault(q["game"], []).append((t1, t3))
        per_game.setdefault("all", []).append((t1, t3))
    table = {g: {"n": len(v), "top1": sum(a for a, _ in v) / len(v), "top3": sum(b for _, b in v) / len(v)}
             for g, v in per_game.items()}
    return {"table": table, "flags": flags}


def split_of(record: str) -> str:
    """``fit`` or ``check``: a record's half, by its sha256 (all of its questions on one side)."""
    return "fit" if int(hashlib.sha256(record.encode()).hexdigest(), 16) % 2 == 0 else "check"


def load_dump(path: Path) -> tuple[dict, list, dict]:
    data = json.loads(path.read_text(encoding="utf-8"))
    for name in POWERS:  # a dump made before the powers were constants of the ranking
        data["values"].setdefault(name, 1.0)
    for q in data["questions"]:
        for c in q["candidates"]:
            c["own_record"] = c["id"] == q["record"]
    return data["values"], data["questions"], light_records(data["records"])


# ---------------------------------------------------------------------------------------------
# the search

GRID = (0.5, 0.7, 0.85, 1.0, 1.15, 1.3, 1.6, 2.0)  # multiples of a constant's current value tried


def search_constants(questions: list, start: dict, names: list[str], records: dict, no_sibling: bool = False,
                     rounds: int = 2, log=print) -> dict:
    """Coordinate search: each constant in turn takes the multiple of its value that most raises
    top-1 (top-3 breaking ties, the current value kept on a tie), for ``rounds`` passes."""
    p = dict(start)

    def objective(params):
        t = evaluate(questions, params, records, no_sibling)["table"]["all"]
        return (round(t["top1"] * t["n"]), round(t["top3"] * t["n"]))

    best = objective(p)
    log(f"  start: top-1 {best[0]}, top-3 {best[1]} of {len(questions)}")
    for _ in range(rounds):
        changed = False
        for name in names:
            here = p[name]
            for m in GRID:
                value = here * m
                if name == "ASKED_FLOOR":
                    value = min(0.9, here + (m - 1) * 0.3)
                if m == 1.0 or value < 0:
                    continue
                trial = dict(p, **{name: value})
                got = objective(trial)
                if got > best:
                    best, p, changed = got, trial, True
            if p[name] != here:
                log(f"  {name}: {here:.3g} -> {p[name]:.3g}  top-1 {best[0]}, top-3 {best[1]}")
        if not changed:
            break
    return p


def _print_table(title: str, before: dict, after: dict | None = None) -> None:
    print(f"  {title}")
    for g, s in before.items():
        line = f"    {g:<5} n={s['n']:>5} top-1 {s['top1']:6.1%} top-3 {s['top3']:6.1%}"
        if after:
            a = after[g]
            line += f"  ->  top-1 {a['top1']:6.1%} top-3 {a['top3']:6.1%}"
        print(line)


def _paired(before: list, after: list) -> str:
    gained = sum(1 for a, b in zip(before, after) if b and not a)
    lost = sum(1 for a, b in zip(before, after) if a and not b)
    return f"gained {gained}, lost {lost}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=("dump", "score", "fit"))
    parser.add_argument("--dump", dest="path", type=Path, default=DUMP)
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--per-fold", type=int, default=None)
    parser.add_argument("--by-record", action="store_true", help="dump: fold by record (no sibling questions in the index)")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--no-sibling-lift", action="store_true")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--min-words", type=int, default=0,
                        help="score or fit only the asked questions of at least this many words (players write long ones)")
    parser.add_argument("--only", default="", help="comma-separated constants to fit (default: all)")
    args = parser.parse_args()
    started = time.perf_counter()
    if args.mode == "dump":
        from adjudicator.kb.api import open_kb

        data = dump(open_kb(quiet=True), per_fold=args.per_fold, by_record=args.by_record)
        out = args.out or args.path
        out.write_text(json.dumps(data), encoding="utf-8")
        qs = data["questions"]
        print(f"{len(qs)} questions, {sum(len(q['candidates']) for q in qs)} candidates -> {out}")
        print(f"  as asked: top-1 {sum(q['top1'] for q in qs) / len(qs):.1%}, "
              f"top-3 {sum(q['top3'] for q in qs) / len(qs):.1%}")
        print(f"{time.perf_counter() - started:.0f} s")
        return
    values, questions, records = load_dump(args.path)
    questions = [q for q in questions if len(q["ask"].split()) >= args.min_words]
    p = dict(values)
    for item in args.set:
        name, value = item.split("=", 1)
        p[name] = float(value)
    if args.mode == "score":
        base = evaluate(questions, values, records, args.no_sibling_lift)
        asked = {"n": len(questions), "top1": sum(q["top1"] for q in questions) / len(questions),
                 "top3": sum(q["top3"] for q in questions) / len(questions)}
        print(f"{len(questions)} questions; as asked (ask's answer): top-1 {asked['top1']:.1%}, top-3 {asked['top3']:.1%}")
        for half in ("fit", "check"):
            chosen = [q for q in questions if split_of(q["record"]) == half]
            b = evaluate(chosen, values, records, args.no_sibling_lift)
            a = evaluate(chosen, p, records, args.no_sibling_lift)
            _print_table(f"{half} half: current constants -> with --set ({_paired(b['flags'], a['flags'])})",
                         b["table"], a["table"])
        del base
        print(f"{time.perf_counter() - started:.1f} s")
        return
    fit = [q for q in questions if split_of(q["record"]) == "fit"]
    check = [q for q in questions if split_of(q["record"]) == "check"]
    names = [n for n in args.only.split(",") if n] or (
        list(POWERS) + ["ABOUT_POWER"] + list(LIFT_CONSTANTS) + list(ABOUT_CONSTANTS) + list(KIND_CONSTANTS)
        + [k for k in values if k.startswith("kind:")])
    start = dict(p, ABOUT_POWER=1.0)
    print(f"fitting {len(names)} constants on {len(fit)} questions (records' half 'fit'), "
          f"checking on {len(check)}{' (no sibling lift)' if args.no_sibling_lift else ''}")
    fitted = search_constants(fit, start, names, records, args.no_sibling_lift, args.rounds)
    changed = {n: round(fitted[n], 4) for n in fitted if fitted[n] != start[n]}
    print("changed:", json.dumps(changed))
    for half, qs in (("fit", fit), ("check", check)):
        b = evaluate(qs, start, records, args.no_sibling_lift)
        a = evaluate(qs, fitted, records, args.no_sibling_lift)
        _print_table(f"{half} half ({_paired(b['flags'], a['flags'])})", b["table"], a["table"])
    print(f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
