"""The other games' names that the LOTR card game's players write too.

A name only one game's documents name counts for that game in game detection (``game_detection``:
a card, term, step or vocabulary marker).  Some names only METW's or MEQ's documents hold are
names LOTR's players write all the same: cards of the LOTR card game that neither our card library
nor its list of card names (``rules_db/lotr/card_names.yaml``, to 2018) holds ("Khamul the
Easterling", METW's card in our documents), and terms MEQ's rules name that are the card game's
words too ("Deal X Damage", "Shadow Cards", "Starter Deck", "Attack Value").  Beside a name of
LOTR's own, or in a question written at length as players write (``game_detection.LONG_WRITTEN``),
such a name is no reason to leave LOTR: players' questions are LOTR's far more often than the
others' (95% of the players' set).

Counted in the public copy of the FFG LOTR card game's rules forum (the repository
ksmutny/lotr-ffg-forum-scrapper, commit 0845e81; the threads the players' evaluation uses left
out, rounds 15-17's too: 6,036 threads read) by ``bench/count_forum_names.py``: the threads whose
posts name each name of METW or MEQ alone (the games' own names aside; a name of LOTR's list of
card names is LOTR's own), linked as game detection links a question.  Kept: the names in at least
``NAME_THREADS`` threads (0.3% of them).  Under it stay the names only those games' players write:
"METW" (8 threads), "on-guard" (6), "Fallen-wizard" (6).
"""

from __future__ import annotations

NAME_THREADS = 20
THREADS = 6036

# the linker's key of the name -> threads naming it
LOTR_PLAYERS_NAME = {
    "shadow card": 645, "number of player": 248, "ccg": 218, "two player game": 121, "starter deck": 114,
    "special ability": 86, "khamul the easterling": 77, "discard card": 69, "do nothing": 63, "combat deck": 62,
    "attack value": 55, "to rule them all": 55, "avatar": 54, "game text": 46, "start the game": 43,
    "game effect": 38, "alatar": 32, "play deck": 31, "council of elrond": 29, "hand size": 29, "deal x damage": 24,
    "defense value": 24, "hero setup": 24, "other rule": 24, "card title": 22, "mp": 20,
}
