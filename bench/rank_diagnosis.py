"""Why the deciding record lost: for each missed question of a tuning set, where the deciding
record ranked and how its score was made, beside the top answer's.

    python bench/rank_diagnosis.py players --leave-out-round 15  # the players' tune half (answerable), less the unseen round
    python bench/rank_diagnosis.py forum        # the forum-cited set's tune half
    python bench/rank_diagnosis.py asked --per-fold 40   # asked questions, their fold out
    python bench/rank_diagnosis.py players --json FILE   # every row as JSON
    python bench/rank_diagnosis.py ablate --per-fold 150  # each ranking mechanism off in turn, all three sets
    python bench/rank_diagnosis.py fresh --file FILE      # questions of one's own, in the players' layout
    python bench/rank_diagnosis.py ablate --file FILE --only TIMING_CHART,ASIDE   # some, and FILE too

Only tuning sets: the players' held-out half and the forum set's check half are never read.
A row: the question, the game detected, the deciding record's place among `ranking.rank`'s
candidates (None: not a candidate; then its place in the text search alone, if any), and the
score parts (text, question lift, kind, about) of the top answer and of the deciding record.
The tally at the end sorts the misses by what came first instead (``miss_kind``).

What the tally showed (2026-11-26, main at 38724cc; misses at top-1, by what came first):

| what came first                                   | players tune (28) | forum tune (50) | asked, 750 (334) |
|---------------------------------------------------|------|------|------|
| a named card's or scenario's own record           |   8  |   3  |  19  |
| a rule raised 1.5x or more by a named card        |   0  |   3  |   5  |
| a named term's entry (term and subject boosts)    |   6  |   9  | 101  |
| a neighbouring Q&A                                |   2  |   7  |  22  |
| a neighbouring clarification                      |   3  |   0  |  36  |
| another record on shared words                    |   4  |   7  | 102  |
| not a candidate (the rule's words are not asked)  |   5  |  19  |  27  |
| wrong game                                        |   0  |   2  |  22  |

No hit of the players' or the forum's tune half had a first record raised by a named card,
while 15 misses did: a card's Q&A naming the card only in its answer (FAQ q:37, Gandalf as an
example) or settling a combination the question names only part of (q:82, Sneak Attack with
Sword-thain, first for three Sneak Attack + Gandalf questions).  Fixed in `ranking._About`
(players tune 59% -> 61%).  Tried and not kept (rank-level top-1 on players tune / forum tune /
asked 750, before 44 / 8 / 416): the words of a named card's name weighed 0.3 in the text search
(44 / 8 / 402: the asked questions about a card lose), a card's boost 1.6 -> 1.0-1.4 (1.3: 44 /
8 / 417, one question each way), a clarification or ruling whose title names a named term taking
that term's boosts (forum +3, players -1 top-1 and -4 top-3: the forum's labels are FAQ entries,
the players' mostly the Rules Reference entries that restate them), a record's matched words
in one sentence over words spread across its sentences (players -2 to -7), a Q&A's question
counted at body weight rather than title weight (players -1, forum +1), more text candidates
(80 -> 150, 300: nothing moves), the named term's boosts lowered although that kind leads the
asked questions' misses (its hits lean on them more: subject 1.3 -> 1.15 gave 45 / 8 / 413 and
forum top-3 -1, 1.0 lower everywhere; term 1.25 -> 1.15 gave 43 / 8 / 413).  A fit of the ranking's constants (bench/fit_ranking.py's
search) on the forum tune half and half of the asked questions raised both (forum 8 -> 10 of
58, asked 174 -> 201 of 382) and moved nothing on the asked questions' other half (219 -> 218 of
368) while the players' tune half fell 42 -> 27 of 71: it learns each set's labelling (FAQ
clarifications x1.8, rules x0.4, steps x0.4).  A search accepting only changes that lower none
of the three sets found +1 / 0 / +5 and -1 on the asked questions' other half: the constants
are at a point where no weight change carries from one set of questions to another.

Session 12 (main at 7df8940; rank-level top-1/top-3 before: players tune 44/57 of 71, forum tune
8/17 of 58, asked 414/574 of 750).  Each mechanism switched off in turn (`ablate`), the change in
top-1/top-3 per set: the ones every set needs are likely general, the ones only the players' tune
half needs are likely fitted to it:

| switched off                                   | players   | forum    | asked     |
|------------------------------------------------|-----------|----------|-----------|
| subject term (SUBJECT_BOOST)                   | -1 / 0    | 0 / -1   | -10 / -4  |
| named term's entry (TERM_BOOST)                | -1 / 0    | 0 / 0    | -8 / -5   |
| record linking to the term (TERM_LINK_BOOST)   | 0 / -1    | -1 / -2  | -3 / -1   |
| Companion page restating (RESTATED)            | -3 / -2   | 0 / -4   | -3 / -5   |
| named card's records (CARD_BOOST)              | 0 / 0     | 0 / +1   | -6 / -5   |
| named scenario's records (SCENARIO_BOOST)      | 0 / 0     | 0 / 0    | -2 / -3   |
| Q&A's own question (QA_MATCH)                  | -1 / 0    | 0 / 0    | -2 / -3   |
| FAQ clarification found as well (CLARIF.)      | -1 / 0    | -2 / 0   | 0 / 0     |
| quick-reference summary (SUMMARY)              | 0 / 0     | 0 / 0    | -2 / -2   |
| timing chart (TIMING_CHART)                    | -2 / -1   | 0 / 0    | 0 / -1    |
| card's play links (CARD_LINK play)             | -1 / -3   | 0 / -1   | 0 / 0     |
| ruling about a card not named (SPECIFIC)       | -4 / -2   | 0 / -3   | +4 / -4   |
| asked questions matched (ASKED_MATCH)          | -3 / 0    | 0 / -1   | +7 / +1   |
| quotations weigh less (ASIDE)                  | -2 / +1   | 0 / +1   | 0 / 0     |
| the if-case weighs less (CONDITION)            | -1 / -1   | 0 / 0    | +1 / +2   |
| scene sentences weigh less (SETTING)           | +1 / -2   | 0 / 0    | 0 / 0     |
| full entry before overview                     | -1 / 0    | 0 / 0    | +2 / +1   |
| milestone step (MILESTONE)                     | 0 / 0     | 0 / 0    | 0 / -2    |
| official first; card only as example           | 0 / 0     | 0 / 0    | 0 / 0     |

(ASKED_MATCH on the asked set: a left-out question still finds its siblings, so its +7 says
little.)  Tried this session and not kept, each on all three sets (top-1 before -> after; players
/ forum / asked): a coverage factor, the share of the question's weighted words a record holds,
on every candidate (score x (0.1 + 0.9 cover)^0.5: 44->43 / 8->8 / 414->418, top-3 57->55; ^1:
42 / 7 / 418); the same coverage scaling only the term and subject boosts (43 / 8 / 411; squared:
42 / 8 / 404); a Q&A's own-question lift scaled or mixed with how its asking clause (its question
without its if-case) matches the player's asking words (scaled: 43 / 8 / 412; mixed half and
half: 44 / 8 / 413, nothing else moved); a term's entry boosted only when the term is named
outside the scene sentences (43 / 8 / 414), and outside the if-case too (42 / 8 / 413); a
declarative lead clause ("we have enough progress, can we ...?") read as the case, like an
if-clause (44 / 8 / 412, top-3 asked +1); records of one section as the first three (neighbours)
reordered by the asking words they hold, when within 0.7 of the better one's score (44 / 7 / 412,
top-3 55 / 14 / 571); a named scenario's boost only when named outside the scene (nothing moved);
a Q&A's kind weight 1.0 -> 0.9 (43 / 8 / 414); the Companion restating penalty only for pages
linked to their official entry (42 / 8 / 410); the see-also, defined-in, detailed-in (and
touches, qa, ruling) targets of the five best text matches joined as candidates (nothing moved);
a lift for the record whose one-line summary matches the question (x (1 + 0.3 overlap): 44 / 8 /
409); a record holding none of the words of the case the question sets (its if-clause or opening
statement) x0.8 (43 / 8 / 414).  Kept: a named card's boost only for a record holding one of the
words that ask (`_About._holds_asking_words`: players and forum unchanged, asked 414/574 ->
415/573; review 12's fresh card questions A22 and P27 now open with Restricted and Exhausted).
"""

