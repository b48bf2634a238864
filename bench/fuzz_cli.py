"""Fuzz every command: at least 5,000 invocations, most in process (fast), some as whole
processes (the console script exactly as a user runs it, stdin closed).  Prints how many
ended with a traceback and how many hung (no answer within the time limit); both must be 0.

    python bench/fuzz_cli.py [--runs 5000] [--processes 300] [--seed 1]
    python bench/fuzz_cli.py --self-test    # a fault injected both ways must be counted


Uses the documents and cache of the environment (ADJUDICATOR_SOURCES, ADJUDICATOR_CACHE);
builds the knowledge base first if needed.  Inputs: bytes that are not UTF-8, empty and
huge strings, NUL, 5000-digit numbers, unknown choices and options, missing files,
folders, binary, large and endless files (/dev/zero), over-long file names.

Each in-process run starts from the environment a new process would have: what a run
sets (``--debug`` and ``--sources`` set environment variables) is undone after it.
``--debug`` asks for the traceback of an error: a traceback of one of the tool's own
errors (an `AdjudicatorError`, an `OSError`) is then the answer asked for and is not
counted; any other exception still is.
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
        "/dev/null", "/dev/zero", "x" * 5000, str(folder / "\udcff.yaml"),
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


def _asked_for(argv: list[str], exc: BaseException) -> bool:
    """A traceback that ``--debug`` asked for: one of the tool's own errors."""
    from adjudicator.errors import AdjudicatorError

    return "--debug" in argv and isinstance(exc, (AdjudicatorError, OSError))


def in_process(argv: list[str]) -> str:
    """'ok', 'traceback' or 'hang'."""
    from adjudicator.cli import main

    out, err = io.StringIO(), io.StringIO()
    environment = dict(os.environ)
    signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(HANG_SECONDS)
    try:
        with redirect_stdout(out), redirect_stderr(err):
            code = main(argv)
    except Hang:
        return "hang"
    except BaseException as exc:  # anything main lets out is a traceback for the user
        return "ok" if _asked_for(argv, exc) else "traceback"
    finally:
        signal.alarm(0)
        os.environ.clear()  # the next run starts as a new process would
        os.environ.update(environment)
    return "traceback" if code not in (0, 1, 2, 3, 141) or "Traceback" in err.getvalue() else "ok"


def _own_error(stderr: bytes) -> bool:
    """Whether a printed traceback ends in one of the tool's own errors (``--debug``)."""
    import builtins

    from adjudicator import errors

    lines = stderr.decode("utf-8", "replace").strip().splitlines()
    name = lines[-1].split(":", 1)[0] if lines else ""
    if name.startswith("adjudicator.errors."):
        return isinstance(getattr(errors, name.rsplit(".", 1)[1], None), type)
    found = getattr(builtins, name, None)
    return isinstance(found, type) and issubclass(found, OSError)


def whole_process(argv: list[str], command: list[str] | None = None) -> str:
    if command is None:
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
    if b"Traceback" in done.stderr:
        return "ok" if "--debug" in argv and _own_error(done.stderr) else "traceback"
    return "traceback" if done.returncode not in (0, 1, 2, 3) else "ok"


FAULT = "def broken(*args, **kwargs):\n    raise ZeroDivisionError('injected')\nlookup.find_rule = broken\n"


def self_test() -> list[str]:
    """Inject a fault (the rule lookup raises ZeroDivisionError) and check that both ways
    of running count it as a traceback, with and without --debug, and that an error --debug
    asked for is not counted; the problems found, or an empty list."""
    from adjudicator.kb import lookup

    problems = []
    if in_process(["--debug", "rule", "no such rule at all"]) != "ok":
        problems.append("in process: an error --debug asked for was counted")
    if os.environ.get("ADJUDICATOR_DEBUG"):
        problems.append("in process: --debug leaked into the next run")
    if in_process(["rule", "no such rule at all"]) != "ok":
        problems.append("in process: a lookup that finds nothing was counted")
    saved = lookup.find_rule
    exec(FAULT, {"lookup": lookup})
    try:
        for argv in (["rule", "engagement check", "--game", "lotr"], ["--debug", "rule", "engagement check", "--game", "lotr"]):
            if in_process(argv) != "traceback":
                problems.append(f"in process: the injected fault was not counted ({' '.join(argv)})")
    finally:
        lookup.find_rule = saved
    patched = [sys.executable, "-c", "from adjudicator.kb import lookup\n" + FAULT +
               "import sys\nfrom adjudicator.cli import main\nsys.argv[0] = 'adjudicator'\nraise SystemExit(main())"]
    for argv in (["rule", "engagement check", "--game", "lotr"], ["--debug", "rule", "engagement check", "--game", "lotr"]):
        if whole_process(argv, patched) != "traceback":
            problems.append(f"whole process: the injected fault was not counted ({' '.join(argv)})")
    if whole_process(["--debug", "rule", "no such rule at all"]) != "ok":
        problems.append("whole process: an error --debug asked for was counted")
    return problems


def main() -> None:
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 5000
    processes = int(sys.argv[sys.argv.index("--processes") + 1]) if "--processes" in sys.argv else 300
    seed = int(sys.argv[sys.argv.index("--seed") + 1]) if "--seed" in sys.argv else 1
    rng = random.Random(seed)
    sys.stdin = open(os.devnull)
    from adjudicator.kb.api import open_kb

    open_kb(quiet=True)
    if "--self-test" in sys.argv:
        problems = self_test()
        print("self-test: " + ("the injected fault is counted both ways" if not problems else "; ".join(problems)))
        raise SystemExit(1 if problems else 0)
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
