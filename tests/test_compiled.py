"""What the program keeps compiled in the cache folder (`adjudicator.compiled`): a pattern made
from its stored program is the pattern `re.compile` makes, a `Lazy` pattern compiles once and
behaves as `re`'s, a dataclass's stored methods are the code `dataclasses` compiles, and a
missing, damaged, foreign or unwritable file changes nothing but the time taken."""

from __future__ import annotations

import dataclasses
import os
import re
import subprocess
import sys

import pytest

from adjudicator import compiled

PATTERNS = [
    (r"\b(?:tie|ties|tied|equal|same (?:value|number))\b|\b(\d+)\s*(?:against|vs\.?)\s*(\d+)\b", re.I),
    (r"(?P<word>[A-Za-zÀ-ſ'-]+)(?:\s+(?P=word))?", 0),
    (r"^\s*see:?\s|\((?:see )?pages? \d+[^)]*\)", re.I | re.M),
    (r"(?<=[.!?])\s+(?=[A-Z\"“(‘'0-9•-])", 0),
    (rb"[\x80-\xff]+", 0),
    (r"[a-z]+", re.ASCII),
    (r"x*", re.X | re.S),
]
TEXTS = ["Tie: 3 against 4, the same value.", "word word Éowyn's déjà-vu", "See page 12.\n(see pages 3-4) here",
         "One. Two! \"Three\" (four)", "xx yyy", ""]


@pytest.fixture
def fresh(tmp_path, monkeypatch):
    """The module as a new process finds it, its file in an empty cache folder."""
    monkeypatch.setenv("ADJUDICATOR_CACHE", str(tmp_path))
    for name, value in (("_patterns", None), ("_code", None), ("_new", False), ("_path", None), ("_used", set())):
        monkeypatch.setattr(compiled, name, value)
    return tmp_path


def _new_process(monkeypatch) -> None:
    for name, value in (("_patterns", None), ("_code", None), ("_new", False)):
        monkeypatch.setattr(compiled, name, value)


def _same(made: re.Pattern, source, flags: int) -> None:
    expected = re.compile(source, flags)
    assert made == expected
    assert (made.pattern, made.flags, made.groups, dict(made.groupindex)) == \
        (expected.pattern, expected.flags, expected.groups, dict(expected.groupindex))
    for text in TEXTS:
        subject = text.encode() if isinstance(source, bytes) else text
        assert [m.span() + m.groups() for m in made.finditer(subject)] == \
            [m.span() + m.groups() for m in expected.finditer(subject)]
        assert made.split(subject) == expected.split(subject)


def test_a_pattern_from_its_stored_program_is_the_pattern_re_compiles(fresh, monkeypatch):
    for source, flags in PATTERNS:
        _same(compiled.regex(source, flags), source, flags)
    compiled.save()
    assert os.path.isfile(compiled.file_path())
    _new_process(monkeypatch)

    def refused(*args, **kwargs):
        raise AssertionError("compiled again although its program was stored")

    monkeypatch.setattr(re, "compile", refused)
    made = [compiled.regex(source, flags) for source, flags in PATTERNS]
    monkeypatch.undo()
    for pattern, (source, flags) in zip(made, PATTERNS):
        _same(pattern, source, flags)


def test_a_lazy_pattern_compiles_once_on_first_use_and_behaves_like_re(fresh, monkeypatch):
    calls = []
    real = compiled.compile

    def counting(source, flags=0):
        calls.append(source)
        return real(source, flags)

    monkeypatch.setattr(compiled, "compile", counting)
    lazy = compiled.Lazy(r"\b(\w)(\w*)\b", re.I)
    assert calls == []  # made, not compiled
    expected = re.compile(r"\b(\w)(\w*)\b", re.I)
    text = "Can my Ranged hero attack?"
    assert lazy.search(text).groups() == expected.search(text).groups()
    assert lazy.match(text).span() == expected.match(text).span()
    assert lazy.fullmatch("Hero").groups() == expected.fullmatch("Hero").groups()
    assert [m.span() for m in lazy.finditer(text)] == [m.span() for m in expected.finditer(text)]
    assert lazy.findall(text) == expected.findall(text)
    assert lazy.sub(r"\2\1", text) == expected.sub(r"\2\1", text)
    assert lazy.split(text, 2) == expected.split(text, 2)
    assert calls == [r"\b(\w)(\w*)\b"]
    assert lazy.compiled() is lazy.compiled() and lazy.compiled() == expected


