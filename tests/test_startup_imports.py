"""What a lookup loads at start-up: the keys of its caches are digested without OpenSSL
(`adjudicator.sha`), so a card lookup or a replay whose caches are warm never imports
hashlib's OpenSSL bindings; a situation text parsed once is kept in the cache folder and
rebuilt from there, so a replay of it does not import PyYAML; the files a lookup stats are
listed with os.scandir, the same files in the same order Path.glob and Path.rglob give.
A plain replay reads its citations' titles without the record model and prints record ids
without Rich's emoji table (its names are kept in the cache folder); rule and faq do not
import typing, and ask only through numpy (the sentence encoder's arithmetic); the program freezes the collector's generations before it exits."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.engine import situation
from adjudicator.errors import InputError
from adjudicator.paths import SCENARIOS
from adjudicator.sha import sha256

# The watched modules the command loaded.
PROBE = ("import sys\nbefore = set(sys.modules)\nfrom adjudicator.cli import main\ncode = main(sys.argv[2:])\n"
         "loaded = sorted(m for m in sys.modules if m in sys.argv[1].split(',') and m not in before)\n"
         "sys.stderr.write(repr((code, loaded)))\n")
WATCHED = "_hashlib,hashlib,yaml"


def _loaded(args: list[str], watched: str = WATCHED) -> str:
    """Run ``adjudicator ARGS`` in a new Python that starts as an installed package's does:
    without the site hooks (-S: an editable install's finder imports typing before anything
    else), this checkout and the site packages on its path."""
    import site

    from adjudicator.paths import PACKAGE

    path = os.pathsep.join([str(PACKAGE.parent), *site.getsitepackages(), site.getusersitepackages()])
    for _ in range(2):  # the first run fills the caches
        done = subprocess.run([sys.executable, "-S", "-c", PROBE, watched, *args], capture_output=True, text=True,
                              timeout=300, env={**os.environ, "PYTHONPATH": path})
    return done.stderr.strip()


def test_the_cache_keys_digest_is_sha256():
    for data in (b"", b"abc", "Chieftain Ufthak|1234|5678".encode(), bytes(range(256)) * 40):
        assert sha256(data).hexdigest() == hashlib.sha256(data).hexdigest()
    parts = sha256()
    parts.update(b"rules_db/lotr|1|2;")
    parts.update(b"scenarios|3|4;")
    assert parts.hexdigest() == hashlib.sha256(b"rules_db/lotr|1|2;scenarios|3|4;").hexdigest()


def test_a_card_lookup_does_not_load_openssl(lotr_cli_env):
    assert _loaded(["card", "Chieftain Ufthak", "--json"]).endswith("(0, [])")


def test_a_replay_does_not_load_openssl(lotr_cli_env):
    out = _loaded(["replay", str(SCENARIOS / "lotr" / "engagement-checks.yaml"), "--json"])
    assert out.startswith("(0, ") and "hashlib" not in out, out[-500:]


def test_a_replay_of_a_situation_read_before_does_not_import_yaml(lotr_cli_env):
    out = _loaded(["replay", str(SCENARIOS / "lotr" / "engagement-checks.yaml"), "--json"])
    assert out == "(0, [])", out[-500:]


def test_a_plain_replay_imports_neither_the_record_model_nor_richs_emoji_table(lotr_cli_env):
    out = _loaded(["replay", str(SCENARIOS / "lotr" / "engagement-checks.yaml")],
                  "adjudicator.kb.records,rich._emoji_codes,rich._emoji_replace,rich")
    assert out.endswith("(0, [])"), out[-500:]


def test_a_replay_prints_the_titles_of_its_citations_from_the_knowledge_base(lotr_cli_env):
    from adjudicator.kb.api import open_kb

    done = subprocess.run([sys.executable, "-m", "adjudicator", "replay", str(SCENARIOS / "lotr" / "engagement-checks.yaml")],
                          capture_output=True, text=True, timeout=300)
    title = open_kb(quiet=True).store.get("lotr:rr:engagement-check").title
    assert f"lotr:rr:engagement-check ({title})" in done.stdout


def test_ask_imports_typing_only_with_numpy_for_the_sentence_encoder(lotr_cli_env, monkeypatch, tmp_path):
    """numpy (the encoder's arithmetic) imports typing; without the encoder `ask` loads neither."""
    question = ["ask", "can my ranged hero attack an enemy in the staging area?", "--json"]
    out = _loaded(question, "typing,numpy")
    assert out.endswith("(0, ['numpy', 'typing'])"), out[-500:]
    monkeypatch.setenv("ADJUDICATOR_ENCODER", str(tmp_path))  # a folder without the model's files
    assert _loaded(question, "typing,numpy").endswith("(0, [])")


@pytest.mark.parametrize("args", [["rule", "engagement check", "--json"], ["rule", "engagement check"],
                                  ["faq", "1.24", "--json"], ["faq", "1.24"]], ids=" ".join)
def test_a_lookup_does_not_import_typing(lotr_cli_env, args):
    assert _loaded(args, "typing").endswith("(0, [])")


def test_the_program_freezes_the_collector_before_exiting_and_a_call_with_arguments_does_not(lotr_cli_env):
    import gc

    from adjudicator.cli import main

    code = ("import gc, sys\nfrom adjudicator.cli import main\nsys.argv = ['adjudicator', 'timing', '3.3']\n"
            "before = gc.get_freeze_count()\nmain()\nsys.stderr.write(repr((before, gc.get_freeze_count() > 0)))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    # `timing` goes to the Typer app (not a fast-path command): main returns, the process exits as usual.  (It
    # named `show`, a fast-path command that may end the process before main returns: it passed only when an
    # exit handler happened to be registered, and failed on a clean clone.)
    assert done.stderr.strip() == "(0, True)"
    frozen = gc.get_freeze_count()
    main(["rule", "sentinel", "--json"])
    assert gc.get_freeze_count() == frozen


# A program that optionally registers an exit handler, then runs the command of its argv as
# `adjudicator` does.
ENDING = ("import atexit, sys\nif sys.argv[1] == 'handler':\n    atexit.register(lambda: sys.stderr.write('[handler ran]'))\n"
          "sys.argv = ['adjudicator', *sys.argv[2:]]\nfrom adjudicator.cli import main\nraise SystemExit(main())\n")


def _ending(capsys, handler: str, args: list[str]):
    from adjudicator.cli import main

    done = subprocess.run([sys.executable, "-c", ENDING, handler, *args], capture_output=True, text=True, timeout=300)
    code = main(list(args))
    out = capsys.readouterr()
    return done, (code, out.out, out.err)


@pytest.mark.parametrize("args", [["replay", str(SCENARIOS / "lotr" / "decision-needed-undefended.yaml")],
                                  ["replay", str(SCENARIOS / "lotr" / "engagement-checks.yaml"), "--json"],
                                  ["rule", "no such rule anywhere at all"], ["card", "Chieftain Ufthak"],
                                  ["show", "lotr:rr:sentinel"]], ids=" ".join)
def test_a_command_run_as_the_program_prints_its_whole_output_and_exits_with_its_code(lotr_cli_env, capsys, args):
    done, (code, out, err) = _ending(capsys, "none", args)
    assert (done.returncode, done.stdout, done.stderr) == (code, out, err)
    assert out or err


def test_an_exit_handler_still_runs_after_a_lookup(lotr_cli_env, capsys):
    done, (code, out, err) = _ending(capsys, "handler", ["rule", "sentinel"])
    assert (done.returncode, done.stdout, done.stderr) == (code, out, err + "[handler ran]")


@pytest.mark.parametrize("args, pending, ends_at_once", [
    (["rule", "sentinel", "--json"], "", True),
    (["replay", str(SCENARIOS / "lotr" / "decision-needed-undefended.yaml")], "", True),
    (["--width", "60", "show", "lotr:rr:sentinel"], "", False),  # the Typer app's
    (["rule", "sentinel"], "handler", False),
    (["rule", "sentinel"], "profiler", False),
    (["rule", "sentinel"], "thread", False),
], ids=lambda v: " ".join(v) if isinstance(v, list) else str(v))
def test_the_program_ends_at_once_after_a_lookup_when_nothing_is_left_to_run(lotr_cli_env, capsys, monkeypatch, args,
                                                                              pending, ends_at_once):
    """What the program does after the command (in process: os._exit and the freeze
    recorded, not done)."""
    import atexit
    import threading

    import adjudicator.cli as cli

    ended, frozen = [], []
    monkeypatch.setattr(cli.os, "_exit", lambda code: ended.append(code))
    monkeypatch.setattr(cli.gc, "freeze", lambda: frozen.append(True))
    monkeypatch.setattr(atexit, "_ncallbacks", lambda: 1 if pending == "handler" else 0)
    monkeypatch.setattr(sys, "argv", ["adjudicator", *args])
    release = threading.Event()
    if pending == "thread":
        threading.Thread(target=release.wait, daemon=True).start()
    if pending == "profiler":
        sys.setprofile(lambda *_: None)
    try:
        code = cli.main()
    finally:
        sys.setprofile(None)
        release.set()
    capsys.readouterr()
    assert frozen == [True]
    assert ended == ([code] if ends_at_once else [])


# The dataclasses a command makes without a docstring (module:class).
NO_DOCSTRING = ("import dataclasses, os, sys\nmade = []\nprocess = dataclasses._process_class\n"
                "def record(cls, *args, **kwargs):\n"
                "    if not cls.__doc__:\n        made.append(f'{cls.__module__}:{cls.__qualname__}')\n"
                "    return process(cls, *args, **kwargs)\n"
                "dataclasses._process_class = record\nfrom adjudicator.cli import main\ncode = main(sys.argv[1:])\n"
                "os.write(2, repr((code, made)).encode())\n")


@pytest.mark.parametrize("args", [["ask", "can my ranged hero attack an enemy in the staging area?", "--json"],
                                  ["ask", "can my ranged hero attack an enemy in the staging area?"],
                                  ["rule", "engagement check"], ["faq", "1.24", "--json"], ["errata", "Beravor"],
                                  ["search", "ranged attack staging area", "--json"], ["keyword", "Archery"],
                                  ["card", "Chieftain Ufthak"], ["card", "Chieftain Ufthak", "--json"],
                                  ["replay", str(SCENARIOS / "lotr" / "engagement-checks.yaml")],
                                  ["replay", str(SCENARIOS / "lotr" / "engagement-checks.yaml"), "--json"],
                                  ["check", str(SCENARIOS / "lotr" / "planning-restricted.yaml")]], ids=" ".join)
def test_every_dataclass_of_a_lookup_or_a_lotr_replay_has_a_docstring(lotr_cli_env, args):
    """`dataclasses` asks `inspect` to write a docstring for a class that has none, and the
    program imports `inspect` (with ast, dis and tokenize: some 5 ms) only when something
    uses it (`adjudicator.cli.deferred`): a dataclass on these paths needs a docstring."""
    for _ in range(2):  # the first run fills the caches
        done = subprocess.run([sys.executable, "-c", NO_DOCSTRING, *args], capture_output=True, text=True, timeout=300)
    code, made = eval(done.stderr.strip().splitlines()[-1])
    assert code in (0, 1) and made == [], made


def test_a_replay_run_as_the_program_does_not_run_inspects_code(lotr_cli_env):
    """The program defers `inspect` (typing_extensions, where the environment has it and
    msgspec imports it, asks it for a signature and so loads it: then it is loaded as before)."""
    import site

    from adjudicator.paths import PACKAGE

    code = ("import atexit, os, sys\n"
            "atexit.register(lambda: os.write(2, repr((type(sys.modules['inspect']).__name__, 'ast' in sys.modules,"
            " 'typing_extensions' in sys.modules)).encode()))\n"
            "sys.argv = ['adjudicator', *sys.argv[1:]]\nfrom adjudicator.cli import main\nraise SystemExit(main())\n")
    path = os.pathsep.join([str(PACKAGE.parent), *site.getsitepackages(), site.getusersitepackages()])
    done = subprocess.run([sys.executable, "-S", "-c", code, "replay", str(SCENARIOS / "lotr" / "engagement-checks.yaml")],
                          capture_output=True, text=True, timeout=300, env={**os.environ, "PYTHONPATH": path})
    kind, ast_loaded, typing_extensions = eval(done.stderr.strip().splitlines()[-1])
    assert (kind, ast_loaded) == (("module", True) if typing_extensions else ("_Deferred", False))


def _run_isolated(code: str) -> subprocess.CompletedProcess:
    """``code`` in a fresh Python without site packages, the checkout first on its path."""
    return subprocess.run([sys.executable, "-S", "-c", code], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])})


