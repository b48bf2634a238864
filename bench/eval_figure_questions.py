"""How-many questions whose condition selects one of several figures (tests/eval/figures/questions.yaml).

    python bench/eval_figure_questions.py            # both sources, per source
    python bench/eval_figure_questions.py --list     # each question with the figure shown
    python bench/eval_figure_questions.py --probes   # only the probes of five misreadings (probes.yaml)

Each question is asked as a player asks it (`ask --json`, no --game) in this process.  Per
source (review11: the reviewer's questions the figure rules were built against; own: written
before the change, the check of whether the rules generalise):

  right   the verdict is a figure and it is the answer
  silent  no figure is shown (the deciding sentence as it is, or nothing)
  wrong   a figure is shown and it is not the answer (worse than none)
"""

from __future__ import annotations

import checkout  # noqa: F401  (measure this checkout, not the installed package)
import argparse
import json
import time
from pathlib import Path

SET = Path(__file__).resolve().parent.parent / "tests" / "eval" / "figures" / "questions.yaml"
# session 13's probes of five misreadings (rate, partitive, bound, case, example): their own table
PROBES = SET.with_name("probes.yaml")


def questions() -> list[dict]:
    import yaml

    return yaml.safe_load(SET.read_text(encoding="utf-8"))["questions"]


def probes() -> list[dict]:
    import yaml

    return yaml.safe_load(PROBES.read_text(encoding="utf-8"))["probes"]


def judged(item: dict, answer: dict) -> tuple[str, str]:
    """(right / silent / wrong, what was shown).  A probe's ``shown`` words ("per player", "at
    least") must be in the figure's head (before its first colon): without them it is wrong."""
    verdict = answer.get("verdict") or {}
    if verdict.get("kind") != "number":
        return "silent", (verdict.get("text") or "")[:90]
    text = verdict.get("text") or ""
    shown = f"{verdict.get('value')}: {text[:90]}"
    head = text.split(":", 1)[0].lower()
    qualified = not item.get("shown") or item["shown"].lower() in head
    return ("right" if verdict.get("value") == item["answer"] and qualified else "wrong"), shown


def table(rows: dict, label: str) -> None:
    print(f"{label:9} {'n':>3} {'right':>6} {'silent':>7} {'wrong':>6}")
    total = {"n": 0, "right": 0, "silent": 0, "wrong": 0}
    for source in sorted(rows):
        r = rows[source]
        for k in total:
            total[k] += r[k]
        print(f"{source:9} {r['n']:>3} {r['right']:>6} {r['silent']:>7} {r['wrong']:>6}")
    print(f"{'all':9} {total['n']:>3} {total['right']:>6} {total['silent']:>7} {total['wrong']:>6}")


def main() -> int:
    from typer.testing import CliRunner

    from adjudicator.cli import build_app

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", action="store_true", help="each question with the figure shown")
    parser.add_argument("--probes", action="store_true", help="only the probes' table (session 13's misreadings)")
    args = parser.parse_args()
    app, runner = build_app(), CliRunner()
    start = time.perf_counter()
    for items, group, label in ((questions(), "source", "source"), (probes(), "kind", "probes")):
        if args.probes and label == "source":
            continue
        rows: dict = {}
        for item in items:
            result = runner.invoke(app, ["ask", item["q"], "--json"])
            if result.exit_code not in (0, 1) or not result.stdout.startswith("{"):
                raise SystemExit(f"ask failed (exit {result.exit_code}) on {item['id']}: {result.output[-400:]}")
            outcome, shown = judged(item, json.loads(result.stdout))
            row = rows.setdefault(item[group], {"n": 0, "right": 0, "silent": 0, "wrong": 0})
            row["n"] += 1
            row[outcome] += 1
            if args.list:
                expected = f"{item.get('shown', '')} {item['answer']}".strip()
                print(f"  {outcome:6} {item['id']:8} (answer {expected}) {item['q']}\n           -> {shown}")
        table(rows, label)
    print(f"({time.perf_counter() - start:.1f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
