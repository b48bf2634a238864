"""The players' votes reach the record ask ranked just below the ones it cites (its first spare,
``settled_questions.SPARES``), not records ranked lower or not ranked, and not a record ask left out
because its sentence repeats one already shown."""

from __future__ import annotations

from adjudicator.ask import settled_questions as sq


class _Cited:
    def __init__(self, rid: str) -> None:
        self.id, self.merged = rid, []


def _vote(monkeypatch, voted: str, spares: list[str]) -> tuple[list[str], list[str]]:
    """ask cites a, b, c; the nearest entries vote for ``voted``: (the records cited after the
    vote, the records whose votes moved them)."""
    monkeypatch.setattr(sq, "votes", lambda question, game: [sq.Alike("s", "t", 0.9, voted)])
    monkeypatch.setattr(sq, "NEW_RECORDS", False)
    cited = [_Cited(r) for r in "abc"]
    shown = list(cited)
    moved = sq.vote_in("q", "lotr", cited, shown, lambda rid: (_Cited(rid), _Cited(rid)),
                       lambda: False, lambda: False, spares)
    return [c.id for c in cited], [v.record for v in moved]


def test_a_voted_record_ask_ranked_below_the_cited_ones_joins_the_answer(monkeypatch):
    cited, moved = _vote(monkeypatch, "d", spares=["d", "e"])
    assert "d" in cited and moved == ["d"]


def test_a_voted_record_ask_did_not_rank_does_not_join(monkeypatch):
    cited, moved = _vote(monkeypatch, "z", spares=["d", "e"])
    assert cited == ["a", "b", "c"] and moved == []


def test_only_the_first_spare_is_reached(monkeypatch):
    cited, moved = _vote(monkeypatch, "e", spares=["d", "e"])
    assert cited == ["a", "b", "c"] and moved == []


def test_without_spares_the_votes_reach_only_the_records_ask_cites(monkeypatch):
    monkeypatch.setattr(sq, "SPARES", 0)
    cited, moved = _vote(monkeypatch, "d", spares=["d", "e"])
    assert cited == ["a", "b", "c"] and moved == []


def test_the_spares_are_the_ranked_records_after_the_last_one_cited(kb, monkeypatch):
    """What the answer passes to the vote: ranked records it did not get to, none it cites and
    none it skipped before the answer was full (a record repeating a shown sentence is skipped)."""
    from adjudicator.ask import answer as answer_module

    seen = {}

    def capture(question, game, cited, shown, make, reads=lambda: False, anchor=lambda: False, spares=()):
        seen["cited"], seen["spares"] = [c.id for c in cited], list(spares)
        return []

    monkeypatch.setattr(sq, "vote_in", capture)
    question = "When my threat reaches its elimination level, what happens to the enemies engaged with me?"
    found = answer_module.find(kb, question, "lotr", 1 + answer_module.SUPPORTING + 2)
    answer_module.answer_in_game(kb, question, "lotr", found=found)
    ranked = [item.record.id for item in found.ranked]
    assert seen["spares"] and not set(seen["spares"]) & set(seen["cited"])
    assert ranked[len(ranked) - len(seen["spares"]):] == seen["spares"]  # the tail of the ranking
    assert ranked.index(seen["spares"][0]) > max(ranked.index(c) for c in seen["cited"] if c in ranked)


def test_by_default_the_votes_reach_the_spares():
    assert sq.SPARES == 1 and not sq.NEW_RECORDS
