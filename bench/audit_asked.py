"""Audit the asked questions (``rules_db/<game>/asked``, issue 11): a seeded, reproducible sample
to read by hand, and mechanical checks over every entry.

    python bench/audit_asked.py --seed 11                 # the sample, with each record's text
    python bench/audit_asked.py --seed 11 --rev eeb92bf   # the same sample of the files at a commit
    python bench/audit_asked.py --check                   # mechanical checks, all entries
    python bench/audit_asked.py --check --no-guard        # ... with the verdict's contrast guard off

The sample takes, per part (LOTR Rules Reference, LOTR Quest Companion, METW, MEQ), ``--says``
entries that carry an answer and ``--open`` entries without one, with ``random.Random(seed)``
over the entries in file order. Each entry is printed with its record (title, summary, text) so
a reader can judge: does this record answer this question; is ``says`` exactly right (polarity,
not an "it depends"); is no run of six words copied from the documents.

``--check`` prints, for every entry: copied runs of ``--run`` words (6) from the documents of its
game; a ``says`` whose kind does not fit the question's form (a yes/no on a "what"/"how many"
question, a number on a yes/no question: never shown, and a sign of a slip); a yes/no on an
either-or question ("keep it or lose it?"); a yes/no that a question with one word swapped for
its opposite ("lose" for "keep") would also get (the mirror asks the opposite); two asked questions of one record that a player's
question would match alike but whose answers differ. It exits 1 when it finds a copied run or
a yes/no answer on a question that is not a yes/no question (or a number on a yes/no question).
"""

from __future__ import annotations

import argparse
import random
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PARTS = {  # part: the asked files it holds (relative to rules_db)
    "lotr-rr": ["lotr/asked/rr.yaml"],
    "lotr-faq": ["lotr/asked/faq.yaml"],
    "lotr-qc": ["lotr/asked/qc.yaml", "lotr/asked/scenarios.yaml", "lotr/asked/rulings.yaml"],
    "metw": ["metw/asked/glossary.yaml", "metw/asked/intro.yaml", "metw/asked/standard.yaml",
             "metw/asked/starter.yaml"],
    "meq": ["meq/asked/glossary.yaml", "meq/asked/mission.yaml", "meq/asked/overlooked.yaml",
            "meq/asked/quickref.yaml", "meq/asked/rules.yaml", "meq/asked/step.yaml"],
}
DOCS = {"lotr": ("lotr-rr", "lotr-faq", "lotr-qc"), "metw": ("metw",), "meq": ("meq",)}
# words whose swap asks the opposite question ("does it keep ..." / "does it lose ..."): a player's
# question worded the other way must not match the asked question and get its answer
OPPOSITES = {"keep": "lose", "keeps": "loses", "lose": "keep", "loses": "keeps", "kept": "lost",
             "stay": "leave", "stays": "leaves", "remain": "leave", "remains": "leaves",
             "removed": "kept", "discarded": "kept", "before": "after", "after": "before",
             "tapped": "untapped", "untapped": "tapped", "exhausted": "ready", "ready": "exhausted",
             "faceup": "facedown", "facedown": "faceup", "more": "fewer", "fewer": "more",
             "higher": "lower", "lower": "higher", "first": "last", "win": "lose", "wins": "loses",
             "increase": "decrease", "decrease": "increase", "raise": "lower", "add": "remove",
             "adds": "removes", "optional": "mandatory", "mandatory": "optional", "allowed": "forbidden",
             "include": "exclude", "counts": "ignores", "count": "ignore", "survive": "die", "survives": "dies",
             "dies": "survives", "die": "survive", "ends": "continues", "end": "continue"}
EITHER_OR = re.compile(r"\bor (?:does|do|is|are|can|will|must|should|has|have|would|did|not)\b|\bor\b[^?]*\?\s*$", re.I)


