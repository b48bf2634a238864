"""The index `ask` ranks from: every record of every game, quick to load in a fresh process.

`search` ranks from the Whoosh export (``ranking``), which is exact to Whoosh's BM25F; a
question in a player's words needs a little more, and a fresh process cannot pay for
opening Whoosh, so `ask` has this index: for each record, weighted term counts of its
fields (title 4, other names 3, summary 1.5, rules text 1, worked examples 0.3 as in the
Whoosh index, 1 for the breadcrumb between the document and the title, 1 for the questions
players ask that we wrote for it) and of the word
pairs of its title and text; the terms of each question a record answers apart, a Q&A's own
and those we wrote in players' words (``asked``), since a player's question is matched to them
question to question; each game's record counts per term (game detection);
the names the question may link (``entities``) and each game's vocabulary (``vocabulary``).
It is built from the record store on first use after a knowledge-base build, or after a
change to what the build reads besides the store (``inputs_stamp``: the code that builds it,
the asked and vocabulary data, the LOTR card library), and kept as
two files beside the cache's current build (the small part game detection needs, and the
bulk of the records' terms, read only when asked for); scoring is BM25 over the weighted
counts.
"""

from __future__ import annotations

import json
from array import array
import math
import os
from pathlib import Path

from adjudicator.compiled import Lazy

from . import index_file
from .postings import Postings, pack_postings  # noqa: F401  (the index's postings; ``Postings`` read here by others)

VERSION = 28  # the files' format; a change to how the index is built needs no bump (``inputs_stamp``)
FIELD_WEIGHTS = {"title": 4.0, "names": 3.0, "summary": 1.5, "body": 1.0, "examples": 0.3, "path": 1.0,
                 "asked": 1.0}
PAIR_WEIGHT = 0.6
K1, B = 1.2, 0.75
# kinds whose words describe the game's rules (game detection counts terms in these only:
# scenario pages and card pages speak of one quest or one card); the Companion's rulings and
# the rulebooks' sections state rules too
RULES_KINDS = ("glossary", "rule", "step", "clarification", "qa", "keyword", "example", "ruling", "section")
# kinds whose titles name the games' terms: only the words of these names count in game
# detection (a word of the rulebook's prose, "certain", "normally", tells a style, not a game)
TERM_KINDS = ("glossary", "keyword", "step", "rule", "section", "card", "scenario")
STOP = frozenset(
    "a an the and or of to in on at for with by from is are be been was were do does did can could might "
    "should would will shall i me my we our you your he his she her it its they them their this that these "
    "those there here what which who whom how if than so as not no yes any all some such into onto "
    "out up about during while still just also only".split()
)  # "when", "after", "then", "before", "may" stay: they are rules terms with glossary entries


# words a question uses that carry no rules meaning: they count a little alone and form no
# word pairs ("have become" must not find a record because the rulebook says it too)
WEAK_WORDS = (
    "have has had having get gets got getting become becomes became becoming make makes made would like "
    "even certain normally really actually basically simply just thing things something anything way "
    "mean means say says said know think seem seems want wants need needs use used using question "
    "rules rule correct right true understand read reading happen happens happened case example"
)
WEAK_WEIGHT = 0.3


def lower_plain(text: str) -> str:
    """Lower case, accents and curly apostrophes gone: the index's word form."""
    from adjudicator.kb.names import unaccented

    return unaccented(text).lower().replace("’", "'")


def stem(word: str) -> str:
    """A light suffix stripper: attacks/attacking/attacked -> attack, enemies -> enemy."""
    if len(word) <= 3:
        return word
    for suffix, repl, min_len in (("ies", "y", 5), ("sses", "ss", 5), ("ing", "", 6), ("ed", "", 5),
                                  ("ment", "", 8), ("es", "", 6), ("s", "", 4)):
        if word.endswith(suffix) and len(word) >= min_len:
            if suffix == "s" and word.endswith(("ss", "us", "is")):
                continue
            word = word[: len(word) - len(suffix)] + repl
            break
    if word.endswith("e") and len(word) > 4:
        word = word[:-1]
    return word


