"""Yes or no to whether a player may act between two points of the round, read from the round
sequence chart (Appendix I) as values.

Players stop the game over timing: "is there an action window between the cards revealed
during staging?", "can I play an event between commit and staging?", "can I ready my hero
between two enemy attacks?".  The chart prints an action window after some framework steps and
not after others; an action is initiated only in a window.  So whether a window lies between two
points is read from three tables the project already holds, never from the records' prose:

- the chart's steps in play order, each with whether a window is printed after it (the chart
  record's ``data["chart"]``, parsed from the Rules Reference), and the window records built on
  it (``lotr:rr:window:<step>``: ``adjudicator/lotr/window_records.py``);
- the framework table (``rules_db/lotr/framework.yaml``): each step's kind (a step, a
  milestone, a loop, a sub-flow handing over to the enemy or player attack steps), its flow,
  its names;
- the card library (``rules_db/lotr/cards/abilities/``): the kinds of a card's abilities
  (action, response, forced), and an action's phase or window restriction.

Three forms of question are read (counted first, session 17: 9 questions whether one may act
between two points, on the players' tune rounds 0 and 7 (3), the team's asked questions (2),
review 13's (1) and rank 13's (3) fresh sets; 5 between two steps, 2 between the parts of one
step, 2 between two attacks; 7 name their points in words the tables give):

- between two steps ("between commit and staging", "once combat is over, before everything
  readies"): yes when a window is printed after a step from the first up to
  the second (a sub-flow's steps counted where it is entered), no when none is;
- between the parts of one framework step ("between two revealed cards in staging"): no; the chart
  prints windows only between steps, so the step is resolved whole and the window after it
  follows it as a whole;
- between repetitions of an attack sub-flow ("between two enemy attacks"): yes when the
  sub-flow prints a window before its last step and after its first (one attack's last window
  closes it, the next one's first opens it).

A fourth form is read from the action ability rule rather than the chart (counted: 3 questions,
the tune rounds' 1 and the asked questions' 2): an action labelled with a phase ("Combat
Action") is initiated only in an action window of that phase, so a question whether it may be
used in another phase, or outside its own, is a no (``phase_action_verdict``, reading
``PHASE_READING``, labelled as adjudicator's reading of the cited rule).

Nothing is read for an act that is not an action: a response is initiated when its own
triggering condition occurs, not in a window, and a forced effect is not initiated at all; so
a question about a response, or naming a card whose abilities are not all actions free of a
phase or window restriction, gets no yes or no here; for a response, a note says that its own
text decides (``timing_reading``).  Nor for a question that
asks in the negative, or names a point the tables do not give.

The verdict is adjudicator's reading, labelled so ("Yes (adjudicator's reading of the round
sequence chart): ..."), basis ``inferred``, reading ``READING``, citing the window or step
records it rests on with their lines.
"""

from __future__ import annotations

import os
import re

from .patterns import Lazy

READING = "timing-chart"
OURS = "adjudicator's reading of the round sequence chart"
# the words a timing question of these forms holds (``may_ask``: a cheap test before anything is read)
SCREEN = Lazy(r"\bbetween\b|\bbut before\b", re.I)
BETWEEN = Lazy(r"\b(?:in\s+)?between\s+(.*?)(?=[?.!;]|,|\bor\b|\bwhile\b|\busing\b|\bwith\b|$)", re.I)
AFTER_BEFORE = Lazy(r"\bafter\s+(.*?)\s*,?\s*\b(?:but|and)\s+before\s+(.*?)(?=[?.!;,]|\bor\b|$)", re.I)
AND = Lazy(r"\s+and\s+", re.I)
# the question asks whether a player may act: an action window, or playing, using, triggering
WINDOW = Lazy(r"\baction\s+windows?\b|\bwindows?\b", re.I)
ACTS = Lazy(r"\b(?:actions?|events?)\b", re.I)
RESPONSE = Lazy(r"\brespon(?:se|ses|d|ds|ding)\b", re.I)
FORCED = Lazy(r"\bforced\b", re.I)  # a forced effect is not initiated at will: nothing is read
# a question asked in the negative ("is there no window ...?", "can't I ...?") is not read
NEGATIVE = Lazy(r"\b(?:not|no|never|cannot|none)\b|n't\b", re.I)
ANAPHORA = Lazy(r"\b(?:such|that|this)\s+(?:an?\s+)?(?:action\s+)?window\b", re.I)
# the parts of one step players name: "between cards", "between revealed cards", "between two enemy attacks"
PLAIN_ITEM = "card cards encounter revealed reveal two each one another"
ITEM_END = Lazy(r"\s+(?:during|in|of|at|on|within|when|while|as)\s+", re.I)
_plain_stems: frozenset | None = None  # PLAIN_ITEM stemmed, once


