"""Ranking a game's records for a question in a player's words.

1. Text: BM25 over the question index (``question_index``), the question expanded with the
   rules' words for the player phrases it uses (``vocabulary``) and the game's abbreviations.
2. Question to question: a Q&A whose own question the player's question covers (and the
   other way round) ranks up, in proportion.
3. Names: the record a linked name names (a keyword's entry, a term's glossary entry, a
   framework step), the records about a named card or scenario, and the rulings, Q&A and
   errata the card's or scenario's page lists join the candidates or rank up.
   A card's Q&A counts as about the cards its own question names (not its answer's examples),
   and not when it settles a combination of cards the question names only part of.
   The rules a named card's play touches rank up too: the records the card library's values
   point to (its effects' ops, trigger events, keywords, printed figures: ``card_links``, a
   table in ``rules_db/lotr/card_links.yaml``), never read from the card's paraphrase.
4. Kind and authority: a ruling or a Q&A over a navigation page, official before fan
   content, the Rules Reference then the FAQ then the Companion where they say the same.
5. One record, once: a record whose lines lie inside a better-ranked record's lines is merged
   into it, and one that shows the same text as a better-ranked one is dropped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from adjudicator.compiled import Lazy, regex

from .asking_clause import as_subjects, card_form_spans, closing_case_spans, offered_spans
from .card_context import as_examples, scene_named
from .card_links import keyword_entries, linked

# what kind of record answers a question best (a ruling over a navigation page)
KIND_WEIGHT = {
    "qa": 1.0, "clarification": 1.1, "ruling": 1.08, "errata": 1.0, "glossary": 1.0, "keyword": 1.05,
    "step": 1.1, "rule": 0.95, "section": 0.45, "scenario": 1.0, "card": 0.35, "example": 0.75,
}
# a scenario's page weighs as a Q&A (was 0.55): fitted on the 4,251 asked questions
# (bench/fit_ranking.py; 1.0-1.3 level, 1.1 best on the records' half fitted on): on the other
# half top-1 +3.2 points over ASKED_MATCH 0.5 alone (+83 questions about scenario pages, -11
# scenario rulings and others), no game lower; tune half and the team's set unchanged
# a numbered FAQ clarification (LOTR FAQ 1.00-1.58) that the question's words find nearly as
# well as the best-matching record (text score at least 0.85 of the best) weighs 1.3 times: it
# settles a case of a rule, which is what a player's question asks, where the general entry it
# clarifies only states the rule.  Chosen on the tune halves (2026-11-26, main at 29fe9d4): the
# forum set's (tests/eval/forum/, questions labelled by the entry a forum reply cited) top-1 10%
# -> 14%, the players' 58% -> 59%, top-3 of both unchanged; on the forum set's other half, not
# tuned on, top-1 6% -> 10% (every change a labelled entry promoted from the top three).  Not
# for a rulebook's clarification box (METW): with them the players' tune half gained one more,
# but the METW Wizard's corruption check went to an item's clarification box (the team's test
# of it failed).  A clarification weight raised for every question (1.1 -> 1.2-1.45) gained as
# much on the forum set but put FAQ entries over the players' deciding Rules Reference entries
# (tune half top-3 -2 to -4)
CLARIFICATION_FOUND, CLARIFICATION_WEIGHT = 0.85, 1.3
ERRATA_WORDS = {"errata", "erratum", "reworded", "wording", "text", "should", "corrected", "read"}
STEP_WORDS = {"step", "phase", "point", "order", "sequence", "round", "moment"}
SCENARIO_WORDS = {"difficulty", "difficult", "hard", "rating", "rated", "easy", "setup", "remove"}
# a Q&A whose question matches the player's wholly scores up to 1.45 times (was 1.5): fitted with
# TIMING_CHART (3.0, was 2.0) on the players' tune half, rounds 0 and 7 (129 questions) + the
# forum's tune half, the question's game given, no change allowed to lower a round fitted on,
# the forum's tune half or the team's set (bench/fit_players.py, session 15, main at 033b12e):
# offline, round 0 top-1 45 -> 46, round 7 29 -> 30; round 8, not fitted on nor read: top-1 8
# unchanged, top-3 22 -> 23; forum check 7/16 and the team's set 84/90 unchanged.  A fit
# carries little from round to round (fit_players.py's docstring), so only these two were kept
QA_MATCH = 0.45
# a record one of whose asked questions (rules_db/<game>/asked) the player's question matches:
# above the floor, it scores up to 1.5 times; below it, a match of a few shared words means little
# (floor chosen on the tune half of the players' set, 2026-11-26: floors 0.2-0.3 gave the same
# top-1 within a question; 0.4 and above, or no floor, lost 3.  Gain 1.0 -> 0.5 fitted on the
# 4,251 asked questions, bench/fit_ranking.py: on the records' half not fitted on, top-1 +1.2
# points with siblings in the index, +2.1 with the record's own asked questions all out, up in
# each game; the asked folds 47.4% -> 48.2%, the tune half and the team's set unchanged)
ASKED_MATCH, ASKED_FLOOR = 0.5, 0.3
# in matching the player's question to a record's questions, the words only in a quotation, an
# example or the "if ..." case count less, as in the text search; the scene-setting sentences
# keep their weight there (an asked question states its scene: "Can an exhausted character
# defend?"; tune half: aside and case 32 top-1, all three 31, none 31, the scene alone 30)
POSITION_IN_MATCH = ("aside", "condition")
ATTACHED = 0.35  # the base score of a ruling that joins only because its card or scenario is named
SAME_TEXT = 0.8
CARD_BOOST, SCENARIO_BOOST = 1.6, 1.5  # a record about a card or scenario the question names
# (a Q&A is about the cards its own question names, not the examples of its answer; one about a
# combination of cards the question names only part of settles another case and keeps no card
# boost: `_About`.  Why: on the players' tune half and the forum set's tune half no hit's first
# record was raised 1.6 times or more by a named card, while 15 misses' were (players 8, forum 7:
# mostly a card's Q&A over the general rule; bench/rank_diagnosis.py); 2026-11-26, main at 38724cc: players tune top-1 59% -> 61%, top-3 79% unchanged; forum
# halves 14%/29% and 10%/24% unchanged; asked folds 53.7% -> 53.6%, the team's set unchanged).
# A card named only in the scene raises nothing (``card_context``), nor does a general rule's page
# naming it in a worked walkthrough (``card_context.card_prose``); session 14, main at d840504:
# players round 7 top-1 33% -> 36%, tune 48% -> 50% (top-3 71% both), asked folds 415 -> 416 of 750
TERM_BOOST, TERM_LINK_BOOST = 1.25, 1.1  # the entry of a term the question names; a record linking to it
# a record a named card's values point to as its play (card_links: the rules of its effects' ops,
# trigger events, keywords and printed figures), raised to the record's rarity in the library (a
# rule most cards touch counts less).  Measured on the tune half (71 answerable, main at aed7f2b):
# play 1.6 -> top-3 53 -> 56, top-1 41 -> 41; 1.8 and above lose a team-set question (the rule of
# cancelling over the FAQ entry deciding it).  The other links weigh nothing: the rulings a card
# lists (1.3 lost a tune question at top-1: those records are about the card, CARD_BOOST already
# counts them), its type and abilities' kinds, a card named only as an example; none is made a
# candidate by its link alone (joining them gained nothing and lost asked questions)
CARD_LINK = {"play": 1.6, "ruling": 1.0, "frame": 1.0, "example": 1.0}
CARD_LINK_RARITY = True
# a ruling about a card or a scenario the question does not name applies to that card or
# scenario; a quick-reference summary repeats a rule stated in full elsewhere
SPECIFIC, SUMMARY = 0.75, 0.9
EXAMPLE_ONLY = 0.7  # word overlap (Jaccard) at which two records show the same text
# how far the text score and the kind weight count: score = text ** TEXT_POWER x lift x
# kind ** KIND_POWER x about (fitted on the team's asked questions: bench/fit_ranking.py)
TEXT_POWER, KIND_POWER = 1.0, 1.0


@dataclass
class Ranked:
    """A candidate record for a question, its score and the records merged into it."""

    score: float
    record: object
    merged: list = field(default_factory=list)  # records merged into this one (one inside the other's lines)
    parts: dict = field(default_factory=dict)  # how the score was made (text, question lift, kind, about)

_LETTERS = Lazy(r"[a-z]+")


def rank(kb, question: str, game: str, entities: list, expanded: str, limit: int = 5) -> list[Ranked]:
    from .question_index import load, question_matches_by_kind, search, term_weight, terms_of

    terms = terms_of(expanded)
    entities = as_subjects(question, entities)  # "cards (Attachments)": the subject, not an example
    weighted = _weighted(question, terms, entities)
    hits = search(kb, weighted, game, limit=80)
    top = max((s for _, s in hits), default=1.0) or 1.0
    text_only: dict[str, float] = {rid: s / top for rid, s in hits}
    scores = {rid: s ** TEXT_POWER for rid, s in text_only.items()}
    index = load(kb)
    # a record's questions: its own (a Q&A's) and the asked ones; the one that lifts it most counts
    in_match = _weighted(question, terms, entities, POSITION_IN_MATCH)
    factors = {t: w / term_weight(t) for t, w in in_match.items()}
    own, written, _ = question_matches_by_kind(kb, terms_of(question), factors)
    lifts: dict[str, tuple[float, float]] = {}  # record -> (its lift, the overlap giving it)
    for matches, gain, floor in ((own, QA_MATCH, 0.0), (written, ASKED_MATCH, ASKED_FLOOR)):
        for rid, (overlap, _) in matches.items():
            if overlap <= floor:
                continue
            lift = 1 + gain * (overlap - floor) / (1 - floor)
            if lift > lifts.get(rid, (0.0, 0.0))[0]:
                lifts[rid] = (lift, overlap)
    for rid, (lift, overlap) in lifts.items():
        if rid in scores:
            scores[rid] *= lift
        elif overlap >= 0.5 and _game_of(rid) == game:
            scores[rid] = ATTACHED * lift
    named = {e.record for e in entities if e.record}
    for rid in named:  # a named keyword, term or step is itself a candidate
        scores.setdefault(rid, ATTACHED)
    words = set(_LETTERS.findall(question.lower()))
    windows: dict[str, float] = {}
    acts = _places_an_act(words, entities, question, index.get("windows", ()))
    if acts:
        for rid in index.get("charts", ()):  # a question whether one may act at a point of the round
            scores.setdefault(rid, ATTACHED)
        from .action_windows import PLACED_TEXT, placed, text_scores

        # the chart's windows at that point: one at a step named decides, whatever else is asked
        windows = placed(question, entities, index.get("windows", ()), _asking_text(question))
        for rid, found in text_scores(kb, weighted, game, windows).items():
            text_only[rid] = found / top
            scores[rid] = max(found / top, PLACED_TEXT if windows[rid] >= 1.0 else ATTACHED)
    attached = _attached(kb, [e for e in entities if e.kind in ("card", "scenario") and e.record and not e.example]) + keyword_entries(entities, game)
    for rid in attached:
        scores.setdefault(rid, ATTACHED)
    records = {r.id: r for r in kb.store.get_many(list(scores))}
    about = _About(kb, entities, question, game)
    milestones = frozenset(index.get("milestones", ()))
    ranked: list[Ranked] = []
    for rid, base in scores.items():
        record = records.get(rid)
        if record is None or record.game != game or record.data.get("navigation"):
            continue
        weight = _kind_weight(record, words, entities, milestones, text_only.get(rid, 0.0), question, acts)
        if record.data.get("window"):  # a window decides only a question that places an act there
            weight = max(weight, 1.0) * TIMING_CHART * windows[rid] if rid in windows else weight * WINDOW_ELSEWHERE
        boost = about.boost(record)
        parts = {"text": round(text_only.get(rid, 0.0), 3), "lift": round(lifts.get(rid, (1.0, 0))[0], 3),
                 "kind": round(weight, 3), "about": round(boost, 3)}
        ranked.append(Ranked(base * weight ** KIND_POWER * boost, record, parts=parts))
    ranked.sort(key=lambda r: (-r.score, r.record.id))
    ranked = _official_first(ranked)
    ranked = _full_entry_first(ranked)
    return _one_each(ranked, limit)


# the weight of words the question gives only in a quotation of card text.  A card named only
# as an example ("e.g. by way of A Light in the Dark") keeps its words' weight (its records rank down,
# EXAMPLE_ONLY): weighing them 0.4 too helped the players' tune half alone (1 top-1) and cost the
# forum set's check half 1 top-1 and the tune half 2 top-3 (session 13, main at d79ab39)
ASIDE = 0.4
CONDITION = 0.7  # the words only in the "if ..." clause that opens a question
SETTING = 0.6  # the weight of words only in the sentences that set the scene of a question


def _weighted(question: str, terms: list[str], entities: list, parts=("aside", "setting", "condition")) -> dict[str, float]:
    """Each query term's weight: the words a question only quotes (card text in quotes) count
    less than its own words, and
    the words of the sentences that only set the scene count less than the asking sentence's."""
    from .question_index import term_weight, terms_of

    asides = _card_text_spans(question, entities, inner=True)
    weights = {t: term_weight(t) for t in terms}
    for name, spans, factor in (("aside", asides, ASIDE), ("setting", _setting_spans(question), SETTING),
                                ("condition", _condition_spans(question), CONDITION)):
        if not spans or name not in parts:
            continue
        own_text, aside_text = list(question), []
        for start, end in spans:
            aside_text.append(question[start:end])
            own_text[start:end] = " " * (end - start)
        own = set(terms_of("".join(own_text)))
        minor = set(terms_of(" ".join(aside_text)))
        for t in terms:
            if t in minor and t not in own:
                weights[t] *= factor
    return weights


