"""The round as data: each framework step is handled by a function in a module named after
its rulebook concept, and the framework imports every such module itself, so a step's
handler never depends on another rule module importing it (the end of Setup, 0.0, lives in
setup.py)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from adjudicator.lotr.engine import framework
from adjudicator.lotr.engine.context import HANDLERS

ENGINE = Path(framework.__file__).parent


def modules_with_handlers() -> set[str]:
    return {p.stem for p in ENGINE.glob("*.py") if re.search(r"^@handles\(", p.read_text(encoding="utf-8"), re.M)}


def framework_imports() -> set[str]:
    tree = ast.parse(Path(framework.__file__).read_text(encoding="utf-8"))
    return {a.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module == "adjudicator.lotr.engine"
            for a in node.names}


def test_every_module_with_step_handlers_is_imported_by_the_framework():
    missing = modules_with_handlers() - framework_imports()
    assert not missing, f"rule modules the framework does not import: {sorted(missing)}"


def test_end_of_setup_is_handled_at_round_begins_by_the_setup_module():
    assert HANDLERS["0.0"].__module__ == "adjudicator.lotr.engine.setup"
