"""The sentence encoder `ask` runs on the question (`ask/sentence_encoder.py`) and the records' stored
meaning vectors (`ask/meaning.py`, rules_db/meaning_records.*) that the re-ordering's meaning values read."""

from __future__ import annotations

import json
import math
from types import SimpleNamespace

import pytest

from adjudicator.ask import meaning, reordering, sentence_encoder

np = pytest.importorskip("numpy")


# -- the tokenizer and the reader of the model's file ------------------------------------------------


def test_a_word_in_the_vocabulary_is_one_piece_and_a_longer_one_the_longest_pieces_that_spell_it():
    vocab = {"[UNK]": 0, "attack": 1, "un": 2, "und": 3, "##ef": 4, "##e": 5, "##nded": 6, "##f": 7}
    assert sentence_encoder._pieces("attack", vocab) == ["attack"]
    assert sentence_encoder._pieces("undefended", vocab) == ["und", "##ef", "##e", "##nded"]
    assert sentence_encoder._pieces("zzz", vocab) == ["[UNK]"]


def test_text_is_lower_cased_accents_stripped_and_punctuation_split_off():
    assert sentence_encoder._basic("Éowyn's ATTACK, twice!") == ["eowyn", "'", "s", "attack", ",", "twice", "!"]


def test_a_text_is_cut_to_its_first_word_pieces_between_the_markers():
    vocab = {"[CLS]": 1, "[SEP]": 2, "[UNK]": 0, "attack": 5}
    ids = sentence_encoder.token_ids("attack " * 300, vocab, 16)
    assert len(ids) == 16 and ids[0] == 1 and ids[-1] == 2 and set(ids[1:-1]) == {5}


def test_the_safetensors_reader_reads_each_tensor_by_its_header_without_copying():
    data = np.arange(6, dtype=np.float32).tobytes() + np.array([7], dtype=np.int64).tobytes()
    header = json.dumps({"a": {"dtype": "F32", "shape": [2, 3], "data_offsets": [0, 24]},
                         "b": {"dtype": "I64", "shape": [1], "data_offsets": [24, 32]}}).encode()
    raw = len(header).to_bytes(8, "little") + header + data
    tensors = sentence_encoder.read_safetensors(raw)
    assert tensors["a"].tolist() == [[0, 1, 2], [3, 4, 5]] and tensors["b"].tolist() == [7]
    assert not tensors["a"].flags.owndata


def test_the_erf_of_the_gelu_agrees_with_the_exact_one():
    xs = np.linspace(-4, 4, 81)
    assert max(abs(float(sentence_encoder._erf(np.array([x]))[0]) - math.erf(x)) for x in xs) < 1e-6


# -- the model, as installed -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def model():
    found = sentence_encoder.encoder()
    assert found is not None, f"the sentence encoder is part of the setup: {sentence_encoder.INSTALL}"
    return found


def test_a_question_is_one_vector_of_length_one_and_the_same_each_time(model):
    first = model.encode(["Can my ranged hero attack an enemy in the staging area?"])[0]
    again = model.encode_ids([model.ids("Can my ranged hero attack an enemy in the staging area?")])[0]
    assert first.shape == (384,) and math.isclose(float(np.linalg.norm(first)), 1.0, rel_tol=1e-5)
    assert np.allclose(first, again, atol=1e-5)


def test_a_text_encoded_alone_or_beside_a_longer_one_is_the_same_vector(model):
    short, long = "Can I attack twice?", "When an enemy engages a new player during combat, does it attack again?"
    together = model.encode([short, long], batch=2)
    assert np.allclose(together[0], model.encode([short])[0], atol=1e-5)


def test_words_players_use_for_one_rule_sit_nearer_its_record_than_an_unrelated_rule(kb):
    """'hit the same enemy twice' shares one content word with the FAQ's limit on attacks, yet means it."""
    limit, setup = kb.store.get("lotr:faq:1.11"), kb.store.get("lotr:rr:step:3.3")
    (limit_whole, limit_sentence), (setup_whole, setup_sentence) = meaning.nearness(
        "can I hit the same orc twice in one combat?", [limit, setup])
    assert limit_whole > setup_whole + 0.1 and limit_sentence > setup_sentence + 0.1


# -- the records' stored vectors ---------------------------------------------------------------------


def test_every_record_has_a_stored_vector_of_its_current_text_and_one_for_each_sentence(kb):
    rows, _, said, dim = meaning.table()
    assert dim == 384
    records = list(kb.store.records())
    stale = [r.id for r in records if meaning.record_vector(r) is None]
    assert not stale, f"{len(stale)} records lack a current vector (run bench/build_meaning_records.py): {stale[:5]}"
    assert set(rows) == {r.id for r in records}
    counted = {r.id: len(meaning.sentence_texts(r)) for r in records}
    assert {rid: row[3] for rid, row in rows.items()} == counted
    assert len(said) == sum(counted.values()) * dim * 2


