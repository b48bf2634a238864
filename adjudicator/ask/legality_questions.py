"""Yes/no questions about what is legal, answered by the game's engine.

"Can an exhausted character quest?" is a question the engine already settles: `adjudicator
check` refuses the commitment, citing step 3.2, Exhausted and FAQ Q72.  Such a question is read
into a signature (``Signature``: the action, the actor, the target, the phase, the conditions)
from players' words kept as data per game (``rules_db/<game>/legality_questions.yaml``, which says
how), and when the signature is one a situation file under ``scenarios/<game>/questions/`` stages,
that game's engine checks the situation and its result is the verdict (a game without the data
file has no such questions).  A question is read with the words of the game `ask` chose (game
detection or --game): METW's "Can I explore a tapped site?" is not read with LOTR's words.

- "No" when `check` refuses the play: the rules of the refusal are cited;
- "Yes" only when the play is legal, every declared decision was used, the replay reaches its end
  and the trace shows the action happening (a step of one of the action's ``shown_by`` events):
  the rules that step cites.  (A second travel in one phase, say, is not refused but never used:
  `check` calls it legal, and no Yes may come of it.)

The reading is closed-world: every word of the question must be accounted for (its opening, a
phrase of the data, a function word, or a card's name: ``card_features`` reads it through the card
library into the values the situations distinguish, "Legolas" as a ranged character, "Feint" as an
event whose ability is a Combat Action, and the answer names the features used); a question naming
a scenario, a card the library does not hold whole or whose own ability may change the answer, a
second clause or anything else the signature does not capture is not read (None), and `ask`
answers it as before.  A scene set first, in clauses of its own ("Gimli is exhausted, can he
defend?"), is read by ``scene_clauses``: the pronoun is the one subject it can mean, said again
with what the scene says of it, and read as above.
The order of the phrases counts too: a target read before the action is the question's subject
("can an enemy attack my hero?" asks about the enemy's attack, which no situation stages), and a
condition read just before a target is the target's ("attack an exhausted enemy"); neither is
read.  "be" and "by" are not function words, so a passive ("be hit by an orc") is not read either:
the roles it swaps are the answer.
A wrong verdict is worse than none.

The engine is imported only when a question's signature matched a situation, and its verdict is
kept in the cache folder (keyed by the situation files, the data and the engine's sources; in an
installed copy, whose files do not change, by the install's stamp), so a later `ask` of the same
kind reads one small file; the data table itself is kept there too, keyed
by the data file's size and time, so a question this module does not read costs one stat.
"""

from __future__ import annotations

import marshal
import os
import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from adjudicator.compiled import compile as compile_cached
from adjudicator.errors import InputError

from .verdict_value import Verdict

FILE = "legality_questions.yaml"
VERSION = 1
SLOTS = ("action", "actor", "target", "phase")  # one value each; "conditions" is a set
ENTRY_KEYS = ("say",) + SLOTS + ("conditions",)
ASKS_KEYS = ("modal",) + SLOTS + ("conditions",)
MODALS = ("permission", "obligation")
SECTIONS = ("openings", "obligations", "function", "actions", "words", "questions")
OPTIONAL = ("cards",)  # how a card named in a question is read (card_features)
CARD_KEYS = ("whole", "inert", "only_with", "inert_as") + ("actor", "target")
ROLES = ("actor", "target")  # the slots a card's name may fill
CARD_RULE_KEYS = ("type", "keyword", "lacks", "timing", "value", "general")
ACTION_KEYS = ("shown_by", "declined_by")
# a question is one sentence: any of these inside it is a second clause, a quotation or a list
_NOT_ONE_SENTENCE = compile_cached(r"[.,;:!?\"()\[\]{}/]|\u201c|\u201d")  # kept compiled (adjudicator.compiled)
_SPACES = compile_cached(r"\s+")


@dataclass(frozen=True)
class Signature:
    """What a legality question asks: the action, who does it, to what, when, and under which
    conditions (values of the data file, never the question's prose)."""

    action: str
    actor: str | None = None
    target: str | None = None
    phase: str | None = None
    conditions: frozenset = frozenset()
    modal: str = "permission"  # "can I ...?" or "do I have to ...?"
    cards: tuple = ()  # card_features.CardReading of each card named: its slot's value is one of its values

    def to_dict(self) -> dict:
        out = {"modal": self.modal, "action": self.action, "actor": self.actor, "target": self.target, "phase": self.phase,
               "conditions": sorted(self.conditions)}
        if self.cards:
            out["cards"] = [c.to_dict() for c in self.cards]
        return out


