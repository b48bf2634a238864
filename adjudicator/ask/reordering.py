"""The re-ordering of ask's first candidates by a model learnt from players' settled questions.

``ranking.rank`` scores each record by a product of hand-set factors (text, question lift, kind,
how much it is about the named things).  The re-ordering takes the first ``DEPTH`` records it
ranked and orders them again by a linear score of values read off each candidate (``features``):
the ranker's score and its parts, its place, its kind and document, whether it is the entry of a
term the question names (in its asking clause or not), the players' vote for it, its length,
whether it lies inside or holds another candidate, the question's form with the kind of record,
how near its words are to the question's in the players' word vectors (``word_vectors``,
session 25), and how near its meaning is by a sentence encoder (``meaning``, session 31).  No
feature reads a record id or the question's words as a key.

The weights are data (``rules_db/reordering.json``), fitted by ``bench/train_reordering.py``
(listwise softmax, L2-regularised) on the tune half's readable rounds and the team's asked
questions, the vote computed with each question's own thread left out; loaded once, when first
needed.  Without the file (or with ``ENABLED`` False) the order stands.  The model chooses the
first record only; ask's own first stays first when its sentence reads the yes, no or number
(``reading_first``), and a record the model put first gives no yes, no or number (``moved_first``).
"""

from __future__ import annotations

import json
import math
import re

ENABLED = True
FIRST_ONLY = False
KEEP_READ = True  # ask's own first record stays first when its sentence reads the question's yes, no or number
DEPTH = 10  # the candidates re-ordered (the file's ``depth`` when given)
FILE = "reordering.json"

KINDS = ("glossary", "rule", "step", "clarification", "qa", "errata", "scenario", "ruling", "card",
         "keyword", "section", "example")
DOCS = ("lotr-rr", "lotr-faq", "lotr-qc", "metw-rules", "meq-rules")
CARD_KINDS = ("card", "qa", "ruling", "errata", "clarification")
# the question's form (what it asks) and the kind of record it meets
FORMS = (("yesno", re.compile(r"^\s*(?:can|could|does|do|did|is|are|was|were|may|must|should|will|would|has|have)\b",
                              re.I | re.M)),
         ("count", re.compile(r"\bhow (?:many|much)\b", re.I)),
         ("may", re.compile(r"\b(?:can|could|may|allowed)\b", re.I)),
         ("when", re.compile(r"\b(?:when|before|after|during|timing)\b", re.I)))
GROUPS = (("faq", ("qa", "clarification")), ("entry", ("glossary", "rule", "keyword")), ("step", ("step",)),
          ("card", ("card", "ruling", "errata")))

_WEIGHTS: dict | None = None


def weights() -> dict:
    """{"depth": int, "weights": {feature: float}} from the data file ({} when there is none)."""
    global _WEIGHTS
    if _WEIGHTS is None:
        from adjudicator.paths import RULES_DB

        path = RULES_DB / FILE
        _WEIGHTS = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    return _WEIGHTS


def depth() -> int:
    """How many candidates ``rank`` gives for re-ordering (0: no model, the order stands)."""
    model = weights() if ENABLED else {}
    return int(model.get("depth", DEPTH)) if model.get("weights") else 0


def _log(x: float, floor: float = 1e-3) -> float:
    return math.log(max(x, floor))


def question_forms(question: str) -> set[str]:
    return {name for name, pattern in FORMS if pattern.search(question)}


