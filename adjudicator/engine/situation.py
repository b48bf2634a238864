"""Situation files: YAML with a line and column for every node, checked against a JSON
Schema (a documented subset) with every problem reported at once.

    doc = load_situation(path, schema)      # a `Node` tree, or InputError listing all problems
    doc.get("players")[0].get("threat").value

A game engine then builds its state from the `Node` tree, reporting semantic problems
(an unknown card name) through a `Problems` collector with the node's position, and
raises only once it has looked at everything: nothing is half-applied.

Schema subset understood by `validate`: ``type`` (a name or a list), ``properties``,
``required``, ``additionalProperties`` (bool or schema), ``items``, ``enum``, ``minimum``,
``maximum``, ``minItems``, ``pattern``, ``oneOf``/``anyOf``, ``$ref`` to ``#/$defs/...``;
``description``, ``title``, ``default`` and ``examples`` are documentation only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Iterator

from adjudicator.errors import InputError
from adjudicator.kb.names import unaccented

MAX_DEPTH = 64
MAX_NODES = 200_000  # aliases can multiply a small file ("billion laughs")


def _fast_loader():
    """libyaml's safe loader when PyYAML has it (marks and all), else the pure one."""
    import yaml

    return getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _Lazy:
    def __call__(self, text):
        return _fast_loader()(text)


FAST_LOADER = _Lazy()


def load_yaml_data(text: str):
    """Plain YAML data (no marks) with the fast loader: for the project's own data files."""
    import yaml

    return yaml.load(text, Loader=_fast_loader())
MAX_PROBLEMS = 50


# ---------------------------------------------------------------------------- names


@lru_cache(maxsize=4096)
def fold(name: str) -> str:
    """A name as a player might type it: no diacritics, case, punctuation or extra spaces
    (``Éowyn`` and ``eowyn`` fold alike; so do ``Nazgûl`` and ``Nazgul``).  The package's
    one fold for matching names; text kept with its punctuation is compared with
    `adjudicator.kb.names.casefold_unaccented`."""
    text = unaccented(str(name)).lower().replace("’", "'")
    text = re.sub(r"[^a-z0-9#]+", " ", text)
    return " ".join(text.split())


def did_you_mean(name: str, candidates: Iterable[str], n: int = 3) -> list[str]:
    """The candidates closest to ``name`` (compared folded), best first."""
    import difflib  # an error path: a replay that finds every name does not load it

    by_fold: dict[str, str] = {}
    for c in candidates:
        by_fold.setdefault(fold(c), c)
    hits = difflib.get_close_matches(fold(name), list(by_fold), n=n, cutoff=0.6)
    if not hits:  # a prefix or substring ("troll" for "Hill Troll")
        key = fold(name)
        hits = [f for f in by_fold if key and (key in f or f.startswith(key))][:n]
    return [by_fold[h] for h in hits]


# ---------------------------------------------------------------------------- nodes


@dataclass
class Node:
    """A YAML node: ``value`` is a dict of str -> Node, a list of Node, or a scalar.

    ``line`` and ``column`` are 1-based; ``path`` is the chain of keys and indexes from the
    document root (shown in messages as ``players[0].threat``).
    """

    value: Any
    line: int
    column: int
    path: tuple = ()
    key_lines: dict[str, tuple[int, int]] = field(default_factory=dict)

    @property
    def where(self) -> str:
        return _path_label(self.path)

    def get(self, key: str, default: Any = None) -> Any:
        if isinstance(self.value, dict) and key in self.value:
            return self.value[key]
        return default

    def has(self, key: str) -> bool:
        return isinstance(self.value, dict) and key in self.value

    def items(self) -> Iterator[tuple[str, "Node"]]:
        if isinstance(self.value, dict):
            yield from self.value.items()

    def __iter__(self) -> Iterator["Node"]:
        if isinstance(self.value, list):
            yield from self.value

    def plain(self) -> Any:
        """The node as plain Python data, marks dropped."""
        if isinstance(self.value, dict):
            return {k: v.plain() for k, v in self.value.items()}
        if isinstance(self.value, list):
            return [v.plain() for v in self.value]
        return self.value


def _path_label(path: tuple) -> str:
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out or "(top level)"


