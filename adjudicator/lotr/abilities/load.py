"""Reading abilities written in the project's YAML format, with ``file:line`` errors and
"did you mean" for every misspelt key, kind, event or effect.

The card library is every ``*.yaml`` in ``rules_db/lotr/cards/abilities/``::

    cards:
      - name: Beravor
        abilities:
          - kind: action
            cost: [{op: exhaust, target: self}]
            choose: [{what: player}]
            effects: [{op: draw, player: chosen, amount: 2}]
            limit: {count: 1, period: round}
            says: exhaust her to have a chosen player draw two cards, once a round
            errata: lotr:errata:core-12
            printed: {limit: null}          # how the printed card differed

``library("errata")`` (the default) applies the FAQ's errata; ``library("printed")`` gives
the cards as first printed (each ``printed:`` block's fields replace the written ones).
"""

from __future__ import annotations

from adjudicator.paths import RULES_DB
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from adjudicator.engine.situation import Node, Problems, did_you_mean, fold, parse_yaml, read_text
from adjudicator.errors import UnknownName
from adjudicator.record_ids import ID_PATTERN
from adjudicator.lotr.abilities.model import (
    DURATIONS, EVENTS, KINDS, LIMIT_SCOPES, MODIFY_OPS, OPS, PERIODS, PHASES, SOURCES, TIMINGS,
    Ability, CardAbilities, Delayed, Effect, Limit, Target, Trigger, Unwritten,
)


class _Grammar:
    """The grammar checker (``grammar.effect(...)``), imported when first used: it imports
    the LOTR engine's vocabulary, which parsing the library needs and reading its kept copy
    (`library`, for `adjudicator card`) does not."""

    def __getattr__(self, name: str):
        from adjudicator.lotr.abilities.grammar import check

        return getattr(check, name)


grammar = _Grammar()

LIBRARY_DIR = RULES_DB / "lotr" / "cards" / "abilities"
VERSIONS = ("errata", "printed")

ABILITY_KEYS = (
    "kind", "says", "trigger", "phase", "window", "cost", "choose", "condition", "effects", "then", "limit",
    "duration", "delayed", "keyword", "errata", "printed", "rulings", "source", "absent",
)
CARD_KEYS = ("name", "source", "abilities", "notes", "attach_to", "unwritten")
UNWRITTEN_KEYS = ("kind", "says", "needs", "rulings")
UNWRITTEN_KINDS = (*KINDS, "riddle", "burgle")  # scenario effects the grammar has no kind for yet


def _where(problems: Problems, node: Node, expected: str, got: Any = None, choices=()) -> None:
    got_text = "" if got is None else repr(got)
    problems.add(node, expected, got_text, did_you_mean(str(got), choices) if choices and got is not None else ())


def _check_keys(node: Node, allowed, problems: Problems, what: str) -> bool:
    if not isinstance(node.value, dict):
        problems.add(node, f"a mapping ({what})", "something else")
        return False
    for key, child in node.items():
        if key not in allowed:
            problems.add(child, f"a known key of {what} ({', '.join(allowed)})", f"unknown key {key!r}", did_you_mean(key, allowed))
    return True


def _text(node: Node | None, default: str = "") -> str:
    return default if node is None or node.value is None else str(node.value)


def _lines(problems: Problems) -> list[str] | None:
    """The text lines of the file being read (for the column of a word inside a phrase)."""
    lines = getattr(problems, "lines", None)
    if lines is None:
        try:
            lines = Path(problems.file).read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError, ValueError):
            lines = []
        problems.lines = lines  # type: ignore[attr-defined]
    return lines


def read_trigger(node: Node, problems: Problems) -> Trigger | None:
    if not _check_keys(node, ("timing", "event", "subject"), problems, "a triggering condition"):
        return None
    timing, event = node.get("timing"), node.get("event")
    if node.get("subject") is not None:
        grammar.subject(node.get("subject"), problems, _lines(problems))
    ok = True
    if timing is None or timing.value not in TIMINGS:
        _where(problems, timing or node, "a trigger timing: when, after or at", timing.value if timing else None, TIMINGS)
        ok = False
    if event is None or event.value not in EVENTS:
        _where(problems, event or node, "a game occurrence (commits, revealed, travels_to, end_of_phase, ...)", event.value if event else None, EVENTS)
        ok = False
    return Trigger(str(timing.value), str(event.value), _text(node.get("subject"))) if ok else None