@dataclass
class EngineVerdict(Verdict):
    """A yes or no the engine gave by checking the situation that stages the question."""

    situation: str = ""  # the repository path of the situation file
    rules: list = field(default_factory=list)  # the record ids the refusal (or the allowing step) cites
    signature: dict = field(default_factory=dict)
    refused: bool = False  # the engine refused the staged play (a No to "can I", a Yes to "must I")

    def to_dict(self) -> dict:
        out = super().to_dict()
        out.update({"rules": list(self.rules), "situation": self.situation, "command": self.command,
                    "signature": self.signature})
        return out

    @property
    def command(self) -> str:
        return f"adjudicator check {self.situation}" if self.refused else f"adjudicator replay {self.situation}"


@dataclass
class EngineShown:
    """What `ask` shows as the engine's part of an answer (the interface of
    ``exercised.Exercised``): the command that shows the verdict happening."""

    verdict: EngineVerdict
    record: str = ""

    @property
    def command(self) -> str:
        return self.verdict.command

    def sentence(self) -> str:
        if self.verdict.refused:
            what = "it" if self.verdict.signature.get("modal") != "obligation" else "doing otherwise"
            return f"the engine refuses {what}: `{self.command}` shows the refusal ({', '.join(self.verdict.rules)})"
        what = "it" if self.verdict.signature.get("modal") != "obligation" else "declining"
        return (f"the engine allows {what}: `{self.command}` shows it happening, citing {', '.join(self.verdict.rules)} "
                f"(`adjudicator check {self.verdict.situation}` finds it legal)")

    def to_dict(self) -> dict:
        return {"record": self.record or (self.verdict.rules[0] if self.verdict.rules else None), "enforced": True,
                "situations": [self.verdict.situation], "command": self.command, "text": self.sentence()}


# -- the data --------------------------------------------------------------------------------


def data_path(game: str = "lotr") -> Path:
    from adjudicator.paths import RULES_DB

    return RULES_DB / game / FILE


