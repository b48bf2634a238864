"""Players' questions alike, settled before, vote for their records in `ask`'s order
(``ask.settled_questions``); never the entries of the question's own thread when an evaluation
leaves it out (a player's new question comes from a thread the data does not hold); the answer
names the threads whose votes moved a record."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from adjudicator.ask import settled_questions as sq

REPO = Path(__file__).resolve().parents[2]
QUESTION = "Can my hero quest twice in the same round if he is readied after questing?"
VOTED = "lotr:rr:victory"  # a record ask does not cite for the question (checked below)
SOURCE = "https://community.fantasyflightgames.com/topic/12345-questing-twice/?do=findComment&comment=1"
ARCHIVE_COPY = "https://ffg-forum-archive.entropicdreams.com/topic/12345-questing-twice-in-a-round"


@pytest.fixture
def alike(monkeypatch):
    """Three invented entries: one asked as the question is, in thread 12345, voting for ``VOTED``;
    two in other threads about other things."""
    raw = [("lotr", {"id": "lotr-invented-quest-twice", "thread": sq.thread_key(SOURCE), "source": SOURCE,
                     "words": sq.content_words(QUESTION), "records": [VOTED, "lotr:rr:step:3.4"]}),
           ("lotr", {"id": "lotr-invented-other-1", "thread": "ffg-forum:1", "source": "https://example.org/1",
                     "words": ["shadow", "card", "dealt", "undefended", "attack"], "records": ["lotr:rr:shadow-effects"]}),
           ("lotr", {"id": "lotr-invented-other-2", "thread": "ffg-forum:2", "source": "https://example.org/2",
                     "words": ["deck", "building", "copies", "card"], "records": ["lotr:rr:deckbuilding"]})]
    monkeypatch.setattr(sq, "_ENTRIES", (sq.STEMMED, *sq.indexed(raw)))
    monkeypatch.setattr(sq, "FIRST", False)
    monkeypatch.setattr(sq, "NEW_RECORDS", True)  # a voted record ask does not cite may join


def _ask(kb, **kwargs):
    from adjudicator.ask.answer import ask

    return ask(kb, QUESTION, game="lotr", **kwargs)


def test_the_threads_of_one_forum_topic_share_a_key_on_the_forum_and_its_archive():
    assert sq.thread_key(SOURCE) == sq.thread_key(ARCHIVE_COPY) == "ffg-forum:12345"
    assert sq.thread_key("https://redlib.nowhere.moe/r/lotrlcg/comments/1had2la/specific/m17pg9x/?context=3") \
        == sq.thread_key("https://reddit.adminforge.de/r/lotrlcg/comments/1had2la/specific_action") == "reddit:1had2la"
    assert sq.thread_key("https://www.councilofelrond.org/forum/viewtopic.php?f=16&t=1993&view=print") \
        == sq.thread_key("https://councilofelrond.org/forum/viewtopic.php?t=1993") != \
        sq.thread_key("https://councilofelrond.org/forum/viewtopic.php?t=1994")


def test_content_words_leave_out_stop_words_short_words_and_numbers():
    assert sq.content_words("Can I play an ally during the 3 combat phases?") == ["play", "ally", "combat", "phases"]


def test_a_voted_record_joins_the_supporting_records_and_the_answer_names_its_thread(kb, alike):
    with sq.leaving_out(ids=["lotr-invented-quest-twice"]):
        assert VOTED not in _ask(kb).ranked_ids()  # without the vote, ask does not cite it
    answer = _ask(kb)
    assert VOTED in answer.ranked_ids()[1:]  # the first record stays ask's own (``FIRST``)
    shown = answer.to_dict()["settled_alike"]
    assert [a["source"] for a in shown] == [SOURCE] and shown[0]["record"] == VOTED
    assert shown[0]["similarity"] > 0.9  # the same words


def test_without_new_records_the_votes_only_reorder_the_records_ask_cites(kb, alike, monkeypatch):
    monkeypatch.setattr(sq, "NEW_RECORDS", False)
    answer = _ask(kb)
    assert VOTED not in answer.ranked_ids() and answer.settled_alike == []


def test_a_question_whose_only_neighbour_is_its_own_thread_gets_no_vote(kb, alike):
    for left_out in ({"sources": [SOURCE]}, {"sources": [ARCHIVE_COPY]}, {"ids": ["lotr-invented-quest-twice"]}):
        with sq.leaving_out(**left_out):
            assert sq.votes(QUESTION, "lotr") == []
            answer = _ask(kb)
        assert VOTED not in answer.ranked_ids() and answer.settled_alike == []
    assert sq.votes(QUESTION, "lotr")  # outside it, normal use: the entry votes


def test_another_games_entries_do_not_vote(alike):
    assert sq.votes(QUESTION, "metw") == [] and sq.votes(QUESTION, "meq") == []


def test_the_vote_puts_a_record_first_only_when_allowed_and_not_over_a_record_reading_a_verdict(monkeypatch):
    own = ["a", "b", "c"]
    cast = [sq.Alike("s", "t", 0.9, "c")]
    monkeypatch.setattr(sq, "FIRST", False)
    assert [rid for rid, _ in sq.merged_order(own, cast)] == ["a", "c", "b"]
    monkeypatch.setattr(sq, "FIRST", True)
    assert [rid for rid, _ in sq.merged_order(own, cast)] == ["c", "a", "b"]
    assert [rid for rid, _ in sq.merged_order(own, cast, first_stays=True)] == ["a", "c", "b"]
    weak = [sq.Alike("s", "t", 0.2, "c")]  # less than ask's own first place weighs
    assert [rid for rid, _ in sq.merged_order(own, weak)] == ["a", "b", "c"]


def test_the_text_answer_names_the_thread_where_players_asked_alike(all_games_env, alike):
    from typer.testing import CliRunner

    from adjudicator.cli import build_app

    result = CliRunner().invoke(build_app(), ["ask", QUESTION, "--game", "lotr"])
    assert result.exit_code == 0
    lines = [line for line in result.stdout.splitlines() if line.startswith("Players asked alike")]
    assert len(lines) == 1 and SOURCE in lines[0]


def test_eval_players_leaves_the_questions_own_thread_out_unless_asked(all_games_env, alike):
    sys.path.insert(0, str(REPO / "bench"))
    try:
        from eval_players import ask_in_process
    finally:
        sys.path.remove(str(REPO / "bench"))
    question = {"id": "lotr-invented-asked-again", "game": "lotr", "q": QUESTION, "source": ARCHIVE_COPY}
    [(left_out, _)] = ask_in_process([question], with_game=True)
    [(own, _)] = ask_in_process([question], with_game=True, own_thread=True)
    assert left_out["settled_alike"] == [] and VOTED not in json.dumps(left_out)
    assert [a["source"] for a in own["settled_alike"]] == [SOURCE]


class _Cited:
    def __init__(self, rid: str) -> None:
        self.id, self.merged = rid, []


def test_a_first_record_reading_the_questions_yes_no_or_number_stays_first(monkeypatch):
    monkeypatch.setattr(sq, "votes", lambda question, game: [sq.Alike("s", "t", 0.9, "c")])
    monkeypatch.setattr(sq, "FIRST", True)
    monkeypatch.setattr(sq, "KEEP_READ", True)
    for reads, first in ((lambda: True, "a"), (lambda: False, "c")):
        cited = [_Cited(r) for r in "abc"]
        shown = list(cited)
        moved = sq.vote_in("q", "lotr", cited, shown, lambda rid: None, reads)
        assert cited[0].id == first and [c.id for c in cited] == [c.id for c in shown]
        assert [v.record for v in moved] == ["c"]  # c moved up either way (before b at least)


def test_by_default_the_votes_may_put_a_record_first():
    assert sq.FIRST and sq.PARTICULAR and not sq.NEW_RECORDS


def test_a_vote_counts_for_a_record_as_much_as_it_is_particular_among_the_games_entries(monkeypatch):
    def entry(i: int, record: str) -> tuple[str, dict]:
        return ("lotr", {"id": f"lotr-invented-{i}", "thread": f"t:{i}", "source": f"https://example.org/{i}",
                         "words": ["word", f"other{i}"], "records": [record]})

    raw = [entry(i, "lotr:rr:general") for i in range(8)] + [entry(8, "lotr:rr:particular")]
    monkeypatch.setattr(sq, "_ENTRIES", (sq.STEMMED, *sq.indexed(raw)))
    general, one = sq.particular("lotr:rr:general", "lotr"), sq.particular("lotr:rr:particular", "lotr")
    assert one == 1.0 and 0 < general < 0.2  # log(9/8)/log(9)
    assert sq.particular("lotr:rr:settled-by-none", "lotr") == 1.0
    cast = sq.votes("word other0 other8", "lotr")
    by_record = {v.record: v.similarity for v in cast}
    assert by_record["lotr:rr:particular"] > 3 * max(v.similarity for v in cast if v.record == "lotr:rr:general")


class _Named:
    def __init__(self, kind: str, name: str, record: str = "", example: bool = False) -> None:
        self.kind, self.name, self.record, self.example = kind, name, record, example


class _First:
    def __init__(self, rid: str, title: str, sentence: str, merged=()) -> None:
        self.id, self.title, self.sentence, self.merged = rid, title, sentence, list(merged)


def test_asks_first_record_is_anchored_when_it_is_the_named_keywords_entry_or_names_the_named_card():
    keyword_entry = _First("lotr:qc:keyword:archery", "Archery X", "At the beginning of combat ...")
    assert sq.anchored([_Named("keyword", "Archery", "lotr:rr:archery")], keyword_entry)  # its name in the title
    merged = _First("lotr:rr:some-entry", "Some entry", "...", merged=["lotr:rr:archery"])
    assert sq.anchored([_Named("keyword", "Archery", "lotr:rr:archery")], merged)  # merged with its record
    card_qa = _First("lotr:faq:q:99", "Q&A 99", "If the Invented Bridge is dealt as a shadow card, ...")
    assert sq.anchored([_Named("card", "Invented Bridge")], card_qa)
    general = _First("lotr:rr:active-location", "Active Location", "Progress is placed on the active location ...")
    assert not sq.anchored([_Named("card", "Invented Bridge"), _Named("glossary", "Active Location")], general)
    assert not sq.anchored([_Named("card", "Invented Bridge", example=True)], card_qa)  # named as an example only
    assert not sq.anchored([_Named("card", "Bridge")], _First("x", "Drawbridges", "drawbridges ..."))  # whole words


def test_an_anchored_first_record_stays_first(monkeypatch):
    monkeypatch.setattr(sq, "votes", lambda question, game: [sq.Alike("s", "t", 0.9, "c")])
    monkeypatch.setattr(sq, "FIRST", True)
    for anchor, first in ((lambda: True, "a"), (lambda: False, "c")):
        cited = [_Cited(r) for r in "abc"]
        sq.vote_in("q", "lotr", cited, list(cited), lambda rid: None, lambda: False, anchor)
        assert cited[0].id == first


def test_a_record_the_votes_put_first_gives_no_yes_no_or_figure_and_the_game_is_decided_on_asks_own(kb, monkeypatch):
    from adjudicator.ask import answer as answer_module
    from adjudicator.ask import game_decides, verdicts
    from adjudicator.ask.verdict_value import Verdict

    def swap(question, game, cited, shown, make, reads=lambda: False, anchor=lambda: False, spares=()):
        cited[0], cited[1] = cited[1], cited[0]
        shown[0], shown[1] = shown[1], shown[0]
        return [sq.Alike("https://example.org/1", "t:1", 0.9, cited[0].id)]

    monkeypatch.setattr(sq, "vote_in", swap)
    monkeypatch.setattr(verdicts, "settled", lambda question, record, sentence, weigh: Verdict("yes", "yes", "Yes: " + sentence))
    without = answer_module.answer_in_game(kb, QUESTION, "lotr", second=True)  # a second game's answer: no vote
    voted = answer_module.answer_in_game(kb, QUESTION, "lotr")
    assert voted.own_best is not None and voted.own_best.id == without.best.id != voted.best.id
    assert voted.verdict.kind == "text" and voted.verdict.text == voted.best.sentence
    assert game_decides._shown_words(voted) == game_decides._shown_words(without)
