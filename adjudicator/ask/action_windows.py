"""The action windows a question places a player's act in (Appendix I: the round sequence chart).

"Can I play Sneak Attack after the shadow cards are dealt?", "does this mean I cannot Sneak
Attack Gandalf and then commit him?": the point of the round is told by a framework step the
question names after a point word ("after the shadow cards are dealt", "before I commit") or
as a step's own name ("during Staging"), or by a phase ("in the encounter phase").  The
windows at that point are the chart's windows on either side of a step named, or every window
of a phase named when no step is (``lotr:rr:window:<step>``, built from the chart and the
framework table: ``adjudicator/lotr/window_records.py``).

Everything here reads values: the windows' steps and phases (their ids and the framework
table's names for them, in the question index's ``windows``), the steps and phases the
question's linked names point to.  A step is named in the question's words when all the words
of one of its names stand within a few words after a point word (stems compared, the
irregular past of the chart's verbs folded: "dealt" is "deal", "committed" is "commit"), or when the first word of a
name, said right after the point word, begins no other step's name ("before I commit").
"""

from __future__ import annotations

from adjudicator.compiled import Lazy

# the words that place an act against a step, and on which side of it: "after the shadow cards
# are dealt" (the window after it), "before I commit", "until the end of the step", "then
# commit him", "Sneak Attack Gandalf and commit him" (the act first: the window before it)
POINT = Lazy(r"\b(before|after|until|till|once|then|and)\b")
SIDE = {"after": "after", "once": "after", "before": "before", "until": "before", "till": "before",
        "then": "before", "and": "before"}
NEAR = 6  # the words after a point word a step's name may take ("after the characters are already committed")
VERB_NEAR = 3  # a name's first word alone stands this close to the point word ("before I commit")
# English irregular pasts of the chart's verbs: the stems the light stemmer cannot reach
IRREGULAR = {"dealt": "deal", "drew": "draw", "drawn": "draw", "paid": "pay", "chose": "choos", "chosen": "choos"}
PHASE_ID = Lazy(r":([a-z]+)-phase$")
OTHER_SIDE = 0.8  # the window on the other side of a step named after a point word
PHASE_ONLY = 0.5  # a window of a phase named, where no step is
# a window at the side of a step the question names after a point word decides whether the act
# may be done there, whatever other words (the card's, the scene's) the question holds: its text
# score is at least the best-matching record's times this (the others keep their own text
# score; each is weighed as the chart, times how surely it is placed)
PLACED_TEXT = 1.0


def step_words(text: str) -> list[str]:
    """The stems of ``text`` as a step's name is matched: an irregular past as its verb ("dealt"),
    a stem left with a doubled consonant as its verb's ("committed")."""
    from .question_index import words

    out = []
    for word in text.lower().split():
        word = "".join(ch for ch in word if ch.isalnum())
        out.append(IRREGULAR.get(word, word))
    return [_undoubled(w) for w in words(" ".join(out))] if out else []


def _undoubled(stem: str) -> str:
    """A stem whose suffix left a doubled consonant ("committed" -> "committ") as its verb's."""
    if len(stem) > 4 and stem[-1] == stem[-2] and stem[-1] not in "aeiouls":
        return stem[:-1]
    return stem


def _name_words(name: str) -> list[str]:
    return [w for w in step_words(name) if not w.replace(".", "").isdigit()]