def test_the_deferred_inspect_is_the_real_module_at_its_first_use():
    code = ("import sys\nfrom adjudicator.cli.deferred import defer_inspect\ndefer_inspect()\n"
            "import inspect\nfrom dataclasses import dataclass\nloaded = 'ast' in sys.modules\n"
            "@dataclass\nclass Point:\n    x: int\n    y: int = 0\n"
            "print(loaded, type(inspect).__name__, Point.__doc__, inspect.signature(Point), inspect.isclass(Point), "
            "sys.modules['inspect'] is inspect)\n")
    done = _run_isolated(code)
    assert done.stdout.strip() == "False module Point(x: int, y: int = 0) (x: int, y: int = 0) -> None True True", done.stderr


def test_the_deferred_ipaddress_is_the_real_module_when_a_url_names_a_bracketed_host():
    """`urllib.parse` (which `pathlib` imports) checks a bracketed host with `ipaddress`: deferred, it still does."""
    code = ("import sys\nfrom adjudicator.cli.deferred import defer_inspect\ndefer_inspect()\n"
            "import pathlib, urllib.parse\nbefore = type(sys.modules['ipaddress']).__name__\n"
            "host = urllib.parse.urlsplit('http://[::1]:8080/x').hostname\n"
            "try:\n    urllib.parse.urlsplit('http://[zz]/')\n    refused = False\nexcept ValueError:\n    refused = True\n"
            "print(before, type(sys.modules['ipaddress']).__name__, host, refused)\n")
    done = _run_isolated(code)
    assert done.stdout.strip() == "_Deferred module ::1 True", done.stderr


