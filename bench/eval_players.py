"""How well `adjudicator ask` answers questions real players asked in public.

    python bench/eval_players.py                     # the held-out half (the figures to report)
    python bench/eval_players.py --half tune         # the half that may be tuned on
    python bench/eval_players.py --half all
    python bench/eval_players.py --with-game         # pass each question's game as --game
    python bench/eval_players.py --timing            # also: `ask` as a whole process, median
    python bench/eval_players.py --half tune --misses
    python bench/eval_players.py --half tune --sentences  # top-1 hits: sentence shown, `says`
    python bench/eval_players.py --half tune --show-inferred  # inferred readings scored as if shown
    python bench/eval_players.py --half tune --round 7   # only the questions a collection round added (the held-out half: the lead, once)
    python bench/eval_players.py --half tune --round 0   # only the first six rounds' (no `round` field)
    python bench/eval_players.py --half tune --leave-out-round 10   # the tune half without an unseen round
    python bench/eval_players.py --half tune --round 8 --without-own-round  # no settled question of round 8 votes
    python bench/eval_players.py --judged            # records judged `decides` (every judged*.yaml) count as deciding

The questions are in tests/eval/players/ (tune.yaml, heldout.yaml; README.md there says how
they were collected).  Each is asked exactly as `adjudicator ask "<question>" --json` would
be, in process, WITHOUT --game unless --with-game is given: recognising the game is part of
what is measured; and with the players' settled questions of its own thread left out
(``settled_questions.leaving_out``; --with-own-thread lets them vote): the data
(rules_db/<game>/settled_questions.yaml) is made from the tune half, and a player's new
question comes from a thread it does not hold.  Figures, per game and overall, answerable and
unanswerable questions apart:

  top-1        the top answer's record is a deciding record of the question
  top-3        a deciding record is among the first three records cited
  verdict      the answer's `verdict` agrees with the question's recorded verdict
  wrong verdict  how many answers show a yes, a no or a number that is not the right one
  wrong game   the answer came from another game than the question's
  sentence     among the answerable questions whose top answer is a deciding record (the
               top-1 hits), the share where the text shown as the answer (the verdict's
               `text`, what the player reads first) holds the `says` words recorded for
               that deciding record: at least one of its `says` phrases, whole, compared
               with case, spacing and punctuation ignored ("k/n" is how many of the n
               top-1 hits).  It tells whether the right record's right sentence is shown,
               not only the right record cited
It also prints, for the answerable questions, how many verdicts of each kind were shown and
how many of them were right: yes/no or a number, "stated" (the documents' own words) or
"inferred" (adjudicator's reading), or the deciding sentence as it is ("sentence"; right
only when it holds the recorded key words).

"Is a deciding record" means: the same record id, or the same place, i.e. a record whose
span (its own lines, or one of its `also_in` copies) lies inside a deciding record's span in
the same document, using the span recorded with the question or the deciding record's
current span in the knowledge base.  A record contained in the deciding record says the
same thing from the same lines, so it counts.

With --judged (every tests/eval/players/judged*.yaml unless files are named: sessions 18 and 19's pooled,
blind judgments, bench/pooled_judging.py), a record judged `decides` for a judged question counts as one
of its deciding records too (the labels stay; every other question is scored as labelled).  A record
that several files judge for the same question counts only when each says `decides`; a judgment settled
by re-reading (`after_rereading`) stands for the first.  A top-1 hit only through a judged record has
no `says` words, so it is left out of the sentence column.

The verdict contract (`ask --json`): a top-level `verdict`, null or {"kind": "yes" | "no" |
"number" | "text", "value": ..., "text": <the sentence shown>, "basis": "stated" | "inferred"},
and a top-level `game`.
Verdicts are compared leniently:
  yes / no   polarity: kind yes/no with the same polarity, or a text verdict whose first
             word is that yes/no
  number     "4 threat": a number verdict of the same value whose text names the unit
             (singular or plural, case ignored); a bare "3" needs the value only
  key words  a list: every key word appears in the verdict's text (case and spacing ignored),
             and the first record cited is a deciding one (since session 26: key words found by
             chance in a record that does not decide the question are not an answer; the figure
             without this condition is kept as `verdict_loose` in --json)
A missing verdict is wrong.  The game answered is the top-level `game` when present, else
the game of the top answer's document.
"""