def _make_classes():
    @dataclasses.dataclass(frozen=True)
    class Span:
        """A span."""

        start: int
        end: int = 0
        tags: list = dataclasses.field(default_factory=list, compare=False)

    @dataclasses.dataclass(order=True)
    class Entry:
        """An entry."""

        rid: str
        score: float = 1.0

    return Span, Entry


def _methods(cls) -> dict:
    return {name: getattr(cls, name).__code__ for name in vars(cls) if hasattr(getattr(cls, name), "__code__")}


def test_dataclass_methods_from_the_store_are_the_code_dataclasses_compiles(fresh, monkeypatch):
    plain = [_methods(cls) for cls in _make_classes()]
    compiled.install()
    try:
        first = [_methods(cls) for cls in _make_classes()]
        compiled.save()
        _new_process(monkeypatch)
        stored = [_methods(cls) for cls in _make_classes()]
        assert compiled._code  # read from the file
        Span, Entry = _make_classes()
    finally:
        compiled.uninstall()
    assert "exec" not in vars(dataclasses)
    assert plain == first == stored
    assert Span(1, 2) == Span(1, 2, ["x"]) and hash(Span(1, 2)) == hash(Span(1, 2, ["y"]))
    assert repr(Entry("a", 2.0)) == "_make_classes.<locals>.Entry(rid='a', score=2.0)"
    assert Entry("a") < Entry("b")
    with pytest.raises(dataclasses.FrozenInstanceError):
        Span(1).start = 2


def test_a_damaged_or_foreign_file_is_compiled_as_usual(fresh, monkeypatch):
    path = compiled.file_path()
    with open(path, "wb") as handle:
        handle.write(b"not marshal data")
    _same(compiled.regex(r"(a)(b)?", 0), r"(a)(b)?", 0)
    import marshal

    _new_process(monkeypatch)
    with open(path, "wb") as handle:  # another interpreter's, or a program that no longer validates
        handle.write(marshal.dumps({"interpreter": ("another",), "patterns": {}, "code": {}}))
    _same(compiled.regex(r"(c)+", 0), r"(c)+", 0)
    _new_process(monkeypatch)
    with open(path, "wb") as handle:
        handle.write(marshal.dumps({"interpreter": compiled.INTERPRETER, "code": {},
                                    "patterns": {(r"(d)+", 0): marshal.dumps((32, [1, 2, 3], 0, {}, (None,)))}}))
    _same(compiled.regex(r"(d)+", 0), r"(d)+", 0)


def test_a_cache_folder_that_cannot_be_written_is_left_as_it_is(tmp_path, monkeypatch):
    blocked = tmp_path / "cache"
    blocked.write_text("a file where the folder should be", encoding="utf-8")
    monkeypatch.setenv("ADJUDICATOR_CACHE", str(blocked))
    for name, value in (("_patterns", None), ("_code", None), ("_new", False), ("_path", None)):
        monkeypatch.setattr(compiled, name, value)
    _same(compiled.regex(r"(e)f", 0), r"(e)f", 0)
    compiled.save()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cache"]


def test_the_program_keeps_what_it_compiled_and_answers_the_same(lotr_cli_env):
    from pathlib import Path

    cache = Path(lotr_cli_env["ADJUDICATOR_CACHE"])
    for old in cache.glob("compiled-*"):
        old.unlink()  # as on a first run
    env = {**os.environ, **lotr_cli_env}
    argv = [sys.executable, "-m", "adjudicator", "ask", "can my ranged hero attack an enemy in the staging area?",
            "--json"]
    first = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=300)
    kept = [p for p in cache.iterdir() if p.name.startswith("compiled-")]
    assert len(kept) == 1 and kept[0].name.endswith("-ask.marshal") and kept[0].stat().st_size > 0
    second = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=300)  # may cut a first run's file
    stamp = kept[0].stat().st_mtime_ns
    third = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=300)
    assert first.returncode == second.returncode == third.returncode == 0
    assert first.stdout == second.stdout == third.stdout and '"best"' in first.stdout
    assert kept[0].stat().st_mtime_ns == stamp  # nothing new to keep: not written again


def test_a_file_holding_far_more_than_a_run_uses_is_cut_to_that_runs_entries(fresh, monkeypatch):
    for i in range(2 * compiled.SLACK):  # a first run that also built the knowledge base
        compiled.regex(rf"(build){i}", 0)
    compiled.save()
    _new_process(monkeypatch)
    monkeypatch.setattr(compiled, "_used", set())
    compiled.regex(r"(build)0", 0)  # a lookup: one pattern of them, nothing new
    compiled.save()
    _new_process(monkeypatch)
    assert list(compiled._read()[0]) == [(r"(build)0", 0)]
    _same(compiled.regex(r"(build)0", 0), r"(build)0", 0)