def _plain() -> frozenset:
    global _plain_stems
    if _plain_stems is None:
        _plain_stems = frozenset(_stems(PLAIN_ITEM))
    return _plain_stems


def may_ask(question: str) -> bool:
    """Whether the question holds the words of a form read here (no table is read for the others)."""
    return SCREEN.search(question) is not None or PHASE_ACTION.search(question) is not None


# -- an action labelled with a phase, asked about in another phase -----------------------------------

# "a Combat Action", "Quest Action abilities", "the Combat Action-keyword"
PHASE_ACTION = Lazy(r"\b(resource|planning|quest|travel|encounter|combat|refresh)[\s-]+actions?\b", re.I)
# the phase an act is placed in: "during the quest phase", "in the planning phase", "outside (of) combat"
PLACED_PHASE = Lazy(r"\b(during|in|within|outside(?:\s+of)?)\s+(?:the\s+|an?\s+)?(?:(resource|planning|quest|travel|"
                    r"encounter|combat|refresh)\s+phase|(combat)\b(?![\s-]+actions?\b))", re.I)
# "It is possible to ...?": a yes or no asked in a statement's order
STATED_ASKING = Lazy(r"^\W*(?:it|this|that)\s+is\s+(?:possible|allowed|legal)\b.*\?\s*$", re.I)
SUCH = Lazy(r"\b(?:such|these|those)\b", re.I)
# the question asks leave to initiate the action ("can I use ...", "may I trigger ...", "is it
# allowed ..."), not something else of it ("do Combat Actions count as actions ...?", "does the
# Combat Action restriction apply ...?", "can a Combat Action be cancelled ...?": the rule says
# when it is initiated, nothing of those)
ASKS_TO_ACT = Lazy(r"\b(?:can|could|may|might)\s+(?:i|we|you|he|she|they|one|a|an|the|my|our|your|his|her|their)\b"
                   r"[^?]*?\b(?:use|play|trigger|initiate|activate|take)\b|\b(?:possible|allowed|legal|permitted)\b|"
                   r"\bable\s+to\s+(?:use|play|trigger|initiate|activate)\b", re.I)
ACTION_RULE = "lotr:rr:action-action-ability"
RESPONSE_RULE = "lotr:rr:response"
RULE_OURS = "adjudicator's reading of the cited rule"
PHASE_READING = "phase-action"


