"""Which game a question is about, when the user did not say (`ask`, `rule`, `search`, `card`).

Three kinds of evidence, added up per game:

- names: the game's own name ("METW", "Middle-earth Quest") decides; a card, scenario,
  keyword, step or term that only one game's documents (or card
  library, or vocabulary markers) name counts for that game, and so does a trait of the LOTR
  card library that the other games' documents never use ("eagles", "Silvan"); a name of several words or a
  card's name (or a word of the game's vocabulary markers, ``rules_db/<game>/vocabulary.yaml``)
  counts more than one common word; a name another game's documents use as
  words all the same ("Ranged", "Nazgul", "Plot Card": ``entities.shared_names``) counts
  ``SHARED_NAME`` as much;
- words: how typical the question's words and pairs of adjacent words ("next round", "hero
  turn") are of each game's rules text and of the questions players ask of it (a multinomial
  naive Bayes score: each word's share of the game's words, smoothed alike for every game,
  over the kinds of record that state rules, rulings and sections included, so that scenario
  and card pages do not weigh in;
  a share, not a count of records, so that the game with longer records gains nothing from
  it); LOTR's share of a word or pair its players write at least twice as often as its rules
  say it (the opening posts of the public LOTR rules forum's threads) is mixed a little with
  their share (``FORUM_MIX``: "last round", "cancel");
- player words: a phrase of one game's vocabulary (``rules_db/<game>/vocabulary.yaml``:
  "DI", "party", "M/H phase" are METW players' words) counts ``NAME_WEIGHT`` for that game,
  as a one-word name does, when the question's phrases are found in that game's vocabulary
  only (a phrase several games' vocabularies know, "dies", "heal", tells nothing);
- a small prior for LOTR LCG, the game most questions are about, so that a question with
  no evidence either way is answered from it.

Leaving LOTR takes more evidence than staying (players' questions are LOTR's 95% of the time):
a name or players' word of another game that LOTR's texts say as often counts for none
(``_lotr_says``: "moving", "Card Title"), and so does, beside a name of LOTR's own or in a
question written at length (``LONG_WRITTEN``), a name of another game that LOTR's players write
too (``forum_words``: MEQ's "Deal X Damage" beside LOTR's "defense"; on the team's asked
questions, short and a third METW's or MEQ's, counting it for none in every question cost six
of theirs); a question whose words alone lead away from LOTR stays LOTR's within a margin
(``LEAVE_LOTR_WORDS``; for a long question one growing with its length: ``_stays_lotr``), the
other game then fitting it too.

The game with the highest total is assumed; when the runner-up is within ``CLOSE`` of it (or,
for a long question, within ``FEATURE_CLOSE`` times the square root of the words and pairs
counted) the question fits both, and the caller shows both (or asks).  A generic question (no name points
to one game, and every word counted is one that each game's terms use: "how many cards do I
draw at the start of the game?") fits every game: its words' shares differ only by how each
rulebook writes, and on the team's asked questions such a question is taken for the wrong
game about twice as often at the same margin, so it fits two up to ``GENERIC_CLOSE``.  Only
games whose documents are in the knowledge base are considered.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from functools import lru_cache

GAME_NAMES = {"lotr": "LOTR: The Card Game", "metw": "Middle-earth: The Wizards", "meq": "Middle-earth Quest"}
PRIOR = {"lotr": 2.0}
SMOOTHING = 0.5
NAME_WEIGHT = 2.0  # a one-word name found in one game only
LONG_NAME_WEIGHT = 4.0  # a name of several words, or a card's or scenario's name
# a runner-up this close (in log odds) fits the question too: the word pairs spread the scores
# wider than the words alone did, and 2 fires on about as many asked questions as 1 did then
CLOSE = 2.0
# a generic question (above) fits the runner-up up to this margin: on the asked questions
# (bench/eval_game_detection.py) those between 2 and 5 were wrong 13% of the time (others 7%)
GENERIC_CLOSE = 5.0
# a question whose words are common to several games, no name pointing to one, fits each of
# them that comes this near (wider than GENERIC_CLOSE: `ask` shows only the games whose records
# decide it); "does my company have to be at a haven to heal a wounded character?" uses LOTR
# words too, but METW's 22 ahead
COMMON_CLOSE = 8.0
# a long question fits the runner-up up to this many times the square root of the words and
# word pairs counted, when that is wider: each word adds its log share as if the words were
# independent, which they are not (a question about combat says "attack", "defend" and
# "damage" together), so the margin grows with the question's length while the evidence grows
# more slowly.  On the asked questions (folds out) the true game is then shown, first or
# second, for 8 more (63 -> 55 not shown) at 33 more double answers (360 -> 393 of 4,251);
# on the players' tune half, for one more of the two its words take for LOTR
FEATURE_CLOSE = 1.0
# a long question (players write long ones: 17 words and pairs counted at the median of the
# players' tune half, 8 on the team's asked questions) whose words alone lead away from LOTR
# leaves it only by this many times the square root of the words and pairs counted: each word
# adds its log share as if independent (FEATURE_CLOSE), and LOTR's rules text, three times the
# others' and spread over more topics, gives a LOTR topic's words ("turn", "both players",
# "combat") a smaller share than a smaller rulebook does.  On the players' tune half
# (rounds 0-9) the METW and MEQ questions led LOTR by 3 or more times that root when no name
# of theirs was in them, the two LOTR questions taken for METW by 1.0 and 1.5; on the
# team's asked questions (folds out) no question changes
LONG = 15
LEAVE_LOTR = 1.5
# any question whose words alone lead away from LOTR (no name nor players' word of the leading game
# in it) leaves LOTR only by this much (log odds): players' questions are LOTR's 97 times in 100
# (the players' readable tune rounds 0, 7-15), the team's asked questions, whose words the word
# model counts, a third METW's or MEQ's.  Measured (bench/eval_game_detection.py, session 23), 0 ->
# 0.5 / 1 / 1.5: players' readable tune 5 -> 4 / 4 / 3 wrong (a LOTR question taken for METW); the
# team's asked questions (folds out) 139 -> 157 / 172 / 188 wrong, but weighted by the players' game
# shares 0.94% -> 0.82% / 0.81% / 0.76% (their LOTR questions 22 -> 18 / 17 / 15 wrong); probes
# 38 -> 38 / 37 / 37; team 0.  Session 23 took 0.5 (most of the players' gain for the fewest asked
# METW and MEQ questions lost); session 24 1.5 (the asked guard judged weighted: 0.82% -> 0.76%,
# players' readable tune 4 -> 3, round 14's LOTR question of defeated heroes taken for MEQ by 1.4)
LEAVE_LOTR_WORDS = 1.5
# a question written at length is a long one too, however few of its words the word model counts:
# players write long questions (the players' tune half, rounds 0 and 7-12: 30 words written at the
# median, four in five 20 or more), the team's asked questions short ones (12 at the median, about
# 1 in 100 20 or more), and a long question's everyday words ("fight", "rule book", "re-organise")
# say little of the game.  On the tune half's rounds 10-12 the two LOTR questions taken for
# another game were of 30 and 40 words with 8 and 11 counted; on the team's asked questions (folds
# out) no question changes
LONG_WRITTEN = 20
WRITTEN = re.compile(r"[A-Za-z0-9]+(?:['’][A-Za-z]+)?")
# what players call each game ("in METW, ...", "my MEQ group"): a question naming its game is
# about it, whatever its other words say.  Each is a vocabulary marker of its game, so linked.
# "Lord of the Rings" names all three; "LOTR" alone is what the card game's players call it
# (METW players say METW or MECCG, MEQ players MEQ), so it names the card game.
GAME_CALLED = {"lotr": ("LCG", "LOTR LCG", "LOTR", "LOTR card game", "Lord of the Rings card game"),
               "metw": ("METW", "MECCG", "Middle-earth: The Wizards", "Middle-earth CCG",
                        "Middle-earth Collectible Card Game"),
               "meq": ("MEQ", "Middle-earth Quest")}
GAME_NAME_WEIGHT = 10.0
# a name one game names that another game's documents say as words: on the team's asked
# questions (bench/eval_game_detection.py, folds out) counting it half cut the wrong game
# 163 -> 157; not at all, 159 (it still tells most of them apart)
SHARED_NAME = 0.5


@dataclass
class Detection:
    """The game a question is about, with each game's score and the names pointing to it."""

    game: str
    scores: dict[str, float]
    evidence: dict[str, list[str]] = field(default_factory=dict)  # game -> the names that point to it
    given: bool = False  # the user named the game (--game)
    generic: bool = False  # no name points to one game and every word counted is every game's
    features: int = 0  # the words and word pairs the word model counted
    written: int = 0  # the words written in the question, counted or not (``LONG_WRITTEN``)
    # the games whose terms use every word counted, when no name points to one game (a name
    # another game's documents use as words, "Hand Size", points to none): the question is
    # every one of these games' as much (``fitting``)
    common: tuple[str, ...] = ()
    # the player words of the question that only one game's vocabulary knows, by that game
    said: dict[str, list[str]] = field(default_factory=dict)

    @property
    def assumed(self) -> bool:
        """No name nor player word of the game chosen is in the question: it was chosen by the
        words' shares and the prior alone, and `ask` says so."""
        return not self.given and not self.evidence.get(self.game) and not self.said.get(self.game)

    @property
    def close(self) -> float:
        """How near the runner-up must come to fit the question too."""
        return max(GENERIC_CLOSE if self.generic else CLOSE, FEATURE_CLOSE * math.sqrt(self.features))

    @property
    def ranked(self) -> list[str]:
        return sorted(self.scores, key=lambda g: -self.scores[g])

    @property
    def runner_up(self) -> str | None:
        """The second game when it fits the question nearly as well."""
        if self.given or len(self.scores) < 2:
            return None
        second = self._second
        if self.scores[self.game] - self.scores[second] < self.close:
            return second
        others = self.fitting
        return others[0] if others else None

    @property
    def yields_to_records(self) -> bool:
        """Whether `ask` may put first another game the question's common words fit, when that
        game's record decides the question and the chosen game's does not: not when LOTR was
        chosen for a long question (``LONG``, ``LONG_WRITTEN``), whose words' shares, and the
        records' share of them, spread wide for any game (``_stays_lotr``); nor when each such
        game trails LOTR by ``GENERIC_CLOSE`` or more (the margin a generic question fits the
        runner-up by: a game that far behind fits only because its rules use the same common
        words, and a record holding more of them is no reason to leave the game players ask
        about most).  The other game's answer still follows LOTR's.  (For every question taken
        for LOTR, the team's asked questions lost two METW and MEQ questions to it and a fresh
        METW one, "Wizard killed - game over?", too; the margin moves two of the team's asked
        MEQ questions to LOTR first and two LOTR questions back to LOTR, and the players' tune
        half's one LOTR question answered from MEQ by a record, round 10's, back to LOTR.)"""
        if self.game != "lotr":
            return True
        if self.features >= LONG or self.written >= LONG_WRITTEN:
            return False
        return any(self.scores["lotr"] - self.scores[g] < GENERIC_CLOSE for g in self.fitting if g in self.common)

    @property
    def _second(self) -> str:
        """The best-scoring game after the one chosen (a long question kept LOTR's,
        ``_stays_lotr``, has its leader here)."""
        return next(g for g in self.ranked if g != self.game)

    @property
    def fitting(self) -> list[str]:
        """The other games the question fits, best first: the runner-up when it comes within
        ``close``; and when the question's words are common to several games and no name
        points to one (``common``), every one of those games, however their rulebooks' styles
        spread the scores (`ask` shows each that has a record deciding it)."""
        if self.given or len(self.scores) < 2:
            return []
        second = self._second
        near = [second] if self.scores[self.game] - self.scores[second] < self.close else []
        if self.game not in self.common:
            return near
        return near + [g for g in self.ranked if g in self.common and g != self.game and g not in near
                       and self.scores[self.game] - self.scores[g] < COMMON_CLOSE]

    def to_dict(self) -> dict:
        return {"game": self.game, "given": self.given, "assumed": self.assumed, "also": self.runner_up,
                "fitting": self.fitting, "generic": self.generic, "common": list(self.common),
                "said": {g: words for g, words in self.said.items() if words},
                "scores": {g: round(s, 2) for g, s in self.scores.items()},
                "evidence": {g: names for g, names in self.evidence.items() if names}}

    def describe(self) -> str:
        if self.given:
            return f"{GAME_NAMES.get(self.game, self.game)} (--game)"
        reasons = self.evidence.get(self.game) or []
        said = self.said.get(self.game) or []
        why = f": it names {', '.join(reasons[:3])}" if reasons else (
            f": it says {', '.join(repr(w) for w in said[:3])}, as this game's players do" if said else "")
        return f"{GAME_NAMES.get(self.game, self.game)}{why}"

    def assumption(self) -> str:
        """Why the game was assumed, for `ask`'s game line: "LOTR: The Card Game, assumed: no card,
        term or players' word in the question points to one game alone" (players' words several
        games' vocabularies find point to none: "DI" with "goes up", METW's and LOTR's)."""
        return (f"{GAME_NAMES.get(self.game, self.game)}, assumed: no card, term or players' word in the question "
                "points to one game alone")