from __future__ import annotations

import checkout  # noqa: F401  (measure this checkout, not the installed package)
import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from eval_players import is_deciding  # noqa: E402


def _places(record) -> dict:
    return {"id": record.id, "source": record.span.doc, "lines": (record.span.start, record.span.end),
            "also_in": [{"source": s.doc, "lines": (s.start, s.end)} for s in record.also_in]}


def diagnose(kb, question: str, ids: set[str], places: list, game: str | None = None) -> dict:
    from adjudicator.ask import game_detection
    from adjudicator.ask.answer import _abbreviations, _expander
    from adjudicator.ask.question_index import search, terms_of
    from adjudicator.ask.ranking import _weighted, rank

    detected = game or game_detection.detect(kb, question).game
    entities = game_detection.linker_for(kb).link(question, detected)
    expanded = _abbreviations(kb, _expander(kb, detected).expand(question), detected)
    ranked = rank(kb, question, detected, entities, expanded, limit=60)

    def hit(item) -> bool:
        return any(is_deciding(_places(r), ids, places) for r in [item.record, *item.merged])

    at = next((i for i, item in enumerate(ranked) if hit(item)), None)
    text_at = None
    if at is None:
        weighted = _weighted(question, terms_of(expanded), entities)
        hits = search(kb, weighted, detected, limit=3000)
        text_ids = [rid for rid, _ in hits]
        text_at = next((i for i, rid in enumerate(text_ids) if rid in ids), None)
    top = ranked[0] if ranked else None
    return {"game": detected, "at": at, "text_at": text_at,
            "top": top and {"id": top.record.id, "kind": top.record.kind.value, "score": round(top.score, 3), **top.parts},
            "deciding": None if at is None else {"id": ranked[at].record.id, "kind": ranked[at].record.kind.value,
                                                 "score": round(ranked[at].score, 3), **ranked[at].parts},
            "entities": [(e.kind, e.key, e.record, e.example) for e in entities],
            "got": [item.record.id for item in ranked[:3]]}


