"""Forgiving name matching: case, accents, quotes, plurals and typos.

``name_key`` folds a name to a comparison key ("The word \"Choose\"" -> "word choose",
"Engagement Checks" -> "engagement check", "Nazgûl" -> "nazgul"); ``best_matches`` ranks
names against a query: an exact key first, then names that contain every query word,
then close spellings (difflib), so that "engagment" finds "Engagement Check" and a miss
can say "did you mean".
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from adjudicator.compiled import Lazy

_ARTICLES = {"the", "a", "an"}
# words that name nothing alone: a query of only these ('a', 'of the') finds only a name that is
# exactly it, not one holding it ('Caught in a Web') nor one spelt nearly like it ('the': 'Then')
_FUNCTION_WORDS = _ARTICLES | {"of", "in", "on", "at", "to", "or", "and", "for", "by", "with", "from", "is", "it"}
_NOISE = {"word", "letter"}  # 'The word "Choose"', 'The letter "X"'


def unaccented(text: str) -> str:
    """The text without diacritics (``Nazgûl`` -> ``Nazgul``); case and punctuation kept."""
    if text.isascii():
        return text
    text = unicodedata.normalize("NFKD", text)
    return "".join(c for c in text if not unicodedata.combining(c))


def casefold_unaccented(text: str) -> str:
    """Text compared in the knowledge base: case and accents folded, typographic quotes made
    plain, punctuation and spacing kept (names are matched with `adjudicator.engine.situation.fold`)."""
    return unaccented(text).casefold().replace("’", "'")


def _singular(word: str) -> str:
    if len(word) > 3 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


_NAME_WORD = Lazy(r"[a-z0-9]+(?:'[a-z]+)?")


def name_key(name: str) -> str:
    words = _NAME_WORD.findall(casefold_unaccented(name))
    words = [w.replace("'", "") for w in words]
    while len(words) > 1 and words[0] in _ARTICLES | _NOISE:
        words.pop(0)
    if len(words) > 1 and words[0] in _NOISE:
        words.pop(0)
    return " ".join(_singular(w) for w in words)


class _Against:
    """difflib ratios of many strings against one: the one is indexed once (difflib indexes
    its second sequence), and the cheap upper bounds skip most full comparisons."""

    def __init__(self, text: str, floor: float):
        import difflib  # only a fuzzy lookup needs it; a replay imports this module for `unaccented`

        self.matcher = difflib.SequenceMatcher(None, "", text, autojunk=False)
        self.floor = floor
        self.seen: dict[str, float] = {}

    def ratio(self, other: str) -> float:
        if other not in self.seen:
            self.matcher.set_seq1(other)
            m = self.matcher
            if m.real_quick_ratio() < self.floor or m.quick_ratio() < self.floor:
                self.seen[other] = 0.0
            else:
                self.seen[other] = m.ratio()
        return self.seen[other]


@dataclass(frozen=True)
class Match:
    """A record a name lookup found, with how closely the name matched."""

    id: str
    name: str
    score: float  # 1.0 exact; lower for looser matches


def fuzzy_ceiling(query: str) -> float:
    """The highest score `best_matches` can give a name whose key is not the query's own:
    0.9 for a name holding every word of the query, raised 0.02 for each query word beyond
    the name's one (the other ways score less).  A caller holding an exact match can skip
    the fuzzy pass when this cannot come close."""
    return 0.9 + 0.02 * max(len(name_key(query).split()) - 1, 0)


def decided_by_exact_name(query: str, names: list[tuple[str, str, str, int]]) -> Match | None:
    """The match `best_matches` ranks first, when names whose key is the query's own decide
    it without the fuzzy pass: an exact name scores 1.0 less 0.01 per weight, and no other
    name can score more than `fuzzy_ceiling` (so the first one is an exact one when the best
    exact score is above it); None when that cannot be told without the fuzzy pass."""
    key = name_key(query)
    if not key:
        return None
    scored: dict[str, Match] = {}
    for name_k, name, rid, weight in names:
        score = 1.0 - 0.01 * weight
        if name_k == key and (rid not in scored or scored[rid].score < score):
            scored[rid] = Match(rid, name, score)
    if not scored:
        return None
    first = min(scored.values(), key=lambda m: (-m.score, m.name))
    return first if first.score > fuzzy_ceiling(query) else None


def best_matches(query: str, names: list[tuple[str, str, str, int]], limit: int = 5, cutoff: float = 0.72) -> list[Match]:
    """Rank ``names`` ((key, printed name, id, weight) rows) against ``query``."""
    key = name_key(query)
    if not key:
        return []
    scored: dict[str, Match] = {}

    def offer(rid: str, name: str, score: float) -> None:
        if rid not in scored or scored[rid].score < score:
            scored[rid] = Match(rid, name, score)

    query_words = key.split()
    naming_nothing = all(q in _FUNCTION_WORDS for q in query_words)
    whole = _Against(key, cutoff)
    per_word = {q: _Against(q, 0.8) for q in query_words}

    for name_k, name, rid, weight in names:
        if name_k == key:
            offer(rid, name, 1.0 - 0.01 * weight)
            continue
        if naming_nothing:
            continue
        words = name_k.split()
        if all(any(w == q or (len(q) >= 4 and w.startswith(q)) for w in words) for q in query_words):
            offer(rid, name, 0.9 - 0.02 * (len(words) - len(query_words)) - 0.01 * weight)
            continue
        ratio = whole.ratio(name_k)
        if ratio >= cutoff:
            offer(rid, name, 0.85 * ratio - 0.01 * weight)
        # misspelt words: each query word close to a word of the name ("engagment" -> "engagement check")
        if all(len(q) >= 4 for q in query_words):
            closest = [max((per_word[q].ratio(w) for w in words), default=0.0) for q in query_words]
            if min(closest) >= 0.8:
                mean = sum(closest) / len(closest)
                offer(rid, name, 0.82 * mean - 0.02 * (len(words) - len(query_words)) - 0.01 * weight)
    return sorted(scored.values(), key=lambda m: (-m.score, m.name))[:limit]
