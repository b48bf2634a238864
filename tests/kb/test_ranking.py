"""Search ranking at query time (adjudicator/kb/ranking.py) against the Whoosh index it is
exported from: same analysis of the words, same BM25F scores, then the coordination bonus."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.kb import ranking

QUERIES = [
    "ranged attack staging area", "engagement cost wp", "can I play an event during combat",
    "shadow effects undefended attack", "travel to a location", "Dunhere", "Dúnhere", "orc",
    "when revealed got cancelled, do we still raise threat for doomed", "AL progress", "x",
    "hit points of a hero with 0 hp", "sphere of influence resource match", "guarded objective",
]


@pytest.fixture
def whoosh_searcher(kb):
    from whoosh import scoring
    from whoosh.index import open_dir

    from adjudicator.kb.index import FIELD_B

    weighting = scoring.BM25F(B=0.75, K1=ranking.K1, **{f"{name}_B": b for name, b in FIELD_B.items()})
    searcher = open_dir(str(kb.folder / "index")).searcher(weighting=weighting)
    yield searcher
    searcher.close()


def _whoosh_scores(searcher, terms):
    """Every matching document's score by Whoosh's own BM25F scorer, one clause per term
    and field, summed (no pruning: the matcher is walked to the end)."""
    from whoosh.query import Or, Term

    from adjudicator.kb.index import FIELD_BOOSTS

    query = Or([Term(name, term) for term in terms for name in FIELD_BOOSTS])
    matcher = query.matcher(searcher, searcher.context(needs_current=True, weighting=searcher.weighting))
    scores = {}
    while matcher.is_active():
        scores[matcher.id()] = matcher.score()
        matcher.next()
    return scores


def test_bm25f_scores_are_whooshs_to_the_last_digit(kb, whoosh_searcher, monkeypatch):
    monkeypatch.setattr(ranking, "COORDINATION", 0.0)
    compared = 0
    for query in QUERIES:
        terms = kb.index.terms(query)
        ours = kb.index.scores(terms)
        theirs = _whoosh_scores(whoosh_searcher, terms) if terms else {}
        assert set(ours) == set(theirs), query
        for doc, score in theirs.items():
            assert ours[doc] == pytest.approx(score, rel=1e-12, abs=1e-12), (query, doc)
            compared += 1
    assert compared > 1000


def test_query_words_are_analysed_as_the_index_analysed_the_text(kb):
    from adjudicator.kb.index import _analyzer

    whoosh = _analyzer()
    for text in ("Dúnhere's attacks", "ENGAGEMENT costs", "a.b.c *wild* 3rd", "Éowyn, Théodred & Gléowine"):
        assert kb.index.analyser.terms(text) == [t.text for t in whoosh(text)], text


_TEXT = st.text(alphabet=st.sampled_from(list("abcdeghilmnorstuyzÉéúûâöñ ÆæßAKQ019.'*-,;:!?\t\n")), max_size=60)


@settings(max_examples=150, deadline=None)
@given(text=_TEXT)
def test_any_text_is_analysed_as_whoosh_analyses_it(kb_analyser_pair, text):
    ours, whoosh = kb_analyser_pair
    assert ours.terms(text) == [t.text for t in whoosh(text)]


@pytest.fixture(scope="module")
def kb_analyser_pair(kb_cache):
    import json
    import sqlite3

    from adjudicator.kb.index import _analyzer
    from adjudicator.kb.pointer import read_pointer

    path = kb_cache / read_pointer(kb_cache)["dir"] / ranking.RANKING_FILE
    db = sqlite3.connect(path)
    (settings_json,) = db.execute("SELECT value FROM meta WHERE key = 'analyser'").fetchone()
    db.close()
    return ranking.Analyser(json.loads(settings_json)), _analyzer()


def test_a_record_matching_more_of_the_query_words_scores_higher(kb, monkeypatch):
    terms = kb.index.terms("ranged attack staging area")
    assert len(terms) == 4
    monkeypatch.setattr(ranking, "COORDINATION", 0.0)
    plain = kb.index.scores(terms)
    monkeypatch.setattr(ranking, "COORDINATION", 1.0)
    coordinated = kb.index.scores(terms)
    ratios = {round(coordinated[d] / plain[d], 9) for d in plain}
    # one word: unchanged; two: x4/3; three: x5/3; all four: doubled
    assert ratios <= {1.0, round(4 / 3, 9), round(5 / 3, 9), 2.0}
    assert {1.0, 2.0} <= ratios


def test_snippet_marks_the_query_words_in_passages_that_do_not_overlap(kb):
    hits = kb.index.search("ranged attack staging area", limit=5)
    assert hits
    for hit in hits:
        if not hit.snippet:
            continue
        marked = [part.split(ranking.MARK_END)[0] for part in hit.snippet.split(ranking.MARK_START)[1:]]
        assert marked, hit.snippet
        assert {kb.index.analyser.term(word) for word in marked} <= set(kb.index.terms("ranged attack staging area"))
        passages = hit.snippet.split(" … ")
        assert len(passages) == len(set(passages)) <= ranking.SNIPPET_FRAGMENTS


def test_filters_keep_only_the_kinds_and_documents_asked_for(kb):
    hits = kb.index.search("attack", kinds=["qa"], docs=["lotr-faq"], limit=20, snippets=False)
    assert hits and {(h.kind, h.doc) for h in hits} == {("qa", "lotr-faq")}
    assert kb.index.search("attack", games=["metw"], snippets=False) == []


def test_results_are_ordered_by_score_then_by_index_order(kb):
    hits = kb.index.search("travel to a location", limit=20, snippets=False)
    scores = [h.score for h in hits]
    assert scores == sorted(scores, reverse=True)


def test_the_export_refuses_an_analyser_the_query_side_does_not_repeat():
    from whoosh.analysis import StandardAnalyzer

    from adjudicator.kb.ranking_export import analyser_settings

    with pytest.raises(RuntimeError, match="unexpected analyser"):
        analyser_settings(StandardAnalyzer())


def test_a_search_does_not_import_whoosh_s_index_or_query_modules(kb_env):
    code = (
        "import sys\n"
        "from adjudicator.kb.api import open_kb\n"
        "assert open_kb(quiet=True).index.search('ranged attack staging area')\n"
        "print(sorted(m for m in sys.modules if m.startswith('whoosh')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=os.environ.copy(),
                         cwd=Path(__file__).resolve().parents[2], check=True).stdout
    loaded = eval(out)  # a printed list of module names
    assert "whoosh.lang.porter" in loaded
    assert not {"whoosh.index", "whoosh.searching", "whoosh.query", "whoosh.fields"} & set(loaded)


@settings(max_examples=60, deadline=None)
@given(text=st.text(max_size=80))
def test_any_query_text_gives_ranked_hits_or_none_and_never_fails(kb_cache, text):
    from adjudicator.kb.pointer import read_pointer

    index = ranking.Ranking(kb_cache / read_pointer(kb_cache)["dir"])
    hits = index.search(text, limit=5)
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    assert all(h.id and h.lines for h in hits)
