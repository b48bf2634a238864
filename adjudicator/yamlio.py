"""Reading the project's YAML data fast.

A data file (``rules_db/``, ``scenarios/``, ``faq/``) is parsed with libyaml's C loader
when PyYAML has it, and the parsed data is kept in the cache folder (``data/`` under
`paths.cache_dir`), keyed on the file's path, size and modification time and the Python
version, in marshal's format: the next process reads that instead of parsing the YAML
(a tenth of a millisecond instead of ten for the card data), without importing PyYAML.
A file that changed is parsed again and its old entry replaced; a cache folder that
cannot be written only means parsing every time.  marshal holds plain data only (no
code runs when it is read); a file whose data it cannot hold (a YAML date) is not kept.

`load_yaml` returns one shared copy per process (callers must not mutate it);
`load_yaml_copy` a fresh one, for callers that change what they read.  `derived` keeps
what is computed from many files (an index over every situation file) the same way,
keyed on all of them.
"""

from __future__ import annotations

import marshal
import os
import sys
from functools import lru_cache
from pathlib import Path

from adjudicator.sha import sha256

TYPE_CHECKING = False  # typing's, without importing typing at every lookup's start (annotations only)
if TYPE_CHECKING:
    from typing import Any, Callable, Iterable

FORMAT = 1  # bump when the cached form of the data changes
FOLDER = "data"


def loader():
    """libyaml's safe loader when PyYAML has it (several times faster), else the pure one."""
    import yaml

    return getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_text(text: str) -> Any:
    import yaml

    return yaml.load(text, Loader=loader())


def load_yaml(path: Path) -> Any:
    """The parsed file (shared: callers must not mutate it)."""
    stat = Path(path).stat()
    return _shared(str(path), stat.st_mtime_ns, stat.st_size)


def load_yaml_copy(path: Path) -> Any:
    """The parsed file, a copy of its own (read from the cache folder when it is there)."""
    stat = Path(path).stat()
    return _read(str(path), stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=256)
def _shared(path: str, mtime_ns: int, size: int) -> Any:
    return _read(path, mtime_ns, size)


def _entry(path: str, mtime_ns: int, size: int) -> tuple[Path, str] | None:
    """Where the parsed form of this version of ``path`` is kept, and the prefix every
    version of it shares (to remove the old ones); None when there is no cache folder."""
    try:
        from adjudicator.paths import cache_dir

        folder = cache_dir() / FOLDER
    except Exception:  # no home folder to put a cache in
        return None
    name = sha256(os.fsencode(os.path.abspath(path))).hexdigest()[:20]
    version = f"{sys.version_info[0]}{sys.version_info[1]}-{FORMAT}"
    return folder / f"{name}-{size}-{mtime_ns}-{version}.marshal", name


def _read(path: str, mtime_ns: int, size: int) -> Any:
    entry = _entry(path, mtime_ns, size)
    if entry is not None:
        try:
            return marshal.loads(entry[0].read_bytes())
        except (OSError, ValueError, EOFError, TypeError):  # not kept yet, or damaged: parse
            pass
    data = _parsed(path)
    if entry is not None:
        _keep(entry[0], entry[1], data)
    return data


def _parsed(path: str) -> Any:
    """The file parsed; text that is not UTF-8 or not YAML is an InputError naming the file and
    the line (a broken data file stopped every command with PyYAML's traceback)."""
    text = utf8_text(path)
    import yaml

    try:
        return load_text(text)
    except yaml.YAMLError as exc:
        raise yaml_error(path, exc, text) from None


def utf8_text(path) -> str:
    """The file's text; bytes that are not UTF-8 are an InputError naming the file and the line."""
    raw = Path(path).read_bytes()
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        from adjudicator.errors import InputError

        line = raw[: exc.start].count(b"\n") + 1
        raise InputError(f"{path}, line {line}: expected UTF-8 text (byte {raw[exc.start]:#04x} is not)") from None


def yaml_error(path, exc, text: str):
    """The InputError for PyYAML's ``exc`` met reading ``text`` from ``path``: the file, the line
    and what is wrong ("expected well-formed YAML (did not find expected ',' or ']', while parsing
    a flow sequence begun on line 68)")."""
    from adjudicator.errors import InputError

    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    position = getattr(exc, "position", None)  # a reader error (a character YAML refuses) has a position only
    if mark is not None:
        where = f", line {mark.line + 1}"
    elif isinstance(position, int):
        where = f", line {text[:position].count(chr(10)) + 1}"
    else:
        where = ""
    problem = getattr(exc, "problem", None) or (str(exc).splitlines() or ["not YAML"])[0]
    begun = getattr(exc, "context_mark", None)
    if getattr(exc, "context", None) and begun is not None:  # "while scanning a quoted scalar"
        problem = f"{problem}, {exc.context} begun on line {begun.line + 1}"
    return InputError(f"{path}{where}: expected well-formed YAML ({problem})")


def _keep(target: Path, prefix: str, data: Any) -> None:
    try:
        blob = marshal.dumps(data)
    except ValueError:  # data marshal cannot hold (a date): parsed each time
        return
    temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        temporary.write_bytes(blob)
        os.replace(temporary, target)
        for old in target.parent.glob(f"{prefix}-*.marshal"):
            if old != target:
                old.unlink(missing_ok=True)
    except OSError:  # a read-only or full cache folder: nothing kept, nothing left behind
        try:
            temporary.unlink(missing_ok=True)
        except OSError:
            pass


def derived(name: str, inputs: Iterable[Path], compute: Callable[[], Any]) -> Any:
    """``compute()``, kept in the cache folder and keyed on the path, size and modification
    time of every file in ``inputs`` (the data it reads and the code that reads it): it
    runs again only when one of them changed.  Its result must be plain data."""
    stamps = []
    for path in inputs:
        stat = Path(path).stat()
        stamps.append((os.path.abspath(path), stat.st_size, stat.st_mtime_ns))
    return derived_from(name, stamps, compute)


def stamps_under(folder: str, suffix: str | tuple[str, ...]) -> list[tuple[str, int, int]]:
    """(path, size, modification time) of the files under ``folder`` whose names end in
    ``suffix`` (or one of several), in path order (one os.scandir walk: Path.rglob and a stat
    per Path cost a lookup several milliseconds for the ~250 situation files).  Bytecode
    folders (``__pycache__``) are not walked: they hold no source."""
    found: list[tuple[str, int, int]] = []
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError:
        return found
    for entry in entries:
        try:
            if entry.name == "__pycache__":
                continue
            if entry.is_dir():
                found += stamps_under(entry.path, suffix)
            elif entry.name.endswith(suffix) and entry.is_file():
                stat = entry.stat()
                found.append((entry.path, stat.st_size, stat.st_mtime_ns))
        except OSError:
            continue
    return found


def derived_from(name: str, stamps: Iterable[tuple[str, int, int]], compute: Callable[[], Any]) -> Any:
    """`derived`, keyed on (absolute path, size, modification time) stamps already taken."""
    digest = sha256(f"{name}|{sys.version_info[:2]}|{FORMAT}".encode())
    for path, size, mtime_ns in stamps:
        digest.update(f"|{path}|{size}|{mtime_ns}".encode("utf-8", "surrogateescape"))
    try:
        from adjudicator.paths import cache_dir

        target = cache_dir() / FOLDER / f"{name}-{digest.hexdigest()[:20]}.marshal"
    except Exception:
        return compute()
    try:
        return marshal.loads(target.read_bytes())
    except (OSError, ValueError, EOFError, TypeError):
        pass
    data = compute()
    _keep(target, name, data)
    return data