_ALNUM = Lazy(r"[a-z0-9]+")


def words(text: str) -> list[str]:
    """The stemmed words of a text, without stop words and single letters ("e.g.", "i.e.")."""
    return [stem(w) for w in _ALNUM.findall(lower_plain(text).replace("'", ""))
            if w not in STOP and (len(w) > 1 or w.isdigit())]


def terms_of(text: str) -> list[str]:
    """The query terms of a text: its stemmed words, then its word pairs (none with a weak word)."""
    tokens = words(text)
    pairs = [a + "_" + b for a, b in zip(tokens, tokens[1:]) if a not in WEAK_TERMS and b not in WEAK_TERMS]
    return list(dict.fromkeys(tokens + pairs))


def term_weight(term: str) -> float:
    """How much a query term counts: a weak word a little."""
    return WEAK_WEIGHT if term in WEAK_TERMS else 1.0


WEAK_TERMS = frozenset(stem(w) for w in WEAK_WORDS.split())


def _fields(row, asked: list | None = None) -> dict[str, str]:
    blocks = json.loads(row["blocks"])
    return {
        "asked": " ; ".join(a.ask for a in asked or ()),
        "title": row["title"],
        "names": " ; ".join(json.loads(row["aliases"])),
        "summary": row["summary"] or "",
        "body": "\n".join(b["text"] for b in blocks if not b.get("example")),
        "examples": "\n".join(b["text"] for b in blocks if b.get("example")),
        "path": " ".join(_breadcrumb(json.loads(row["path"]), row["title"])),
    }


def _breadcrumb(path: list[str], title: str) -> list[str]:
    """The headings between the document and the record: a record's path names its own
    title last in some documents and stops at its parent heading in others ("Refresh Phase"
    above "7.2 Ready cards"), which must be kept."""
    inner = list(path[1:])
    if inner and inner[-1] == title:
        inner.pop()
    return inner


def _question_text(row) -> str:
    """A Q&A's question: its question blocks, else its title."""
    blocks = json.loads(row["blocks"])
    asked = [b["text"] for b in blocks if b.get("style") == "question"]
    return " ".join(asked) or row["title"]


