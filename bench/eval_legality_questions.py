"""How often the engine settles a legality question, and how often it is right.

    python bench/eval_legality_questions.py            # the team's asked questions, every game
    python bench/eval_legality_questions.py --list     # also list each question read

Then the group "scene first" (tests/eval/legality/scene_first.yaml): questions that set their scene
in a sentence or clause of its own and ask with a pronoun or the same name ("Gimli is exhausted,
can he defend?"), each with the documents' answer or `unclear` (any verdict on it is wrong): right,
silent (no engine verdict) and wrong per game, apart from the asked questions' figures above.

For each of the team's asked questions (`rules_db/<game>/asked/`), the reading of
`adjudicator/ask/legality_questions.py` is tried with the words of the question's own game (as
`ask` does once game detection or --game has chosen it) and, when
it gives a verdict, the verdict is compared with the question's recorded `says` (yes or no)
where there is one.  Prints, per game: questions, how many got an engine verdict, how many of
those have a recorded yes/no, right and wrong among them, and how many of the engine verdicts
`ask` itself shows (asked in process, without --game: a question whose game is detected as
another is not read with its words, and a Q&A's own agreeing yes/no is shown in its words
instead).  `as lotr` counts the METW and MEQ questions LOTR's words would read (a risk to see
should game detection send one to LOTR).

The asked questions were written by the team, and the data of the reading by this project too:
a figure on them says the data reads the phrasings it was written for, not that it generalises
(the players' questions, `bench/eval_players.py`, measure that).
"""

from __future__ import annotations

import checkout  # noqa: F401  (measure this checkout, not the installed package)
import argparse
import time


def main() -> int:
    from adjudicator.ask import asked, legality_questions as L
    from adjudicator.ask.answer import ask
    from adjudicator.kb.api import open_kb

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", action="store_true", help="list every question that got a verdict")
    args = parser.parse_args()
    start = time.perf_counter()
    kb = open_kb(quiet=True)
    print(f"{'game':6} {'asked':>6} {'engine':>7} {'with says':>10} {'right':>6} {'wrong':>6} {'ask shows':>10} {'as lotr':>8}")
    wrong_rows = []
    for game in ("lotr", "metw", "meq"):
        items = asked.read(game)
        fired = with_says = right = wrong = shown = as_lotr = 0
        for item in items:
            if game != "lotr" and L.engine_verdict(item.ask, "lotr") is not None:
                as_lotr += 1  # read with LOTR's words: a risk to see
            verdict = L.engine_verdict(item.ask, game)
            if verdict is None:
                continue
            fired += 1
            answer = ask(kb, item.ask)
            seen = answer.verdict is not None and answer.verdict.kind == verdict.kind and answer.game == game \
                and answer.exercised is not None and answer.exercised.command == verdict.command
            shown += seen
            says = item.says.lower()
            if says in ("yes", "no"):
                with_says += 1
                if says == verdict.kind:
                    right += 1
                else:
                    wrong += 1
                    wrong_rows.append((item.record, item.ask, says, verdict.kind))
            if args.list:
                print(f"  {verdict.kind:3} (says {says or '-':3}) {'' if seen else '(not shown by ask) '}{item.ask}  "
                      f"[{verdict.situation.rsplit('/', 1)[-1]}]")
        print(f"{game:6} {len(items):6} {fired:7} {with_says:10} {right:6} {wrong:6} {shown:10} {as_lotr if game != 'lotr' else '-':>8}")
    for record, ask, says, kind in wrong_rows:
        print(f"WRONG {record}: {ask!r} says {says}, engine {kind}")
    scene_first(ask, kb, args.list)
    print(f"{time.perf_counter() - start:.1f} s")
    return 0


def scene_first(ask, kb, listed: bool) -> None:
    """The group of questions whose scene comes first: right / silent / wrong per game."""
    from pathlib import Path

    import yaml

    from adjudicator.ask import legality_questions as L

    path = Path(__file__).resolve().parents[1] / "tests" / "eval" / "legality" / "scene_first.yaml"
    items = yaml.safe_load(path.read_text(encoding="utf-8"))["questions"]
    print(f"scene first ({path.name}):")
    print(f"{'game':6} {'n':>4} {'right':>6} {'silent':>7} {'wrong':>6} {'ask shows':>10}")
    wrong_rows = []
    for game in ("lotr", "metw", "meq", "all"):
        rows = [i for i in items if game in ("all", i["game"])]
        right = silent = wrong = shown = 0
        for item in rows:
            says = str(item["says"]).lower()
            verdict = L.engine_verdict(item["ask"], item["game"])
            if verdict is None:
                silent += 1
            elif says == verdict.kind:
                right += 1
            else:
                wrong += 1
                if game != "all":
                    wrong_rows.append((item["ask"], says, verdict.kind))
            if verdict is not None and game != "all":
                answer = ask(kb, item["ask"])
                shown += answer.verdict is not None and answer.verdict.kind == verdict.kind and answer.game == item["game"]
            if listed and game != "all":
                print(f"  {verdict.kind if verdict else '-':3} (says {says:7}) {item['ask']}"
                      + (f"  [{L.reading(item['ask'], game=item['game'])[1]}]" if verdict is None else ""))
        print(f"{game:6} {len(rows):4} {right:6} {silent:7} {wrong:6} {shown if game != 'all' else '-':>10}")
    for question, says, kind in wrong_rows:
        print(f"WRONG {question!r} says {says}, engine {kind}")


if __name__ == "__main__":
    raise SystemExit(main())