def read(path: Path | None = None) -> dict:
    """The data file, checked: an InputError names the file, the line, what was expected and the
    name meant.  Returned as plain values (marshal-able)."""
    from adjudicator.paths import DATA_ROOT

    from . import data_file

    path = path or data_path()
    root = data_file.compose(path)
    sections: dict = {}
    if root is not None:
        for name, key, value in data_file.mapping(path, root, "a mapping of " + ", ".join(SECTIONS)):
            if name not in SECTIONS + OPTIONAL:
                raise InputError(f"{data_file.where(path, key)}: unknown section {name!r}; expected one of "
                                 f"{', '.join(SECTIONS + OPTIONAL)}",
                                 hint=data_file.suggestion(name, SECTIONS + OPTIONAL, cutoff=0.5))
            sections[name] = value
    missing = [s for s in SECTIONS if s not in sections]
    if missing:
        raise InputError(f"{path}: missing section(s) {', '.join(missing)}")
    openings = [_pattern(path, node, data_file.text(path, node, "an opening pattern"))
                for node in data_file.items(path, sections["openings"], "a list of opening patterns")]
    obligations = [_pattern(path, node, data_file.text(path, node, "an opening pattern"))
                   for node in data_file.items(path, sections["obligations"], "a list of opening patterns")]
    function = [data_file.text(path, node, "a function word").lower()
                for node in data_file.items(path, sections["function"], "a list of function words")]
    actions: dict = {}
    for name, key, value in data_file.mapping(path, sections["actions"], "a mapping of actions"):
        shown = {k: [] for k in ACTION_KEYS}
        for k, knode, v in data_file.mapping(path, value, "an action's shown_by / declined_by: [trace events]"):
            if k not in ACTION_KEYS:
                raise _unknown_field(path, knode, k, ACTION_KEYS)
            shown[k] = [data_file.text(path, n, "a trace event name") for n in data_file.items(path, v, "a list of trace events")]
        actions[name] = shown
    words = []
    for node in data_file.items(path, sections["words"], "a list of {say: pattern, slot: value}"):
        entry: dict = {}
        for k, knode, v in data_file.mapping(path, node, "a mapping {say: pattern, slot: value}"):
            if k not in ENTRY_KEYS:
                raise _unknown_field(path, knode, k, ENTRY_KEYS)
            if k == "conditions":
                entry[k] = [data_file.text(path, n, "a condition") for n in data_file.items(path, v, "a list of conditions")]
            else:
                entry[k] = data_file.text(path, v, f"the {k}")
        if "say" not in entry:
            raise InputError(f"{data_file.where(path, node)}: an entry without say: (the players' words)")
        _pattern(path, node, entry["say"])
        if entry.get("action") is not None and entry["action"] not in actions:
            raise InputError(f"{data_file.where(path, node)}: unknown action {entry['action']!r}",
                             hint=data_file.suggestion(entry["action"], actions))
        words.append(entry)
    questions = []
    for node in data_file.items(path, sections["questions"], "a list of {situation, asks}"):
        row: dict = {}
        for k, knode, v in data_file.mapping(path, node, "a mapping {situation, asks}"):
            if k == "situation":
                row[k] = data_file.text(path, v, "a situation file")
                if not (DATA_ROOT / row[k]).is_file():
                    raise InputError(f"{data_file.where(path, v)}: no situation file {row[k]!r}")
            elif k == "asks":
                row[k] = [_asks(path, n, actions) for n in data_file.items(path, v, "a list of signatures")]
            else:
                raise _unknown_field(path, knode, k, ("situation", "asks"))
        if "situation" not in row or not row.get("asks"):
            raise InputError(f"{data_file.where(path, node)}: a question needs situation: and asks:")
        questions.append(row)
    cards = _cards(path, sections["cards"]) if sections.get("cards") is not None else {}
    return {"openings": openings, "obligations": obligations, "function": sorted(set(function)), "actions": actions, "words": words,
            "questions": questions, "cards": cards}


def _cards(path, node) -> dict:
    """The ``cards`` section: which card files the library holds whole, the inert effect
    operations, and the rules from a card's values to an actor's or a target's value."""
    from . import data_file

    out: dict = {"whole": [], "inert": [], "only_with": {}, "inert_as": {}, "actor": [], "target": []}
    for name, key, value in data_file.mapping(path, node, "a mapping of " + ", ".join(CARD_KEYS)):
        if name not in CARD_KEYS:
            raise _unknown_field(path, key, name, CARD_KEYS)
        if name == "only_with":
            out[name] = {op: [data_file.text(path, n, "a condition") for n in data_file.items(path, v, "a list of conditions")]
                         for op, _, v in data_file.mapping(path, value, "{operation: [conditions]}")}
            continue
        if name == "inert_as":
            for role, rnode, v in data_file.mapping(path, value, "{actor or target: [operations]}"):
                if role not in ROLES:
                    raise _unknown_field(path, rnode, role, ROLES)
                out[name][role] = [data_file.text(path, n, "an effect operation") for n in data_file.items(path, v, "a list of operations")]
            continue
        if name == "inert":
            out[name] = [data_file.text(path, n, "an effect operation") for n in data_file.items(path, value, "a list of operations")]
            continue
        for item in data_file.items(path, value, f"a list of {name} entries"):
            entry: dict = {}
            for k, knode, v in data_file.mapping(path, item, f"a {name} entry"):
                if name == "whole":
                    if k not in ("figures", "numbers", "abilities"):
                        raise _unknown_field(path, knode, k, ("figures", "numbers", "abilities"))
                    entry[k] = [int(data_file.text(path, n, "a card number")) for n in data_file.items(path, v, "[first, last]")] \
                        if k == "numbers" else data_file.text(path, v, f"the {k} file")
                elif k not in CARD_RULE_KEYS:
                    raise _unknown_field(path, knode, k, CARD_RULE_KEYS)
                elif k == "type":
                    entry[k] = [data_file.text(path, n, f"a card {k}") for n in data_file.items(path, v, f"a list of card {k}s")]
                elif k == "timing":
                    entry[k] = {tk: (None if _is_null(tv) else data_file.text(path, tv, f"the ability's {tk}"))
                                for tk, _, tv in data_file.mapping(path, v, "{kind, phase}")}
                elif k == "general":
                    entry[k] = data_file.text(path, v, "true or false").lower() == "true"
                else:
                    entry[k] = data_file.text(path, v, f"the {k}")
            if name == "whole" and not {"figures", "abilities"} <= set(entry):
                raise InputError(f"{data_file.where(path, item)}: a whole entry names its figures: and abilities: files")
            if name != "whole" and "value" not in entry:
                raise InputError(f"{data_file.where(path, item)}: a card rule needs the value: it gives")
            out[name].append(entry)
    return out


