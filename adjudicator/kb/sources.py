"""Finding the source documents: ``--sources DIR``, else ADJUDICATOR_SOURCES, else the
user's data folder (filled by ``adjudicator sources add``).  Recognising a document
(`documents`) is imported when a folder is scanned, not by a lookup that only needs to
know where the folders are."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from adjudicator.errors import InputError, SourcesError

TYPE_CHECKING = False  # typing's, without importing typing at every lookup's start
if TYPE_CHECKING:
    from .documents import SourceDocument, SourceProblem

ENV = "ADJUDICATOR_SOURCES"
CACHE_ENV = "ADJUDICATOR_CACHE"
DATA_ENV = "ADJUDICATOR_DATA"


def data_dir() -> Path:
    if os.environ.get(DATA_ENV):
        return Path(os.environ[DATA_ENV])
    import platformdirs

    return Path(platformdirs.user_data_dir("adjudicator", appauthor=False))


def cache_dir() -> Path:
    from adjudicator.paths import cache_dir as user_cache_dir

    return user_cache_dir()


# The folder given with ``--sources`` (the CLI sets it, and ADJUDICATOR_SOURCES for the
# processes it starts): said as "--sources" where the folder's origin is shown.
_option: Path | None = None


def use_option(folder: str) -> None:
    """``--sources DIR``: read this folder."""
    global _option
    _option = Path(folder).expanduser()
    os.environ[ENV] = folder


def sources_dir() -> tuple[Path, str]:
    """The folder to read, and where that choice came from: "--sources", the environment
    variable's name, or "user data folder"."""
    if _option is not None and os.environ.get(ENV) and Path(os.environ[ENV]).expanduser() == _option:
        return _option, "--sources"
    if os.environ.get(ENV):
        return Path(os.environ[ENV]).expanduser(), ENV
    return data_dir() / "sources", "user data folder"


@dataclass
class SourceScan:
    """What a sources folder holds: the documents recognised in it and the files refused."""

    folder: Path
    origin: str
    documents: list[SourceDocument] = field(default_factory=list)
    problems: list[SourceProblem] = field(default_factory=list)

    def by_key(self) -> dict[str, SourceDocument]:
        return {d.key: d for d in self.documents}


def scan(folder: Path | None = None, origin: str | None = None) -> SourceScan:
    """Recognise every file in the sources folder (``folder``: another one; ``origin``: where
    it came from, as messages say it).  Two copies of one document: a
    complete copy is used and a damaged one reported, naming the copy used; of two
    complete, different copies the first by file name is used and the other reported."""
    if folder is None:
        folder, origin = sources_dir()
    else:
        origin = origin or "argument"
    result = SourceScan(folder, origin)
    if not folder.exists():
        return result
    if not folder.is_dir():
        raise SourcesError(f"{folder} ({origin}) is not a folder")
    from .documents import SourceDocument, SourceProblem, recognise

    seen: dict[str, SourceDocument] = {}
    for path in sorted(p for p in folder.iterdir() if p.is_file() and not p.name.startswith(".")):
        if path.name.lower() in ("readme.md", "readme.txt", "readme"):
            continue
        found = recognise(path)
        if isinstance(found, SourceProblem):
            result.problems.append(found)
        elif found.key in seen:
            if seen[found.key].sha256 != found.sha256:
                result.problems.append(
                    SourceProblem(path, f"a second, different copy of the {found.type.short}; using {seen[found.key].path.name}")
                )
        else:
            seen[found.key] = found
            result.documents.append(found)
    for problem in result.problems:
        if problem.key in seen:
            problem.reason += f"; the complete copy {seen[problem.key].path.name} is used"
    return result


def require(scan_result: SourceScan) -> SourceScan:
    if not scan_result.documents:
        where = f"{scan_result.folder} ({scan_result.origin})"
        detail = "; ".join(str(p) for p in scan_result.problems[:3])
        raise SourcesError(
            f"no source documents found in {where}" + (f": {detail}" if detail else ""),
            hint="point --sources or ADJUDICATOR_SOURCES at the folder of documents, or run 'adjudicator sources add FILE...'",
        )
    return scan_result


def add(files: list[Path]) -> list[tuple[Path, SourceDocument]]:
    """Copy recognised documents into the user's sources folder (all or nothing: a file
    that is not a complete, recognised document, or a folder that cannot be written,
    leaves the folder as it was)."""
    import shutil

    from adjudicator.errors import StorageError, os_error_message

    from .documents import SourceProblem, recognise

    target = data_dir() / "sources"
    recognised: list[tuple[Path, SourceDocument]] = []
    problems: list[str] = []
    for path in files:
        try:
            exists, is_file = path.exists(), path.is_file()
        except OSError as exc:  # a name too long, a loop of links
            problems.append(f"{_short(path)}: {os_error_message(exc).rsplit(': ', 1)[-1]}")
            continue
        if not is_file:
            what = "a folder" if path.is_dir() else "not a regular file (a device or a pipe)"
            problems.append(f"{_short(path)}: {what if exists else 'no such file'}")
            continue
        found = recognise(path)
        if isinstance(found, SourceProblem):
            problems.append(f"{_short(path)}: {found.reason}")
        else:
            recognised.append((path, found))
    if problems:
        raise InputError("nothing was added: " + "; ".join(problems))
    written: list[Path] = []
    try:
        target.mkdir(parents=True, exist_ok=True)
        for path, doc in recognised:  # every copy first, then the renames
            temporary = target / f".{doc.key}.{os.getpid()}.tmp"
            written.append(temporary)
            shutil.copyfile(path, temporary)
        for (path, doc), temporary in zip(recognised, written):
            os.replace(temporary, target / f"{doc.key}.txt")
    except OSError as exc:
        for temporary in written:
            temporary.unlink(missing_ok=True)
        raise StorageError.from_os_error(exc, f"cannot store the documents in {target}") from None
    return recognised


def _short(path: Path) -> str:
    text = str(path)
    return text if len(text) <= 120 else text[:60] + "…" + text[-40:]