def read_effect(node: Node, problems: Problems) -> Effect | None:
    if not isinstance(node.value, dict) or "op" not in node.value:
        problems.add(node, "an effect: a mapping with an op (damage, ready, progress, ...)", "something else")
        return None
    op = node.get("op").value
    if op not in OPS:
        _where(problems, node.get("op"), "an effect primitive", op, OPS)
        return None
    grammar.effect(node, str(op), problems, _lines(problems))
    if op == "python":
        from adjudicator.lotr.abilities.hatches import FRAMEWORK_RULES, HATCHES

        name = node.get("name")
        known = sorted([*HATCHES, *FRAMEWORK_RULES])
        if name is None or name.value not in known:
            _where(problems, name or node, "the name of an escape hatch (hatches.HATCHES)", name.value if name else None, known)
        if node.get("why") is None and getattr(problems, "library", False):
            problems.add(node, "why: the reason this effect cannot be written in the grammar (docs/abilities.md, 'Escape hatches')", "none")
    if op == "choose_one":
        opts = node.get("options")
        if opts is None or not isinstance(opts.value, dict) or not opts.value:
            problems.add(opts or node, "options: a mapping of each option's name to its effects", "none")
    args = []
    for key, child in node.items():
        if key == "op":
            continue
        if key in ("effects", "otherwise"):  # nested effects (the replacement of "instead", a python hatch's parts)
            args.append((key, tuple(e for e in (read_effect(c, problems) for c in child) if e)))
        elif key == "options" and isinstance(child.value, dict):  # choose_one: each option's effects
            args.append((key, tuple((name, tuple(e for e in (read_effect(c, problems) for c in (opt or ())) if e))
                                    for name, opt in child.items())))
        else:
            args.append((key, child.plain() if not isinstance(child.plain(), list) else tuple(child.plain())))
    if op == "modify":
        how = dict(args).get("how")
        if how not in MODIFY_OPS:
            _where(problems, node.get("how") or node, "a modifier: add, subtract, set, double or halve", how, MODIFY_OPS)
    return Effect(str(op), tuple(args))


def _effects(node: Node | None, problems: Problems) -> tuple[Effect, ...]:
    if node is None or node.value is None:
        return ()
    if not isinstance(node.value, list):
        problems.add(node, "a list of effects", "something else")
        return ()
    return tuple(e for e in (read_effect(c, problems) for c in node) if e is not None)


def _citation(node: Node, problems: Problems) -> str:
    value = _text(node)
    if not ID_PATTERN.match(value):
        problems.add(node, "a record id (lotr:faq:1.09, lotr:errata:core-12)", repr(value))
    return value


