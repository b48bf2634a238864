"""The key of the engine's cached verdicts of the legality questions.

In a checkout the verdicts depend on files that change while one works: a changed situation
file, data file, card file or engine source (the game's or the shared engine's), or a new
engine source, gives another key (so the verdicts are computed again).  In an installed copy
(the project's data inside the package) the files do not change after install: the key is the
install's stamp, taken with one stat and no walk, and a reinstall gives another key.
"""

from __future__ import annotations

import os

import pytest

from adjudicator import installed, paths, yamlio
from adjudicator.ask import legality_questions as L

SITUATION = "scenarios/lotr/questions/staged.yaml"


def _write(path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def _later(path) -> None:
    """The file's modification time a second later (an edit that kept the size)."""
    stat = os.stat(path)
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))


def _layout(monkeypatch, package, root) -> None:
    """The files every layout has (a package, one engine source, the data file and a situation),
    with the project's paths pointed at them."""
    _write(package / "__init__.py", "")
    _write(package / "lotr" / "engine" / "combat.py", "ATTACK = 1\n")
    _write(root / "rules_db" / "lotr" / L.FILE, "questions: []\n")
    _write(root / SITUATION, "players: []\n")
    monkeypatch.setattr(paths, "PACKAGE", package)
    monkeypatch.setattr(paths, "DATA_ROOT", root)
    monkeypatch.setattr(paths, "RULES_DB", root / "rules_db")


@pytest.fixture
def checkout(tmp_path, monkeypatch):
    """A checkout's layout: the package, and the data beside it."""
    package, root = tmp_path / "adjudicator", tmp_path
    _layout(monkeypatch, package, root)
    _write(package / "engine" / "game.py", "GAME = 1\n")
    _write(root / "rules_db" / "lotr" / "cards" / "core.yaml", "cards: []\n")
    return tmp_path


@pytest.fixture
def installed_copy(tmp_path, monkeypatch):
    """An installed copy's layout: the data inside the package, under _data/."""
    package = tmp_path / "site-packages" / "adjudicator"
    _layout(monkeypatch, package, package / "_data")
    return package


def test_this_checkout_has_no_install_stamp():
    assert installed.stamp() is None


@pytest.mark.parametrize("changed", ["adjudicator/lotr/engine/combat.py", "adjudicator/engine/game.py",
                                     "rules_db/lotr/cards/core.yaml", f"rules_db/lotr/{L.FILE}", SITUATION])
def test_in_a_checkout_an_edit_of_what_the_verdicts_depend_on_changes_the_key(checkout, changed):
    before = L._engine_key([SITUATION])
    assert L._engine_key([SITUATION]) == before  # nothing changed: the verdicts are read back
    _write(checkout / changed, (checkout / changed).read_text(encoding="utf-8") + "# edited\n")
    edited = L._engine_key([SITUATION])
    assert edited != before
    _later(checkout / changed)  # the same size, a later time
    assert L._engine_key([SITUATION]) not in (before, edited)


def test_in_a_checkout_a_new_engine_source_changes_the_key(checkout):
    before = L._engine_key([SITUATION])
    _write(checkout / "adjudicator" / "lotr" / "engine" / "ranged.py", "RANGED = 1\n")
    assert L._engine_key([SITUATION]) != before


def test_in_a_checkout_a_file_the_verdicts_do_not_depend_on_leaves_the_key(checkout):
    before = L._engine_key([SITUATION])
    _write(checkout / "adjudicator" / "cli" / "render.py", "RENDER = 1\n")
    _write(checkout / "scenarios" / "lotr" / "questions" / "other.yaml", "players: []\n")  # not one of the situations
    assert L._engine_key([SITUATION]) == before


def test_an_installed_copy_is_keyed_by_its_install_stamp_without_a_walk(installed_copy, monkeypatch):
    def walk(*args, **kwargs):
        raise AssertionError("an installed copy's key walked the files")

    monkeypatch.setattr(yamlio, "stamps_under", walk)
    stamp = installed.stamp()
    assert stamp is not None and stamp.startswith(f"{installed_copy}|")
    key = L._engine_key([SITUATION])
    assert L._engine_key([SITUATION]) == key
    assert L._engine_key([SITUATION], "metw") != key  # each game its own verdicts
    assert L._engine_key([SITUATION, "scenarios/lotr/questions/more.yaml"]) != key  # another list of situations


def test_a_reinstall_changes_the_installed_copy_s_key(installed_copy):
    key = L._engine_key([SITUATION])
    init = installed_copy / "__init__.py"
    init.unlink()
    _write(init, "")  # an install writes every file anew
    _later(init)
    assert L._engine_key([SITUATION]) != key


def test_an_installed_copy_without_its_init_file_is_not_stamped(installed_copy):
    (installed_copy / "__init__.py").unlink()
    assert installed.stamp() is None
