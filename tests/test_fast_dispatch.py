"""The fast path (adjudicator.cli.fast) gives exactly what the Typer app gives: the same
bytes on stdout and stderr and the same exit code, for lookups it answers and for
everything it hands to Typer; its table of commands matches the Typer declarations; and
a lookup it answers imports neither Typer, click nor Rich (--json)."""

from __future__ import annotations

import inspect
import json
import os
import subprocess
import sys

import pytest

from adjudicator.cli import fast
from adjudicator.paths import SCENARIOS

ENGAGEMENT = str(SCENARIOS / "lotr" / "engagement-checks.yaml")
DECISION = str(SCENARIOS / "lotr" / "decision-needed-undefended.yaml")
RESTRICTED = str(SCENARIOS / "lotr" / "planning-restricted.yaml")

ANSWERED = [  # plainly valid: the fast path answers these itself
    ["rule", "engagement check", "--json"],
    ["rule", "engagement check"],
    ["rule", "engagment", "--game", "LOTR"],
    ["rule", "--json", "Sentinel", "--game=lotr"],
    ["rule", "no such rule anywhere at all"],
    ["show", "lotr:faq:1.24"],
    ["show", "lotr:faq:9.99", "--json"],
    ["faq", "1.24", "--json"],
    ["faq", "1.24"],
    ["faq", "Dungeon Torch"],
    ["faq", "Q999"],
    ["errata", "Beravor", "--json"],
    ["search", "ranged attack staging area", "--json"],
    ["search", "ranged attack staging area", "--kind", "qa", "--source", "FAQ", "--limit", "3"],
    ["search", "engagement", "--kind", "glossary", "--kind", "step", "--game", "lotr"],
    ["search", "zzqxv wibble"],
    ["ask", "can my ranged hero attack an enemy in the staging area?", "--json"],
    ["ask", "can my ranged hero attack an enemy in the staging area?", "--limit", "1"],
    ["card", "Chieftain Ufthak", "--json"],
    ["card", "Chieftain Ufthak"],
    ["card", "Beravor", "--printed"],
    ["card", "Gimlee Son of Nobody", "--game", "lotr"],
    ["keyword", "Archery"],
    ["replay", ENGAGEMENT, "--json"],
    ["replay", ENGAGEMENT],
    ["replay", ENGAGEMENT, "--board", "--explain"],
    ["replay", ENGAGEMENT, "--stop", "5.3", "--no-abilities"],
    ["replay", DECISION],
    ["replay", ENGAGEMENT, "--step"],
    ["replay", "/no/such/file.yaml"],
    ["check", RESTRICTED],
    ["check", ENGAGEMENT, "--json", "--abilities"],
]

HANDED_ON = [  # anything else: the Typer app answers, the same way whichever path is asked
    [],
    ["--help"],
    ["rule", "--help"],
    ["rule", "-h"],
    ["--version"],
    ["--sources", "/nowhere", "rule", "sentinel"],
    ["--width", "40", "rule", "sentinel"],
    ["rule"],
    ["rule", "a", "b"],
    ["rule", ""],
    ["rule", "   "],
    ["rule", "x" * 600],
    ["rule", "sentinel", "--game", "lotrr"],
    ["rule", "sentinel", "--game"],
    ["rule", "sentinel", "--json=yes"],
    ["rule", "sentinel", "--json", "--json"],
    ["rule", "--", "sentinel"],
    ["rule", "-"],
    ["rule", "sentinel", "--nope"],
    ["search", "engagement", "--limit", "0"],
    ["search", "engagement", "--limit", "9" * 5000],
    ["search", "engagement", "--limit", "٣"],
    ["ask", "what?", "--limit", "11"],
    ["replay", ENGAGEMENT, "--abilities", "--no-abilities"],
    ["replay", ENGAGEMENT, "--stop", ""],
    ["replay"],
    ["timing", "6.4.3"],
    ["scenario", "escape dol guldur", "--json"],
]