def build(store) -> dict:
    from . import asked as asked_data, card_context, entities, spelling, vocabulary

    docs: list[str] = []
    games: list[str] = []
    kinds: list[str] = []
    lengths: list[float] = []
    postings: dict[str, dict[int, float]] = {}
    # the questions a record answers, matched question to question: a Q&A's own question
    # (says "") and the questions players ask that we wrote for it (``asked``)
    questions: list[tuple[int, list[str]]] = []
    question_says: list[str] = []
    question_texts: list[str] = []  # an asked question's words as written ("" for a Q&A's own)
    stamp = inputs_stamp()  # before anything is read: a file changed while building is seen next time
    digest = inputs_digest(stamp)
    present = [g for (g,) in store.conn.execute("select distinct game from records")]
    extra = asked_data.by_record(present)
    windows = _windows(store)
    placed_only = {row[0] for row in windows}
    rows = store.conn.execute("select id, game, kind, title, aliases, summary, blocks, path from records order by rowid")
    for row in rows:
        n = len(docs)
        docs.append(row["id"])
        games.append(row["game"])
        kinds.append(row["kind"])
        mine = extra.get(row["id"], [])
        counts, length = field_counts(_fields(row, mine))
        lengths.append(length or 1.0)
        if row["id"] in placed_only:  # a window is found by the point a question places an act at, not by words
            counts = {}
        for t, c in counts.items():
            postings.setdefault(t, {})[n] = c
        if row["kind"] == "qa":
            questions.append((n, terms_of(_question_text(row))))
            question_says.append("")
            question_texts.append("")
        for item in mine:
            questions.append((n, terms_of(item.ask)))
            question_says.append(item.says)
            question_texts.append(item.ask)
    return {
        "version": VERSION, "docs": docs, "games": games, "kinds": kinds, "lengths": lengths,
        # an action window's record repeats lines of the chart: it counts in neither (``_windows``)
        "avg": {g: _average(*_without(windows, docs, lengths, games), g) for g in present},
        "n": {g: _without(windows, docs, lengths, games)[1].count(g) for g in present},
        "postings": pack_postings(postings),
        # per question (a Q&A's own, an asked one): its record's place, packed (int32)
        "questions": array("i", [n for n, _ in questions]).tobytes(),
        "question_says": question_says,
        "question_texts": question_texts,
        "question_postings": _question_postings(questions),
        # each question's words weighed by rarity, summed (the share of it a player's
        # question covers is taken against this), packed (float64)
        "question_weights": array("d", [sum(math.log(1 + len(docs) / max(1, len(postings.get(t, ())))) for t in q)
                                        for _, q in questions]).tobytes(),
        "present": present, **game_counts(store, extra, present),
        "names": (names := entities.names_table(store)),
        "shared_names": entities.shared_names(store, names),  # one game's names other games say (detection)
        # record -> (the cards it is about, the cards its case prose names): values for ranking
        "card_mentions": card_context.card_mentions(store, names),
        "names_to_suggest": spelling.names_to_suggest(names),  # for a name misspelt (``answer._suggest``)
        "vocabulary": (vocab := vocabulary.compiled(present)),
        "linker": entities.Linker(entities.linker_rows(names, vocab)).table(),  # game_detection.linker_for
        "abbreviations": _abbreviations(present),
        "milestones": _milestones(),
        # the records that chart the round with its action windows (data "chart": the timing chart)
        "charts": [rid for (rid,) in store.conn.execute(
            "select id from records where json_extract(data, '$.chart') is not null order by id")],
        # the chart's action windows, one record each: [id, step before, step after, phase, names of
        # both steps] (``action_windows``)
        "windows": windows,
        "inputs": stamp,
        "inputs_digest": digest,
        # asked questions whose record the knowledge base does not hold (printed when built)
        "warnings": asked_data.unknown_records(extra, docs),
    }


def _without(windows: list, docs: list, lengths: list, games: list) -> tuple[list, list]:
    """The records' lengths and games, without the action windows' records."""
    skip = {row[0] for row in windows}
    kept = [i for i, rid in enumerate(docs) if rid not in skip]
    return [lengths[i] for i in kept], [games[i] for i in kept]


def _windows(store) -> list[list]:
    import sqlite3

    out = []
    try:
        found = store.conn.execute("select id, json_extract(data, '$.window') from records "
                                   "where json_extract(data, '$.window') is not null order by id").fetchall()
    except sqlite3.OperationalError:  # a store of records without kind-specific data (a test's)
        return out
    for rid, data in found:
        w = json.loads(data)
        out.append([rid, w["after"], w["before"], w.get("phase", ""), w.get("after_names", []), w.get("before_names", [])])
    return out


