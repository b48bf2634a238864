"""The ask index's files keep each value in a section of its own (``ask.index_file``): a value
is read when first asked for, and packed postings are read where they lie in the mapped file.
Read back, every value is the one written; a file that is not one of these, or is cut short,
is read as none (the index is built again)."""

from __future__ import annotations

from array import array

from adjudicator.ask import index_file, question_index
from adjudicator.ask.postings import Postings, pack_postings

TABLE = {"attack": {0: 1.0, 3: 4.0}, "attack_enemy": {3: 0.5}, "ranged": {2: 1.5}, "zone": {7: 2.0},
         "éomer": {5: 3.0}}


def _part() -> dict:
    return {"version": question_index.VERSION, "inputs_digest": "a build", "docs": ["lotr:rr:a", "meq:rules:b"],
            "postings": pack_postings(TABLE), "weights": array("d", [0.5, 2.0]).tobytes(),
            "names": [["staging area", "Staging Area", "lotr:rr:staging-area", "glossary", "lotr"]],
            "numbered": {"6.4": [(frozenset({"combat"}), "step 6.4|combat",
                                  ("Resolve", "lotr:rr:step:6.4", "step", "lotr"))]}}


def test_every_value_written_is_read_back_and_postings_are_read_where_they_lie(tmp_path):
    path = tmp_path / "part.marshal"
    assert index_file.write(path, _part())
    sections = index_file.open_sections(path)
    assert sections.version == question_index.VERSION and sections.inputs_digest == "a build"
    for key, value in _part().items():
        if key == "postings":
            continue
        assert sections.value(key) == value, key
    mapped = sections.value("postings")
    assert isinstance(mapped, Postings) and mapped == Postings(pack_postings(TABLE))
    assert list(mapped) == sorted(TABLE)
    for term, expected in TABLE.items():
        docs, weights = question_index.posting({"postings": mapped}, term)
        assert dict(zip(docs, weights)) == expected and mapped.size(term) == len(expected)
    for absent in ("", "a", "attac", "attacks", "zzz"):
        assert absent not in mapped and mapped.get(absent) is None
    assert index_file.read(path) == {**_part(), "postings": mapped}


def test_held_postings_are_written_as_they_were_packed(tmp_path):
    path = tmp_path / "part.marshal"
    held = {"version": 1, "inputs_digest": None, "postings": Postings(pack_postings(TABLE))}
    index_file.write(path, held)
    again = tmp_path / "again.marshal"
    index_file.write(again, index_file.read(path))  # a part read back and written again (a stamp renewed)
    assert path.read_bytes() == again.read_bytes()
    assert index_file.open_sections(again).value("postings").packed() == pack_postings(TABLE)


def test_a_file_cut_short_foreign_or_missing_is_read_as_none(tmp_path):
    import marshal

    path = tmp_path / "part.marshal"
    index_file.write(path, _part())
    whole = path.read_bytes()
    for damaged in (whole[: len(whole) // 2], whole[:30], b"", marshal.dumps(_part()), b"x" * 200,
                    index_file.MAGIC + (10 ** 6).to_bytes(8, "little") + b"\0" * 64):
        path.write_bytes(damaged)
        assert index_file.open_sections(path) is None and index_file.read(path) is None
    assert index_file.open_sections(tmp_path / "absent.marshal") is None


def test_asking_reads_only_the_bulk_values_it_needs(kb):
    from adjudicator.ask.answer import ask

    kb._question_index = None
    question_index.load(kb)  # built and written when this knowledge base had none
    kb._question_index = None
    assert not set(question_index.BULK) & set(dict.keys(question_index.load(kb)))  # read from its files: no bulk yet
    ask(kb, "can my ranged hero attack an enemy in the staging area?")
    read = set(question_index.BULK) & set(dict.keys(kb._question_index))
    assert {"docs", "postings", "question_postings"} <= read
    assert "names" not in read and "kinds" not in read  # the linker's table is in the small part; kinds are the build's
