"""SHA-256 for the lookups' cache keys, without importing OpenSSL.

`hashlib` loads OpenSSL's bindings (``_hashlib``, about 2 ms of every process that needs a
digest); CPython's own implementation gives the same digests and loads in a tenth of that.
The keys are short (file names, sizes, times), so its speed on long inputs does not matter;
hashing whole documents (`kb.documents`, `kb.build`) keeps hashlib.
"""

from __future__ import annotations

try:
    from _sha256 import sha256  # CPython 3.11
except ImportError:  # pragma: no cover - depends on the interpreter
    try:
        from _sha2 import sha256  # CPython 3.12 and later
    except ImportError:
        from hashlib import sha256

__all__ = ["sha256"]
