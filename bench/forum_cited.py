"""Real player questions labelled by the forum itself: threads of the FFG LOTR "Rules questions &
answers" forum where a reply cites a numbered FAQ entry (1.00-1.58) or a Rules Reference glossary
entry by its term ("RR Ownership and Control"), the cited entry taken as a weak label of the
opening post's question.

    python bench/forum_cited.py [--mirror DIR] [--out tests/eval/forum/cited.yaml]
    python bench/forum_cited.py --list            # the kept pairs, for reading by hand
    python bench/forum_cited.py --dropped         # the threads dropped, with the reason

The forum copy is the public repository ksmutny/lotr-ffg-forum-scrapper (its `md/` folder, one
Markdown file per thread: a title line, then one `## N [author on date](address)` section per
post).  Nothing is phrased by us: the question is the opening post's asking sentences (those
ending in "?"), cut to at most ``MAX_SENTENCES`` of them and ``MAX_CHARS`` characters, never
reworded; the label is the entry number a reply wrote.

What counts as a citation (each rule below removed a kind of wrong label found by reading pairs
by hand; tests/eval/forum/README.md gives the precision measured):
- "FAQ 1.24", "entry 1.24", "section 1.24", "§1.24", "sec 1.24" or "(1.24)" in a reply, outside
  the lines it quotes from other posts, with two decimals: "FAQ 1.7" is the FAQ's version 1.7;
- "RR <term>", "RR entry on <term>", "Rules Reference entry for <term>": the longest run of the
  words after it that is a glossary term's name or other name in our Rules Reference records
  ("RR Martin" names none);
- the entry exists in our FAQ (1.00-1.58), and its title's words (stemmed) occur in the citing
  reply or the opening post: the numbering was not stable in old versions (two entries were
  numbered 1.26 in one), and a reply quoting the entry carries its title;
- only the replies before the thread drifts: the first ``MAX_REPLY`` posts;
- at most ``MAX_LABELS`` distinct entries cited (a reply listing many entries is a survey, not an
  answer);
- the opening post does not itself cite the entry (the asker already read it: the thread is then
  about another point, or about the entry's wording);
- the opening post asks (a sentence ending in "?"; else the thread's title when it ends in "?").

Threads the players' evaluation set uses are left out: the script reads only the `source` and
`via` fields of tests/eval/players/tune.yaml and heldout.yaml, takes their topic numbers, and
prints only how many threads that excluded.  The half of each question is fixed by the sha256
of its id (`half_of` in bench/eval_players.py).
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "bench"))

from eval_players import half_of  # noqa: E402

MIRROR = Path("/work/.mirror/ksmutny+lotr-ffg-forum-scrapper/repo")
OUT = REPO / "tests" / "eval" / "forum" / "cited.yaml"
PLAYERS = REPO / "tests" / "eval" / "players"
REPOSITORY = "https://github.com/ksmutny/lotr-ffg-forum-scrapper"
MAX_SENTENCES = 3
MAX_CHARS = 480
MAX_REPLY = 8
MAX_LABELS = 2

# FAQ entry titles, as our records hold them (lotr:faq:1.00-1.58): the words that say what the
# entry is about, stemmed crudely; a citation is kept when one of them is in the citing post or
# the opening post.  Generic words ("the", "word", "card") do not count.
TITLE_STOP = {"the", "word", "phrase", "of", "and", "vs", "on", "an", "a", "by", "to", "from", "per", "card",
              "cards", "effect", "effects", "outside", "expanded", "during", "against", "x", "y", "or", "being", "non"}

HEADER = re.compile(r"^## (\d+) \[(.+?) on (.+?)\]\((\S+)\)\s*$", re.M)
TITLE = re.compile(r"^# \[(.+)\]\((\S+)\)\s*$", re.M)
# "FAQ 1.24", "FAQ entry 1.24", "section 1.24", "sec. 1.24", "§1.24", "(1.24)"
CITATION = re.compile(r"(?:\b(?:faq|entry|entries|section|sec|clarification)\b[^0-9a-z\n]{0,12}"
                      r"(?:(?:v|version)\s*\d\.\d+\s*,?\s*(?:sec(?:tion)?\.?\s*)?)?|§\s?|\()"
                      r"(1\.\d\d)\b(?!\.\d)", re.I)
# "RR Ownership and Control", "RR entry on Guarded", "Rules Reference entry for Staging": the
# Rules Reference glossary by its term (the longest run of the words after it that names a term)
RR_CITATION = re.compile(r"(?:\bRR(?:['’]s)?|\bRules Reference(?:['’]s)?(?= entry))\s+(?:entry\s+(?:on|for)\s+)?[\"“]?"
                         r"((?:[A-Z][A-Za-z-]*)(?:,?\s+(?:/\s+)?(?:and|of|the|to|into|[A-Z][A-Za-z-]*)){0,5})")
VERSION_BEFORE = re.compile(r"(?:version|\bv|ver\.?)\s*$", re.I)
URL = re.compile(r"\[?https?://\S+\]?|\S+\.(?:jpg|jpeg|png|gif)\b\S*|\b[\w.-]+\.(?:com|org|net|de|php)\b/?\S*", re.I)
# a sentence ends at . ! ? followed by a space or the end (not inside "1.16" or "e.g.x")
SENTENCE = re.compile(r"\S.*?(?:[.!?]+[\"')\u201d]*(?=\s|$)|$)", re.S)
# asking sentences that ask for agreement, not about the rules: they need the sentence before
AGREEMENT = re.compile(r"^(?:(?:so|and|but|or|ok|okay),?\s+)?(?:is (?:this|that|it) (?:right|correct|true|legal)|"
                       r"am i (?:right|correct|wrong|missing)|what do (?:you|others|people)(?: guys| all)? think|"
                       r"any (?:thoughts|ideas|help|clarification)|do you (?:guys )?(?:agree|think)|"
                       r"what(?:'s| is) the (?:real |correct |right )?answer|how (?:does )?th(?:is|at) (?:thing )?(?:go|work))",
                       re.I)
MIN_WORDS = 10
MAX_ASKS = 2


def stem(word: str) -> str:
    word = word.lower()
    for suffix in ("ing", "ed", "es", "s"):
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


def words(text: str) -> set[str]:
    return {stem(w) for w in re.findall(r"[a-z]+", text.lower())}


def _letters(text: str) -> str:
    return re.sub(r"[^a-z]+", " ", text.lower()).strip()


def rr_terms() -> dict[str, str]:
    """``{"ownership and control": "lotr:rr:ownership-and-control", ...}``: the Rules Reference
    glossary's terms (titles and other names, letters only) and their records."""
    import checkout  # noqa: F401

    from adjudicator.kb.api import open_kb

    kb = open_kb(quiet=True)
    out = {}
    for rid, title, aliases in kb.store.conn.execute(
            "select id, title, aliases from records where doc = 'lotr-rr' and kind in ('glossary', 'keyword')"):
        for name in [title, *json.loads(aliases)]:
            if len(_letters(name)) > 2:
                out.setdefault(_letters(name), rid)
    return out


