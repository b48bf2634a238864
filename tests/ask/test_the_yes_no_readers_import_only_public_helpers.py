"""The yes/no readers (``plain_statements``, ``ways_alike``, ``shown_readings``) use the helpers
they share with ``readings`` and each other by public names: a name with a leading underscore
is its own module's business, free to change without breaking another reader."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ASK = Path(__file__).resolve().parents[2] / "adjudicator" / "ask"


@pytest.mark.parametrize("module", ["plain_statements", "ways_alike", "shown_readings"])
def test_a_yes_no_reader_imports_no_private_name_of_another_module(module):
    tree = ast.parse((ASK / f"{module}.py").read_text(encoding="utf-8"))
    private = [f"{node.module}.{alias.name}" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
               for alias in node.names if alias.name.startswith("_") and node.module != "__future__"]
    assert private == []
