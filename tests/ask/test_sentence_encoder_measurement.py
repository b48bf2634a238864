"""The bench's sentence encoder (`bench/sentence_encoder_forward.py`: tokenizer, safetensors reader) and the
meaning values `bench/meaning_values.py` adds to the re-ordering's dumps."""

from __future__ import annotations

import json

import pytest

from bench_scripts import load

np = pytest.importorskip("numpy")


@pytest.fixture(scope="module")
def forward():
    return load("sentence_encoder_forward")


@pytest.fixture(scope="module")
def meaning():
    return load("meaning_values")


def test_a_word_in_the_vocabulary_is_one_piece_and_a_longer_one_the_longest_pieces_that_spell_it(forward):
    vocab = {"[UNK]": 0, "attack": 1, "un": 2, "und": 3, "##ef": 4, "##e": 5, "##nded": 6, "##f": 7}
    assert forward._pieces("attack", vocab) == ["attack"]
    assert forward._pieces("undefended", vocab) == ["und", "##ef", "##e", "##nded"]
    assert forward._pieces("zzz", vocab) == ["[UNK]"]


def test_text_is_lower_cased_accents_stripped_and_punctuation_split_off(forward):
    assert forward._basic("Éowyn's ATTACK, twice!") == ["eowyn", "'", "s", "attack", ",", "twice", "!"]


def test_a_text_is_cut_to_its_first_word_pieces_between_the_markers(forward):
    vocab = {"[CLS]": 1, "[SEP]": 2, "[UNK]": 0, "attack": 5}
    ids = forward.token_ids("attack " * 300, vocab, 16)
    assert len(ids) == 16 and ids[0] == 1 and ids[-1] == 2 and set(ids[1:-1]) == {5}


def test_the_safetensors_reader_reads_each_tensor_by_its_header(forward):
    data = np.arange(6, dtype=np.float32).tobytes() + np.array([7], dtype=np.int64).tobytes()
    header = json.dumps({"a": {"dtype": "F32", "shape": [2, 3], "data_offsets": [0, 24]},
                         "b": {"dtype": "I64", "shape": [1], "data_offsets": [24, 32]}}).encode()
    tensors = forward.read_safetensors(len(header).to_bytes(8, "little") + header + data)
    assert tensors["a"].tolist() == [[0, 1, 2], [3, 4, 5]] and tensors["b"].tolist() == [7]


def test_the_erf_of_the_gelu_agrees_with_the_exact_one(forward):
    import math

    xs = np.linspace(-4, 4, 81)
    assert max(abs(float(forward._erf(np.array([x]))[0]) - math.erf(x)) for x in xs) < 1e-6


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
