"""How a figure is said, which decides whether it answers a how-many question and how it is shown.

- A **rate** ("reveals one card per player", "Each player simultaneously draws 1 card", "adds 1
  resource to each of their heroes") is a figure for each of something: it is shown with it
  ("1 card per player"), never as a total (``rate``).
- A **bound** ("at least 20", "up to two", "a maximum of four", "cannot have more than 2", "3 or
  less") is a limit, shown as such ("at least 20 marshalling points"); a minimum of one ("at
  least one card must be drawn", "one or more resources") says that there is some, not how many:
  it answers no how-many question (``bound``).
- A **partitive** ("one of the restricted attachments", "one of the following types") picks one of
  several: it counts what the question counts only when the question asks of that picking (its
  verb is the clause's: "selects one of the drawn cards to keep" to "how many can he keep?"),
  never how many there are (``partitive``).
- A figure stated **in a place** the question does not ask of ("only one copy ... in play" to
  "how many copies in my deck?") is that place's (``other_place``).
- A **worked example**'s figures ("Example: Faramir is untapped with a prowess of 5 ...") are its
  setup, not the rule's answer, unless the question states the example's own figures, whose
  result it then asks (``example_opening``, and ``figure_answers`` for an example's later
  sentences).

Each reads only the sentence's words around the figure; none reads the question's meaning
beyond its verb, places and figures.
"""

from __future__ import annotations

import re

from .patterns import Lazy

_FIG = r"(?:\d+|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|once|twice|a single)"
# "per player", "for each separate instance", "for every enemy": the rate after a figure
RATE_AFTER = Lazy(r"\b(?:per|for each|for every)\s+(?!of\b)", re.I)
# "to each of their heroes' resource pools", "to each hero": the figure goes to each of them
TO_EACH = Lazy(r"\b(?:to|on|for) each (?:of (?:the|their|his|her|your|its|our) )?(?=[A-Za-z])", re.I)
# "which of the three decks", "each of the five": the figure counts the whole named, not a rate
OF_THE_BEFORE = Lazy(r"\bof (?:the|his|her|their|its|your|our)\s+$", re.I)
# "Each player simultaneously draws 1 card", "..., each player has the option to engage one enemy":
# the clause's subject is each of something (not "each of the three action types")
EACH_SUBJECT = Lazy(r"^\W*(?:[A-Za-z ]{1,30}:\s*)?each\s+(?!of\b)([A-Za-z]+)(?:\s+([A-Za-z]+))?", re.I)
RATE_STOP = frozenset("a an the of to and or in on at is are be may must can will cannot should could would "
                      "might shall has have does do as that if when until by with from which who this it".split())
# "each time a player draws 1 card": "each time" is when, not what the figure is given to
EACH_WHEN = frozenset("time times".split())

BOUND_BEFORE = Lazy(r"\b(at least|at most|up to|no more than|no fewer than|no less than|a maximum of|a minimum of|"
                    r"maximum of|minimum of)\s+$", re.I)
NOT_MORE_THAN = Lazy(r"\b(?:cannot|can['’]t|may not|must not|not)\s+(?:[A-Za-z]+\s+){0,3}more than\s+$", re.I)
OR_MORE_AFTER = Lazy(r"\s+or\s+(more|greater|higher|less|fewer|lower)\b", re.I)
LOWER_BOUND = {"at least": "at least", "no fewer than": "at least", "no less than": "at least",
               "a minimum of": "at least", "minimum of": "at least", "at most": "at most",
               "no more than": "no more than", "a maximum of": "at most", "maximum of": "at most", "up to": "up to"}

PARTITIVE_AFTER = Lazy(r"\s+of\s+(?:the|his|her|their|your|its|our|these|those)\b", re.I)
PLACE = Lazy(r"\bin(?:to)? (?:the |your |his |her |their |a |my |our |its )?(play deck|play|hand|deck|discard pile|"
             r"staging area|sideboard|victory display)\b", re.I)
EXAMPLE_OPENING = Lazy(r"^\W*(?:example\b|for (?:example|instance)\b|e\.g\.)", re.I)
WORD = Lazy(r"[A-Za-z][A-Za-z'’]*")


def _clause(sentence: str, start: int) -> tuple[int, int]:
    from .figure_choice import _clause_span

    return _clause_span(sentence, start)