from __future__ import annotations

import checkout  # noqa: F401  (measure this checkout, not the installed package)
import argparse
import hashlib
import json
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PLAYERS = REPO / "tests" / "eval" / "players"
HALVES = ("tune", "heldout")
GAMES = ("lotr", "metw", "meq")
DOC_GAME = {"lotr-rr": "lotr", "lotr-faq": "lotr", "lotr-qc": "lotr", "metw-rules": "metw", "meq-rules": "meq"}
NUMBER = re.compile(r"^(-?\d+(?:\.\d+)?)(?:\s+(.+))?$")
# the newest tune round, kept unseen by those who tune (figures only); rounds before it are readable
UNSEEN_ROUND = 17
# a text verdict counts as a yes or a no only when the word stands alone: "No." / "Yes, ..." (not "No more than")
STANDALONE_YES_NO = re.compile(r"\s*(yes|no)\s*(?:[,.:;!]|\u2014|\u2013|-\s|$)", re.IGNORECASE)


def half_of(question_id: str) -> str:
    """The split rule, fixed before any tuning: the parity of the id's sha256 (so adding a
    question never moves another one); every game falls about evenly into both halves."""
    return "heldout" if int(hashlib.sha256(question_id.encode()).hexdigest(), 16) % 2 == 0 else "tune"


def load_half(half: str) -> list[dict]:
    import yaml

    return yaml.safe_load((PLAYERS / f"{half}.yaml").read_text(encoding="utf-8"))["questions"]


def load(half: str, round_: int | None = None, leave_out: tuple[int, ...] = ()) -> list[dict]:
    """The questions of a half (or both); with ``round_``, only those the collection round of
    that number added (their ``round`` field).  The first six rounds' questions carry none:
    ``round_=0`` selects them, the set as it stood before the seventh round (so figures measured
    before it can be compared).  ``leave_out`` drops the questions of those rounds (an unseen
    round that whoever tunes `ask` must not run)."""
    questions = [q for h in (HALVES if half == "all" else (half,)) for q in load_half(h)
                 if q.get("round", 0) not in leave_out]
    return questions if round_ is None else [q for q in questions if q.get("round", 0) == round_]


# -- scoring one answer -----------------------------------------------------------------------


def _places(cited: dict) -> list[tuple[str, int, int]]:
    places = [(cited["source"], *cited["lines"])]
    places += [(c["source"], *c["lines"]) for c in cited.get("also_in", [])]
    return places


def deciding_places(question: dict, kb_spans: dict) -> tuple[set[str], list[tuple[str, int, int]]]:
    ids, places = set(), []
    for d in question.get("deciding", []):
        ids.add(d["id"])
        places.append((d["doc"], *d["lines"]))
        if d["id"] in kb_spans:
            places.append(kb_spans[d["id"]])
    return ids, places


def is_deciding(cited: dict, ids: set[str], places: list[tuple[str, int, int]]) -> bool:
    if cited["id"] in ids:
        return True
    return any(doc == pdoc and pa <= a and b <= pb
               for doc, a, b in _places(cited) for pdoc, pa, pb in places)


def deciding_matched(question: dict, cited: dict, kb_spans: dict) -> list[dict]:
    """The question's deciding records that ``cited`` is (same id, or inside its place)."""
    out = []
    for d in question.get("deciding", []):
        places = [(d["doc"], *d["lines"])] + ([kb_spans[d["id"]]] if d["id"] in kb_spans else [])
        if is_deciding(cited, {d["id"]}, places):
            out.append(d)
    return out


def _plain(text: str) -> str:
    """Lower case, letters and digits only, single spaces: "Owner's  discard-pile." ->
    "owner s discard pile" (a curly and a straight apostrophe compare equal)."""
    return " " + " ".join(re.sub(r"[^a-z0-9]+", " ", str(text).lower()).split()) + " "


