"""Fit the word vectors `ask` reads (rules_db/word_vectors.json + .bin) from players' own writing.

    python bench/train_word_vectors.py FORUM_GIT_DIR            # writes rules_db/word_vectors.*
    python bench/train_word_vectors.py FORUM_GIT_DIR --check    # exit 1 if a fit differs from the files

FORUM_GIT_DIR: the git directory of the public repository ksmutny/lotr-ffg-forum-scrapper (the copy
of the FFG forum's "Rules questions & answers" subforum; get it with the tool library's `fetch`),
read at its HEAD (0845e81 when fitted) through forum_cited.read_threads; nothing of it is committed here.  Every thread in
`md/` is read except those the players' evaluation set holds or names: each topic number in a
`source` or `via` field of tests/eval/players/{tune,heldout}.yaml, each 5-6 digit number in
tests/eval/players/*.md and tests/eval/forum/README.md, and each in tests/eval/forum/cited.yaml.
The rules documents are not read: the vectors come from players' words alone.

Skip-gram with negative sampling (gensim's Word2Vec: 64 dimensions, window 6, words seen 5 times or
more, 8 negatives, 5 passes, down-sampling 1e-4, one worker, seed 25, PYTHONHASHSEED 0: the same
bytes each run).  Each word's weight is a / (a + its share of the corpus), a = 1e-3.  gensim is a
`bench` extra only; `ask` reads the files in pure Python (``adjudicator/ask/word_vectors.py``).

Session 25 (lead), measured before the runtime existed, at rank level over ask's first 30
candidates (bench/train_ranking_trees.py cv, players' readable rounds 0, 7-15 and the team's asked
folds, each unit scored by a model fitted without it): the cosine, its rank among the candidates,
its gap to the best and whether it is the best, added to the values, top-1 J d10 315 -> 323
(players, of 733) and 396 -> 411 (asked, of 750); LightGBM d10 324 -> 335 and 410 -> 429.
"""

from __future__ import annotations

import checkout  # noqa: F401  (this checkout's package)
import argparse
import os
import re
import struct
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
COMMIT = "0845e81"
PLAYERS = REPO / "tests" / "eval" / "players"
FORUM = REPO / "tests" / "eval" / "forum"
SETTINGS = {"vector_size": 64, "window": 6, "min_count": 5, "sg": 1, "negative": 8, "epochs": 5,
            "sample": 1e-4, "workers": 1, "seed": 25}
A = 1e-3


def left_out() -> set[str]:
    """The topic numbers of every thread the players' set or its READMEs name."""
    import yaml

    numbers: set[str] = set()
    for half in ("tune", "heldout"):
        data = yaml.safe_load((PLAYERS / f"{half}.yaml").read_text(encoding="utf-8"))
        for q in data if isinstance(data, list) else data["questions"]:
            for key in ("source", "via"):
                numbers.update(re.findall(r"\d{5,6}", str(q.get(key) or "")))
    for path in [*PLAYERS.glob("*.md"), FORUM / "README.md", FORUM / "cited.yaml"]:
        if path.is_file():
            numbers.update(re.findall(r"\b\d{5,6}\b", path.read_text(encoding="utf-8")))
    return numbers


def threads(git_dir: str, skip: set[str]) -> list[str]:
    """The text of every thread of md/ (``forum_cited.read_threads``) whose topic number is not in ``skip``."""
    from forum_cited import read_threads

    every = read_threads(Path(git_dir))
    kept = [text for name, text in every.items() if name.split("-", 1)[0] not in skip]
    print(f"{len(every)} threads, {len(kept)} read", file=sys.stderr)
    return kept


def sentences(text: str) -> list[list[str]]:
    """A thread's paragraphs and sentences as word lists (links and image names dropped)."""
    from adjudicator.ask.word_vectors import tokens

    text = re.sub(r"\[[^\]]*\]\(http[^)]*\)", " ", text)
    text = re.sub(r"https?://\S+", " ", text)
    text = re.sub(r"\S+\.(?:jpg|png|gif)\b", " ", text)
    return [words for part in re.split(r"\n\s*\n|(?<=[.?!])\s+", text)
            if len(words := tokens(part)) >= 3]


def fit(git_dir: str) -> tuple[dict, str, bytes]:
    from gensim.models import Word2Vec

    corpus = [s for t in threads(git_dir, left_out()) for s in sentences(t)]
    model = Word2Vec(corpus, **SETTINGS)
    words = sorted(model.wv.index_to_key)
    counts = [model.wv.get_vecattr(w, "count") for w in words]
    total = sum(counts)
    meta = {"dim": SETTINGS["vector_size"], "words": len(words),
            "fitted_by": f"python bench/train_word_vectors.py FORUM_GIT_DIR (ksmutny/lotr-ffg-forum-scrapper {COMMIT})",
            "settings": SETTINGS, "a": A, "threads_left_out": "every topic the players' set or its READMEs name"}
    packer = struct.Struct(f"<{SETTINGS['vector_size']}e")
    blob = b"".join(packer.pack(*(float(x) for x in model.wv[w])) for w in words)
    blob += b"".join(struct.pack("<f", round(A / (A + c / total), 5)) for c in counts)
    return meta, "\n".join(words), blob


def main(argv: list[str] | None = None) -> int:
    import json

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("forum", help="the git directory of ksmutny/lotr-ffg-forum-scrapper")
    parser.add_argument("--check", action="store_true", help="exit 1 if a fit differs from rules_db's files")
    args = parser.parse_args(argv)
    if os.environ.get("PYTHONHASHSEED") != "0":  # gensim seeds each word's start from its hash
        os.execvpe(sys.executable, [sys.executable, *sys.argv], {**os.environ, "PYTHONHASHSEED": "0"})
    from adjudicator.ask.word_vectors import FILE, VECTORS, WORDS

    meta, words, blob = fit(args.forum)
    text = json.dumps(meta, ensure_ascii=False, indent=1) + "\n"
    paths = [REPO / "rules_db" / name for name in (FILE, WORDS, VECTORS)]
    if args.check:
        same = ([p.read_bytes() if p.is_file() else None for p in paths]
                == [text.encode(), words.encode(), blob])
        print("current" if same else "differs")
        return 0 if same else 1
    paths[0].write_text(text, encoding="utf-8")
    paths[1].write_text(words, encoding="utf-8")
    paths[2].write_bytes(blob)
    print(f"wrote {', '.join(p.name for p in paths)} ({meta['words']} words, {len(blob)} bytes of vectors)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
