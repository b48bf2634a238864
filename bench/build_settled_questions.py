"""Write rules_db/<game>/settled_questions.yaml from the tune half of the players' set.

    python bench/build_settled_questions.py --through-round 10
    python bench/build_settled_questions.py --through-round 10 --check   # exit 1 if the files differ

Each answerable question of the tune half (tests/eval/players/tune.yaml) from collection rounds
0 to N becomes one entry of its game's file: its id, its thread (``settled_questions.thread_key``
of its source), its source, its round, its content words (``settled_questions.content_words``)
in alphabetical order (a bag of words, the vote counts nothing else: never the sentence, nor its
word order) and its deciding records' ids in order (the first settles it).
Unanswerable questions give nothing; nothing is read from the held-out half, nor from a round
after N.  What the players' set records as the answer (``settled``, ``verdict``, ``says``) is
our label of the question and is not copied.

Why the data stops at round 10: session 17 added round 11's tune half and held-out round 11
fell (35% -> 32%).  Session 20 tried rounds 0-12 (461 LOTR entries instead of 260), judged on
the unseen tune round 13 and the guards before anything else was read: round 13 38/61/5 ->
38/61/5 (no change), eval_ask 92.2% unchanged, the forum set's tune half 16%/34% -> 12%/31%
(two questions lost on each figure; check half 11% -> 13%).  It did not land.
"""

from __future__ import annotations

import checkout  # noqa: F401  (this checkout's package)
import argparse
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
TUNE = REPO / "tests" / "eval" / "players" / "tune.yaml"
HEADER = ("# Questions real players asked in public, as their content words, with the records that settle\n"
          "# them (the first decides).  Written by bench/build_settled_questions.py from the tune half of\n"
          "# tests/eval/players/ (rounds 0-{through}); do not edit by hand.  adjudicator/ask/settled_questions.py\n"
          "# says how `ask` uses them.\n")


def entries(questions: list[dict], through: int) -> dict[str, list[dict]]:
    from adjudicator.ask.settled_questions import GAMES, content_words, thread_key

    out: dict[str, list[dict]] = {g: [] for g in GAMES}
    for q in questions:
        if not q.get("answerable") or q.get("round", 0) > through or not q.get("deciding"):
            continue
        out[q["game"]].append({"id": q["id"], "game": q["game"], "thread": thread_key(q["source"]),
                               "source": q["source"], "round": q.get("round", 0),
                               "words": sorted(content_words(q["q"])),
                               "records": list(dict.fromkeys(d["id"] for d in q["deciding"]))})
    return out


def render(items: list[dict], through: int) -> str:
    import yaml

    body = yaml.safe_dump({"questions": items}, sort_keys=False, allow_unicode=True, width=110,
                          default_flow_style=None)
    return HEADER.format(through=through) + body


def main(argv: list[str] | None = None) -> int:
    import yaml

    from adjudicator.ask.settled_questions import FILE
    from adjudicator.paths import RULES_DB

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--through-round", type=int, required=True, metavar="N",
                        help="the last collection round whose questions enter the data")
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if a file would change")
    args = parser.parse_args(argv)
    questions = yaml.safe_load(TUNE.read_text(encoding="utf-8"))["questions"]
    differ = []
    for game, items in entries(questions, args.through_round).items():
        path = RULES_DB / game / FILE
        text = render(items, args.through_round)
        if path.exists() and path.read_text(encoding="utf-8") == text:
            continue
        differ.append(path)
        if not args.check:
            path.write_text(text, encoding="utf-8")
        print(f"{'differs' if args.check else 'wrote'}: {path.relative_to(REPO)} ({len(items)} questions)")
    return 1 if args.check and differ else 0


if __name__ == "__main__":
    sys.exit(main())