def _asking_text(question: str) -> str:
    """The words that ask: the question without the sentences that set its scene, its "if ..."
    case, the statement that opens an asking sentence ("Thalin quested, can he defend?") and
    its quotations."""
    out = list(question)
    spans = _setting_spans(question) + _condition_spans(question) + _stated_spans(question)
    for a, b in spans + [m.span() for m in QUOTED.finditer(question)]:
        out[a:b] = " " * (b - a)
    return "".join(out)


def _stated_spans(question: str) -> list[tuple[int, int]]:
    """The statement that opens an asking sentence, up to the comma before its asking clause
    ("Aragorn already has Blade of Gondolin, can I give him a Dwarven Axe too?"): the case the
    question sets, as an if-clause does."""
    from .sentences import sentence_spans

    out = []
    for start, end in sentence_spans(question):
        text = question[start:end]
        lead = len(text) - len(text.lstrip())
        if not text.rstrip().endswith("?") or any(h.match(text, lead) for h in (CONDITION_HEAD, ASKING_HEAD, RELATIVE_HEAD)):
            continue
        asking = _asking_comma(text, [i for i, ch in enumerate(text) if ch == "," and i > lead + 8])
        if asking is not None:
            out.append((start, start + asking))
    return out


def _setting_spans(question: str) -> list[tuple[int, int]]:
    """The sentences before a question's first asking sentence, that set the scene ("I have
    ... . Does it ...?"), and the remarks after its last one ("I thought it worked, but I
    might be wrong."): their words count less than the asking sentences'.  A sentence after
    the question that asks more ("Same question for allies.") is not a remark."""
    from .sentences import sentence_spans

    parts = sentence_spans(question)
    asking = [p for p in parts if question[p[0]:p[1]].rstrip().endswith("?")]
    if not asking or len(asking) == len(parts):
        return []
    before = [p for p in parts if p[1] <= asking[0][0]]
    after = [p for p in parts if p[0] >= asking[-1][1] and not ASKS.search(question[p[0]:p[1]])]
    return before + after


