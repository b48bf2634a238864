"""One random change to a loaded situation file, for the fuzz tests of the three engines."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st


def mutate(data: Any, draw, values: st.SearchStrategy, depth: int = 0) -> Any:
    """A copy of ``data`` with one change somewhere below it: a key dropped or given a value
    drawn from ``values``, a list item dropped or changed; a scalar is replaced."""
    if isinstance(data, dict) and data:
        key = draw(st.sampled_from(sorted(data, key=str)))
        choice = draw(st.integers(0, 3))
        out = dict(data)
        if choice == 0:
            out.pop(key)
        elif choice == 1 or depth > 6:
            out[key] = draw(values)
        else:
            out[key] = mutate(data[key], draw, values, depth + 1)
        return out
    if isinstance(data, list) and data:
        index = draw(st.integers(0, len(data) - 1))
        out = list(data)
        if draw(st.booleans()):
            out[index] = mutate(data[index], draw, values, depth + 1)
        else:
            out.pop(index)
        return out
    return draw(values)
