"""The grammar's modules import what they use at the top (no function-local imports hiding a
cycle: the import graph has none, tests/engine/test_no_import_cycles.py), with one exception
kept on purpose: parsing a trigger subject must not load the engine, because the card lookup
reads the library without it (tests/test_fast_dispatch.py), so `subjects.fits` imports the
selection where it evaluates a subject on the table."""

from __future__ import annotations

import ast
from pathlib import Path

from adjudicator.lotr.abilities import grammar

GRAMMAR = Path(grammar.__file__).parent
ALLOWED = {("subjects.py", "fits")}


def function_local_imports() -> set[tuple[str, str]]:
    found = set()
    for path in sorted(GRAMMAR.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for fn in ast.walk(tree):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                if any(isinstance(n, (ast.Import, ast.ImportFrom)) for n in ast.walk(fn)):
                    found.add((path.name, fn.name))
    return found


def test_grammar_modules_import_at_the_top_except_the_subject_evaluation():
    assert function_local_imports() == ALLOWED