def holds_says(shown: str, deciding: list[dict]) -> bool:
    """The text shown holds a `says` phrase of one of the deciding records, whole."""
    text = _plain(shown)
    return any(_plain(words) in text for d in deciding for words in d.get("says", []) if _plain(words).strip())


def _words(text: str) -> str:
    return " " + re.sub(r"[^a-z0-9+\-.]+", " ", str(text).lower()).strip() + " "


def verdict_right(expected, got: dict | None) -> bool:
    if not got:
        return False
    text = _words(got.get("text") or got.get("value") or "")
    if isinstance(expected, list):
        return all(_words(word).strip() in text for word in expected)
    expected = str(expected).strip().lower()
    if expected in ("yes", "no"):
        if got.get("kind") in ("yes", "no"):
            return got["kind"] == expected
        standing = STANDALONE_YES_NO.match(str(got.get("text") or ""))
        return bool(standing) and standing.group(1).lower() == expected
    match = NUMBER.match(expected)
    if match and got.get("kind") == "number":
        try:
            same = float(got.get("value")) == float(match.group(1))
        except (TypeError, ValueError):
            return False
        unit = match.group(2)
        stem = unit[:-1] if unit.endswith("s") and not unit.endswith("ss") else unit  # "prowess" keeps its s
        return same and (not unit or re.search(r"\b" + re.escape(stem) + "s?\\b", text) is not None)
    return False


def wrong_verdict(expected, got: dict | None) -> bool:
    """A yes, a no or a number shown to the player that is not the right one (a missing
    verdict, or the deciding sentence given as the answer, is not counted here)."""
    return bool(got) and got.get("kind") in ("yes", "no", "number") and not verdict_right(expected, got)


def answered_game(answer: dict) -> str | None:
    if answer.get("game"):
        return answer["game"]
    best = answer.get("best")
    return DOC_GAME.get(best["source"]) if best else None


JUDGED = PLAYERS / "judged18-heldout.yaml"


def read_judged_decides(path: Path = JUDGED) -> dict[str, list[str]]:
    """{question id: [record ids judged `decides`]} from a pooled-judgments file (a judgment settled
    by re-reading, ``after_rereading``, stands for the first)."""
    return {qid: [rid for rid, j in records.items() if j == "decides"] for qid, records in _judgments(path).items()}


def _judgments(path: Path) -> dict[str, dict[str, str]]:
    import yaml

    data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    return {q["id"]: {r["record"]: r.get("after_rereading", r["judgment"]) for r in q["records"]}
            for q in data["questions"]}


def judged_files() -> list[Path]:
    """Every pooled-judgments file (tests/eval/players/judged*.yaml), in name order."""
    return sorted(PLAYERS.glob("judged*.yaml"))


def read_all_judged_decides(paths: list[Path]) -> dict[str, list[str]]:
    """{question id: [record ids judged `decides`]} over several judgments files: a record that
    several files judge for the same question counts only when each of them says `decides`."""
    seen: dict[str, dict[str, list[str]]] = {}
    for path in paths:
        for qid, records in _judgments(path).items():
            for rid, judgment in records.items():
                seen.setdefault(qid, {}).setdefault(rid, []).append(judgment)
    return {qid: [rid for rid, js in records.items() if all(j == "decides" for j in js)]
            for qid, records in seen.items()}


def with_judged(questions: list[dict], decides: dict[str, list[str]], kb_spans: dict) -> list[dict]:
    """The questions with each record judged `decides` for them added to their deciding records
    (marked ``judged``, no `says`); questions without judgments are returned as they are."""
    out = []
    for q in questions:
        extra = [rid for rid in decides.get(q["id"], []) if rid not in {d["id"] for d in q.get("deciding", [])}]
        if not extra:
            out.append(q)
            continue
        added = [{"id": rid, "doc": kb_spans[rid][0], "lines": [kb_spans[rid][1], kb_spans[rid][2]], "judged": True}
                 for rid in extra if rid in kb_spans]
        out.append(dict(q, deciding=list(q.get("deciding", [])) + added))
    return out