def _type_name(value: Any) -> str:
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return f"a boolean ({value})"
    if isinstance(value, int):
        return f"a number ({value})"
    if isinstance(value, float):
        return f"a number ({value})"
    if isinstance(value, str):
        return f"text ({value[:40]!r})"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return type(value).__name__


# ---------------------------------------------------------------------------- problems


@dataclass(frozen=True)
class Problem:
    """One problem in a situation file: where it is, what was expected and what was found."""

    line: int
    column: int
    where: str
    expected: str
    got: str = ""
    suggestions: tuple[str, ...] = ()

    def render(self, file: str) -> str:
        text = f"{file}:{self.line}:{self.column}: {self.where}: expected {self.expected}"
        if self.got:
            text += f", got {self.got}"
        if self.suggestions:
            text += " (did you mean: " + ", ".join(self.suggestions) + "?)"
        return text


class Problems:
    """Collects problems in one file; `raise_if_any` raises one InputError listing all."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.items: list[Problem] = []

    def add(self, node: Node | None, expected: str, got: str = "", suggestions: Iterable[str] = ()) -> None:
        line, column, where = (node.line, node.column, node.where) if node is not None else (1, 1, "(top level)")
        self.items.append(Problem(line, column, where, expected, got, tuple(suggestions)))

    def unknown_name(self, node: Node, kind: str, candidates: Iterable[str]) -> None:
        self.add(node, f"the name of {kind}", f"{node.value!r}, which matches none", did_you_mean(str(node.value), candidates))

    def __bool__(self) -> bool:
        return bool(self.items)

    def raise_if_any(self) -> None:
        if not self.items:
            return
        items = sorted(set(self.items), key=lambda p: (p.line, p.column, p.expected))
        shown = items[:MAX_PROBLEMS]
        lines = [p.render(self.file) for p in shown]
        if len(items) > len(shown):
            lines.append(f"... and {len(items) - len(shown)} more")
        head = f"{len(items)} problem{'s' if len(items) != 1 else ''} in {self.file}"
        err = InputError(head + ":\n  " + "\n  ".join(lines))
        err.problems = items  # type: ignore[attr-defined]
        err.file = self.file  # type: ignore[attr-defined]
        raise err


# ---------------------------------------------------------------------------- YAML


def parse_yaml(text: str, file: str = "<situation>") -> Node:
    """Parse YAML text into a `Node` tree (raises InputError with line and column).

    A text that parsed without a problem is kept in the cache folder (`_recall`): the next
    process reading the same text rebuilds the same tree from it without importing PyYAML
    (about 10 ms of a replay's start-up)."""
    kept = _recall(text)
    if kept is not None:
        return kept
    node = _parse_yaml(text, file)
    _keep(text, node)
    return node


# A parsed situation kept as marshal data: (value, line, column) for a scalar or a list,
# (value, line, column, key_lines) for a mapping; paths are rebuilt from the keys.
KEPT_FOLDER = "situations"
KEPT_MAX = 2048  # entries kept (a few KB each; the project has ~300 situations), the oldest go first
KEPT_MAX_CHARS = 200_000  # longer texts are parsed each time
KEPT_FORMAT = 1  # bump when the kept form changes


def _kept_file(text: str) -> Path | None:
    if len(text) > KEPT_MAX_CHARS:
        return None
    try:
        import os
        import sys

        from adjudicator.paths import cache_dir
        from adjudicator.sha import sha256

        code = os.stat(__file__)  # the parser's code: a changed parser parses again
        digest = sha256(f"{KEPT_FORMAT}|{sys.version_info[:2]}|{code.st_size}|{code.st_mtime_ns}|".encode())
        digest.update(text.encode("utf-8", "surrogatepass"))
        return cache_dir() / KEPT_FOLDER / f"{digest.hexdigest()[:32]}.marshal"
    except Exception:  # no cache folder to keep it in
        return None


def _recall(text: str) -> Node | None:
    import marshal

    target = _kept_file(text)
    if target is None:
        return None
    try:
        return _unpack(marshal.loads(target.read_bytes()), ())
    except Exception:  # not kept, or damaged: parsed again
        return None


def _keep(text: str, node: Node) -> None:
    import marshal
    import os

    target = _kept_file(text)
    if target is None:
        return
    temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        blob = marshal.dumps(_pack(node))
        target.parent.mkdir(parents=True, exist_ok=True)
        temporary.write_bytes(blob)
        os.replace(temporary, target)
        entries = sorted(os.scandir(target.parent), key=lambda e: e.stat().st_mtime_ns)
        for old in entries[:max(0, len(entries) - KEPT_MAX)]:
            os.unlink(old.path)
    except (OSError, ValueError):  # a read-only or full cache folder: nothing kept, nothing left behind
        try:
            temporary.unlink(missing_ok=True)
        except OSError:
            pass


def _pack(node: Node) -> tuple:
    value = node.value
    if isinstance(value, dict):
        return {k: _pack(v) for k, v in value.items()}, node.line, node.column, node.key_lines
    if isinstance(value, list):
        return [_pack(v) for v in value], node.line, node.column
    return value, node.line, node.column


def _unpack(item: tuple, path: tuple) -> Node:
    value = item[0]
    if len(item) == 4:
        return Node({k: _unpack(v, path + (k,)) for k, v in value.items()}, item[1], item[2], path, item[3])
    if isinstance(value, list):
        return Node([_unpack(v, path + (i,)) for i, v in enumerate(value)], item[1], item[2], path)
    return Node(value, item[1], item[2], path)


def _parse_yaml(text: str, file: str) -> Node:
    import yaml

    problems = Problems(file)
    deep = _too_deep(text)
    if deep is not None:  # refuse before composing: a deep tree can crash libyaml's composer
        problems.items.append(Problem(deep[0], deep[1], "(YAML)", f"at most {MAX_DEPTH} levels of nesting", "deeper nesting"))
        problems.raise_if_any()
    try:
        loader = FAST_LOADER(text)
    except yaml.YAMLError as exc:  # unprintable characters are refused before parsing
        mark = getattr(exc, "problem_mark", None)
        line, col = (mark.line + 1, mark.column + 1) if mark else _position(text, getattr(exc, "position", 0))
        problems.items.append(Problem(line, col, "(YAML)", "printable text", str(getattr(exc, "reason", exc))))
        problems.raise_if_any()
    try:
        try:
            root = loader.get_single_node()
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
            problems.items.append(Problem(line, col, "(YAML)", "well-formed YAML", str(exc.problem or exc)))
            problems.raise_if_any()
        except yaml.YAMLError as exc:  # e.g. an unprintable character met by the C reader
            line, col = _position(text, exc.position) if isinstance(getattr(exc, "position", None), int) else (1, 1)
            problems.items.append(Problem(line, col, "(YAML)", "well-formed YAML",
                                          str(getattr(exc, "reason", "") or exc)))
            problems.raise_if_any()
        if root is None:
            problems.items.append(Problem(1, 1, "(top level)", "a mapping describing the situation", "an empty file"))
            problems.raise_if_any()
        node = _wrap(loader, root, (), problems, 0, set(), [0])
    finally:
        loader.dispose()
    problems.raise_if_any()
    return node


def _too_deep(text: str) -> tuple[int, int] | None:
    """Where the nesting first goes deeper than MAX_DEPTH, found from the event stream
    (the parser keeps its own stack; only composing recurses), or None."""
    import yaml

    depth = 0
    try:
        for event in yaml.parse(text, Loader=_fast_loader()):
            if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
                depth += 1
                if depth > MAX_DEPTH:
                    return event.start_mark.line + 1, event.start_mark.column + 1
            elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
                depth -= 1
    except (yaml.YAMLError, ValueError):
        return None  # the parse proper reports it
    return None


def _position(text: str, offset: int) -> tuple[int, int]:
    before = text[:offset]
    return before.count("\n") + 1, offset - (before.rfind("\n") + 1) + 1


def _wrap(loader, ynode, path: tuple, problems: Problems, depth: int, active: set[int], count: list[int]) -> Node:
    import yaml

    line, col = ynode.start_mark.line + 1, ynode.start_mark.column + 1
    count[0] += 1
    if count[0] > MAX_NODES:
        if count[0] == MAX_NODES + 1:
            problems.add(Node(None, line, col, path), f"at most {MAX_NODES} values once aliases are expanded", "more")
        return Node(None, line, col, path)
    if depth > MAX_DEPTH or id(ynode) in active:
        problems.add(Node(None, line, col, path), "a finite, not too deeply nested structure", "a recursive or too deep value")
        return Node(None, line, col, path)
    if isinstance(ynode, yaml.MappingNode):
        active.add(id(ynode))
        out: dict[str, Node] = {}
        key_lines: dict[str, tuple[int, int]] = {}
        try:
            loader.flatten_mapping(ynode)
        except yaml.YAMLError as exc:
            problems.add(Node(None, line, col, path), "a valid merge (<<) of mappings", str(exc))
        for knode, vnode in ynode.value:
            kline, kcol = knode.start_mark.line + 1, knode.start_mark.column + 1
            if not isinstance(knode, yaml.ScalarNode):
                problems.add(Node(None, kline, kcol, path), "a plain key", "a mapping or list used as a key")
                continue
            key = _scalar(loader, knode, path, problems)
            key = str(key) if key is not None else "null"
            if key in out:
                problems.add(Node(None, kline, kcol, path + (key,)), "each key once", f"a second {key!r}")
                continue
            out[key] = _wrap(loader, vnode, path + (key,), problems, depth + 1, active, count)
            key_lines[key] = (kline, kcol)
        active.discard(id(ynode))
        return Node(out, line, col, path, key_lines)
    if isinstance(ynode, yaml.SequenceNode):
        active.add(id(ynode))
        items = [_wrap(loader, v, path + (i,), problems, depth + 1, active, count) for i, v in enumerate(ynode.value)]
        active.discard(id(ynode))
        return Node(items, line, col, path)
    return Node(_scalar(loader, ynode, path, problems), line, col, path)


def _scalar(loader, ynode, path: tuple, problems: Problems) -> Any:
    import datetime

    import yaml

    try:
        value = loader.construct_object(ynode, deep=True)
    except (yaml.YAMLError, ValueError, TypeError, OverflowError) as exc:
        line, col = ynode.start_mark.line + 1, ynode.start_mark.column + 1
        problems.add(Node(None, line, col, path), "a readable value", str(exc).splitlines()[0])
        return None
    if isinstance(value, (datetime.date, datetime.datetime)):
        return str(ynode.value)  # a date-looking step id or name stays text
    if isinstance(value, float) and value != value:  # NaN
        return str(ynode.value)
    if isinstance(value, bytes):
        return str(ynode.value)
    return value


MAX_SITUATION_BYTES = 2_000_000  # situation files are read up to this size (docs/situation-format.md)


def read_text(path: str | Path, stream=None, limit: int = MAX_SITUATION_BYTES) -> str:
    """The text of a situation file (or of ``stream``, a binary file such as standard
    input, shown as ``path``), read up to ``limit`` bytes: a longer or endless input
    (``/dev/zero``) is refused, not read until memory runs out."""
    shown = "<stdin>" if stream is not None and str(path) == "-" else str(path)
    try:
        if stream is not None:
            data = stream.read(limit + 1)
        else:
            with open(path, "rb") as handle:
                data = handle.read(limit + 1)
    except FileNotFoundError:
        raise InputError(f"{shown}: no such file") from None
    except IsADirectoryError:
        raise InputError(f"{shown}: is a folder, expected a situation file") from None
    except OSError as exc:
        raise InputError(f"{shown}: cannot be read ({exc.strerror or exc})") from None
    if len(data) > limit:
        raise InputError(f"{shown}: longer than {limit:,} bytes, the most a situation file may hold",
                         hint="a situation describes one position; split a longer one into several files")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(f"{shown}: expected UTF-8 text, got undecodable bytes at offset {exc.start}") from None


def load_situation(path: str | Path, schema: dict[str, Any] | None = None, text: str | None = None) -> Node:
    """Read, parse and (if given a schema) validate a situation file."""
    file = str(path)
    node = parse_yaml(read_text(path) if text is None else text, file)
    if schema is not None:
        problems = Problems(file)
        validate(node, schema, problems)
        problems.raise_if_any()
    return node


# ---------------------------------------------------------------------------- schema


_TYPES = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}

