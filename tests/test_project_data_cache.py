"""The project's YAML data is parsed once and kept in the cache folder (adjudicator.yamlio):
the next process reads the kept copy, a changed file is parsed again (its old copy
removed), and a cache folder that cannot be written changes nothing but the speed."""

from __future__ import annotations

import os

import pytest

from adjudicator import yamlio


@pytest.fixture
def cache(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    monkeypatch.setenv("ADJUDICATOR_CACHE", str(folder))
    yamlio._shared.cache_clear()
    yield folder
    yamlio._shared.cache_clear()


def _kept(cache):
    return sorted((cache / yamlio.FOLDER).glob("*.marshal")) if (cache / yamlio.FOLDER).is_dir() else []


def test_a_data_file_is_parsed_once_then_read_from_the_cache_folder(cache, tmp_path, monkeypatch):
    path = tmp_path / "cards.yaml"
    path.write_text("cards:\n  - {name: Gimli, cost: 11, traits: [Dwarf, Noble]}\n", encoding="utf-8")
    first = yamlio.load_yaml_copy(path)
    assert first == {"cards": [{"name": "Gimli", "cost": 11, "traits": ["Dwarf", "Noble"]}]}
    assert len(_kept(cache)) == 1

    def no_parsing(text):
        raise AssertionError("parsed again although the kept copy is current")

    monkeypatch.setattr(yamlio, "load_text", no_parsing)
    second = yamlio.load_yaml_copy(path)
    assert second == first and second is not first  # a copy of its own


def test_a_changed_file_is_parsed_again_and_its_old_copy_removed(cache, tmp_path):
    path = tmp_path / "framework.yaml"
    path.write_text("steps: [1.1]\n", encoding="utf-8")
    assert yamlio.load_yaml(path) == {"steps": [1.1]}
    path.write_text("steps: [1.1, 1.2, 1.3]\n", encoding="utf-8")
    os.utime(path, ns=(1, 1))  # a different modification time even on a coarse clock
    assert yamlio.load_yaml(path) == {"steps": [1.1, 1.2, 1.3]}
    assert len(_kept(cache)) == 1


def test_a_cache_folder_that_cannot_be_written_leaves_nothing_behind(tmp_path, monkeypatch):
    if os.geteuid() == 0:  # root writes anywhere: a file where the folder should be stands for it
        blocked = tmp_path / "cache"
        blocked.write_text("not a folder", encoding="utf-8")
    else:
        blocked = tmp_path / "cache"
        blocked.mkdir()
        blocked.chmod(0o500)
    monkeypatch.setenv("ADJUDICATOR_CACHE", str(blocked))
    path = tmp_path / "sets.yaml"
    path.write_text("sets: [CORE]\n", encoding="utf-8")
    assert yamlio.load_yaml_copy(path) == {"sets": ["CORE"]}
    leftovers = [p for p in tmp_path.rglob("*") if p.name.endswith(".tmp") or p.suffix == ".marshal"]
    assert leftovers == []


def test_data_marshal_cannot_hold_is_parsed_each_time(cache, tmp_path):
    path = tmp_path / "dated.yaml"
    path.write_text("released: 2011-04-20\n", encoding="utf-8")
    assert str(yamlio.load_yaml_copy(path)["released"]) == "2011-04-20"
    assert _kept(cache) == []


def test_a_derived_index_is_computed_again_only_when_an_input_changed(cache, tmp_path):
    inputs = [tmp_path / "a.yaml", tmp_path / "b.yaml"]
    for path in inputs:
        path.write_text("x: 1\n", encoding="utf-8")
    calls = []

    def compute():
        calls.append(1)
        return {"a": ("one", "two")}

    assert yamlio.derived("index", inputs, compute) == {"a": ("one", "two")}
    assert yamlio.derived("index", inputs, compute) == {"a": ("one", "two")}
    assert len(calls) == 1
    inputs[1].write_text("x: 22\n", encoding="utf-8")
    yamlio.derived("index", inputs, compute)
    assert len(calls) == 2 and len([p for p in _kept(cache) if p.name.startswith("index-")]) == 1


def test_the_situation_index_from_the_cache_equals_the_one_computed(cache):
    from adjudicator.lotr import card_lookup

    card_lookup.situation_index.cache_clear()
    computed = card_lookup.situation_index()
    card_lookup.situation_index.cache_clear()
    kept = card_lookup.situation_index()
    card_lookup.situation_index.cache_clear()
    assert kept == computed and any("engagement-checks.yaml" in p for paths in kept.values() for p in paths)
