"""The command-line module loads nothing a command may not need: `import adjudicator.cli` brings
no command module, no Typer, Click or Rich, no SQLite, YAML or msgspec and not `re`; each
command imports what it uses when it runs (tests/test_startup_imports.py checks the lookups)."""

from __future__ import annotations

import os
import subprocess
import sys

from adjudicator.paths import PACKAGE

PROBE = "import sys\nbefore = set(sys.modules)\nimport adjudicator.cli\nprint(' '.join(sorted(set(sys.modules) - before)))\n"
ONLY_SOME_COMMANDS = ("typer", "click", "rich", "sqlite3", "yaml", "msgspec", "json", "re", "pathlib", "dataclasses",
                      "adjudicator.cli.", "adjudicator.kb", "adjudicator.ask", "adjudicator.engine", "adjudicator.lotr",
                      "adjudicator.metw", "adjudicator.meq", "adjudicator.compiled", "adjudicator.mcp_server")


def test_importing_the_cli_loads_no_module_only_some_commands_need():
    done = subprocess.run([sys.executable, "-S", "-c", PROBE], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(PACKAGE.parent)})
    assert done.returncode == 0, done.stderr
    loaded = done.stdout.split()
    assert "adjudicator.cli" in loaded
    heavy = [m for m in loaded if any(m.startswith(name) if name.endswith(".") else m == name or m.startswith(name + ".")
                                      for name in ONLY_SOME_COMMANDS)]
    assert heavy == []
