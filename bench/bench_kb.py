"""Knowledge-base speed figures (issue targets in brackets).

    ADJUDICATOR_SOURCES=../shared/seeds python bench/bench_kb.py [--runs N]

- index build of the Rules Reference and FAQ, fresh cache, whole pipeline      [< 3 s]
- index build of the three LOTR documents (RR, FAQ, Quest Companion)            [< 8 s]
- in-process lookups: rule by name, show by id, search                          [median < 10 ms]
- whole-process `adjudicator rule ...` and `adjudicator search ...`, output piped and on a
  pseudo-terminal                                                             [median < 250 ms]
- whole-process lookups as ratios to a bare Python process that opens the store and runs
  one SQLite FTS5 query, measured in turn in the same run (issue 12's targets: rule, faq,
  search, ask with --json within 3x; people's output within 3.5x; card within 3.5x;
  replay within 4.5x; the CPU-time ratio is printed beside each).  `--ratios` prints only these; ``--rounds K`` measures the whole
  table K times in turn (the machine's load changes between them) and prints each round's
  ratio, their median and the load average before and after.
The whole-process timings call the console script next to this Python (not a shell shim).
It measures this checkout (bench/checkout.py); for a user's figures, run it with
``--installed`` and the Python of a fresh virtual environment where `pip install .` put
the package (an editable install adds its import finder to every Python start-up; an
installed copy keys its caches by the install's stamp, one stat, where a checkout walks the
files they come from: ``adjudicator/installed.py``):

    python -m venv /tmp/v && /tmp/v/bin/pip install . && /tmp/v/bin/python bench/bench_kb.py --ratios --installed
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys

if "--installed" not in sys.argv:
    import checkout  # noqa: F401  (measure this checkout; --installed: the package this Python has installed)
import tempfile
import time
from pathlib import Path

from timing import median_ms  # bench/ is first on sys.path


def _folder_with(keys: tuple[str, ...], sources: Path) -> Path:
    from adjudicator.kb.documents import SourceDocument, recognise

    folder = Path(tempfile.mkdtemp(prefix="bench-sources-"))
    for path in sources.iterdir():
        doc = recognise(path) if path.is_file() else None
        if isinstance(doc, SourceDocument) and doc.key in keys:
            (folder / path.name).symlink_to(path.resolve())
    return folder


def time_build(folder: Path, runs: int) -> float:
    from adjudicator.kb.build import build
    from adjudicator.kb.sources import scan

    times = []
    for _ in range(runs):
        cache = Path(tempfile.mkdtemp(prefix="bench-cache-"))
        started = time.perf_counter()
        build(scan(folder), cache)
        times.append(time.perf_counter() - started)
        shutil.rmtree(cache)
    return statistics.median(times)


def _piped(argv: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run(argv, capture_output=True, check=True)
    return time.perf_counter() - started


def _on_terminal(argv: list[str]) -> float:
    """Run with a pseudo-terminal as stdout, as a player at the table does: Rich colours
    and wraps the output, which costs more than writing to a pipe."""
    import pty

    started = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(argv[0], argv)
    while True:
        try:
            if not os.read(fd, 65536):
                break
        except OSError:  # the child closed the terminal
            break
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(argv)} failed on a terminal")
    return time.perf_counter() - started


def compile_package() -> None:
    """Write the package's bytecode caches, as Python does on a user's first run.  Where
    PYTHONDONTWRITEBYTECODE is set (as in this workplace) every process would otherwise
    compile the package from source, which is not what a user's machine does."""
    import compileall

    from adjudicator.paths import PACKAGE

    compileall.compile_dir(str(PACKAGE), quiet=1)
    if os.environ.get("PYTHONDONTWRITEBYTECODE"):
        print("PYTHONDONTWRITEBYTECODE is set: the package's bytecode was compiled once first, as a first run would")


BASELINE = """
import sqlite3, sys
db = sqlite3.connect(f"file:{sys.argv[1]}?mode=ro", uri=True)
db.execute("create virtual table temp.titles using fts5(title)")
db.execute("insert into temp.titles select title from records")
print(db.execute("select rowid from titles where titles match 'engagement' limit 10").fetchall())
"""

