"""Game detection alone (no ranking): which game `ask` with no --game would answer from.

    python bench/eval_game_detection.py              # asked questions (by folds), tune half, team set
    python bench/eval_game_detection.py --wrong meq  # also list the asked MEQ questions taken for another game
    python bench/eval_game_detection.py --json
    python bench/eval_game_detection.py --leave-out-round 0   # count every round of the tune half
    python bench/eval_game_detection.py --classes     # why each wrong one went wrong (counts; readable ones listed)
    python bench/eval_game_detection.py --answered    # also: the game `ask` answers each probe from first
    python bench/eval_game_detection.py --margins     # right and wrong by the lead over the runner-up (calibration)

Three sets, each question's game known:
- asked: the team's asked questions (``rules_db/<game>/asked/``; the game is its record's).
  Their words feed the word counts of game detection (``question_index.game_counts``), so
  each is detected with its fold (``eval_asked_folds.fold_of``: the same 5 folds) left out
  of those counts; the names and vocabulary markers stay as built;
- tune: the tune half of the players' set (``tests/eval/players/tune.yaml``; the held-out
  half is never read here), without the unseen and collection rounds (``LEFT_OUT_ROUNDS``:
  only the lead runs it, at the end); ``--wrong`` and ``--classes`` list only the rounds
  everyone may read (``LISTED_ROUNDS``): the unseen guards' rounds are counted, never listed;
- team: the team's `ask` questions (``tests/eval/ask_questions.yaml``, all LOTR);
- probes: questions written in players' words for each game, most in words every game's rules
  use (``tests/eval/game_probes.yaml``, sessions 20 and 21); with ``--answered``, also the game `ask`
  answers each from first (a record of another game the question fits may come first).

For each set it prints the confusion (true game x detected game) and how often the
runner-up fires (the question "fits both", and `ask` shows a second game's answer): overall,
and when the detected game is wrong, how often the true game is that runner-up.  Under the asked
set it also prints its wrong rate weighted by the players' game shares (``weighted_wrong``: each
game's share of the readable tune rounds' questions times the asked set's wrong rate for that game,
summed), the figure the asked guard is judged by.
"""

from __future__ import annotations

import checkout  # noqa: F401  (measure this checkout, not the installed package)
import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from eval_asked_folds import fold_of  # noqa: E402
from eval_players import UNSEEN_ROUND  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
GAMES = ("lotr", "metw", "meq")
# the unseen guard (eval_players.UNSEEN_ROUND; its figures are read from eval_players, round by round):
# not run here by those who tune
LEFT_OUT_ROUNDS = (UNSEEN_ROUND,)
LISTED_ROUNDS = (0, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)  # the tune rounds whose questions may be read


def asked_rows(kb, folds: int = 5, per_fold: int | None = None) -> list[dict]:
    """One row per asked question (at most ``per_fold`` of each fold), detected with its fold
    out of the word counts; the index is dropped at the end (the next use loads it again)."""
    from adjudicator.ask import asked, question_index
    from adjudicator.ask.game_detection import detect

    index = question_index.load(kb)
    present = list(index["present"])
    whole = asked.by_record(present)
    rows = []
    try:
        for fold in range(folds):
            kept = {rid: [a for a in items if fold_of(rid, a.ask, folds) != fold] for rid, items in whole.items()}
            kb._question_index = {**index, **question_index.game_counts(kb.store, kept, present)}
            chosen = [(rid, item) for rid, items in whole.items() for item in items
                      if fold_of(rid, item.ask, folds) == fold]
            for rid, item in chosen[:per_fold] if per_fold else chosen:
                rows.append(_row(detect(kb, item.ask), rid.split(":", 1)[0], item.ask, rid))
    finally:
        kb._question_index = None
    return rows


def tune_rows(kb, left_out: int | tuple[int, ...] | None = LEFT_OUT_ROUNDS) -> list[dict]:
    """One row per question of the players' tune half (never the held-out half), but those of
    round(s) ``left_out`` (the first six rounds' questions carry no round: 0; 0 leaves none out)."""
    import yaml
    from adjudicator.ask.game_detection import detect

    path = REPO / "tests" / "eval" / "players" / "tune.yaml"
    out = {left_out} if isinstance(left_out, int) else set(left_out or ())
    questions = [q for q in yaml.safe_load(path.read_text(encoding="utf-8"))["questions"]
                 if q.get("round", 0) not in out - {0}]
    return [{**_row(detect(kb, q["q"]), q["game"], q["q"], q["id"]), "round": q.get("round", 0)} for q in questions]