def features(question: str, entities: list, ranked: list, votes=()) -> list[dict]:
    """The feature values of each of ``ranked`` (``ranking.Ranked``, best first); ``votes``: the
    players' votes (``settled_questions.Alike``: record, similarity) for the question."""
    if not ranked:
        return []
    from .ranking import _asking_text

    best = max(ranked[0].score, 1e-9)
    asking = _asking_text(question).lower()
    named = [e for e in entities if e.record and e.kind not in ("card", "scenario") and not e.example]
    terms = {e.record for e in named}
    asked_terms = {e.record for e in named if e.name.lower() in asking}
    card_named = any(e.kind == "card" and not e.example for e in entities)
    forms = question_forms(question)
    by_record: dict[str, float] = {}
    for vote in votes:
        by_record[vote.record] = by_record.get(vote.record, 0.0) + vote.similarity
    voted = []
    for item in ranked:
        ids = [item.record.id] + [m.id for m in item.merged]
        voted.append(sum(by_record.get(rid, 0.0) for rid in dict.fromkeys(ids)))
    top_vote = max(voted)
    spans = [(item.record.span.doc, item.record.span.start, item.record.span.end) for item in ranked]
    near = _nearness(question, ranked)
    meant = _meaning(question, ranked)
    out = []
    for k, item in enumerate(ranked):
        record, parts = item.record, item.parts
        kind, (doc, start, end) = record.kind.value, spans[k]
        others = [o for j, o in enumerate(spans) if j != k and o[0] == doc and o[1:] != (start, end)]
        f = {"pos0": float(k == 0), "pos1": float(k == 1), "pos2": float(k == 2), "logpos": math.log(1 + k),
             "ratio": _log(item.score / best, 1e-4),
             "text": _log(parts.get("text", 0.0)) if parts else 0.0,
             "lift": _log(parts.get("lift", 1.0)) if parts else 0.0,
             "kindw": _log(parts.get("kind", 1.0)) if parts else 0.0,
             "about": _log(parts.get("about", 1.0)) if parts else 0.0,
             "noparts": float(not parts),
             "term": float(record.id in terms), "term_asking": float(record.id in asked_terms),
             "term_link": float(bool(terms) and any(l.target in terms for l in record.links)),
             "card_named_card_kind": float(card_named and kind in CARD_KINDS),
             "length": math.log(1 + len(record.text.split())) / 5,
             "inside": float(any(a <= start and end <= b for _, a, b in others)),
             "holds": float(any(start <= a and b <= end for _, a, b in others)),
             "merged": float(bool(item.merged)),
             "vote": voted[k], "voted": float(voted[k] > 0), "vote_top": float(top_vote > 0 and voted[k] == top_vote),
             "vote_x_pos0": voted[k] * (k == 0)}
        for name in KINDS:
            f["kind_" + name] = float(kind == name)
        for name in DOCS:
            f["doc_" + name] = float(doc == name)
        for group, kinds in GROUPS:
            if kind in kinds:
                for form in forms:
                    f[f"{form}_x_{group}"] = 1.0
        f.update(near[k])
        f.update(meant[k])
        f["term_x_ratio"] = f["term"] * f["ratio"]
        f["text_x_faq"] = f["text"] * (kind in ("qa", "clarification"))
        out.append(f)
    return out


def _nearness(question: str, ranked: list) -> list[dict]:
    """Each candidate's nearness to the question in the players' word vectors
    (``word_vectors.nearness``): the cosine ("near"), its place among the candidates (at most 10),
    its gap to the nearest candidate's, and whether it is the nearest."""
    from .word_vectors import nearness, text_vector

    vector = text_vector(question)
    cosines = [nearness(vector, item.record) for item in ranked]
    order = sorted(range(len(ranked)), key=lambda k: (-cosines[k], k))
    place = {k: p for p, k in enumerate(order)}
    top = max(cosines)
    return [{"near": c, "near_rank": float(min(place[k], 10)), "near_gap": c - top,
             "near_top": float(vector is not None and place[k] == 0)} for k, c in enumerate(cosines)]


def _meaning(question: str, ranked: list) -> list[dict]:
    """Each candidate's nearness in meaning to the question (``meaning.nearness``): the sentence
    encoder's cosine with the record ("meaning") and with its nearest sentence ("msent"), each with
    its gap to the nearest candidate's."""
    from .meaning import nearness

    near = nearness(question, [item.record for item in ranked])
    top, top_sentence = max(n for n, _ in near), max(s for _, s in near)
    return [{"meaning": n, "meaning_gap": n - top, "msent": s, "msent_gap": s - top_sentence} for n, s in near]