ASKS = regex(r"\b(?:same|what about|how about|also|and if|or if|question)\b", re.I)
CONDITION_HEAD = regex(r"(?:if|when|whenever|once|after|while|say)\b", re.I)


def _condition_spans(question: str) -> list[tuple[int, int]]:
    """The "if ..." clause that opens an asking sentence ("If a wounded enemy goes back to
    staging, are its damage tokens kept?"): the case, not what is asked."""
    from .sentences import sentence_spans

    out = []
    for start, end in sentence_spans(question):
        text = question[start:end]
        lead = len(text) - len(text.lstrip())
        if not text.rstrip().endswith("?") or not CONDITION_HEAD.match(text, lead):
            continue
        depth, commas = 0, []
        for i, ch in enumerate(text):
            depth += (ch == "(") - (ch == ")")
            if ch == "," and depth == 0 and i > lead + 8:
                commas.append(i)
        # the case ends where the asking clause begins ("If A, where B, or C, what happens?"),
        # else at its first comma
        asking = _asking_comma(text, commas)
        if asking is not None or commas:
            out.append((start, start + (commas[0] if asking is None else asking)))
    # the case closing a wh-question ("What happens when ...?") and the answers a player offers
    # after "or" ("... or must we travel there first?") weigh as the case does
    return out + closing_case_spans(question) + offered_spans(question)


