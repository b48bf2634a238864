"""Count, in the public copy of the FFG LOTR card game's rules forum, the threads whose posts name
each name of the other games (a card, term, step or vocabulary marker that only METW's or only
MEQ's documents name), for ``adjudicator/ask/forum_words.py`` (game detection: such a name beside a
LOTR name tells no game when LOTR's players write it too).

    python bench/count_forum_names.py [--mirror DIR] [--threads 20]
    python bench/count_forum_names.py --words [--write]   # rules_db/lotr/forum_words.json (below)

The forum copy is the public repository ksmutny/lotr-ffg-forum-scrapper (see bench/forum_cited.py);
the threads the players' evaluation set uses are left out first (``forum_cited.evaluation_topics``:
only their topic numbers are read), and the lines a post quotes from other posts are dropped.  Each
thread's own text (its first ``READ`` characters) is linked as game detection links a question
(``game_detection._named``), and each name is counted once a thread.  Printed: the names of METW or
MEQ alone (the games' own names, "METW", "MEQ", aside) named in at least ``--threads`` threads, keyed
as ``forum_words.LOTR_PLAYERS_NAME`` holds them.  Nothing of a post is printed.

With ``--words``: the words and pairs of adjacent words of game detection's word model
(``game_detection.word_scores``: only those its index counts) in the opening post of each thread
(the question players ask; quoted lines dropped), each time it is written, and their totals: LOTR's
players' share of each, which game detection mixes into LOTR's share (``forum_words.FORUM_MIX``).
Kept (``--write``: ``rules_db/lotr/forum_words.json``): the words and pairs LOTR's players write
at least ``LOUDER`` times the share LOTR's rules texts give them (below it the mixture changes
LOTR's share by less than a few hundredths, and it is left as it is).  Counts only, never text.
"""

from __future__ import annotations

import checkout  # noqa: F401  (measure this checkout, not the installed package)
import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import forum_cited  # noqa: E402

READ = 20000  # characters of a thread's own text linked
LOUDER = 2.0
WORDS_FILE = "lotr/forum_words.json"


def counts(mirror: Path) -> tuple[dict[str, int], int]:
    """({linker key of another game's name: threads naming it}, threads read)."""
    from adjudicator.ask.game_detection import _called, _named, linker_for
    from adjudicator.kb.api import open_kb

    linker = linker_for(open_kb(quiet=True))
    own_names = set().union(*(_called(g) for g in ("lotr", "metw", "meq")))
    left_out = forum_cited.evaluation_topics()
    found: dict[str, int] = {}
    read = 0
    for name, text in forum_cited.read_threads(mirror).items():
        if name.split("-", 1)[0] in left_out:
            continue
        read += 1
        own = "\n".join(p["own"] for p in forum_cited.posts(text)).lower()[:READ]
        keys = {key for key, games, _, _ in _named(linker, own)
                if len(set(games) & {"lotr", "metw", "meq"}) == 1 and "lotr" not in games and key not in own_names}
        for key in keys:
            found[key] = found.get(key, 0) + 1
    return found, read


def word_counts(mirror: Path) -> dict:
    """{"threads": read, "totals": {"words": n, "pairs": n}, "counts": {feature: threads}} over the
    opening posts of the forum copy's threads (the evaluation's threads left out), for the word
    model's features only; "counts" keeps those LOTR's players write ``LOUDER`` times LOTR's share."""
    from array import array

    from adjudicator.ask import question_index
    from adjudicator.ask.game_detection import NUMBERS, SMOOTHING
    from adjudicator.ask.question_index import Postings, words
    from adjudicator.kb.api import open_kb

    index = question_index.load(open_kb(quiet=True))
    known = index["game_tf"] if isinstance(index["game_tf"], Postings) else Postings(index["game_tf"])
    left_out = forum_cited.evaluation_topics()
    found: dict[str, int] = {}
    totals = {"words": 0, "pairs": 0}
    read = 0
    for name, text in forum_cited.read_threads(mirror).items():
        if name.split("-", 1)[0] in left_out:
            continue
        opening = forum_cited.posts(text)[:1]
        if not opening:
            continue
        read += 1
        tokens = words(opening[0]["own"])
        features = [("words", t) for t in tokens if len(t) >= 3 and t not in NUMBERS]
        features += [("pairs", a + "_" + b) for a, b in zip(tokens, tokens[1:])]
        for kind, feature in features:
            if known.get(feature) is not None:
                found[feature] = found.get(feature, 0) + 1
                totals[kind] += 1
    lotr = index["present"].index("lotr")
    kept = {}
    for feature, n in found.items():
        kind = "pairs" if "_" in feature else "words"
        packed = known.get(feature)
        at = len(packed) // 8
        per_game = dict(zip(array("i", packed[:4 * at]), array("f", packed[4 * at:])))
        size = index["game_vocabulary"][kind]
        rules = (per_game.get(lotr, 0.0) + SMOOTHING) / (index["game_totals"][kind][lotr] + SMOOTHING * size)
        players = (n + SMOOTHING) / (totals[kind] + SMOOTHING * size)
        if players >= LOUDER * rules:
            kept[feature] = n
    return {"threads": read, "totals": totals, "counts": dict(sorted(kept.items()))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirror", type=Path, default=forum_cited.MIRROR)
    parser.add_argument("--threads", type=int, default=20)
    parser.add_argument("--words", action="store_true", help="count the word model's words and pairs instead")
    parser.add_argument("--write", action="store_true", help="with --words: write rules_db/" + WORDS_FILE)
    args = parser.parse_args()
    if args.words:
        import json

        from adjudicator.paths import RULES_DB

        data = word_counts(args.mirror)
        print(f"# {data['threads']} threads read; {len(data['counts'])} words and pairs kept; totals {data['totals']}")
        if args.write:
            (RULES_DB / WORDS_FILE).write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
        return
    found, n = counts(args.mirror)
    print(f"# {n} threads read")
    for key, threads in sorted(found.items(), key=lambda kv: (-kv[1], kv[0])):
        if threads >= args.threads:
            print(f'    "{key}": {threads},')


if __name__ == "__main__":
    main()
