"""Building the knowledge base: parse every recognised document, enrich the records with
the project's own data, and write the store and the index.

A build writes into a fresh folder and then switches the ``current`` pointer to it with
one atomic rename, so a build killed halfway leaves the previous knowledge base in use;
an exclusive lock makes a second build wait for the first and then find it current.
The fingerprint that says whether the knowledge base is current covers the sources'
contents, the parser code and the project data in rules_db.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import shutil
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from adjudicator.paths import PACKAGE

from .documents import SourceDocument, SourceProblem
from .enrich import enrich
from .records import Record
from .pointer import POINTER, read_pointer, write_pointer as _write_pointer
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


@contextmanager
def build_lock(cache: Path):
    cache.mkdir(parents=True, exist_ok=True)
    with open(cache / "build.lock", "w") as handle:
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


def build(scan: SourceScan, cache: Path, *, force: bool = False, progress: Progress | None = None,
          stat_key: str = "") -> BuildReport:
    """Build the knowledge base for ``scan`` into ``cache`` unless it is already current.

    ``stat_key`` (sizes and times of the inputs) is recorded in the pointer so that the
    next lookup can tell the knowledge base is current without reading the sources."""
    started = time.perf_counter()
    wanted = fingerprint(scan)
    extra = {"stat_key": stat_key, "source_folder": str(scan.folder)} if stat_key else {}
    with build_lock(cache):
        pointer = read_pointer(cache)
        if pointer and pointer.get("fingerprint") == wanted and not force:
            if extra and any(pointer.get(k) != v for k, v in extra.items()):
                _write_pointer(cache, {**pointer, **extra})
            return BuildReport(False, cache / pointer["dir"], wanted, pointer.get("counts", {}),
                               [SourceProblem(Path(p["path"]), p["reason"]) for p in pointer.get("problems", [])],
                               time.perf_counter() - started)
        result = parse_documents(scan, progress)
        name = f"kb-{wanted[:12]}-{os.getpid()}-{int(time.time() * 1000)}"
        staging = cache / (name + ".partial")
        if staging.exists():
            shutil.rmtree(staging)
        staging.mkdir(parents=True)
        from .store import write_store
        from .index import write_index

        documents = [
            {"key": d.key, "title": d.type.title, "game": d.type.game, "version": d.type.version, "date": d.type.date,
             "authority": d.type.authority, "short": d.type.short, "path": str(d.path), "sha256": d.sha256,
             "lines": len(d.lines)}
            for d in result.documents
        ]
        write_store(staging / "kb.sqlite", result.records, documents, progress)
        write_index(staging / "index", result.records, progress)
        final = cache / name
        os.replace(staging, final)
        problems = [{"path": str(p.path), "reason": p.reason} for p in result.problems]
        _write_pointer(cache, {"dir": name, "fingerprint": wanted, "counts": result.counts, "problems": problems,
                               "built": time.strftime("%Y-%m-%dT%H:%M:%S"), **extra})
        _remove_stale(cache, keep={name, (pointer or {}).get("dir", "")})
        return BuildReport(True, final, wanted, result.counts, result.problems, time.perf_counter() - started)


def _remove_stale(cache: Path, keep: set[str]) -> None:
    """Remove old builds, keeping the previous one for readers that still hold it open.
    Called under the build lock, so a ``.partial`` folder is the leftover of a killed build."""
    for path in cache.iterdir():
        if path.is_dir() and path.name.startswith("kb-") and path.name not in keep:
            shutil.rmtree(path, ignore_errors=True)
