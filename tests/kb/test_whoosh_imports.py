"""The stand-ins used to import Whoosh fast fall back to the real modules when used."""

import subprocess
import sys

CHECK = """
import sys
from adjudicator.kb.whoosh_imports import prepare
prepare()
assert "urllib.request" not in sys.modules and "asyncio" not in sys.modules
from whoosh.lang.morph_en import variations
assert "runs" in variations("run")
import urllib.request
assert hasattr(urllib.request, "Request")
from whoosh.compat import urlretrieve
assert callable(urlretrieve)
from whoosh.reading import SegmentReader
import functools
assert isinstance(SegmentReader.__dict__["deleted_docs_set"], functools.cached_property)
print("ok")
"""


def test_whoosh_imports_without_unused_modules_and_falls_back_when_they_are_used():
    result = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