def test_the_emoji_names_kept_are_richs_table(tmp_path, monkeypatch):
    from rich._emoji_codes import EMOJI

    from adjudicator.cli import emoji

    monkeypatch.setenv("ADJUDICATOR_CACHE", str(tmp_path))
    monkeypatch.setattr(emoji, "_names", None)
    assert emoji._table_names() == "\n" + "\n".join(sorted(EMOJI)) + "\n"
    monkeypatch.setattr(emoji, "_names", None)
    assert emoji._table_names() == "\n" + "\n".join(sorted(EMOJI)) + "\n"  # read back from the cache folder
    assert len(os.listdir(tmp_path / "data")) == 1


EMOJI_PARTS = [":smile:", ":SMILE:", ":thumbs_up-text:", ":thumbs_up-emoji:", ":book:", ":no_such_code:", "lotr:rr:step:6.4.3",
               "lotr:qc:book:x", "12:30:45", "::", ":a b:", " ", "x", ":", "-emoji", "-text", "book", "smile", "é", "\n"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(EMOJI_PARTS), max_size=10).map("".join))
def test_emoji_codes_are_replaced_as_rich_replaces_them(text):
    from rich._emoji_replace import _emoji_replace

    from adjudicator.cli import emoji

    assert emoji.replace(text) == _emoji_replace(text)