def given(game: str) -> Detection:
    return Detection(game, {game: 0.0}, given=True)


def detect(kb, text: str, games: list[str] | None = None) -> Detection:
    """The game ``text`` is most likely about, among the games the knowledge base holds."""
    from .question_index import load, words
    from .entities import Linker
    from .forum_words import LOTR_PLAYERS_NAME

    index = load(kb)
    present = [g for g in index["present"] if not games or g in games]
    if not present:
        return Detection("lotr", {"lotr": 0.0})
    if len(present) == 1:
        return Detection(present[0], {present[0]: 0.0})
    scores = {g: PRIOR.get(g, 0.0) for g in present}
    evidence: dict[str, list[str]] = {g: [] for g in present}
    linker = linker_for(kb)
    shared = _shared_names(index)
    names_one = False  # a name that only one game's documents use points to that game
    named = []  # (key, its one game, name, strong): a name only one game's documents use
    for key, entity_games, name, strong in _named(linker, text):
        owners = [g for g in entity_games if g in scores]
        if len(owners) == 1:
            named.append((key, owners[0], name, strong))
    written = len(WRITTEN.findall(text))
    # beside a name of LOTR's own, or in a question written at length (players' style, ``LONG_WRITTEN``)
    lotr_named = written >= LONG_WRITTEN or any(owner == "lotr" for _, owner, _, _ in named)
    for entity_key, owner, name, strong in named:
        if entity_key in shared and _lotr_says(index, name, owner):
            continue  # "Hand Size", "Shadow Cards": LOTR's words as much, not a reason to leave it
        if lotr_named and owner != "lotr" and entity_key in LOTR_PLAYERS_NAME:
            continue  # "Deal X Damage" beside LOTR's "defense": LOTR's players write it too (``forum_words``)
        if entity_key in _called(owner):
            scores[owner] += GAME_NAME_WEIGHT
            names_one = True
        else:
            strong = strong or entity_key in _markers(index, owner)
            weight = LONG_NAME_WEIGHT if strong else NAME_WEIGHT
            scores[owner] += weight * (SHARED_NAME if entity_key in shared else 1.0)
            names_one = names_one or entity_key not in shared
        if name not in evidence[owner]:
            evidence[owner].append(name)
    said = _said(kb, index, text, present)
    if len(said) == 1 and all(_lotr_says(index, words_, g) for g, found in said.items() for words_ in found):
        said = {}  # "move", "tokens": one game's players' words, LOTR's rules' words as much
    if len(said) == 1:  # player words of one game's vocabulary only
        scores[next(iter(said))] += NAME_WEIGHT
    users: list[frozenset] = []
    counted: list[str] = []
    for g, score in word_scores(index, text, present, None, counted, users).items():
        scores[g] += score
    best = max(present, key=lambda g: (scores[g], -present.index(g)))
    if _stays_lotr(best, scores, evidence, said, len(counted), written, counted):
        best = "lotr"
    common = [g for g in present if all(g in u for u in users)]
    generic = not any(evidence.values()) and len(common) == len(present)
    return Detection(best, scores, evidence, generic=generic, features=len(counted), written=written,
                     common=tuple(common) if not names_one and len(common) >= 2 else (),
                     said=said if len(said) == 1 else {})