def _unknown_field(path, node, name: str, known) -> InputError:
    """The error for a field the data file does not know, naming the ones it does."""
    from . import data_file

    expected = " or ".join(known) if len(known) == 2 else "one of " + ", ".join(known)
    return InputError(f"{data_file.where(path, node)}: unknown field {name!r}; expected {expected}",
                      hint=data_file.suggestion(name, known))


def _pattern(path, node, text: str) -> str:
    from . import data_file

    try:
        re.compile(text)
    except (re.error, OverflowError, RecursionError) as exc:
        raise InputError(f"{data_file.where(path, node)}: {text!r} is not a valid pattern: {exc}") from None
    return text


def _asks(path, node, actions) -> dict:
    """One accepted signature: each slot a list of accepted values (None: not said), conditions
    a list of accepted sets."""
    from . import data_file

    out: dict = {}
    for k, knode, v in data_file.mapping(path, node, "a signature {action, actor, target, phase, conditions}"):
        if k not in ASKS_KEYS:
            raise _unknown_field(path, knode, k, ASKS_KEYS)
        if k == "conditions":
            items = data_file.items(path, v, "a list of conditions, or a list of such lists")
            if items and all(_is_list(n) for n in items):
                out[k] = [sorted(data_file.text(path, c, "a condition") for c in data_file.items(path, n, "conditions"))
                          for n in items]
            else:
                out[k] = [sorted(data_file.text(path, c, "a condition") for c in items)]
        elif _is_list(v):
            out[k] = [None if _is_null(n) else data_file.text(path, n, f"a {k}") for n in data_file.items(path, v, f"{k} values")]
        else:
            out[k] = [None if _is_null(v) else data_file.text(path, v, f"a {k}")]
    if not out.get("action") or any(a not in actions for a in out["action"]):
        raise InputError(f"{data_file.where(path, node)}: a signature needs a known action ({', '.join(actions)})")
    out["modal"] = [m or "permission" for m in out.get("modal", ["permission"])]
    if any(m not in MODALS for m in out["modal"]):
        raise InputError(f"{data_file.where(path, node)}: modal is permission or obligation")
    return out


def _is_list(node) -> bool:
    import yaml

    return isinstance(node, yaml.SequenceNode)


def _is_null(node) -> bool:
    return getattr(node, "tag", "").endswith(":null") or getattr(node, "value", None) in ("null", "~")


def table(game: str = "lotr") -> dict:
    """A game's data, read once and kept in the cache folder keyed by the file's size and time
    (no questions for a game without the file)."""
    from adjudicator.paths import cache_dir

    path = data_path(game)
    try:
        stat = os.stat(path)
    except OSError:
        return {"openings": [], "obligations": [], "function": [], "actions": {}, "words": [], "questions": [], "cards": {}}
    cached = cache_dir() / f"legality-questions-{game}-{VERSION}-{stat.st_size}-{stat.st_mtime_ns}.marshal"
    try:
        return marshal.loads(cached.read_bytes())
    except (OSError, EOFError, ValueError, TypeError):
        pass
    data = read(path)
    _write(cached, data, f"legality-questions-{game}-*.marshal")
    return data


def _write(path: Path, data, old_glob: str) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(path.name + f".{os.getpid()}.tmp")
        temporary.write_bytes(marshal.dumps(data))
        os.replace(temporary, path)
        for old in path.parent.glob(old_glob):
            if old != path:
                old.unlink(missing_ok=True)
    except OSError:
        pass


# -- reading a question ----------------------------------------------------------------------


