"""The timing helper the in-process benchmarks share."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def median_ms(function: Callable[[], object], runs: int) -> float:
    """The median wall time of ``runs`` calls of ``function``, in milliseconds."""
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        function()
        times.append(time.perf_counter() - started)
    return 1000 * statistics.median(times)
