"""A project data file (rules_db, scenarios, faq) that is not YAML or not UTF-8 is an InputError
naming the file and the line, never PyYAML's traceback (every command read them through
``yamlio.load_yaml``: a broken synonyms.yaml stopped `ask` with a traceback from the build)."""

from __future__ import annotations

import pytest

from adjudicator import yamlio
from adjudicator.errors import InputError


@pytest.mark.parametrize("content, line, expected", [
    (b"abbreviations:\n  ch: chump block\n  bad: [unclosed\n", 4, "expected well-formed YAML (did not find expected"),
    (b"a: 'open quote\n", 2, "while scanning a quoted scalar begun on line 1"),
    (b"a: 1\nb: \x00\n", 2, "expected well-formed YAML"),
    (b"a: 1\nb: caf\xe9\n", 2, "expected UTF-8 text (byte 0xe9 is not)"),
])
def test_a_data_file_that_is_not_yaml_is_an_input_error_naming_the_file_and_the_line(tmp_path, content, line, expected):
    path = tmp_path / "synonyms.yaml"
    path.write_bytes(content)
    for read in (yamlio.load_yaml, yamlio.load_yaml_copy):
        with pytest.raises(InputError) as caught:
            read(path)
        assert str(caught.value).startswith(f"{path}, line {line}: ") and expected in str(caught.value)
