"""Exit codes (README, `adjudicator --help`): 1 when a lookup finds nothing, 2 when the
input is bad.  A name that matches nothing is one or the other by where it came from: the
question of a lookup (`NotFound`) or a value inside a situation file (`UnknownName`, an
`InputError`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.errors import InputError, NotFound, UnknownName
from adjudicator.paths import SCENARIOS

TIMING_FILE = SCENARIOS / "lotr" / "timing" / "faq-1.09-tower-gate-strength-of-will.yaml"


def _timing_file(tmp_path: Path, entry: str) -> Path:
    text = TIMING_FILE.read_text(encoding="utf-8")
    assert "  - {card: Tower Gate}\n" in text
    path = tmp_path / "timing.yaml"
    path.write_text(text.replace("  - {card: Tower Gate}\n", f"  - {entry}\n"), encoding="utf-8")
    return path


def _run(capsys, *args: str):
    from adjudicator.cli import main

    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_the_two_kinds_of_miss_carry_their_exit_codes():
    assert NotFound("no rule named 'x'").exit_code == 1
    unknown = UnknownName("no card named 'x'", ["X"])
    assert isinstance(unknown, InputError) and unknown.exit_code == 2
    assert not isinstance(unknown, NotFound) and unknown.hint == "did you mean: X?"


def test_an_unknown_version_of_the_card_library_is_bad_input():
    from adjudicator.lotr.abilities.load import card_abilities, library

    with pytest.raises(UnknownName) as info:
        library("misprinted")
    assert info.value.exit_code == 2
    with pytest.raises(UnknownName) as info:
        card_abilities("Beravr")
    assert "Beravor" in info.value.suggestions


@pytest.mark.parametrize("entry, where", [
    ("{card: Tower Gate, version: misprinted}", "abilities[1].version: expected errata or printed, got text ('misprinted')"),
    ("{card: Tower Gate, version: [errata]}", "abilities[1].version: expected errata or printed, got a list"),
    ("{card: Tower Gait}", "abilities[1].card: expected the name of a card in the ability library"),
])
def test_a_timing_file_naming_what_does_not_exist_exits_2_at_its_line(tmp_path, capsys, entry, where):
    path = _timing_file(tmp_path, entry)
    code, out, err = _run(capsys, "timing", "order", str(path))
    assert code == 2 and out == ""
    assert f"{path}:11:" in err and where in err and "Traceback" not in err


def test_a_situation_naming_an_unknown_card_exits_2_and_a_lookup_of_one_exits_1(tmp_path, capsys, lotr_cli_env):
    text = (SCENARIOS / "lotr" / "engagement-checks.yaml").read_text(encoding="utf-8")
    path = tmp_path / "s.yaml"
    path.write_text(text.replace("heroes: [Gimli]", "heroes: [Gimlee]"), encoding="utf-8")
    for command in ("replay", "check"):
        code, _, err = _run(capsys, command, str(path))
        assert code == 2 and "Gimlee" in err and "did you mean: Gimli" in err, (command, err)
    code, _, err = _run(capsys, "card", "Gimlee Son of Nobody", "--game", "lotr")
    assert code == 1 and err.startswith("Error: no card named")
    code, _, err = _run(capsys, "rule", "no such rule anywhere", "--game", "lotr")
    assert code == 1 and err.startswith("Error: no rule named")


@pytest.mark.parametrize("args, where", [
    (("ask", "can I?", "--width", "90"), "adjudicator --width N ask ..."),
    (("card", "Gimli", "--sources", "/nowhere"), "adjudicator --sources DIR card ..."),
    (("rule", "Unique", "--debug"), "adjudicator --debug rule ..."),
])
def test_a_root_option_given_after_the_command_is_a_usage_error_that_says_where_it_goes(capsys, args, where):
    code, _, err = _run(capsys, *args)
    assert code == 2
    assert f"No such option: {args[2]}" in err
    assert where in err
    assert "Traceback" not in err


def test_an_unknown_option_that_is_no_root_option_gets_no_such_hint(capsys):
    code, _, err = _run(capsys, "rule", "Unique", "--wdth", "90")
    assert code == 2 and "No such option: --wdth" in err
    assert "option of adjudicator itself" not in err