def _normal(question: str) -> str | None:
    """The question lower-cased without diacritics on one line without its final question mark,
    or None when it is more than one plain sentence."""
    from .name_folding import folded

    text = _SPACES.sub(" ", folded(question)).strip()
    text = text.rstrip("?").rstrip()
    if not text or _NOT_ONE_SENTENCE.search(text):
        return None
    return text


def read_question(question: str, data: dict | None = None, game: str = "lotr") -> Signature | None:
    """The signature of a permission question whose every word is accounted for, else None."""
    return reading(question, data, game)[0]


def reading(question: str, data: dict | None = None, game: str = "lotr") -> tuple[Signature | None, str]:
    """(the signature, "") or (None, why it is not read: the word left over, or the kind of
    text that is not one permission question), with the game's words.  A question that sets
    its scene first ("Gimli is exhausted, can he defend?") is read as its asking clause with
    what the scene says of whom it asks about (``scene_clauses``)."""
    from .game_detection import without_game_names

    data = data if data is not None else table(game)
    plain = without_game_names(question)  # "In LOTR, can ...?": the game is chosen already
    text = _normal(plain)
    read = (None, "not one plain sentence") if text is None else _asking(text, data, game)
    if read[0] is None and read[1] in ("not one plain sentence", NO_OPENING) and _asks_after_a_break(plain, data):
        from .scene_clauses import Words, scene_reading

        scene = scene_reading(plain, data, game, Words(_opening, _asking, _phrase_values))
        return scene if scene[1] != "not one plain sentence" else read
    return read


NO_OPENING = "no opening asking for permission or obligation"


def _asks_after_a_break(question: str, data: dict) -> bool:
    """Whether a clause after a sentence's or a clause's end opens asking ("..., so can he ...?"):
    only such a question may have set its scene first (``scene_clauses`` is not imported otherwise)."""
    openings = "|".join(f"(?:{o})" for o in data["openings"] + data["obligations"])
    if not openings:
        return False
    pattern = compile_cached(rf"(?:[.,;:!?]|\s-+\s|\u2013|\u2014)\s*(?:(?:so|then|and|but|now|well|ok|okay) )*(?:{openings}) ")
    return pattern.search(question.lower()) is not None


def _opening(text: str, data: dict) -> tuple[str, str] | None:
    """(the words after the opening, its modal) of a clause that opens asking, else None."""
    for opening, kind in [(o, "permission") for o in data["openings"]] + [(o, "obligation") for o in data["obligations"]]:
        found = compile_cached(rf"(?:{opening})(?: |$)").match(text)
        if found:
            return text[found.end():], kind
    return None


def _asking(text: str, data: dict, game: str, index: dict | None = None) -> tuple[Signature | None, str]:
    """The reading of one clause that asks (``index``: the game's card index, when read already)."""
    opened = _opening(text, data)
    if opened is None or not opened[0]:
        return None, NO_OPENING
    rest, modal = opened
    signature, why = _read(rest, modal, data, game, False)
    if signature is None and why.startswith("the word ") and data.get("cards"):
        return _read(rest, modal, data, game, True, index)  # a word no phrase accounts for: a card's name?
    return signature, why


def _phrase_values(text: str, data: dict, game: str, index: dict | None = None) -> dict | None:
    """{slot: value, "conditions": [...]} a phrase of the question gives by the data's words
    (every word accounted for), or None."""
    read = _phrases(text, data, game, bool(data.get("cards")), alone=True, index=index)
    if read[0] is None:
        return None
    slots, conditions, _, cards = read
    if cards:
        return None
    out = dict(slots)
    if conditions:
        out["conditions"] = sorted(conditions)
    return out


def _read(rest: str, modal: str, data: dict, game: str, with_cards: bool, index: dict | None = None
          ) -> tuple[Signature | None, str]:
    """The reading of the question after its opening: without the card library first (a
    question naming no card never reads it), then with it when a word was left over."""
    slots, conditions, kinds, cards = _phrases(rest, data, game, with_cards, index=index)
    if slots is None:
        return None, conditions
    if "action" not in slots:
        return None, "no action"
    for card in cards:  # a card whose own ability may bear on what is asked gives no value
        only_with = data["cards"].get("only_with") or {}
        bearing = [op for op in card.ops if op not in only_with or conditions & set(only_with[op])]
        if bearing:
            return None, f"the card {card.name!r} has an ability that may bear on it ({', '.join(bearing)})"
    return Signature(slots["action"], slots.get("actor"), slots.get("target"), slots.get("phase"),
                     frozenset(conditions), modal, tuple(cards)), ""


