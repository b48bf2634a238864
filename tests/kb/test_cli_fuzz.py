"""No traceback on any input: every command, in process, with arguments drawn from what
breaks command-line tools (bytes that are not UTF-8, empty and huge strings, NUL,
5000-digit numbers, unknown choices, files that are missing, folders, devices, binary or
large).  Each run ends with an exit code from the documented set and, on failure, one
short error line; `bench/fuzz_cli.py` runs thousands more, in process and as whole
processes."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

SKIP = {"mcp"}  # serves stdin until it closes: its options are fuzzed, not a session (tests/test_mcp_server.py)

TEXTS = st.one_of(
    st.text(max_size=40),
    st.sampled_from(["", " ", "\x00", "\udcff\udcfe", "é" * 3, "9" * 5000, "-1", "0", "1.24", "Q14", "6.4.3",
                     "order", "x" * 60_000, "%_%_" * 20_000, "lotr", "meq", "--json", "-", "../../etc/passwd"]),
)


def _commands():
    from adjudicator.cli import build_command
    from adjudicator.cli.conventions import walk

    return [(path, command) for path, command in walk(build_command())
            if not getattr(command, "commands", None) and path not in SKIP]


def _files(tmp_path):
    (tmp_path / "binary.yaml").write_bytes(b"\x89PNG\x00\x01\xff" * 50)
    (tmp_path / "bad.yaml").write_text("players: [unclosed\n  - {", encoding="utf-8")
    (tmp_path / "folder").mkdir(exist_ok=True)
    (tmp_path / "zeros.yaml").write_bytes(b"\x00" * 3_000_000)  # longer than a situation file may be
    return [str(tmp_path / "binary.yaml"), str(tmp_path / "bad.yaml"), str(tmp_path / "folder"), "/dev/null", "/dev/zero",
            str(tmp_path / "zeros.yaml"), str(tmp_path / "missing.yaml"), "x" * 5000, str(tmp_path / "\udcff.yaml")]


@st.composite
def invocations(draw, commands, files):
    path, command = draw(st.sampled_from(commands))
    argv = path.split()
    for param in command.params:
        if not draw(st.booleans()):
            continue
        if param.param_type_name == "option":
            if param.hidden or param.name in ("force",):  # --force rebuilds: seconds each, nothing to fuzz
                continue
            argv.append(param.opts[0])
            if not param.is_flag:
                argv.append(draw(st.one_of(TEXTS, st.sampled_from(list(getattr(param.type, "choices", [])) or [""]))))
        else:
            argv.append(draw(st.sampled_from(files)) if param.name in ("file", "files") else draw(TEXTS))
    if draw(st.integers(0, 9)) == 0:
        argv.insert(draw(st.integers(0, len(argv))), draw(TEXTS))  # a stray word anywhere
    return argv


@pytest.fixture(scope="module")
def fuzz_files(tmp_path_factory):
    return _files(tmp_path_factory.mktemp("fuzz-files"))


def test_no_command_prints_a_traceback_on_any_input(cli, fuzz_files, monkeypatch):
    monkeypatch.setattr("sys.stdin", open(os.devnull))  # --step and `replay -` read a closed stream
    commands = _commands()
    assert {path for path, _ in commands} >= {"rule", "faq", "search", "ask", "card", "replay", "check", "sources add"}

    @settings(max_examples=250, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
    @given(argv=invocations(commands, fuzz_files))
    def run(argv):
        code, out, err = cli(*argv)  # an exception here is the traceback this test forbids
        assert code in (0, 1, 2, 3), (argv, code)
        assert "Traceback" not in err, argv
        if code == 2:
            assert err.strip() and len(err) < 5000, (argv, err[:300])

    run()
