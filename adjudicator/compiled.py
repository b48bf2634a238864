"""What every process would compile again, kept compiled in the cache folder: the programs
of the package's regular expressions and the methods `dataclasses` writes for each class.

Both are pure work on constant text, repeated by every command at start-up:
- `re` parses and compiles a pattern with Python code (``re._parser``, ``re._compiler``):
  about 0.1 ms a pattern, some 4 ms of an `ask` (45 patterns);
- `dataclasses` writes each class's ``__init__``, ``__repr__``, ``__eq__`` ... as source
  text and compiles it with ``exec``: about 0.15 ms a method, 5 to 8 ms of an `ask` and more
  of a `replay`.

Their results depend only on the text and the interpreter, so they are kept in one marshal
file per interpreter and command (``compiled-<tag>-<command>.marshal`` in the cache folder,
the tag from ``sys.version``, the bytecode tag and the regular-expression engine's version;
one file a command, so that a lookup does not read what an index build or a replay compiled),
read once by the first pattern or class that needs it:
- `compile` (and `Lazy`, compiled on first use) gives the pattern `re.compile` gives, made
  from its stored program (``_sre.compile``, the constructor `re.compile` itself ends in).
  A program is stored only after the pattern it makes was checked equal to `re.compile`'s
  (same program, flags and groups); anything unexpected (another Python, a damaged file)
  falls back to `re.compile`.
- `install` (the program's start, `adjudicator.cli.main`) lets `dataclasses` execute the
  stored code object of a method's source instead of compiling the source again; code
  compiled from the same text by the same interpreter is the same code.
- `save` (the program's end) writes the file when this process compiled something it did
  not hold; a folder that cannot be written is left as it is (the next run compiles again).
Behaviour never depends on the file: a pattern or a method is the same with or without it.
"""

from __future__ import annotations

import builtins
import marshal
import os
import re
import sys

try:
    import _sre
except ImportError:  # pragma: no cover - another interpreter: everything is compiled by re
    _sre = None

# The interpreter the stored programs and code were made by: a file made by another is
# never read (its name differs, and its header is checked).
INTERPRETER = (sys.version, sys.implementation.cache_tag, getattr(_sre, "MAGIC", 0), getattr(_sre, "CODESIZE", 0),
               marshal.version)
MAX_ENTRIES = 4000  # patterns or code objects; more (patterns from changing data): start again
SLACK = 40  # entries a file may hold beyond twice what one run uses before it is cut to a run's own

# Each entry is kept marshalled, and read when it is first asked for: the file holds what every
# command compiled (an index build's dataclasses too), a lookup reads a tenth of it.
_patterns: dict | None = None  # (source, flags) -> the arguments of _sre.compile but the source
_code: dict | None = None  # a generated method's source -> its code object
_new = False  # this process compiled something the file does not hold
_used: set = set()  # the keys of both tables this process asked for
_path: str | None = None
_command = "library"  # whose file: the command the program runs (`install`), else a library caller's


def file_path() -> str:
    """The file of this interpreter in the cache folder."""
    global _path
    if _path is None:
        from adjudicator.paths import cache_dir
        from adjudicator.sha import sha256

        tag = sha256(repr(INTERPRETER).encode()).hexdigest()[:16]
        _path = os.path.join(str(cache_dir()), f"compiled-{tag}-{_command}.marshal")
    return _path


def _read() -> tuple[dict, dict]:
    try:
        with open(file_path(), "rb") as handle:
            data = marshal.loads(handle.read())
        if data["interpreter"] == INTERPRETER and isinstance(data["patterns"], dict) and isinstance(data["code"], dict):
            return data["patterns"], data["code"]
    except Exception:  # noqa: BLE001 - missing, damaged or foreign: compile as usual
        pass
    return {}, {}


def _load() -> None:
    global _patterns, _code
    if _patterns is None:
        _patterns, _code = _read()


# -- regular expressions ---------------------------------------------------------------------


def compile(source, flags: int = 0) -> re.Pattern:  # noqa: A001 - the name re uses
    """``re.compile(source, flags)``, from the stored program when there is one."""
    global _new
    flags = int(flags)
    _load()
    key = (source, flags)
    _used.add(key)
    stored = _patterns.get(key)
    if stored is not None:
        try:
            return _sre.compile(source, *marshal.loads(stored))
        except Exception:  # noqa: BLE001 - a damaged entry: compile it again
            del _patterns[key]
    pattern = re.compile(source, flags)
    made = _program(source, flags, pattern)
    if made is not None:
        _patterns[key] = marshal.dumps(made)
        _new = True
    return pattern


