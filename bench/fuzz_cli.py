"""Fuzz every command: at least 5,000 invocations, most in process (fast), some as whole
processes (the console script exactly as a user runs it, stdin closed).  Prints how many
ended with a traceback and how many hung (no answer within the time limit); both must be 0.

    python bench/fuzz_cli.py [--runs 5000] [--processes 300] [--seed 1]

Uses the documents and cache of the environment (ADJUDICATOR_SOURCES, ADJUDICATOR_CACHE);
builds the knowledge base first if needed.  Inputs: bytes that are not UTF-8, empty and
huge strings, NUL, 5000-digit numbers, unknown choices and options, missing files,
folders, binary and large files, over-long file names.
"""

from __future__ import annotations

import checkout  # noqa: F401  (measure this checkout, not the installed package)
import io
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

HANG_SECONDS = 60
WORDS = ["", " ", "\x00", "\udcff\udcfe", "é", "9" * 5000, "-1", "0", "1.24", "Q14", "6.4.3", "order", "x" * 60_000,
         "%_%_" * 20_000, "lotr", "meq", "metw", "--json", "-", "sentinel", "engagement check", "Chieftain Ufthak",
         "archery", "escape dol guldur", "can my hero defend twice?", "CORE 12", "lotr:faq:1.24", "'\"", "\t\n"]


def files(folder: Path) -> list[str]:
    (folder / "binary.yaml").write_bytes(bytes(range(256)) * 20)
    (folder / "bad.yaml").write_text("players: [unclosed\n  - {", encoding="utf-8")
    (folder / "zeros.yaml").write_bytes(b"\x00" * 3_000_000)
    (folder / "folder").mkdir(exist_ok=True)
    repo = Path(__file__).resolve().parent.parent
    return [str(folder / n) for n in ("binary.yaml", "bad.yaml", "zeros.yaml", "folder", "missing.yaml")] + [
        "/dev/null", "x" * 5000, str(folder / "\udcff.yaml"),
        str(repo / "scenarios/lotr/engagement-checks.yaml"), str(repo / "scenarios/meq/combat-example.yaml"),
        str(repo / "scenarios/lotr/timing/faq-1.09-tower-gate-strength-of-will.yaml")]


def commands():
    from adjudicator.cli import build_command
    from adjudicator.cli.conventions import walk

    return [(p, c) for p, c in walk(build_command()) if not getattr(c, "commands", None) and p != "mcp"]


def invocation(rng: random.Random, cmds, paths) -> list[str]:
    path, command = rng.choice(cmds)
    argv = path.split()
    for param in command.params:
        if rng.random() < 0.5 or param.name == "force":
            continue
        if param.param_type_name == "option":
            argv.append(rng.choice(param.opts))
            if not param.is_flag:
                choices = list(getattr(param.type, "choices", []) or [])
                argv.append(rng.choice(choices + WORDS) if choices and rng.random() < 0.5 else rng.choice(WORDS))
        else:
            argv.append(rng.choice(paths) if param.name in ("file", "files") else rng.choice(WORDS))
    if rng.random() < 0.1:
        argv.insert(rng.randrange(len(argv) + 1), rng.choice(WORDS + ["--nope", "-x", "--width", "--debug"]))
    return argv


class Hang(Exception):
    pass


def _alarm(signum, frame):
    raise Hang()


def in_process(argv: list[str]) -> str:
    """'ok', 'traceback' or 'hang'."""
    from adjudicator.cli import main

    out, err = io.StringIO(), io.StringIO()
    signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(HANG_SECONDS)
    try:
        with redirect_stdout(out), redirect_stderr(err):
            code = main(argv)
    except Hang:
        return "hang"
    except BaseException:  # anything main lets out is a traceback for the user
        return "traceback"
    finally:
        signal.alarm(0)
    return "traceback" if code not in (0, 1, 2, 3, 141) or "Traceback" in err.getvalue() else "ok"


def whole_process(argv: list[str]) -> str:
    script = Path(sys.executable).with_name("adjudicator")
    command = [str(script)] if script.exists() else [sys.executable, "-m", "adjudicator"]
    encoded = [a.encode("utf-8", "surrogateescape") for a in argv]
    try:
        done = subprocess.run([*(c.encode() for c in command), *encoded], stdin=subprocess.DEVNULL,
                              capture_output=True, timeout=HANG_SECONDS)
    except subprocess.TimeoutExpired:
        return "hang"
    except OSError as exc:  # the argument list itself is too long for the system: not the tool's doing
        return "ok" if exc.errno == 7 else "traceback"
    return "traceback" if b"Traceback" in done.stderr or done.returncode not in (0, 1, 2, 3) else "ok"


def main() -> None:
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 5000
    processes = int(sys.argv[sys.argv.index("--processes") + 1]) if "--processes" in sys.argv else 300
    seed = int(sys.argv[sys.argv.index("--seed") + 1]) if "--seed" in sys.argv else 1
    rng = random.Random(seed)
    sys.stdin = open(os.devnull)
    from adjudicator.kb.api import open_kb

    open_kb(quiet=True)
    cmds = commands()
    tally = {"ok": 0, "traceback": 0, "hang": 0}
    examples: dict[str, list] = {"traceback": [], "hang": []}
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="fuzz-cli-") as folder:
        os.environ["ADJUDICATOR_DATA"] = str(Path(folder) / "data")  # sources add writes here, not to the user's
        paths = files(Path(folder))
        n = 0
        while n < max(runs, processes):
            argv = invocation(rng, cmds, paths)
            if n < processes and any("\x00" in a for a in argv):
                continue  # no process can be given a NUL in its arguments (the in-process runs try those)
            result = whole_process(argv) if n < processes else in_process(argv)
            n += 1
            tally[result] += 1
            if result != "ok" and len(examples[result]) < 5:
                examples[result].append([a[:80] for a in argv])
    total = sum(tally.values())
    print(f"invocations: {total} ({processes} whole processes, {total - processes} in process) "
          f"over {len(cmds)} commands in {time.perf_counter() - started:.0f} s")
    print(f"tracebacks: {tally['traceback']}")
    print(f"hangs: {tally['hang']}")
    for kind, found in examples.items():
        for argv in found:
            print(f"  {kind}: adjudicator {' '.join(repr(a) for a in argv)}")
    raise SystemExit(1 if tally["traceback"] or tally["hang"] else 0)


if __name__ == "__main__":
    main()