def phase_action_verdict(kb, question: str, entities: list):
    """No to a question whether an action labelled with a phase's name ("Combat Action") may be
    initiated in another phase, or outside its own: such an action is initiated only in an
    action window of its phase (the Rules Reference's action ability rule, ``ACTION_RULE``).
    The phases are values: the one the label names and the one the question places the act in
    (in the asking sentence, or in the sentence before it when the asking one points back:
    "in such attacks").  Nothing is read for an act placed in the action's own phase (whether
    the action does what the player wants there is another question), for two phases placed, or
    for a named card the library times otherwise (a response, another phase)."""
    from .question_form import asking_sentence, question_form

    asking = asking_sentence(question)
    if question_form(question).kind != "yesno" and not STATED_ASKING.match(asking):
        return None
    label = PHASE_ACTION.search(asking)
    if label is None or NEGATIVE.search(asking) or RESPONSE.search(asking) or FORCED.search(asking):
        return None
    if not ASKS_TO_ACT.search(asking):
        return None
    own = label.group(1).lower()
    placed = _placed_phases(asking[:label.start()] + " " * (label.end() - label.start()) + asking[label.end():])
    if not placed and SUCH.search(asking):
        placed = _placed_phases(_sentence_before(question, asking) or "")
    if len(placed) != 1:
        return None
    (outside, phase), = placed
    if phase == own and not outside or phase != own and outside:
        return None  # its own phase, or outside another one: not read
    for card in _cards_in(entities, question, asking):
        kinds = {(kind, timed) for kind, timed, _ in _card_row(card)}
        if not kinds or any(kind != "action" or timed not in ("", own) for kind, timed in kinds):
            return None
    record = kb.store.get(ACTION_RULE)
    if record is None:
        return None
    where = f"the {phase} phase is another phase" if not outside else f"the act asked about is outside the {own} phase"
    why = (f"an action labelled with a phase's name ({own.capitalize()} Action) is initiated only in an action "
           f"window of that phase, and {where} ({record.id}, {record.span.doc} L{record.span.start}–L{record.span.end})")
    from .verdict_value import Verdict

    return Verdict("no", "no", f"No ({RULE_OURS}): {why}.", "inferred", reading=PHASE_READING)


def _placed_phases(text: str) -> set[tuple[bool, str]]:
    return {(m.group(1).lower().startswith("outside"), (m.group(2) or m.group(3)).lower())
            for m in PLACED_PHASE.finditer(text)}


def timing_verdict(kb, question: str, entities: list):
    """The verdict for a LOTR question whether a player may act between two points of the round,
    or None; ``entities``: the question's linked names (``entities.Linker.link``)."""
    return timing_reading(kb, question, entities)[0]


def timing_reading(kb, question: str, entities: list) -> tuple:
    """(the verdict or None, a note or None): the note, for a question placing a response
    between two points the tables give, says that its own trigger times it, not a window."""
    if PHASE_ACTION.search(question):
        return phase_action_verdict(kb, question, entities), None
    found = _placed_act(kb, question, entities)
    if found is None or found[1] is None:
        return None, None
    response, verdict = found
    if not response:
        return verdict, None
    record = kb.store.get(RESPONSE_RULE)
    if record is None:
        return None, None
    return None, (f"A response is not initiated in an action window but when its triggering condition occurs, as "
                  f"its own text says: that text decides, not the round sequence chart ({record.id}, "
                  f"{record.span.doc} L{record.span.start}–L{record.span.end}).")


def _placed_act(kb, question: str, entities: list) -> tuple | None:
    """(whether the act is a response, the chart's verdict for an action there) for a question
    placing an act between two points of the round, or None."""
    from .question_form import asking_sentence, question_form

    if not may_ask(question) or question_form(question).kind != "yesno":
        return None
    asking = asking_sentence(question)
    point_text = asking
    if ANAPHORA.search(asking) and not SCREEN.search(asking):  # "Does such an action window exist?"
        before = _sentence_before(question, asking)
        if before is None or not SCREEN.search(before):
            return None
        point_text = before
    if NEGATIVE.search(asking) or FORCED.search(asking) or FORCED.search(point_text):
        return None
    cards = [_card_kinds(e) for e in _cards_in(entities, question, asking, point_text)]
    response = bool(RESPONSE.search(asking) or RESPONSE.search(point_text)) or "response" in cards
    if not response and not (WINDOW.search(asking) or ACTS.search(point_text) or
                             _named_actions(entities, question, asking)):
        return None
    if not response and any(kind != "action" for kind in cards):
        return None
    chart = _chart(kb)
    if not chart:
        return None
    return response, _between(kb, question, point_text, entities, _steps(chart))


