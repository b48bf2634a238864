"""A question that sets its scene before it asks: "Gimli is exhausted and an orc attacks me, can he
still defend?"  Players nearly always say what is on the table first, in sentences or clauses of
its own, and ask about it with a pronoun ("he", "it") or the same name.

This module reads the grammar only, never a rule's or the engine's prose: it cuts the question into
scene clauses and the asking clause (the last one), cuts each scene clause into its subject, its
link ("is", "has", a verb) and what it says of the subject, and binds the asking clause's pronouns
(and names said again) to the one subject each can mean.  What a subject is, and whether what is
said of it is a value the engine stages, is the game's data (``legality_questions``): the subject
said again with what the scene says of it as a relative clause ("he" -> "gimli that is exhausted")
is read like any question, word for word, and a scene whose words the data does not account for
gives no reading.  A pronoun that could mean two of the scene's subjects ("I have Legolas and Gimli
in play, can he attack?") gives none either: a wrong verdict is worse than none.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from adjudicator.compiled import Lazy

# where one clause of a question ends: a sentence's end, a semicolon, a colon, a dash, a comma
_BREAK = Lazy(r"\s*(?:[.!?;:,]+(?=\s|$)|\s[-\u2013\u2014]+\s|[\u2013\u2014])\s*")
# text the scene reading does not take apart: quotations, brackets, lists with slashes
_NOT_PROSE = Lazy(r"[\"()\[\]{}/]|\u201c|\u201d")
# words that only join a clause to what comes before it ("so can he ...?", "if Gimli is ...")
LEADS = ("so", "then", "and", "but", "now", "well", "ok", "okay", "if", "when", "while", "since", "because",
         "as", "say", "suppose", "assuming", "given that", "let's say", "lets say", "right now", "currently")
# the linking verbs of a state ("Gimli is exhausted") and the auxiliaries of a past action ("has quested");
# not "was", "were", "had been", "had": a state said in the past ("my character was tapped") may no
# longer hold, so such a clause is not read and the question gets no legality reading
STATE_LINKS = ("is", "are", "am", "has been", "have been", "got", "gets", "became",
               "becomes", "is now", "are now", "is still", "are still", "is already", "are already")
CONTRACTED = {"he's": ("he", "is"), "she's": ("she", "is"), "it's": ("it", "is"), "they're": ("they", "are"),
              "i'm": ("i", "am"), "we're": ("we", "are"), "there's": ("there", "is")}
DONE_LINKS = ("has", "have")
ADVERBS = ("already", "just", "still", "now", "also")  # a subject's end: "my hero already attacked"
PERSONS = ("he", "she", "him")  # one character
PLURALS = ("they", "them")
THING = "it"
PLAYERS = ("i", "we")
DETERMINERS = ("a", "an", "the", "my", "our", "his", "her", "their", "your", "this", "that")
ANAPHORS = Lazy(r"\b(?:my|the|this|that) (?:hero|character|guy)\b")  # "my hero" said of the one named


@dataclass
class Clause:
    """A scene clause: its subject, its link (a state's "is", a done action's "has", or "" for a
    verb in the clause itself) and what it says of the subject, all folded words."""

    subject: str
    link: str
    said: str

    def relative(self) -> str:
        """What the clause says of its subject as a relative clause: "that is exhausted", "that
        already attacked this phase", "that attacks me"."""
        return f"that is {self.said}" if self.link == "is" else f"that {self.said}"


@dataclass
class Subject:
    """One of the scene's subjects: its words, whether it is an actor or a target (the data
    says), its card name when it names one, and what the scene says of it."""

    words: str
    kind: str  # "actor" or "target"
    said: list = field(default_factory=list)  # relative clauses
    bound: bool = False

    def phrase(self) -> str:
        return " ".join([self.words] + self.said)


def split(text: str) -> tuple[list[str], str] | None:
    """(the scene clauses, the asking clause) of a folded question that says something before it
    asks, or None: a question of one clause, or one whose last clause is not the one asking (the
    caller checks that it opens as a question)."""
    if _NOT_PROSE.search(text) or not text.rstrip().endswith("?"):
        return None
    parts = [p for p in _BREAK.split(text.strip()) if p]
    if len(parts) < 2:
        return None
    asking = _without_lead(parts[-1])
    scene = []
    for part in parts[:-1]:
        scene += [_without_lead(p) for p in _and_clauses(_without_lead(part))]
    if not asking or any(not s for s in scene):
        return None
    return scene, asking


def _without_lead(text: str) -> str:
    text = text.strip()
    changed = True
    while changed:
        changed = False
        for lead in LEADS:
            if text.startswith(lead + " "):
                text, changed = text[len(lead) + 1:], True
    return text