def _stays_lotr(best: str, scores: dict[str, float], evidence: dict, said: dict, features: int,
                written: int = 0, counted: list | tuple = ()) -> bool:
    """Whether a question the word shares alone take away from LOTR stays LOTR's: its leading
    game has no name nor player word of its own in it, and it leads LOTR by less than
    ``LEAVE_LOTR_WORDS``, or, for a question counting ``LONG`` words and pairs or more or with
    ``LONG_WRITTEN`` words written, by less than ``LEAVE_LOTR`` times the square root of the words
    and pairs counted when that is more.  A player word of the leading game that is only words the
    word model counts (``counted``: "fight", "tokens", plain words players of every game write) is
    weighed there already, and is no name of its own.  The other game is then shown too
    (``Detection.fitting``)."""
    if best == "lotr" or "lotr" not in scores:
        return False
    if evidence.get(best) or (len(said) == 1 and best in said and not _only_counted(said[best], counted)):
        return False
    margin = LEAVE_LOTR_WORDS
    if features >= LONG or written >= LONG_WRITTEN:
        margin = max(margin, LEAVE_LOTR * math.sqrt(features))
    return scores[best] - scores["lotr"] < margin


def _only_counted(phrases: list[str], counted: list | tuple) -> bool:
    """Whether each phrase is words the word model counted in the question, and nothing else
    ("fight": yes; "DI", "M/H", "go to": no, their words too short or never counted)."""
    from .question_index import words

    have = set(counted)
    return all(words(p) and all(t in have for t in words(p)) for p in phrases)


