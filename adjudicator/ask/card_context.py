"""A card named in a question's scene is its context, not what it asks about.

Players say what was played or what is in play first, then ask about what followed: "I declare
Gimli as the defender and his response deals 1 damage to the goblin.  Is the goblin gone before its
shadow card?" asks about a destroyed enemy, not about Gimli; "If I use Gandalf to deal 4 damage, do
the troll's defense points matter?" asks about defense.  The records about the card
(its Q&A, errata, page) and the rules its play touches (``card_links``) answer the question only
when the clause that asks is about the card: it names the card ("Can Gandalf ...?", "does
Protector of Lorien's action ...?").

Which part of the question sets the scene and which asks is read from its structure only (the
sentences before the first asking sentence, the "if ..." case, the statement that opens an asking
sentence: ``ranking``'s spans), never from a record's prose.  A scenario named there stays what
it is ("In Escape from Dol Guldur, can I ...?" says whose rulings apply).  Whether a record names a
card as what it is about or only in a worked example is the documents' reading (``Block.example``)
and the record's kind, decided when the knowledge base is built (``card_prose``).  Which cards a
record is about and which its case prose names are values, found once when the ask index is built
(``record_cards``, the index's ``card_mentions``), not read from the prose while a question is asked.
"""

from __future__ import annotations

import re

from adjudicator.compiled import regex

# the asking clause points back at a card's own ability ("Does this response still cost 6?",
# "does the forced effect happen?", "is its text ...") or at what the scene said of it: the card
# it refers to is asked about
ITS_ABILITY = regex(r"\b(?:this|that|these|those|the|its|his|her|their)\s+(?:[a-z]+\s+)?"
                    r"(?:effects?|abilit(?:y|ies)|responses?|actions?|text|wording|errata|power)\b"
                    # "..., and when I engage it myself, that does not apply?": "that" standing for what was said
                    # (not "that is", "that can": mostly a relative clause, "an enemy that is engaged")
                    r"|\b(?:this|that)\s+(?:would|does|did|still|also|happens?|"
                    r"works?|applies|apply|triggers?|counts?|means?)\b", re.I)


def as_examples(entities: list, question: str) -> list:
    """``entities`` with the cards and scenarios of a sentence that gives an instance of the
    question asked before it ("... must a card go on a hero of its own sphere? For example, may
    Steward of Gondor go on Eowyn?") marked as examples, as a card named right after
    "e.g." is (``entities``): a sentence opening with "For example," (``example_cues``)."""
    from dataclasses import replace

    from .example_cues import OPENS_EXAMPLE
    from .sentences import sentence_spans

    spans = [(a, b) for a, b in sentence_spans(question) if OPENS_EXAMPLE.match(question, a)]
    if not spans:
        return entities
    return [replace(e, example=True) if e.kind in ("card", "scenario") and not e.example and
            any(a <= e.at[0] and e.at[1] <= b for a, b in spans) else e for e in entities]


# a frame that names what the question is about ("For To Find Them All, does Sauron need ...?",
# "Regarding Gandalf, ..."): not a scene, though it opens the sentence as a statement does
TOPIC = regex(r"\s*(?:for|regarding|about|concerning|re|with regards? to|as for)\b", re.I)


def scene_named(entities: list, scene: list[tuple[int, int]], question: str = "") -> set[str]:
    """The keys of the cards ``entities`` name only inside the ``scene`` spans
    (character offsets): each time the question names them, it is setting its scene.  None
    when the rest of the question points back at a card's ability (``ITS_ABILITY``)."""
    scene = [(a, b) for a, b in scene if not TOPIC.match(question, a)]
    if not scene or _points_back(question, scene):
        return set()
    inside: dict[str, bool] = {}
    for e in entities:
        # a scenario named in the scene ("In Escape from Dol Guldur, can I ...?") says whose rulings
        # apply; an example keeps its own weight (``ranking.EXAMPLE_ONLY``)
        if e.kind != "card" or e.example or e.at[1] <= e.at[0]:  # (a name without its place is not placed)
            continue
        in_scene = any(a <= e.at[0] and e.at[1] <= b for a, b in scene)
        inside[e.key] = inside.get(e.key, True) and in_scene
    return {key for key, only in inside.items() if only}


