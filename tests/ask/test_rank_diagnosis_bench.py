"""bench/rank_diagnosis.py says where a question's deciding record ranked and how its score was made."""

from bench_scripts import load


def test_the_deciding_records_place_and_score_parts_are_reported(kb):
    bench = load("rank_diagnosis")
    row = bench.diagnose(kb, "Does a card with surge that gains surge again reveal two more cards?",
                         {"lotr:rr:surge"}, [], game="lotr")
    assert row["at"] is not None and row["deciding"]["id"] == "lotr:rr:surge"
    assert set(row["deciding"]) >= {"text", "lift", "kind", "about", "score"}
    absent = bench.diagnose(kb, "Does a card with surge that gains surge again reveal two more cards?",
                            {"lotr:rr:no-such-record"}, [], game="lotr")
    assert absent["at"] is None and absent["deciding"] is None and absent["top"]["id"]


def test_only_the_tuning_halves_are_read():
    import inspect

    source = inspect.getsource(load("rank_diagnosis"))
    assert "heldout" not in source.replace("held-out half", "") and '"check"' not in source


def test_a_miss_is_tallied_by_what_came_first():
    bench = load("rank_diagnosis")

    def row(top: str, about: float = 1.0, at=2, entities=(), game="lotr"):
        return {"game": game, "labels": ["lotr:rr:surge"], "at": at, "top": {"id": top, "about": about},
                "entities": list(entities)}

    card = [("card", "sneak attack", "", False)]
    assert bench.miss_kind(row("lotr:faq:q:82", 1.6, entities=card)) == "a named card's or scenario's own record"
    assert bench.miss_kind(row("lotr:rr:ready", 2.1, entities=card)) == "a rule raised 1.5x or more by a named card"
    assert bench.miss_kind(row("lotr:rr:doomed", 1.625)) == "a named term's entry (term and subject boosts)"
    assert bench.miss_kind(row("lotr:faq:q:29", 1.1)) == "a neighbouring Q&A"
    assert bench.miss_kind(row("lotr:faq:1.17")) == "a neighbouring clarification"
    assert bench.miss_kind(row("lotr:rr:damage")) == "another record on shared words"
    assert bench.miss_kind(row("lotr:rr:damage", at=None)).startswith("not a candidate")
    assert bench.miss_kind(row("meq:glossary:shadow-cards", game="meq")) == "wrong game"


def test_each_ablation_switches_a_ranking_mechanism_off_and_back():
    from adjudicator.ask import ranking

    bench = load("rank_diagnosis")
    for label, name, value in bench.ABLATIONS:
        table, key = (name[:-1].split("[") + [""])[:2] if "[" in name else (name, "")
        read = (lambda: getattr(ranking, table)[key.strip("'")]) if key else (lambda: getattr(ranking, table))
        before = read()
        undo = bench._switch(name, value)
        try:
            assert read() is value and read() is not before, label
        finally:
            undo()
        assert read() is before, label


def test_a_file_of_ones_own_questions_is_diagnosed_like_the_players_set(kb, tmp_path):
    import yaml

    bench = load("rank_diagnosis")
    path = tmp_path / "mine.yaml"
    path.write_text(yaml.safe_dump({"questions": [
        {"id": "mine-surge-twice", "game": "lotr", "q": "Does a card with surge that gains surge again reveal two more cards?",
         "deciding": [{"id": "lotr:rr:surge", "doc": "lotr-rr", "lines": [1, 2]}]}]}), encoding="utf-8")
    [row] = bench.fresh(kb, str(path))
    assert row["id"] == "mine-surge-twice" and row["labels"] == ["lotr:rr:surge"] and row["at"] is not None


def test_the_players_set_is_diagnosed_without_a_round_left_out_and_without_its_own_thread_voting(monkeypatch):
    import sys

    from adjudicator.ask import settled_questions

    bench = load("rank_diagnosis")
    players = sys.modules["eval_players"]
    asked = {}

    def fake_load(half, round_=None, leave_out=()):
        asked["load"] = (half, round_, leave_out)
        return [{"id": "lotr-invented", "q": "an invented question?", "answerable": True, "source": "ffg-forum:1",
                 "deciding": [{"id": "lotr:rr:surge", "doc": "lotr-rr", "lines": [1, 2]}]}]

    def fake_diagnose(kb, question, ids, places):
        asked["left_out"] = settled_questions._LEFT_OUT
        return {"at": 0}

    monkeypatch.setattr(players, "load", fake_load)
    monkeypatch.setattr(players, "kb_spans_now", lambda: {})
    monkeypatch.setattr(bench, "diagnose", fake_diagnose)
    [row] = bench.players(None, (15,))
    assert asked["load"] == ("tune", None, (15,)) and row["at"] == 0
    threads, ids = asked["left_out"]
    assert ids == frozenset({"lotr-invented"}) and threads == frozenset({settled_questions.thread_key("ffg-forum:1")})
