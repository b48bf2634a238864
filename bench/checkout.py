"""Make a benchmark measure the checkout it sits in, not whatever `adjudicator` is installed.

`python bench/x.py` puts `bench/` first on `sys.path`, so without this an in-process
`import adjudicator` finds the installed package (an editable install of another checkout,
or a wheel).  Importing this module puts the repository first for this process, and through
PYTHONPATH for the processes it starts (`python -m adjudicator`, the console script).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

if str(REPO) not in sys.path[:2]:
    sys.path.insert(0, str(REPO))
_parts = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
if str(REPO) not in _parts:
    os.environ["PYTHONPATH"] = os.pathsep.join([str(REPO), *_parts])


def measured_package() -> str:
    """The folder of the adjudicator package this process imports (printed by the scripts)."""
    import adjudicator

    return str(Path(adjudicator.__file__).resolve().parent)
