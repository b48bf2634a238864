"""The things a question names: cards, scenarios, keywords, framework steps, each game's terms.

A name is linked when the question holds it as whole words (case, accents, plurals and
apostrophes folded, as ``kb.names.name_key`` folds them), the longest name first, so that
"Sneak Attack" is one card and not the term "attack".  A card or scenario whose name is a
single word ("Feint", "Exhaustion") is linked only when the question writes it as a name:
capitalised inside a sentence, or quoted.

The names come from the knowledge base (record titles and aliases of the kinds below), the
card libraries under ``rules_db`` (LOTR card files and list of card names, METW card values) and the card names the
FAQ's entries carry.  ``names_table`` collects them when the question index is built.

A step is also named by its number, where the documents number it: "step 6.4.2", "6.4.2",
"step 3.2" (LOTR's framework steps), and an MEQ step by its number with the part of the
rules it belongs to, which numbers its steps afresh ("step 3 of the hero turn", "setup step
3e"); ``numbered_steps`` finds them.  METW's rules number their sections, not steps.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from adjudicator.compiled import regex
from adjudicator.kb.names import casefold_unaccented, name_key

# record kinds whose titles and aliases are names a question may use
ENTITY_KINDS = ("card", "scenario", "keyword", "glossary", "step", "rule")
PROPER_KINDS = ("card", "scenario")  # a one-word name of these must be written as a name
MAX_WORDS = 7
# words too common to be linked alone, whatever names them
TOO_COMMON = frozenset(
    "a an the and or of to in on at for with by from is are be it its this that may to type title cost action "
    "instead when then after before until during each all any one two three round phase step turn card cards "
    "player players game rule rules text ability effect play put discard time end begin begins other another "
    "first next last same".split()
)
MISSPELT_SHORTEST = 6  # letters of a word read as a misspelt name's word (``spelling``), and of that word
GENERIC_TAIL = frozenset("card token step rule deck".split())
_WORD = regex(r"[A-Za-z0-9À-ÿ]+(?:['’][A-Za-z]+)?")


@dataclass(frozen=True)
class Entity:
    """A card, scenario, keyword or rule named in the question, with its word positions."""

    key: str
    name: str  # as the documents or the card library print it
    kind: str  # card, scenario, keyword, glossary, step, rule, term
    game: str
    record: str  # the record it names ("" for a card the documents hold no page for)
    start: int  # word positions in the question, end exclusive
    end: int
    example: bool = False  # named as an example ("e.g. with X", "(such as X)"), not the subject
    at: tuple[int, int] = (0, 0)  # character offsets in the question

    @property
    def words(self) -> int:
        return self.end - self.start


def _singular(word: str) -> str:
    return name_key(word) or word


def names_table(store) -> list[list]:
    """[key, printed name, record id, kind, game] for every name a question may link."""
    rows: list[list] = []
    seen: set[tuple[str, str, str]] = set()

    def add(key: str, name: str, rid: str, kind: str, game: str) -> None:
        if not key or key in TOO_COMMON or len(key) < 3 or len(key.split()) > MAX_WORDS:
            return
        if (key, rid, game) in seen:
            return
        seen.add((key, rid, game))
        rows.append([key, name, rid, kind, game])

    marks = ",".join("?" * len(ENTITY_KINDS))
    for key, name, rid, kind, game in store.conn.execute(
            f"select key, name, id, kind, game from names where kind in ({marks}) and key not like 'id:%'",
            ENTITY_KINDS):
        if kind == "rule" and len(key.split()) > 4:
            continue
        key = re.sub(r"^(\d+ )+", "", key) if kind == "step" else key  # "6 4 3 resolve shadow effect"
        add(key, name, rid, kind, game)
        words = key.split()
        if kind in ("glossary", "rule") and len(words) == 2 and words[1] in ("card", "token"):
            add(words[0], name, rid, kind, game)  # "Attachment Cards" answers to "attachment"
    card_pages = {k: rid for k, _, rid, kind, game in rows if kind == "card"}
    for name, game in _library_names():
        key = name_key(name)
        add(key, name, card_pages.get(key, ""), "card", game)
    for trait in _own_traits(store):
        add(name_key(trait), trait, "", "trait", "lotr")
    for row in store.conn.execute("select game, data from records where kind in ('errata', 'qa', 'clarification')"):
        data = json.loads(row["data"])
        for name in list((data.get("card_names") or {}).values()) + [data.get("card") or ""]:
            if name:
                key = name_key(name)
                add(key, name, card_pages.get(key, ""), "card", row["game"])
    _short_names_shared(rows, add)
    _joined_terms_first_part(rows, add)
    for key, name, rid, game in _step_numbers(store):
        add(key, name, rid, "step", game)
    return rows


# a step number as written: "6.4.2", "6.4a", "3.e", "3e", "3 (e)"
_NUMBER = r"\d+(?:\.\d+)*(?:\.?\s?\(?[a-z]\)?(?![a-z]))?"
_STEP_WORD = regex(rf"\bsteps?\s+({_NUMBER})", re.I)
_DOTTED = regex(r"(?<![\w.])(\d+\.\d+(?:\.\d+)*[a-z]?)(?![\w.]*\d)", re.I)
# words before a dotted number that make it another numbering's: "FAQ 1.3", "page 3.2", "v1.0"
_OTHER_NUMBERING = regex(r"\b(?:faq|section|page|pp?|version|v|errata|stage|chapter|q|question|card|core)\.?\s*$", re.I)
STEP_KEY = "step "  # keys of numbered steps: "step 6.4.2", "step 3e|hero turn" (no name key has a dot or "|")


def step_number(text: str) -> str:
    """A step number written any of the ways above, as one form: "6.4.2", "6.4a", "3e"."""
    text = re.sub(r"[\s()]", "", text.lower())
    return re.sub(r"\.(?=[a-z])", "", text)


SHARED_WORDS = 4  # names up to this many words are looked for in the other games' text


def shared_names(store, rows: list[list]) -> list[str]:
    """The keys of names only one game names (by ``rows``, the names table) that another
    game's documents use as words all the same: "Ranged" and "Defense" are LOTR keywords and
    MEQ words, "Nazgul" and "Mount Doom" LOTR cards and METW and MEQ places, "Plot Card" MEQ's
    and a phrase of the LOTR documents.  Game detection counts such a name for its game, but
    less (on the team's asked questions, "defense" named an MEQ question as often as a LOTR
    one).  Words are folded as the linker folds them; names of more than ``SHARED_WORDS`` words
    are not looked for."""
    owners: dict[str, set[str]] = {}
    for key, _, _, _, game in rows:
        owners.setdefault(key, set()).add(game)
    wanted = {key: next(iter(games)) for key, games in owners.items()
              if len(games) == 1 and not key.startswith(STEP_KEY) and len(key.split()) <= SHARED_WORDS}
    longest: dict[str, int] = {}  # first word -> the most words of a wanted name starting with it
    for key in wanted:
        words = key.split()
        longest[words[0]] = max(longest.get(words[0], 0), len(words))
    folded: dict[str, str] = {}  # each word folded once (name_key is the slow part)
    shared: set[str] = set()
    for game, title, summary, blocks in store.conn.execute("select game, title, summary, blocks from records"):
        text = " ".join([title, summary or ""] + [b["text"] for b in json.loads(blocks)])
        keys = []
        for w in _WORD.findall(text):
            key = folded.get(w)
            if key is None:
                key = folded[w] = _singular(casefold_unaccented(w).replace("'", "").replace("\u2019", ""))
            keys.append(key)
        for i, first in enumerate(keys):
            for size in range(1, longest.get(first, 0) + 1):
                key = " ".join(keys[i:i + size])
                if wanted.get(key, game) != game:
                    shared.add(key)
    return sorted(shared)


def _step_numbers(store) -> list[tuple[str, str, str, str]]:
    """(key, printed name, record id, game) for each step the documents number: the number is
    the record id's last part, and the title must begin with its last figure or letter (the
    documents print it: "6.4.2 Resolve shadow effect", "e. Set up Starting Quests").  A step
    of a part of the rules that numbers its steps afresh (MEQ's setup, hero turn, combat)
    carries that part's words after "|", from its id ("meq:step:hero-turn:3")."""
    out = []
    for rid, game, title in store.conn.execute("select id, game, title from records where kind = 'step'"):
        parts = rid.split(":")
        number = parts[-1]
        last = re.split(r"\.", number)[-1]
        if not re.fullmatch(r"\d+(?:\.\d+)*[a-z]?|\d+(?:\.[a-z0-9]+)+", number):
            continue
        if not re.match(rf"{re.escape(last)}\b|{re.escape(number)}\b", title.strip().lower()):
            continue
        # "lotr:rr:step:6.4.2": one numbering for the game; "meq:step:hero-turn:3": the hero turn's
        part = " ".join(w for w in parts[-2].split("-") if w not in _PART_FILLER)
        key = STEP_KEY + step_number(number) + ("|" + part if part else "")
        out.append((key, title, rid, game))
    return out


_PART_FILLER = frozenset("the of a step steps in".split())


def _short_names_shared(rows: list[list], add) -> None:
    """A card's first name, where another game has a card of that one name: players call
    "Frodo Baggins" Frodo, and METW's card is "Frodo", so the name is the two games' and
    points to neither (it linked METW alone, and sent LOTR questions about Frodo to METW)."""
    games_of: dict[str, set[str]] = {}
    for key, _, _, kind, game in rows:
        if kind == "card":
            games_of.setdefault(key, set()).add(game)
    firsts: dict[tuple[str, str], set[str]] = {}
    for key, _, _, kind, game in rows:
        if kind == "card" and len(key.split()) >= 2:
            firsts.setdefault((key.split()[0], game), set()).add(key)
    for key, name, rid, kind, game in list(rows):
        words = key.split()
        if kind != "card" or len(words) < 2 or len(firsts[(words[0], game)]) > 1:
            continue  # "Giant Web" and "Giant Marsh Worm": "giant" names neither
        others = games_of.get(words[0], set())
        if others and game not in others:
            add(words[0], name, rid, "card", game)


def _joined_terms_first_part(rows: list[list], add) -> None:
    """A glossary entry whose title joins two terms ("In Play and Out of Play") answers to each:
    the documents' own index names it by its second term already ("out of play"), and players
    say the first as often ("is a card in the staging area in play?").  Only a first part of two
    words or more that names nothing else (a one-word part, "ownership", "favor", "title", is too
    loose a name; "discard pile" has its own entry)."""
    named = {key for key, *_ in rows}
    for key, name, rid, kind, game in list(rows):
        if kind != "glossary" or " and " not in key:
            continue
        first = key.split(" and ", 1)[0]
        if len(first.split()) >= 2 and first not in named:
            add(first, name, rid, kind, game)


def _library_names() -> list[tuple[str, str]]:
    """(card name, game) from the card libraries under rules_db and LOTR's list of card names
    (``rules_db/lotr/card_names.yaml``, bench/import_card_names.py)."""
    from adjudicator.paths import RULES_DB
    from adjudicator.yamlio import load_yaml

    out: list[tuple[str, str]] = []
    for path in sorted((RULES_DB / "lotr" / "cards").glob("*.yaml")):
        for card in (load_yaml(path) or {}).get("cards", []) or []:
            if isinstance(card, dict) and card.get("name"):
                out += [(card["name"], "lotr")] + [(a, "lotr") for a in card.get("aliases", []) or []]
    from adjudicator.lotr.card_lookup import listed_cards

    out += [(name, "lotr") for name, _, _ in listed_cards()]  # every card's name, beyond the library's cards
    metw = RULES_DB / "metw" / "cards.yaml"
    if metw.exists():
        for group in (load_yaml(metw) or {}).values():
            if isinstance(group, dict):
                for name in group:
                    out.append((name, "metw"))
                    plain = re.sub(r"\s+[IV]+$", "", name)  # "Aragorn II" is "Aragorn" to a player
                    if plain != name:
                        out.append((plain, "metw"))
    return out


def linker_rows(names: list[list], vocabulary: dict) -> list[list]:
    """The rows a question's names are linked from: the names table, then each game's
    vocabulary markers as terms of that game with no record (keyed when the index was built)."""
    return names + [[key, marker, "", "term", game]
                    for game, vocab in vocabulary.items() for marker, key in vocab["markers"]]


def _own_traits(store) -> list[str]:
    """The LOTR card library's traits ("Eagle", "Spider", "Silvan") that no other game's
    documents use as a word: a question naming one ("are eagles characters?") is about LOTR,
    even when its other words ("creature") are more common in another game's rules."""
    from adjudicator.paths import RULES_DB
    from adjudicator.yamlio import load_yaml

    traits: set[str] = set()
    for path in sorted((RULES_DB / "lotr" / "cards").glob("*.yaml")):
        for card in (load_yaml(path) or {}).get("cards", []) or []:
            if isinstance(card, dict):
                traits.update(t for t in card.get("traits", []) or [] if isinstance(t, str))
    other = " ".join(
        " ".join([row["title"], row["summary"] or "", row["blocks"]])
        for row in store.conn.execute("select title, summary, blocks from records where game != 'lotr'"))
    other = " " + " ".join(name_key(w) for w in _WORD.findall(casefold_unaccented(other))) + " "
    return sorted(t for t in traits if name_key(t) and f" {name_key(t)} " not in other)


class Linker:
    """Names by key, for linking; built once per process from the index's names table."""

    def __init__(self, table: list[list]):
        """``table``: rows of (key, name, record id, kind, game); each game's vocabulary markers
        come as rows of kind "term" with no record (``game_detection.linker_for``)."""
        self.by_key: dict[str, list[tuple]] = {}
        # numbered steps: number -> (the words of the part of the rules that numbers them, entry)
        self.numbered: dict[str, list[tuple[frozenset, str, tuple]]] = {}
        for key, name, rid, kind, game in table:
            self.by_key.setdefault(key, []).append((name, rid, kind, game))
            if key.startswith(STEP_KEY) and kind == "step":
                number, _, part = key[len(STEP_KEY):].partition("|")
                self.numbered.setdefault(number, []).append(
                    (frozenset(_singular(w) for w in part.split()), key, (name, rid, kind, game)))
        # words a misspelt word may be read as (``spelling.corrected``): set by ``linker_for``
        # to the words the documents and the asked questions use, so that a real word is never read
        # as another; without it no word is corrected
        self.known_word = None
        self.word_root = None  # the stem of a word as the index stems it (``spelling.corrected``'s root)
        self._name_words: frozenset[str] | None = None

    def table(self) -> dict:
        """``by_key``, ``numbered`` and ``name_words`` as plain values, for the ask index
        (``from_table``): built when the index is, a fresh process reads them instead of keying
        two thousand rows and splitting their names (the words as one text: a set of 1,500
        words unmarshals slower than their text splits)."""
        return {"by_key": self.by_key, "numbered": self.numbered, "name_words": " ".join(sorted(self.name_words))}

    @classmethod
    def from_table(cls, table: dict) -> "Linker":
        """The linker whose ``table()`` this is."""
        linker = cls([])
        linker.by_key, linker.numbered = table["by_key"], table["numbered"]
        linker._name_words = frozenset(table["name_words"].split())
        return linker

    @property
    def name_words(self) -> frozenset[str]:
        """Every word of every name (built the first time a word is looked up as a misspelling)."""
        if self._name_words is None:
            self._name_words = frozenset(w for key in self.by_key if not key.startswith(STEP_KEY)
                                         for w in key.split())
        return self._name_words

    def games_of(self, key: str) -> set[str]:
        """The games naming ``key``, or naming it without a generic last word ("Peril
        Cards" is MEQ's, and "Peril" a LOTR keyword: the name is not MEQ's alone)."""
        games = {e[3] for e in self.by_key.get(key, ())}
        words = key.split()
        if len(words) > 1 and words[-1] in GENERIC_TAIL:
            games |= {e[3] for e in self.by_key.get(" ".join(words[:-1]), ())}
        return games

    def link(self, question: str, game: str | None = None) -> list[Entity]:
        """The names in ``question`` (of ``game`` only, when given), longest first, not overlapping."""
        tokens = [(m.group(0), m.start()) for m in _WORD.finditer(question)]
        keys = [_singular(casefold_unaccented(t).replace("'", "").replace("’", "")) for t, _ in tokens]
        if self.known_word is not None and any(
                len(k) >= MISSPELT_SHORTEST and k.isalpha() and k not in self.name_words and not self.known_word(k)
                for k in keys):  # a word no name, document or asked question uses: maybe misspelt
            from .spelling import corrected

            keys = corrected(keys, self.name_words, self.known_word, MISSPELT_SHORTEST,
                             self.word_root or (lambda word: word))
        taken = [False] * len(tokens)
        found: list[Entity] = self._numbered_steps(question, tokens, keys, taken, game)
        for size in range(min(MAX_WORDS, len(tokens)), 0, -1):
            for i in range(0, len(tokens) - size + 1):
                if any(taken[i:i + size]):
                    continue
                key = " ".join(keys[i:i + size])
                entries = self.by_key.get(key)
                if not entries:
                    continue
                if game:
                    entries = [e for e in entries if e[3] == game]
                entries = [e for e in entries if e[2] not in PROPER_KINDS
                           or (_written_as_name(question, tokens, i) if size == 1
                               else _written_as_names(tokens[i:i + size], e[0]))]
                if not entries:
                    continue
                example = _as_example(question, tokens[i][1])
                at = (tokens[i][1], tokens[i + size - 1][1] + len(tokens[i + size - 1][0]))
                for name, rid, kind, g in entries:
                    found.append(Entity(key, name, kind, g, rid, i, i + size, example, at))
                for j in range(i, i + size):
                    taken[j] = True
        found.sort(key=lambda e: (e.start, e.kind))
        return found


    def _numbered_steps(self, question: str, tokens, keys, taken: list[bool], game: str | None) -> list[Entity]:
        """The steps ``question`` names by number (``numbered_steps``), their tokens taken."""
        found = []
        words = set(keys)
        for number, start, end in step_mentions(question):
            entries = [(part, key, e) for part, key, e in self.numbered.get(number, ()) if not game or e[3] == game]
            # a step numbered within a part of the rules is named only with that part's words
            entries = [(part, key, e) for part, key, e in entries if part <= words]
            if not entries:
                continue
            widest = max(len(part) for part, _, _ in entries)  # "combat" and "hero turn": the fuller match
            chosen = [(key, e) for part, key, e in entries if len(part) == widest]
            plain = [(key, e) for key, e in chosen if ":quickref:" not in e[1]]  # the reference card repeats them
            first = next(i for i, (_, at) in enumerate(tokens) if at + 1 > start)
            last = max(i for i, (_, at) in enumerate(tokens) if at < end)
            at = (tokens[first][1], tokens[last][1] + len(tokens[last][0]))
            for key, (name, rid, kind, g) in plain or chosen:
                found.append(Entity(key, name, kind, g, rid, first, last + 1,
                                    _as_example(question, tokens[first][1]), at))
            for j in range(first, last + 1):
                taken[j] = True
        return found


def step_mentions(question: str) -> list[tuple[str, int, int]]:
    """(step number, start, end) for each step number ``question`` writes: after "step" in
    any form ("step 3", "step 3e"), or alone when dotted ("6.4.2") and not another document's
    numbering ("FAQ 1.3", "page 3.2")."""
    out, seen = [], set()
    for m in _STEP_WORD.finditer(question):
        out.append((step_number(m.group(1)), m.start(), m.end(1)))
        seen.add(m.start(1))
    for m in _DOTTED.finditer(question):
        if m.start(1) in seen or _OTHER_NUMBERING.search(question[:m.start(1)]):
            continue
        out.append((step_number(m.group(1)), m.start(1), m.end(1)))
    return sorted(out, key=lambda t: t[1])


def numbered_steps(linker: Linker, text: str, game: str | None = None) -> list[Entity]:
    """The steps ``text`` names by their numbers (of ``game`` only, when given)."""
    return [e for e in linker.link(text, game) if e.key.startswith(STEP_KEY)]


def _as_example(question: str, at: int) -> bool:
    """A name given as an example: inside brackets, or right after "e.g.", "such as", "like"
    (``example_cues.BEFORE_A_NAME``)."""
    from .example_cues import EXAMPLE_BEFORE

    before = question[:at]
    if before.count("(") > before.count(")"):
        return True
    return EXAMPLE_BEFORE.search(before[-40:]) is not None


def _shouted(word: str) -> bool:
    """A word written in capitals for emphasis ("STAND", not "I")."""
    return len(word) > 1 and word.isupper()


def _written_as_names(words: list[tuple[str, int]], printed: str) -> bool:
    """A card's or scenario's name of several words is the name whatever case the player writes it
    in (as printed, title case, all lower case, all capitals) but one: a phrase with some words
    in capitals and others not ("Can I STAND and fight?") shouts a word of plain English, and is
    the name only if its other words read as the name's own words do in ordinary case: capitalised
    where the printed name capitalises them ("STAND and Fight")."""
    shouted = [_shouted(w) for w, _ in words]
    if not any(shouted) or all(shouted):
        return True
    own = {}
    for word in _WORD.findall(printed):
        own.setdefault(_word_key(word), word)
    for (word, _), loud in zip(words, shouted):
        as_printed = own.get(_word_key(word))
        if not loud and as_printed and as_printed[:1].isupper() and not word[:1].isupper():
            return False
    return True


def _word_key(word: str) -> str:
    return _singular(casefold_unaccented(word).replace("'", "").replace("’", ""))


def _written_as_name(question: str, tokens: list[tuple[str, int]], i: int) -> bool:
    word, at = tokens[i]
    before = question[max(0, at - 1): at]
    after = question[at + len(word): at + len(word) + 1]
    if before in "'\"‘“" and before and after in "'\"’”" and after:
        return True
    if not word[:1].isupper() or word.isupper() and len(word) <= 3:
        return False
    if word.isupper() and not question.isupper():
        return True  # a name in capitals ("HUMMERHORNS."), even first in its sentence
    # the first word of a sentence is capitalised anyway
    head = question[:at].rstrip()
    return bool(head) and head[-1] not in ".!?:"