def named_steps(question: str, entities: list, windows: list) -> dict[str, set[str]]:
    """The framework steps the question places an act against, each with the sides it places
    the act on ("after", "before"; "" for a step a linked name points to, no side said): a step
    whose name the question's words give after a point word, and a step a linked name points to
    (not an example)."""
    steps: dict[str, set[str]] = {}
    for e in entities:
        if e.kind == "step" and e.record and not e.example:
            steps.setdefault(e.record.rsplit(":", 1)[-1], set()).add("")
    names: dict[str, list[list[str]]] = {}
    for row in windows:
        _, after, before, _, after_names, before_names = row
        for sid, these in ((after, after_names), (before, before_names)):
            for name in these:
                found = _name_words(name)
                if found and found not in names.setdefault(sid, []):
                    names[sid].append(found)
    firsts: dict[str, set[str]] = {}
    for sid, forms in names.items():
        for form in forms:
            firsts.setdefault(form[0], set()).add(sid)
    phases = {row[3] for row in windows}
    lowered = list(question.lower())
    for e in entities:  # a longer name holding a step's ("the staging area") names something else
        if e.kind != "step" and e.record and e.at[1] <= len(lowered):
            lowered[e.at[0]:e.at[1]] = " " * (e.at[1] - e.at[0])
    text = "".join(lowered)
    for point in POINT.finditer(text):
        following = step_words(text[point.end():point.end() + 80])
        near = set(following[:NEAR])
        # a name's first word alone: a word that begins no other step's name and is not a phase's
        # ("until they had the resources" is not "Resource phase ends"); after "and" or "then",
        # the first word that follows ("... and commit him", not "and another card is drawn")
        reach = 1 if point.group(1) in ("and", "then") else VERB_NEAR
        for sid, forms in names.items():
            whole = point.group(1) != "and" and any(set(form) <= near for form in forms)
            verb = any(len(firsts.get(form[0], ())) == 1 and form[0] not in phases and form[0] in following[:reach]
                       and _object_fits(following, form) for form in forms)
            if whole or verb:
                steps.setdefault(sid, set()).add(SIDE[point.group(1)])
    return steps


# what may follow a step's verb said alone: nothing, a pronoun, or a word of the step's own name
# ("before I commit", "and commit him", "after I commit characters"); another object names
# another act ("after I declare my attackers" is not "Declare defender")
PRONOUNS = frozenset("him her it them me us you".split())


def _object_fits(following: list[str], form: list[str]) -> bool:
    at = following.index(form[0])
    after = following[at + 1: at + 2]
    return not after or after[0] in PRONOUNS or after[0] in form


def named_phases(entities: list) -> set[str]:
    """The phases a linked name points to ("in the encounter phase": its glossary entry)."""
    return {m.group(1) for e in entities if e.record and not e.example and (m := PHASE_ID.search(e.record))}


def placed(question: str, entities: list, windows: list, asking: str = "") -> dict[str, float]:
    """The window records at the point the question places an act, each with how surely: the
    windows on either side of each step it names (the side its point word says 1, the other
    side, or both when no side is said, ``OTHER_SIDE``); when it names no step of a window,
    every window of a phase it names (``PHASE_ONLY``).  A question that names a phase gets only
    that phase's windows.  A step named in the clause that asks ("can I ... and commit
    him?") places the act over one named in the case it sets ("after the characters are
    committed"); ``asking``: the question's words that ask (``ranking._asking_text``)."""
    steps = named_steps(question, entities, windows)
    for sid, sides in named_steps(asking, [], windows).items():
        if sides - {""}:
            steps[sid] = sides
    out: dict[str, float] = {}
    phases = named_phases(entities)
    for row in windows:
        rid, after, before = row[0], row[1], row[2]
        if phases and row[3] not in phases:  # "after I draw ... during the planning phase": not the resource phase's draw
            continue
        for sid, side in ((after, "after"), (before, "before")):
            if sid in steps:
                sides = steps[sid] - {""}
                out[rid] = max(out.get(rid, 0.0), 1.0 if side in sides else OTHER_SIDE)
    if not out:
        out = {row[0]: PHASE_ONLY for row in windows if row[3] in phases}
    return out


def text_scores(kb, terms: dict[str, float], game: str, rids) -> dict[str, float]:
    """The placed windows' BM25 scores for the question's weighted terms, on the scale of the
    text search's (the game's document frequencies and average length, the record's title,
    summary and text weighted as the index weighs them).  A window is not in the text search
    (a window of the chart decides only where a question places an act, ``question_index``),
    so its words are scored here, for the few windows placed."""
    from .question_index import field_counts, inverse_frequency, load, posting, saturation

    index = load(kb)
    n_docs, avg, games = index["n"].get(game, 0), index["avg"].get(game, 1.0), index["games"]
    out: dict[str, float] = {}
    for record in kb.store.get_many(sorted(rids)):
        counts, length = field_counts({"title": record.title, "summary": record.summary, "body": record.text})
        score = 0.0
        for term, asked in terms.items():
            tf = counts.get(term)
            if not tf:
                continue
            docs, _ = posting(index, term)
            df = sum(1 for d in docs if games[d] == game) + 1
            score += asked * inverse_frequency(n_docs, df) * saturation(tf, length, avg)
        out[record.id] = score
    return out
