"""Whether the documents' own answer is the player's: a Q&A's (or a ruling's) "Yes"/"No"
answers the player only when its question is the player's (``_same_question``: the same
case, the same side of a contrast, ``opposed``), and a Q&A stating another figure for what the
player gives a figure of answers another case (``contradicts_figures``); a Q&A whose own question
asks which of two things holds gives its "No." only to a question asking of one of them
(``stands_for_either``)."""

from __future__ import annotations

import re

from .deciding_sentence import BRACKETED, _share
from .narrowing import asks_otherwise, holds_its_action, holds_its_phrases, holds_its_qualifiers, holds_its_subject, names_its_cards
from .patterns import Lazy
from .question_form import CASE_CLAUSE, LOWER_LETTERS, Form, _negative, asking_sentence

END_OF = Lazy(r"\bends? of\b")
# the share of the player's question a Q&A's question must hold for the Q&A's own "Yes"/"No"
# to be the player's answer
SAME_QUESTION = 0.4
SAME_QUESTION_BACK = 0.3  # the share of the Q&A's question the player's question must hold


def _same_question(form: Form, record, sentence: str, weigh) -> bool:
    """A Q&A's (or a rule's) own "Yes"/"No" answers the player only when it answers the
    player's question: the question it answers holds enough of the player's asking sentence,
    and the player's sentence holds enough of it.
    A record without a question of its own (a sentence of a rule that opens with "Yes,")
    is judged by the sentence itself."""
    asked = [b.text for b in getattr(record, "blocks", []) if b.style == "question" and b.text.strip()]
    if not asked and record is not None and record.kind.value == "qa" and len(record.blocks) > 1:
        asked = [record.blocks[0].text]
    against = " ".join(asked) or sentence
    player = " ".join(form.clauses)
    if asked and opposed(player, against):  # "does it stop ...?" is not "does it still ...?"
        return False
    if asked and form.claim and _negative(player) != _negative(against):
        # "X does not wake the troll, correct?" against "does X wake the troll?": the documents'
        # yes to their question is a no to the player's claim, and the other way round
        return False
    if _share(player, against, weigh) < SAME_QUESTION:
        return False
    if asked and not _holds_its_case(against, player, weigh):  # it answers a narrower case
        return False
    if asked and asks_otherwise(player, against):  # "must I ...?" is not "is he considered ...?"
        return False
    if asked and not names_its_cards(record, getattr(weigh, "cards", ()), player):
        return False  # a general answer: the card the player names may do the very thing it denies
    if asked and not holds_its_phrases(against, player + " " + getattr(weigh, "expanded", ""), weigh):
        return False  # it narrows what it asks by a phrase the player's question does not hold
    if asked and not holds_its_qualifiers(against, player + " " + getattr(weigh, "expanded", ""), weigh):
        return False  # it names what a thing has ("with the text 'Immune ...'"), which the player does not
    if asked and not holds_its_subject(against, player + " " + getattr(weigh, "expanded", ""), weigh):
        return False  # it asks of another thing ("does the staging area still count ...?")
    if asked and not holds_its_action(against, player, getattr(weigh, "cards", ())):
        return False  # its subject or its action's object is not the player's ("can I play an attachment ...?")
    # and the Q&A's question is mostly about what the player asks (not a narrower case the
    # player did not ask about: "with Light of Valinor attached, can he quest exhausted?"
    # does not answer "do I have to exhaust a character to defend?")
    return not asked or _share(against, player, weigh) >= SAME_QUESTION_BACK


def alternatives_offered(record) -> list[list[str]]:
    """The two alternatives (their content words) a Q&A's own question offers when it asks which
    of two things holds, its last "or" joining two like phrases at its end ("do I put the token on
    the altar or the throne?": [altar], [throne]); else [].  An "or" inside a list the question
    asks about as one ("can I play an event or an attachment then?") is not counted:
    ``narrowing.asks_which`` on the Q&A's question, its alternatives found only at its end
    (``choices.alternatives``, which also reads "..., or does it ...?", finds none)."""
    from .choices import alternatives
    from .narrowing import asks_which
    from .readings import content_words

    asked = _asked_of(record)
    if not asked and record is not None and record.kind.value == "qa" and len(record.blocks) > 1:
        asked = record.blocks[0].text
    if not asked:
        return []
    last = asking_sentence(asked)
    if not asks_which(last) or alternatives(last):
        return []
    head, _, tail = last.rstrip(" ?.!").rpartition(" or ")
    second = content_words(tail)
    first = content_words(head)[-len(second):] if second else []
    return [first, second] if first and second else []


