"""`ask` for LOTR LCG: the game's questions answered by the shared pipeline (`adjudicator.ask`).

Kept as the LOTR entry point the team's evaluation (bench/eval_ask.py) calls; the names, the
ranking, the verdicts and the notes are the same for the three games.
"""

from __future__ import annotations

from adjudicator.ask.answer import SUPPORTING, Answer, answer_in_game


def ask(kb, question: str, limit: int = 1 + SUPPORTING) -> Answer:
    """A LOTR question answered from the LOTR documents (no game detection)."""
    return answer_in_game(kb, question, "lotr", limit)