RATIO_CASES = (  # (label, arguments, target ratio)
    ("rule --json", ["rule", "engagement check", "--json"], 3.0),
    ("faq --json", ["faq", "1.24", "--json"], 3.0),
    ("search --json", ["search", "ranged attack staging area", "--json"], 3.0),
    ("ask --json", ["ask", "can my ranged hero attack an enemy in the staging area?", "--json"], 3.0),
    ("rule", ["rule", "engagement check"], 3.5),
    ("faq", ["faq", "1.24"], 3.5),
    ("search", ["search", "ranged attack staging area"], 3.5),
    ("ask", ["ask", "can my ranged hero attack an enemy in the staging area?"], 3.5),
    ("card --json", ["card", "Chieftain Ufthak", "--json"], 3.5),
    ("card", ["card", "Chieftain Ufthak"], 3.5),
    ("replay --json", ["replay", "{scenarios}/lotr/engagement-checks.yaml", "--json"], 4.5),
    ("replay", ["replay", "{scenarios}/lotr/engagement-checks.yaml"], 4.5),
)


def ratios(runs: int, rounds: int = 1) -> None:
    """Each lookup as a whole process against the bare baseline, run in turn (A B A B ...)
    so that a drift of the machine's speed affects both; output piped (people's output is
    the plain text a pipe gets).  With several ``rounds`` the whole table is measured again
    each time, and the median of the rounds' ratios is the figure."""
    from adjudicator.kb.api import open_kb
    from adjudicator.paths import PACKAGE, SCENARIOS

    store = open_kb(quiet=True).folder / "kb.sqlite"
    script = Path(sys.executable).with_name("adjudicator")
    baseline = [sys.executable, "-c", BASELINE, str(store)]
    if "site-packages" not in PACKAGE.parts:
        print(f"note: the package runs from {PACKAGE.parent} (this checkout), not as a user installs it; for a "
              "user's figures run this with --installed and the Python of a fresh venv where `pip install .` put it")
    else:
        from adjudicator.installed import stamp

        keyed = "its caches keyed by the install's stamp" if stamp() else "its caches keyed by its files (a walk)"
        print(f"package: {PACKAGE} (installed; {keyed})")
    print(f"load average: {os.getloadavg()[0]:.2f} (2-core machine: above 1 the figures are noisy)")
    print(f"whole process, as ratios to a bare Python process opening the store and running one FTS5 query "
          f"(median of {runs}{f', {rounds} rounds' if rounds > 1 else ''}):")
    cases = [(label, [str(script), *(a.replace("{scenarios}", str(SCENARIOS)) for a in args)], target)
             for label, args, target in RATIO_CASES]
    for _, argv, _ in cases:
        subprocess.run(argv, capture_output=True)  # warm the disk cache and the caches a first run fills
    subprocess.run(baseline, capture_output=True)
    measured: dict[str, list[tuple[float, float, float]]] = {label: [] for label, _, _ in cases}
    for round_ in range(rounds):
        if rounds > 1:
            print(f" round {round_ + 1} (load average {os.getloadavg()[0]:.2f})")
        for label, argv, target in cases:
            pairs = []
            for _ in range(runs):
                a, a_cpu = _timed(argv, cpu=True)
                b, b_cpu = _timed(baseline, cpu=True)
                pairs.append((a, b, a_cpu, b_cpu))
            ratio = statistics.median(a / b for a, b, _, _ in pairs)
            command = statistics.median(a for a, _, _, _ in pairs)
            base = statistics.median(b for _, b, _, _ in pairs)
            cpu = statistics.median(ac / bc for _, _, ac, bc in pairs if bc > 0) if any(bc > 0 for *_, bc in pairs) else 0.0
            measured[label].append((ratio, command, base, cpu))
            verdict = "within" if ratio <= target else "OVER"
            print(f"  {label:14} {1000 * command:6.0f} ms / {1000 * base:4.0f} ms = {ratio:4.2f}x  "
                  f"(target {target}x: {verdict}; CPU time {cpu:4.2f}x)")
    if rounds > 1:
        print(f"median of the {rounds} rounds (load average now {os.getloadavg()[0]:.2f}):")
        for label, _, target in cases:
            values = [r for r, _, _, _ in measured[label]]
            ratio = statistics.median(values)
            cpu = statistics.median(c for _, _, _, c in measured[label])
            verdict = "within" if ratio <= target else "OVER"
            print(f"  {label:14} {ratio:4.2f}x  (rounds: {' '.join(f'{v:.2f}' for v in values)}; "
                  f"target {target}x: {verdict}; CPU time {cpu:4.2f}x)")


