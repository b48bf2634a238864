"""Benchmark of the Middle-earth Quest engine: every situation of scenarios/meq (the worked
examples and the two golden turns) loaded and replayed in process (median of --runs), trace
steps per second, and a chain of N rounds (a Sauron turn and a hero turn each) to show that
the cost of a round does not grow with the rounds before it.

    python bench/bench_meq.py [--runs 20] [--rounds 40]
"""

from __future__ import annotations

import argparse

import checkout  # noqa: E402,F401  (measure this checkout)
from timing import median_ms  # noqa: E402

REPO = checkout.REPO

from adjudicator.meq.engine.loader import load  # noqa: E402
from adjudicator.meq.engine.replay import replay  # noqa: E402

SCENARIOS = REPO / "scenarios" / "meq"


ROUND = """
  - sauron_turn:
      plot: {nothing: true}
      event: {drawn: [{name: A, priority: 3}, {name: B, priority: 8}, {name: C, priority: 5}]}
      actions: [{type: draw_shadow_and_plot}, {type: command, commands: []}]
      hero_draw: {Argalad: 0}
  - hero_turn:
      hero: Argalad
      rest: false
      travel: [{to: %(to)s, pay: [c%(n)d], explore: {}}]
      encounter: {drawn: [{name: X, priority: 1, affects: Rohan}, {name: Y, priority: 2, affects: Rohan},
                          {name: Z, priority: 3, affects: Rohan}]}
"""


def rounds_text(rounds: int) -> str:
    """Argalad walks back and forth between two Havens while Sauron draws and commands;
    the story track is long enough that no Finale comes."""
    play = "".join(ROUND % {"to": "Lorien" if i % 2 == 0 else "Rivendell", "n": i} for i in range(rounds))
    hand = ", ".join(f"c{i}" for i in range(rounds + 1))  # one left over: never out of cards
    return f"""
game: meq
track: {{finale: 200, shadow_falls: 190, stage_starts: {{"2": 195, "3": 198}}}}
board:
  locations: [{{name: Rivendell, region: Eriador, haven: true}}, {{name: Lorien, region: Lorien, haven: true}}]
  paths: [{{a: Rivendell, b: Lorien, icon: any, cost: 1}}]
heroes:
  - {{name: Argalad, fortitude: 4, strength: 5, agility: 3, wisdom: 2, location: Rivendell, life: 0, hand: [{hand}]}}
play:{play}
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=40)
    args = parser.parse_args()
    print(f"{'situation':48} {'load ms':>8} {'replay ms':>10} {'steps':>6} {'steps/s':>9}")
    for path in sorted(SCENARIOS.glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        load_ms = median_ms(lambda: load(path, text), args.runs)
        result = replay(path, text=text)
        steps = len(result.trace.steps)
        replay_ms = median_ms(lambda: replay(path, text=text), args.runs)
        print(f"{path.stem:48} {load_ms:8.2f} {replay_ms:10.2f} {steps:6d} {steps / replay_ms * 1000:9.0f}")
    print()
    print(f"{'rounds':>6} {'replay ms':>10} {'ms/round':>9} {'steps':>6}")
    for n in (args.rounds // 4, args.rounds // 2, args.rounds):
        text = rounds_text(n)
        result = replay("rounds.yaml", text=text)
        assert result.trace.pending is None and result.illegal is None, (result.trace.pending, result.illegal)
        ms = median_ms(lambda: replay("rounds.yaml", text=text), max(3, args.runs // 4))
        print(f"{n:6d} {ms:10.1f} {ms / n:9.2f} {len(result.trace.steps):6d}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
