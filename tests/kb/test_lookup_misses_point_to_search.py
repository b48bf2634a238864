"""A `rule`, `card` or `scenario` name that matches nothing ends its error with the `search` command that
looks for those words in every record (exit 1, one hint line, no traceback)."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("command, name, search", [
    ("rule", "ranged attack", "adjudicator search 'ranged attack'"),
    ("card", "Zzyzx Qwerty", "adjudicator search 'Zzyzx Qwerty'"),
    ("rule", "qwxzv", "adjudicator search qwxzv"),
    ("scenario", "Zzyzx Qwerty", "adjudicator search 'Zzyzx Qwerty'"),
])
def test_a_lookup_that_finds_no_such_name_names_the_search_for_its_words(cli, command, name, search):
    code, out, err = cli(command, name)
    assert code == 1 and out == ""
    lines = err.splitlines()
    assert lines[0].startswith(f"Error: no {command} named") and len(lines) == 2
    assert lines[1].endswith(f"look for the words in every record: {search}")
    assert "Traceback" not in err


def test_the_search_hint_keeps_the_game_given(cli):
    _, _, err = cli("rule", "qwxzv", "--game", "lotr")
    assert err.splitlines()[1].endswith("adjudicator search qwxzv --game lotr")


def test_a_name_too_long_to_repeat_gets_no_search_hint(cli):
    code, _, err = cli("rule", "x" * 150)
    assert code == 1 and "adjudicator search" not in err
