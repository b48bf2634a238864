"""How often the players' settled questions' vote alone picks a deciding record (readable tune half).

    python bench/eval_settled_votes.py                      # each question's own thread and collection round left out
    python bench/eval_settled_votes.py --with-own-round     # own thread only left out (as eval_players by default)

For each answerable question of the tune half's readable rounds (0, 7-16; never round 17 nor the held-out half)
the vote of ``adjudicator/ask/settled_questions.py`` (the nearest entries reaching its floor, each for its first
record) is cast with the question's own thread (and, by default, its whole collection round) left out, and
counted apart from ask's order: whether any entry votes, whether the record with the most vote decides the question
(its labelled deciding records, by id), whether any voted record does, and how many of the nearest entries vote
for a deciding record.  Rounds 0-10 and 11-16 are printed apart (main's entries come from rounds 0-10).

Session 29 (entries of rounds 0-10 as shipped, against `build_settled_questions.py --through-round 16`): the
record with the most vote decides 191 -> 236 of 841 questions (rounds 0-10 71 -> 76, rounds 11-16 120 -> 160), a
voted record decides 360 -> 449; yet whole ask loses first records with the larger data (the players' README,
section 29): the vote picks better, ask does not use it better.
"""

from __future__ import annotations

import checkout  # noqa: F401  (this checkout's package)
import argparse
import collections

READABLE = (0, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)


def counts(own_round: bool = True) -> dict[str, collections.Counter]:
    import eval_players as ev

    from adjudicator.ask import settled_questions as sq

    by_round = ev._settled_ids_by_round() if own_round else {}
    out = {"rounds 0-10": collections.Counter(), "rounds 11-16": collections.Counter()}
    for q in ev.load("tune"):
        if q.get("round", 0) not in READABLE or not q.get("answerable", True):
            continue
        ids = [q["id"]] + by_round.get(q.get("round", 0), [])
        with sq.leaving_out([q["source"]] if q.get("source") else [], ids):
            cast = sq.votes(q["q"], q["game"])
            near = sq.nearest(q["q"], q["game"])
        deciding = {d["id"] for d in q["deciding"]}
        total: collections.Counter = collections.Counter()
        for vote in cast:
            total[vote.record] += vote.similarity
        part = out["rounds 11-16" if q.get("round", 0) >= 11 else "rounds 0-10"]
        part["questions"] += 1
        part["voted on"] += bool(total)
        part["most vote decides"] += bool(total) and total.most_common(1)[0][0] in deciding
        part["a voted record decides"] += bool(deciding & set(total))
        part["nearest entries"] += len(near)
        part["nearest entries for a deciding record"] += sum(bool(entry[3]) and entry[3][0] in deciding
                                                             for _, entry in near)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--with-own-round", action="store_true",
                        help="leave only the question's own thread out of the vote, not its whole round")
    args = parser.parse_args(argv)
    parts = counts(own_round=not args.with_own_round)
    keys = list(next(iter(parts.values())))
    for name, part in list(parts.items()) + [("all", sum(parts.values(), collections.Counter()))]:
        print(f"{name:13} " + "  ".join(f"{key} {part[key]}" for key in keys))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
