"""bench/candidate_recall.py orders a game's records by the encoder's nearness to the question: the higher of
the question's cosine with a record's own vector and with its nearest sentence's, and only the question's game.
The vectors here are invented."""

from __future__ import annotations

import numpy as np

from bench_scripts import load


def test_the_encoders_order_takes_a_records_nearest_sentence_when_it_is_nearer_than_the_record():
    recall = load("candidate_recall")
    ids = ["lotr:rr:a", "lotr:rr:b", "metw:glossary:c"]
    records = recall.unit_rows(np.array([[1, 0], [0.6, 0.8], [1, 0]], dtype=np.float16).tobytes(), 2)
    sentences = recall.unit_rows(np.array([[0, 1], [1, 0], [1, 0]], dtype=np.float16).tobytes(), 2)
    owner = np.array([0, 1, 2])  # one sentence each
    order = recall.encoder_order("q", "lotr", lambda text: np.array([0.0, 1.0]), ids, records, sentences, owner)
    # a: record cosine 0, its sentence 1; b: record 0.8, its sentence 0; c is another game's
    assert order == ["lotr:rr:a", "lotr:rr:b"]