ASKING_HEAD = regex(r"\s*(?:what|how|who|which|does|do|did|is|are|was|were|can|could|may|must|should|"
                    r"will|would|has|have)\b", re.I)
# a word that opens a relative clause inside the case ("If my hero, which has two attachments,
# leaves play, ...", "If A, where B, or C, ...") as often as it asks ("..., which one goes first?")
RELATIVE_HEAD = regex(r"\s*(?:which|who|whom|whose|where|when|that)\b", re.I)
# after a relative clause, the case's own verb goes on ("..., is still in play, ...") unless the
# words ask: a wh-word, or an auxiliary before its subject ("..., can he quest?")
ASKS_AFTER = regex(r"\s*(?:what|how|(?:does|do|did|is|are|was|were|can|could|may|must|should|will|would|has|"
                   r"have)\s+(?:the|a|an|i|you|he|she|it|we|they|this|that|these|those|my|your|his|her|their|"
                   r"our|its)\b)", re.I)


def _asking_comma(text: str, commas: list[int]) -> int | None:
    """The comma before the clause that asks, of the commas of an "if ..." sentence: the first
    followed by an asking word ("If X, what/does/can ..."); a relative word (which, who, where,
    ...) asks only when its clause ends the sentence ("If X, which one goes first?"), else it
    opens a clause inside the case, which goes on past the comma that closes it ("If my hero,
    who has two attachments, leaves play, does ...?")."""
    i = 0
    while i < len(commas):
        at = commas[i]
        if RELATIVE_HEAD.match(text, at + 1) and i + 1 < len(commas):
            closing = commas[i + 1]
            if ASKS_AFTER.match(text, closing + 1):
                return closing
            i += 2
            continue
        if ASKING_HEAD.match(text, at + 1) or RELATIVE_HEAD.match(text, at + 1):
            return at
        i += 1
    return None


QUOTED = regex(r"[\"“]([^\"”]{12,})[\"”]|(?<![A-Za-z])['‘]([^'’]{12,})['’](?![A-Za-z])")
_QUOTE_MARKS = " \t.,;:!?"


def _card_text_spans(question: str, entities: list, inner: bool = False) -> list[tuple[int, int]]:
    """The quotations of a question that quote a card's text ("'Attach to an enemy engaged with
    a player.' How long does it last?"): what the card says, not what is asked.  A quotation
    that is only a rules term's own name ("... even if the location is "Immune to player card
    effects"?") names the term the player asks about, as an unquoted name does; it is not card
    text.  ``inner``: the spans inside the quotation marks."""
    out = []
    for m in QUOTED.finditer(question):
        a, b = m.span(1) if m.group(1) else m.span(2)
        while a < b and question[a] in _QUOTE_MARKS:
            a += 1
        while b > a and question[b - 1] in _QUOTE_MARKS:
            b -= 1
        if any(e.at[0] <= a and b <= e.at[1] for e in entities if e.kind not in ("card", "scenario") and e.record):
            continue
        out.append((a, b) if inner else m.span())
    # an ability typed in card form without quotation marks ("Forced: After ... engages you, ...")
    out += [(a, b) for a, b in card_form_spans(question) if not any(x < b and a < y for x, y in out)]
    return out