def _said(kb, index: dict, text: str, games: list[str]) -> dict[str, list[str]]:
    """game -> the player words of ``text`` its vocabulary's phrases find ("DI", "party"), for
    each game whose vocabulary finds any.  Only a game found alone counts (``detect``): on the
    team's asked questions (bench/eval_game_detection.py, folds out) that cut the wrong game
    155 -> 144 (counting a phrase whose words no other game's phrase matched: 146)."""
    out = {}
    for game in games:
        if index["vocabulary"].get(game, {}).get("phrases"):
            found = list(dict.fromkeys(player for player, _ in expander_for(kb, game).matches(text)))
            if found:
                out[game] = found
    return out


def expander_for(kb, game: str):
    """The game's player vocabulary (``vocabulary.Expander``), one a knowledge base: `ask`
    expands a question with it, game detection reads which games' phrases a question uses."""
    cache = kb.__dict__.setdefault("_expanders", {})
    if game not in cache:
        from .question_index import load

        cache[game] = _remembering()(load(kb)["vocabulary"].get(game, {}).get("phrases", []))
    return cache[game]


@lru_cache(maxsize=None)
def _remembering():
    """``vocabulary.Expander`` finding a question's phrases once (the class made when first
    needed, so that importing this module imports no vocabulary): detection reads them, then
    `ask` expands the question with them."""
    from .vocabulary import Expander

    class Remembering(Expander):
        last: tuple = (None, [])

        def matches(self, question: str) -> list[tuple[str, str]]:
            if self.last[0] != question:
                self.last = (question, super().matches(question))
            return list(self.last[1])

    return Remembering


