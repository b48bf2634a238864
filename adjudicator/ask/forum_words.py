"""The other games' names that the LOTR card game's players write too.

A name only one game's documents name counts for that game in game detection (``game_detection``:
a card, term, step or vocabulary marker).  Some names only METW's or MEQ's documents hold are
names LOTR's players write all the same: cards of the LOTR card game that our card library does
not hold ("Gildor Inglorion", "Dagger of Westernesse", METW's cards in our documents), and terms
MEQ's rules name that are the card game's words too ("Deal X Damage", "Shadow Cards", "Starter
Deck", "Attack Value").  Beside a name of LOTR's own, or in a question written at length as players
write (``game_detection.LONG_WRITTEN``), such a name is no reason to leave LOTR: players' questions
are LOTR's far more often than the others' (95% of the players' set).

Counted in the public copy of the FFG LOTR card game's rules forum (the repository
ksmutny/lotr-ffg-forum-scrapper, commit 0845e81; the threads the players' evaluation uses left
out, round 15's too: 6,420 threads read) by ``bench/count_forum_names.py``: the threads whose
posts name each name of METW or MEQ alone (the games' own names aside), linked as game detection
links a question.  Kept: the names in at least ``NAME_THREADS`` threads (0.3% of them).  Under it stay the
names only those games' players write: "METW" (8 threads), "on-guard" (6), "Fallen-wizard" (6).
"""

from __future__ import annotations

NAME_THREADS = 20
THREADS = 6420

# the linker's key of the name -> threads naming it
LOTR_PLAYERS_NAME = {
    "shadow card": 692, "against the shadow": 279, "number of player": 258, "ccg": 221, "two player game": 125,
    "starter deck": 116, "gildor inglorion": 115, "special ability": 88, "khamul the easterling": 80,
    "discard card": 75, "do nothing": 64, "combat deck": 62, "attack value": 58, "to rule them all": 55,
    "avatar": 54, "dagger of westernesse": 54, "game text": 50, "perilous": 50, "argalad": 46, "start the game": 45,
    "game effect": 40, "alatar": 32, "hand size": 31, "healing herb": 31, "play deck": 31, "council of elrond": 29,
    "deal x damage": 25, "other rule": 25, "defense value": 24, "hero setup": 24, "card title": 22,
    "card combination": 20, "mp": 20, "step 3|combat": 20,
}