def stands_for_either(record, form, said: str, question: str = "") -> bool:
    """Whether a Q&A's own yes or no may be the player's when the Q&A asks which of two things
    holds (``alternatives_offered``; any other Q&A: True).  Its "No." says neither: a no to a
    player asking, positively, whether one of the two holds ("does the token go on the throne?"),
    and nothing to any other question ("is the token lost?", which that "No." would contradict);
    its "Yes." says one of them, which, so, no yes/no question gets.  The player's ``question`` must
    name what the Q&A names (its capitalised names: "Legolas"): its "neither" is said of that."""
    offered = alternatives_offered(record)
    if not offered:
        return True
    from .readings import content_words, same_word

    clause = form.clauses[0] if form.clauses else ""
    if said != "no" or form.claim or _negative(clause):
        return False
    if not all(re.search(r"\b" + re.escape(name[:5]), question, re.I) for name in _names_in(_asked_of(record))):
        return False  # its "neither" is said of what it names ("Legolas' progress"), not of another thing
    named = content_words(clause)
    return any(all(any(same_word(w, n) for n in named) for w in words) for words in offered)


QUOTED_TEXT = Lazy(r"[\"“][^\"“”]*[\"”]")
NAME = Lazy(r"(?<=[a-z,;] )([A-Z][a-z’']+)")


def _names_in(text: str) -> set[str]:
    """The names a question says (a capitalised word inside a sentence, quoted card text left out)."""
    return {re.sub(r"[’']s?$", "", m.group(1)) for m in NAME.finditer(QUOTED_TEXT.sub(" ", text))}


def _asked_of(record) -> str:
    """A Q&A's own question: its blocks styled as a question, joined ("" when it has none)."""
    return " ".join(b.text for b in getattr(record, "blocks", []) if b.style == "question" and b.text.strip())


# the case a Q&A's question narrows its asking to, after it ("are there player cards that let
# me attack an enemy in the staging area if it is immune to player card effects?"): its words
# after if, unless, when, while or once, up to the next comma or the question's end.  A case
# the question opens on ("If I have Light of Valinor attached, ...") sets the scene, which
# players put in their own words (the asked questions hold 20-50% of it); it is weighed with the
# whole question (``SAME_QUESTION_BACK``)
QUESTION_CASE = Lazy(r"(?<=\w )(?:if|unless|whenever|while|once|when)\b([^,;?]+)", re.I)
# the share of such a case (its words weighed by rarity) the player's question must hold for
# the Q&A's stated answer to be the player's: on the team's asked questions, trailing cases
# were held at 45% or more when the recorded answer agreed
CASE_HELD = 1 / 3


def _holds_its_case(asked: str, player: str, weigh) -> bool:
    """Whether the player's question holds each case a Q&A's question narrows its asking to
    (after the case it opens on, if any): "can I attack an enemy in the staging area?" does not
    ask the Q&A "are there player cards that let me attack an enemy in the staging area if it is
    immune to player card effects?", whose "No" answers only that case."""
    text = " ".join(asked.split())
    if CASE_CLAUSE.match(text):  # "If X when Y, can I ...?": X and Y set the scene
        text = text.split(",", 1)[1] if "," in text else ""
    for case in (m.group(1) for m in QUESTION_CASE.finditer(text)):
        whole = weigh(case, against=case)
        if whole > 0 and weigh(case, against=player) < CASE_HELD * whole:
            return False
    return True


# the two sides of a question on whether something carries on: a yes to "does it keep its
# damage?" is a no to "does it lose its damage?"; the words overlap, the answers are opposite
CARRIES_ON = Lazy(r"\b(?:keeps?|kept|keeping|retains?|retained|still|remains?|remained|stays?|stayed|active|"
                  r"applies|apply|continues?|in play|into play|on the table)\b", re.I)
STOPS = Lazy(r"\b(?:lose|loses|lost|losing|stops?|stopped|removed?|negated?|negates|cancell?ed|cancels?|leaves?|"
             r"ends?|ended|blank(?:ed)?|inactive|out of play|discard(?:ed|s)?|gone|goes away|turned off|"
             r"no longer)\b", re.I)