def rr_citations(text: str, terms: dict[str, str]) -> list[tuple[str, str]]:
    """``[(term as written, record id)]``: the longest run of words after "RR" that names a term."""
    found = []
    for m in RR_CITATION.finditer(text):
        said = m.group(1).split()
        for n in range(len(said), 0, -1):
            key = _letters(" ".join(said[:n]))
            if key in terms:
                found.append((" ".join(said[:n]).rstrip(",/"), terms[key]))
                break
    return found


def faq_titles() -> dict[str, set[str]]:
    """``{"1.24": {"quest", "successfully"}, ...}``: the entries of our FAQ and their title words."""
    import checkout  # noqa: F401

    from adjudicator.kb.api import open_kb

    kb = open_kb(quiet=True)
    rows = kb.store.conn.execute("select id, title from records where id like 'lotr:faq:1.%'").fetchall()
    out = {}
    for rid, title in rows:
        number = rid.rsplit(":", 1)[1]
        name = re.sub(r"^\(1\.\d\d\)\s*", "", title)
        out[number] = {w for w in words(name) if w not in TITLE_STOP and len(w) > 2}
    return out


# -- the evaluation threads -------------------------------------------------------------------


def evaluation_topics() -> set[str]:
    """Topic numbers of the FFG forum threads the players' evaluation set uses, read from the
    `source` and `via` fields only (the questions themselves are never read out)."""
    import yaml

    topics = set()
    for half in ("tune", "heldout"):
        data = yaml.safe_load((PLAYERS / f"{half}.yaml").read_text(encoding="utf-8"))
        for q in data["questions"]:
            for field in ("source", "via"):
                value = str(q.get(field) or "")
                topics.update(re.findall(r"/topic/(\d+)", value))
                topics.update(re.findall(r"(?:md|rulings)/(\d+)-", value))
    return topics


# -- reading threads --------------------------------------------------------------------------