def game_counts(store, extra: dict, present: list[str]) -> dict:
    """Game detection's word model, as index entries: how often each game's rules records (with
    the questions players ask of them, ``extra``) use each word and each pair of adjacent words.
    Words count only when they are words of the games' term names (``TERM_KINDS``: a word of
    the rulebooks' prose tells a style, not a game) and pairs only when they occur at least
    ``DETECTION_PAIR_MIN`` times in all (one occurrence is a phrase of one record, noise).
    ``game_tf``: per word or pair ("a_b"), the count per game (``pack_postings``: the game's
    place in ``present`` for a document, the count for a weight); ``game_totals``: per game, the
    sum of the counts kept, for words and for pairs; ``game_vocabulary``: how many words and
    pairs are kept.  (``bench/eval_game_detection.py`` calls it with each fold's asked
    questions left out.)"""
    order = {g: i for i, g in enumerate(present)}
    counts: dict[str, list[int]] = {}
    term_words: set[str] = set()
    # an action window's record repeats lines of the timing chart (``action_windows``), counted once there
    skip = {row[0] for row in _windows(store)}
    rows = store.conn.execute("select id, game, kind, title, aliases, summary, blocks, path from records order by rowid")
    for row in rows:
        if row["id"] in skip:
            continue
        if row["kind"] in TERM_KINDS:
            term_words.update(words(row["title"] + " " + " ".join(json.loads(row["aliases"]))))
        if row["kind"] not in RULES_KINDS:
            continue
        at = order[row["game"]]
        texts = [text for name, text in _fields(row).items() if name != "asked"]
        for tokens in [words(t) for t in texts] + [words(a.ask) for a in extra.get(row["id"], ())]:
            for t in tokens + [a + "_" + b for a, b in zip(tokens, tokens[1:])]:
                counts.setdefault(t, [0] * len(present))[at] += 1
    kept = {t: c for t, c in counts.items()
            if (sum(c) >= DETECTION_PAIR_MIN if "_" in t else len(t) >= 3 and t in term_words)}
    totals = {kind: [sum(c[i] for t, c in kept.items() if ("_" in t) == (kind == "pairs")) for i in range(len(present))]
              for kind in ("words", "pairs")}
    vocabulary = {kind: sum(1 for t in kept if ("_" in t) == (kind == "pairs")) for kind in ("words", "pairs")}
    return {"game_tf": pack_postings({t: {i: n for i, n in enumerate(c) if n} for t, c in kept.items()}),
            "game_totals": totals, "game_vocabulary": vocabulary}


DETECTION_PAIR_MIN = 2


# What the index is built from besides the record store (whose build folder names the index's
# files, so a new knowledge base gets an index of its own): the package code the build runs and
# the rules_db data it reads (a "*/" part: each game's folder; a folder: its .yaml and .yml
# files).  The index keeps their stamp and a digest of their content, and ``load`` builds it
# again when they changed: an edit to the builder needs no version bump.
# ``tests/ask/test_question_index_inputs.py`` checks that the build runs and reads nothing else.
BUILD_CODE = ("ask/question_index.py", "ask/postings.py", "ask/asked.py", "ask/card_context.py", "ask/data_file.py",
              "ask/entities.py",
              "ask/spelling.py", "ask/vocabulary.py", "kb/lookup.py", "kb/names.py", "kb/records.py", "kb/store.py",
              "record_ids.py", "paths.py", "yamlio.py", "compiled.py", "installed.py")
BUILD_DATA = ("*/asked/", "*/vocabulary.yaml", "*/synonyms.yaml", "lotr/framework.yaml", "lotr/card_names.yaml",
              "metw/cards.yaml")
GAMES = ("lotr", "metw", "meq")


def inputs_stamp() -> list:
    """(name, size, modification time) of each file the build reads besides the store, sorted:
    ``BUILD_CODE``, ``BUILD_DATA`` and the LOTR card library (``card_library_stamp``).  About
    sixty stats and four scandirs, 0.4 ms (the card library's alone took 0.15 ms): every process
    that loads the index takes it; a hash of the files would cost 1.8 ms.  In an installed copy,
    whose code and data do not change after install, the install's stamp stands for them all
    (``adjudicator.installed``: one stat)."""
    from adjudicator.installed import stamps_or

    return stamps_or(_inputs_walk)


def _inputs_walk() -> list:
    from adjudicator.paths import RULES_DB

    out = _code_walk()
    for pattern in BUILD_DATA:
        for game in (GAMES if pattern.startswith("*/") else ("",)):
            name = pattern.replace("*", game, 1) if game else pattern
            if name.endswith("/"):
                out += [("data:" + name + found, size, mtime) for found, size, mtime in
                        _folder_stamp(os.path.join(RULES_DB, name), (".yaml", ".yml"))]
            else:
                out.append(("data:" + name, *_size_and_time(os.path.join(RULES_DB, name))))
    out += [("data:lotr/cards/" + name, size, mtime) for name, size, mtime in card_library_stamp()]
    return sorted(out)