def team_rows(kb) -> list[dict]:
    import yaml
    from adjudicator.ask.game_detection import detect

    path = REPO / "tests" / "eval" / "ask_questions.yaml"
    questions = yaml.safe_load(path.read_text(encoding="utf-8"))["questions"]
    return [_row(detect(kb, q["q"]), q["ids"][0].split(":", 1)[0], q["q"], q["ids"][0]) for q in questions]


def probe_rows(kb) -> list[dict]:
    import yaml
    from adjudicator.ask.game_detection import detect

    path = REPO / "tests" / "eval" / "game_probes.yaml"
    return [_row(detect(kb, q["q"]), q["game"], q["q"], q["id"]) for q in yaml.safe_load(path.read_text(encoding="utf-8"))["probes"]]


def answered_rows(kb, rows: list[dict]) -> list[dict]:
    """The rows with ``detected`` the game `ask` answers from first (``answer.ask``, no --game)."""
    from adjudicator.ask.answer import ask

    return [{**r, "detected": ask(kb, r["q"]).game} for r in rows]


def _row(detection, game: str, question: str, about: str) -> dict:
    return {"game": game, "detected": detection.game, "also": detection.runner_up, "q": question, "about": about,
            "scores": {g: round(s, 2) for g, s in detection.scores.items()},
            "evidence": {g: names for g, names in detection.evidence.items() if names},
            "said": {g: words for g, words in detection.said.items() if words}, "features": detection.features}


TELLING = 2.5  # a word or pair whose log share favours the game taken by this much is telling


def why_wrong(kb, row: dict) -> str:
    """The class of a wrongly detected question, for ``--classes``: what pointed to the game
    taken (a name of it, a players' word of its vocabulary, a word or pair far more frequent
    in its texts, or only many words' small shares), and whether the question's own game was
    named too.  (The asked questions' word shares are read with every fold counted.)"""
    from adjudicator.ask import question_index
    from adjudicator.ask.game_detection import LONG, word_scores

    taken, true = row["detected"], row["game"]
    if row["evidence"].get(taken):
        why = "a name of the game taken (" + ", ".join(row["evidence"][taken][:2]) + ")"
    elif row["said"].get(taken):
        why = "a players' word of the game taken (" + ", ".join(row["said"][taken][:2]) + ")"
    else:
        index = question_index.load(kb)
        counted: list[str] = []
        word_scores(index, row["q"], list(row["scores"]), None, counted)
        telling = any(_log_share(index, f, taken) - _log_share(index, f, true) >= TELLING for f in counted)
        why = ("a word far more frequent in the game taken's texts" if telling else
               "no telling word: many words' small shares") + (" (long question)" if row["features"] >= LONG else "")
    named = row["evidence"].get(true) or row["said"].get(true)
    return why + ("; its own game named too" if named else "")


def confusion(rows: list[dict]) -> dict:
    """Per true game: n, detected counts, wrong, runner-up fired, wrong but the truth is the runner-up."""
    out = {}
    for game in GAMES + ("all",):
        mine = [r for r in rows if game == "all" or r["game"] == game]
        if not mine:
            continue
        out[game] = {"n": len(mine),
                     "detected": {g: sum(r["detected"] == g for r in mine) for g in GAMES},
                     "wrong": sum(r["detected"] != r["game"] for r in mine),
                     "both": sum(r["also"] is not None for r in mine),
                     "wrong_shown_second": sum(r["detected"] != r["game"] and r["also"] == r["game"] for r in mine)}
    return out


def players_game_shares(tune: list[dict]) -> dict[str, float]:
    """Each game's share of the players' questions: of the tune half's rows of the rounds
    everyone may read (``LISTED_ROUNDS``; the unseen round's rows, when counted, are not),
    answerable or not."""
    rows = [r for r in tune if r.get("round", 0) in LISTED_ROUNDS]
    return {g: sum(r["game"] == g for r in rows) / len(rows) for g in GAMES} if rows else {}


