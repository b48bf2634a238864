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