def _sentence_before(question: str, asking: str) -> str | None:
    from .question_form import sentences

    text = " ".join(question.split())
    said = sentences(text)
    for k, s in enumerate(said):
        if s == asking:
            return said[k - 1] if k else None
    return None


# -- the acts a question names -------------------------------------------------------------------


def _cards_in(entities: list, question: str, *texts: str) -> list:
    """The cards named (not as examples) in the sentences ``texts`` of the question."""
    spans = [(at, at + len(t)) for t in texts if (at := question.find(t)) >= 0]
    return [e for e in entities if e.kind == "card" and not e.example and any(a <= e.at[0] < b for a, b in spans)]


def _named_actions(entities: list, question: str, asking: str) -> bool:
    """A card named in the asking sentence whose abilities are all actions."""
    cards = _cards_in(entities, question, asking)
    return bool(cards) and all(_card_kinds(e) == "action" for e in cards)


def _card_kinds(entity) -> str:
    """"action" when the library holds the card whole and each of its abilities is an action
    with no phase or window restriction; else what it is not ("response", "restricted",
    "unknown")."""
    row = _card_row(entity)
    if not row:
        return "unknown"
    kinds = {kind for kind, phase, window in row}
    if kinds != {"action"}:
        return "response" if kinds == {"response"} else "unknown"
    return "action" if not any(phase or window for _, phase, window in row) else "restricted"


def _card_row(entity) -> list:
    from adjudicator.kb.names import name_key

    held = card_timing()
    return held.get(entity.key) or held.get(name_key(entity.name)) or []


_card_table: dict | None = None


def card_timing() -> dict[str, list]:
    """{card name key: [[ability kind, phase or "", window step or ""], ...]} for each card the
    library holds whole (kept in the cache folder, ``yamlio.derived_from``)."""
    global _card_table
    if _card_table is None:
        from adjudicator.installed import stamps_or
        from adjudicator.yamlio import derived_from

        _card_table = derived_from("card-timing", stamps_or(_card_stamps), _build_card_timing)
    return _card_table


def _card_stamps() -> list[tuple[str, int, int]]:
    from adjudicator.paths import RULES_DB
    from adjudicator.yamlio import stamps_under

    out = stamps_under(str(RULES_DB / "lotr" / "cards" / "abilities"), ".yaml")
    stat = os.stat(__file__)
    out.append((os.path.abspath(__file__), stat.st_size, stat.st_mtime_ns))
    return out


def _build_card_timing() -> dict[str, list]:
    from adjudicator.kb.names import name_key
    from adjudicator.lotr.abilities.load import LIBRARY_DIR, parse_library, read_text

    out: dict[str, list] = {}
    for path in sorted(LIBRARY_DIR.glob("*.yaml")):
        for entry in parse_library(read_text(path), str(path), "errata").values():
            if entry.unwritten or not entry.abilities:
                continue  # held in part: its kinds are not known whole
            out.setdefault(name_key(entry.name), [[a.kind, a.phase or "", a.window or ""] for a in entry.abilities])
    return out


# -- the chart and the framework table ------------------------------------------------------------


def _chart(kb) -> list[dict]:
    """The chart's steps (id, title, line, window), from the chart record of the question index."""
    from .question_index import load

    for rid in load(kb).get("charts", ()):
        record = kb.store.get(rid)
        if record is not None and record.game == "lotr" and record.data.get("chart"):
            return [dict(step, record=rid, doc=record.span.doc) for step in record.data["chart"]]
    return []


_framework: list | None = None


def framework() -> list[dict]:
    """The framework table's steps in play order (id, phase, kind, flow, subflow, name, aliases),
    kept in the cache folder."""
    global _framework
    if _framework is None:
        from adjudicator.installed import stamps_or
        from adjudicator.yamlio import derived_from

        _framework = derived_from("framework-steps", stamps_or(_framework_stamps), _build_framework)
    return _framework


