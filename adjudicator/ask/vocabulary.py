"""Player vocabulary, per game: how players say it, and the words the rules use for it.

Data lives in ``rules_db/<game>/vocabulary.yaml`` (written from what players write in public
threads, never from the documents' sentences):

- ``phrases``: a regular expression of what players write (matched case-insensitively on
  whole words) -> the rules' words; `ask` adds the rules' words to a question holding the
  phrase (the question keeps its own words).
- ``markers``: words and names players use for this game and not the others (game detection
  counts them, as it counts the game's card names and terms); matched like a name: whole words,
  case, accents, plurals and apostrophes folded, the longest name first.

The files are read when the question index is built (they are build inputs, so an edit
makes a new index); queries read the compiled copy, which keeps with each phrase the words
one of which any text it matches must hold (``needed``): a question holding none of them is
not matched against the pattern, which is then never compiled (compiling the fifty patterns
of a game cost a fresh process about 9 ms).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from adjudicator.compiled import compile as compile_cached
from adjudicator.errors import InputError

FILE = "vocabulary.yaml"


@dataclass(frozen=True)
class Phrase:
    """A player's phrase and the rules term it means."""

    pattern: str
    means: str


def read(game: str) -> dict:
    """One game's vocabulary, checked: an InputError names the file, the line of the bad entry,
    what was expected and the section meant.  Read as written (``data_file``): every pattern,
    rules term and marker is text, whatever YAML 1.1 would make of it (a marker ``On`` or
    ``No`` stays that word, never a boolean)."""
    from adjudicator.paths import RULES_DB

    from . import data_file

    path = RULES_DB / game / FILE
    if not path.exists():
        return {"phrases": [], "markers": []}
    root = data_file.compose(path)
    sections = {}
    if root is not None:
        for name, key, value in data_file.mapping(path, root, "a mapping with phrases: and markers:"):
            if name not in SECTIONS:
                raise InputError(f"{data_file.where(path, key)}: unknown section {name!r}; expected phrases or markers",
                                 hint=data_file.suggestion(name, SECTIONS, cutoff=0.5))
            sections[name] = value
    phrases = []
    if _written(sections.get("phrases")):
        for pattern, key, value in data_file.mapping(path, sections["phrases"], "a mapping of phrases to rules words"):
            try:
                re.compile(pattern)
            except (re.error, OverflowError, RecursionError) as exc:
                raise InputError(f"{data_file.where(path, key)}: phrase {pattern!r} is not a valid pattern: {exc}") from None
            means = data_file.text(path, value, f"the rules words phrase {pattern!r} means")
            if not means.strip():
                raise InputError(f"{data_file.where(path, key)}: phrase {pattern!r} has no rules words; "
                                 f"expected the rules words it means after the colon")
            phrases.append(Phrase(pattern, means))
    markers = []
    if _written(sections.get("markers")):
        markers = [data_file.text(path, node, "a marker word or name")
                   for node in data_file.items(path, sections["markers"], "a list of marker words and names")]
    return {"phrases": phrases, "markers": markers}


SECTIONS = ("phrases", "markers")


def _written(node) -> bool:
    """A section written with something in it (``markers:`` alone is an empty section)."""
    from . import data_file

    return node is not None and not (data_file.is_text(node) and not node.value)


def compiled(games: list[str]) -> dict:
    """{game: {"phrases": [[pattern, means, needed], ...], "markers": [[marker, key], ...]}} for
    the index.  A marker keeps its name key (``kb.names.name_key``), folded here once: folding
    the few hundred card names of a game's markers cost every process about 1.5 ms."""
    from adjudicator.kb.names import name_key

    out = {}
    for game in games:
        vocab = read(game)
        out[game] = {"phrases": [[p.pattern, p.means, needed(p.pattern)] for p in vocab["phrases"]],
                     "markers": [[m, name_key(m)] for m in vocab["markers"] if name_key(m)]}
    return out


def needed(pattern: str) -> list[str] | None:
    """Lower-case strings one of which every text ``pattern`` matches holds (matched without
    regard to case), or None when no such strings can be told."""
    from re import _parser  # the standard library's own parse of a pattern (build time only)

    try:
        found = _needed(_parser.parse(pattern, re.I))
    except Exception:  # a construct this reading does not know: no shortcut
        return None
    return sorted(found) if found else None


def _needed(items) -> set[str] | None:
    from re import _constants as c

    candidates: list[set[str]] = []
    run = ""
    for op, av in items:
        if op is c.LITERAL and av < 128:
            run += chr(av).lower()
            continue
        if op is c.AT:  # zero width: the literal text on each side stays one run
            continue
        if run:
            candidates.append({run})
            run = ""
        inner = None
        if op is c.SUBPATTERN:
            inner = _needed(av[-1])
        elif op is c.ATOMIC_GROUP:
            inner = _needed(av)
        elif op is c.BRANCH:
            alternatives = [_needed(a) for a in av[1]]
            if all(alternatives):
                inner = set().union(*alternatives)
        elif op in (c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT) and av[0] >= 1:
            inner = _needed(av[2])
        if inner:
            candidates.append(inner)
    if run:
        candidates.append({run})
    if not candidates:
        return None
    return max(candidates, key=lambda strings: (min(map(len, strings)), -len(strings)))


class Expander:
    """Adds the rules' words for the player phrases a question uses (one game's vocabulary).
    A phrase is [pattern, means] or [pattern, means, needed] (``needed``: see above)."""

    def __init__(self, phrases: list[list]):
        self.phrases = [(p[0], p[1], p[2] if len(p) > 2 else None) for p in phrases]
        self._compiled: dict[str, re.Pattern] = {}

    def _pattern(self, pattern: str) -> re.Pattern:
        if pattern not in self._compiled:
            self._compiled[pattern] = compile_cached(r"\b(?:" + pattern + r")\b", re.I)
        return self._compiled[pattern]

    def matches(self, question: str) -> list[tuple[str, str]]:
        """(what the player wrote, the rules' words) for each phrase found."""
        out = []
        folded = question.casefold()
        for pattern, means, strings in self.phrases:
            if strings is not None and not any(s in folded for s in strings):
                continue
            found = self._pattern(pattern).search(question)
            if found:
                out.append((found.group(0), means))
        return out

    def expand(self, question: str) -> str:
        extra = [means for _, means in self.matches(question)]
        return question + (" " + " ".join(extra) if extra else "")
