"""Player vocabulary, per game: how players say it, and the words the rules use for it.

Data lives in ``rules_db/<game>/vocabulary.yaml`` (written from what players write in public
threads, never from the documents' sentences):

- ``phrases``: a regular expression of what players write (matched case-insensitively on
  whole words) -> the rules' words; `ask` adds the rules' words to a question holding the
  phrase (the question keeps its own words).
- ``markers``: words and names players use for this game and not the others (game detection
  counts them, as it counts the game's card names and terms).

The files are read when the question index is built (they are build inputs, so an edit
makes a new index); queries read the compiled copy.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from adjudicator.errors import InputError

FILE = "vocabulary.yaml"


@dataclass(frozen=True)
class Phrase:
    pattern: str
    means: str


def read(game: str) -> dict:
    """One game's vocabulary, checked: an InputError names the file and the bad entry."""
    from adjudicator.paths import RULES_DB
    from adjudicator.yamlio import load_yaml

    path = RULES_DB / game / FILE
    if not path.exists():
        return {"phrases": [], "markers": []}
    data = load_yaml(path) or {}
    if not isinstance(data, dict):
        raise InputError(f"{path}: expected a mapping with phrases: and markers:")
    unknown = set(data) - {"phrases", "markers"}
    if unknown:
        raise InputError(f"{path}: unknown section {sorted(unknown)[0]!r}; expected phrases or markers")
    phrases = []
    for pattern, means in (data.get("phrases") or {}).items():
        try:
            re.compile(str(pattern))
        except re.error as exc:
            raise InputError(f"{path}: phrase {pattern!r} is not a valid pattern: {exc}") from None
        if not str(means or "").strip():
            raise InputError(f"{path}: phrase {pattern!r} has no rules words")
        phrases.append(Phrase(str(pattern), str(means)))
    markers = [str(m) for m in data.get("markers") or []]
    return {"phrases": phrases, "markers": markers}


def compiled(games: list[str]) -> dict:
    """{game: {"phrases": [[pattern, means], ...], "markers": [...]}} for the index."""
    out = {}
    for game in games:
        vocab = read(game)
        out[game] = {"phrases": [[p.pattern, p.means] for p in vocab["phrases"]], "markers": vocab["markers"]}
    return out


class Expander:
    """Adds the rules' words for the player phrases a question uses (one game's vocabulary)."""

    def __init__(self, phrases: list[list[str]]):
        self.phrases = [(re.compile(r"\b(?:" + p + r")\b", re.I), means) for p, means in phrases]

    def matches(self, question: str) -> list[tuple[str, str]]:
        """(what the player wrote, the rules' words) for each phrase found."""
        out = []
        for pattern, means in self.phrases:
            found = pattern.search(question)
            if found:
                out.append((found.group(0), means))
        return out

    def expand(self, question: str) -> str:
        extra = [means for _, means in self.matches(question)]
        return question + (" " + " ".join(extra) if extra else "")