def score(question: dict, answer: dict, kb_spans: dict) -> dict:
    ids, places = deciding_places(question, kb_spans)
    cited = ([answer["best"]] if answer.get("best") else []) + list(answer.get("supporting", []))
    hits = [is_deciding(c, ids, places) for c in cited]
    game = answered_game(answer)
    top1 = bool(hits[:1] and hits[0])
    shown_text = (answer.get("verdict") or {}).get("text") or ""
    deciding = deciding_matched(question, cited[0], kb_spans) if top1 else []
    labelled = [d for d in deciding if not d.get("judged")]  # a judged record carries no `says` words
    return {"id": question["id"], "game": question["game"], "answerable": question["answerable"],
            "top1": bool(hits[:1] and hits[0]), "top3": any(hits[:3]),
            "verdict": verdict_right(question["verdict"], answer.get("verdict"))
            and (top1 or not isinstance(question["verdict"], list)),
            "verdict_loose": verdict_right(question["verdict"], answer.get("verdict")),
            "wrong_verdict": wrong_verdict(question["verdict"], answer.get("verdict")),
            "wrong_game": game is not None and game != question["game"],
            "got": [c["id"] for c in cited[:3]], "answered_game": game,
            "shown": _shown(answer.get("verdict")),
            # top-1 hits only: whether the text shown holds the deciding record's `says` words
            "sentence": holds_says(shown_text, labelled) if labelled and question["answerable"] else None,
            "shown_text": shown_text, "says": [w for d in deciding for w in d.get("says", [])]}


def _shown(got: dict | None) -> str:
    """What the player is shown as the verdict: "yes/no stated", "yes/no inferred", "number
    stated", ..., "sentence" (the deciding sentence as it is) or "none"."""
    if not got:
        return "none"
    if got.get("kind") == "text":
        return "sentence"
    kind = "yes/no" if got.get("kind") in ("yes", "no") else got.get("kind", "?")
    return f"{kind} {got.get('basis', 'stated')}"


# -- running `ask` ----------------------------------------------------------------------------


def ask_in_process(questions: list[dict], with_game: bool, own_thread: bool = False,
                   own_round: bool = False) -> list[tuple[dict, float]]:
    """Each question through the real CLI command (`ask --json`), in this process.  Unless
    ``own_thread``, the players' settled questions of the question's own thread (and the question
    itself) do not vote (``settled_questions.leaving_out``): a player's new question comes from a
    thread the data does not hold.  With ``own_round`` left out as well, no entry of the
    question's collection round votes either: a round the data does not hold at all."""
    from contextlib import nullcontext

    from typer.testing import CliRunner

    from adjudicator.ask.settled_questions import leaving_out
    from adjudicator.cli import build_app

    app, runner, out = build_app(), CliRunner(), []
    rounds = _settled_ids_by_round() if own_round else {}
    for q in questions:
        args = ["ask", q["q"], "--json"] + (["--game", q["game"]] if with_game else [])
        started = time.perf_counter()
        ids = [q.get("id")] + rounds.get(q.get("round", 0), [])
        with nullcontext() if own_thread else leaving_out([q["source"]] if q.get("source") else [], ids):
            result = runner.invoke(app, args)
        elapsed = time.perf_counter() - started
        if result.exit_code not in (0, 1) or (result.exit_code == 1 and not result.stdout.startswith("{")):
            # exit 1 with an answer is `ask` finding nothing (scored as a miss); anything else is a failure
            raise SystemExit(f"ask failed (exit {result.exit_code}) on {q['id']}: {result.output[-400:]}")
        out.append((json.loads(result.stdout), elapsed))
    return out


def _settled_ids_by_round() -> dict[int, list[str]]:
    """The ids of the players' settled questions (rules_db/<game>/settled_questions.yaml) by
    their collection round."""
    from adjudicator.ask.settled_questions import GAMES, read

    out: dict[int, list[str]] = {}
    for game in GAMES:
        for item in read(game):
            out.setdefault(int(item.get("round", 0)), []).append(str(item["id"]))
    return out