def read_threads(mirror: Path) -> dict[str, str]:
    """``{file name: text}`` of every thread under md/ at the mirror's HEAD."""
    listing = subprocess.run(["git", "-C", str(mirror), "ls-tree", "HEAD", "md/"], check=True,
                             capture_output=True, text=True).stdout.split("\n")
    names = [line.split("\t", 1)[1] for line in listing if "\t" in line]
    batch = subprocess.run(["git", "-C", str(mirror), "cat-file", "--batch"], check=True, capture_output=True,
                           input="".join(f"HEAD:{n}\n" for n in names).encode())
    out, data, pos = {}, batch.stdout, 0
    for name in names:
        header_end = data.index(b"\n", pos)
        size = int(data[pos:header_end].split()[2])
        out[name.split("/", 1)[1]] = data[header_end + 1: header_end + 1 + size].decode("utf-8", "replace")
        pos = header_end + 1 + size + 1
    return out


def posts(text: str) -> list[dict]:
    heads = list(HEADER.finditer(text))
    out = []
    for i, head in enumerate(heads):
        body = text[head.end(): heads[i + 1].start() if i + 1 < len(heads) else len(text)]
        own = "\n".join(line for line in body.split("\n") if not line.lstrip().startswith(">"))
        out.append({"n": int(head.group(1)), "author": head.group(2), "date": head.group(3),
                    "url": head.group(4), "own": own, "body": body})
    return out


def citations(text: str) -> list[str]:
    found = []
    for m in CITATION.finditer(text):
        if VERSION_BEFORE.search(text[max(0, m.start() - 8): m.start() + 4].split("1.")[0]):
            continue
        found.append(m.group(1))
    return found


def clean(text: str) -> str:
    text = URL.sub(" ", text)
    text = re.sub(r"[*_`]+", "", text)
    text = re.sub(r"[ \t\u00a0]+", " ", text)
    return text


def sentences(text: str) -> list[str]:
    out = []
    for para in re.split(r"\n", clean(text)):
        out += [m.group(0).strip() for m in SENTENCE.finditer(para.strip()) if m.group(0).strip()]
    return out


def asks(sentence: str) -> bool:
    return sentence.endswith("?") and len(sentence.split()) >= 3


def question_from(opening: list[str], chosen: list[int]) -> str:
    """The asking sentences ``chosen`` (indices into ``opening``), with the sentences before the
    first one when they alone say too little (fewer than MIN_WORDS words, or only ask for
    agreement): the player's words, cut, never reworded."""
    kept = [opening[i] for i in chosen]
    start = chosen[0]
    content = [s for s in kept if not AGREEMENT.match(s)]
    while start > 0 and (sum(len(s.split()) for s in content) < MIN_WORDS) and len(kept) < MAX_SENTENCES + 2:
        start -= 1
        kept.insert(0, opening[start])
        content.insert(0, opening[start])
    text = " ".join(kept)
    while len(text) > MAX_CHARS and len(kept) > 1:
        kept = kept[1:] if not asks(kept[0]) else kept[:-1]
        text = " ".join(kept)
    return text[:MAX_CHARS].strip()


def quoted_asks(reply_text: str, opening: list[str]) -> list[int]:
    """The opening post's asking sentences that the citing reply quotes (it answers those)."""
    quoted = " ".join(line.lstrip("> ").strip() for line in reply_text.split("\n") if line.lstrip().startswith(">"))
    quoted = re.sub(r"\s+", " ", clean(quoted))
    return [i for i, s in enumerate(opening) if asks(s) and len(s) > 15 and re.sub(r"\s+", " ", s) in quoted]


# -- the pairs --------------------------------------------------------------------------------