def entries(part: str, rev: str | None) -> list[tuple[str, str, str, str]]:
    """(file, record id, ask, says) of a part, in file order, from the worktree or a commit."""
    from adjudicator.yamlio import load_yaml

    out = []
    for rel in PARTS[part]:
        path = ROOT / "rules_db" / rel
        if rev:
            shown = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:rules_db/{rel}"],
                                   capture_output=True, text=True)
            if shown.returncode:
                continue
            tmp = Path(f"/tmp/audit-asked-{rev}-{rel.replace('/', '-')}")
            tmp.write_text(shown.stdout, encoding="utf-8")
            path = tmp
        if not path.exists():
            continue
        data = load_yaml(path) or {}
        for rid, items in data.items():
            for item in items:
                item = {"ask": item} if isinstance(item, str) else item
                says = item.get("says")
                says = "" if says is None else ("yes" if says is True else "no" if says is False else str(says))
                out.append((rel, str(rid), " ".join(str(item["ask"]).split()), says.strip().lower()))
    return out


def sample(seed: int, n_says: int, n_open: int, rev: str | None) -> list[tuple[str, tuple]]:
    rng = random.Random(seed)
    picked = []
    for part in PARTS:
        items = entries(part, rev)
        with_says = [e for e in items if e[3]]
        without = [e for e in items if not e[3]]
        picked += [(part, e) for e in rng.sample(with_says, min(n_says, len(with_says)))]
        picked += [(part, e) for e in rng.sample(without, min(n_open, len(without)))]
    return picked


def _record_text(kb, rid: str, width: int) -> str:
    record = kb.store.get(rid)
    if record is None:
        return "   (no such record)"
    text = "\n".join(b.text for b in record.blocks)
    if len(text) > width:
        text = text[:width] + " …"
    return (f"   [{record.title}] {record.span.start}-{record.span.end}\n   summary: {record.summary}\n   "
            + text.replace("\n", "\n   "))


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower().replace("’", "'"))


def check(run: int) -> int:
    from adjudicator.ask import asked_verdict
    from adjudicator.ask.question_form import question_form
    from adjudicator.kb.api import open_kb
    from adjudicator.kb.documents import SourceDocument, recognise
    from adjudicator.kb.sources import sources_dir

    folder, _ = sources_dir()
    docs = {}
    for path in sorted(folder.iterdir()):
        doc = recognise(path) if path.is_file() else None
        if isinstance(doc, SourceDocument):
            docs[doc.key] = doc
    runs = {}
    for game, keys in DOCS.items():
        got = set()
        for key in keys:
            if key in docs:
                text = _words("\n".join(docs[key].lines))
                got |= {tuple(text[i: i + run]) for i in range(len(text) - run + 1)}
        runs[game] = got
    kb = open_kb(quiet=True)
    bad = 0
    counts = {}
    for part in PARTS:
        game = part.split("-")[0]
        items = entries(part, None)
        by_record = {}
        for rel, rid, ask, says in items:
            by_record.setdefault(rid, []).append((ask, says))
            own = _words(ask)
            copied = [" ".join(own[i: i + run]) for i in range(len(own) - run + 1) if tuple(own[i: i + run]) in runs[game]]
            if copied:
                bad += 1
                counts["copied"] = counts.get("copied", 0) + 1
                print(f"COPIED   {rel} {rid}: {ask!r}: '{copied[0]}'")
            if says:
                kind = question_form(ask).kind
                want = "yesno" if says in ("yes", "no") else "number"
                if kind != want and not (want == "number" and kind == "open"):
                    bad += 1
                    counts["form"] = counts.get("form", 0) + 1
                    print(f"FORM     {rel} {rid}: {ask!r} is a {kind} question but says {says!r}")
                elif kind != want:  # "what is the hand size?" asks a number the verdict does not see
                    counts["number-on-open"] = counts.get("number-on-open", 0) + 1
                    print(f"OPENNUM  {rel} {rid}: {ask!r} reads as an open question; says {says!r} is not shown")
                elif want == "yesno" and EITHER_OR.search(ask):
                    counts["either-or"] = counts.get("either-or", 0) + 1
                    print(f"EITHER   {rel} {rid}: {ask!r} says {says!r} (an either-or question?)")
        for rel, rid, ask, says in items:
            if says in ("yes", "no"):
                for mirror in _mirrors(ask):
                    got = asked_verdict.answered(kb, mirror, rid)
                    if got is not None and got[1] == says:
                        counts["mirror"] = counts.get("mirror", 0) + 1
                        print(f"MIRROR   {rel} {rid}: {mirror!r} gets {says!r} from {got[0]!r}")
        for rid, asks in by_record.items():
            for i, (a, sa) in enumerate(asks):
                for b, sb in asks[i + 1:]:
                    if sa and sb and sa != sb and _alike(a, b):
                        counts["clash"] = counts.get("clash", 0) + 1
                        print(f"CLASH    {rid}: {a!r} says {sa!r} / {b!r} says {sb!r}")
    print("checks:", ", ".join(f"{k} {v}" for k, v in sorted(counts.items())) or "none found")
    return 1 if bad else 0


