"""The players' word vectors (`ask/word_vectors.py`) and the re-ordering's nearness values."""

from __future__ import annotations

import json
import math
import re
import struct
from types import SimpleNamespace

import pytest
import yaml

from adjudicator.ask import reordering, word_vectors
from adjudicator.paths import RULES_DB
from bench_scripts import BENCH, load

REPO = BENCH.parent


def cosine(a: str, b: str) -> float:
    return sum(x * y for x, y in zip(word_vectors.text_vector(a), word_vectors.text_vector(b)))


def test_a_text_is_read_in_lower_case_with_one_apostrophe_and_no_possessive():
    assert word_vectors.tokens("Gandalf’s SNEAK attack, can't 2x") == ["gandalf", "sneak", "attack", "can't", "2", "x"]


def test_a_text_vector_has_length_one():
    vector = word_vectors.text_vector("Can my ranged character attack an enemy engaged with another player?")
    assert math.isclose(math.sqrt(sum(v * v for v in vector)), 1.0, rel_tol=1e-9)


def test_a_text_without_a_known_word_has_no_vector_and_no_nearness():
    assert word_vectors.text_vector("zzqx qqzv") is None
    record = SimpleNamespace(id="x:test:none", title="Ranged", text="attack an enemy")
    assert word_vectors.nearness(None, record) == 0.0


def test_words_players_write_for_one_thing_sit_nearer_than_unrelated_words():
    assert cosine("shoot", "ranged attack") > cosine("shoot", "pay resources")
    assert cosine("nobody blocked", "undefended attack") > cosine("nobody blocked", "travel to a location")


def test_the_data_files_agree_with_one_another():
    meta = json.loads((RULES_DB / word_vectors.FILE).read_text(encoding="utf-8"))
    words = (RULES_DB / word_vectors.WORDS).read_text(encoding="utf-8").split("\n")
    size = (RULES_DB / word_vectors.VECTORS).stat().st_size
    assert words == sorted(set(words)) and len(words) == meta["words"]
    assert all(re.fullmatch(r"[a-z0-9']+", w) for w in words)
    assert size == len(words) * (2 * meta["dim"] + 4)


def test_every_word_weight_is_between_zero_and_one_and_common_words_weigh_less():
    dim, words, blob = word_vectors.table()
    weight = {word: struct.unpack_from("<f", blob, 2 * dim * len(words) + 4 * words.index(word))[0]
              for word in ("the", "sentinel")}
    assert 0 < weight["the"] < weight["sentinel"] <= 1


def test_the_trainer_leaves_out_every_thread_of_the_players_set():
    trainer = load("train_word_vectors")
    left_out = trainer.left_out()
    for half in ("tune", "heldout"):
        data = yaml.safe_load((REPO / "tests" / "eval" / "players" / f"{half}.yaml").read_text(encoding="utf-8"))
        for q in data if isinstance(data, list) else data["questions"]:
            assert set(re.findall(r"\d{5,6}", str(q.get("source") or ""))) <= left_out


def _item(rid: str, title: str, text: str):
    return SimpleNamespace(record=SimpleNamespace(id=rid, title=title, text=text))


def test_each_candidate_gets_its_nearness_and_only_the_nearest_is_top():
    ranked = [_item("x:test:pay", "Resource payment", "spend resources from a hero's pool to pay a card's cost"),
              _item("x:test:ranged", "Ranged", "a character with ranged may attack an enemy engaged with another player"),
              _item("x:test:travel", "Travel", "the first player may travel to a location in the staging area")]
    values = reordering._nearness("can my ranged guy shoot at an enemy engaged with my friend?", ranked)
    assert [v["near_top"] for v in values] == [0.0, 1.0, 0.0]
    assert values[1]["near_gap"] == 0.0 and all(v["near_gap"] < 0 for v in (values[0], values[2]))
    assert [v["near_rank"] for v in values][1] == 0.0


def test_without_the_data_no_candidate_is_near_or_top(monkeypatch):
    monkeypatch.setattr(word_vectors, "_TABLE", (0, [], b""))
    monkeypatch.setattr(word_vectors, "_WEIGHED", {})
    monkeypatch.setattr(word_vectors, "_RECORDS", {})
    values = reordering._nearness("can I shoot?", [_item("x:test:a", "A", "ranged"), _item("x:test:b", "B", "travel")])
    assert all(v["near"] == 0.0 and v["near_top"] == 0.0 for v in values)


@pytest.mark.parametrize("name", ["near", "near_gap", "near_rank", "near_top"])
def test_the_shipped_re_ordering_reads_each_nearness_value(name):
    model = json.loads((RULES_DB / reordering.FILE).read_text(encoding="utf-8"))
    assert name in model["weights"]


def _ranked(*records):
    return [SimpleNamespace(record=r, merged=[]) for r in records]


def _rec(rid, title, rank):
    return SimpleNamespace(id=rid, title=title, data={"precedence": {"rank": rank}})


def test_the_re_ordering_never_puts_a_lower_precedence_entry_of_the_same_name_over_asks_own_first():
    official, page = _rec("x:rr:talk", "Table Talk", 3), _rec("x:qc:talk", "Table Talk", 4)
    assert reordering.restates_below(page, official)
    assert not reordering.restates_below(official, page)  # the official entry may pass the page
    assert not reordering.restates_below(_rec("x:qc:other", "Mulligan", 4), official)  # another name
    assert not reordering.restates_below(SimpleNamespace(id="x", title="Table Talk", data={}), official)