RELATIVE = ("that", "which", "who")  # "an enemy that is exhausted": what follows is the target's


def _phrases(rest: str, data: dict, game: str, with_cards: bool, alone: bool = False, index: dict | None = None) -> tuple:
    """(slots, conditions, kinds, cards) read from the words, or (None, why, None, None);
    ``alone``: a phrase read by itself (a scene's subject), whose target needs no action before it."""
    function = set(data["function"])
    patterns = [(compile_cached(rf"(?:{w['say']})(?= |$)"), compile_cached(rf"(?:{w['say']})"), w) for w in data["words"]]
    ends = [i for i, ch in enumerate(rest) if ch == " "] + [len(rest)]
    slots: dict = {}
    conditions: set = set()
    kinds: list[str] = []  # what each phrase read gives, in the question's order
    cards: list = []  # the cards named (card_features.CardReading)
    # index: the game's card index, read at the first word no phrase accounts for (unless given)
    relative = False  # a relative pronoun just after a target: a condition now would be the target's
    pos = 0
    while pos < len(rest):
        best = None
        for pattern, whole, entry in patterns:
            found = pattern.match(rest, pos)
            if not found or found.end() <= pos:
                continue
            # the longest run of whole words the phrase matches here, whichever alternative gives it
            end = next(e for e in reversed(ends) if e >= found.end() and (e == found.end() or whole.fullmatch(rest, pos, e)))
            if best is None or end > best[0]:
                best = (end, entry)
        if best is None and with_cards:  # no phrase here: a card's name? the card library says what it is
            from . import card_features

            if index is None:
                index = card_features.index(game)
            named = card_features.match(rest, pos, index)
            if named is not None:
                slot = "actor" if "action" not in slots else "target"
                card, why = card_features.reading(named[1], slot, index, data["cards"])
                if card is None:
                    return None, why, None, None
                if slot in slots or any(c.slot == slot for c in cards):
                    return None, f"two {slot}s ({card.name})", None, None
                if slot == "target" and kinds and kinds[-1] == "condition":
                    return None, "a condition of the target", None, None
                kinds.append(slot)
                cards.append(card)
                relative = False
                pos = named[0] + 1
                continue
        if best is None:
            end = rest.find(" ", pos)
            end = len(rest) if end < 0 else end
            if rest[pos:end] not in function:
                return None, f"the word {rest[pos:end]!r}", None, None  # a word the signature does not capture
            relative = relative or (rest[pos:end] in RELATIVE and bool(kinds) and kinds[-1] == "target")
            pos = end + 1
            continue
        end, entry = best
        kind = _kind(entry)
        if kind == "target" and "action" not in slots and not alone:
            return None, "a target before the action", None, None  # "can an enemy attack ...": the enemy is the subject
        if kind == "target" and kinds and kinds[-1] == "condition":
            return None, "a condition of the target", None, None  # "attack an exhausted enemy": not the actor's condition
        if kind == "condition" and kinds and kinds[-1] == "target" and \
                (relative or rest[pos:end].split(" ")[0] in RELATIVE):
            return None, "a condition of the target", None, None  # "attack an enemy that is exhausted"
        relative = False
        kinds.append(kind)
        for slot in SLOTS:
            value = entry.get(slot)
            if value is None:
                continue
            if any(c.slot == slot for c in cards):
                return None, f"two {slot}s ({cards[0].name}, {value})", None, None
            if slots.get(slot, value) != value:
                return None, f"two {slot}s ({slots[slot]}, {value})", None, None  # not one question the data stages
            slots[slot] = value
        conditions.update(entry.get("conditions") or ())
        pos = end + 1
    return slots, conditions, kinds, cards


def _kind(entry: dict) -> str:
    """What a phrase of the data gives, for the order of the question: the action (with
    whatever it names besides), a target, an actor, a phase, a condition, or nothing."""
    if entry.get("action") is not None:
        return "action"
    for slot in ("target", "actor", "phase"):
        if entry.get(slot) is not None:
            return slot
    return "condition" if entry.get("conditions") else "none"


