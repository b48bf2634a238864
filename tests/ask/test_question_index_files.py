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
