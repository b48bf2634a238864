"""The meaning values `bench/meaning_values.py` adds to the re-ordering's dumps."""

from __future__ import annotations

import json

import pytest

from bench_scripts import load

np = pytest.importorskip("numpy")


@pytest.fixture(scope="module")
def meaning():
    return load("meaning_values")


def test_each_candidate_gets_its_cosine_place_gap_and_only_the_nearest_is_top(meaning):
    got = meaning.values([0.2, 0.7, 0.5], "encoder")
    assert [v["encoder_top"] for v in got] == [0.0, 1.0, 0.0]
    assert [v["encoder_rank"] for v in got] == [2.0, 0.0, 1.0]
    assert got[1]["encoder_gap"] == 0.0 and got[0]["encoder_gap"] == pytest.approx(-0.5)


def test_a_candidate_whose_record_has_no_vector_is_nought(meaning):
    questions = [{"candidates": [{"f": {"_id": "x:a"}}, {"f": {"_id": "x:none"}}]}]
    meaning.add(questions, ["q"], [np.array([1.0, 0.0])], {"x:a": np.array([0.6, 0.8])}, "mapped")
    first, second = (c["f"] for c in questions[0]["candidates"])
    assert first["mapped"] == pytest.approx(0.6) and first["mapped_top"] == 1.0
    assert second["mapped"] == 0.0 and second["mapped_top"] == 0.0


def test_a_record_given_its_sentences_vectors_is_as_near_as_the_nearest_of_them(meaning):
    questions = [{"candidates": [{"f": {"_id": "x:two"}}, {"f": {"_id": "x:one"}}]}]
    sentences = {"x:two": np.array([[0.0, 1.0], [0.8, 0.6]]), "x:one": np.array([[0.5, 0.5]])}
    meaning.add(questions, ["q"], [np.array([1.0, 0.0])], sentences, "sentence")
    first, second = (c["f"] for c in questions[0]["candidates"])
    assert first["sentence"] == pytest.approx(0.8) and second["sentence"] == pytest.approx(0.5)
    assert first["sentence_top"] == 1.0 and second["sentence_gap"] == pytest.approx(-0.3)


def test_each_sentence_of_three_words_or_more_is_encoded_after_its_records_title(meaning):
    from types import SimpleNamespace

    class Recording:
        def __init__(self):
            self.texts = []

        def encode(self, texts, most, batch):
            self.texts += texts
            return np.eye(len(texts))

    block = SimpleNamespace(text="Ready all exhausted cards. Then draw. Each player draws one card.", style="para")
    heading = SimpleNamespace(text="Refresh Phase Steps Listed", style="heading")
    records = [SimpleNamespace(id="x:refresh", title="Refresh", blocks=[heading, block]),
               SimpleNamespace(id="x:empty", title="Empty", blocks=[])]
    encoder = Recording()
    got = meaning.sentence_vectors(encoder, records)
    assert encoder.texts == ["Refresh. Ready all exhausted cards.", "Refresh. Each player draws one card."]
    assert list(got) == ["x:refresh"] and got["x:refresh"].shape == (2, 2)
