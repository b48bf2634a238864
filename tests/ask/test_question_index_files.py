"""The question index is kept as two files: the small part game detection reads (`rule`
and `search` without --game), and the bulk of the records' terms that only `ask` reads.
Read back, the two are the index as built; a missing bulk is built again."""

from __future__ import annotations

from adjudicator.ask import question_index


def _fresh(kb):
    kb._question_index = None
    return question_index.load(kb)


def test_the_index_read_from_its_two_files_is_the_index_as_built(kb):
    built = question_index.build(kb.store)
    question_index._write(question_index._path(kb), built)
    question_index._unpack(built)  # the packed parts as a reader holds them
    loaded = _fresh(kb)
    assert not set(question_index.BULK) & set(dict.keys(loaded))  # nothing of the bulk read yet
    for key in question_index.BULK:
        assert loaded[key] == built[key], key
    assert dict(loaded) == built


def test_the_packed_postings_give_each_term_its_documents_and_weights():
    from array import array

    table = {"attack": {0: 1.0, 3: 4.0}, "attack_enemy": {3: 0.5}, "ranged": {2: 1.5}, "zone": {7: 2.0}}
    postings = question_index.Postings(question_index.pack_postings(table))
    assert len(postings) == 4 and list(postings) == sorted(table)
    for term, expected in table.items():
        assert term in postings and postings.size(term) == len(expected)
        docs, weights = question_index.posting({"postings": postings}, term)
        assert dict(zip(docs, weights)) == expected
    for absent in ("", "a", "attac", "attacks", "rang", "zzz"):
        assert absent not in postings and postings.get(absent) is None and postings.size(absent) == 0
    assert postings.get("ranged") == array("i", [2]).tobytes() + array("f", [1.5]).tobytes()


def test_game_detection_reads_only_the_small_part(kb):
    from adjudicator.ask.game_detection import detect

    _fresh(kb)
    detection = detect(kb, "does a wounded character get a worse body check?")
    assert detection.game == "metw"
    assert not set(question_index.BULK) & set(dict.keys(kb._question_index))


def test_a_missing_bulk_file_is_built_again(kb):
    path = question_index._path(kb)
    _fresh(kb)["postings"]  # both files written
    question_index._bulk_path(path).unlink()
    loaded = _fresh(kb)
    assert len(loaded["docs"]) == kb.store.conn.execute("select count(*) from records").fetchone()[0]
    assert question_index._bulk_path(path).is_file()


def test_a_card_added_to_the_lotr_card_library_is_in_the_next_ask_index(kb, monkeypatch):
    """The card library is not a knowledge-base build input (engine-only data), yet the index's
    names come from it: a change to its files makes a new index."""
    from adjudicator.ask import entities

    real = entities._library_names
    _fresh(kb)
    monkeypatch.setattr(entities, "_library_names", lambda: real() + [("Zorblax the Unheard", "lotr")])
    try:
        assert "zorblax the unheard" not in {row[0] for row in _fresh(kb)["names"]}  # library unchanged
        stamp = question_index.card_library_stamp() + [("zorblax.yaml", 1, 1)]
        monkeypatch.setattr(question_index, "card_library_stamp", lambda: stamp)
        assert "zorblax the unheard" in {row[0] for row in _fresh(kb)["names"]}
    finally:
        monkeypatch.undo()
        assert "zorblax the unheard" not in {row[0] for row in _fresh(kb)["names"]}


def test_the_card_library_stamp_changes_with_a_card_file(tmp_path, monkeypatch):
    monkeypatch.setattr("adjudicator.paths.RULES_DB", tmp_path)
    assert question_index.card_library_stamp() == []
    cards = tmp_path / "lotr" / "cards"
    cards.mkdir(parents=True)
    (cards / "core.yaml").write_text("cards: []\n", encoding="utf-8")
    (cards / "notes.txt").write_text("not a card file\n", encoding="utf-8")
    before = question_index.card_library_stamp()
    assert [name for name, _, _ in before] == ["core.yaml"]
    (cards / "core.yaml").write_text("cards:\n  - name: Zorblax\n", encoding="utf-8")
    assert question_index.card_library_stamp() != before