@lru_cache(maxsize=None)
def players_shares() -> tuple[dict[str, int], dict[str, int]]:
    """({word or pair: how often LOTR's players write it}, {"words": total, "pairs": total}) from
    ``rules_db/lotr/forum_words.json`` (``bench/count_forum_names.py --words``), read once; empty
    when the file is missing."""
    import json

    from adjudicator.paths import RULES_DB

    path = RULES_DB / "lotr" / "forum_words.json"
    data = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    return data.get("counts", {}), data.get("totals", {})


def word_scores(index: dict, text: str, games: list[str], shared: list | None = None,
                counted: list | None = None, users: list | None = None) -> dict[str, float]:
    """How likely each game's rules text is to say the question's words and pairs of adjacent
    words (log probabilities, summed): each word or pair the index counts for some game adds,
    for each game, the log of its share of that game's words (or pairs), smoothed by
    ``SMOOTHING`` over the whole vocabulary, so that a game with less text is neither favoured
    nor punished for a word it never uses (``question_index.game_counts``).  ``shared``, when
    given, gets one flag per word counted: whether every game in ``games`` uses it; ``counted``
    gets each word and pair counted; ``users``, one set per word counted: the games of ``games``
    that use it."""
    from array import array

    from .question_index import Postings, words

    counts = index["game_tf"]
    if not isinstance(counts, Postings):
        counts = index["game_tf"] = Postings(counts)  # the small part keeps it packed
    order = index["present"]
    louder, forum_totals = players_shares() if "lotr" in games else ({}, {})
    tokens = words(text)
    features = {"words": {t for t in tokens if len(t) >= 3 and t not in NUMBERS},  # "e.g.", "3b", "two": no game
                "pairs": {a + "_" + b for a, b in zip(tokens, tokens[1:])}}
    scores = {g: 0.0 for g in games}
    for kind, found in features.items():
        totals, size = index["game_totals"][kind], index["game_vocabulary"][kind]
        for feature in found:
            packed = counts.get(feature)
            if packed is None:
                continue
            n = len(packed) // 8
            per_game = dict(zip(array("i", packed[:4 * n]), array("f", packed[4 * n:])))
            if kind == "words" and (shared is not None or users is not None):
                using = frozenset(g for g in games if per_game.get(order.index(g), 0.0) > 0)
                if shared is not None:
                    shared.append(len(using) == len(games))
                if users is not None:
                    users.append(using)
            if counted is not None:
                counted.append(feature)
            for g in games:
                at = order.index(g)
                share = (per_game.get(at, 0.0) + SMOOTHING) / (totals[at] + SMOOTHING * size)
                if g == "lotr" and feature in louder:  # LOTR's players write it more than its rules say it
                    share = (1.0 - FORUM_MIX) * share + FORUM_MIX * (louder[feature] + SMOOTHING) / (
                        forum_totals[kind] + SMOOTHING * size)
                scores[g] += math.log(share)
    return scores


