"""Where the sources folder came from is said the same way by every command: a lookup with
no documents names the folder and its origin (--sources, ADJUDICATOR_SOURCES, or the user
data folder), as `sources list` does."""

import json

import pytest

from adjudicator.cli import main


@pytest.fixture
def no_documents(tmp_path, monkeypatch):
    monkeypatch.delenv("ADJUDICATOR_SOURCES", raising=False)
    monkeypatch.setenv("ADJUDICATOR_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("ADJUDICATOR_CACHE", str(tmp_path / "cache"))
    return tmp_path


def _error(capsys, *args) -> str:
    assert main(list(args)) == 2
    return capsys.readouterr().err


def test_an_empty_user_data_folder_is_named_as_the_user_data_folder(no_documents, capsys):
    err = _error(capsys, "rule", "engagement check")
    assert f"no source documents found in {no_documents / 'data' / 'sources'} (user data folder)" in err
    assert "(argument)" not in err


def test_a_folder_from_the_environment_is_named_by_its_variable(no_documents, monkeypatch, capsys):
    monkeypatch.setenv("ADJUDICATOR_SOURCES", str(no_documents / "none"))
    assert f"{no_documents / 'none'} (ADJUDICATOR_SOURCES)" in _error(capsys, "rule", "engagement check")


def test_a_folder_given_with_the_option_is_named_as_the_option(no_documents, monkeypatch, capsys):
    err = _error(capsys, "--sources", str(no_documents / "given"), "rule", "engagement check")
    assert f"{no_documents / 'given'} (--sources)" in err
    assert main(["--sources", str(no_documents / "given"), "sources", "list", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["origin"] == "--sources"