def test_a_kept_situation_is_the_tree_a_fresh_parse_gives(tmp_path, monkeypatch):
    """Every value, line, column, path and key position, for every situation file."""
    monkeypatch.setenv("ADJUDICATOR_CACHE", str(tmp_path))
    files = sorted(SCENARIOS.rglob("*.yaml"))
    assert len(files) > 100
    for path in files:
        text = situation.read_text(path)
        try:
            fresh = situation._parse_yaml(text, str(path))
        except InputError:
            continue
        assert situation._recall(text) is None
        assert situation.parse_yaml(text, str(path)) == fresh  # parsed, then kept
        kept = situation._recall(text)
        assert kept == fresh and repr(kept) == repr(fresh), path
        assert kept.key_lines == fresh.key_lines
    assert len(os.listdir(tmp_path / situation.KEPT_FOLDER)) == min(situation.KEPT_MAX, len(files))


def test_a_situation_with_a_problem_is_not_kept(tmp_path, monkeypatch):
    monkeypatch.setenv("ADJUDICATOR_CACHE", str(tmp_path))
    text = "players:\n  - name: A\n    name: B\n"
    for _ in range(2):
        with pytest.raises(InputError, match="each key once"):
            situation.parse_yaml(text, "dup.yaml")
    assert situation._recall(text) is None