def _mirrors(ask: str) -> list[str]:
    """The question with one word swapped for its opposite, for each such word it holds."""
    out = []
    for m in re.finditer(r"[A-Za-z]+", ask):
        if re.match(r"\s+of\b", ask[m.end():]):  # "end of the round" is a time
            continue
        other = OPPOSITES.get(m.group().lower())
        if other:
            out.append(ask[:m.start()] + other + ask[m.end():])
    return out


STOP = set("a an the i my me we our you your it its is are do does can to of in on at for with and or "
           "if when that this be by as from".split())


def _alike(a: str, b: str) -> bool:
    """Two questions a player's question would match about equally (their content words overlap
    by three quarters both ways)."""
    wa, wb = set(_words(a)) - STOP, set(_words(b)) - STOP
    if not wa or not wb:
        return False
    common = len(wa & wb)
    return common / len(wa) >= 0.75 and common / len(wb) >= 0.75


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--seed", type=int, default=11)
    p.add_argument("--says", type=int, default=40, help="entries with an answer, per part")
    p.add_argument("--open", type=int, default=10, help="entries without an answer, per part")
    p.add_argument("--rev", help="read the asked files at this commit (default: the worktree)")
    p.add_argument("--width", type=int, default=1500, help="characters of record text shown")
    p.add_argument("--ids", action="store_true", help="one line per sampled entry, no record text")
    p.add_argument("--check", action="store_true", help="run the mechanical checks over every entry")
    p.add_argument("--run", type=int, default=6, help="copied-run length for --check")
    p.add_argument("--no-guard", action="store_true",
                   help="--check the mirrors as the verdict was before its opposite-sides guard, stated_answers.opposed (the audit's 'before' figure)")
    args = p.parse_args(argv)
    if args.no_guard:
        from adjudicator.ask import stated_answers, verdicts
        for module in (stated_answers, verdicts):  # each calls it by its own name
            module.opposed = lambda question, asked: False
    if args.check:
        return check(args.run)
    picked = sample(args.seed, args.says, args.open, args.rev)
    kb = None
    if not args.ids:
        from adjudicator.kb.api import open_kb
        kb = open_kb(quiet=True)
    for n, (part, (rel, rid, ask, says)) in enumerate(picked, 1):
        print(f"#{n} {part} {rel} {rid}\n   Q: {ask}\n   says: {says or '-'}")
        if kb is not None:
            print(_record_text(kb, rid, args.width))
        print()
    sizes = {}
    for part, e in picked:
        sizes.setdefault(part, [0, 0])[0 if e[3] else 1] += 1
    print("sample:", "; ".join(f"{k}: {v[0]} with says, {v[1]} without" for k, v in sizes.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