def _game_of(rid: str) -> str:
    return rid.split(":", 1)[0]


def _kind_weight(record, words: set[str], entities: list, milestones=frozenset(), found: float = 0.0,
                 question: str = "", acts: bool | None = None) -> float:
    """How much a record of its kind decides a question; ``found``: its text score as a share of
    the best-matching record's; ``question``: its text, where the order of its words tells;
    ``acts``: whether it places an act at a point of the round, as ``rank`` found it with the
    chart's windows (``_places_an_act``; None: found here, without them)."""
    kind = record.kind.value
    weight = KIND_WEIGHT.get(kind, 1.0)
    if kind == "clarification" and record.span.doc == "lotr-faq" and found >= CLARIFICATION_FOUND:
        weight *= CLARIFICATION_WEIGHT
    if kind == "errata" and words & ERRATA_WORDS:
        weight *= 1.3
    if kind == "step" and words & STEP_WORDS:
        weight *= 1.3
    if kind in ("scenario", "section") and words & SCENARIO_WORDS and any(e.kind == "scenario" for e in entities):
        weight = max(weight, 1.1)
    if kind == "scenario" and question:  # its page answers what the scenario is, not how a rule plays there
        from .scenario_page import page_weight

        weight *= page_weight(record, question, entities)
    if record.data.get("chart") and _asks_about_windows(
            record, entities, _places_an_act(words, entities, question) if acts is None else acts):
        weight = max(weight, 1.0) * TIMING_CHART
    if kind == "step" and record.id in milestones:
        weight *= MILESTONE
    if record.authority.value == "fan":
        weight *= 0.8
    if kind in RESTATING_KINDS and (record.data.get("precedence") or {}).get("tier", "").endswith("Quest Companion"):
        weight *= RESTATED
    weight *= _pointer_weight(record)
    rank = (record.data.get("precedence") or {}).get("rank")
    if rank and rank >= 3:  # rules texts: the Rules Reference, then the FAQ, then the Companion's
        weight *= 1 + 0.02 * max(0, 5 - rank)
    return weight


POINTER = regex(r"^\s*see:?\s|\((?:see )?pages? \d+[^)]*\)|\bsee [^.()]{0,40}\bon pages? \d+[-–\d]*", re.I)
POINTER_ONLY, OVERVIEW = 0.3, 0.8
OVERVIEW_WORDS = 40


def _pointer_weight(record) -> float:
    """A record that only routes the reader ("See: Replacement Effects") decides nothing; a
    short overview that sends the reader to a fuller entry ("... by discarding the required
    cards (see pages 22-23)") states the rule without its conditions: the entry it points to
    does."""
    text = record.text
    lowered = text.lower()  # every pointer holds "see" or "page": most texts need no pattern (a quarter of its time)
    found = POINTER.search(text) if "see" in lowered or "page" in lowered else None
    if not found:
        return 1.0
    rest = POINTER.sub(" ", text)
    if text.lstrip().lower().startswith("see") and len(rest.split()) <= 6:
        return POINTER_ONLY
    return OVERVIEW if len(text.split()) < OVERVIEW_WORDS else 1.0


# a question whether something may be done between framework steps ("Is there an action window
# between two revealed cards in staging?", "can I ready my hero between enemies?") is decided by the
# timing chart, whose steps carry their action windows as values (``data["chart"]``)
# tune half (then 51 questions): 1.0 (the kind weight of a rule only) 33 top-1, 1.6 34, 2.0 35, 2.5 35;
# 3.0 fitted with QA_MATCH (its comment; bench/fit_players.py)
TIMING_CHART = 3.0
WINDOW_ELSEWHERE = 0.3  # one action window of the chart, for a question that places no act there
WINDOW_WORDS = frozenset("between while during meantime anytime".split())
ACTING_WORDS = frozenset("play plays playing played use using trigger triggering ready readying action actions "
                         "event events respond response responses".split())


# a point of the round is also told by the steps on either side of it ("after I declare my
# defender but before the shadow card is flipped") and by a phase named ("in the travel phase")
POINT_WORDS = frozenset("before after until till once then".split())
# a player as the one who acts: a player (or "to", "a chance to use") a few words before the act
PLAYER_ACTS = Lazy(r"\b(?:i|we|you|he|she|they|players?|to)\b(?:\W+[\w']+){0,3}?\W+(?:play|plays|playing|played|use|"
                    r"using|trigger|triggering|ready|readying|respond|responding|actions?|events?|responses?)\b", re.I)


