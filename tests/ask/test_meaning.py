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


# -- the question's adapter (rules_db/meaning_adapter.*, bench/train_meaning_adapter.py) ----------------


def test_the_stored_question_adapter_is_a_square_map_of_the_vectors_dimension_and_used_only_when_switched_on(monkeypatch):
    matrix = meaning.stored_adapter()
    assert meaning.USE_ADAPTER and meaning.adapter() is matrix  # on since session 34: see meaning.USE_ADAPTER
    monkeypatch.setattr(meaning, "USE_ADAPTER", False)
    assert meaning.adapter() is None
    assert matrix is not None and matrix.shape == (384, 384) and matrix.dtype == np.float32
    info = json.loads((meaning_rules_db() / meaning.ADAPTER).read_text(encoding="utf-8"))
    assert info["dim"] == 384 and "asked questions" in info["fitted_on"]


def meaning_rules_db():
    from adjudicator.paths import RULES_DB

    return RULES_DB


def test_a_record_is_compared_with_the_mapped_question_and_its_sentences_with_the_question_itself(kb, model, monkeypatch):
    record = kb.store.get("lotr:faq:1.11")
    question = "can I hit the same orc twice in one combat?"
    monkeypatch.setattr(meaning, "USE_ADAPTER", True)
    raw = model.encode([question])[0]
    whole = meaning.record_vector(record)
    mapped = raw @ meaning.adapter()
    expected = float(mapped @ whole / np.linalg.norm(mapped) / np.linalg.norm(whole))
    near, nearest = meaning.nearness(question, [record])[0]
    assert near == pytest.approx(expected, abs=2e-3)
    monkeypatch.setattr(meaning, "USE_ADAPTER", False)
    unmapped, nearest_unmapped = meaning.nearness(question, [record])[0]
    assert unmapped == pytest.approx(float(raw @ whole / np.linalg.norm(whole)), abs=2e-3)
    assert nearest_unmapped == nearest and abs(unmapped - near) > 1e-3


def test_an_adapter_of_another_size_is_a_note_and_the_question_is_compared_unmapped(monkeypatch, capsys, tmp_path):
    from adjudicator.paths import RULES_DB

    for name in (meaning.FILE, meaning.VECTORS, meaning.SENTENCES, meaning.ADAPTER):
        (tmp_path / name).write_bytes((RULES_DB / name).read_bytes())
    (tmp_path / meaning.ADAPTER_MATRIX).write_bytes((RULES_DB / meaning.ADAPTER_MATRIX).read_bytes()[:1000])
    monkeypatch.setattr("adjudicator.paths.RULES_DB", tmp_path)
    for cached in ("_TABLE", "_ADAPTER", "_WARNED"):
        monkeypatch.setattr(meaning, cached, [])
    monkeypatch.setattr(meaning, "USE_ADAPTER", True)
    assert meaning.adapter() is None
    vector = np.ones(384, dtype=np.float32)
    assert meaning.adapted(vector) is vector
    assert "does not fit" in capsys.readouterr().err


def test_fitting_the_adapter_learns_a_map_that_puts_each_question_s_own_record_first():
    """Toy records in four dimensions; each question is its record's vector turned by a fixed rotation,
    so the unmapped question is nearest another record, and the fitted map undoes the turn."""
    from bench_scripts import load

    fit = load("train_meaning_adapter").fit
    records = np.eye(4, dtype=np.float32)
    turn = np.roll(np.eye(4, dtype=np.float32), 1, axis=1)  # record k's question points at record k + 1
    questions = np.concatenate([records @ turn] * 3)
    targets = np.array(list(range(4)) * 3)
    games = np.array(["lotr"] * 12)
    assert not any(np.argmax(questions @ records.T, axis=1) == targets)
    matrix = fit(questions, targets, games, records, np.array(["lotr"] * 4), steps=300, l2=1e-4, tau=0.1, rate=0.05)
    assert list(np.argmax(questions @ matrix @ records.T, axis=1)) == list(targets)
    again = fit(questions, targets, games, records, np.array(["lotr"] * 4), steps=300, l2=1e-4, tau=0.1, rate=0.05)
    assert np.array_equal(matrix, again)