def opposed(a: str, b: str) -> bool:
    """Two questions that ask about one thing from opposite sides: one whether it carries on
    (keeps, still, remains, in play), the other whether it stops (loses, is removed, out of
    play), or each on one side of a contrast (before/after, more/fewer: ``CONTRASTS``): a yes
    to one is a no to the other, so neither's answer is the other's."""
    def side(text: str) -> str:
        keep, stop = CARRIES_ON.search(text) is not None, STOPS.search(text) is not None
        return "keep" if keep and not stop else "stop" if stop and not keep else ""

    x, y = side(a), side(b)
    return bool(x and y and x != y) or _contrasting(a, b)


# words that ask the opposite of each other: "does it keep its damage?" and "does it lose its
# damage?" share every other word, so they match at the same overlap, and the recorded answer of
# the one is the wrong answer to the other. A player's question that holds words of a pair
# on other sides than the asked question does gets no recorded answer (``_contrasting``).
CONTRASTS = (
    ("keep keeps kept keeping retain retains", "lose loses lost losing removed discarded"),
    ("stay stays stayed remain remains", "leave leaves removed discarded"),
    ("before earlier", "after afterwards later"),
    ("more higher greater most highest", "fewer less lower smaller least lowest"),
    ("first", "last"),
    ("win wins won", "lose loses lost"),
    ("pass passes passed succeed succeeds succeeded", "fail fails failed"),
    ("increase increases raise raises", "decrease decreases reduce reduces lower lowers"),
    ("add adds added", "remove removes removed subtract subtracts"),
    ("optional", "mandatory compulsory"),
    ("allowed", "forbidden"),
    ("include includes included", "exclude excludes excluded"),
    ("count counts counted", "ignore ignores ignored"),
    ("survive survives survived", "die dies died killed"),
    ("end ends ended", "continue continues continued"),  # "end of" is a time, not a side
    ("faceup", "facedown"),
    ("ready readied readies untapped untap untaps", "exhausted exhaust exhausts tapped tap taps"),
)
_SIDES = [(frozenset(a.split()), frozenset(b.split())) for a, b in CONTRASTS]


def _contrasting(question: str, asked: str) -> bool:
    """Whether the two questions take different sides of one contrast ("keep" / "lose"): both
    hold words of one pair, and not of the same sides (one "keep", the other "lose", or "keep
    or lose" against "keep" alone)."""
    import re

    def words(text: str) -> set[str]:
        return set(LOWER_LETTERS.findall(END_OF.sub(" ", text.lower())))

    q, a = words(question), words(asked)
    for one, other in _SIDES:
        q_side = (bool(q & one), bool(q & other))
        a_side = (bool(a & one), bool(a & other))
        if any(q_side) and any(a_side) and q_side != a_side:
            return True
    return False


# -- a Q&A answering another case, by its figures --------------------------------------------

# a figure given for a thing: "5 willpower", "willpower of 0", "my threat is 32" (a card's set
# number in brackets is no figure)
FIGURE_OF = Lazy(r"\b(\d+)\s+([a-z]{4,})\b|\b([a-z]{4,})\s+(?:of|is|was|at)\s+(\d+)\b", re.I)


def _figures_of(text: str) -> dict[str, set[int]]:
    """The figures a text gives, by the thing they count (its first five letters)."""
    from .question_index import STOP

    out: dict[str, set[int]] = {}
    for m in FIGURE_OF.finditer(BRACKETED.sub(" ", text)):
        value, thing = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        if thing.lower() not in STOP:
            out.setdefault(thing.lower()[:5], set()).add(int(value))
    return out


def contradicts_figures(record, question: str) -> bool:
    """A Q&A whose own case gives another figure for a thing the player gives a figure for
    (the nobody-quested Q&A's "combined committed willpower of 0" to "we quested 5 willpower
    against 7 threat, what happens?"): it answers another case, so its sentence is not the
    player's answer.  Not when the player offers figures to choose from ("by 2 or 3?")."""
    from .choices import offers_two_figures

    if record is None or record.kind.value != "qa" or offers_two_figures(asking_sentence(question)):
        return False
    mine = _figures_of(question)
    if not mine:
        return False
    theirs = _figures_of(" ".join(b.text for b in record.blocks))
    return any(thing in theirs and not (theirs[thing] & values) for thing, values in mine.items())