def _places_an_act(words: set[str], entities: list, question: str = "", windows=()) -> bool:
    """The question asks whether a player may act at a point of the round: it asks about acting
    (an action window, or a player playing, using or triggering: "can I play ...", "a chance to
    use ...", not "once this action is done") and places the act at a point: between, during or
    while steps, at a phase it names, or against a step it names after before/after/until/then
    ("after the shadow cards are dealt"; ``action_windows.named_steps``).  A before or after
    that names no step ("after my hero is destroyed") places nothing."""
    if "window" not in words and not (words & ACTING_WORDS and (not question or PLAYER_ACTS.search(question))):
        return False
    from .action_windows import named_phases, named_steps

    if words & WINDOW_WORDS or named_phases(entities):
        return True
    return bool(words & POINT_WORDS) and bool(named_steps(question, entities, windows))


def _asks_about_windows(record, entities: list, acts: bool) -> bool:
    """The question asks whether a player may act at a point of this chart: it asks about acting
    at a point of the round (``acts``: ``_places_an_act``) and names a step of the chart, an action
    window, or a phase whose beginning the chart holds."""
    if not acts:
        return False
    from .action_windows import named_phases

    chart = record.data.get("chart", [])
    steps = {str(s.get("id")) for s in chart}
    named = {e.record.rsplit(":", 1)[-1] for e in entities if e.kind == "step" and e.record}
    return bool(named & steps) or any("action-window" in (e.record or "") for e in entities) or \
        bool(named_phases(entities) & {s.get("phase") for s in chart})


# a Companion page restating a general rule: the Rules Reference and the FAQ state it first
RESTATED = 0.85
RESTATING_KINDS = ("rule", "keyword", "glossary", "section", "card")
MILESTONE = 0.6  # a framework step that only marks a phase's beginning or end decides little


def _attached(kb, entities: list) -> list[str]:
    """The rulings, Q&A and errata that the named cards' and scenarios' pages list."""
    out: list[str] = []
    for record in kb.store.get_many([e.record for e in entities]):
        d = record.data
        ids = list(d.get("qa", [])) + list(d.get("errata", [])) + list(d.get("rulings", []))
        for entry in d.get("faq", []):
            ids += entry.get("qa", []) + ([entry["errata"]] if entry.get("errata") else [])
        if ids:  # imported only for a page that lists some (a question naming no card imports nothing)
            from adjudicator.lotr.qc_lookup import resolve
        for rid in ids:
            found = resolve(kb, rid)
            if found is not None:
                out.append(found.id)
    return out


def _card_link(rid: str, strength: str) -> float:
    from .card_links import rarity

    return CARD_LINK[strength] ** (rarity(rid) if CARD_LINK_RARITY else 1.0)


