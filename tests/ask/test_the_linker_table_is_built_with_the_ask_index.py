"""The names a question links (``entities.Linker``) are keyed when the ask index is built and
read back from its small part (``game_detection.linker_for``): the table read back is the one
the names table and the games' vocabulary markers give when keyed in the process."""

from __future__ import annotations

from adjudicator.ask import question_index
from adjudicator.ask.entities import Linker
from adjudicator.ask.game_detection import linker_for


def _keyed_in_process(index) -> Linker:
    rows = list(index["names"])
    for game, vocab in index["vocabulary"].items():
        for marker, key in vocab["markers"]:
            rows.append([key, marker, "", "term", game])
    return Linker(rows)


def test_the_linker_read_from_the_index_file_is_the_linker_keyed_from_its_names(kb):
    kb._question_index = None
    kb.__dict__.pop("_linker", None)
    index = question_index.load(kb)  # read from its files
    expected = _keyed_in_process(index)
    loaded = linker_for(kb)
    assert loaded.by_key == expected.by_key
    assert loaded.numbered == expected.numbered
    assert loaded.name_words == expected.name_words  # every word of every name, for misspellings
    assert any(len(entries) > 1 for entries in loaded.by_key.values())  # a name of several records or games
    assert loaded.numbered  # the numbered steps are in it


def test_the_linker_read_from_the_index_links_as_the_linker_keyed_in_process(kb):
    kb._question_index = None
    kb.__dict__.pop("_linker", None)
    index = question_index.load(kb)
    expected = _keyed_in_process(index)
    loaded = linker_for(kb)
    expected.known_word, expected.word_root = loaded.known_word, loaded.word_root  # the same misspelling test
    for question, game in (("can my ranged hero attack an enemy in the staging area?", None),
                           ("what happens at step 6.4.2 of the hero turn?", None),
                           ("does a wounded character get a worse body check?", "metw"),
                           ("In METW, can my company move to a haven?", None),
                           ("can my heor atack an enemy?", "lotr")):
        assert loaded.link(question, game) == expected.link(question, game)
