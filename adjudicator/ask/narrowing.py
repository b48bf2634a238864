"""Whether a Q&A's stated Yes or No answers the player's question, by what the Q&A's own
question narrows its asking to (issue 11; review 10, findings 1b, 1c, 1e, 1h).

A Q&A's "No" to "can I play an attachment on an enemy or location that is immune to player card
effects?" is not the answer to "can I play an attachment on an enemy?".  ``verdicts._same_question``
withholds a stated Yes or No (its reason is still shown, as a sentence) when:

- the player's question does not hold a phrase narrowing the Q&A's asking (``holds_its_phrases``):
  a relative or case clause ("that is immune ..."), a place or a means ("in the staging area",
  "through the card Quick Strike"), or, less strictly, the case it opens on ("When an enemy makes
  an attack as part of its when revealed effect, ...");
- it asks another thing of its action (``asks_otherwise``): whether one must, against what a
  thing is considered; whether one may, against what a thing is or counts as;
- it names a card the Q&A does not whose abilities (the LOTR card library's effect ops) do what
  the question asks (``names_its_cards``): "... with Hands Upon the Bow?" (an attack).
"""

from __future__ import annotations

import re

from .patterns import Lazy

BRACKETED = Lazy(r"\([^()]*\)|\[[^\[\]]*\]")
CASE_CLAUSE = Lazy(r"^(?:if|when|while|after|before|in|during|say|assuming)\b", re.I)


# what a question asks of its action: whether it is required, whether it is allowed, or what a
# thing counts as; a stated Yes or No answers only a question asking the same
OBLIGATION = Lazy(r"\b(?:must|have to|has to|had to|need to|needs to|required|requires?|mandatory|compulsory|"
                  r"obliged|obligated|obligatory|optional)\b", re.I)
PERMISSION = Lazy(r"^\W*(?:can|could|may|might)\b|\b(?:allowed|allows?|lets?|permitted|legal|illegal|able to|"
                  r"possible)\b", re.I)
STATUS = Lazy(r"\b(?:considered|count(?:s|ed)? as|treated as|regarded as|deemed)\b", re.I)


def asks_otherwise(player: str, asked: str) -> bool:
    """Whether the player's question asks another thing of its action than the Q&A's does: an
    obligation ("must I declare a defender?", "is it mandatory?") against a Q&A that asks what
    a thing is considered ("... is he still considered the defending player?"), or a permission ("can I ...?")
    against one that asks only what a thing counts as or is ("... is that enemy in the staging
    area?"): a Yes to the one is no Yes to the other."""
    if OBLIGATION.search(player) and not OBLIGATION.search(asked) and STATUS.search(asked):
        return True  # "do I have to discard them?" is answered by "are they discarded?", not by
        # "is he considered the defending player?"
    clause = (phrases(asked)[1] or [""])[0]
    state = STATUS.search(asked) or STATE_ASKED.match(clause)
    return bool(PERMISSION.search(player) and not STATUS.search(player) and not STATE_ASKED.match(player)
                and state and not PERMISSION.search(asked))


# an asking clause on what a thing is ("is that enemy in the staging area?"), not on what may be done
STATE_ASKED = Lazy(r"^\W*(?:is|are|was|were)\b", re.I)


def names_its_cards(record, cards, question: str = "") -> bool:
    """Whether a Q&A decides the case of every card the player's question names: it names the
    card, or the card's abilities (the LOTR card library, ``card_ops``) do none of the things
    the question asks.  A Q&A about the general case ("can a Ranged character join an attack
    against an enemy in the staging area?" No) does not decide the case of a card whose
    ability does that very thing ("... with Hands Upon the Bow?": its effect is an attack), so
    its stated Yes or No is not the player's answer; a card that does something else (Forest
    Snare on an immune enemy) leaves it the player's."""
    from .question_index import words

    said = _plain(getattr(record, "text", ""))
    asked = set(words(question))
    for name in cards:
        if all(w[:5] in said for w in _plain(name).split() if len(w) > 3) and _plain(name) and \
                any(w[:5] in said for w in _plain(name).split()):
            continue  # named (a misprint of the name's ending forgiven: "Mischievous")
        if asked & {t for op in card_ops(name) for t in words(op.replace("_", " "))}:
            return False
    return True