def weighted_wrong(table: dict, shares: dict[str, float]) -> float:
    """The wrong-game rate of a set (``confusion``'s table) as if its games came in the players'
    shares: the sum over games of (players' share) x (the set's wrong rate for that game).  The
    team's asked questions are a third METW's or MEQ's, the players' about one in thirty: their
    raw count weighs an METW or MEQ question ten times as much as players meet one (the lead's
    decision, session 23: the asked guard is judged by this figure; the raw count may rise)."""
    return sum(share * table[g]["wrong"] / table[g]["n"] for g, share in shares.items() if table.get(g, {}).get("n"))


def print_confusion(title: str, table: dict) -> None:
    print(title)
    print(f"  {'true game':<9} {'n':>5}  " + "  ".join(f"{'-> ' + g:>7}" for g in GAMES)
          + f"  {'wrong':>6} {'wrong%':>7} {'fits both':>9} {'wrong, 2nd right':>16}")
    for game, s in table.items():
        print(f"  {game:<9} {s['n']:>5}  " + "  ".join(f"{s['detected'][g]:>7}" for g in GAMES)
              + f"  {s['wrong']:>6} {s['wrong'] / s['n']:>7.1%} {s['both']:>9} {s['wrong_shown_second']:>16}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--wrong", metavar="GAME", help="list the questions of GAME detected as another game")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--leave-out-round", type=int, action="append", metavar="N",
                        help=f"leave the tune half's round N out (repeatable; default {', '.join(map(str, LEFT_OUT_ROUNDS))}: "
                             "the unseen guard and the round being collected; 0: none)")
    parser.add_argument("--answered", action="store_true", help="also the game `ask` answers each probe from first")
    parser.add_argument("--margins", action="store_true",
                        help="right and wrong by the game taken's lead over the runner-up, words only or named")
    parser.add_argument("--classes", action="store_true",
                        help="count the wrong ones by why (tune half and asked); list the readable ones")
    args = parser.parse_args()
    args.leave_out_round = tuple(args.leave_out_round or LEFT_OUT_ROUNDS)
    started = time.perf_counter()
    from adjudicator.kb.api import open_kb

    kb = open_kb(quiet=True)
    sets = {"tune": tune_rows(kb, args.leave_out_round), "team": team_rows(kb), "probes": probe_rows(kb),
            "asked": asked_rows(kb, args.folds)}
    if args.answered:
        sets["answered"] = answered_rows(kb, sets["probes"])
    tables = {name: confusion(rows) for name, rows in sets.items()}
    shares = players_game_shares(sets["tune"])
    weighted = {"shares": shares, "asked": weighted_wrong(tables["asked"], shares)}
    if args.json:
        print(json.dumps({**tables, "weighted": weighted}, indent=1))
        return
    for name, title in (("asked", f"asked questions ({args.folds} folds, each fold out of the word counts)"),
                        ("tune", "players' set, tune half" + (f" (rounds {', '.join(map(str, args.leave_out_round))} left out)"
                                                       if any(args.leave_out_round) else "")),
                ("team", "team's ask questions"), ("probes", "probes in players' words (game_probes.yaml)"),
                ("answered", "probes: the game `ask` answers from first")):
        if name in tables:
            print_confusion(title, tables[name])
        if name == "asked" and shares:
            print(f"  weighted by the players' game shares ({', '.join(f'{g} {s:.1%}' for g, s in shares.items())}"
                  f" of the readable tune rounds): wrong {weighted['asked']:.2%}")
    wrong_rounds: dict[int, int] = {}
    for r in sets["tune"]:
        wrong_rounds[r["round"]] = wrong_rounds.get(r["round"], 0) + (r["detected"] != r["game"])
    print("  tune half, wrong by round: " + ", ".join(f"{k}: {v}" for k, v in sorted(wrong_rounds.items())))
    if args.margins:
        print_margins(sets)
    if args.classes:
        print_classes(kb, sets)
    if args.wrong:
        print(f"\nwrongly detected, true game {args.wrong} (tune half, then asked):")
        for name in ("tune", "asked"):
            for r in sets[name]:
                if r.get("round", 0) not in LISTED_ROUNDS:
                    continue  # an unseen round: counted above, never listed
                if r["game"] == args.wrong and r["detected"] != r["game"]:
                    print(f"  [{name}] {r['about']} -> {r['detected']}{' (2nd: ' + r['also'] + ')' if r['also'] else ''}"
                          f" {r['scores']} {r['evidence']}\n      {r['q']}")
    print(f"{time.perf_counter() - started:.1f} s")