def miss_kind(row: dict) -> str:
    """What came first instead of the deciding record, in kinds (the tally)."""
    if row["game"] != row["labels"][0].split(":", 1)[0]:
        return "wrong game"
    if row["at"] is None:
        return "not a candidate (the rule's words are not asked)"
    top = row["top"]
    rid, about = top["id"], top.get("about", 1.0)
    named = any(kind in ("card", "scenario") and not example for kind, _, _, example in row["entities"])
    if about >= 1.5 and named:
        own = any(part in rid for part in (":q:", ":qa:", ":ruling:", ":scenario:", ":card:", ":page:", "errata"))
        return "a named card's or scenario's own record" if own else "a rule raised 1.5x or more by a named card"
    if about >= 1.25:
        return "a named term's entry (term and subject boosts)"
    if ":q:" in rid or ":qa:" in rid:
        return "a neighbouring Q&A"
    if "clarification" in rid or ":faq:1." in rid:
        return "a neighbouring clarification"
    return "another record on shared words"


def players(kb, leave_out: tuple[int, ...] = ()) -> list[dict]:
    """The tune half's answerable questions, less the rounds ``leave_out`` names (the unseen round),
    each ranked as ``eval_players`` asks it: the settled questions of its own thread are left out
    (``settled_questions.leaving_out``), so that no vote a ranking reads comes from its own thread."""
    from eval_players import deciding_places, kb_spans_now, load

    from adjudicator.ask.settled_questions import leaving_out

    spans = kb_spans_now()
    out = []
    for q in load("tune", None, leave_out):
        if not q.get("answerable", True):
            continue
        ids, places = deciding_places(q, spans)
        with leaving_out([q["source"]] if q.get("source") else [], [q["id"]]):
            row = diagnose(kb, q["q"], ids, places)
        out.append({"id": q["id"], "q": q["q"], "labels": sorted(ids), **row})
    return out