def _plain(text: str) -> str:
    import unicodedata

    bare = unicodedata.normalize("NFKD", text.lower())
    return " ".join("".join(c for c in bare if not unicodedata.combining(c)).split())


_OPS: dict | None = None


def card_ops(name: str) -> list[str]:
    """The effect ops of a LOTR card's abilities in the card library (``card_links.ops_of``):
    what the card does, as values (read once, only when a stated answer is weighed against a
    card the player names)."""
    global _OPS
    if _OPS is None:
        from adjudicator.kb.names import name_key
        from adjudicator.paths import RULES_DB
        from adjudicator.yamlio import load_yaml

        from .card_links import ops_of

        _OPS = {}
        for path in sorted((RULES_DB / "lotr" / "cards" / "abilities").glob("*.yaml")):
            for card in (load_yaml(path) or {}).get("cards", []) or []:
                if isinstance(card, dict) and card.get("name"):
                    ops = [op for a in card.get("abilities") or [] if isinstance(a, dict) for op in ops_of(a)]
                    for key in [card["name"]] + list(card.get("aliases") or []):
                        _OPS.setdefault(name_key(key), []).extend(ops)
    from adjudicator.kb.names import name_key

    return _OPS.get(name_key(name), [])


# the words that open a phrase narrowing what a Q&A's question asks about: a place or a means
# ("in the staging area", "through the card Quick Strike"), a relative clause ("that is immune
# to player card effects") or a case ("when the attachment is exhausted")
PLACE_OR_MEANS = Lazy(r"\b(?:in|on|through|via|using)\b", re.I)
CLAUSE_OPENS = Lazy(r"\b(?:that|which|who|whom|whose|where|while|when|whenever|if|unless|once)\b", re.I)
# the share of each such phrase (its words weighed by rarity) the player's question must hold
PHRASE_HELD = 0.3
# a phrase weighing less (its words' rarity summed) is too slight to narrow the asking ("in
# play", "on it"): about two common words or one rare word must be in it
PHRASE_WEIGHT = 3.0
# the share of the case a Q&A's question opens on ("When an enemy makes an attack as part of its
# when revealed effect, ...") the player's question must hold: players put the scene in their
# own words, so less than of a phrase narrowing the asking itself
OPENING_HELD = 0.2


def phrases(asked: str) -> tuple[str, list[str]]:
    """(the case a Q&A's question opens on, or ""; its asking clause and each phrase that
    narrows it): a relative or case clause ("that is immune to player card effects", "when the
    attachment is exhausted") runs to the next comma or the end; before it, a place or a means
    ("in the staging area", "through the card Quick Strike") is a phrase of its own; what
    follows a comma without opening a clause goes on the phrase before it.  A card's set and
    number in brackets ("(CORE 35)") are left out."""
    from .question_index import words

    text = " ".join(BRACKETED.sub(" ", asked).split()).rstrip(" ?")
    opening = ""
    if CASE_CLAUSE.match(text) and "," in text:
        opening, text = text.split(",", 1)
    parts: list[str] = []
    for k, chunk in enumerate(c.strip() for c in text.split(",")):
        if not chunk:
            continue
        clause = CLAUSE_OPENS.search(chunk)
        if k and not (clause and clause.start() == 0) and parts:
            parts[-1] += ", " + chunk  # "..., even though ...": goes on the phrase before it
            continue
        head, tail = (chunk[:clause.start()], chunk[clause.start():]) if clause else (chunk, "")
        cuts = [0] + [m.start() for m in PLACE_OR_MEANS.finditer(head) if m.start()] + [len(head)]
        parts += [p for p in (head[a:b].strip() for a, b in zip(cuts, cuts[1:])) if p]
        if tail.strip():
            parts.append(tail.strip())
    if len(parts) > 1 and len(words(parts[0])) < 2:  # "Can a character | in ...": a bare subject
        parts[:2] = [parts[0] + " " + parts[1]]  # is asked with what it does
    return opening.strip(), parts


