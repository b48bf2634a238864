"""Write rules_db/lotr/card_names.yaml: the names of the LOTR card game's cards, with each card's type and
pack, from a public card data repository (facts only: no card text, no figures).

    python bench/import_card_names.py MIRROR [--check]

MIRROR is a git directory of the public repository jmthompson2015/lotr-lcg-data (its `data/*.js` files
are JSON lists of cards: one file per card type, player and encounter cards of 58 packs, to 2018);
it is read at its HEAD with `git show`, and the commit is written into the file's header.  Kept: every
card with a name, except quest stages (their names are the documents' scenario pages' business, and
many are ordinary phrases); a name is written once per type, with the first pack that has it.
``--check``: exit 1 when the file would change.

Why: players name cards the documents never name ("The Riddermark's Finest", "Rivendell Bow"); game
detection and the question's entities (``adjudicator/ask/entities.py``) read this list as LOTR's card
names, so such a question is known to be LOTR's and its card name is read as one thing.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "rules_db" / "lotr" / "card_names.yaml"
REPOSITORY = "https://github.com/jmthompson2015/lotr-lcg-data"
SKIPPED_TYPES = {"quest"}


def _git(mirror: str, *args: str) -> str:
    return subprocess.run(["git", "-C", mirror, *args], check=True, capture_output=True, text=True).stdout


def cards(mirror: str) -> list[tuple[str, str, str]]:
    """(name, type, pack code) of every named card but quest stages, sorted, each (name, type) once."""
    seen: dict[tuple[str, str], str] = {}
    for path in sorted(_git(mirror, "ls-tree", "--name-only", "HEAD", "data/").split()):
        text = _git(mirror, "show", f"HEAD:{path}")
        if "[" not in text:
            continue
        try:
            rows = json.loads(text[text.index("["):])
        except ValueError:
            continue
        for row in rows:
            name, kind = str(row.get("name") or "").strip(), row.get("type_code")
            if not name or not kind or kind in SKIPPED_TYPES:
                continue
            seen.setdefault((name, kind), str(row.get("pack_code") or ""))
    return sorted((name, kind, pack) for (name, kind), pack in seen.items())


def render(mirror: str) -> str:
    commit = _git(mirror, "rev-parse", "HEAD").strip()
    lines = [
        "# The LOTR card game's card names, with type and pack (facts only: no card text, no figures).",
        f"# Written by bench/import_card_names.py from {REPOSITORY} at {commit}",
        "# (quest stages left out).  Read by adjudicator/ask/entities.py as LOTR card names; do not edit by hand.",
        "cards:",
    ]
    lines += [f"- [{json.dumps(name, ensure_ascii=False)}, {kind}, {json.dumps(pack)}]" for name, kind, pack in cards(mirror)]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("mirror")
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args(argv)
    text = render(args.mirror)
    if args.check:
        same = OUT.exists() and OUT.read_text(encoding="utf-8") == text
        print("same" if same else "differs")
        return 0 if same else 1
    OUT.write_text(text, encoding="utf-8")
    print(f"{OUT}: {text.count(chr(10)) - 4} cards")
    return 0


if __name__ == "__main__":
    sys.exit(main())
