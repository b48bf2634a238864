"""Building the knowledge base: parse every recognised document, enrich the records with
the project's own data, and write the store and the index.

A build writes into a fresh folder, renames it to ``kb-<fingerprint>`` and then switches
the sources folder's pointer to it (each an atomic rename), so a build killed halfway
leaves the previous knowledge base in use; an exclusive lock makes a second build wait
for the first and then find it current.  Builds of other fingerprints stay (the most
recently used few), so switching between source folders does not rebuild.
The fingerprint that says whether the knowledge base is current covers the sources'
contents, the parser code and the project data in rules_db.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import shutil
import sqlite3
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from adjudicator.errors import StorageError
from adjudicator.paths import PACKAGE

from .documents import SourceDocument, SourceProblem
from .enrich import enrich
from .records import Record
from .pointer import write_pointer as _write_pointer
from .sources import SourceScan

SCHEMA_VERSION = 1

Progress = Callable[[str, int, int], None]  # (stage, done, total)


@dataclass
class ParseResult:
    records: list[Record] = field(default_factory=list)
    documents: list[SourceDocument] = field(default_factory=list)
    problems: list[SourceProblem] = field(default_factory=list)
    counts: dict[str, dict[str, int]] = field(default_factory=dict)


def parse_documents(scan: SourceScan, progress: Progress | None = None) -> ParseResult:
    """Run each document's parser; a parser that fails is reported, the others go on."""
    result = ParseResult(problems=list(scan.problems))
    total = len(scan.documents)
    for done, doc in enumerate(scan.documents):
        if progress:
            progress(f"parsing {doc.type.short}", done, total)
        try:
            parser = doc.type.load_parser()
        except ModuleNotFoundError:
            result.problems.append(SourceProblem(doc.path, f"recognised as the {doc.type.short}, but its parser is not available yet"))
            continue
        try:
            records = parser(doc.lines, doc)
        except Exception as exc:  # a parser bug must not take the other documents down
            result.problems.append(SourceProblem(doc.path, f"the {doc.type.short} parser failed: {exc}"))
            continue
        result.documents.append(doc)
        result.records.extend(records)
    if progress:
        progress("parsing", total, total)
    enrich(result.records)
    for record in result.records:
        per_doc = result.counts.setdefault(record.span.doc, {})
        per_doc[record.kind.value] = per_doc.get(record.kind.value, 0) + 1
    return result


def parse_sources(folder: Path | str, only: tuple[str, ...] = ()) -> list[Record]:
    """All records from the documents in ``folder`` (for tests and the engines' citation
    checks); ``only`` limits it to those document keys ("lotr-rr", "lotr-faq", ...)."""
    from .sources import scan

    found = scan(Path(folder))
    if only:
        found.documents = [d for d in found.documents if d.key in only]
    return parse_documents(found).records


# -- fingerprint --------------------------------------------------------------------------