def _held(part: str, player: str, weigh) -> float:
    """The share of a phrase's words (weighed by rarity) the player's words hold, a word held
    by one sharing its first five letters ("immune" and "immunity", "guard" and "guarded")."""
    from .question_index import words

    mine = set(words(player))
    whole = held = 0.0
    for term in set(words(part)):
        weight = weigh(term, against=term)
        whole += weight
        if term in mine or (len(term) >= 5 and any(len(w) >= 5 and w[:5] == term[:5] for w in mine)):
            held += weight
    return held / whole if whole > 0 else 1.0


# a phrase naming what a thing has ("an active location with the text 'Immune to player card
# effects'", "a character with the Ranged keyword"): a quotation, or a short noun phrase
# ("without a resource match" is left to the asking clause: players put that case in their own
# words, "from a sphere my heroes lack")
QUALIFIER = Lazy(r"\bwith\b", re.I)
QUALIFIER_ENDS = Lazy(r"\b(?:that|which|who|whom|whose|where|while|when|whenever|if|unless|once|in|on|through|via|"
                      r"using|do|does|did|can|could|is|are|may|must|should|will|would)\b|[,;?]", re.I)


def qualifiers(text: str) -> list[str]:
    """Each phrase of a Q&A's question that names what a thing in it has ("with the text
    'Immune to player card effects'"), wherever it stands: in the case the question opens on
    as much as after its asking clause."""
    found = []
    plain = " ".join(BRACKETED.sub(" ", text).split())
    for m in QUALIFIER.finditer(plain):
        rest = plain[m.end():]
        quoted = QUOTED.match(rest)
        if quoted:  # "with the text “...”": to the end of the quotation
            phrase = quoted.group(0)
        else:  # a noun phrase, up to QUALIFIER_WORDS words ("with the Ranged keyword")
            end = QUALIFIER_ENDS.search(rest)
            phrase = " ".join((rest[: end.start()] if end else rest).split()[:QUALIFIER_WORDS])
        if phrase.strip(" '\"“”‘’"):
            found.append(plain[m.start(): m.end()] + " " + phrase.strip())
    return found


QUOTED = Lazy(r"^\s*(?:[A-Za-z]+\s+){0,3}?[\"“‘][^\"”’]+[\"”’]")
QUALIFIER_WORDS = 3  # "with the Ranged keyword"


# the share of such a phrase the player's question must hold: players restate a thing's text in
# their own words ("the active location ignores player cards" holds a fifth of "with the text
# 'Immune to player card effects'", on the team's asked questions), so less than of a phrase
# narrowing the asking; a question holding none of it asks about the thing without it
QUALIFIER_HELD = 0.15


def holds_its_qualifiers(asked: str, player: str, weigh) -> bool:
    """Whether the player's question holds at least QUALIFIER_HELD of each phrase of the Q&A's
    question that names what a thing has and weighs PHRASE_WEIGHT or more (its rare words: a
    Q&A about "an active location with the text 'Immune to player card effects'" is narrower
    than "we have an active location, where do Legolas' progress go?", and its "No" answers the
    immune case only).  The case a question opens on is weighed leniently as a whole
    (``OPENING_HELD``: players set the scene in their own words), but what it says a thing has
    is its case, not its scene."""
    for part in qualifiers(asked):
        whole = weigh(part, against=part)
        if whole >= PHRASE_WEIGHT and _held(part, player, weigh) < QUALIFIER_HELD:
            return False
    return True


# a question offering two answers ("do his progress go on the location or the quest?", "is he
# discarded or eliminated?"): a bare Yes or No answers neither.  The words after its last "or"
# open like a phrase just before it ("on the location | or the quest"), or both are participles
# ("discarded or eliminated"); "or not", "or anything" and the like ask yes or no
NOT_AN_ALTERNATIVE = Lazy(r"^(?:not|no|any|anything|anyone|anybody|something|someone|otherwise|else|so|more|less|"
                          r"fewer|both|either|whatever|similar)\b", re.I)
PARALLEL_OPENERS = frozenset("the a an my his her their its your our this that one two three on in to at from into onto "
                             "for by with before after during".split())
