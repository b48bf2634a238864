"""An installed copy's caches are keyed by its install stamp (``adjudicator.installed``):
its files do not change after install, so a lookup stats one file where a checkout walks the
package's code and data.  What can still change is still looked at: the user's sources folder
(the knowledge base is built again when a document changes), and a reinstall (a new stamp)
makes every such cache stale.  In a checkout the walks stay: an edit there is seen."""

from __future__ import annotations

import os

import pytest

from adjudicator import installed
from adjudicator.ask import exercised as ex
from adjudicator.kb import api

INSTALL = "/site-packages/adjudicator|123|1795712087000000000|42"
REINSTALL = "/site-packages/adjudicator|123|1795712999000000000|43"


def _refuse(*args, **kwargs):
    raise AssertionError("an installed copy walked its files")


class _Unlisted:
    """A folder that may not be listed."""

    def glob(self, pattern):
        raise AssertionError("an installed copy walked its files")


@pytest.fixture
def sources(tmp_path):
    folder = tmp_path / "sources"
    folder.mkdir()
    (folder / "rules.txt").write_text("one\n", encoding="utf-8")
    return folder


def test_an_installed_copy_s_knowledge_base_key_takes_the_install_stamp_for_the_build_inputs(monkeypatch, sources):
    monkeypatch.setattr(installed, "stamp", lambda: INSTALL)
    monkeypatch.setattr(api, "build_inputs", _refuse)
    key = api._stat_key(sources)
    assert api._stat_key(sources) == key
    monkeypatch.setattr(installed, "stamp", lambda: REINSTALL)
    assert api._stat_key(sources) != key


def test_an_installed_copy_s_knowledge_base_key_still_sees_a_changed_source_document(monkeypatch, sources):
    monkeypatch.setattr(installed, "stamp", lambda: INSTALL)
    monkeypatch.setattr(api, "build_inputs", _refuse)
    key = api._stat_key(sources)
    (sources / "rules.txt").write_text("one, edited\n", encoding="utf-8")
    assert api._stat_key(sources) != key
    edited = api._stat_key(sources)
    (sources / "faq.txt").write_text("two\n", encoding="utf-8")
    assert api._stat_key(sources) not in (key, edited)


def test_a_checkout_s_knowledge_base_key_sees_a_changed_build_input(monkeypatch, sources, tmp_path):
    assert installed.stamp() is None
    parser = tmp_path / "parser.py"
    parser.write_text("PARSE = 1\n", encoding="utf-8")
    monkeypatch.setattr(api, "build_inputs", lambda: [parser])
    key = api._stat_key(sources)
    parser.write_text("PARSE = 2 # edited\n", encoding="utf-8")
    assert api._stat_key(sources) != key


def test_an_installed_copy_reads_the_exercised_map_without_walking_and_a_reinstall_rebuilds_it(monkeypatch, tmp_path):
    monkeypatch.setattr(installed, "stamp", lambda: INSTALL)
    built = ex.table(tmp_path)  # the first use builds it from the files
    assert built and [p.name for p in tmp_path.glob("exercised-*.marshal")]
    first = sorted(p.name for p in tmp_path.glob("exercised-*.marshal"))
    walk = ex._stamps
    monkeypatch.setattr(ex, "_stamps", _refuse)
    assert ex.table(tmp_path) == built  # read back: one stat, no walk
    monkeypatch.setattr(installed, "stamp", lambda: REINSTALL)
    with pytest.raises(AssertionError, match="walked"):
        ex.table(tmp_path)  # another install: the map is built again from the files
    monkeypatch.setattr(ex, "_stamps", walk)
    assert ex.table(tmp_path) == built
    assert sorted(p.name for p in tmp_path.glob("exercised-*.marshal")) != first


def test_a_checkout_s_exercised_map_sees_an_edited_situation(monkeypatch, tmp_path):
    assert installed.stamp() is None
    scenarios = tmp_path / "scenarios"
    (scenarios / "lotr").mkdir(parents=True)
    situation = scenarios / "lotr" / "staged.yaml"
    situation.write_text("expect:\n  cites: [lotr:rr:staged-first]\n", encoding="utf-8")
    monkeypatch.setattr(ex, "SCENARIOS", scenarios)
    cache = tmp_path / "cache"
    cache.mkdir()
    assert str(situation) in ex.table(cache)["lotr:rr:staged-first"][0]
    assert "lotr:rr:staged-second" not in ex.table(cache)
    situation.write_text("expect:\n  cites: [lotr:rr:staged-second]\n", encoding="utf-8")
    edited = ex.table(cache)
    assert str(situation) in edited["lotr:rr:staged-second"][0]
    assert str(situation) not in (edited.get("lotr:rr:staged-first") or [[]])[0]


