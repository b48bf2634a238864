"""Benchmark of `adjudicator check` as the position grows (issue 12: check stays linear).

1. players: LOTR situations of 1 to 4 players (checked by replaying their decisions) and of
   50 to 800 (refused at once with the player-count rule: no such game exists to replay);
2. cards: a 4-player LOTR position with 10 to 320 allies per player, its round replayed
   to the end of the combat phase, card abilities on (as the CLI does);
3. an endless input (/dev/zero) refused at the size limit.

Each figure is the median of ``--runs`` in-process checks through the shared Game
interface, with the time per player (or per card) so that growth is easy to read.

    python bench/bench_check.py [--runs 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

HEROES = ["Aragorn", "Gimli", "Legolas", "Théodred", "Glorfindel", "Denethor", "Éowyn", "Beravor", "Eleanor", "Thalin",
          "Dúnhere"]


def players(n: int) -> str:
    out = "stop: end-of-round\nplayers:\n"
    out += "".join(f"  - {{name: P{i}, threat: 25, heroes: [{HEROES[i % len(HEROES)]}]}}\n" for i in range(n))
    out += "decisions:\n" + "".join(f"  - {{step: '3.2', player: P{i}, commit: []}}\n" for i in range(min(n, 4)))
    return out


def allies(per_player: int) -> str:
    names = ["Snowbourn Scout", "Guard of the Citadel", "Veteran Axehand", "Gondorian Spearman"]
    out = "start: '3.1'\nstop: end-of-phase\nplayers:\n"
    for i in range(4):
        out += f"  - name: P{i}\n    threat: 25\n    heroes: [{HEROES[i]}]\n"
        out += "    allies: [" + ", ".join([names[i]] * per_player) + "]\n"
    out += "decisions:\n" + "".join(f"  - {{step: '3.2', player: P{i}, commit: []}}\n" for i in range(4))
    return out


def timed(text: str, runs: int) -> tuple[float, object]:
    from adjudicator.engine import game

    times, report = [], None
    for _ in range(runs):
        start = time.perf_counter()
        report = game.check(game.open_situation("bench.yaml", text=text))
        times.append(time.perf_counter() - start)
    return statistics.median(times), report


def verdict(report) -> str:
    if not report.legal:
        return "not legal: " + report.violations[0].message[:60]
    return f"legal, decisions replayed to {report.checked_to}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    timed(players(1), 1)  # warm the card data and the abilities library

    print("players   check ms   ms/player   verdict")
    for n in (1, 2, 4, 50, 100, 200, 400, 800):
        seconds, report = timed(players(n), runs)
        print(f"{n:>7}   {seconds * 1000:>8.1f}   {seconds * 1000 / n:>9.3f}   {verdict(report)}")

    print("\nallies per player (4 players)   check ms   ms/ally   verdict")
    for n in (10, 20, 40, 80, 160, 320):
        seconds, report = timed(allies(n), runs)
        print(f"{n:>30}   {seconds * 1000:>8.1f}   {seconds * 1000 / (4 * n):>7.3f}   {verdict(report)}")

    if Path("/dev/zero").exists():
        from adjudicator.engine import game
        from adjudicator.errors import InputError

        start = time.perf_counter()
        try:
            game.open_situation("/dev/zero")
        except InputError as exc:
            print(f"\n/dev/zero refused in {(time.perf_counter() - start) * 1000:.1f} ms: {exc.message}")


if __name__ == "__main__":
    main()
