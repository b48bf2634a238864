"""The rulings table's figures (faq/rulings.yaml, faq/companion.yaml; faq/README.md).

Prints, from the table and by replaying every ruling situation it names:
- rulings per class (outcome, text) and per document (FAQ 1.9, Quest Companion; a ruling
  both documents carry counts once in each);
- the outcome-deciding rulings that replay with the documented outcome (count and %): a
  ruling replays when one of its situations names it (`ruling:`) and `check` finds nothing
  missing (expected state, citations, events); every other one with its `needs`;
- the cards named in outcome-deciding rulings that are, and are not, in the card library;
- how long replaying the situations took.

    python bench/rulings_coverage.py            # the figures
    python bench/rulings_coverage.py --list     # also every outcome ruling not replaying
    python bench/rulings_coverage.py --json     # the same figures as JSON
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from adjudicator.engine.situation import load_yaml_data, read_text  # noqa: E402
from adjudicator.lotr.abilities.rulings import check, rulings_table, situation_rulings  # noqa: E402

DOCS = {"lotr:faq:": "FAQ 1.9", "lotr:errata:": "FAQ 1.9", "lotr:qc:": "Quest Companion"}


def documents(row: dict) -> list[str]:
    """The documents that carry a ruling: its own id's, and its `also` ids'."""
    out = []
    for rid in [row["ruling"], *(row.get("also") or [])]:
        doc = next(d for prefix, d in DOCS.items() if rid.startswith(prefix))
        if doc not in out:
            out.append(doc)
    return out


def library_names() -> set[str]:
    """Folded names and aliases of every card design in rules_db/lotr/cards/ (figures files)."""
    from adjudicator.engine.situation import fold

    names: set[str] = set()
    for path in sorted((ROOT / "rules_db" / "lotr" / "cards").glob("*.yaml")):
        data = load_yaml_data(path.read_text(encoding="utf-8")) or {}
        for card in data.get("cards") or []:
            if isinstance(card, dict) and card.get("type") and card.get("name"):
                names.add(fold(card["name"]))
                names.update(fold(a) for a in card.get("aliases") or ())
    return names


def replay_situations(rows: list[dict]) -> tuple[dict[str, list[str]], dict[str, float]]:
    """Replay each situation the outcome rows name once: its problems and its time."""
    problems: dict[str, list[str]] = {}
    seconds: dict[str, float] = {}
    for row in rows:
        for rel in row.get("situations") or []:
            if rel in problems or "/timing/" in rel:
                continue
            path = ROOT / rel
            start = time.perf_counter()
            try:
                problems[rel] = check(path)
            except Exception as exc:  # a broken situation is a problem, not a crash of the script
                problems[rel] = [f"{type(exc).__name__}: {exc}"]
            seconds[rel] = time.perf_counter() - start
    return problems, seconds


def replays(row: dict, problems: dict[str, list[str]]) -> list[str]:
    """The row's situations that name its ruling and replay with their expected outcome."""
    good = []
    for rel in row.get("situations") or []:
        if rel not in problems or problems[rel]:
            continue
        data = load_yaml_data(read_text(ROOT / rel))
        expected_cites = (data.get("expect") or {}).get("cites") or []
        if row["ruling"] in situation_rulings(data) or row["ruling"] in expected_cites:
            good.append(rel)
    return good


def figures() -> dict:
    from adjudicator.engine.situation import fold

    rows = rulings_table()
    outcome = [r for r in rows if r["class"] == "outcome"]
    per_doc: Counter = Counter()
    for row in rows:
        for doc in documents(row):
            per_doc[(doc, row["class"])] += 1
    problems, seconds = replay_situations(outcome)
    replaying, missing = [], []
    for row in outcome:
        (replaying if replays(row, problems) else missing).append(row)
    known = library_names()
    named = sorted({c for r in outcome for c in r.get("cards") or []})
    in_library = [c for c in named if fold(c) in known]
    not_in_library = [c for c in named if fold(c) not in known]
    return {
        "rulings": len(rows),
        "by_class": dict(Counter(r["class"] for r in rows)),
        "by_document": {f"{d} {c}": n for (d, c), n in sorted(per_doc.items())},
        "outcome": len(outcome),
        "replaying": len(replaying),
        "replaying_percent": round(100 * len(replaying) / len(outcome), 1) if outcome else 0.0,
        "not_replaying": [
            {"ruling": r["ruling"], "needs": r.get("needs") or _why_not(r, problems)} for r in missing
        ],
        "needs": dict(Counter(r.get("needs") or _why_not(r, problems) for r in missing).most_common()),
        "cards_named": len(named),
        "cards_in_library": in_library,
        "cards_not_in_library": not_in_library,
        "situations": len(seconds),
        "failing_situations": {k: v for k, v in problems.items() if v},
        "replay_seconds": round(sum(seconds.values()), 2),
    }


def _why_not(row: dict, problems: dict[str, list[str]]) -> str:
    failing = [rel for rel in row.get("situations") or [] if problems.get(rel)]
    if failing:
        return f"a situation that replays ({failing[0]}: {problems[failing[0]][0]})"
    return "a ruling situation (none written yet)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--list", action="store_true", help="list every outcome ruling that does not replay")
    args = parser.parse_args(argv)
    f = figures()
    if args.json:
        print(json.dumps(f, indent=2, ensure_ascii=False))
        return 0
    print(f"rulings in the table: {f['rulings']}  ({', '.join(f'{k} {v}' for k, v in f['by_class'].items())})")
    for key, n in f["by_document"].items():
        print(f"  {key:<28} {n:>4}")
    print(f"outcome-deciding rulings that replay with the documented outcome: "
          f"{f['replaying']} of {f['outcome']} ({f['replaying_percent']}%)")
    print(f"  situations replayed: {f['situations']} in {f['replay_seconds']} s")
    for rel, probs in f["failing_situations"].items():
        print(f"  FAILS {rel}: {'; '.join(probs)}")
    print(f"the rest ({len(f['not_replaying'])}), by what they need:")
    for needs, n in f["needs"].items():
        print(f"  {n:>4}  needs: {needs}")
    if args.list:
        for item in f["not_replaying"]:
            print(f"  {item['ruling']}  needs: {item['needs']}")
    print(f"cards named in outcome-deciding rulings: {f['cards_named']}; in the card library "
          f"{len(f['cards_in_library'])}, not in it {len(f['cards_not_in_library'])}")
    if f["cards_not_in_library"]:
        print("  not in the library: " + ", ".join(f["cards_not_in_library"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
