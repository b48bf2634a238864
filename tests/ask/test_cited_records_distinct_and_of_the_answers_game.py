"""Whatever a player asks, the records `ask` cites are distinct places of the answer's game:
no record is cited twice, none lies inside another cited record's lines (it is merged with it),
a yes or a no opens with its word, and with a game given every record cited is that game's.
Questions are mixed from players' words of the three games, in any order (review22)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

WORDS = ("can could my our hero ally enemy attack defend twice exhausted ready the a an in on to of "
         "staging area quest travel location shadow card threat engage sentinel ranged resources "
         "company haven site hazard limit corruption check wizard strike prowess body influence "
         "Sauron rest heal favor minion monster story marker combat peril fortitude "
         "does do is it when after before if not only each every first round phase").split()
MARKS = ["?", "'s", ",", "!", "...", "(", ")"]
DOC_GAME = {"lotr-rr": "lotr", "lotr-faq": "lotr", "lotr-qc": "lotr", "metw-rules": "metw", "meq-rules": "meq"}


def _cited(data: dict) -> list[dict]:
    return ([data["best"]] if data["best"] else []) + list(data["supporting"])


def _inside(a: dict, b: dict) -> bool:
    """``a``'s lines lie inside ``b``'s (the same document, not the same span)."""
    return (a["source"] == b["source"] and b["lines"][0] <= a["lines"][0] and a["lines"][1] <= b["lines"][1]
            and a["lines"] != b["lines"])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(WORDS + MARKS), min_size=2, max_size=18),
       st.sampled_from([None, "lotr", "metw", "meq"]))
def test_cited_records_are_distinct_places_of_the_answers_game(kb, tokens, game):
    from adjudicator.ask.answer import ask

    data = ask(kb, " ".join(tokens) + "?", game).to_dict()
    cited = _cited(data)
    ids = [c["id"] for c in cited]
    assert len(ids) == len(set(ids)), ids
    for a in cited:
        for b in cited:
            assert a is b or not _inside(a, b), (a["id"], b["id"])
            assert a is b or a["source"] != b["source"] or a["lines"] != b["lines"], (a["id"], b["id"])
    if game:
        assert data["game"] == game
    for c in cited:
        assert DOC_GAME[c["source"]] == data["game"], (c["id"], data["game"])
    verdict = data["verdict"]
    if verdict and verdict["kind"] in ("yes", "no"):
        assert verdict["text"].lower().startswith(verdict["kind"]), verdict["text"]