def test_a_record_whose_text_changed_since_the_build_has_no_vector(kb):
    record = kb.store.get("lotr:faq:1.11")
    assert meaning.record_vector(record) is not None
    changed = SimpleNamespace(id=record.id, title=record.title, text=record.text + " (reworded)")
    assert meaning.record_vector(changed) is None
    assert meaning.sentence_vectors(changed) is None
    assert meaning.nearness("can I attack twice?", [changed]) == [(0.0, 0.0)]


def test_a_record_whose_sentences_are_split_otherwise_than_when_encoded_has_no_sentence_vectors(kb, monkeypatch):
    record = kb.store.get("lotr:faq:1.11")
    assert meaning.sentence_vectors(record) is not None
    split = meaning.sentence_texts(record)
    joined = [" ".join(split[:2])] + split[2:] if len(split) > 1 else [split[0] + " more"]
    monkeypatch.setattr(meaning, "sentence_texts", lambda r: joined)  # a changed splitter, the text unchanged
    assert meaning.sentence_vectors(record) is None
    assert meaning.record_vector(record) is not None


def test_without_the_model_every_candidate_is_nought_and_a_note_says_how_to_install(kb, monkeypatch, capsys):
    monkeypatch.setattr(sentence_encoder, "_ENCODER", [None])
    monkeypatch.setattr(meaning, "_WARNED", [])
    records = [kb.store.get("lotr:faq:1.11"), kb.store.get("lotr:rr:step:3.3")]
    assert meaning.nearness("can I attack twice?", records) == [(0.0, 0.0), (0.0, 0.0)]
    assert sentence_encoder.INSTALL in capsys.readouterr().err


def test_a_records_nearest_sentence_is_at_least_as_near_as_any_of_its_sentences_encoded_afresh(kb, model):
    record = kb.store.get("lotr:faq:1.11")
    question = "can I hit the same orc twice in one combat?"
    fresh = model.encode(meaning.sentence_texts(record), most=meaning.SENTENCE_TOKENS) @ model.encode([question])[0]
    assert meaning.nearness(question, [record])[0][1] == pytest.approx(float(fresh.max()), abs=2e-3)


def test_the_re_ordering_reads_each_candidates_meaning_its_nearest_sentence_and_their_gaps_to_the_nearest(kb):
    records = [kb.store.get("lotr:rr:step:3.3"), kb.store.get("lotr:faq:1.11")]
    ranked = [SimpleNamespace(record=r) for r in records]
    values = reordering._meaning("can I hit the same orc twice in one combat?", ranked)
    assert values[1]["meaning_gap"] == 0.0 and values[0]["meaning_gap"] < 0
    assert values[1]["msent_gap"] == 0.0 and values[0]["msent_gap"] < 0
    assert values[0]["meaning"] == pytest.approx(values[1]["meaning"] + values[0]["meaning_gap"])
    assert values[0]["msent"] == pytest.approx(values[1]["msent"] + values[0]["msent_gap"])


@pytest.mark.parametrize("weights", [b"", b"\x05\x00", b"\x40" + b"\x00" * 7 + b'{"x": {"dtype": "F32", "shape": [9]'],
                         ids=["empty", "shorter-than-its-header-length", "header-cut-short"])
def test_a_broken_model_file_is_a_note_and_no_meaning_not_a_crash(kb, monkeypatch, capsys, tmp_path, weights):
    (tmp_path / "model.safetensors").write_bytes(weights)
    (tmp_path / "vocab.txt").write_text("[PAD]\n[UNK]\n[CLS]\n[SEP]\n", encoding="utf-8")
    (tmp_path / "config.json").write_text('{"num_hidden_layers": 6}', encoding="utf-8")
    monkeypatch.setenv("ADJUDICATOR_ENCODER", str(tmp_path))
    monkeypatch.setattr(sentence_encoder, "_ENCODER", [])
    monkeypatch.setattr(meaning, "_WARNED", [])
    monkeypatch.setattr(meaning, "_ASKED", {})
    assert meaning.nearness("can I attack twice?", [kb.store.get("lotr:faq:1.11")]) == [(0.0, 0.0)]
    assert "could not be read" in capsys.readouterr().err


def test_stored_vectors_cut_short_are_a_note_and_no_meaning(monkeypatch, capsys, tmp_path):
    from adjudicator.paths import RULES_DB

    for name in (meaning.FILE, meaning.VECTORS, meaning.SENTENCES):
        data = (RULES_DB / name).read_bytes()
        (tmp_path / name).write_bytes(data if name == meaning.FILE else data[: len(data) // 2])
    monkeypatch.setattr("adjudicator.paths.RULES_DB", tmp_path)
    monkeypatch.setattr(meaning, "_TABLE", [])
    monkeypatch.setattr(meaning, "_WARNED", [])
    assert meaning.table()[3] == 0
    assert "damaged" in capsys.readouterr().err