def code_fingerprint() -> str:
    """Hash of the parser code and the project data that records are built from."""
    from .inputs import build_inputs

    digest = hashlib.sha256(f"schema {SCHEMA_VERSION}".encode())
    for path in build_inputs():
        digest.update(str(path.relative_to(PACKAGE.parent)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def fingerprint(scan: SourceScan) -> str:
    digest = hashlib.sha256(code_fingerprint().encode())
    for doc in sorted(scan.documents, key=lambda d: d.key):
        digest.update(f"{doc.key}:{doc.sha256}".encode())
    return digest.hexdigest()


# -- build --------------------------------------------------------------------------------

KEEP_BUILDS = 4  # builds kept in the cache (one per source fingerprint), the most recently used
META = "build.json"  # inside each build: its fingerprint, counts, problems and time


@contextmanager
def build_lock(cache: Path):
    try:
        cache.mkdir(parents=True, exist_ok=True)
        handle = open(cache / "build.lock", "w")
    except OSError as exc:
        raise StorageError.from_os_error(exc, f"cannot build the knowledge base in {cache}") from None
    with handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


@dataclass
class BuildReport:
    built: bool
    folder: Path
    fingerprint: str
    counts: dict[str, dict[str, int]]
    problems: list[SourceProblem]
    seconds: float


def build_name(fingerprint_: str) -> str:
    return f"kb-{fingerprint_[:16]}"


def read_meta(folder: Path) -> dict | None:
    try:
        data = json.loads((folder / META).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def build(scan: SourceScan, cache: Path, *, force: bool = False, progress: Progress | None = None,
          stat_key: str = "") -> BuildReport:
    """Build the knowledge base for ``scan`` into ``cache`` unless a build of the same
    fingerprint is there already (built for this folder or another one).

    ``stat_key`` (sizes and times of the inputs) is recorded in the folder's pointer so
    that the next lookup can tell the knowledge base is current without reading the
    sources.  A folder that cannot be written (a full disk, a read-only cache) is a
    `StorageError` and leaves nothing half-written."""
    started = time.perf_counter()
    wanted = fingerprint(scan)
    name = build_name(wanted)
    final = cache / name
    where = {"stat_key": stat_key, "source_folder": str(scan.folder)} if stat_key else {}
    meta = read_meta(final)
    if meta and not force and read_only(cache):  # a read-only cache with the build in it: use it
        return _report(False, final, meta, scan, started)
    with build_lock(cache):
        meta = read_meta(final)
        if meta and not force:
            _point(cache, name, meta, scan, where)
            return _report(False, final, meta, scan, started)
        result = parse_documents(scan, progress)
        documents = [
            {"key": d.key, "title": d.type.title, "game": d.type.game, "version": d.type.version, "date": d.type.date,
             "authority": d.type.authority, "short": d.type.short, "path": str(d.path), "sha256": d.sha256,
             "lines": len(d.lines)}
            for d in result.documents
        ]
        meta = {"fingerprint": wanted, "counts": result.counts,  # parser problems: the folder's own come from its scan
                "problems": [{"path": str(p.path), "reason": p.reason} for p in result.problems if p not in scan.problems],
                "built": time.strftime("%Y-%m-%dT%H:%M:%S")}
        staging = cache / f"{name}.{os.getpid()}.partial"
        try:
            _write_build(staging, result.records, documents, meta, progress)
            if final.exists():  # --force: the old build moves aside, then goes
                old = cache / f"{name}.{os.getpid()}.old"
                os.replace(final, old)
                shutil.rmtree(old, ignore_errors=True)
            os.replace(staging, final)
            _point(cache, name, meta, scan, where)
        except (OSError, sqlite3.Error) as exc:
            shutil.rmtree(staging, ignore_errors=True)
            raise _storage_error(exc, cache) from None
        _prune(cache, keep=name)
        return BuildReport(True, final, wanted, result.counts, result.problems, time.perf_counter() - started)


def _write_build(staging: Path, records, documents, meta, progress) -> None:
    from .index import write_index
    from .store import write_store

    if staging.exists():
        shutil.rmtree(staging)
    staging.mkdir(parents=True)
    write_store(staging / "kb.sqlite", records, documents, progress)
    write_index(staging / "index", records, progress)
    (staging / META).write_text(json.dumps(meta, indent=1), encoding="utf-8")


def _problems(meta: dict, scan: SourceScan) -> list[dict]:
    """The folder's own problems (its scan) and the build's (a parser that failed)."""
    return [{"path": str(p.path), "reason": p.reason} for p in scan.problems] + meta.get("problems", [])


def _point(cache: Path, name: str, meta: dict, scan: SourceScan, where: dict) -> None:
    from .pointer import read_pointer

    pointer = {"dir": name, **meta, "problems": _problems(meta, scan), **where}
    folder = where.get("source_folder")
    if read_pointer(cache, folder) == pointer and (not folder or read_pointer(cache) == pointer):
        return
    try:
        _write_pointer(cache, pointer)
    except OSError as exc:
        raise _storage_error(exc, cache) from None


def _report(built: bool, folder: Path, meta: dict, scan: SourceScan, started: float) -> BuildReport:
    return BuildReport(built, folder, meta.get("fingerprint", ""), meta.get("counts", {}),
                       [SourceProblem(Path(p["path"]), p["reason"]) for p in _problems(meta, scan)],
                       time.perf_counter() - started)


def read_only(cache: Path) -> bool:
    return cache.is_dir() and not os.access(cache, os.W_OK)


def _storage_error(exc: Exception, cache: Path) -> StorageError:
    if isinstance(exc, OSError):
        return StorageError.from_os_error(exc, f"cannot write the knowledge base in {cache}")
    text = str(exc)
    cause = "the disk is full" if "full" in text else text
    return StorageError(f"cannot write the knowledge base in {cache}: {cause}")


def _prune(cache: Path, keep: str) -> None:
    """Keep the builds that pointers name, the most recently used first, at most
    KEEP_BUILDS of them; remove the rest, the leftovers of killed builds and the
    pointers whose build is gone.  Called under the build lock."""
    from .pointer import all_pointers

    pointers = all_pointers(cache)
    ranked: list[str] = [keep]
    for path, data in sorted(pointers, key=lambda item: _mtime(item[0]), reverse=True):
        if data.get("dir") and data["dir"] not in ranked:
            ranked.append(data["dir"])
    kept = set(ranked[:KEEP_BUILDS])
    for path in cache.iterdir():
        if path.is_dir() and path.name.startswith("kb-") and path.name not in kept:
            shutil.rmtree(path, ignore_errors=True)
    for path, data in pointers:
        if data.get("dir") not in kept:
            path.unlink(missing_ok=True)


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0