def read_ability(node: Node, card: str, index: int, problems: Problems, source: str = "player",
                 version: str = "errata") -> Ability | None:
    """One ability from its node; ``version="printed"`` applies its ``printed:`` block."""
    if not _check_keys(node, ABILITY_KEYS, problems, "an ability"):
        return None
    fields: dict[str, Node] = dict(node.items())
    errata_id = ""
    if "errata" in fields:
        errata_id = _citation(fields["errata"], problems)
    printed = fields.pop("printed", None)
    if printed is not None:
        _check_keys(printed, ABILITY_KEYS, problems, "a printed version")
        if version == "printed":
            fields.update(dict(printed.items()))
            if fields.get("absent") is not None and fields["absent"].value is True:
                return None  # the erratum added this ability; the printed card lacks it
    kind_node = fields.get("kind")
    kind = _text(kind_node)
    if kind not in KINDS:
        _where(problems, kind_node or node, "an ability kind (" + ", ".join(KINDS) + ")", kind or None, KINDS)
        return None
    says = _text(fields.get("says"))
    if not says:
        problems.add(node, "says: our own one-line paraphrase of the ability", "none")
    trigger = read_trigger(fields["trigger"], problems) if fields.get("trigger") is not None and fields["trigger"].value is not None else None
    if kind in ("response", "forced") and trigger is None and "trigger" not in fields:
        problems.add(node, f"a trigger for a {kind} ability", "none")
    phase = _text(fields.get("phase")) or None
    if phase is not None and phase not in PHASES:
        _where(problems, fields["phase"], "a phase", phase, PHASES)
    window = _text(fields.get("window")) or None
    if window is not None:
        from adjudicator.lotr.engine.step_table import WINDOWS  # only when a card has one: a card lookup imports no engine
    if window is not None and window not in WINDOWS:
        _where(problems, fields["window"], "a framework step followed by an action window (3.3: after the staging step)", window, sorted(WINDOWS))
    choose = []
    for t in (fields.get("choose") or Node([], node.line, node.column)):
        if isinstance(t.value, dict) and "what" in t.value:
            _check_keys(t, ("what", "count"), problems, "a target to choose (a phrase with a comma is quoted)")
            grammar.target(t.get("what"), problems, _lines(problems))
            choose.append(Target(str(t.get("what").value), int(t.get("count").value) if t.get("count") else 1))
        else:
            problems.add(t, "a target: {what: ...}", "something else")
    if fields.get("condition") is not None and fields["condition"].value is not None:
        grammar.condition(fields["condition"], problems, _lines(problems))
    limit = None
    if fields.get("limit") is not None and fields["limit"].value is not None:
        ln = fields["limit"]
        if _check_keys(ln, ("count", "period", "scope"), problems, "a limit"):
            period = _text(ln.get("period"))
            scope = _text(ln.get("scope"))
            if period not in PERIODS:
                _where(problems, ln.get("period") or ln, "a limit period: phase, round or game", period, PERIODS)
            if scope and scope not in LIMIT_SCOPES:
                _where(problems, ln.get("scope"), "a limit scope: copy, player or group", scope, LIMIT_SCOPES)
            limit = Limit(int(ln.get("count").value) if ln.get("count") else 1, period, scope)
    duration = _text(fields.get("duration")) or None
    if duration is not None and duration not in DURATIONS:
        _where(problems, fields["duration"], "a duration", duration, DURATIONS)
    delayed = None
    if fields.get("delayed") is not None and fields["delayed"].value is not None:
        dn = fields["delayed"]
        if _check_keys(dn, ("at", "effects", "condition", "then"), problems, "a delayed effect"):
            at = read_trigger(dn.get("at"), problems) if dn.get("at") is not None else None
            if at is None and dn.get("at") is None:
                problems.add(dn, "at: the timing point of the delayed effect", "none")
            if dn.get("condition") is not None:
                grammar.condition(dn.get("condition"), problems, _lines(problems))
            if at is not None:
                delayed = Delayed(at, _effects(dn.get("effects"), problems), _text(dn.get("condition")), _effects(dn.get("then"), problems))
    keyword = None
    if fields.get("keyword") is not None:
        kn = fields["keyword"]
        if isinstance(kn.value, dict) and "name" in kn.value:
            keyword = (str(kn.get("name").value), int(kn.get("value").value) if kn.get("value") else 1)
        else:
            problems.add(kn, "a keyword: {name: Surge} or {name: Doomed, value: 1}", "something else")
    src = _text(fields.get("source"), source)
    if src not in SOURCES:
        _where(problems, fields["source"], "a source: player, encounter or quest", src, SOURCES)
    rulings = tuple(_citation(r, problems) for r in (fields.get("rulings") or ()))
    return Ability(
        card=card, index=index, kind=kind, says=says, trigger=trigger, phase=phase, window=window,
        cost=_effects(fields.get("cost"), problems), choose=tuple(choose),
        condition=_text(fields.get("condition")), effects=_effects(fields.get("effects"), problems),
        then=_effects(fields.get("then"), problems), limit=limit, duration=duration, delayed=delayed,
        source=src, keyword=keyword,
        version="errata" if errata_id and version == "errata" and printed is not None else "printed",
        errata=errata_id, rulings=rulings, line=node.line,
    )


def read_unwritten(card_node: Node, problems: Problems) -> tuple[Unwritten, ...]:
    """A card's ``unwritten:`` list: each ability the grammar cannot express yet, with its
    kind, our paraphrase (``says``), the mechanic it ``needs`` and the rulings touching it."""
    node = card_node.get("unwritten")
    if node is None or node.value is None:
        return ()
    if not isinstance(node.value, list):
        problems.add(node, "unwritten: a list of {kind, says, needs, rulings}", "something else")
        return ()
    out = []
    for item in node:
        if not _check_keys(item, UNWRITTEN_KEYS, problems, "an unwritten ability"):
            continue
        kind = _text(item.get("kind"))
        if kind not in UNWRITTEN_KINDS:
            _where(problems, item.get("kind") or item, "an ability kind (" + ", ".join(UNWRITTEN_KINDS) + ")",
                   kind or None, UNWRITTEN_KINDS)
        for key, what in (("says", "our own one-line paraphrase of the ability"),
                          ("needs", "the mechanic the grammar lacks for it")):
            if not _text(item.get(key)):
                problems.add(item, f"{key}: {what}", "none")
        rulings = tuple(_citation(r, problems) for r in (item.get("rulings") or ()))
        out.append(Unwritten(kind, _text(item.get("says")), _text(item.get("needs")), rulings, item.line))
    return tuple(out)