def pairs(threads: dict[str, str], titles: dict[str, set[str]], excluded: set[str],
          terms: dict[str, str] | None = None) -> tuple[list[dict], list]:
    kept, dropped = [], []
    for name, text in sorted(threads.items(), key=lambda kv: int(kv[0].split("-", 1)[0])):
        topic = name.split("-", 1)[0]
        title = TITLE.search(text)
        thread = posts(text)
        if not title or len(thread) < 2 or thread[0]["n"] != 1:
            continue
        replies = [p for p in thread[1:MAX_REPLY]]
        cited: dict[str, dict] = {}
        glossary: dict[str, tuple[str, dict]] = {}  # record id -> (the term as written, the reply)
        for p in replies:
            for number in citations(p["own"]):
                cited.setdefault(number, p)
            for said, rid in rr_citations(p["own"], terms or {}):
                glossary.setdefault(rid, (said, p))
        if not cited and not glossary:
            continue
        if topic in excluded:
            dropped.append((name, "evaluation thread"))
            continue
        opening = thread[0]["own"]
        asked_in_op = set(citations(opening))
        labels, reasons = [], []
        for number, p in cited.items():
            if number not in titles:
                reasons.append(f"{number} not an entry of our FAQ")
            elif number in asked_in_op:
                reasons.append(f"{number} already cited by the opening post")
            elif not titles[number] & (words(p["own"]) | words(opening) | words(title.group(1))):
                reasons.append(f"{number}: no word of its title in the reply or the question")
            else:
                labels.append((number, p))
        asked_rr = {rid for _, rid in rr_citations(opening, terms or {})}
        for rid, (said, p) in glossary.items():
            if rid in asked_rr:
                reasons.append(f"RR {said} already cited by the opening post")
            else:
                labels.append((f"RR {said}", p, rid))
        labels = [(f"FAQ {x[0]}", x[1], f"lotr:faq:{x[0]}") if len(x) == 2 else x for x in labels]
        if not labels:
            dropped.append((name, "; ".join(reasons)))
            continue
        if len(labels) > MAX_LABELS:
            dropped.append((name, f"{len(labels)} entries cited"))
            continue
        said = sentences(opening)
        asking = [i for i, s in enumerate(said) if asks(s)]
        chosen = sorted({i for _, p, _ in labels for i in quoted_asks(p["body"], said)})
        how = "the reply quotes the question it answers" if chosen else ""
        if not asking and title.group(1).strip().endswith("?"):
            said, asking = [title.group(1).strip()], [0]  # the thread's title is the asker's question
        if not asking:
            dropped.append((name, "the opening post asks nothing ending in '?'"))
            continue
        if not chosen:
            if len([i for i in asking if not AGREEMENT.match(said[i])]) > MAX_ASKS:
                dropped.append((name, f"the opening post asks {len(asking)} questions and the reply quotes none"))
                continue
            chosen = asking[:MAX_SENTENCES]
        slug = re.sub(r"[^a-z0-9]+", "-", name.split("-", 1)[1].rsplit(".", 1)[0].lower()).strip("-")[:40]
        qid = f"forum-{topic}-{slug}".rstrip("-")
        kept.append({
            "id": qid,
            "half": "tune" if half_of(qid) == "tune" else "check",
            "game": "lotr",
            "q": question_from(said, chosen),
            "source": title.group(2),
            "via": f"{REPOSITORY} (commit 0845e81) md/{name}",
            "labels": [rid for _, _, rid in labels],
            "labelled": "; ".join(f"reply {p['n']} cites {what}" for what, p, _ in labels) + (f" ({how})" if how else ""),
        })
    return kept, dropped


def write(questions: list[dict], out: Path) -> None:
    import yaml

    out.parent.mkdir(parents=True, exist_ok=True)
    header = ("# Written by bench/forum_cited.py (do not edit by hand: change the script and rerun it).\n"
              "# README.md beside this file says how the questions were chosen and labelled.\n")
    body = yaml.safe_dump({"questions": questions}, sort_keys=False, allow_unicode=True, width=110)
    tmp = out.with_suffix(".tmp")
    tmp.write_text(header + body, encoding="utf-8")
    tmp.replace(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mirror", type=Path, default=MIRROR)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--list", action="store_true", help="print the kept pairs (question, label, reply)")
    parser.add_argument("--dropped", action="store_true", help="print the dropped threads and why")
    args = parser.parse_args(argv)
    if not (args.mirror / "HEAD").exists() and not (args.mirror / ".git").exists():
        print(f"{args.mirror}: not a git repository (the forum copy is fetched from {REPOSITORY})", file=sys.stderr)
        return 2
    excluded = evaluation_topics()
    threads = read_threads(args.mirror)
    kept, dropped = pairs(threads, faq_titles(), excluded, rr_terms())
    if args.list:
        for q in kept:
            print(f"- {q['id']} [{q['half']}] {q['labels']} ({q['labelled']})\n    {q['q']}")
    if args.dropped:
        for name, why in dropped:
            if why != "evaluation thread":
                print(f"- {name}: {why}")
    write(kept, args.out)
    halves = {h: sum(q["half"] == h for q in kept) for h in ("tune", "check")}
    print(f"{len(threads)} threads; {len(kept)} questions kept (tune {halves['tune']}, check "
          f"{halves['check']}); {len(dropped)} dropped, "
          f"{sum(1 for _, why in dropped if why == 'evaluation thread')} of them because the players' "
          f"evaluation set uses the thread; written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