# LOTR's share of a word or pair is mixed, this much, with the share LOTR's players give it in the
# opening posts of the public LOTR rules forum's threads (``players_shares``), where they
# write it at least twice as often as LOTR's rules texts say it ("last round", "win the game",
# "cancel"): the word model's shares are the rules texts' and the team's asked questions', and the
# questions players ask are LOTR's far more often than the other games'.  On the players' tune half
# (rounds 0, 7-14) 7 -> 5 questions taken for another game; on the team's asked questions (folds
# out) 139 -> 139 (5 MEQ and METW questions now taken for LOTR, 5 LOTR ones no longer taken for
# MEQ); probes 39 -> 38.  0.1 cost the asked questions 16 more (MEQ's written in players' words too)
FORUM_MIX = 0.03


# number words (the LOTR documents write "1 card", the METW and MEQ rules "one card"): counted
# alone they measured house style ("Can two characters defend against one attack?" went to
# METW on "two" and "one"); their pairs ("four player", "two teams") stay, telling phrases
NUMBERS = frozenset("zero one two three four five six seven eight nine ten eleven twelve once twice".split())


# a name or player word of another game leaves LOTR only when LOTR's texts say its words less
# than this share of that game's (the word model's shares, ``word_scores``)
LOTR_SAYS = 0.5


def _lotr_says(index: dict, phrase: str, game: str) -> bool:
    """Whether LOTR's texts say ``phrase`` (a name or a player word of ``game``, another game)
    at least ``LOTR_SAYS`` as often as ``game``'s do, by share of each game's words: each of
    its words and each pair of adjacent words ("play deck" is METW's term and LOTR's words
    "play" and "deck", but LOTR says "player deck"; MEQ says "shadow" far more).  Such a phrase is a
    common word of LOTR too ("moving", "card title"), and players' questions are LOTR's far
    more often than the other games' (95% of the players' set), so it is no reason to leave
    LOTR.  A phrase with no word counted: no."""
    from array import array

    from .question_index import Postings, words

    order = index["present"]
    if game == "lotr" or "lotr" not in order or game not in order:
        return False
    counts = index["game_tf"]
    if not isinstance(counts, Postings):
        counts = index["game_tf"] = Postings(counts)
    tokens = words(phrase)
    found = [("words", t) for t in tokens if len(t) >= 3 and t not in NUMBERS]
    if not found:
        return False
    found += [("pairs", a + "_" + b) for a, b in zip(tokens, tokens[1:])]
    lotr, other = order.index("lotr"), order.index(game)
    for kind, feature in found:
        packed = counts.get(feature)
        if packed is None:
            return False
        n = len(packed) // 8
        per_game = dict(zip(array("i", packed[:4 * n]), array("f", packed[4 * n:])))
        totals = index["game_totals"][kind]
        if per_game.get(lotr, 0.0) / totals[lotr] < LOTR_SAYS * per_game.get(other, 0.0) / totals[other]:
            return False
    return True


