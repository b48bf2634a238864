"""Which game answers a question that fits several is decided on each game's evidence: the more of
the question held by the record shown first and by ask's own first record, as ``rank`` orders
them before the learnt re-ordering (``answer._own_share``).  The re-ordering orders a game's
records; it takes no game's evidence away: one that puts a near record of the right game first,
holding fewer of the question's words, must not send the question to another game (session 33:
LOTR's Explored entry moved first sent a LOTR player's question to METW's discarded-character
entry)."""

from __future__ import annotations

from adjudicator.ask import answer as answer_module
from adjudicator.ask import reordering

QUESTION = 'Are they then immediately discarded? Do they count as "explored" in game terms?'


def _moving_first(record_id: str):
    """A re-ordering that puts ``record_id`` first whenever ask's order holds it."""
    standing = reordering.reorder

    def reorder(question, game, entities, ranked):
        out = standing(question, game, entities, ranked)
        moved = [r for r in out if r.record.id == record_id]
        return moved + [r for r in out if r.record.id != record_id] if moved else out

    return reorder


def test_a_record_the_reordering_moves_first_takes_no_games_evidence_away(kb, monkeypatch):
    standing = answer_module.ask(kb, QUESTION)
    assert standing.game == "lotr" and standing.detection.fitting  # a question the other games' words fit too
    monkeypatch.setattr(reordering, "reorder", _moving_first("lotr:rr:explored"))
    moved = answer_module.ask(kb, QUESTION)
    assert moved.best.id == "lotr:rr:explored"  # the re-ordering's record is shown first
    assert moved.game == "lotr"  # ask's own first record, holding more of the question, keeps it LOTR's


def test_the_share_weighed_for_the_game_is_never_less_than_asks_own_first_records(kb, monkeypatch):
    """For each of ask's first three records of the detected game put first by the re-ordering,
    the share of the question weighed for the game choice is at least the one of ask's own order."""
    def share() -> tuple[float, str]:
        found = answer_module.find(kb, QUESTION, "lotr")
        shown = answer_module.answer_in_game(kb, QUESTION, "lotr", found=found)
        return answer_module._own_share(kb, QUESTION, shown, found), shown.best.id

    own, _ = share()
    ids = [r.record.id for r in answer_module.find(kb, QUESTION, "lotr").ranked[:3]]
    firsts = set()
    for record_id in ids:
        monkeypatch.setattr(reordering, "reorder", _moving_first(record_id))
        moved, best = share()
        firsts.add(best)
        assert moved >= own
    assert len(firsts) >= 2  # the re-ordering did change the record shown first