def _singular(word: str) -> str:
    word = word.rstrip("'’")
    low = word.lower()
    if low.endswith("ies") and len(low) > 4:
        return word[:-3] + "y"
    if low.endswith("oes") or low.endswith("ches") or low.endswith("shes"):
        return word[:-2]
    if low.endswith("s") and not low.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def _rate_unit(text: str) -> str:
    """The noun phrase a rate is per, from the start of ``text``: up to two words before a
    function word or punctuation, the last in the singular ("separate instance", "engaged
    enemy"); a plural possessive ends it ("heroes' resource pools": hero), a singular one reads
    on ("opponent's companies": opponent's company)."""
    words = []
    for m in re.finditer(r"[A-Za-z][A-Za-z'’-]*|[^\sA-Za-z]", text):
        word = m.group(0)
        if not word[0].isalpha() or word.lower() in RATE_STOP or len(words) >= 3:
            break
        words.append(word)
        if word.endswith(("'", "’")):
            break
        if len(words) >= 2 and not word.lower().endswith(("'s", "’s")):
            break
    if not words:
        return ""
    words[-1] = _singular(words[-1])
    return " ".join(words)


def rate(sentence: str, start: int) -> str:
    """"per X" when the figure at ``start`` is given for each of something: a "per"/"for each"
    after it in its clause, "to each of their heroes" after it, or its clause's subject "each
    player"; "" when it is not a rate."""
    left, right = _clause(sentence, start)
    after = sentence[start:right]
    for pattern in (RATE_AFTER, TO_EACH):
        m = pattern.search(after)
        unit = _rate_unit(after[m.end():]) if m else ""
        if unit:
            return "per " + unit
    if OF_THE_BEFORE.search(sentence[:start]):
        return ""
    m = EACH_SUBJECT.match(sentence[left:start])
    if m and m.group(1).lower() not in RATE_STOP | EACH_WHEN:
        # "each quest card represents": a second noun of the subject, not its verb or adverb
        # ("each player simultaneously draws", "each player chooses")
        second = (m.group(2) or "").lower()
        words = [m.group(1).lower()]
        if second and second not in RATE_STOP and not second.endswith(("ly", "s")):
            words.append(second)
        return "per " + " ".join(words)
    return ""


def _value(raw: str) -> int | None:
    from .figure_choice import _value as value

    return value(raw)


def bound(sentence: str, start: int) -> str | None:
    """The limit the figure at ``start`` is ("at least", "at most", "up to", "no more than"), ""
    when it is an exact figure, None when it is a minimum of one (some, not how many)."""
    before = sentence[:start]
    figure = re.match(_FIG, sentence[start:], re.I)
    value = _value(figure.group(0)) if figure else None
    label = ""
    m = BOUND_BEFORE.search(before)
    if m:
        label = LOWER_BOUND[m.group(1).lower()]
    elif NOT_MORE_THAN.search(before):
        label = "at most"
    elif figure:
        after = OR_MORE_AFTER.match(sentence, start + len(figure.group(0)))
        if after:
            label = "at least" if after.group(1).lower() in ("more", "greater", "higher") else "at most"
    if label == "at least" and value == 1:
        return None
    return label


def partitive(sentence: str, start: int, verb: str) -> bool:
    """Whether the figure at ``start`` picks one of several ("one of the restricted attachments")
    and the question does not ask of that picking (its verb, stemmed, is not in the figure's
    clause): then it is not how many there are."""
    figure = re.match(_FIG, sentence[start:], re.I)
    if figure is None or figure.group(0).lower() not in ("one", "1", "a single") or \
            not PARTITIVE_AFTER.match(sentence, start + len(figure.group(0))):
        return False  # "two of his minions begin in play" counts them; "one of the" picks one
    if not verb:
        return True
    from .question_index import stem

    left, right = _clause(sentence, start)
    return verb not in {stem(w.lower()) for w in WORD.findall(sentence[left:right])}


def other_place(sentence: str, start: int, question: str) -> bool:
    """Whether the figure's sentence says where it holds ("in play") and the question asks of
    another place only ("in my deck")."""
    said = {m.group(1).lower().replace("play deck", "deck") for m in PLACE.finditer(sentence)}
    asked = {m.group(1).lower().replace("play deck", "deck") for m in PLACE.finditer(question)}
    return bool(said and asked and not said & asked)