def code_stamp() -> list:
    """(name, size, modification time) of each ``BUILD_CODE`` file on disk now (in an installed
    copy, the install's stamp)."""
    from adjudicator.installed import stamps_or

    return stamps_or(_code_walk)


def _code_walk() -> list:
    from adjudicator.paths import PACKAGE

    return [("code:" + name, *_size_and_time(os.path.join(PACKAGE, name))) for name in BUILD_CODE]


def _size_and_time(path: str) -> tuple[int, int]:
    try:
        st = os.stat(path)
    except OSError:
        return -1, -1  # absent
    return st.st_size, st.st_mtime_ns


def _folder_stamp(folder, suffixes: tuple[str, ...]) -> list:
    out = []
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.name.endswith(suffixes) and entry.is_file():
                    st = entry.stat()
                    out.append((entry.name, st.st_size, st.st_mtime_ns))
    except OSError:
        pass
    return sorted(out)


def inputs_digest(stamp: list) -> str:
    """sha256 of the names and content of the files of ``stamp`` (an absent file as absent): what
    decides when their stamps differ (a checkout that touched a file without changing it costs
    this hash, a few ms, once; the index is not built again)."""
    import hashlib

    from adjudicator.paths import PACKAGE, RULES_DB

    digest = hashlib.sha256()
    for name, _, _ in stamp:
        root, _, relative = name.partition(":")
        digest.update(f"{name}\0".encode())
        if root not in ("code", "data"):  # an install's stamp (``inputs_stamp``): its name says it all
            continue
        try:
            with open(os.path.join(PACKAGE if root == "code" else RULES_DB, relative), "rb") as handle:
                digest.update(hashlib.sha256(handle.read()).digest())
        except OSError:
            digest.update(b"absent")
    return digest.hexdigest()


def card_library_stamp() -> list:
    """(file name, size, modification time) of each LOTR card library file, sorted.  The names
    table and the traits come from them, and the knowledge-base fingerprint leaves them out
    (``kb.inputs.ENGINE_ONLY_DATA``): without this, a card added to the library was not linked
    until something else made a new build.  A scandir of one folder (tens of microseconds)."""
    from adjudicator.paths import RULES_DB

    return _folder_stamp(RULES_DB / "lotr" / "cards", (".yaml",))


def _question_postings(questions: list) -> dict:
    """term -> the questions (their places in ``questions``) that hold it, packed as the
    records' postings are (a fresh process reads them without building 4,000 lists)."""
    out: dict[str, dict[int, float]] = {}
    for i, (_, terms) in enumerate(questions):
        for t in set(terms):
            out.setdefault(t, {})[i] = 1.0
    return pack_postings(out)


def _abbreviations(games: list[str]) -> dict:
    """{game: {abbreviation: its words}} from each game's ``rules_db/<game>/synonyms.yaml``:
    a game's players' words are spelt out only in questions about that game (LOTR's "tap"
    is exhaust, METW's tap is a rules term of its own)."""
    from adjudicator.paths import RULES_DB
    from adjudicator.yamlio import load_yaml

    out: dict[str, dict[str, str]] = {}
    for game in games:
        path = RULES_DB / game / "synonyms.yaml"
        data = (load_yaml(path) or {}) if path.exists() else {}
        out[game] = {str(short).lower(): str(long) for short, long in (data.get("abbreviations") or {}).items()}
    return out


def _milestones() -> list[str]:
    """The LOTR framework steps that only mark a phase's beginning or end."""
    from adjudicator.kb.lookup import framework_table

    try:
        steps = framework_table().get("steps", [])
    except OSError:
        return []
    return [f"lotr:rr:step:{s['id']}" for s in steps if s.get("kind") == "milestone"]


def df(index: dict, term: str) -> int:
    """How many records hold ``term``."""
    return index["postings"].size(term)


