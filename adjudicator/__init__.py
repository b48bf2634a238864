"""adjudicator: a rules reference and adjudication assistant for Lord of the Rings games."""

__version__ = "0.1.0"

import time as _time

# when this process imported the package: a file of the package changed after it may be newer
# than the code this process runs (``ask.question_index`` then keeps the index it builds to itself)
IMPORTED_AT_NS = _time.time_ns()