class _About:
    """How much a record is about the question's named cards, scenarios, keywords and terms."""

    def __init__(self, kb, entities: list, question: str = "", game: str = ""):
        # a card named only in the scene is context: neither its records nor the rules its play
        # touches are raised (``card_context``); a card of a "For example, ..." sentence is an example
        entities = as_examples(entities, question)
        named_cards = {e.at for e in entities if e.kind == "card" and e.at[1] > e.at[0]}
        context = scene_named(entities, _setting_spans(question) + _condition_spans(question) +
                              _stated_spans(question), question) if question else set()
        entities = [e for e in entities if e.kind != "card" or e.key not in context]
        self.context = context
        if kb is not None:
            from .question_index import load

            self.mentions = load(kb)["card_mentions"]
        else:
            self.mentions = None
        # record -> how a named card's values link to it (card_links: the rules its play touches)
        self.card_rules = linked(entities, game) if game else {}
        subjects = [e for e in entities if not e.example]
        self.scenarios = {e.record for e in subjects if e.kind == "scenario" and e.record}
        self.cards = {e.key for e in subjects if e.kind == "card"}
        self.examples = {e.key for e in entities if e.example and e.kind == "card"} - self.cards
        # a term named only inside a quotation of a card's text is what the card says, not
        # what the player asks about ("'Attach to an enemy engaged with a player.' How long
        # does it last?" is about attachments, not engagement)
        quoted = _card_text_spans(question, entities)
        asked = [e for e in subjects if not any(a <= e.at[0] and e.at[1] <= b for a, b in quoted)]
        # a name that names a card is the card's: its pages (a hero's Companion page) take the
        # card's boost, not a term's as well
        asked = [e for e in asked if e.kind in ("card", "scenario") or e.at not in named_cards]
        self.terms = {e.record for e in asked if e.kind not in ("card", "scenario") and e.record}
        self.subject = _subject(question, asked)
        # the words that ask, besides the names of the cards and scenarios named (``_asking_text``)
        from .question_index import WEAK_TERMS, terms_of

        names = set(terms_of(" ".join(e.key for e in entities if e.kind in ("card", "scenario"))))
        self.asking_words = {t for t in terms_of(_asking_text(question)) if "_" not in t} - names - WEAK_TERMS

    def boost(self, record) -> float:
        boost = 1.0
        data = record.data
        if self.scenarios and (data.get("scenario") in self.scenarios or self.scenarios & set(data.get("scenarios", []))
                               or record.id in self.scenarios):
            boost *= SCENARIO_BOOST
        # the cards the record is about and those its case prose names: values found when the
        # index was built (``card_context.record_cards``)
        about, named = self._cards_of(record)
        if about and about <= self.context:
            pass  # about a card of the scene only: the question's context, neither raised nor another case
        elif self.cards:
            if self.cards & about or self.cards & named:
                if not self._other_case(record, about) and self._holds_asking_words(record):
                    boost *= CARD_BOOST
            elif about and record.kind.value in CARD_KINDS:
                boost *= SPECIFIC
        elif about and record.kind.value in ("qa", "ruling", "errata"):
            boost *= SPECIFIC
        if self.examples and about and not about & self.cards:
            named = " " + " ".join(sorted(about)) + " "
            if any(f" {c} " in named for c in self.examples):
                boost *= EXAMPLE_ONLY  # about a card the question names only as an example
        if data.get("scenario") and data.get("scenario") not in self.scenarios and record.kind.value != "scenario":
            boost *= SPECIFIC
        if data.get("quickref"):
            boost *= SUMMARY
        if self.terms and (record.id in self.terms or any(l.target in self.terms for l in record.links)):
            boost *= TERM_BOOST if record.id in self.terms else TERM_LINK_BOOST
        if self.subject and record.id in self.subject:
            boost *= SUBJECT_BOOST
        if record.id in self.card_rules:
            boost *= _card_link(record.id, self.card_rules[record.id])
        return boost

    def _cards_of(self, record) -> tuple[set[str], set[str]]:
        from .card_context import CardKeys, mentioned, record_cards

        if self.mentions is not None:
            found = self.mentions.get(record.id)
            return (set(), set()) if found is None else mentioned(found)
        # a record of no index (a test's invented one): read as the index build reads it
        return record_cards(record, CardKeys(self.cards))

    def _holds_asking_words(self, record) -> bool:
        """A Q&A, ruling, clarification or page about a named card answers the question only
        if it holds one of the words that ask ("Aragorn already has two restricted attachments,
        can I *give* him a Dwarven *Axe*?" is not answered by a Q&A about Blade of Gondolin's
        progress).  A card's own record and its errata are about the card whatever is asked."""
        if not self.asking_words or record.kind.value in ("card", "errata"):
            return True
        from .question_index import terms_of

        return not self.asking_words.isdisjoint(terms_of(record.title + " " + record.text))

    def _other_case(self, record, about: set[str]) -> bool:
        """A Q&A, ruling or erratum about a combination of cards of which the question names only
        part settles another case: "Sneak Attack, then Sword-thain on the ally" does not decide
        a question about Sneak Attack and Gandalf (it keeps no card boost)."""
        if record.kind.value not in CARD_KINDS:
            return False
        other = about - self.cards - self.examples - self.context  # a card of the scene is named too
        return any(not any(f" {o} " in f" {c} " or f" {c} " in f" {o} " for c in self.cards) for o in other)


# the kinds of record that are about the cards they name (a clarification or a rule names a card
# as an example of a general rule: "an extra attack, as a named event grants")
CARD_KINDS = ("qa", "ruling", "errata", "card")
SUBJECT_BOOST = 1.3  # the entry of the term the asking clause is about


def _subject(question: str, entities: list) -> set[str]:
    """The entry of the term the question asks about: the first rules term named in the
    clause that asks ("Does the attachment remain on the character?": attachment; "May an
    ally play a permanent event?": ally), not in the case it sets or the text it quotes;
    when the asking clause names no term ("If you draw a treachery card at setup, where you
    add cards to the staging area, what happens?"), the first one of its sentence (the case
    is what is asked about)."""
    if not question:
        return set()
    from .verdicts import question_form

    clause = question_form(question).clauses[0].strip()
    start = question.find(clause)
    if start < 0:
        return set()
    end = start + len(clause)
    for a, b in _condition_spans(question):
        if a <= start < b:  # a clause of the case ("If A, where B, what happens?"): what follows it asks
            from .sentences import sentence_spans

            start = b + 1
            end = next((y for x, y in sentence_spans(question) if x <= a < y), len(question))
    from .asking_clause import limit_follow_up, refers_back, subject_clause
    from .sentences import sentence_spans

    start, end = limit_follow_up(question, start, end)  # "How many ...? is there a limit?": the count's
    bound = end
    start, end = subject_clause(question, start, end)  # not the alternative offered or the closing case
    typed = card_form_spans(question)  # nor a term of card text typed in card form
    entities = [e for e in entities if not any(a <= e.at[0] and e.at[1] <= b for a, b in typed)]
    inside = [e for e in entities if e.record and e.kind not in ("card", "scenario")
              and start <= e.at[0] and e.at[1] <= end]
    if inside and refers_back(question, min(inside, key=lambda e: e.at[0]), typed):
        return set()  # "Does this response still require ...?": about the card's ability said before
    if not inside:
        # "When a treachery turns up in setup, what then?": a clause that names no
        # term asks about the case its sentence sets (not the answer it offers after "or")
        around = next(((a, b) for a, b in sentence_spans(question) if a <= start < b), None)
        offered = offered_spans(question)
        if around is not None:
            inside = [e for e in entities if e.record and e.kind not in ("card", "scenario")
                      and around[0] <= e.at[0] and e.at[1] <= min(around[1], max(bound, start + 1))
                      and not any(a <= e.at[0] < b for a, b in offered)]
    if not inside:
        return set()
    first = min(inside, key=lambda e: e.at[0])
    return {e.record for e in inside if e.at == first.at}