def example_opening(sentence: str, start: int) -> bool:
    """Whether the figure at ``start`` is in the sentence that opens a worked example ("Example:
    Faramir is untapped with a prowess of 5 ...", "For example, “Gain one wisdom” means ..."):
    the example's setup."""
    from .sentences import sentences

    at = 0
    for part in sentences(sentence):
        found = sentence.find(part, at)
        if found < 0:
            continue
        at = found + len(part)
        if found <= start < at:
            return EXAMPLE_OPENING.match(part) is not None
    return False


def given(question: str) -> set[int]:
    """The figures a question states ("if the monster attacks for 5", "after gaining one?"). A
    "one" or "a single" before a word is not among them: it is a determiner ("does one warden
    ..."), not a figure the asker sets, and counting it would take an example's setup for the
    question's own case."""
    return {v for v in (_value(m.group(0)) for m in re.finditer(r"\b" + _FIG + r"\b", question, re.I)
                        if not (m.group(0).lower() in ("one", "a single") and DETERMINER.match(question, m.end())))
            if v is not None}


DETERMINER = Lazy(r"\s+[A-Za-z]")


def figures(text: str) -> set[int]:
    """Every figure a text states, "one" included (an example's own figures)."""
    return {v for v in (_value(m.group(0)) for m in re.finditer(r"\b" + _FIG + r"\b", text, re.I))
            if v is not None}


QUOTED = Lazy(r"“[^”]*”?|\"[^\"]*\"?")
EXAMPLE_WORDS = ("example", "for", "instance", "suppose", "say", "let", "lets", "imagine")
NAME = Lazy(r"\b([A-Z][a-z]{3,})\b")


def same_case(question: str, example: str, opening: str = "") -> bool:
    """Whether a question states a worked example's own case: a figure the example states ("if
    the monster attacks for 5"), a setting of it by its figure ("in stage II"), or a name its
    opening sentence gives ("Example: Sauron places his action token ..." to "how many plot cards
    can Sauron keep?"; not its first word, nor "Example")."""
    from .question_index import stem

    asked = {stem(w.lower()) for w in re.findall(r"[A-Za-z]+", question)}
    unquoted = QUOTED.sub(" ", opening)  # a card's quoted text ("Action: ...") names no case
    named = {stem(m.group(1).lower()) for m in NAME.finditer(unquoted)} - {stem(w) for w in EXAMPLE_WORDS}
    if named & asked:
        return True
    if not example:
        return False
    from .figure_choice import SETTING_AFTER, SETTING_BEFORE, _value as setting_value

    def pairs(text: str) -> set[tuple[str, int]]:
        out = {(m.group(2).lower().rstrip("s"), setting_value(m.group(1))) for m in SETTING_BEFORE.finditer(text)}
        return out | {(m.group(1).lower(), setting_value(m.group(2))) for m in SETTING_AFTER.finditer(text)}

    return bool(given(question) & figures(example)) or bool(pairs(question) & pairs(example))


# a game phase or setup a question or a record names ("during setup", "in the resource phase");
# "each phase", "the next phase" name no phase
PHASE = Lazy(r"\b(set-?up|(?!(?:each|every|any|a|an|the|this|that|next|same|one|current|following|previous|"
             r"other|another|which|what|its|their|his|her|my|your|our)\s)[a-z]+(?:[/-][a-z]+)? phase)\b", re.I)
# a way of playing a sentence or a record's title names ("In Easy Mode", "Campaign Mode"); a
# "standard game" is the game as usually played, no mode (the Standard Rules are METW's)
MODE = Lazy(r"\b(easy|campaign|nightmare|expert|standard|starter|solo)\s+(?:mode|rules|campaign)\b|"
            r"\b(easy|campaign|nightmare|expert|starter|solo)\s+game\b", re.I)


def _phases(text: str) -> set[str]:
    return {m.group(1).lower().replace("-", "") for m in PHASE.finditer(text)}


def another_case(question: str, record, sentence: str) -> bool:
    """Whether the deciding sentence's figure holds in a case the question does not state: the
    question names a phase (or setup) and the record names phases, none of them the question's
    ("during setup" against a resource phase step); or the sentence or the record's title names a
    way of playing (easy mode, campaign mode) the question does not."""
    asked = _phases(question)
    if asked and record is not None:
        said = _phases(" ".join([record.title, *record.path, sentence]))
        if said and not said & asked:
            return True
    modes = {(m.group(1) or m.group(2)).lower() for m in MODE.finditer(" ".join([getattr(record, "title", ""), sentence]))}
    return bool(modes - {(m.group(1) or m.group(2)).lower() for m in MODE.finditer(question)})