def field_counts(fields: dict[str, str]) -> tuple[dict[str, float], float]:
    """A record's weighted term counts and weighted length, from its fields (``FIELD_WEIGHTS``'
    names): each word, and in the title and body each pair of neighbouring words."""
    counts: dict[str, float] = {}
    length = 0.0
    for name, text in fields.items():
        weight = FIELD_WEIGHTS[name]
        tokens = words(text or "")
        length += weight * len(tokens)
        for t in tokens:
            counts[t] = counts.get(t, 0.0) + weight
        if name in ("title", "body"):
            for a, b in zip(tokens, tokens[1:]):
                key = a + "_" + b
                counts[key] = counts.get(key, 0.0) + weight * PAIR_WEIGHT
    return counts, length


def posting(index: dict, term: str) -> tuple[array, array]:
    raw = index["postings"].get(term)
    if not raw:
        return array("i"), array("f")
    half = len(raw) // 2
    return array("i", raw[:half]), array("f", raw[half:])


def _average(lengths: list[float], games: list[str], game: str) -> float:
    mine = [length for length, g in zip(lengths, games) if g == game]
    return sum(mine) / max(1, len(mine))


def _path(kb) -> Path:
    folder = Path(kb.folder)
    return folder.parent / f"ask-index-{folder.name}.marshal"


# The index's bulk (every record's terms: nine tenths of it) is kept in a file of its own and
# read when first asked for: game detection (`rule`, `search`) needs only the small part.
BULK = ("docs", "games", "kinds", "lengths", "postings", "questions", "question_weights", "question_says",
        "question_texts", "question_postings", "card_mentions", "names_to_suggest", "names")


def _bulk_path(path: Path) -> Path:
    return path.with_name(path.name.replace("ask-index-", "ask-bulk-", 1))


class _Index(dict):
    """The index; each of its `BULK` keys is read from the bulk file when first asked for."""

    def __init__(self, data: dict, kb) -> None:
        super().__init__(data)
        self._kb = kb
        self._bulk = None  # the bulk file's sections, once opened

    def __missing__(self, key: str):
        if key not in BULK:
            raise KeyError(key)
        if self._bulk is None:
            bulk = index_file.open_sections(_bulk_path(_path(self._kb)))
            if bulk is None or bulk.version != VERSION or bulk.inputs_digest != self.get("inputs_digest") \
                    or not set(BULK) <= set(bulk.keys()):
                # gone, from another version or from another build than the small part: built again
                full = _built(self._kb, _path(self._kb))
                self.update(full)  # the small part too: the two from one build
                _unpack(self)
                return self[key]
            self._bulk = bulk
        self[key] = _unpacked(key, self._bulk.value(key))
        return self[key]


def _unpack(index: dict) -> None:
    for key in ("postings", "question_postings", "questions", "question_weights"):
        if key in dict.keys(index):
            index[key] = _unpacked(key, index[key])


def _unpacked(key: str, value):
    """A value of the index as a reader holds it: packed postings as `Postings`, the questions'
    places and weights as arrays."""
    if key in ("postings", "question_postings") and isinstance(value, dict):
        return Postings(value)
    if key in ("questions", "question_weights") and isinstance(value, bytes):
        return array("i" if key == "questions" else "d", value)
    return value


def _read(path: Path) -> dict | None:
    data = index_file.read(path)
    return data if data is not None and data.get("version") == VERSION else None


def _write(path: Path, data: dict) -> None:
    """The bulk first, then the small part (a reader of the new small part finds its bulk)."""
    bulk = {"version": VERSION, "inputs_digest": data.get("inputs_digest"), **{k: data[k] for k in BULK}}
    small = {k: v for k, v in data.items() if k not in BULK}
    if _write_part(_bulk_path(path), bulk):
        _write_part(path, small)


def _write_part(target: Path, part: dict) -> bool:
    """One part as a file of sections (``index_file``); False in a read-only cache (built again next time)."""
    return index_file.write(target, part)