def _framework_stamps() -> list[tuple[str, int, int]]:
    from adjudicator.paths import RULES_DB

    out = []
    for path in (str(RULES_DB / "lotr" / "framework.yaml"), os.path.abspath(__file__)):
        stat = os.stat(path)
        out.append((path, stat.st_size, stat.st_mtime_ns))
    return out


def _build_framework() -> list[dict]:
    from adjudicator.paths import RULES_DB
    from adjudicator.yamlio import load_yaml

    keep = ("id", "phase", "kind", "flow", "subflow", "name")
    return [{**{k: str(s.get(k, "")) for k in keep}, "aliases": [str(a) for a in s.get("aliases", [])]}
            for s in load_yaml(RULES_DB / "lotr" / "framework.yaml").get("steps", [])]


def _steps(chart: list[dict]) -> list[dict]:
    """The steps in play order, each sub-flow's steps where the main flow hands over to it, with
    the chart's values (line, window printed after it, title) and the table's (kind, names)."""
    printed = {str(s["id"]): s for s in chart}
    table = framework()
    flows: dict[str, list[dict]] = {}
    for step in table:
        flows.setdefault(step["flow"] or "main", []).append(step)
    out: list[dict] = []
    for step in flows.get("main", []):
        out.append(_joined(step, printed))
        if step["kind"] == "subflow":
            out += [_joined(s, printed, flow=step["subflow"]) for s in flows.get(step["subflow"], [])]
    return [s for s in out if s["line"]]


def _joined(step: dict, printed: dict, flow: str = "main") -> dict:
    shown = printed.get(step["id"], {})
    title = str(shown.get("title", step["name"]))
    short = title.split(". ")[0].split(" (")[0].rstrip(". ")
    names = list(dict.fromkeys([step["name"], *step["aliases"], short]))
    return {"id": step["id"], "kind": step["kind"], "flow": flow, "subflow": step["subflow"], "phase": step["phase"],
            "line": int(shown.get("line", 0) or 0), "window": bool(shown.get("window")), "short": short,
            "names": names, "record": shown.get("record", ""), "doc": shown.get("doc", "")}


# -- naming a step --------------------------------------------------------------------------------


# players' words for the chart's "begins" and "ends" ("after the quest phase starts", "once
# combat finishes"): one word for each, on the chart's names and the question's alike
SAME_POINT = {"start": "begin", "finish": "end"}


def _stems(text: str) -> list[str]:
    from .action_windows import step_words

    return [SAME_POINT.get(w, w) for w in step_words(text)]


def _named_step(text: str, steps: list[dict], entities: list, span: tuple[int, int],
                tied: list | None = None) -> dict | None:
    """The one step ``text`` names: a step linked in the question within ``span``, or one whose
    name's words (the word "phase" aside) all stand in it, or whose name's first word (a verb:
    "commit", "ready") opens no other step's name and which shares more of the words said than
    any other step; None when none or several do.  When the verb's step ties with others
    ("dealing damage": "Deal shadow cards" and "Determine combat damage" share a word each), the
    tied steps are put in ``tied`` (the other point of the question may tell them apart)."""
    by_id = {s["id"]: s for s in steps}
    linked = {e.record.rsplit(":", 1)[-1] for e in entities
              if e.kind == "step" and e.record and span[0] <= e.at[0] < span[1]}
    linked = {sid for sid in linked if sid in by_id}
    if len(linked) == 1:
        return by_id[linked.pop()]
    if linked:
        return None
    said = set(_stems(text))
    phases = {s["phase"] for s in steps}
    whole: dict[str, int] = {}
    firsts: dict[str, set[str]] = {}
    for step in steps:
        for name in step["names"]:
            form = [w for w in _stems(name) if w not in ("phase",) and not w.replace(".", "").isdigit()]
            if form:
                firsts.setdefault(form[0], set()).add(step["id"])
            if form and set(form) <= said:
                whole[step["id"]] = max(whole.get(step["id"], 0), len(form))
    if whole:
        best = max(whole.values())
        top = [sid for sid, n in whole.items() if n == best]
        return by_id[top[0]] if len(top) == 1 else None
    verbs = {next(iter(ids)) for word, ids in firsts.items() if len(ids) == 1 and word in said and word not in phases}
    if len(verbs) != 1:
        return None
    verb = verbs.pop()
    shared = {step["id"]: max(len(said & set(_stems(name))) for name in step["names"]) for step in steps}
    most = max(shared.values())
    if shared[verb] == most and sum(n == most for n in shared.values()) == 1:
        return by_id[verb]
    if tied is not None and shared[verb] == most:
        tied += [step for step in steps if shared[step["id"]] == most]
    return None