def _markers(index: dict, game: str) -> frozenset[str]:
    """The keys of ``game``'s vocabulary markers: words its players use and the others' do not
    ("MP", "hazard limit"), as telling as a card's name."""
    cached = index.get("marker_sets")
    if cached is None:
        cached = index["marker_sets"] = {g: frozenset(key for _, key in vocab["markers"])
                                         for g, vocab in index["vocabulary"].items()}
    return cached.get(game, frozenset())


def _shared_names(index: dict) -> frozenset[str]:
    shared = index.get("shared_names_set")
    if shared is None:
        shared = index["shared_names_set"] = frozenset(index.get("shared_names", ()))
    return shared


@lru_cache(maxsize=None)
def _called(game: str) -> frozenset[str]:
    """The keys of the names players call ``game`` by, as the linker keys them."""
    from adjudicator.kb.names import name_key

    return frozenset(name_key(name) for name in GAME_CALLED.get(game, ()))


def _named(linker, text: str):
    """(key, games naming it, printed name, strong) for each name linked in ``text`` that
    tells games apart: a name of several words, a card's or scenario's name, or a word of a
    game's vocabulary markers (a one-word rules term, "ally", "hero", is common to several
    games under other names, and the word counts weigh it already)."""
    seen = set()
    for entity in linker.link(text):
        if entity.key in seen:
            continue
        seen.add(entity.key)
        kinds = {e[2] for e in linker.by_key.get(entity.key, ())}
        if entity.words == 1 and not kinds & {"card", "scenario", "term", "keyword", "trait"}:
            continue
        strong = entity.words > 1 or bool(kinds & {"card", "scenario"})
        yield entity.key, linker.games_of(entity.key), entity.name, strong


def linker_for(kb):
    cached = getattr(kb, "_linker", None)
    if cached is None:
        from .entities import Linker
        from .question_index import load, stem

        index = load(kb)
        # the names and the games' vocabulary markers, keyed when the index was built (entities.linker_rows)
        cached = Linker.from_table(index["linker"])
        cached.known_word, cached.word_root = _known_word(index), stem
        kb._linker = cached
    return cached


def _known_word(index: dict):
    """Whether the documents or the asked questions use a word (a stop word, or its stem among
    the records' or the asked questions' terms): such a word is never read as a misspelling of
    another (``spelling``)."""
    from .question_index import STOP, stem

    def known(word: str) -> bool:
        if word in STOP:
            return True
        try:
            records, questions = index["postings"], index["question_postings"]
        except KeyError:  # an index copied without its bulk part (a bench's fold): read nothing as misspelt
            return True
        term = stem(word)
        return records.get(term) is not None or questions.get(term) is not None

    return known


# -- rule and search ---------------------------------------------------------------------------


RULE_TIE = 0.05  # matches this close to the best in several games are equally good names


def find_rule_in_games(kb, name: str) -> tuple[object, Detection, list]:
    """`rule NAME` with no game: the entry of the game the name (and its words) is about,
    among the games with an equally good entry, and those other games' entries."""
    from adjudicator.kb import lookup
    from adjudicator.kb.names import best_matches, fuzzy_ceiling, name_key
    from adjudicator.errors import NotFound

    index_games = _present(kb)
    steps = _numbered(kb, name)
    if steps:  # "step 6.4.2", "hero turn step 3": the step the documents number so
        games = list(dict.fromkeys(s.game for s in steps))
        detection = detect(kb, name, games)
        record = next(s for s in steps if s.game == detection.game)
        return record, detection, [s for s in steps if s.game != detection.game]
    quality: dict[str, tuple[float, str]] = {}
    key = name_key(name)
    for game in index_games:
        exact = kb.store.exact_name(key, lookup.RULE_KINDS, game) if key else []
        if exact:
            quality[game] = (1.0, sorted(exact, key=lambda row: row[3])[0][2])
    # an exact entry in one game: a looser match in another can only matter if it could tie
    fuzzy_needed = not quality or fuzzy_ceiling(name) >= 1.0 - RULE_TIE
    for game in index_games:
        if game in quality or not fuzzy_needed:
            continue
        matches = best_matches(name, kb.store.names(lookup.RULE_KINDS, game), limit=1)
        if matches and matches[0].score >= lookup.ACCEPT:
            quality[game] = (matches[0].score, matches[0].id)
    if not quality:
        return lookup.find_rule(kb, name, None), Detection("lotr", {}), []  # raises NotFound, did you mean
    best = max(q for q, _ in quality.values())
    tied = [g for g in index_games if g in quality and quality[g][0] >= best - RULE_TIE]
    detection = detect(kb, name, tied)
    record = kb.store.get(quality[detection.game][1])
    if record is None:
        raise NotFound(f"no rule named {name!r}")
    others = [kb.store.get(quality[g][1]) for g in tied if g != detection.game]
    return record, detection, [r for r in others if r is not None]