def score(values: dict, weight: dict) -> float:
    return sum(weight.get(name, 0.0) * value for name, value in values.items())


def gated(values: dict, gate: dict) -> bool:
    """Whether ask's own first candidate (its feature ``values``) keeps its place whatever the
    model scores: it is of the gate's ``kinds`` (any kind when none are given) and matched question
    to question, its question lift (``ranking``: a Q&A's own question or the team's asked ones)
    reaching the gate's ``lift``."""
    kinds = gate.get("kinds") or ()
    return ((not kinds or any(values.get("kind_" + kind) for kind in kinds))
            and values.get("lift", 0.0) >= math.log(gate["lift"]) - 1e-9)


def reorder(question: str, game: str, entities: list, ranked: list) -> list:
    """``ranked`` with its first ``depth`` candidates ordered by the model's score (ties keep
    ask's order); the rest as they stand."""
    model = weights() if ENABLED else {}
    weight = model.get("weights")
    if not weight or len(ranked) < 2:
        return ranked
    reach = depth()
    head = ranked[:reach]
    from .settled_questions import votes

    values = features(question, entities, head, votes(question, game))
    if model.get("gate") and gated(values[0], model["gate"]):
        return ranked
    # ask's own first ``kept`` records keep their places unless another's score passes them by ``margin``
    kept, margin = int(model.get("kept", 1)), model.get("margin", 0.0)
    scores = [score(v, weight) + (margin if i < kept else 0.0) for i, v in enumerate(values)]
    order = sorted(range(len(head)), key=lambda i: (-scores[i], i))
    if order[0] != 0 and (restates_below(head[order[0]].record, head[0].record)
                          or named_step(entities, head[0].record)):
        order = [0] + [i for i in order if i != 0]
    if model.get("first_only", FIRST_ONLY):  # the model chooses the first record; the others keep ask's order
        order = [order[0]] + [i for i in range(len(head)) if i != order[0]]
    return [head[i] for i in order] + ranked[reach:]


def _precedence(record) -> int | None:
    return (record.data.get("precedence") or {}).get("rank")


def restates_below(moved, own) -> bool:
    """Whether ``moved`` is an entry of the same name as ``own`` from a document of lower precedence
    (``data["precedence"]["rank"]``: the Rules Reference before the FAQ before the Companion's
    pages): the model does not put such a record over ask's own first, which the documents rank
    above it (a Companion page that words a rule more strictly stays after the official entry)."""
    mine, theirs = _precedence(own), _precedence(moved)
    return (mine is not None and theirs is not None and theirs > mine
            and moved.title.strip().lower() == own.title.strip().lower())


def named_step(entities: list, own) -> bool:
    """Whether ``own`` (ask's own first) is a framework step the question names by its number ("what
    happens in step 6.4.2?"): the model does not put another record over it, as the players' vote
    does not put one over the entry of a keyword the question names."""
    return any(e.kind == "step" and e.record == own.id for e in entities)


def reading_first(ranked: list, own_first, reads) -> list:
    """``ranked`` (re-ordered) with ask's own first candidate ``own_first`` put back first when
    ``reads(own_first)``: its sentence reads the question's yes, no or number (``KEEP_READ``; the
    players' vote keeps such a record first too)."""
    if not KEEP_READ or not ranked or ranked[0] is own_first or not reads(own_first):
        return ranked
    return [own_first] + [item for item in ranked if item is not own_first][:len(ranked) - 1]


def moved_first(ranked: list, own_first) -> frozenset:
    """The ids of the record the re-ordering put first (``ranked[0]``) and of the records merged
    with it (one of which may be cited in its place) when ask's own order had another first
    (``own_first``), less those of ask's own first: the records whose yes, no or number is not
    read as the verdict (the answer opens with the sentence), as a voted record's is not."""
    if own_first is None or not ranked or ranked[0] is own_first:
        return frozenset()
    own = {own_first.record.id, *(m.id for m in own_first.merged)}
    return frozenset({ranked[0].record.id, *(m.id for m in ranked[0].merged)} - own)
