"""An asked entry whose record id the knowledge base does not hold is left out with a warning
naming the file, the line of the id and the closest ids; not an error: the ids a user's knowledge
base holds depend on the documents they have, and one typo must not stop `ask` for everyone.
The warning is printed when the index is built (the tests fail on any such id in the project's
files: ``test_asked_questions``)."""

from __future__ import annotations

from adjudicator.ask import asked


def test_a_record_id_the_knowledge_base_lacks_is_a_warning_naming_the_line_and_the_closest_ids(kb, tmp_path, monkeypatch):
    """An unknown id leaves its questions out with a warning, not an error: the ids a user's
    knowledge base holds depend on the documents they have, and one typo must not stop `ask`."""
    from adjudicator.ask import question_index

    part = tmp_path / "part.yaml"
    part.write_text("lotr:rr:sentinel:\n  - ask: Can my hero block an orc that is attacking my buddy?\n"
                    "lotr:rr:sentinal:\n  - ask: Can my hero block for my buddy twice?\n"
                    "lotr:zz:nowhere:\n  - ask: Is this from a document I do not have?\n"
                    "lotr:fqa:q:41:\n  - ask: Does my bonus stay when the attachment exhausts?\n"
                    "  - ask: Is the bonus lost when the attachment is exhausted?\n", encoding="utf-8")
    monkeypatch.setattr(asked, "files", lambda game: [part] if game == "lotr" else [])
    index = question_index.build(kb.store)
    assert index["warnings"] == [
        f"{part}, line 3: no record 'lotr:rr:sentinal' in the knowledge base; its 1 asked question left out "
        f"(did you mean lotr:rr:sentinel?)",
        f"{part}, line 7: no record 'lotr:fqa:q:41' in the knowledge base; its 2 asked questions left out "
        f"(did you mean lotr:faq:q:41?)"]  # lotr:zz:... is of no document the user has: no warning
    assert "Can my hero block for my buddy twice?" not in index["question_texts"]
    assert "Can my hero block an orc that is attacking my buddy?" in index["question_texts"]


def test_the_warning_for_an_unknown_record_id_is_printed_when_the_index_is_built(kb, tmp_path, monkeypatch, capsys):
    from adjudicator.ask import question_index

    part = tmp_path / "part.yaml"
    part.write_text("lotr:rr:sentinal:\n  - ask: Can my hero block for my buddy twice?\n", encoding="utf-8")
    monkeypatch.setattr(asked, "files", lambda game: [part] if game == "lotr" else [])
    monkeypatch.setattr(question_index, "_path", lambda kb: tmp_path / "ask-index-kb-test.marshal")
    kb._question_index = None
    question_index.load(kb)
    assert capsys.readouterr().err == (f"warning: {part}, line 1: no record 'lotr:rr:sentinal' in the knowledge base; "
                                       f"its 1 asked question left out (did you mean lotr:rr:sentinel?)\n")
    kb._question_index = None
    question_index.load(kb)  # read back, not built: said once
    assert capsys.readouterr().err == ""


def test_a_user_without_one_of_the_documents_gets_no_warning_for_its_asked_questions(kb):
    """The project's asked files name records of every document: a knowledge base built without
    one of them (any one) warns about none of its ids."""
    rows = kb.store.conn.execute("select id, doc from records").fetchall()
    by_id = asked.by_record(["lotr", "metw", "meq"])
    assert asked.unknown_records(by_id, [rid for rid, _ in rows]) == []
    for doc in sorted({d for _, d in rows}):
        held = [rid for rid, d in rows if d != doc]
        assert asked.unknown_records(by_id, held) == [], doc