def _subflow_named(text: str, steps: list[dict]) -> dict | None:
    """The attack sub-flow whose repetitions ``text`` names ("enemy attacks", "enemies"): the
    one sub-flow whose hand-over step's names hold every word said, and more than "attack"."""
    said = set(_stems(text)) - _plain()
    if not said or said <= {"attack"}:
        return None
    found = [step for step in steps if step["kind"] == "subflow"
             and said <= {w for name in step["names"] for w in _stems(name)} - {"next"}]
    return found[0] if len(found) == 1 else None


# -- the verdicts -----------------------------------------------------------------------------------


def _between(kb, question: str, point_text: str, entities: list, steps: list[dict]):
    """The verdict for the two points, the parts of one step or the repetitions ``point_text``
    places an act between, or None."""
    at = question.find(point_text)
    span = (at, at + len(point_text)) if at >= 0 else (0, 0)
    parts = _two_points(point_text)
    if parts is not None:
        tied: tuple[list, list] = ([], [])
        first, second = (_named_step(p, steps, entities, _part_span(question, p, span), ties)
                         for p, ties in zip(parts, tied))
        first, second = _in_play_order(first, second, *tied, steps)
        if first is None or second is None or first["id"] == second["id"]:
            return None
        return _window_between(kb, first, second, steps)
    match = BETWEEN.search(point_text)
    if match is None:
        return None
    items = ITEM_END.split(match.group(1), 1)[0]
    flow = _subflow_named(items, steps)
    if flow is not None:
        return _between_repetitions(kb, flow, steps)
    if not _stems(items) or set(_stems(items)) - _plain():
        return None  # the parts named are not plain cards of a step: another question
    step = _named_step(point_text.replace(match.group(0), " "), steps, entities, span)
    if step is None or step["kind"] != "step":
        return None
    return _inside_step(kb, step)


def _in_play_order(first: dict | None, second: dict | None, first_tied: list, second_tied: list,
                   steps: list[dict]) -> tuple[dict | None, dict | None]:
    """A point its verb names only among tied steps is the one tied step on the side of the other
    point the question puts it ("between A and B": A before B in play order), in the other
    point's phase or the phase next to it on that side, if one is."""
    order = {s["id"]: k for k, s in enumerate(steps)}
    phases = list(dict.fromkeys(s["phase"] for s in steps))

    def near(step: dict, other: dict, later: bool) -> bool:
        at, to = phases.index(other["phase"]), phases.index(step["phase"])
        beyond = order[step["id"]] > order[other["id"]] if later else order[step["id"]] < order[other["id"]]
        return beyond and (to - at if later else at - to) in (0, 1)

    if first is None and second is not None:
        found = [s for s in first_tied if near(s, second, later=False)]
        first = found[0] if len(found) == 1 else None
    elif second is None and first is not None:
        found = [s for s in second_tied if near(s, first, later=True)]
        second = found[0] if len(found) == 1 else None
    return first, second