def _program(source, flags: int, pattern: re.Pattern) -> tuple | None:
    """The arguments `_sre.compile` takes after the source, as `re._compiler.compile` makes
    them, or None when the pattern they make is not equal to ``pattern``."""
    if _sre is None or flags & re.DEBUG:
        return None
    try:
        from re import _compiler, _parser

        parsed = _parser.parse(source, flags)
        code = _compiler._code(parsed, flags)
        groupindex = dict(parsed.state.groupdict)
        indexgroup = [None] * parsed.state.groups
        for name, index in groupindex.items():
            indexgroup[index] = name
        # plain ints (the opcodes are int subclasses, which marshal does not write)
        made = (int(flags | parsed.state.flags), [int(c) for c in code], int(parsed.state.groups - 1), groupindex,
                tuple(indexgroup))
        rebuilt = _sre.compile(source, *made)
    except Exception:  # noqa: BLE001 - another version of re: no stored program
        return None
    same = (rebuilt == pattern and rebuilt.flags == pattern.flags and rebuilt.groups == pattern.groups
            and dict(rebuilt.groupindex) == dict(pattern.groupindex))
    return made if same else None


class Lazy:
    """A pattern with the methods the package uses, compiled (`compile`) when one of them is
    first called: a module's patterns that one command never uses cost it nothing."""

    __slots__ = ("source", "flags", "_compiled")

    def __init__(self, source: str, flags: int = 0) -> None:
        self.source, self.flags, self._compiled = source, flags, None

    def compiled(self) -> re.Pattern:
        if self._compiled is None:
            self._compiled = compile(self.source, self.flags)
        return self._compiled

    def search(self, *args):
        return self.compiled().search(*args)

    def match(self, *args):
        return self.compiled().match(*args)

    def fullmatch(self, *args):
        return self.compiled().fullmatch(*args)

    def finditer(self, *args):
        return self.compiled().finditer(*args)

    def findall(self, *args):
        return self.compiled().findall(*args)

    def sub(self, *args):
        return self.compiled().sub(*args)

    def split(self, *args):
        return self.compiled().split(*args)


# -- dataclasses' methods --------------------------------------------------------------------


def _exec(source, globals=None, locals=None):  # noqa: A002 - exec's own parameter names
    """``exec`` for `dataclasses`: the stored code object of ``source``, compiled as exec
    compiles a string called from `dataclasses` (no ``__future__`` flags: that module has none)."""
    global _new
    if not isinstance(source, str):
        return exec(source, globals, locals)
    _load()
    _used.add(source)
    stored = _code.get(source)
    code = None
    if stored is not None:
        try:
            code = marshal.loads(stored)
        except Exception:  # noqa: BLE001 - a damaged entry: compile it again
            code = None
    if type(code) is not _CODE:
        code = builtins.compile(source, "<string>", "exec", dont_inherit=True)
        _code[source] = marshal.dumps(code)
        _new = True
    return exec(code, globals, locals)


_CODE = type(_exec.__code__)



def install(command: str = "") -> None:
    """Let `dataclasses` use the stored methods for the rest of the process (the program's
    start: a library caller's process is left alone), from the file of ``command`` (the
    lookup the program runs, else "other")."""
    global _command
    import dataclasses

    if _patterns is None and _path is None:
        _command = command if command.isascii() and command.isalpha() and len(command) <= 20 else "other"

    if "exec" not in vars(dataclasses):
        dataclasses.exec = _exec


def uninstall() -> None:
    import dataclasses

    if vars(dataclasses).get("exec") is _exec:
        del dataclasses.exec


# -- the file ----------------------------------------------------------------------------------


def save() -> None:
    """Write the file when this process compiled something new (merged with what another
    process wrote meanwhile), or when it holds far more than this process used (a first run
    that built the knowledge base: its entries are cut to this run's); a folder that cannot be
    written is left as it is."""
    global _new
    if _patterns is None:
        return
    held = len(_patterns) + len(_code)
    bloated = held > 2 * len(_used) + SLACK
    if not _new and not bloated:
        return
    _new = False
    path = file_path()
    if not os.path.isdir(os.path.dirname(path)):
        return  # no cache folder yet: nothing of the package's was built
    if bloated:  # this run's entries only
        patterns = {k: v for k, v in _patterns.items() if k in _used}
        code = {k: v for k, v in _code.items() if k in _used}
    else:
        patterns, code = _read()
        if len(patterns) + len(_patterns) > MAX_ENTRIES:
            patterns = {}
        if len(code) + len(_code) > MAX_ENTRIES:
            code = {}
        patterns.update(_patterns)
        code.update(_code)
    temporary = f"{path}.{os.getpid()}.tmp"
    try:
        with open(temporary, "wb") as handle:
            handle.write(marshal.dumps({"interpreter": INTERPRETER, "patterns": patterns, "code": code}))
        os.replace(temporary, path)
    except (OSError, ValueError):  # read-only or full: compile again next time
        try:
            os.unlink(temporary)
        except OSError:
            pass


regex = compile  # the name the modules import: `X = regex(r"...", re.I)` is `re.compile`'s pattern