PARTICIPLE = Lazy(r"^[a-z]+(?:ed|en|ing)$", re.I)
AUXILIARY_OPENING = Lazy(r"^\W*(?:can|could|do|does|did|is|are|was|were|may|might|must|should|will|would|has|"
                         r"have|am|shall)\b", re.I)


def asks_which(asking: str) -> bool:
    """Whether the player's asking sentence (``verdicts.asking_sentence``) asks which of two things holds (an either/or
    question), not whether one thing does: ``choices.alternatives`` finds its alternatives
    ("..., or does it heal?", "1. ... or 2. ..."), or its last "or" joins two like phrases at
    its end ("go on the location or the quest?", "discarded or eliminated?").  A phrase joined
    as the question's subject ("can the hero or the ally quest?") is not counted: the "or"
    must come after the asking verb's subject and verb (four words at least)."""
    from .choices import alternatives

    text = " ".join(asking.split())
    if " or " not in f" {text.lower()} ":
        return False
    if re.search(r"\btrue or false\b", text, re.I):
        return False
    if alternatives(text):
        return True
    head, _, tail = text.rstrip(" ?.!").rpartition(" or ")
    head_words = re.findall(r"[A-Za-z0-9'’]+", head.split(",")[-1])
    tail_words = re.findall(r"[A-Za-z0-9'’]+", tail)
    if not head_words or not tail_words or len(tail_words) > 6 or NOT_AN_ALTERNATIVE.match(tail_words[0]):
        return False
    if len(tail_words) == 1 and PARTICIPLE.match(tail_words[0]) and PARTICIPLE.match(head_words[-1]):
        return True  # "is he discarded or eliminated?"
    clause = head.split(",")[-1].strip()
    if AUXILIARY_OPENING.match(clause) and len(head_words) < 4:
        return False  # "can the hero or the ally quest?": its subject
    opener = tail_words[0].lower()
    lowered = [w.lower() for w in head_words]
    last = len(lowered) - 1 - lowered[::-1].index(opener) if opener in lowered else -1
    return opener in PARALLEL_OPENERS and last >= max(2, len(lowered) - 4)


# the subject of a Q&A's asking clause, named by a determiner and up to two words ("does the
# staging area still count its threat ...?"), words such as "still" left out
SUBJECT = Lazy(r"^\W*(?:can|could|do|does|did|is|are|was|were|may|might|must|should|will|would|has|have)\s+"
               r"(?:the|a|an|this|that|these|those|each|any|every)\s+([A-Za-z'’-]+)(?:\s+([A-Za-z'’-]+))?", re.I)
NOT_SUBJECT = frozenset("still also ever always only just really already yet even".split())


def holds_its_subject(asked: str, player: str, weigh) -> bool:
    """Whether the player's question holds any word of the subject of what a Q&A's question
    asks, when that subject is a thing named with a determiner and weighs PHRASE_WEIGHT or more:
    "does the staging area still count its threat against them?" is not "does an active
    location still count its threat against our questing?" (a pronoun or a name as subject is
    left to the whole question's share; the second word taken may be the verb, "can that hero
    commit ...", so one word held is enough)."""
    clause = (phrases(asked)[1] or [""])[0]
    m = SUBJECT.match(clause)
    if m is None:
        return True
    named = " ".join(w for w in m.groups() if w and w.lower() not in NOT_SUBJECT)
    whole = weigh(named, against=named) if named else 0.0
    return not (whole >= PHRASE_WEIGHT and _held(named, player, weigh) == 0.0)


def holds_its_phrases(asked: str, player: str, weigh) -> bool:
    """Whether the player's question holds what a Q&A's question narrows its asking to: at least
    PHRASE_HELD of each phrase after its asking clause that weighs PHRASE_WEIGHT or more ("that
    is immune to player card effects", "in the staging area", "through the card Quick Strike"),
    and at least OPENING_HELD of the case it opens on (the asking clause itself is weighed with
    the whole question: ``SAME_QUESTION``).  "Can I play an attachment on an enemy?" is not "...
    on an enemy or location that is immune to player card effects?", whose "No" is about immune
    cards; "join an attack against an enemy engaged with another player" is not "... against an
    enemy in the staging area"."""
    opening, parts = phrases(asked)
    weighed = [(opening, OPENING_HELD, 0.0)] + [(p, PHRASE_HELD, PHRASE_WEIGHT) for p in parts[1:]]
    for part, floor, least in weighed:
        whole = weigh(part, against=part) if part else 0.0
        if whole > 0 and whole >= least and _held(part, player, weigh) < floor:
            return False
    return True