def _and_clauses(text: str) -> list[str]:
    """A clause cut at "and" where a subject follows it ("Gimli is exhausted and an orc attacks
    me") or where a link is on each side ("it is the combat phase and Gimli is exhausted");
    "Legolas and Gimli" stays whole."""
    words = text.split(" ")
    links = set(STATE_LINKS) | set(CONTRACTED)  # one-word links: a clause on each side of "and"
    out, start = [], 0
    for i, word in enumerate(words):
        if word == "and" and i + 1 < len(words) and i > start and \
                (words[i + 1] in DETERMINERS + PERSONS + PLURALS + PLAYERS + (THING, "there") or words[i + 1] in CONTRACTED
                 or (links & set(words[start:i]) and links & set(words[i + 1:]))):
            out.append(" ".join(words[start:i]))
            start = i + 1
    out.append(" ".join(words[start:]))
    return out


def clause(text: str, subject_end) -> Clause | None:
    """The scene clause's subject, link and what it says; ``subject_end(words)`` gives how many of
    the words the subject takes when it is a name or a phrase of the data (None: not one)."""
    words = text.split(" ")
    if words[0] in CONTRACTED:
        subject, link = CONTRACTED[words[0]]
        return Clause(subject, "is", " ".join(words[1:])) if len(words) > 1 else None
    if words[0] in PERSONS + PLURALS + PLAYERS + (THING, "there"):
        end = 1
    else:
        end = subject_end(words)
        if end is None:
            return None
    rest = words[end:]
    if not rest:
        return None
    after = " ".join(rest)
    for link in sorted(STATE_LINKS, key=len, reverse=True):
        if after.startswith(link + " "):
            said = after[len(link) + 1:]
            adverb = link.split(" ")[1:]  # "is still" -> "still exhausted"
            return Clause(" ".join(words[:end]), "is", " ".join(adverb + [said]))
    if rest[0] in DONE_LINKS and len(rest) > 1:
        return Clause(" ".join(words[:end]), "has", " ".join(rest[1:]))
    return Clause(" ".join(words[:end]), "", after)


def subject_words_end(words: list[str], stop) -> int | None:
    """Where a subject phrase of determiner and nouns ends: before a link, an adverb, a word
    ``stop`` says is a verb, or a past form ("-ed") after its noun."""
    if words[0] not in DETERMINERS:
        return None
    for i in range(1, min(len(words), 5)):
        word = words[i]
        if word in STATE_LINKS or word in DONE_LINKS or word in ADVERBS or (i > 1 and stop(words, i)):
            return i if i > 1 else None
    return None


def bind(asking: str, subjects: list[Subject]) -> str | None:
    """The asking clause with each pronoun replaced by the one subject it can mean, said with what
    the scene says of it, and each subject named again said so too; None when a pronoun could
    mean more than one subject or none."""
    words = asking.split(" ")
    out = []
    for i, word in enumerate(words):
        if i == 0:  # the opening ("can")
            out.append(word)
            continue
        if word in PERSONS:
            meant = [s for s in subjects if s.kind == "actor"]
        elif word == THING:  # a thing the scene names, or the one subject it has ("my ally ..., can it ...?")
            meant = [s for s in subjects if s.kind == "target"] or (list(subjects) if len(subjects) == 1 else [])
        elif word in PLURALS:
            meant = list(subjects)
        else:
            out.append(word)
            continue
        if len(meant) != 1:
            return None
        meant[0].bound = True
        out.append(meant[0].phrase())
    text = " ".join(out)
    for subject in subjects:  # the same subject named again ("..., can Gimli defend?")
        if subject.bound or not subject.said:
            continue
        found = re.search(rf"(?<![\w']){re.escape(subject.words)}(?![\w'])", text)
        if found:
            text = text[:found.start()] + subject.phrase() + text[found.end():]
            subject.bound = True
    stated = [s for s in subjects if s.said and not s.bound and s.kind == "actor"]
    named = [s for s in subjects if s.kind == "actor" and not s.words.split(" ")[0] in DETERMINERS]
    if len(stated) == 1 and len(named) == 1 and stated[0] is named[0]:  # "Gimli is exhausted, can my hero defend?"
        found = list(ANAPHORS.finditer(text))
        if len(found) == 1:
            text = text[:found[0].start()] + stated[0].phrase() + text[found[0].end():]
            stated[0].bound = True
    return text


# -- the reading, with the game's data (legality_questions) -------------------------------------


@dataclass(frozen=True)
class Words:
    """The game's reading of a clause, given by ``legality_questions`` (which imports this module,
    not the other way round): ``opening(text, data)``, ``asking(text, data, game, index)`` and
    ``phrase_values(text, data, game, index)``."""

    opening: object
    asking: object
    phrase_values: object


