"""Check that no question of the players' set meets its own thread in the settled-question vote.

    python bench/check_settled_threads.py --half tune --leave-out-round 11
    python bench/check_settled_threads.py --half heldout     # the lead: it prints counts only

An evaluation asks each question inside ``settled_questions.leaving_out`` with the question's
source and id (``eval_players.ask_in_process``), so the entries of its thread must never be
among the entries that may vote for it.  For each question of the half this asks the vote for
every entry of the question's game (not only the nearest) inside that same ``leaving_out`` and
counts:

  own thread voting   entries whose thread key is the question's own (must be 0)
  own source voting   entries whose address is the question's own, or its id (must be 0)
  key unresolved      questions whose address names a post or a page, not a thread (a Council
                      of Elrond post, a profile page): another address of the same thread gets
                      another key, so the exclusion cannot be checked for them
  same site unresolved   of those, how many have entries of the same site under another
                      unresolved key (the pairs that may be one thread under two keys)

Nothing of a question is printed, only these counts (the held-out half may be checked by the
lead without showing it).  Exit 1 when an own thread or own source votes.
"""

from __future__ import annotations

import checkout  # noqa: F401  (this checkout's package)
import argparse
import re
import sys

# the keys ``thread_key`` gives a whole thread (any other names a post or a page)
THREAD_FORMS = re.compile(r"^(?:ffg-forum:\d+|reddit:[a-z0-9]+|councilofelrond:t\d+|groups:\S+|coe-digest:\d+|"
                          r"ringsdb\.com/card/\d+)$")


def resolved(key: str) -> bool:
    return THREAD_FORMS.match(key) is not None


def check(questions: list[dict]) -> dict[str, int]:
    from adjudicator.ask import settled_questions as sq

    by_game, _, _ = sq.entries()
    counts = {"questions": 0, "own thread voting": 0, "own source voting": 0, "key unresolved": 0,
              "same site unresolved": 0}
    for q in questions:
        counts["questions"] += 1
        source = q.get("source") or ""
        key = sq.thread_key(source) if source else ""
        with sq.leaving_out([source] if source else [], [q.get("id")]):
            voting = [entry for _, entry in sq.nearest(q["q"], q["game"], k=10 ** 6)]
        counts["own thread voting"] += sum(1 for entry in voting if key and entry[1] == key)
        counts["own source voting"] += sum(1 for entry in voting if entry[2] == source or entry[0] == q.get("id"))
        if key and not resolved(key):
            counts["key unresolved"] += 1
            site = key.split(":")[0].split("/")[0]
            if any(entry[1] != key and not resolved(entry[1]) and entry[1].split(":")[0].split("/")[0] == site
                   for entry in by_game.get(q["game"], ())):
                counts["same site unresolved"] += 1
    return counts


def main(argv: list[str] | None = None) -> int:
    from eval_players import load

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--half", choices=("tune", "heldout", "all"), default="tune")
    parser.add_argument("--leave-out-round", type=int, action="append", default=[], metavar="N")
    args = parser.parse_args(argv)
    counts = check(load(args.half, None, tuple(args.leave_out_round)))
    print(f"half {args.half}" + (f" (rounds {args.leave_out_round} left out)" if args.leave_out_round else "") + ": "
          + ", ".join(f"{name} {n}" for name, n in counts.items()))
    return 1 if counts["own thread voting"] or counts["own source voting"] else 0


if __name__ == "__main__":
    sys.exit(main())