# -- what a Q&A's asking clause asks of whom: its subject and its action's object --------------

ASKING_AUX = Lazy(r"^\W*(?:can|could|do|does|did|is|are|was|were|may|might|must|should|will|would|has|have|am)\s+(.*)$",
                  re.I | re.S)
PERSONAL = frozenset("i you he she it we they one someone anyone anybody somebody everyone everybody nobody there "
                     "me him her us them".split())
DETERMINERS = frozenset("the a an this that these those each every any my your his her their its our".split())
# words between a subject and its verb ("does that bonus still apply?"), or before a complement
ADVERBS = frozenset("still also ever always only just really already yet even then actually now not never "
                    "automatically immediately normally simply".split())
# status verbs whose complement is what is asked ("is he considered the defending player?")
STATUS_VERBS = frozenset("considered treated regarded deemed counted count counts".split())
# where a noun phrase ends: a preposition, a relative word, a conjunction
PHRASE_ENDS = frozenset("of to for from at in on into onto by with without after before during since because as "
                        "against across through upon within over under among between "
                        "than like that which who whom whose where while when whenever if unless once and or but".split())
NOUN_PHRASE_WORDS = 4


def _noun_phrase(tokens: list[str]) -> list[str]:
    """The words of the noun phrase ``tokens`` open with (a determiner or a figure left out), up to
    a preposition, a relative word or NOUN_PHRASE_WORDS words; [] when they open on a pronoun."""
    out: list[str] = []
    for k, token in enumerate(tokens):
        low = token.lower()
        if k == 0 and low in PERSONAL:
            return []
        if low in DETERMINERS or low.isdigit():
            if out:
                break
            continue
        if low in PHRASE_ENDS or low in ADVERBS:
            break
        out.append(token)
        if len(out) >= NOUN_PHRASE_WORDS:
            break
    return out


def subject_and_object(clause: str) -> tuple[list[str], list[str]]:
    """(the words of the subject, the words of the object or complement) of a Q&A's asking
    clause ("Can I play an attachment ..." -> [], ["attachment"]; "is he still considered the
    defending player" -> [], ["defending", "player"]; "does that bonus still apply" -> ["bonus"],
    []): the subject is what follows the auxiliary up to its verb (the word before the next
    determiner, an adverb such as "still", or a word ending in -ed), a pronoun none; the object
    is the noun phrase after the verb (after a status verb, its complement)."""
    m = ASKING_AUX.match(" ".join(re.sub(r"[\"“”‘’]", " ", BRACKETED.sub(" ", clause)).split()))
    if m is None:
        return [], []
    tokens = re.findall(r"[A-Za-z0-9][A-Za-z0-9'-]*", m.group(1))
    if not tokens:
        return [], []
    if tokens[0].lower() in PERSONAL:
        subject, at = [], 1
    else:
        start = 1 if tokens[0].lower() in DETERMINERS else 0
        at = start
        while at < len(tokens):
            low = tokens[at].lower()
            if low in ADVERBS or (at > start and low.endswith("ed")):
                break
            if at + 1 < len(tokens) and tokens[at + 1].lower() in DETERMINERS | {"me", "him", "us", "them"} and at > start:
                break  # "a player use | a response": the word before the next determiner is the verb
            at += 1
        subject = [t for t in tokens[start:at] if t.lower() not in PHRASE_ENDS]
    while at < len(tokens) and tokens[at].lower() in ADVERBS:
        at += 1
    rest = tokens[at:]
    if rest and rest[0].lower() in PHRASE_ENDS:  # "is that enemy | in the staging area": no object
        return subject, []
    if rest and rest[0].lower() not in DETERMINERS:  # the verb (a status verb's "as" or "to be" with it)
        rest = rest[1:]
        while rest and rest[0].lower() in ("as", "to", "be", "being"):
            rest = rest[1:]
    return subject, _noun_phrase(rest)


