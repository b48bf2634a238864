"""What a lookup loads at start-up: the keys of its caches are digested without OpenSSL
(`adjudicator.sha`), so a card lookup or a replay whose caches are warm never imports
hashlib's OpenSSL bindings."""

from __future__ import annotations

import hashlib
import subprocess
import sys

from adjudicator.paths import SCENARIOS
from adjudicator.sha import sha256

PROBE = ("import sys\nfrom adjudicator.cli import main\ncode = main(sys.argv[1:])\n"
         "loaded = sorted(m for m in sys.modules if m in ('_hashlib', 'hashlib', 'yaml'))\n"
         "sys.stderr.write(repr((code, loaded)))\n")


def _loaded(args: list[str]) -> str:
    for _ in range(2):  # the first run fills the caches
        done = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, timeout=300)
    return done.stderr.strip()


def test_the_cache_keys_digest_is_sha256():
    for data in (b"", b"abc", "Chieftain Ufthak|1234|5678".encode(), bytes(range(256)) * 40):
        assert sha256(data).hexdigest() == hashlib.sha256(data).hexdigest()
    parts = sha256()
    parts.update(b"rules_db/lotr|1|2;")
    parts.update(b"scenarios|3|4;")
    assert parts.hexdigest() == hashlib.sha256(b"rules_db/lotr|1|2;scenarios|3|4;").hexdigest()


def test_a_card_lookup_does_not_load_openssl(lotr_cli_env):
    assert _loaded(["card", "Chieftain Ufthak", "--json"]).endswith("(0, [])")


def test_a_replay_does_not_load_openssl(lotr_cli_env):
    out = _loaded(["replay", str(SCENARIOS / "lotr" / "engagement-checks.yaml"), "--json"])
    assert out.startswith("(0, ") and "hashlib" not in out, out[-500:]
