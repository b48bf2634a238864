"""The files a knowledge-base build is made from, besides the sources: the parser code and
the project data in rules_db.  A change to any of them makes the built knowledge base
stale; a change elsewhere (the engines, the CLI, engine-only data) does not."""

from __future__ import annotations

from pathlib import Path

from adjudicator.paths import PACKAGE, RULES_DB

PARSER_CODE = (
    "kb/*.py", "lotr/rules_reference.py", "lotr/faq.py", "lotr/companion*.py", "lotr/qc_data.py",
    "metw/*.py", "meq/*.py", "yamlio.py", "paths.py",
)
DATA_SUFFIXES = (".yaml", ".yml", ".csv", ".json")
ENGINE_ONLY_DATA = ("lotr/cards/",)  # card data: read by the engines and lookups, not by the parsers


def build_inputs() -> list[Path]:
    files = {p for pattern in PARSER_CODE for p in PACKAGE.glob(pattern)}
    for path in RULES_DB.rglob("*"):
        relative = path.relative_to(RULES_DB).as_posix()
        if path.is_file() and path.suffix in DATA_SUFFIXES and not any(part in relative for part in ENGINE_ONLY_DATA):
            files.add(path)
    return sorted(files)
