"""A data file we write by hand for `ask` (the asked questions, the vocabulary), read as written,
each value with its line.

PyYAML reads YAML 1.1, where a bare ``on``, ``off``, ``yes``, ``no``, ``y``, ``n``, ``true`` or
``false`` is a boolean, ``1_000`` or ``0x10`` a number and ``2026-11-26`` a date, and a key written
twice keeps its second value without a word.  These files hold text only, so they are composed
(YAML's node tree, which keeps where each node begins) and never constructed: a scalar is the text
written, whatever YAML 1.1 would make of it, and a key written twice is an error naming both lines.
Each file's reader says what its text may be (``asked``: ``says`` is yes, no or a number).

Every problem is an `InputError` naming the file and the line (``where``), what was expected and,
where a name is close to an expected one, "did you mean".
"""

from __future__ import annotations

from difflib import get_close_matches

from adjudicator.errors import InputError


def compose(path):
    """The file's node tree (None for an empty file); text that is not UTF-8 or not YAML is an
    InputError naming the file and the line."""
    import yaml

    from adjudicator.yamlio import loader, utf8_text, yaml_error

    text = utf8_text(path)
    reader = (loader() if _depth_bound(text) <= DEEP else yaml.SafeLoader)(text)
    try:
        return reader.get_single_node()
    except yaml.YAMLError as exc:
        raise yaml_error(path, exc, text) from None
    except RecursionError:
        raise InputError(f"{path}, line {reader.get_mark().line + 1}: expected well-formed YAML "
                         "(nested too deeply)") from None
    finally:
        reader.dispose()


# libyaml's composer recurses in C without a limit: text nested some 50,000 deep (a line of
# "[" or "- ") crashed the process.  Text that may be nested deeper than this is composed by
# PyYAML's own loader, whose recursion stops with a RecursionError (an InputError here).
DEEP = 2000


def _depth_bound(text: str) -> int:
    """At least how deep ``text`` may nest: each flow level takes a bracket, each block level a
    column of its line (lines cut at newline characters only, never shorter than YAML's lines)."""
    return text.count("[") + text.count("{") + max(map(len, text.split("\n")))


def line(node) -> int:
    """The line a node begins on, counted from 1."""
    return node.start_mark.line + 1


def where(path, node) -> str:
    return f"{path}, line {line(node)}"


def is_text(node) -> bool:
    import yaml

    return isinstance(node, yaml.ScalarNode)


def text(path, node, what: str) -> str:
    """A scalar's text as written (``says: on`` is "on", never True); another node is an error."""
    if not is_text(node):
        raise InputError(f"{where(path, node)}: expected {what}, found {kind(node)}")
    return node.value


def kind(node) -> str:
    import yaml

    if isinstance(node, yaml.MappingNode):
        return "a mapping (key: value lines)"
    if isinstance(node, yaml.SequenceNode):
        return "a list ('- ' lines)"
    return f"the text {node.value!r}" if node.value else "nothing"


def mapping(path, node, what: str) -> list[tuple[str, object, object]]:
    """(key as written, key node, value node) of a mapping, in file order; a node that is not a
    mapping, a key that is not text or a key written twice is an error."""
    import yaml

    if not isinstance(node, yaml.MappingNode):
        raise InputError(f"{where(path, node)}: expected {what}, found {kind(node)}")
    out = []
    seen: dict[str, object] = {}
    for key, value in node.value:
        name = text(path, key, "a name before the colon")
        if name in seen:
            raise InputError(f"{where(path, key)}: {name!r} is written twice (first on line {line(seen[name])}); "
                             f"expected each once (YAML would keep only the second)")
        seen[name] = key
        out.append((name, key, value))
    return out


def items(path, node, what: str) -> list:
    """The nodes of a list; another node is an error."""
    import yaml

    if not isinstance(node, yaml.SequenceNode):
        raise InputError(f"{where(path, node)}: expected {what}, found {kind(node)}")
    return list(node.value)


def suggestion(name: str, known, cutoff: float = 0.6, n: int = 1) -> str:
    """"did you mean X?" for the (at most ``n``) names of ``known`` closest to ``name``, else ""."""
    close = get_close_matches(name, list(known), n=n, cutoff=cutoff)
    return ("did you mean " + ", ".join(close) + "?") if close else ""
