"""The knowledge base is the same on every build of the same documents: nothing in a record
(its aliases' order, the record a name links to) follows Python's string-hash seed, which
changes from one process to the next."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DUMP = ("import json, sys\nfrom adjudicator.kb.build import parse_sources\n"
        "records = parse_sources(sys.argv[1])\n"
        "sys.stdout.write(json.dumps([r.to_dict() for r in records], sort_keys=True, default=str))\n")


def _records_with_hash_seed(seed: int, folder: Path) -> str:
    env = dict(os.environ, PYTHONHASHSEED=str(seed))
    done = subprocess.run([sys.executable, "-c", DUMP, str(folder)], capture_output=True, text=True, cwd=REPO,
                          env=env, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_two_builds_with_different_hash_seeds_give_the_same_records(sources_dir):
    first, second = _records_with_hash_seed(1, sources_dir), _records_with_hash_seed(2, sources_dir)
    assert len(first) > 100_000  # the documents were parsed
    assert first == second