def numbered_step(kb, name: str, game: str | None = None):
    """The step ``name`` names by its number ("step 6.4.2", "6.4a", "setup step 3e"), or None."""
    steps = _numbered(kb, name, game)
    return steps[0] if steps else None


def _numbered(kb, name: str, game: str | None = None) -> list:
    from .entities import numbered_steps

    rids = list(dict.fromkeys(e.record for e in numbered_steps(linker_for(kb), name, game) if e.record))
    return [r for r in kb.store.get_many(rids) if r is not None]


def steps_first(kb, query: str, hits: list, games: list[str], docs: list[str], limit: int) -> list:
    """`search` hits with the steps ``query`` names by number ("step 6.4.2") first: a hit of
    such a step moves up, and one the words did not find is added (its own lines, no snippet)."""
    from .entities import step_mentions

    if not step_mentions(query):  # no number written as a step's: nothing to load
        return hits
    from adjudicator.kb.ranking import Hit

    steps = [r for r in _numbered(kb, query) if (not games or r.game in games) and (not docs or r.span.doc in docs)]
    if not steps:
        return hits
    top = max((h.score for h in hits), default=1.0)
    by_id = {h.id: h for h in hits}
    first = [by_id.get(r.id) or Hit(r.id, r.kind.value, r.game, r.span.doc, r.title, top, f"{r.span.start}-{r.span.end}",
                                    r.authority.value, summary=r.summary or "") for r in steps]
    named = {r.id for r in steps}
    return (first + [h for h in hits if h.id not in named])[:max(limit, len(first))]


def search_games(kb, query: str) -> tuple[list[str], Detection]:
    """The games `search` ranks for a query with no game: the detected one, and the
    runner-up when the query fits it nearly as well."""
    detection = detect(kb, query)
    games = [detection.game] + ([detection.runner_up] if detection.runner_up else [])
    return games, detection


def _present(kb) -> list[str]:
    from .question_index import load

    return list(load(kb)["present"])


# what players call a game ("in METW", "for the LCG", "Middle-earth Quest", "in LOTR"; "Lord of
# the Rings" names all three): naming the game says which rules apply, not what is asked of them
_GAME_OPENERS = r"(?:(?:in|for|of|playing|with)\s+)?(?:the\s+)?"


def _game_names_pattern():
    names = sorted({n for called in GAME_CALLED.values() for n in called} | {"The Lord of the Rings",
                                                                              "Lord of the Rings"}, key=lambda n: (-len(n), n))
    from adjudicator.compiled import compile as compile_cached

    return compile_cached(r"[,;:]?\s*\b" + _GAME_OPENERS + "(?:" + "|".join(re.escape(n) for n in names) + r")\b[,;:]?", re.I)


_game_names = None


def without_game_names(question: str) -> str:
    """``question`` without the names it calls its game by ("In METW, can I influence an
    opponent's character?" -> "can I influence an opponent's character?"): the game is already
    chosen, and the name's words are not what the rule must speak to (a rule never says "METW",
    so counted as asked they made a rule about the case seem to miss it)."""
    global _game_names
    if _game_names is None:
        _game_names = _game_names_pattern()
    stripped = re.sub(r"\s+(?=[?.!,;:])", "", " ".join(_game_names.sub(" ", question).split()))
    return stripped if re.search(r"[A-Za-z]", stripped) else question