def load(kb) -> dict:
    """The index for this knowledge base, built on first use (it loads in a few ms) and
    again when what it is built from changed (``inputs_stamp``)."""
    cached = getattr(kb, "_question_index", None)
    if cached is not None:
        return cached
    path = _path(kb)
    small = _read(path)  # every value of the small part (its postings mapped, not read: ``index_file``)
    if small is None or any(k in small for k in BULK) or not _current(small, path):
        full = _built(kb, path)
        _remove_stale(path)
        data = _Index(full, kb)
        _unpack(data)
    else:
        data = _Index(small, kb)
    kb._question_index = data
    return data


# The build code's stamp when this module was imported (eleven stats, about 0.05 ms).  A stamp
# describes the files on disk, but a process builds with the code it imported: a long-running
# process (the MCP server, a test session) that imported the builder before an edit would build
# with the old code and write the index under the new files' stamp, and every later process would
# take that stale index for current.  So a process whose build code changed on disk since it
# imported it builds the index for itself and does not write it (the next process builds and
# writes it from the code on disk).  Two checks, each catching what the other may miss: the
# build code's stamp now against its stamp when this module was imported (an edit that keeps the
# old modification time, as ``cp -p`` does, still changes the stamp), and no build code file
# modified after the package was imported (``adjudicator.IMPORTED_AT_NS``: a module such as
# ``kb/names.py`` is imported before this one, maybe hours before in a server).  A module imported
# after an edit runs the new code: a build more, never a stale index.
CODE_AS_IMPORTED = code_stamp()


def runs_code_on_disk() -> bool:
    """Whether this process runs the build code that is on disk now (``CODE_AS_IMPORTED``)."""
    import adjudicator

    stamp = code_stamp()
    since = getattr(adjudicator, "IMPORTED_AT_NS", None)
    return stamp == CODE_AS_IMPORTED and (since is None or all(mtime < since - CLOCK_GRAIN for _, _, mtime in stamp))


# file times come from the kernel's coarse clock, up to a tick (1-10 ms) behind the wall clock the
# import time is read from: a file this much older than the import may have been written after it
CLOCK_GRAIN = 100_000_000  # ns


def _built(kb, path: Path) -> dict:
    """The index built, written (unless the build code changed on disk since this process
    imported it: ``runs_code_on_disk``), and its warnings printed (once: when it is built)."""
    import sys

    full = build(kb.store)
    if runs_code_on_disk():
        _write(path, full)
    for warning in full.get("warnings", ()):
        sys.stderr.write(f"warning: {warning}\n")
    return full


def _current(small: dict, path: Path) -> bool:
    """Whether the index was built from the files there now: their stamp is the one kept, or
    (a file touched, not changed) their content is; then the new stamp is kept."""
    stamp = inputs_stamp()
    kept = small.get("inputs")
    if kept is not None and [tuple(entry) for entry in kept] == stamp:
        return True
    if kept is None or small.get("inputs_digest") != inputs_digest(stamp):
        return False
    small["inputs"] = stamp
    _write_part(path, small)
    return True


def _remove_stale(path: Path) -> None:
    olds = [*path.parent.glob("ask-index-*.marshal"), *path.parent.glob("ask-bulk-*.marshal"),
            *path.parent.glob("qc-ask-*.pickle")]
    for old in olds:
        build_name = old.name.removeprefix("ask-index-").removeprefix("ask-bulk-").removeprefix("qc-ask-").rsplit(".", 1)[0]
        if old not in (path, _bulk_path(path)) and not (path.parent / build_name).exists():
            try:
                old.unlink()
            except OSError:
                pass


def vocabulary_terms(kb) -> dict:
    """Every indexed term (stemmed words and word pairs) -> its postings."""
    return load(kb)["postings"]


def inverse_frequency(n_docs: int, df: int) -> float:
    """BM25's weight of a term that ``df`` of ``n_docs`` records hold."""
    return math.log(1 + (n_docs - df + 0.5) / (df + 0.5))


def saturation(tf: float, length: float, avg: float) -> float:
    """BM25's weight of a term's count ``tf`` in a record of ``length`` (``avg``: the game's mean)."""
    return tf * (K1 + 1) / (tf + K1 * (1 - B + B * length / avg))