def _timed(argv: list[str], cpu: bool = False):
    """The wall time of one run (the ratios' figure); with ``cpu``, also its user + system CPU
    time (the children's rusage: less disturbed than the wall time when other work shares the
    machine, printed beside the ratio as "CPU time")."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(argv, capture_output=True)
    wall = time.perf_counter() - started
    if not cpu:
        return wall
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 10
    compile_package()
    if "--ratios" in sys.argv:
        ratios(runs, int(sys.argv[sys.argv.index("--rounds") + 1]) if "--rounds" in sys.argv else 1)
        return
    user_cache = os.environ.get("ADJUDICATOR_CACHE")
    sources = Path(os.environ.get("ADJUDICATOR_SOURCES", Path(__file__).resolve().parents[2] / "shared" / "seeds"))
    rr_faq = _folder_with(("lotr-rr", "lotr-faq"), sources)
    lotr = _folder_with(("lotr-rr", "lotr-faq", "lotr-qc"), sources)
    print(f"cores: {os.cpu_count()}  load average: {os.getloadavg()[0]:.2f}")
    print(f"index build, RR + FAQ:            {time_build(rr_faq, 3):6.2f} s   (target < 3 s)")
    print(f"index build, RR + FAQ + Companion: {time_build(lotr, 3):6.2f} s   (target < 8 s)")

    cache = Path(tempfile.mkdtemp(prefix="bench-cache-"))
    os.environ.update(ADJUDICATOR_SOURCES=str(rr_faq), ADJUDICATOR_CACHE=str(cache))
    from adjudicator.kb import lookup
    from adjudicator.kb.api import open_kb

    kb = open_kb(quiet=True)
    exact = ["engagement check", "Sentinel", "golden rules", "planning action window", "Engagement Checks"]
    typos = ["engagment", "resource mach", "enagement cost", "sentinal", "grim rul"]
    for label, names in (("exact name", exact), ("misspelt name", typos)):
        per_name = median_ms(lambda: [lookup.find_rule(kb, n, "lotr") for n in names], runs) / len(names)
        print(f"in process, rule by {label + ':':15} {per_name:6.2f} ms   (target < 10 ms)")
    print(f"in process, show by id:           {median_ms(lambda: lookup.show(kb, 'lotr:rr:step:6.4.3'), runs):6.2f} ms")
    kb.index.search("warm up")
    print(f"in process, search:               {median_ms(lambda: kb.index.search('ranged attack staging area'), runs):6.2f} ms")
    print(f"in process, open + rule:          {median_ms(lambda: lookup.find_rule(open_kb(quiet=True), 'sentinel'), runs):6.2f} ms")

    script = Path(sys.executable).with_name("adjudicator")
    for args in (["rule", "engagement check"], ["search", "ranged attack staging area"]):
        subprocess.run([str(script), *args], capture_output=True, check=True)  # warm the disk cache
        for label, run in (("piped", _piped), ("terminal", _on_terminal)):
            times = [run([str(script), *args]) for _ in range(runs)]
            print(f"whole process, {args[0]:6} {label:8} median of {runs}: {1000 * statistics.median(times):6.0f} ms"
                  "  (target < 250 ms)")
    for folder in (rr_faq, lotr, cache):
        shutil.rmtree(folder, ignore_errors=True)
    os.environ["ADJUDICATOR_SOURCES"] = str(sources)
    if user_cache:
        os.environ["ADJUDICATOR_CACHE"] = user_cache
    else:
        os.environ.pop("ADJUDICATOR_CACHE")
    ratios(runs)


if __name__ == "__main__":
    main()