def _two_points(text: str) -> tuple[str, str] | None:
    """The two points a sentence places an act between: "between A and B", or "after A but
    before B"."""
    match = AFTER_BEFORE.search(text)
    if match:
        return match.group(1), match.group(2)
    match = BETWEEN.search(text)
    if match is None:
        return None
    halves = AND.split(match.group(1), 1)
    return (halves[0], halves[1]) if len(halves) == 2 and halves[0].strip() and halves[1].strip() else None


def _part_span(question: str, part: str, span: tuple[int, int]) -> tuple[int, int]:
    at = question.find(part, span[0])
    return (at, at + len(part)) if at >= 0 else (0, 0)


def _window_between(kb, first: dict, second: dict, steps: list[dict]):
    order = {s["id"]: k for k, s in enumerate(steps)}
    a, b = sorted((order[first["id"]], order[second["id"]]))
    if order[first["id"]] > order[second["id"]] and \
            (_any_window(steps[b:]) or _any_window(steps[:a])) != _any_window(steps[a:b]):
        # named the other way round: from the first past the round's end to the second is another
        # stretch of the round than between them ("between the round ending and the next round
        # beginning"); read only when both stretches say the same
        return None
    if steps[a]["flow"] != steps[b]["flow"] and steps[a]["flow"] != "main" and steps[b]["flow"] != "main":
        return None  # the steps of two sub-flows: no order between them
    for step in steps[a:b]:
        if step["window"] or step["kind"] == "window":
            cited = _window_cited(kb, step)
            if cited is None:
                return None
            return _verdict("yes", f"an action window is printed after {_label(step)}, before "
                                   f"{_label(steps[steps.index(step) + 1])} {cited}")
    lines = f"({steps[a]['record']}, {steps[a]['doc']} L{steps[a]['line']}–L{steps[b]['line']})"
    return _verdict("no", f"no action window is printed from {_label(steps[a])} to {_label(steps[b])} {lines}")


def _any_window(steps: list[dict]) -> bool:
    return any(step["window"] or step["kind"] == "window" for step in steps)


def _between_repetitions(kb, flow: dict, steps: list[dict]):
    inner = [s for s in steps if s["flow"] == flow["subflow"]]
    windows = [s for s in inner if s["window"]]
    if not windows or not inner or windows[0] is not inner[0] or inner[-1] is windows[-1] or \
            inner.index(windows[-1]) != len(inner) - 2:
        return None  # a window before the last step and after the first, or no reading
    last, first = _window_cited(kb, windows[-1]), _window_cited(kb, windows[0])
    if last is None or first is None:
        return None
    each = flow["names"][0].lower().removeprefix("next ")
    return _verdict("yes", f"the window after {_label(windows[-1])} {last} closes each {each}, and the "
                           f"window after {_label(windows[0])} {first} opens the next")


def _inside_step(kb, step: dict):
    record = kb.store.get(f"lotr:rr:step:{step['id']}")
    own = f"({record.id}, {record.span.doc} L{record.span.start}–L{record.span.end})" if record is not None else ""
    after = _window_cited(kb, step) if step["window"] else None
    then = f"; the first window after it opens once it is over {after}" if after else ""
    return _verdict("no", f"the chart prints action windows only between framework steps, none inside "
                          f"{_label(step)} {own}".rstrip() + then)


def _window_cited(kb, step: dict) -> str | None:
    if step["kind"] == "window":
        record = kb.store.get(f"lotr:rr:step:{step['id']}")
    else:
        record = kb.store.get(f"lotr:rr:window:{step['id']}")
    if record is None:
        return None
    return f"({record.id}, {record.span.doc} L{record.span.start}–L{record.span.end})"


def _label(step: dict) -> str:
    return f"{step['id']} {step['short']}"


def _verdict(said: str, why: str):
    from .verdict_value import Verdict

    return Verdict(said, said, f"{said.capitalize()} ({OURS}): {why}.", "inferred", reading=READING)