_TYPE_WORDS = {
    "object": "a mapping",
    "array": "a list",
    "string": "text",
    "integer": "a whole number",
    "number": "a number",
    "boolean": "true or false",
    "null": "nothing (null)",
}


def validate(node: Node, schema: dict[str, Any], problems: Problems, root: dict[str, Any] | None = None) -> bool:
    """Check ``node`` against ``schema``; add every problem to ``problems``.  True if none."""
    before = len(problems.items)
    _check(node, schema, problems, root or schema)
    return len(problems.items) == before


def _resolve(schema: dict[str, Any], root: dict[str, Any]) -> dict[str, Any]:
    seen = 0
    while "$ref" in schema and seen < 20:
        ref = schema["$ref"]
        if not ref.startswith("#/"):
            raise ValueError(f"only local $ref are supported, not {ref}")
        target: Any = root
        for part in ref[2:].split("/"):
            target = target[part]
        schema = target
        seen += 1
    return schema


def describe(schema: dict[str, Any], root: dict[str, Any]) -> str:
    """A few words for what a schema expects."""
    schema = _resolve(schema, root)
    if "description" in schema and len(schema["description"]) <= 80:
        return schema["description"]
    if "enum" in schema:
        return "one of " + ", ".join(repr(v) for v in schema["enum"])
    alts = schema.get("oneOf") or schema.get("anyOf")
    if alts:
        return " or ".join(describe(a, root) for a in alts)
    t = schema.get("type")
    if isinstance(t, list):
        return " or ".join(_TYPE_WORDS.get(x, x) for x in t)
    if t:
        return _TYPE_WORDS.get(t, t)
    return "a value"


