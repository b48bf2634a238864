"""Answers to a player's question: the best record with its decisive sentence, then the
supporting records, each cited.  The LOTR pipeline (adjudicator.lotr.qc_ask) ranks with its
own index; `ask_in_game` answers for the other games from the Whoosh index."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

COMMON_WORDS = {
    "the", "a", "an", "can", "i", "my", "do", "does", "is", "it", "what", "when", "how", "if", "of", "to", "in", "on",
    "and", "or", "for", "with", "at", "be", "are", "you", "we", "an", "this", "that", "there", "still", "any",
}

# what kind of record answers a question best (a ruling over a navigation page)
KIND_WEIGHT = {
    "qa": 1.15, "clarification": 1.1, "ruling": 1.08, "errata": 1.0, "glossary": 1.0, "keyword": 1.05,
    "step": 0.95, "rule": 0.95, "section": 0.45, "scenario": 0.55, "card": 0.35, "example": 0.6,
}


@dataclass
class Cited:
    id: str
    kind: str
    title: str
    doc: str
    lines: tuple[int, int]
    authority: str
    score: float
    sentence: str = ""
    also_in: list = field(default_factory=list)

    def to_dict(self) -> dict:
        return {"id": self.id, "kind": self.kind, "title": self.title, "source": self.doc,
                "lines": list(self.lines), "authority": self.authority, "score": round(self.score, 3),
                "sentence": self.sentence,
                "also_in": [{"source": s.doc, "lines": [s.start, s.end]} for s in self.also_in]}


@dataclass
class Answer:
    question: str
    best: Cited | None = None
    supporting: list[Cited] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    suggestions: list[str] = field(default_factory=list)
    recognised: dict[str, list[str]] = field(default_factory=dict)

    def ranked_ids(self) -> list[str]:
        return ([self.best.id] if self.best else []) + [c.id for c in self.supporting]

    def to_dict(self) -> dict:
        return {"question": self.question, "best": self.best.to_dict() if self.best else None,
                "supporting": [c.to_dict() for c in self.supporting], "notes": self.notes,
                "did_you_mean": self.suggestions, "recognised": self.recognised}


def cite(score: float, record, question: str) -> Cited:
    return Cited(record.id, record.kind.value, record.title, record.span.doc, (record.span.start, record.span.end),
                 record.authority.value, score, decisive_sentence(record, question), list(record.also_in))


_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"(])")


def decisive_sentence(record, question: str) -> str:
    """The sentence of the record that decides the question."""
    blocks = [b for b in record.blocks if not b.example and b.text.strip()]
    if record.kind.value == "qa" and len(blocks) > 1:
        sentences = _SENTENCE.split(" ".join(b.text for b in blocks[1:]))
        first = sentences[0]
        if len(first.split()) <= 3 and len(sentences) > 1:  # "No." / "Yes." and the reason
            first = first + " " + sentences[1]
        return first
    qwords = {w for w in re.findall(r"[a-z]{3,}", question.lower()) if w not in COMMON_WORDS}
    best, best_score = "", -1.0
    for block in blocks:
        for sentence in _SENTENCE.split(block.text):
            swords = set(re.findall(r"[a-z]{3,}", sentence.lower()))
            score = sum(1 for w in qwords if any(s.startswith(w[:5]) for s in swords))
            if score > best_score:
                best, best_score = sentence, score
    return best or record.summary


def ask_in_game(kb, question: str, game: str, limit: int = 5) -> Answer:
    """Rank the game's records with the full-text index, weight by kind, cite the best."""
    answer = Answer(question)
    hits = kb.index.search(question, games=[game], limit=limit * 4, snippets=False)
    if not hits:
        answer.notes.append("no record matches the question")
        return answer
    top = hits[0].score or 1.0
    records = {r.id: r for r in kb.store.get_many([h.id for h in hits])}
    ranked = sorted(
        ((h.score / top * KIND_WEIGHT.get(h.kind, 1.0), records[h.id]) for h in hits if h.id in records),
        key=lambda pair: (-pair[0], pair[1].id),
    )
    cited = [cite(score, record, question) for score, record in ranked[:limit]]
    answer.best, answer.supporting = cited[0], cited[1:]
    for note in ranked[0][1].notes[:2]:
        answer.notes.append(f"{ranked[0][1].id}: {note}")
    return answer