def _log_share(index: dict, feature: str, game: str) -> float:
    """The log share ``word_scores`` adds for ``game`` for one word or pair counted."""
    import math
    from array import array

    from adjudicator.ask.game_detection import SMOOTHING

    kind = "pairs" if "_" in feature else "words"
    at = index["present"].index(game)
    packed = index["game_tf"].get(feature)  # Postings once word_scores has read it
    n = len(packed) // 8
    per_game = dict(zip(array("i", packed[:4 * n]), array("f", packed[4 * n:])))
    totals, size = index["game_totals"][kind], index["game_vocabulary"][kind]
    return math.log((per_game.get(at, 0.0) + SMOOTHING) / (totals[at] + SMOOTHING * size))


MARGINS = (0.0, 1.0, 2.0, 3.0, 5.0, 8.0)  # the lower bounds of ``--margins``' buckets (log odds)


def margin_table(rows: list[dict]) -> dict:
    """{(kind, bucket): [right, wrong]} over the rows: ``kind`` "named" when a name or players'
    word of the game taken is in the question, "words" when the word shares and the prior alone
    chose it; ``bucket`` the lower bound (``MARGINS``) of its lead over the runner-up.  How often a
    lead of that size on that kind of evidence is right is what a threshold for showing both games
    (or asking) is measured by; a set's own share of each game weighs in (the asked questions are
    a third METW's or MEQ's, the players' about one in twenty)."""
    out: dict[tuple[str, float], list[int]] = {}
    for r in rows:
        taken = r["detected"]
        others = [s for g, s in r["scores"].items() if g != taken]
        if not others:
            continue
        lead = r["scores"][taken] - max(others)
        kind = "named" if r["evidence"].get(taken) or r["said"].get(taken) else "words"
        bucket = max((b for b in MARGINS if lead >= b), default=None)  # None: below 0, a long question kept LOTR's
        out.setdefault((kind, bucket), [0, 0])[r["detected"] != r["game"]] += 1
    return out


def print_margins(sets: dict) -> None:
    """``margin_table`` per set, and per game taken (LOTR, or another game)."""
    for name in ("tune", "asked", "team", "probes"):
        if not sets.get(name):
            continue
        print(f"\n{name}: right/wrong by the lead over the runner-up (log odds; <0: a long question kept LOTR's)")
        for taken, label in (("lotr", "taken for LOTR"), (None, "taken for METW or MEQ")):
            rows = [r for r in sets[name] if (r["detected"] == "lotr") == (taken == "lotr")]
            cells = margin_table(rows)
            for kind in ("words", "named"):
                line = "  ".join(f"{'<0' if b is None else f'{b:g}+'}: {cells[(kind, b)][0]}/{cells[(kind, b)][1]}"
                                 for b in (None,) + MARGINS if (kind, b) in cells)
                if line:
                    print(f"  {label:<22} {kind:<6} {line}")


def print_classes(kb, sets: dict) -> None:
    """The wrong ones by class (``why_wrong``), per set and true -> taken game; the questions
    of the rounds everyone may read listed under each (the asked set's too)."""
    for name in ("tune", "asked", "team", "probes"):
        classes: dict[tuple, list] = {}
        for r in sets.get(name, []):
            if r["detected"] != r["game"]:  # an unseen round's question is counted, never read
                why = why_wrong(kb, r) if r.get("round", 0) in LISTED_ROUNDS else "(an unseen round's: not classed)"
                key = (f"{r['game']} -> {r['detected']}", why)
                classes.setdefault(key, []).append(r)
        print(f"\n{name}: {sum(map(len, classes.values()))} wrong, by why")
        for key, rows in sorted(classes.items(), key=lambda kv: (kv[0][0], -len(kv[1]))):
            print(f"  {len(rows):>4}  {key[0]:<13} {key[1]}")
            for r in rows:
                if r.get("round", 0) in LISTED_ROUNDS:
                    print(f"          {r['about']}: {r['q'][:100]}")


if __name__ == "__main__":
    main()