def fresh(kb, path: str) -> list[dict]:
    """A file of questions in the players' set's layout (``questions``: id, game, q, deciding),
    e.g. questions a helper wrote by hand to check a change away from the tuning sets; each is
    asked with its own game, as the players' set is."""
    import yaml

    players = (Path(__file__).resolve().parent.parent / "tests" / "eval" / "players").resolve()
    if Path(path).resolve().parent == players and Path(path).name != "tune.yaml":
        raise SystemExit("of the players' set only the tune half is diagnosed: the held-out half is read by no "
                         "one who tunes `ask` (tests/eval/players/README.md)")
    out = []
    for q in yaml.safe_load(Path(path).read_text(encoding="utf-8"))["questions"]:
        ids = {d["id"] for d in q["deciding"]}
        places = [(d["doc"], *d["lines"]) for d in q["deciding"]]
        out.append({"id": q["id"], "q": q["q"], "labels": sorted(ids), **diagnose(kb, q["q"], ids, places)})
    return out


def forum(kb) -> list[dict]:
    from eval_forum import label_places, load

    places = label_places()
    out = []
    for q in load("tune"):
        ids = set(q["labels"])
        where = [p for label in ids for p in places.get(label, [])]
        out.append({"id": q["id"], "q": q["q"], "labels": sorted(ids), **diagnose(kb, q["q"], ids, where)})
    return out


def asked(kb, per_fold: int) -> list[dict]:
    from eval_asked_folds import left_out

    out = []
    for fold, rid, item, spans in left_out(kb, 5, per_fold):
        out.append({"id": f"{rid}#{fold}", "q": item.ask, "labels": [rid],
                    **diagnose(kb, item.ask, {rid}, [spans[rid]])})
    return out


def _switch(name: str, value):
    """Set ``ranking.NAME`` (a constant, a function, or ``DICT[key]``) to ``value``; returns the undo."""
    from adjudicator.ask import ranking

    if "[" in name:
        table, key = name[:-1].split("[")
        table, key = getattr(ranking, table), key.strip("'\"")
        old = table[key]
        table[key] = value
        return lambda: table.__setitem__(key, old)
    old = getattr(ranking, name)
    setattr(ranking, name, value)
    return lambda: setattr(ranking, name, old)


# each ranking mechanism, and how to switch it off (its factor 1, its reordering skipped)
ABLATIONS = (
    ("timing chart for action-window questions", "TIMING_CHART", 1.0),
    ("a named card's play links (card_links)", "CARD_LINK['play']", 1.0),
    ("a FAQ clarification found nearly as well as the best", "CLARIFICATION_WEIGHT", 1.0),
    ("the asking clause's subject term", "SUBJECT_BOOST", 1.0),
    ("a named term's entry", "TERM_BOOST", 1.0),
    ("a record linking to a named term's entry", "TERM_LINK_BOOST", 1.0),
    ("a named card's own records", "CARD_BOOST", 1.0),
    ("a named scenario's own records", "SCENARIO_BOOST", 1.0),
    ("a ruling about a card or scenario not named", "SPECIFIC", 1.0),
    ("a card named only as an example", "EXAMPLE_ONLY", 1.0),
    ("a Q&A's own question matched", "QA_MATCH", 0.0),
    ("the asked questions matched", "ASKED_MATCH", 0.0),
    ("scene sentences weigh less", "SETTING", 1.0),
    ("the if-case weighs less", "CONDITION", 1.0),
    ("quotations and examples weigh less", "ASIDE", 1.0),
    ("a Companion page restating a rule", "RESTATED", 1.0),
    ("a quick-reference summary", "SUMMARY", 1.0),
    ("a step marking a phase's start or end", "MILESTONE", 1.0),
    ("the official entry before its Companion page", "_official_first", lambda ranked: ranked),
    ("the full entry before its overview", "_full_entry_first", lambda ranked: ranked),
)