def _points_back(question: str, scene: list[tuple[int, int]]) -> bool:
    """The words outside the scene refer to a card's ability with a determiner or pronoun."""
    rest = list(question)
    for a, b in scene:
        rest[a:b] = " " * (b - a)
    return bool(ITS_ABILITY.search("".join(rest)))


# the kinds of record a card's name in the prose makes about the card: a case ruled (``ranking``'s
# CARD_KINDS) or a scenario's page
CASE_KINDS = ("qa", "ruling", "errata", "card", "scenario")


def card_prose(record) -> str:
    """The prose of ``record`` in which a card's name makes the record about the card: a case
    ruled (a Q&A, ruling, erratum, card page), a scenario's page or its copy of a rule, without
    the blocks the documents' reading marked as worked examples (``Block.example``), or a worked
    example standing alone (it walks through its cards).  A general rule's page names cards only
    to illustrate the rule (the Companion's "Tom engages the Forest Spider ...") and is about
    none of them: its data (``card``, ``about``, ``card_names``) says which card it is about."""
    kind = record.kind.value
    if kind == "example":
        return record.text[:600]
    if kind in CASE_KINDS or record.data.get("scenario") or record.data.get("scenarios"):
        return record.rules_text[:600]
    return ""


def question_of(record) -> str:
    """A Q&A's own question: its question blocks, else its title."""
    asked = " ".join(b.text for b in record.blocks if b.style == "question")
    return asked or record.title


class CardKeys:
    """Card name keys (``kb.names.name_key``), looked up by their first word."""

    def __init__(self, keys):
        self.lengths: dict[str, set[int]] = {}
        self.keys = frozenset(k for k in keys if k)
        for key in self.keys:
            words = key.split()
            self.lengths.setdefault(words[0], set()).add(len(words))

    def named(self, words: list[str]) -> set[str]:
        """The keys that stand as whole words, in order, in ``words``."""
        out = set()
        for i, word in enumerate(words):
            for size in self.lengths.get(word, ()):
                key = " ".join(words[i:i + size])
                if key in self.keys:
                    out.add(key)
        return out


def record_cards(record, cards: CardKeys) -> tuple[set[str], set[str]]:
    """(about, named): the keys of the cards ``record`` is about by its data (``about``, ``card``,
    ``card_names``; a Q&A is about the cards its own question names, a card its answer names is an
    example: "... then no other player can play Gandalf"), and the keys among ``cards`` that its
    title and case prose (``card_prose``; a Q&A's own question) name."""
    from adjudicator.kb.names import name_key

    data = record.data
    about = {name_key(a) for a in data.get("about", [])} | {name_key(data.get("card", ""))}
    asked = question_of(record) if record.kind.value == "qa" else None
    about |= {name_key(n) for code, n in (data.get("card_names") or {}).items()
              if asked is None or code in asked or f" {name_key(n)} " in f" {name_key(asked)} "}
    about.discard("")
    text = name_key(asked if asked is not None else record.title + " " + card_prose(record))
    return about, cards.named(text.split())


def card_mentions(store, names: list[list]) -> dict[str, str]:
    """record id -> its cards, about and named (``record_cards``), for each record of ``store``
    that is about or names a card, the cards being those of the names table ``names``
    (``entities.names_table``): every card a question may link.  Built with the ask index, each
    as one string ("about|about<tab>named|named": a name key holds neither; strings load faster
    than tuples); ``mentioned`` reads it."""
    cards = CardKeys(key for key, _, _, kind, _ in names if kind == "card")
    out = {}
    for record in store.records():
        about, named = record_cards(record, cards)
        if about or named:
            out[record.id] = "|".join(sorted(about)) + "\t" + "|".join(sorted(named))
    return out


def mentioned(value: str) -> tuple[set[str], set[str]]:
    """(about, named) from a ``card_mentions`` value."""
    about, _, named = value.partition("\t")
    return set(about.split("|")) - {""}, set(named.split("|")) - {""}
