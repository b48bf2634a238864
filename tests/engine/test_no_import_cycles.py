"""The package's shape (docs/TEAM.md, the design's "no import cycles"; the CLI holds no game
logic): every import of every module, function-local ones included, read with ``ast``; the
graph they make has no cycle, and nothing outside ``adjudicator/cli/`` imports the CLI
except the front ends that sit beside it: the package's ``__main__`` (the command's entry
point) and the MCP server (a second front end sharing the CLI's option checks and labels).
Engines, the knowledge base and the card abilities never do."""

from __future__ import annotations

import ast
from pathlib import Path

FRONT_ENDS = {"adjudicator.__main__", "adjudicator.mcp_server"}

PACKAGE = Path(__file__).resolve().parents[2] / "adjudicator"


def _modules() -> dict[str, Path]:
    out = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The package modules ``name`` imports, at the top or inside a function: ``from p import
    m`` names the module ``p.m`` when there is one, else the package ``p`` (whose ``__init__``
    runs); a relative import is resolved against the module's package."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name in modules)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - (node.level - 1)]
                base = ".".join(parts + ([node.module] if node.module else []))
            for alias in node.names:
                target = f"{base}.{alias.name}"
                if target in modules:
                    found.add(target)
                elif base in modules:
                    found.add(base)
    found.discard(name)
    return found


def import_graph() -> dict[str, set[str]]:
    modules = _modules()
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_cycle_finder_finds_a_cycle_hidden_in_a_function(tmp_path):
    """The checker itself: a function-local import closing a loop is a cycle."""
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from pkg import b\n")
    (pkg / "b.py").write_text("def f():\n    from . import a\n")
    (pkg / "c.py").write_text("import pkg.a\n")
    modules = {f"pkg.{m}": pkg / f"{m}.py" for m in "abc"} | {"pkg": pkg / "__init__.py"}
    graph = {name: imports_of(name, path, modules) for name, path in modules.items()}
    assert graph["pkg.b"] == {"pkg.a"} and graph["pkg.c"] == {"pkg.a"}
    assert cycles(graph) == [["pkg.a", "pkg.b"]]


def test_no_import_cycle_anywhere_in_the_package():
    graph = import_graph()
    assert len(graph) > 100  # the whole package was read
    assert cycles(graph) == []


def test_nothing_outside_the_cli_imports_the_cli():
    graph = import_graph()
    offenders = sorted(name for name, targets in graph.items()
                       if not name.startswith("adjudicator.cli") and name not in FRONT_ENDS
                       and any(t == "adjudicator.cli" or t.startswith("adjudicator.cli.") for t in targets))
    assert offenders == []