def search(kb, terms, game: str | None = None, limit: int = 40) -> list[tuple[str, float]]:
    """(record id, BM25 score) of the best-matching records of ``game`` (every game when None);
    document frequencies and lengths are the game's own.  ``terms``: a list, or a mapping of
    each term to its weight in the question."""
    weights_of = terms if isinstance(terms, dict) else dict.fromkeys(terms, 1.0)
    index = load(kb)
    games = index["games"]
    n_docs = index["n"].get(game, 0) if game else len(index["docs"])
    if not n_docs:
        return []
    avg = index["avg"][game] if game else sum(index["lengths"]) / len(index["lengths"])
    lengths = index["lengths"]
    scores: dict[int, float] = {}
    for term, asked in weights_of.items():
        docs, weights = posting(index, term)
        if not docs:
            continue
        if game:
            pairs = [(d, w) for d, w in zip(docs, weights) if games[d] == game]
        else:
            pairs = list(zip(docs, weights))
        if not pairs:
            continue
        idf = inverse_frequency(n_docs, len(pairs))
        for doc, tf in pairs:
            # ``saturation`` written out: a call here, once per record and term, cost 1-6% of the
            # search (0.03-0.2 ms of ~3 ms a question, tune half and the team's questions)
            norm = tf * (K1 + 1) / (tf + K1 * (1 - B + B * lengths[doc] / avg))
            scores[doc] = scores.get(doc, 0.0) + asked * idf * norm
    best = sorted(scores.items(), key=lambda kv: -kv[1])[:limit]
    return [(index["docs"][doc], score) for doc, score in best]


# how an asked question's match leans on the share of it the player's question covers, rather
# than the share of the player's question it covers: a player's question is long and sets the
# scene; the asked question is short and says what is asked (a Q&A's own question: 0.5)
ASKED_LEAN = 0.8


def question_matches(kb, terms: list[str], asked_only: bool = False) -> dict[str, tuple[float, int]]:
    """record id -> (overlap, the question's place) of its best-matching question: the share of
    that question the player's covers and the share of the player's it covers (both ways),
    each word weighed by its rarity.  ``asked_only``: among its asked questions only (not a
    Q&A's own)."""
    return question_matches_by_kind(kb, terms)[1 if asked_only else 2]


def question_matches_by_kind(kb, terms: list[str], factors: dict | None = None) -> tuple[dict, dict, dict]:
    """``question_matches`` three ways in one pass: (best of each record's own questions, best of
    its asked questions, best of both).  ``factors``: how much each term of the player's question
    counts besides its rarity (a word only in a quotation or the "if ..." case counts less; default 1)."""
    index = load(kb)
    wanted = set(terms)
    n_docs = len(index["docs"])
    totals = index["question_weights"]
    questions = index["questions"]
    postings = index["question_postings"]

    def weight(t: str) -> float:
        return math.log(1 + n_docs / max(1, df(index, t)))

    weights = {t: weight(t) * (factors or {}).get(t, 1.0) for t in wanted}
    asked = sum(w for t, w in weights.items() if "_" not in t) or 1.0
    got: dict[int, float] = {}
    for t in wanted:
        raw = postings.get(t)
        if not raw:
            continue
        for i in array("i", raw[: len(raw) // 2]):
            got[i] = got.get(i, 0.0) + weights[t]
    own: dict[str, tuple[float, int]] = {}
    written: dict[str, tuple[float, int]] = {}
    best: dict[str, tuple[float, int]] = {}
    for i, shared in got.items():
        doc = questions[i]
        total = totals[i] or 1.0
        is_own = not index["question_texts"][i]
        lean = 0.5 if is_own else ASKED_LEAN
        overlap = (shared / total) ** lean * (shared / max(asked, shared)) ** (1 - lean)
        rid = index["docs"][doc]
        for out in (own if is_own else written, best):
            if overlap > out.get(rid, (0.0, -1))[0]:
                out[rid] = (overlap, i)
    return own, written, best
