"""Count, in the public copy of the FFG LOTR card game's rules forum, the threads whose posts name
each name of the other games (a card, term, step or vocabulary marker that only METW's or only
MEQ's documents name), for ``adjudicator/ask/forum_words.py`` (game detection: such a name beside a
LOTR name tells no game when LOTR's players write it too).

    python bench/count_forum_players_words.py [--mirror DIR] [--threads 20]

The forum copy is the public repository ksmutny/lotr-ffg-forum-scrapper (see bench/forum_cited.py);
the threads the players' evaluation set uses are left out first (``forum_cited.evaluation_topics``:
only their topic numbers are read), and the lines a post quotes from other posts are dropped.  Each
thread's own text (its first ``READ`` characters) is linked as game detection links a question
(``game_detection._named``), and each name is counted once a thread.  Printed: the names of METW or
MEQ alone (the games' own names, "METW", "MEQ", aside) named in at least ``--threads`` threads, keyed
as ``forum_words.LOTR_PLAYERS_NAME`` holds them.  Nothing of a post is printed.
"""

from __future__ import annotations

import checkout  # noqa: F401  (measure this checkout, not the installed package)
import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import forum_cited  # noqa: E402

READ = 20000  # characters of a thread's own text linked


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirror", type=Path, default=forum_cited.MIRROR)
    parser.add_argument("--threads", type=int, default=20)
    args = parser.parse_args()
    found, n = counts(args.mirror)
    print(f"# {n} threads read")
    for key, threads in sorted(found.items(), key=lambda kv: (-kv[1], kv[0])):
        if threads >= args.threads:
            print(f'    "{key}": {threads},')


if __name__ == "__main__":
    main()
