"""A vocabulary file is read as written (YAML 1.1's booleans, numbers and dates stay the words
written) and a bad one is an InputError naming the file, the line, what was expected and the
section meant."""

from __future__ import annotations

import pytest

from adjudicator.ask import vocabulary
from adjudicator.errors import InputError


def _write(tmp_path, monkeypatch, text: str):
    (tmp_path / "lotr").mkdir()
    (tmp_path / "lotr" / vocabulary.FILE).write_text(text, encoding="utf-8")
    monkeypatch.setattr("adjudicator.paths.RULES_DB", tmp_path)
    return tmp_path / "lotr" / vocabulary.FILE


def test_a_vocabulary_file_is_read_as_written_never_as_yaml_1_1_booleans_numbers_or_dates(tmp_path, monkeypatch):
    _write(tmp_path, monkeypatch, "phrases:\n  'on the table': in play\n  no: not\n  'chump( block)?': block\n"
                                  "markers:\n  - On\n  - No\n  - Yes\n  - 1_000\n  - 2026-11-26\n  - Frodo\n")
    vocab = vocabulary.read("lotr")
    assert [(p.pattern, p.means) for p in vocab["phrases"]] == [
        ("on the table", "in play"), ("no", "not"), ("chump( block)?", "block")]
    assert vocab["markers"] == ["On", "No", "Yes", "1_000", "2026-11-26", "Frodo"]


@pytest.mark.parametrize("text, line, expected, hint", [
    ("phrases:\n  shoot: ranged attack\nmarker:\n  - Frodo\n", 3, "unknown section 'marker'", "did you mean markers?"),
    ("phrases:\n  shoot: ranged attack\n  '(unclosed': attack\n", 3, "phrase '(unclosed' is not a valid pattern", ""),
    ("phrases:\n  shoot: ranged attack\n  chump:\n", 3, "phrase 'chump' has no rules words", ""),
    ("phrases:\n  shoot: [ranged, attack]\n", 2, "expected the rules words phrase 'shoot' means", ""),
    ("phrases:\n  shoot: ranged attack\n  shoot: attack\n", 3, "'shoot' is written twice (first on line 2)", ""),
    ("markers:\n  - Frodo\n  - {Sam: Gamgee}\n", 3, "expected a marker word or name", ""),
    ("markers: Frodo\n", 1, "expected a list of marker words and names", ""),
    ("- phrases\n", 1, "expected a mapping with phrases: and markers:", ""),
])
def test_a_bad_vocabulary_entry_is_an_input_error_naming_the_file_its_line_and_the_section_meant(
        tmp_path, monkeypatch, text, line, expected, hint):
    path = _write(tmp_path, monkeypatch, text)
    with pytest.raises(InputError) as caught:
        vocabulary.read("lotr")
    assert str(caught.value).startswith(f"{path}, line {line}: ") and expected in str(caught.value)
    assert caught.value.hint == hint


def test_empty_vocabulary_sections_are_empty(tmp_path, monkeypatch):
    _write(tmp_path, monkeypatch, "phrases:\nmarkers:\n")
    assert vocabulary.read("lotr") == {"phrases": [], "markers": []}