def scene_reading(question: str, data: dict, game: str, words: Words) -> tuple:
    """The reading of a question whose scene comes first, in clauses of its own: each scene
    clause is a subject (a card's name, or a phrase of the data giving an actor or a target)
    and what is said of it, or a case the data reads ("there is a monster token on my
    location"); the asking clause's pronoun is the one subject it can mean, read with what the
    scene says of it.  Anything the data does not read, or cannot bind, is no reading."""
    from .name_folding import folded

    not_one = (None, "not one plain sentence")
    parts = split(" ".join(folded(question).split()))
    if parts is None:
        return not_one
    scene, asking = parts
    asking = asking.rstrip("?").rstrip()
    if words.opening(asking, data) is None or any(words.opening(c, data) is not None for c in scene):
        return not_one  # the last clause does not ask, or another one asks too
    cards = _CardIndex(data, game)
    subjects: list = []
    cases: list[str] = []
    for text in scene:
        said = clause(text, lambda ws: _subject_end(ws, data, game, cards))
        if said is None:
            return None, f"the scene clause {text!r}"
        if said.subject in PLAYERS and said.link == "has" and _present(said.said, cards, subjects):
            continue  # "I have Legolas and Gimli in play": who is there
        if said.subject in PLAYERS + (THING,) and said.link == "is" and said.said.split(" ")[-1] in ("phase", "turn"):
            # "we are in the combat phase", "it's my opponent's turn": when the question asks
            first = said.said.split(" ")[0]
            cases.append(said.said if first in ("in", "during") else "during " + said.said)
            continue
        if said.subject in PLAYERS + ("there",):  # "I have three corruption cards": a case
            cases.append("if " + text)
            continue
        if said.subject in PERSONS + PLURALS + (THING,):
            meant = [s for s in subjects if said.subject in PLURALS
                     or s.kind == ("target" if said.subject == THING else "actor")]
            if len(meant) != 1:
                return None, f"whom {said.subject!r} means in {text!r}"
            meant[0].said.append(said.relative())
            continue
        known = next((s for s in subjects if s.words == said.subject), None)
        if known is None:
            kind = _subject_kind(said.subject, data, game, cards, words)
            if kind is None:
                return None, f"the subject {said.subject!r}"
            known = Subject(said.subject, kind)
            subjects.append(known)
        known.said.append(said.relative())
    bound = bind(asking, subjects)
    if bound is None:
        return None, "a pronoun that could mean more than one of the scene's subjects, or none"
    signature, why = words.asking(" ".join([bound] + cases), data, game, cards.loaded())
    if signature is None:
        return None, why
    for subject in subjects:  # a subject asked about by no word: the target the question leaves unsaid
        if subject.bound or not subject.said:
            continue
        values = words.phrase_values(subject.phrase(), data, game, cards.loaded())
        if subject.kind != "target" or values is None or set(values) != {"target"} or signature.target is not None \
                or any(c.slot == "target" for c in signature.cards):
            return None, f"the scene says of {subject.words!r} what the question does not ask about"
        signature = replace(signature, target=values["target"])
    return signature, ""


class _CardIndex:
    """The game's card index, read at the first name looked up (a scene naming no card reads none)."""

    def __init__(self, data: dict, game: str):
        self.game, self.rules, self._index = game, data.get("cards") or {}, None

    def loaded(self) -> dict | None:
        """The index, when a name was looked up already (the reading then needs no second read)."""
        return self._index

    def name(self, text: str) -> tuple[int, list] | None:
        """(end, design keys) of a card name at the start of ``text``."""
        if not self.rules:
            return None
        from . import card_features

        if self._index is None:
            self._index = card_features.index(self.game)
        return card_features.match(text, 0, self._index)

    def actor(self, keys: list) -> bool:
        from . import card_features

        return card_features.reading(keys, "actor", self._index, self.rules)[0] is not None


def _subject_end(words: list[str], data: dict, game: str, cards: _CardIndex) -> int | None:
    """How many of a scene clause's words its subject takes: a card's name, or a determiner and
    nouns up to a link, an adverb, a past form or an action of the data."""
    named = cards.name(" ".join(words)) if words[0] not in DETERMINERS else None  # "my hero": no card's name
    if named is not None:
        return len(" ".join(words)[:named[0]].split(" "))
    from adjudicator.compiled import compile as compile_cached

    actions = [compile_cached(rf"(?:{w['say']})(?= |$)") for w in data["words"] if w.get("action") is not None]

    def verb(ws, i):
        word = ws[i]
        return word.endswith("ed") or any(a.match(" ".join(ws[i:])) for a in actions)

    return subject_words_end(words, verb)


def _subject_kind(subject: str, data: dict, game: str, cards: _CardIndex, words: Words) -> str | None:
    """"actor" or "target": what a scene's subject is by the data (a card is an actor)."""
    named = cards.name(subject) if subject.split(" ")[0] not in DETERMINERS else None
    if named is not None:
        return "actor" if named[0] == len(subject) and cards.actor(named[1]) else None
    values = words.phrase_values(subject, data, game, cards.loaded())
    if values is None:
        return None
    if set(values) == {"actor"}:
        return "actor"
    return "target" if set(values) <= {"target", "conditions"} and values else None


def _present(said: str, cards: _CardIndex, subjects: list) -> bool:
    """Whether "I have ..." names only cards in play ("Legolas and Gimli in play"); each becomes a
    subject the question may ask about, with nothing said of it."""
    said = re.sub(r" (?:in play|on the table|out)$", "", said)
    names = said.split(" and ")
    if not names:
        return False
    for name in names:
        found = cards.name(name)
        if found is None or found[0] != len(name) or not cards.actor(found[1]):
            return False
    for name in names:
        if not any(s.words == name for s in subjects):
            subjects.append(Subject(name, "actor"))
    return True