def _holds_word(term: str, mine: set[str]) -> bool:
    from .readings import same_word

    return any(same_word(term, w) or (len(term) >= 5 and len(w) >= 5 and w[:5] == term[:5]) for w in mine)


def holds_its_action(asked: str, player: str, cards=()) -> bool:
    """Whether the player's question holds the object of the action a Q&A's asking clause asks
    about ("can I play an attachment ...?" is not "is that enemy also immune to Feint?"; "is he
    still considered the defending player?" is not "is the attack still considered defended?"):
    the object's last word (its head) or more than half its words; a card the player names
    stands for its type, and a card the Q&A names that the player names too keeps it.  (Its
    subject is not weighed: a class word, "a character", stands for the player's "hero".)  A
    Q&A's Yes or No to another thing's case is not the player's answer, however many words of
    the scene the two share."""
    from .question_form import asking_sentence

    clause = (phrases(asking_sentence(asked))[1] or [""])[0]
    _, thing = subject_and_object(clause)
    said = _plain(asking_sentence(asked))
    if any(_plain(name)[:5] in said for name in cards if len(_plain(name)) >= 5):
        return True  # it names the card the player names ("... a response like the one on Eleanor?")
    mine = set(words_of(player)) | {t for name in cards for t in words_of(card_type(name))}
    # a card the player names stands for its type ("Can I put Forest Snare ...?": an attachment)
    wanted = words_of(" ".join(thing))
    if wanted:
        held = [w for w in wanted if _holds_word(w, mine)]
        heads = {wanted[-1]} | _other_heads(clause, thing, wanted)
        if not any(_holds_word(h, mine) for h in heads) and len(held) * 2 <= len(wanted):
            return False
    return True


# a head word that names no thing of its own ("a response effect", "a 0 cost card"): the word before it is the head too
GENERIC_HEADS = frozenset("effect effects ability abilities card cards".split())


def _other_heads(clause: str, thing: list[str], wanted: list[str]) -> set[str]:
    """Heads the object of a Q&A's asking clause has besides its last word: the word before a
    generic head ("a response effect": response), the head of its of-complement ("the list of
    Fallen Heroes": heroes), and, for "use X to <verb> Y", the head of Y (what X is used for:
    "use A Good Harvest to play a 0 cost card": card)."""
    out: set[str] = set()
    if len(wanted) > 1 and wanted[-1] in GENERIC_HEADS:
        out.add(wanted[-2])
    tokens = re.findall(r"[A-Za-z0-9][A-Za-z0-9'-]*", re.sub(r"[\"“”‘’]", " ", BRACKETED.sub(" ", clause)))
    low = [t.lower() for t in tokens]
    end = _find_run(low, [t.lower() for t in thing])
    if end is not None:
        if end < len(low) and low[end] == "of":
            after = words_of(" ".join(_noun_phrase(tokens[end + 1:])))
            if after:
                out.add(after[-1])
        if "use" in low[:end - len(thing)] or "using" in low[:end - len(thing)]:
            if end + 1 < len(low) and low[end] == "to":
                after = words_of(" ".join(_noun_phrase(tokens[end + 2:])))
                if after:
                    out.add(after[-1])
    return out


def _find_run(tokens: list[str], run: list[str]):
    """The index just after the first place ``run`` stands in ``tokens`` (None when it does not)."""
    if not run:
        return None
    for k in range(len(tokens) - len(run) + 1):
        if tokens[k:k + len(run)] == run:
            return k + len(run)
    return None


_TYPES: dict | None = None


def card_type(name: str) -> str:
    """A LOTR card's type in the card library ("attachment", "event", "ally"), or "" (read once,
    from the card data ``card_lookup.figures`` reads)."""
    global _TYPES
    from adjudicator.kb.names import name_key

    if _TYPES is None:
        from adjudicator.lotr.card_lookup import figures

        _TYPES = {}
        for card in figures():
            if card.get("type"):
                for key in [card["name"]] + list(card.get("aliases") or []):
                    _TYPES.setdefault(name_key(key), str(card["type"]))
    return _TYPES.get(name_key(name), "")


def words_of(text: str) -> list[str]:
    from .question_index import words

    return words(text)