def test_a_damaged_or_unwritable_cache_means_parsing_again(tmp_path, monkeypatch):
    monkeypatch.setenv("ADJUDICATOR_CACHE", str(tmp_path))
    text = "players:\n  - name: A\n    threat: 28\n"
    fresh = situation._parse_yaml(text, "a.yaml")
    situation.parse_yaml(text, "a.yaml")
    situation._kept_file(text).write_bytes(b"\x00damaged")
    assert situation.parse_yaml(text, "a.yaml") == fresh
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    monkeypatch.setenv("ADJUDICATOR_CACHE", str(blocked))  # a file where the cache folder should be
    assert situation.parse_yaml(text, "a.yaml") == fresh
    assert blocked.read_text() == ""


def test_the_build_inputs_are_the_files_glob_and_rglob_list():
    from adjudicator.kb.inputs import DATA_SUFFIXES, ENGINE_ONLY_DATA, PARSER_CODE, build_inputs
    from adjudicator.paths import PACKAGE, RULES_DB

    listed = {p for pattern in PARSER_CODE for p in PACKAGE.glob(pattern)}
    for path in RULES_DB.rglob("*"):
        relative = path.relative_to(RULES_DB).as_posix()
        if path.is_file() and path.suffix in DATA_SUFFIXES and not any(p in relative for p in ENGINE_ONLY_DATA):
            listed.add(path)
    found = build_inputs()
    assert [str(p) for p in found] == [str(p) for p in sorted(listed)]
    assert any(p.name == "framework.yaml" for p in found) and any(p.name == "yamlio.py" for p in found)


def test_the_situation_stamps_are_the_files_rglob_lists_in_path_order(tmp_path):
    from adjudicator.yamlio import stamps_under

    for name in ("b/x.yaml", "a.yaml", "a/z.yaml", "a/y.txt", "a b/c.yaml", ".hidden.yaml"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(name)
    for folder in (tmp_path, SCENARIOS / "lotr"):
        expected = sorted(folder.rglob("*.yaml"), key=lambda p: p.parts)
        stamps = stamps_under(str(folder), ".yaml")
        assert [p for p, _, _ in stamps] == [str(p) for p in expected]
        assert [(s, m) for _, s, m in stamps] == [(p.stat().st_size, p.stat().st_mtime_ns) for p in expected]