def whole_process_median_ms(questions: list[dict], with_game: bool, runs: int) -> float:
    times = []
    for q in questions[:runs]:
        args = [sys.executable, "-m", "adjudicator", "ask", q["q"], "--json"]
        started = time.perf_counter()
        subprocess.run(args + (["--game", q["game"]] if with_game else []), check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - started)
    return 1000 * statistics.median(times)


def kb_spans_now() -> dict:
    from adjudicator.kb.api import open_kb

    kb = open_kb(quiet=True)
    rows = kb.store.conn.execute("select id, doc, line_start, line_end from records").fetchall()
    return {r[0]: (r[1], r[2], r[3]) for r in rows}


# -- report -----------------------------------------------------------------------------------


def summarise(rows: list[dict]) -> dict:
    n = len(rows)
    if not n:
        return {"n": 0}
    return {"n": n, "top1": sum(r["top1"] for r in rows) / n, "top3": sum(r["top3"] for r in rows) / n,
            "verdict": sum(r["verdict"] for r in rows) / n,
            "verdict_loose": sum(r.get("verdict_loose", r["verdict"]) for r in rows) / n, "wrong_verdict": sum(r["wrong_verdict"] for r in rows),
            "wrong_game": sum(r["wrong_game"] for r in rows),
            "sentence": _share_of([r["sentence"] for r in rows if r["sentence"] is not None]),
            "sentence_n": sum(r["sentence"] is not None for r in rows),
            "sentence_held": sum(bool(r["sentence"]) for r in rows)}


def _share_of(flags: list[bool]) -> float | None:
    return sum(flags) / len(flags) if flags else None


def table(rows: list[dict]) -> dict:
    out = {}
    for answerable in (True, False):
        part = [r for r in rows if r["answerable"] is answerable]
        label = "answerable" if answerable else "unanswerable"
        out[label] = {g: summarise([r for r in part if r["game"] == g]) for g in GAMES}
        out[label]["all"] = summarise(part)
    return out


def print_table(result: dict) -> None:
    for label, by_game in result.items():
        print(f"{label}:")
        print(f"  {'game':<5} {'n':>4} {'top-1':>7} {'top-3':>7} {'verdict':>8} {'wrong verdict':>14} {'wrong game':>11}"
              f" {'sentence':>14}")
        for game, s in by_game.items():
            if not s["n"]:
                print(f"  {game:<5} {0:>4}")
                continue
            print(f"  {game:<5} {s['n']:>4} {s['top1']:>7.0%} {s['top3']:>7.0%} {s['verdict']:>8.0%} "
                  f"{s['wrong_verdict']:>14} {s['wrong_game']:>11} {_sentence_cell(s):>14}")