def _check(node: Node, schema: dict[str, Any], problems: Problems, root: dict[str, Any]) -> None:
    schema = _resolve(schema, root)
    value = node.value
    alts = schema.get("oneOf") or schema.get("anyOf")
    if alts:
        for alt in alts:
            trial = Problems(problems.file)
            _check(node, alt, trial, root)
            if not trial:
                break
        else:
            # report the problems of the alternative of the right type, if exactly one is
            typed = [a for a in alts if "type" in _resolve(a, root) and _type_ok(value, _resolve(a, root))]
            if len(typed) == 1:
                _check(node, typed[0], problems, root)
            else:
                problems.add(node, describe(schema, root), _type_name(value))
        return
    t = schema.get("type")
    if t is not None and not _type_ok(value, schema):
        problems.add(node, describe(schema, root), _type_name(value))
        return
    if "enum" in schema and value not in schema["enum"]:
        listed = "one of " + ", ".join(repr(v) for v in schema["enum"])
        problems.add(
            node,
            listed if len(listed) <= 100 or "description" not in schema else schema["description"],
            _type_name(value),
            did_you_mean(str(value), [str(v) for v in schema["enum"]]) if isinstance(value, str) else (),
        )
        return
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if "minimum" in schema and value < schema["minimum"]:
            problems.add(node, f"a number of at least {schema['minimum']}", _type_name(value))
        if "maximum" in schema and value > schema["maximum"]:
            problems.add(node, f"a number of at most {schema['maximum']}", _type_name(value))
    if isinstance(value, str) and "pattern" in schema and not re.search(schema["pattern"], value):
        problems.add(node, schema.get("description") or f"text matching {schema['pattern']}", _type_name(value))
    if isinstance(value, dict):
        props = schema.get("properties", {})
        for key in schema.get("required", ()):
            if key not in value:
                problems.add(node, f"a {key!r} entry", "none")
        extra = schema.get("additionalProperties", True)
        for key, child in value.items():
            if key in props:
                _check(child, props[key], problems, root)
            elif extra is False:
                kline, kcol = node.key_lines.get(key, (child.line, child.column))
                problems.add(
                    Node(None, kline, kcol, child.path),
                    "one of the keys " + ", ".join(props) if len(props) <= 12 else "a known key",
                    f"unknown key {key!r}",
                    did_you_mean(key, props),
                )
            elif isinstance(extra, dict):
                _check(child, extra, problems, root)
    if isinstance(value, list):
        if "minItems" in schema and len(value) < schema["minItems"]:
            problems.add(node, f"a list of at least {schema['minItems']} item(s)", f"{len(value)}")
        if "items" in schema:
            for child in value:
                _check(child, schema["items"], problems, root)


def _type_ok(value: Any, schema: dict[str, Any]) -> bool:
    t = schema.get("type")
    if t is None:
        return True
    types = t if isinstance(t, list) else [t]
    return any(_TYPES[x](value) for x in types)
