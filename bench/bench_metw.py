"""Benchmark of the METW engine: the golden full turns and the worked examples replayed in
process (load and replay separately, median of --runs), trace steps per second, and a chain
of N whole turns to show that the cost of a turn does not grow with the turns before it.

    python bench/bench_metw.py [--runs 20] [--turns 50]
"""

from __future__ import annotations

import argparse
import time

import checkout  # noqa: E402,F401  (measure this checkout)
from timing import median_ms  # noqa: E402

REPO = checkout.REPO

from adjudicator.metw.engine.replay import replay  # noqa: E402
from adjudicator.metw.engine.situation import load  # noqa: E402

SCENARIOS = REPO / "scenarios" / "metw"


def many_turns(turns: int) -> str:
    """Two players alternating whole turns: untap, organization, a move between Havens with
    two hazards and a fight, the site phase, the end of the turn."""
    actions = []
    for t in range(turns):
        me, company, there = ("Ann", "Fellows", "Lórien" if t % 4 == 0 else "Rivendell") if t % 2 == 0 else ("Bob", "Raiders", "Lórien")
        if me == "Ann":
            actions += [
                f"  - move: {{company: {company}, to: {there}}}",
                f"  - hazard: {{company: {company}, card: Fog}}",
                f"  - attack: {{company: {company}, creature: Wolves, assign: {{defender: [Arn]}}, strikes: [{{target: Arn, roll: 9}}]}}",
                "  - phase: {to: site}",
            ]
        actions.append("  - end_turn: {}")
    return """
game: metw
rules: standard
turn: Ann
phase: organization
sites:
  Rivendell: {type: h, haven_paths: {Lórien: [w, w, b, w]}, draws: 2}
  Lórien: {type: h, haven_paths: {Rivendell: [w, w, b, w]}, draws: 2}
cards:
  creatures:
    Wolves: {strikes: 1, prowess: 6, body: null}
players:
  Ann:
    companies: [{name: Fellows, site: Rivendell, characters: [{name: Arn, mind: 5, prowess: 5, body: 8}, {name: Bea, mind: 3}]}]
  Bob:
    companies: [{name: Raiders, site: Lórien, characters: [{name: Ulf, mind: 3}]}]
actions:
""" + "\n".join(actions) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--turns", type=int, default=50)
    args = parser.parse_args()

    files = sorted(SCENARIOS.glob("*.yaml"))
    turns = [p for p in files if p.stem.startswith("turn_")]
    print(f"METW engine, median of {args.runs} runs")
    for path in turns:
        load_ms = median_ms(lambda: load(path), args.runs)
        run_ms = median_ms(lambda: replay(path), args.runs)
        steps = len(replay(path).trace.steps)
        print(f"  {path.stem}: load {load_ms:.1f} ms, load + replay {run_ms:.1f} ms, {steps} steps")
    total = median_ms(lambda: [replay(p) for p in files], max(3, args.runs // 4))
    print(f"  all {len(files)} situations of scenarios/metw: {total:.0f} ms")

    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < 1.0:
        for path in turns:
            steps += len(replay(path).trace.steps)
    rate = steps / (time.perf_counter() - start)
    print(f"  trace steps per second (load + replay of the golden turns): {rate:,.0f}")

    for n in (1, 5, 20, args.turns):
        text = many_turns(n)
        ms = median_ms(lambda: replay("turns.yaml", text=text), max(3, args.runs // 4))
        print(f"  {n:>3} turns: {ms:7.1f} ms, {ms / n:.2f} ms a turn")


if __name__ == "__main__":
    main()
