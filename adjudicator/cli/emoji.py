"""Rich's emoji codes (``:smile:``) in plain output, without importing Rich's emoji table
on every run.

Rich replaces ``:name:`` in printed strings when ``name`` (lower-cased, less a ``-emoji`` or
``-text`` suffix) is in its table, some 3,600 names whose module costs a lookup about 1.5 ms
to import.  Our output has colons in every record id (``lotr:rr:step:6.4.3``), so nearly
every plain print would import it, to find nothing.  Here the table's names are kept in the
cache folder (`adjudicator.yamlio.derived`, keyed on the table's file, so a new Rich gives
new names); only text holding a name of the table is handed to Rich's own replacement, so
the bytes are Rich's either way (tests/test_plain_output.py compares them).
"""

from __future__ import annotations

import os
import sys

from adjudicator.compiled import regex

# Between two colons, with no space and no colon: every name Rich's pattern can match is one
# of these runs, or one less its variant suffix (a superset: Rich's scan may skip some).
_BETWEEN_COLONS = regex(r":(?=([^:\s]+):)")
_VARIANT = regex(r"-(?:emoji|text)$")
_names: str | None = None  # "\n" + the table's names, one a line + "\n"; "" when unknown


def replace(text: str) -> str | None:
    """``text`` with its emoji codes replaced as Rich does; None when Rich's table cannot
    be had (then Rich prints it)."""
    if text.count(":") < 2:
        return text
    candidates = {name.lower() for name in _BETWEEN_COLONS.findall(text)}
    if not candidates:
        return text
    names = _table_names()
    if names and not any(f"\n{name}\n" in names or f"\n{_VARIANT.sub('', name)}\n" in names
                         for name in candidates):
        return text
    try:
        from rich._emoji_replace import _emoji_replace
    except ImportError:  # pragma: no cover - another Rich: let it print
        return None
    return _emoji_replace(text)


def _table_names() -> str:
    """The names of Rich's emoji table, from the cache folder when kept there; "" when its
    file cannot be found (then every candidate goes to Rich)."""
    global _names
    if _names is None:
        _names = ""
        table = _table_file()
        if table is not None:
            from adjudicator.yamlio import derived

            try:
                _names = derived("rich-emoji-names", [table], _compute_names)
            except (OSError, ImportError):
                _names = ""
    return _names


def _compute_names() -> str:
    from rich._emoji_codes import EMOJI

    return "\n" + "\n".join(sorted(EMOJI)) + "\n"


def _table_file() -> str | None:
    """Where Rich's emoji table is, found as the import system would find Rich, without
    importing it."""
    module = sys.modules.get("rich")
    locations = getattr(module, "__path__", None)
    if locations is None:
        for finder in sys.meta_path:
            find = getattr(finder, "find_spec", None)
            spec = find("rich", None) if find is not None else None
            if spec is not None:
                locations = spec.submodule_search_locations
                break
    if not locations:
        return None
    path = os.path.join(list(locations)[0], "_emoji_codes.py")
    return path if os.path.isfile(path) else None