def _sentence_cell(s: dict) -> str:
    if not s["sentence_n"]:
        return "-"
    return f"{s['sentence']:.0%} ({s['sentence_held']}/{s['sentence_n']})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--half", choices=("tune", "heldout", "all"), default="heldout")
    parser.add_argument("--with-game", action="store_true", help="give each question's game with --game")
    parser.add_argument("--timing", action="store_true", help="median of `ask` as a whole process")
    parser.add_argument("--runs", type=int, default=15, help="questions timed as whole processes")
    parser.add_argument("--misses", action="store_true", help="list the questions missed at top-1 (tune half only)")
    parser.add_argument("--sentences", action="store_true",
                        help="for the top-1 hits, the text shown and the `says` words (tune half only)")
    parser.add_argument("--show-inferred", action="store_true",
                        help="score the verdict as `ask` would show it if inferred readings were shown "
                             "(``verdicts.verdict`` in place of ``verdicts.settled``)")
    parser.add_argument("--round", type=int, default=None, metavar="N",
                        help="score only the questions collection round N added (their `round` field); "
                             "0: the first six rounds' questions, which carry none")
    parser.add_argument("--leave-out-round", type=int, action="append", default=[], metavar="N",
                        help="leave the questions of collection round N out (repeatable): the unseen rounds "
                             "whoever tunes `ask` runs for figures only, or not at all")
    parser.add_argument("--without-own-round", action="store_true",
                        help="leave out the settled questions of the question's whole collection round too, not only "
                             "its thread: the figure of a round the data does not hold (for the unseen rounds)")
    parser.add_argument("--with-own-thread", action="store_true",
                        help="let the players' settled questions (rules_db/<game>/settled_questions.yaml) of a "
                             "question's own thread, and the question itself, vote in its ranking; by default "
                             "they do not (a player's new question comes from a thread the data does not hold)")
    parser.add_argument("--judged", nargs="*", default=None, metavar="FILE",
                        help="count records judged `decides` in pooled-judgments files (default every "
                             "tests/eval/players/judged*.yaml) as deciding for the questions they judge")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.round is not None and args.round in args.leave_out_round:
        parser.error(f"--round {args.round} is also left out")
    if (args.misses or args.sentences) and args.half != "tune":
        parser.error("--misses and --sentences list question texts and are only allowed with --half tune: "
                     "the held-out questions are never shown to whoever tunes `ask`")
    questions = load(args.half, args.round, tuple(args.leave_out_round))
    if not questions:
        parser.error(f"no questions in half {args.half}" + (f" from round {args.round}" if args.round is not None else ""))
    if args.show_inferred:
        from adjudicator.ask import verdicts

        verdicts.settled = verdicts.verdict
    answers = ask_in_process(questions, args.with_game, args.with_own_thread, args.without_own_round)
    spans = kb_spans_now()
    judged = None if args.judged is None else ([Path(f) for f in args.judged] or judged_files())
    if judged is not None:
        questions = with_judged(questions, read_all_judged_decides(judged), spans)
    rows = [score(q, a, spans) for q, (a, _) in zip(questions, answers)]
    result = table(rows)
    median_in_process = 1000 * statistics.median(t for _, t in answers)
    timing = whole_process_median_ms(questions, args.with_game, args.runs) if args.timing else None
    if args.json:
        print(json.dumps({"half": args.half, "round": args.round, "with_game": args.with_game, "figures": result,
                          "median_ms_in_process": round(median_in_process, 1),
                          "median_ms_whole_process": None if timing is None else round(timing)}, indent=1))
        return 0
    mode = "with --game" if args.with_game else "without --game (game detection measured)"
    which = "" if args.round is None else f" (round {args.round})"
    if args.without_own_round:
        which += " (settled questions of the question's own round left out)"
    if judged is not None:
        which += f" (records judged `decides` in {', '.join(p.name for p in judged)} count)"
    if args.leave_out_round:
        which += f" (round {', '.join(map(str, sorted(set(args.leave_out_round))))} left out)"
    print(f"{len(questions)} questions{which}, half {args.half}, {mode}")
    print_table(result)
    print(f"median {median_in_process:.1f} ms per question in process")
    if timing is not None:
        print(f"`adjudicator ask` as a whole process, median of {min(args.runs, len(questions))}: {timing:.0f} ms")
    shown: dict[str, list[int]] = {}
    for r in rows:
        if r["answerable"]:
            right_wrong = shown.setdefault(r["shown"], [0, 0])
            right_wrong[0 if r["verdict"] else 1] += 1
    print("verdicts shown (answerable): " + ", ".join(
        f"{kind} {rw[0]} right / {rw[1]} not" for kind, rw in sorted(shown.items())))
    if args.misses:
        for q, r in zip(questions, rows):
            if not r["top1"]:
                print(f"- [{q['game']}] {q['id']}: {q['q'][:100]}\n    got {r['got']} ({r['answered_game']})")
    if args.sentences:
        print("the text shown for the top-1 hits (answerable), against the `says` words:")
        for q, r in zip(questions, rows):
            if r["sentence"] is not None and r["answerable"]:
                mark = "holds" if r["sentence"] else "MISSES"
                print(f"- {mark} [{q['game']}] {q['id']} ({r['got'][0]}): {q['q'][:160]}\n"
                      f"    shown: {r['shown_text'][:300]}\n    says:  {r['says']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
