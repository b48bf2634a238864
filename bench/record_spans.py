"""Citation figures: does every record's line span hold exactly its text?

Prints, per document, from the records as each parser makes them (before the build merges
any) and from the built knowledge base:
- records, and records whose span is wrong: text not inside the span, or a first or last
  line the text does not need (the check of adjudicator.kb.spans, the repairs it allows
  named in spans.REPAIRS);
- records whose span lies inside another record's span of the same document, by the two
  kinds, and how many of those repeat the enclosing record's text (true duplicates: the
  build merges them, keeping the id as a merged id);
- how long the check took.

    python bench/record_spans.py          # the figures
    python bench/record_spans.py --list   # and every wrong span

The documents are found as the CLI finds them (--sources, ADJUDICATOR_SOURCES, else those
stored with `adjudicator sources add`).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from adjudicator.kb import spans  # noqa: E402
from adjudicator.kb.build import parse_documents  # noqa: E402
from adjudicator.kb.sources import scan, sources_dir  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sources", default=str(sources_dir()[0]),
                        help="the documents' folder (default: where the CLI finds them)")
    parser.add_argument("--list", action="store_true", help="list every wrong span")
    args = parser.parse_args()
    found = scan(Path(args.sources))
    if not found.documents:
        print(f"no source documents in {args.sources}")
        return 2
    started = time.perf_counter()
    raw = {doc.key: doc.type.load_parser()(doc.lines, doc) for doc in found.documents}
    checked = {}
    for doc in found.documents:
        source = spans.SourceText(spans.repaired_lines(doc.key, doc.lines))
        checked[doc.key] = [spans.check(r, source) for r in raw[doc.key]]
    seconds = time.perf_counter() - started
    built = parse_documents(found).records
    print(f"{'document':<12} {'records':>8} {'wrong':>6} {'nested (raw)':>13} {'same text':>10} {'nested (built)':>15}")
    raw_pairs = spans.nested([r for records in raw.values() for r in records])
    built_pairs = spans.nested(built)
    for key, checks in checked.items():
        wrong = [c for c in checks if not c.ok]
        nested_raw = [(i, o) for i, o in raw_pairs if i.span.doc == key]
        same = sum(1 for i, o in nested_raw if spans.comparable(i.text) == spans.comparable(o.text))
        nested_built = [(i, o) for i, o in built_pairs if i.span.doc == key]
        print(f"{key:<12} {len(checks):>8} {len(wrong):>6} {len(nested_raw):>13} {same:>10} {len(nested_built):>15}")
        kinds = Counter(f"{i.kind.value} in {o.kind.value}" for i, o in nested_built)
        if kinds:
            print("             inside another record's span: " + ", ".join(f"{k} {n}" for k, n in kinds.most_common()))
        if args.list:
            for c in wrong:
                print("   " + c.describe())
    print(f"span check of {sum(len(c) for c in checked.values())} records: {seconds * 1000:.0f} ms (parsing included)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