def _run(capsys, args, *, fast_path):
    """One run in process, the environment restored after it as a new process would have
    it (--sources and --debug set environment variables)."""
    from adjudicator.cli import main

    environment = dict(os.environ)
    try:
        code = main(list(args), fast=fast_path)
    finally:
        os.environ.clear()
        os.environ.update(environment)
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("args", ANSWERED + HANDED_ON, ids=lambda a: " ".join(a)[:60] or "(none)")
def test_the_fast_path_and_the_typer_app_print_the_same_bytes_and_exit_alike(lotr_cli_env, capsys, monkeypatch, args):
    monkeypatch.setattr("sys.stdin", open("/dev/null"))
    typer_path = _run(capsys, args, fast_path=False)
    fast_path = _run(capsys, args, fast_path=True)
    assert fast_path == typer_path


@pytest.mark.parametrize("args", ANSWERED, ids=lambda a: " ".join(a)[:60])
def test_plainly_valid_lookups_are_answered_by_the_fast_path(args):
    assert fast.parse(args) is not None


@pytest.mark.parametrize("args", HANDED_ON, ids=lambda a: " ".join(a)[:60] or "(none)")
def test_everything_else_is_handed_to_the_typer_app(args):
    assert fast.parse(args) is None


def test_shell_completion_is_always_the_typer_apps(monkeypatch):
    monkeypatch.setenv(fast.COMPLETION_VARIABLE, "bash_complete")
    assert fast.parse(["rule", "sentinel"]) is None


def test_the_fast_table_matches_the_typer_declarations():
    from adjudicator.cli import build_command
    from adjudicator.cli.options import FILE_ARGUMENTS

    root = build_command()
    for name, spec in fast.COMMANDS.items():
        command = root.commands[name]
        arguments = [p for p in command.params if p.param_type_name == "argument"]
        assert [(p.name, "file" if p.name in FILE_ARGUMENTS else fast.TEXT) for p in arguments] == list(spec.arguments)
        assert all(p.required for p in arguments), name
        declared = {}
        for p in command.params:
            if p.param_type_name == "option":
                for opt in [*p.opts, *p.secondary_opts]:
                    declared[opt] = p
        assert set(declared) == set(spec.options), name
        for opt, option in spec.options.items():
            param = declared[opt]
            assert param.name == option.name and param.multiple == option.multiple, (name, opt)
            assert param.is_flag == (option.kind in (fast.FLAG, fast.SWITCH)), (name, opt)
            assert (param.default if not param.multiple else list(param.default)) == option.default, (name, opt)
            if option.kind == fast.CHOICE:
                assert tuple(param.type.choices) == option.choices, (name, opt)
            if option.kind == fast.INT:
                bounds = param.type.wrapped
                assert (bounds.min, bounds.max) == (option.low, option.high), (name, opt)
        function = getattr(__import__(spec.module, fromlist=[spec.function]), spec.function)
        wanted = {arg for arg, _ in spec.arguments} | {o.name for o in spec.options.values()}
        assert set(inspect.signature(function).parameters) == wanted, name


def test_a_json_lookup_imports_neither_typer_click_nor_rich(lotr_cli_env):
    code = ("import sys\nfrom adjudicator.cli import main\ncode = main(['rule', 'engagement check', '--json'])\n"
            "heavy = sorted(m for m in sys.modules if m.split('.')[0] in ('typer', 'click', 'rich'))\n"
            "sys.stderr.write(repr((code, heavy)))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert json.loads(done.stdout)["id"] == "lotr:rr:engagement-check"
    assert done.stderr.strip() == "(0, [])"


def test_a_card_lookup_imports_no_engine(lotr_cli_env):
    """`card` reads the card library's kept copy: the classes of its abilities, not the
    grammar checker and the LOTR engine behind it (most of a replay's start-up)."""
    code = ("import sys\nfrom adjudicator.cli import main\ncode = main(['card', 'Chieftain Ufthak', '--json'])\n"
            "main(['card', 'Beravor', '--json'])\n"
            "heavy = sorted(m for m in sys.modules if m.startswith(('adjudicator.lotr.engine', "
            "'adjudicator.lotr.abilities.grammar.check', 'typer', 'rich')))\nsys.stderr.write(repr((code, heavy)))\n")
    for _ in range(2):  # the first run may parse the library and keep it
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert done.stderr.strip().endswith("(0, [])"), done.stderr[-500:]
