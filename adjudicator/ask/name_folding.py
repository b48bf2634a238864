"""How a legality question and the card names in it are folded before they are compared
(``legality_questions`` folds every question it reads; ``card_features`` folds the card
library's names the same way).  Kept apart from ``card_features`` so that a question naming no
card does not import the card reading (its import took about 2.7 ms)."""

from __future__ import annotations


def folded(text: str) -> str:
    """Text as names are compared here: case and diacritics folded, quotes made plain, punctuation
    kept ("Dúnhere" and "dunhere" are one name; "Gandalf's Search" keeps its apostrophe)."""
    from adjudicator.kb.names import casefold_unaccented

    return casefold_unaccented(text.replace("\u2018", "'"))