def ablate(kb, per_fold: int, fresh_file: str | None = None, only: str | None = None,
           leave_out: tuple[int, ...] = ()) -> int:
    """Each mechanism switched off in turn: how many questions of each tuning set move in or
    out of the first place and the first three.  A mechanism that only the players' tune half
    needs is likely fitted to it; one that every set needs is likely general."""
    sets = (("players tune", lambda: players(kb, leave_out)), ("forum tune", lambda: forum(kb)),
            (f"asked {5 * per_fold}", lambda: asked(kb, per_fold)))
    if fresh_file:
        sets += (("fresh", lambda: fresh(kb, fresh_file)),)

    def score() -> list[tuple[int, int]]:
        out = []
        for _, run in sets:
            rows = run()
            out.append((sum(r["at"] == 0 for r in rows), sum(r["at"] is not None and r["at"] < 3 for r in rows)))
        return out

    base = score()
    print("top-1 / top-3 with every mechanism: " + ", ".join(f"{name} {a}/{b}" for (name, _), (a, b) in zip(sets, base)))
    print(f"{'switched off':<52}" + "".join(f"{name:>16}" for name, _ in sets))
    for label, name, value in ABLATIONS:
        if only and name not in only.split(","):
            continue
        undo = _switch(name, value)
        try:
            got = score()
        finally:
            undo()
        print(f"{label:<52}" + "".join(f"{a - x:>+8d} /{b - y:>+4d} " for (a, b), (x, y) in zip(got, base)), flush=True)
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("set", choices=("players", "forum", "asked", "fresh", "ablate"))
    parser.add_argument("--per-fold", type=int, default=40)
    parser.add_argument("--file", help="fresh: the questions' file; ablate: also measure it")
    parser.add_argument("--only", help="ablate: only these mechanisms (names as in ABLATIONS, comma-separated)")
    parser.add_argument("--json", metavar="FILE")
    parser.add_argument("--leave-out-round", type=int, action="append", default=[], metavar="N",
                        help="players, ablate: leave the questions of collection round N out (repeatable; "
                             "default: the unseen round, eval_players.UNSEEN_ROUND; 0 leaves none out)")
    args = parser.parse_args(argv)
    from eval_players import UNSEEN_ROUND

    args.leave_out_round = [n for n in (args.leave_out_round or [UNSEEN_ROUND]) if n]
    from adjudicator.kb.api import open_kb

    kb = open_kb(quiet=True)
    if args.set == "ablate":
        return ablate(kb, args.per_fold, args.file, args.only, tuple(args.leave_out_round))
    if args.set == "fresh":
        if not args.file:
            parser.error("fresh needs --file")
        rows = fresh(kb, args.file)
    else:
        rows = players(kb, tuple(args.leave_out_round)) if args.set == "players" else \
            forum(kb) if args.set == "forum" else asked(kb, args.per_fold)
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1), encoding="utf-8")
    n = len(rows)
    top1 = sum(r["at"] == 0 for r in rows)
    top3 = sum(r["at"] is not None and r["at"] < 3 for r in rows)
    absent = sum(r["at"] is None for r in rows)
    print(f"{args.set}: {n} questions; deciding first {top1}, in the first three {top3}, "
          f"not a candidate {absent} (in the text search's first 3000: "
          f"{sum(r['at'] is None and r['text_at'] is not None for r in rows)})")
    for r in rows:
        if r["at"] == 0:
            continue
        print(f"- {r['id']} {r['labels']} at={r['at']} text_at={r['text_at']}\n    {r['q'][:300]}")
        print(f"    top {r['top']}\n    dec {r['deciding']}")
    tally: dict[str, int] = {}
    for r in rows:
        if r["at"] != 0:
            tally[miss_kind(r)] = tally.get(miss_kind(r), 0) + 1
    print(f"misses by what came first ({sum(tally.values())}):")
    for kind, n in sorted(tally.items(), key=lambda kv: -kv[1]):
        print(f"  {n:>4}  {kind}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
