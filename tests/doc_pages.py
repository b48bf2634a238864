"""What the tests of the situation-format pages share (docs/situation-format.md, docs/metw.md,
docs/meq.md): a page cut into its sections, whether a key is written there as code, the
schema as `adjudicator schema` prints it, and every object of a schema."""

from __future__ import annotations

import contextlib
import io
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

DOCS = Path(__file__).resolve().parents[1] / "docs"


def sections(page: str, deepest: int = 3) -> dict[str, str]:
    """Each heading's title -> its text up to the next heading of the same or a higher level
    (its subsections included), for headings of level 2 to ``deepest``."""
    text = (DOCS / page).read_text(encoding="utf-8")
    heads = [(m.start(), len(m.group(1)), m.group(2).strip())
             for m in re.finditer(r"^(#{2,%d}) (.+)$" % deepest, text, re.M)]
    out = {}
    for i, (start, level, title) in enumerate(heads):
        end = next((s for s, lv, _ in heads[i + 1:] if lv <= level), len(text))
        out[title] = text[start:end]
    return out


def documented(key: str, text: str) -> bool:
    """The key written as code: `key`, a YAML ``key:``, or inside a {mapping} or [list]."""
    return re.search(r"[`{\s,(\[]" + re.escape(key) + r"[`:,}\]]", text) is not None


def printed_schema(*game: str) -> dict[str, Any]:
    """The schema `adjudicator schema [--game G]` prints."""
    from adjudicator.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["schema", *(["--game", *game] if game else [])]) == 0
    return json.loads(out.getvalue())


def objects(node: Any, path: str = "") -> Iterator[tuple[str, dict]]:
    """(slash-separated path, object schema) for every object of a schema."""
    if isinstance(node, dict):
        if node.get("type") == "object" or "properties" in node:
            yield path, node
        for key, value in node.items():
            yield from objects(value, f"{path}/{key}" if path else key)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from objects(value, f"{path}/{i}")


def yaml_blocks(page: str) -> list[tuple[int, str]]:
    """(line of its first YAML line, text) for every ```yaml block of a page."""
    text = (DOCS / page).read_text(encoding="utf-8")
    return [(text[:m.start()].count("\n") + 2, m.group(1)) for m in re.finditer(r"```yaml\n(.*?)```", text, re.S)]


def first_yaml(text: str) -> Any:
    """The first ```yaml block of a section's text, loaded."""
    import yaml

    return yaml.safe_load(re.search(r"```yaml\n(.*?)```", text, re.S).group(1))