def _accepts(asks: dict, signature: Signature) -> bool:
    if signature.modal not in asks.get("modal", ["permission"]):
        return False
    for slot in SLOTS:
        if getattr(signature, slot) not in asks.get(slot, [None]):
            return False
    return sorted(signature.conditions) in asks.get("conditions", [[]])


def situation_for(signature: Signature, data: dict | None = None, game: str = "lotr") -> str | None:
    """The one situation file that stages the signature (None when none does, or more than one)."""
    return staged(signature, data, game)[0]


def staged(signature: Signature, data: dict | None = None, game: str = "lotr") -> tuple[str | None, tuple]:
    """(the one situation that stages the signature, the card values it was staged with) or
    (None, ()).  A card named in a slot stands for each of its values in turn, the specific ones
    first: the general ones ("a character") are tried only when no specific one ("a ranged
    character") is staged; two situations staging the question at the same level is no answer."""
    from itertools import product

    data = data if data is not None else table(game)
    if not signature.cards:
        found = [row["situation"] for row in data["questions"] if any(_accepts(a, signature) for a in row["asks"])]
        return (found[0], ()) if len(found) == 1 else (None, ())
    levels: dict = {}
    for values in product(*[card.values for card in signature.cards]):
        filled = replace(signature, **{card.slot: v.value for card, v in zip(signature.cards, values)})
        for row in data["questions"]:
            if any(_accepts(a, filled) for a in row["asks"]):
                levels.setdefault(sum(v.general for v in values), {}).setdefault(row["situation"], values)
    if not levels:
        return None, ()
    found = levels[min(levels)]
    return next(iter(found.items())) if len(found) == 1 else (None, ())


# -- the engine's verdict --------------------------------------------------------------------


def _engine_key(situations: list[str], game: str = "lotr") -> str:
    """A digest of what the verdicts depend on: the game's engine sources and the shared
    engine's, the game's card data, the data file and the situation files (their sizes and
    times, one walk); in an installed copy, whose files do not change, the install's stamp
    (``adjudicator.installed``: one stat instead of the walk's two hundred)."""
    from adjudicator.installed import stamp
    from adjudicator.paths import DATA_ROOT, PACKAGE, RULES_DB
    from adjudicator.sha import sha256
    from adjudicator.yamlio import stamps_under

    installed = stamp()
    if installed is not None:
        digest = sha256(f"{VERSION}|{game}|installed|{installed}".encode())
        for situation in situations:
            digest.update(f"{situation}\n".encode())
        return digest.hexdigest()[:16]
    stamps = []
    for folder in (os.path.join(PACKAGE, game), os.path.join(PACKAGE, "engine"), str(RULES_DB / game / "cards")):
        stamps += stamps_under(folder, (".py", ".yaml"))  # one walk of each folder
    for target in [data_path(game), RULES_DB / game / "cards.yaml"] + [DATA_ROOT / s for s in situations]:
        if not os.path.exists(target):  # METW's card data is one file, LOTR's a folder
            continue
        stat = os.stat(target)
        stamps.append((str(target), stat.st_size, stat.st_mtime_ns))
    digest = sha256(f"{VERSION}".encode())
    for path, size, mtime in stamps:
        digest.update(f"{path}|{size}|{mtime}\n".encode())
    return digest.hexdigest()[:16]


def engine_results(data: dict | None = None, game: str = "lotr") -> dict:
    """{situation: what the engine says of it (``_run_engine``)} for every question situation of
    a game, computed together the first time one is needed after the engine or the data changed
    (one engine import for all of them) and kept in the cache folder."""
    from adjudicator.paths import cache_dir

    data = data if data is not None else table(game)
    rows = [(row["situation"], sorted({a for asks in row["asks"] for a in asks["action"]})) for row in data["questions"]]
    cached = cache_dir() / f"legality-verdicts-{game}-{_engine_key([r[0] for r in rows], game)}.marshal"
    try:
        return marshal.loads(cached.read_bytes())
    except (OSError, EOFError, ValueError, TypeError):
        pass
    out = {}
    for situation, actions in rows:
        events = sorted({e for a in actions for key in ACTION_KEYS for e in data["actions"].get(a, {}).get(key, [])})
        out[situation] = _run_engine(situation, events)
    _write(cached, out, f"legality-verdicts-{game}-*.marshal")
    return out


