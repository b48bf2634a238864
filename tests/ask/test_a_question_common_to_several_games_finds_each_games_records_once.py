"""A question common to several games is answered in each of them, and the game whose record
decides it best may come first (issue 11: `ask` "asks (or shows both) when the question fits
two"): each game's records are ranked once per question, whatever is shown of them (the game
put first in full, the others' best record only), and the names it seems to misspell are looked
for once, in the game put first."""

from __future__ import annotations

# its words are METW's and MEQ's; METW is detected, but MEQ's record decides it (a game other
# than LOTR: a question taken for LOTR keeps LOTR first, ``Detection.yields_to_records``)
QUESTION = "Is a corruption card free to discard?"


def _counting(monkeypatch):
    from adjudicator.ask import answer as module
    from adjudicator.ask import ranking

    calls = {"rank": [], "suggest": []}
    rank, suggest = ranking.rank, module._suggest

    def counted_rank(kb, question, game, *rest, **named):
        calls["rank"].append(game)
        return rank(kb, question, game, *rest, **named)

    def counted_suggest(kb, question, entities, game):
        calls["suggest"].append(game)
        return suggest(kb, question, entities, game)

    monkeypatch.setattr(ranking, "rank", counted_rank)
    monkeypatch.setattr(module, "_suggest", counted_suggest)
    return calls


def test_ask_ranks_each_games_records_once_when_another_game_comes_first(kb, monkeypatch):
    from adjudicator.ask.answer import ask

    calls = _counting(monkeypatch)
    answer = ask(kb, QUESTION)
    assert answer.game != answer.detection.game  # the game put first is not the one detected
    assert answer.detection.game in [o.game for o in answer.others]  # which is still shown, second
    assert sorted(calls["rank"]) == sorted(set(calls["rank"]))  # each game ranked once
    assert set(calls["rank"]) == {answer.game, *answer.detection.fitting, answer.detection.game}
    assert calls["suggest"] == [answer.game]


def test_the_answer_put_first_is_the_one_that_game_gives_alone(kb):
    from adjudicator.ask.answer import answer_in_game, ask

    answer = ask(kb, QUESTION)
    alone = answer_in_game(kb, QUESTION, answer.game)
    assert answer.ranked_ids() == alone.ranked_ids()
    assert [c.sentence for c in [answer.best, *answer.supporting]] == [c.sentence for c in [alone.best, *alone.supporting]]
    assert answer.verdict == alone.verdict and answer.suggestions == alone.suggestions
    for other in answer.others:  # each other game's answer: its best record, as that game alone shows it second
        single = answer_in_game(kb, QUESTION, other.game, 1, second=True)
        assert other.best == single.best and other.verdict == single.verdict and other.supporting == []
