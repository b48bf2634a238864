"""Answering a player's question in plain English from the LOTR records.

1. Names: cards, scenarios and keywords named in the question are recognised (folded,
   forgiving spelling); a capitalised name that matches nothing well gets "did you
   mean" suggestions instead of a guess.
2. Candidates: a BM25 index over the records of all three LOTR documents (`qc_index`) plus the rulings
   and questions attached to the recognised cards and scenarios.
3. Ranking: the text score, weighted by what kind of record answers questions (a
   ruling or a Q&A over a navigation page), by whether the record is about the named
   card or scenario, and by authority (official before fan content).
4. The best record's decisive sentence: for a question and answer, the answer's
   opening; otherwise the non-example sentence sharing most words with the question.
"""

from __future__ import annotations

import re

from adjudicator.kb.answer import COMMON_WORDS, KIND_WEIGHT, Answer, Cited, cite as _cite, decisive_sentence  # noqa: F401
from adjudicator.kb.names import best_matches, name_key

ERRATA_WORDS = {"errata", "erratum", "reworded", "wording", "text", "should", "corrected", "read"}
STEP_WORDS = {"step", "phase", "point", "order", "sequence", "round", "moment"}
SCENARIO_WORDS = {"difficulty", "difficult", "hard", "rating", "rated", "easy", "setup", "remove"}


# -- names in the question ----------------------------------------------------------------


def _names_table(kb) -> list[tuple[str, str, str, str]]:
    """(name key, printed name, record id, kind) of the cards, scenarios and keywords."""
    from .qc_index import load

    return load(kb)["names"]


def recognise(kb, question: str) -> tuple[dict[str, list[str]], list[str]]:
    """Record ids of the cards, scenarios and keywords the question names; suggestions for misses."""
    qkey = " " + name_key(question) + " "
    found: dict[str, list[str]] = {"card": [], "scenario": [], "keyword": []}
    spans: list[str] = []
    for key, name, rid, kind in _names_table(kb):
        if not key or (len(key) < 5 and " " not in key) or key in COMMON_WORDS:
            continue
        if f" {key} " in qkey and rid not in found[kind]:
            found[kind].append(rid)
            spans.append(key)
    suggestions = _suggest(kb, question, spans)
    return found, suggestions


def _suggest(kb, question: str, matched_keys: list[str]) -> list[str]:
    """Names the question seems to mean but misspells: words the records never use (or
    capitalised and quoted names) that come close to a card or scenario name."""
    from .qc_index import STOP, stem, vocabulary

    vocab = vocabulary(kb)
    raw = re.findall(r"[A-Za-zÀ-ſ'-]+", question)
    candidates = re.findall(r'"([^"]{3,40})"', question)
    for i, word in enumerate(raw):
        low = word.lower()
        if len(low) < 4 or low in STOP or low in COMMON_WORDS:
            continue
        if stem(low.replace("'", "")) in vocab and not (word[:1].isupper() and i > 0):
            continue
        candidates += [word, " ".join(raw[max(0, i - 1): i + 1]), " ".join(raw[i: i + 2]), " ".join(raw[max(0, i - 1): i + 2])]
    table = [(k, n, r, 0) for k, n, r, kind in _names_table(kb) if kind in ("card", "scenario")]
    out: list[str] = []
    for cand in dict.fromkeys(candidates):
        ckey = name_key(cand)
        if not ckey or any(ckey in m or m in ckey for m in matched_keys):
            continue
        matches = best_matches(cand, table, limit=2)
        if matches and 0.6 <= matches[0].score < 0.999 and matches[0].name not in out:
            out.append(matches[0].name)
    return out[:3]


# -- ranking ------------------------------------------------------------------------------

def search(kb, question: str, limit: int = 40) -> list[tuple[str, float]]:
    """(record id, score) of the LOTR records matching the question (see `qc_index`)."""
    from .qc_index import search as ranked

    return ranked(kb, expand(kb, question), limit)


def _phrases(kb) -> list[tuple[re.Pattern, str]]:
    cached = getattr(kb, "_qc_phrases", None)
    if cached is None:
        from .qc_index import load

        table = load(kb)["phrases"]
        cached = [(re.compile(r"\b(?:" + k + r")\b", re.I), str(v)) for k, v in table.items()]
        kb._qc_phrases = cached
    return cached


def expand(kb, question: str) -> str:
    """The question plus the rules' words for the table phrases it uses."""
    extra = [words for pattern, words in _phrases(kb) if pattern.search(question)]
    return question + (" " + " ".join(extra) if extra else "")