def _official_first(ranked: list[Ranked]) -> list[Ranked]:
    """Where a Companion page and the official entry of the same term both answer, the
    official entry goes first (the Companion page follows it)."""
    order = list(ranked)
    for item in ranked[:10]:
        if item.record.span.doc != "lotr-qc":
            continue
        for link in item.record.links:
            if link.rel != "same-term":
                continue
            ids = [r.record.id for r in order]
            if link.target not in ids or item.record.id not in ids:
                continue
            i, j = ids.index(item.record.id), ids.index(link.target)
            if j > i:
                target = order.pop(j)
                order.insert(i, Ranked(order[i].score, target.record, target.merged))
    return order


POINTS_ON = regex(r"\((?:see )?pages? \d+", re.I)


# the share of the overview's score the entry it points to needs to go before it: a specific
# rule that cites a broad section ("... fights it (see Combat, page 20)") keeps its place when
# the section answers the question much less (without it, on the asked folds, MEQ's Combat
# section went before 20 specific entries and won no question: bench/eval_asked_folds.py)
FULL_ENTRY_SHARE = 0.3
FULL_ENTRY_WITHIN = 10


def _full_entry_first(ranked: list[Ranked]) -> list[Ranked]:
    """An overview that sends the reader to a fuller entry ("... he may rest (see page 20)",
    linked to that entry) goes after the entry when both answer: the entry states the rule
    whole, with its exceptions.  The entry is fetched from among the first
    ``FULL_ENTRY_WITHIN`` candidates: from anywhere, broad sections cited by specific rules
    came first (asked folds, MEQ top-3 -1.3 points) for one tune question gained."""
    order = list(ranked)
    for item in ranked[:10]:
        if not POINTS_ON.search(item.record.text):
            continue
        ids = [r.record.id for r in order]
        for link in item.record.links:
            if link.rel != "see-also" or link.target not in ids[:FULL_ENTRY_WITHIN]:
                continue
            i, j = ids.index(item.record.id), ids.index(link.target)
            if j > i and order[j].score >= FULL_ENTRY_SHARE * item.score:
                target = order.pop(j)
                order.insert(i, Ranked(order[i].score, target.record, target.merged))
            break
    return order


def _one_each(ranked: list[Ranked], limit: int) -> list[Ranked]:
    """Each place once: a record inside a kept record's lines (or holding them) is merged
    with it; a record repeating a kept record's text is dropped."""
    kept: list[Ranked] = []
    for item in ranked:
        if len(kept) >= limit:
            break
        record = item.record
        merged_into = next((k for k in kept if _same_place(k.record, record) or _same_term(k.record, record)), None)
        if merged_into is not None:
            if _same_term(merged_into.record, record) and merged_into.record.span.doc == "lotr-qc" \
                    and record.span.doc != "lotr-qc":  # the official entry is cited, the Companion's page with it
                merged_into.record, record = record, merged_into.record
            merged_into.merged.append(record)
            continue
        if any(_same_text(k.record, record) for k in kept):
            continue
        kept.append(item)
    return kept


def _same_term(a, b) -> bool:
    """The Companion's page for a term and the official entry of the same term: one entry
    told twice (the Companion page is shown with the entry, not as another record), unless
    a note of either says they differ in substance (a stricter page adds something)."""
    linked = any(l.rel == "same-term" and l.target == b.id for l in a.links) or \
        any(l.rel == "same-term" and l.target == a.id for l in b.links)
    return linked and not _differ(a, b) and not _differ(b, a)


DIFFERS = regex(r"stricter|looser|differs|contradict|instead|rather than|not the same", re.I)


def _differ(a, b) -> bool:
    """A note of ``a`` names ``b`` and says it differs from it in substance."""
    return any(b.id in note and DIFFERS.search(note) for note in getattr(a, "notes", []) or [])


def _spans(record) -> list:
    return [record.span] + list(record.also_in)


def _same_place(a, b) -> bool:
    """One record's lines lie inside the other's, in the same document."""
    for x in _spans(a):
        for y in _spans(b):
            if x.doc == y.doc and ((x.start <= y.start and y.end <= x.end) or (y.start <= x.start and x.end <= y.end)):
                return True
    return False


def _same_text(a, b) -> bool:
    wa, wb = _word_set(a), _word_set(b)
    if not wa or not wb:
        return False
    return len(wa & wb) / len(wa | wb) >= SAME_TEXT


_ALNUM = Lazy(r"[a-z0-9]+")


def _word_set(record) -> set[str]:
    cached = getattr(record, "_word_set", None)
    if cached is None:
        cached = set(_ALNUM.findall(record.rules_text.lower()))
        record._word_set = cached
    return cached