def _attach_to(card_node: Node, problems: Problems) -> str:
    """An attachment's "Attach to ..." (a target phrase of the grammar: ``a location``, ``an
    enemy engaged with you``); empty: a character."""
    node = card_node.get("attach_to")
    if node is None or node.value is None:
        return ""
    grammar.target(node, problems, _lines(problems))
    return _text(node)


def parse_library(text: str, file: str, version: str = "errata") -> dict[str, CardAbilities]:
    """The cards of one library file, by folded name (InputError listing every problem)."""
    problems = Problems(file)
    problems.lines = text.splitlines()  # type: ignore[attr-defined]
    problems.library = True  # type: ignore[attr-defined]  # a library hatch says why it is one
    root = parse_yaml(text, file)
    out: dict[str, CardAbilities] = {}
    if not _check_keys(root, ("cards", "source", "notes"), problems, "a card-abilities file"):
        problems.raise_if_any()
    default_source = _text(root.get("source"), "player")
    for card_node in root.get("cards") or ():
        if not _check_keys(card_node, CARD_KEYS, problems, "a card"):
            continue
        name = _text(card_node.get("name"))
        if not name:
            problems.add(card_node, "name: the card's name", "none")
            continue
        if fold(name) in out:
            problems.add(card_node.get("name"), "a card named once per file", f"{name!r} again")
        source = _text(card_node.get("source"), default_source)
        entry = CardAbilities(name, source=source, line=card_node.line, attach_to=_attach_to(card_node, problems),
                              unwritten=read_unwritten(card_node, problems))
        for i, a in enumerate(card_node.get("abilities") or ()):
            ability = read_ability(a, name, i, problems, source, version)
            if ability is not None:
                same = [x for x in entry.abilities if x.kind == ability.kind]
                if same:
                    if same[0].ordinal == 0:
                        entry.abilities[entry.abilities.index(same[0])] = replace(same[0], ordinal=1)
                    ability = replace(ability, ordinal=len(same) + 1)
                entry.abilities.append(ability)
        out[fold(name)] = entry
    problems.raise_if_any()
    return out


@lru_cache(maxsize=4)
def library(version: str = "errata") -> dict[str, CardAbilities]:
    """Every card of the project's ability library, by folded name.  A parsed copy is kept
    in the cache folder, keyed on the library files and this package's code (in an installed
    copy, on the install's stamp: ``adjudicator.installed``), so a replay process skips the YAML
    parsing."""
    if version not in VERSIONS:
        raise UnknownName(f"no version {version!r} of the card library", did_you_mean(str(version), VERSIONS))
    from adjudicator.installed import inside, stamp

    # an installed copy's library and code do not change: its install stamp keys the copy (no listing, no stats)
    installed = stamp() if inside(LIBRARY_DIR) else None
    paths = None if installed is not None else sorted(LIBRARY_DIR.glob("*.yaml"))
    cached = _installed_cache_file(installed, version) if installed is not None else _cache_file(paths, version)
    if cached is not None and cached.is_file():
        import pickle

        try:
            return pickle.loads(cached.read_bytes())
        except Exception:  # a stale or damaged cache is rebuilt
            pass
    if paths is None:
        paths = sorted(LIBRARY_DIR.glob("*.yaml"))
    out: dict[str, CardAbilities] = {}
    for path in paths:
        out.update(parse_library(read_text(path), str(path), version))
    if cached is not None:
        _write_cache(cached, out)
    return out


def _cache_file(paths: list[Path], version: str) -> Path | None:
    from adjudicator.sha import sha256

    try:
        from adjudicator.paths import cache_dir

        here = Path(__file__).resolve().parent
        key = sha256()
        for p in [*paths, here / "model.py", here / "load.py", *sorted((here / "grammar").glob("*.py"))]:
            st = p.stat()
            key.update(f"{p.name}:{st.st_mtime_ns}:{st.st_size};".encode())
        return cache_dir() / f"abilities-{version}-{key.hexdigest()[:16]}.pickle"
    except Exception:
        return None


def _installed_cache_file(installed: str, version: str) -> Path | None:
    """`_cache_file` of an installed copy: keyed by its install stamp (``adjudicator.installed``)."""
    from adjudicator.sha import sha256

    try:
        from adjudicator.paths import cache_dir

        return cache_dir() / f"abilities-{version}-{sha256(f'installed|{installed}'.encode()).hexdigest()[:16]}.pickle"
    except Exception:
        return None