def test_the_installed_package_s_own_files_are_inside_it_and_a_checkout_s_are_not(monkeypatch, tmp_path):
    from adjudicator import paths

    assert not installed.inside(paths.RULES_DB / "lotr" / "cards")  # this checkout
    package = tmp_path / "site-packages" / "adjudicator"
    (package / "_data" / "rules_db").mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    monkeypatch.setattr(paths, "PACKAGE", package)
    monkeypatch.setattr(paths, "DATA_ROOT", package / "_data")
    assert installed.inside(package / "_data" / "rules_db" / "lotr" / "cards")
    assert not installed.inside(tmp_path / "site-packages" / "adjudicator-tools" / "cards")  # a name that only starts alike
    assert not installed.inside(tmp_path / "my-cards")
    assert installed.stamps_or(_refuse) == [(f"installed|{installed.stamp()}", 0, 0)]


def test_an_installed_copy_s_card_caches_are_read_back_without_walking_and_a_reinstall_rebuilds_them(monkeypatch, tmp_path):
    from adjudicator import yamlio
    from adjudicator.ask import card_links
    from adjudicator.lotr import card_lookup

    monkeypatch.setenv("ADJUDICATOR_CACHE", str(tmp_path))
    monkeypatch.setattr(installed, "stamp", lambda: INSTALL)
    monkeypatch.setattr(card_links, "_table", None)
    card_lookup.situation_index.cache_clear()
    index, links = card_lookup.situation_index(), card_links.table()  # built from the files
    assert index and links
    walk = yamlio.stamps_under
    monkeypatch.setattr(yamlio, "stamps_under", _refuse)
    monkeypatch.setattr(card_links, "_stamps", _refuse)
    monkeypatch.setattr(card_links, "_table", None)
    card_lookup.situation_index.cache_clear()
    assert card_lookup.situation_index() == index and card_links.table() == links  # read back: no walk
    monkeypatch.setattr(installed, "stamp", lambda: REINSTALL)
    monkeypatch.setattr(card_links, "_table", None)
    card_lookup.situation_index.cache_clear()
    with pytest.raises(AssertionError, match="walked"):
        card_lookup.situation_index()  # another install: built again from the files
    monkeypatch.setattr(yamlio, "stamps_under", walk)
    card_lookup.situation_index.cache_clear()
    assert card_lookup.situation_index() == index
    card_lookup.situation_index.cache_clear()


def test_an_installed_copy_s_parsed_card_library_is_keyed_by_its_install_stamp(monkeypatch, tmp_path):
    from adjudicator.lotr.abilities import load

    monkeypatch.setenv("ADJUDICATOR_CACHE", str(tmp_path))
    monkeypatch.setattr(installed, "inside", lambda path: True)
    monkeypatch.setattr(installed, "stamp", lambda: INSTALL)
    load.library.cache_clear()
    try:
        cards = load.library("errata")
        kept = load._installed_cache_file(INSTALL, "errata")
        assert kept.is_file() and [p.name for p in tmp_path.glob("abilities-errata-*.pickle")] == [kept.name]
        folder = load.LIBRARY_DIR
        monkeypatch.setattr(load, "LIBRARY_DIR", _Unlisted())
        load.library.cache_clear()
        assert load.library("errata") == cards  # read back: the folder is not listed
        monkeypatch.setattr(installed, "stamp", lambda: REINSTALL)
        load.library.cache_clear()
        with pytest.raises(AssertionError, match="walked"):
            load.library("errata")  # another install: parsed again from the files
        monkeypatch.setattr(load, "LIBRARY_DIR", folder)
        load.library.cache_clear()
        assert load.library("errata") == cards
        assert [p.name for p in tmp_path.glob("abilities-errata-*.pickle")] == [load._installed_cache_file(REINSTALL, "errata").name]
    finally:
        load.library.cache_clear()
