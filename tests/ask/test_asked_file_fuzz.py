"""Any text in an asked file or a vocabulary file, YAML or not, is read cleanly or is an
InputError naming the file: never another exception (hypothesis builds the text from YAML's
own pieces: indentation, list dashes, keys, quotes, flow brackets, anchors, aliases, tags,
directives, document markers, YAML 1.1 booleans, bytes that are not UTF-8)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.ask import asked, vocabulary
from adjudicator.errors import InputError

PIECES = [
    "lotr:rr:sentinel:", "lotr:rr:x", "metw:glossary:x:", "lotr:faq:q:41:", "\n", "\n", "\n", "  ", "    ", "\t",
    "- ", "- ", "ask: ", "says: ", "asks: ", "phrases:", "markers:", "'chump( block)?': chump block", "- Frodo",
    "Can my sentinel hero block for a friend?", "Why?", "yes", "no", "on", "off", "True", "y", "~", "null", "2 threat",
    "010", "0x1F", "1_000", "2026-11-26", "12:30:00", ".inf", "[", "]", "{", "}", ",", ":", ": ", "'", '"', "#", "? ",
    "&a ", "*a", "*b", "<<: ", "!!int ", "!!binary ", "!!python/object:os.system ", "!tag ", "---\n", "...\n",
    "%YAML 1.1\n", "%TAG ! tag:x,2000:\n", "|\n", ">-\n", "\\", "\\x00", "\x00", "\x85", "\u2028", "\ufeff", "é", "…",
    "(", "[a-", "?P<", ")", "*",
]
texts = st.lists(st.sampled_from(PIECES) | st.text(max_size=6), max_size=40).map("".join)
# files shaped like asked files, with the mistakes people make in them, then a few pieces spliced in
IDS = ["lotr:rr:sentinel", "lotr:rr:x", "lotr:faq:q:41", "metw:glossary:x", "lotr:RR:x", "'lotr:rr:q'", "~", "lotr",
       "? [a]", "&r lotr:rr:y", "*r"]
KEYS = ["ask", "says", "asks", "answer", "'ask'", '"says"', "<<", "? ask", "ask ", "1"]
VALUES = ["Can my sentinel hero block for a friend?", "Can I do it twice in one round?", "Why?", "yes", "no", "on",
          "off", "True", "y", "2 threat", "010", "3.5", "~", "", "[a, b]", "{a: b}", "&a Can I do it twice in a round?",
          "*a", "!!int 3", "!!bool yes", "'quoted yes'", '"two\\nlines of a question here"', "|\n      Can I do it\n"
          "      twice?", ">-\n      Can my hero\n      block?", "- nested", "2026-11-26", "Can I: do it twice?"]
values = st.sampled_from(VALUES) | st.text(alphabet="abc XYZ:?-'\"#&*!|>[]{},.%@`019é…\t", max_size=8)
pairs = st.lists(st.tuples(st.sampled_from(KEYS), values), min_size=1, max_size=3)
entry = st.one_of(pairs.map(lambda kv: "  - " + "    ".join(f"{k}: {v}\n" for k, v in kv)),
                  values.map(lambda v: f"  - {v}\n"))
record = st.tuples(st.sampled_from(IDS), st.lists(entry, max_size=3)).map(lambda t: f"{t[0]}:\n" + "".join(t[1]))
shaped = st.tuples(st.lists(record, max_size=4).map("".join),
                   st.lists(st.tuples(st.integers(0, 400), st.sampled_from(PIECES)), max_size=2)).map(
    lambda t: _splice(*t))


def _splice(text: str, pieces: list) -> str:
    for at, piece in pieces:
        at %= len(text) + 1
        text = text[:at] + piece + text[at:]
    return text


raw = st.one_of(texts.map(lambda text: text.encode("utf-8", "surrogatepass")), st.binary(max_size=60),
                texts.map(lambda text: text.encode("utf-8", "surrogatepass") + b"\xff\xfe"))

FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


ROOT = Path(tempfile.mkdtemp(prefix="asked-fuzz-"))  # one folder, each example's file written over


def _with_file(monkeypatch, where: str, content: bytes) -> Path:
    path = ROOT / where
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    monkeypatch.setattr("adjudicator.paths.RULES_DB", ROOT)
    return path


@FUZZ
@given(content=st.one_of(raw, shaped.map(lambda text: text.encode("utf-8", "surrogatepass"))))
def test_any_text_in_an_asked_file_loads_cleanly_or_is_an_input_error_naming_the_file(monkeypatch, content):
    path = _with_file(monkeypatch, "lotr/asked/part.yaml", content)
    try:
        entries = asked.read("lotr")
    except InputError as exc:
        assert str(exc).startswith(str(path)), str(exc)
        return
    for entry in entries:
        assert entry.record.startswith("lotr:") and asked.MIN_WORDS <= len(entry.ask.split()) <= asked.MAX_WORDS
        assert entry.says == "" or asked.SAYS.match(entry.says)
        assert entry.file == str(path) and entry.line >= entry.record_line >= 1


@FUZZ
@given(content=raw)
def test_any_text_in_a_vocabulary_file_loads_cleanly_or_is_an_input_error_naming_the_file(monkeypatch, content):
    path = _with_file(monkeypatch, f"lotr/{vocabulary.FILE}", content)
    try:
        vocab = vocabulary.read("lotr")
    except InputError as exc:
        assert str(exc).startswith(str(path)), str(exc)
        return
    assert all(isinstance(p.pattern, str) and p.means.strip() for p in vocab["phrases"])
    assert all(isinstance(m, str) for m in vocab["markers"])


def test_an_asked_file_nested_a_hundred_thousand_deep_is_an_input_error_not_a_crash(monkeypatch):
    """libyaml's composer recursed in C until the process crashed (a segmentation fault)."""
    for text, line in (("[" * 100_000, 1), ("lotr:rr:x:\n  - " + "- " * 100_000 + "x\n", 2), ("{a: " * 50_000, 1)):
        path = _with_file(monkeypatch, "lotr/asked/part.yaml", text.encode())
        try:
            asked.read("lotr")
        except InputError as exc:
            assert str(exc).startswith(f"{path}, line {line}: expected well-formed YAML"), str(exc)
        else:
            raise AssertionError("read")
