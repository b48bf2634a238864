"""How often the engine settles a legality question, and how often it is right.

    python bench/eval_legality_questions.py            # the team's asked questions, every game
    python bench/eval_legality_questions.py --list     # also list each question read

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
    print(f"{time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