def _write_cache(path: Path, data: dict[str, CardAbilities]) -> None:
    import os
    import pickle
    import tempfile

    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        with os.fdopen(fd, "wb") as fh:
            fh.write(pickle.dumps(data))
        os.replace(tmp, path)
        version = path.name.split("-")[1]
        for old in path.parent.glob(f"abilities-{version}-*.pickle"):  # the copies of older code or data
            if old != path:
                old.unlink(missing_ok=True)
    except Exception:  # no cache folder, a full disk: parse every time, nothing left behind
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass


def card_abilities(name: str, version: str = "errata") -> CardAbilities:
    """A card's abilities by name (case, diacritics and punctuation folded)."""
    lib = library(version)
    entry = lib.get(fold(name))
    if entry is None:
        raise UnknownName(f"no card named {name!r} in the ability library", did_you_mean(name, [c.name for c in lib.values()]))
    return entry


SITUATION_BLOCK_KEYS = ("responses", "plays", "delayed_order", "cards", "version")


def read_situation_block(node: Node, problems: Problems) -> dict[str, Any]:
    """The ``abilities:`` block of a situation file (responses used, choices, the first
    player's order of delayed effects, cards written there in the library format), checked
    with the file's own problem collector so that errors carry its lines."""
    out: dict[str, Any] = {"responses": [], "plays": [], "delayed_order": [], "cards": [], "version": "errata"}
    if not _check_keys(node, SITUATION_BLOCK_KEYS, problems, "the abilities block"):
        return out
    version = _text(node.get("version"), "errata")
    if version not in VERSIONS:
        _where(problems, node.get("version"), "errata or printed", version, VERSIONS)
        version = "errata"
    out["version"] = version
    for key in ("responses", "plays"):
        for item in node.get(key) or ():
            if not isinstance(item.value, dict) or "card" not in item.value:
                problems.add(item, f"an entry of {key} with a card", "something else")
                continue
            check_choices(item, problems, f"an entry of {key}")
            out[key].append({**item.plain(), "line": item.line})  # its line: an unused one is reported with it
    out["delayed_order"] = [str(v.value) for v in (node.get("delayed_order") or ())]
    for card_node in node.get("cards") or ():
        if not _check_keys(card_node, CARD_KEYS, problems, "a card"):
            continue
        name = _text(card_node.get("name"))
        entry = CardAbilities(name, source=_text(card_node.get("source"), "player"), line=card_node.line,
                              attach_to=_attach_to(card_node, problems))
        for i, a in enumerate(card_node.get("abilities") or ()):
            ability = read_ability(a, name, i, problems, entry.source, version)
            if ability is not None:
                entry.abilities.append(ability)
        out["cards"].append(entry)
    return out


def check_choices(node: Node, problems: Problems, what: str) -> None:
    """The value types of a card ability's choices (an entry of ``plays`` or ``responses``,
    a decision's ``ability``), so that a wrong one is an error with its line, not a crash
    in the replay: ``chosen`` names, ``targets`` a mapping, ``x`` a whole number,
    ``pay_from`` a name or names, the others a name or word."""
    if not isinstance(node.value, dict):
        return
    scalar = (str, int, float)
    for key, child in node.items():
        v = child.value
        if key == "chosen":
            ok = isinstance(v, list) and all(isinstance(x, scalar) and not isinstance(x, bool) for x in child.plain())
            expected = "a list of names (chosen)"
        elif key == "targets":
            ok, expected = isinstance(v, dict), "a mapping of phrases to names (targets)"
        elif key == "x":
            ok, expected = isinstance(v, int) and not isinstance(v, bool) and v >= 0, "a whole number (x)"
        elif key == "round":
            ok, expected = isinstance(v, int) and not isinstance(v, bool) and v >= 1, "a round number (round)"
        elif key == "pay_from":
            plain = child.plain()
            ok = isinstance(plain, str) or (isinstance(plain, list) and all(isinstance(x, str) for x in plain))
            expected = "a hero's name or a list of them (pay_from)"
        elif key in ("card", "player", "with", "option", "enemy", "kind", "step"):
            ok, expected = isinstance(v, scalar) and not isinstance(v, bool), f"a name or word ({key})"
        else:
            continue
        if not ok:
            problems.add(child, f"{expected} in {what}", type(child.plain()).__name__)