def engine_result(situation: str, shown_by: list[str] | None = None, game: str = "lotr") -> dict | None:
    """What the engine says of one question situation: {"legal", "rules", "message"}, or None
    when it shows neither a refusal nor the action happening (the replay stopped for a
    decision, or no step of the action's ``shown_by`` events came)."""
    return engine_results(game=game).get(situation)


def _run_engine(situation: str, events: list[str]) -> dict | None:
    """{"legal": False, "rules", "message"} when `check` refuses a play of the situation; when
    it is legal, every decision used and the replay played to its end: {"legal": True, "rules",
    "message", "steps": {event: [rules, text]}} for the first step of each of ``events`` the
    trace shows (None when it shows none)."""
    from adjudicator.engine import game as G
    from adjudicator.paths import DATA_ROOT

    path = str(DATA_ROOT / situation)
    report = G.check(G.open_situation(path), abilities=True)
    refused = report.illegal
    if refused:
        rules = list(dict.fromkeys(r for v in refused for r in v.rules))
        return {"legal": False, "rules": rules, "message": refused[0].message}
    if report.pending is not None or report.unused:
        return None  # the replay stopped for a decision, or a declared play was never reached: no evidence
    replayed = G.replay(G.open_situation(path), abilities=True, expectations_checked=False)
    if replayed.exit_code != 0:
        return None
    steps: dict = {}
    for step in replayed.trace.steps:
        if step.event in events and step.event not in steps:
            steps[step.event] = [list(step.citations), step.text]
    if not steps:
        return None
    first = next(iter(steps.values()))
    return {"legal": True, "rules": first[0], "message": first[1], "steps": steps}


def engine_verdict(question: str, game: str = "lotr") -> EngineVerdict | None:
    """The game's engine's yes or no to a legality question of that game, or None (no data for
    the game, not read, not staged, or the engine shows neither)."""
    data = table(game)
    signature = read_question(question, data, game)
    if signature is None:
        return None
    situation, values = staged(signature, data, game)
    if situation is None:
        return None
    found = engine_results(data, game).get(situation)
    if found is None:
        return None
    return _verdict(signature, situation, values, found, data)


def _verdict(signature: Signature, situation: str, values: tuple, found: dict, data: dict) -> EngineVerdict | None:
    """The verdict's words: its yes or no, the card features it read (from the card library),
    the rules the engine cited and what it did in the staged situation."""
    scene = f"in the situation staged for this question: {found['message']}"
    said = signature.to_dict()
    if values:
        said.update({card.slot: v.value for card, v in zip(signature.cards, values)})
        said["cards"] = [dict(c.to_dict(), value=v.value, used=v.used) for c, v in zip(signature.cards, values)]
    common = dict(situation=situation, signature=said)
    features = "".join(f"{v.used}{', and no ability of its own bears on this' if c.others else ''} (card library); "
                       for c, v in zip(signature.cards, values))
    obliged = signature.modal == "obligation"
    if not found["legal"]:  # the staged play is refused: "can I" -> No; "must I" (staged: not doing it) -> Yes
        rules = found["rules"]
        if obliged:
            text = f"Yes: {features}the engine refuses doing otherwise, citing {', '.join(rules)} ({scene})"
            return EngineVerdict("yes", True, text, "engine", rules=rules, refused=True, **common)
        text = f"No: {features}the engine refuses it, citing {', '.join(rules)} ({scene})"
        return EngineVerdict("no", False, text, "engine", rules=rules, refused=True, **common)
    wanted = data["actions"].get(signature.action, {}).get("declined_by" if obliged else "shown_by", [])
    step = next((found["steps"][e] for e in wanted if e in found.get("steps", {})), None)
    if step is None:  # the trace does not show the action (or the declining) asked about
        return None
    rules, message = step
    scene = f"in the situation staged for this question: {message}"
    if obliged:
        text = f"No: {features}the engine lets the player decline, citing {', '.join(rules)} ({scene})"
        return EngineVerdict("no", False, text, "engine", rules=rules, **common)
    text = f"Yes: {features}the engine allows it, citing {', '.join(rules)} ({scene})"
    return EngineVerdict("yes", True, text, "engine", rules=rules, **common)