def _about(record, found: dict[str, list[str]], kb_titles: dict[str, str]) -> float:
    boost = 1.0
    data = record.data
    scenario_ids = set(found["scenario"])
    if scenario_ids and (data.get("scenario") in scenario_ids or scenario_ids & set(data.get("scenarios", []))
                         or record.id in scenario_ids):
        boost *= 1.5
    for cid in found["card"]:
        name = kb_titles.get(cid, "")
        if not name:
            continue
        about = {name_key(a) for a in data.get("about", [])} | {name_key(data.get("card", ""))}
        if name_key(name) in about or name_key(name) in name_key(record.title + " " + record.text[:400]):
            boost *= 1.6
            break
    for kid in found["keyword"]:
        if record.id == kid or any(l.target == kid for l in record.links):
            boost *= 1.2
    return boost


def ask(kb, question: str, limit: int = 5) -> Answer:
    answer = Answer(question)
    found, suggestions = recognise(kb, question)
    answer.suggestions = suggestions
    answer.recognised = {k: v for k, v in found.items() if v}
    hits = search(kb, question)
    scores: dict[str, float] = {}
    top = max((score for _, score in hits), default=1.0) or 1.0
    for rid, score in hits:
        scores[rid] = score / top
    # Records attached to the named cards and scenarios join the candidates.
    attached: list[str] = []
    named = kb.store.get_many(found["card"] + found["scenario"])
    titles = {r.id: r.title for r in named}
    for r in named:
        d = r.data
        attached += d.get("qa", []) + d.get("errata", []) + d.get("rulings", [])
        for entry in d.get("faq", []):
            attached += entry.get("qa", []) + ([entry["errata"]] if entry.get("errata") else [])
    from .qc_lookup import resolve

    for rid in attached:
        rec = resolve(kb, rid)
        if rec is not None:
            scores.setdefault(rec.id, 0.35)
    records = {r.id: r for r in kb.store.get_many(list(scores))}
    words = {w for w in re.findall(r"[a-z]+", question.lower())}
    ranked: list[tuple[float, object]] = []
    for rid, base in scores.items():
        record = records.get(rid)
        if record is None or record.data.get("navigation"):
            continue
        kind = record.kind.value
        weight = KIND_WEIGHT.get(kind, 1.0)
        if kind == "errata" and words & ERRATA_WORDS:
            weight *= 1.3
        if kind == "step" and words & STEP_WORDS:
            weight *= 1.3
        if kind in ("scenario", "section") and words & SCENARIO_WORDS and found["scenario"]:
            weight = max(weight, 1.1)
        if record.authority.value == "fan":
            weight *= 0.8
        rank = (record.data.get("precedence") or {}).get("rank")
        if rank and rank >= 3:  # rules texts: the Rules Reference, then the FAQ, then the Companion's
            weight *= 1 + 0.02 * max(0, 5 - rank)
        ranked.append((base * weight * _about(record, found, titles), record))
    ranked.sort(key=lambda t: (-t[0], t[1].id))
    ranked = _official_first(ranked)
    if not ranked:
        answer.notes.append("no record matches the question")
        return answer
    cited = [_cite(score, record, question) for score, record in ranked[: limit]]
    answer.best, answer.supporting = cited[0], cited[1:]
    best_record = ranked[0][1]
    if best_record.authority.value == "fan":
        official = next((c for c in cited[1:] if c.authority == "official"), None)
        note = "the best match is fan content (A Long-extended Party), not an official ruling"
        answer.notes.append(note + (f"; the best official match is {official.id}" if official else ""))
    for record in [r for _, r in ranked[: limit]]:
        for div in record.data.get("divergences", []):
            answer.notes.append(f"{record.id}: sources differ on {div.get('topic', 'this point')} "
                                f"(see {', '.join(div.get('with', []))})")
        for note in record.notes[:2]:
            if record.id == best_record.id:
                answer.notes.append(f"{record.id}: {note}")
    return answer


def _official_first(ranked: list) -> list:
    """Where a Companion page and the official entry of the same term both answer, the
    official entry goes first (the Companion page follows it, its difference noted)."""
    position = {record.id: i for i, (_, record) in enumerate(ranked)}
    order = list(ranked)
    for i, (score, record) in enumerate(ranked[:10]):
        for link in record.links:
            j = position.get(link.target)
            if link.rel == "same-term" and j is not None and j > i and record.span.doc == "lotr-qc":
                target = ranked[j]
                order.remove(target)
                order.insert(order.index((score, record)), (score, target[1]))
    return order
