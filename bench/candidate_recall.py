"""How often a deciding record is among the records `ask` could put first: its ranker's first N
candidates (``ranking.rank``, before the re-ordering and the players' vote), the sentence encoder's first N
records of the game (the question's cosine with each record's stored vector or its nearest sentence's,
whichever is higher: ``meaning``), and the two together.

    python bench/candidate_recall.py              # the tune half's readable rounds (0, 7-16), answerable (~1 min)

Each question is ranked in its own game (the labelled one: detection is measured elsewhere).  What it
tells: the re-ordering chooses among the ranker's first ``reordering.DEPTH`` (10) candidates, so the
share of questions with a deciding record among them is the most its choice can reach; a candidate source
is worth adding to them only when it finds deciding records the ranker's deeper places do not.

Session 32 (main 18fd606; 841 questions): a deciding record among the ranker's first 1 / 3 / 10 / 20 / 50:
303 / 506 / 660 / 720 / 764; among the encoder's: 201 / 358 / 562 / 643 / 730; the ranker's first 10 with
the encoder's first 10 (20 records): 726, the ranker's first 20 alone 720.  The encoder adds few
deciding records the ranker does not reach by going deeper; the gap is in the choice among the first ten
(660 reachable, `ask`'s whole first record deciding for about 390).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np  # noqa: E402

import eval_players as ev  # noqa: E402
from train_reordering import READABLE  # noqa: E402

PLACES = (1, 3, 10, 20, 50)


def encoder_order(question: str, game: str, encode, ids: list[str], records, sentences, owner) -> list[str]:
    """The game's records by the encoder's nearness to the question, nearest first (the first 50)."""
    v = encode(question)
    v = v / (np.linalg.norm(v) or 1.0)
    near = records @ v
    nearest = np.full(len(ids), -1.0)
    np.maximum.at(nearest, owner, sentences @ v)
    order = np.argsort(-np.maximum(near, nearest))
    return [ids[k] for k in order if ids[k].startswith(game + ":")][:max(PLACES)]


def cited(kb, rid: str) -> dict:
    """A record as `ask --json` cites it (its place and the places it is also found)."""
    r = kb.store.get(rid)
    return {"id": rid, "source": r.span.doc, "lines": [r.span.start, r.span.end],
            "also_in": [{"source": a.doc, "lines": [a.start, a.end]} for a in r.also_in]}


def unit_rows(data: bytes, dim: int) -> np.ndarray:
    rows = np.frombuffer(data, dtype=np.float16).reshape(-1, dim).astype(np.float32)
    return rows / np.maximum(np.linalg.norm(rows, axis=1, keepdims=True), 1e-6)


def main() -> int:
    from adjudicator.ask import answer, meaning
    from adjudicator.ask.game_detection import linker_for
    from adjudicator.ask.ranking import rank
    from adjudicator.ask.sentence_encoder import INSTALL, encoder
    from adjudicator.kb.api import open_kb

    kb, model, spans = open_kb(quiet=True), encoder(), ev.kb_spans_now()
    rows, records, said, dim = meaning.table()
    if model is None or not dim:
        raise SystemExit(f"the sentence encoder or its stored vectors are missing ({INSTALL})")
    ids = list(rows)
    owner = np.concatenate([np.full(rows[rid][3], k) for k, rid in enumerate(ids)])
    records, sentences = unit_rows(records, dim), unit_rows(said, dim)
    questions = [q for q in ev.load("tune") if q.get("round", 0) in READABLE and q["answerable"]]
    hits = {name: dict.fromkeys(PLACES, 0) for name in ("ranker", "encoder", "both")}
    for q in questions:
        game, deciding = q["game"], ev.deciding_places(q, spans)
        entities = linker_for(kb).link(q["q"], game)
        expanded = answer._abbreviations(kb, answer._expander(kb, game).expand(q["q"]), game)
        ranked = [r.record.id for r in rank(kb, q["q"], game, entities, expanded, max(PLACES))]
        near = encoder_order(q["q"], game, lambda t: model.encode_ids([model.ids(t)])[0], ids, records, sentences, owner)
        decides = {rid: ev.is_deciding(cited(kb, rid), *deciding) for rid in dict.fromkeys(ranked + near)}
        for n in PLACES:
            hits["ranker"][n] += any(decides[r] for r in ranked[:n])
            hits["encoder"][n] += any(decides[r] for r in near[:n])
            hits["both"][n] += any(decides[r] for r in ranked[:n] + near[:n])
    print(f"{len(questions)} answerable questions of the tune half's readable rounds, each in its own game")
    print("a deciding record among the first N:   " + "  ".join(f"N={n:<4}" for n in PLACES))
    for name, row in hits.items():
        label = {"ranker": "ask's ranker", "encoder": "the encoder", "both": "both (2N records)"}[name]
        print(f"  {label:<35}  " + "  ".join(f"{row[n]:<6}" for n in PLACES))
    return 0


if __name__ == "__main__":
    sys.exit(main())
