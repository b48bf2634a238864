"""An installed copy's ask index is keyed by the install's stamp (``adjudicator.installed``):
its code and data do not change after install, so loading the index stats one file where a
checkout stats the sixty files the build reads; a reinstall (a new stamp) makes the index stale.
In a checkout the walk stays: an edit there is seen."""

from __future__ import annotations

from adjudicator import installed
from adjudicator.ask import question_index

INSTALL = "/site-packages/adjudicator|123|1795712087000000000|42"
REINSTALL = "/site-packages/adjudicator|123|1795712999000000000|43"


def _refuse(*args, **kwargs):
    raise AssertionError("an installed copy walked its files")


def test_an_installed_copy_s_index_inputs_are_its_install_stamp(monkeypatch):
    monkeypatch.setattr(installed, "stamp", lambda: INSTALL)
    monkeypatch.setattr(question_index, "_inputs_walk", _refuse)
    monkeypatch.setattr(question_index, "_code_walk", _refuse)
    stamp = question_index.inputs_stamp()
    assert stamp == [(f"installed|{INSTALL}", 0, 0)] and question_index.code_stamp() == stamp
    digest = question_index.inputs_digest(stamp)
    monkeypatch.setattr(installed, "stamp", lambda: REINSTALL)
    again = question_index.inputs_stamp()
    assert again != stamp and question_index.inputs_digest(again) != digest


def test_a_checkout_s_index_inputs_are_the_files_the_build_reads(monkeypatch):
    monkeypatch.setattr(installed, "stamp", lambda: None)
    stamp = question_index.inputs_stamp()
    names = {name for name, _, _ in stamp}
    assert {f"code:{name}" for name in question_index.BUILD_CODE} <= names
    assert any(name.startswith("data:lotr/asked/") for name in names)
    assert stamp == question_index._inputs_walk()
