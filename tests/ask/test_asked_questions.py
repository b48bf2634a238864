"""The questions players ask, written for each record (``rules_db/<game>/asked/``, issue 11):
every entry names a record that exists, in its own game; it is a question of a sensible length
with an answer field that is yes, no or a number; it copies no run of eight words from any of the
documents; the index matches a player's question to them; a bad file is a clear error naming the
file and the line of the entry, what was expected and the name meant; YAML 1.1's other booleans
(on, off, true, false, y, n) are no answer (a record id the knowledge base does not hold is a
warning: ``test_asked_record_ids_the_knowledge_base_lacks``)."""

from __future__ import annotations

import re

import pytest

from adjudicator.ask import asked, asked_verdict
from adjudicator.errors import InputError

GAMES = ("lotr", "metw", "meq")
RUN = 8
DOCS = {"lotr": ("lotr-rr", "lotr-faq", "lotr-qc"), "metw": ("metw",), "meq": ("meq",)}


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower().replace("’", "'"))


@pytest.mark.parametrize("game", GAMES)
def test_every_asked_question_names_a_record_of_its_game_that_exists(game, kb):
    entries = asked.read(game)
    ids = {e.record for e in entries}
    found = {r.id for r in kb.store.get_many(sorted(ids))}
    assert ids - found == set(), f"unknown record ids in rules_db/{game}/asked: {sorted(ids - found)[:10]}"


def test_asked_questions_copy_no_eight_word_run_of_any_document(source_docs):
    runs = set()
    for doc in source_docs.values():
        text = _words("\n".join(doc.lines))
        runs |= {tuple(text[i: i + RUN]) for i in range(len(text) - RUN + 1)}
    copied = []
    for game in GAMES:
        for entry in asked.read(game):
            own = _words(entry.ask)
            if any(tuple(own[i: i + RUN]) in runs for i in range(len(own) - RUN + 1)):
                copied.append((entry.record, entry.ask))
    assert copied == []


def test_one_record_repeats_no_asked_question():
    for game in GAMES:
        seen = set()
        for entry in asked.read(game):
            key = (entry.record, " ".join(_words(entry.ask)))
            assert key not in seen, f"{entry.record}: asked twice: {entry.ask}"
            seen.add(key)


def _write(tmp_path, monkeypatch, text: str):
    folder = tmp_path / "lotr" / "asked"
    folder.mkdir(parents=True)
    (folder / "part.yaml").write_text(text, encoding="utf-8")
    monkeypatch.setattr("adjudicator.paths.RULES_DB", tmp_path)


def test_an_asked_entry_reads_its_question_and_a_bare_yes_as_says_yes(tmp_path, monkeypatch):
    _write(tmp_path, monkeypatch, "lotr:rr:x:\n  - ask: Can my sentinel hero block for a friend?\n    says: yes\n"
                                  "  - Can I do it twice in one round?\n")
    got = asked.read("lotr")
    assert [(e.record, e.ask, e.says) for e in got] == [
        ("lotr:rr:x", "Can my sentinel hero block for a friend?", "yes"),
        ("lotr:rr:x", "Can I do it twice in one round?", ""),
    ]


@pytest.mark.parametrize("text, line, expected, hint", [
    ("lotr:rr:x:\n  - ask: Why?\n", 2, "expected 4 to 40", ""),
    ("lotr:rr:x:\n  - ask: Can my sentinel hero block for a friend?\n    says: maybe\n", 3,
     "expected yes, no or a number", ""),
    ("lotr:rr:x:\n  - ask: Can my sentinel hero block for a friend?\n    answer: yes\n", 3,
     "unknown field 'answer'; expected ask or says", ""),
    ("lotr:rr:x:\n  - ask: Can my sentinel hero block for a friend?\n  - asks: Can I do it twice in a round?\n", 3,
     "unknown field 'asks'", "did you mean ask?"),
    ("lotr:rr:x:\n  - ask: Can my sentinel hero block for a friend?\n    sayz: yes\n", 3,
     "unknown field 'sayz'", "did you mean says?"),
    ("lotr:rr:x:\n  - says: yes\n", 2, "expected 'ask:'", ""),
    ("lotr:rr:x:\n  - ask: [Can, my, hero, block]\n", 2, "expected the question lotr:rr:x answers, as text", ""),
    ("lotr:rr:y:\n  - Can I do it twice in one round?\nmetw:glossary:x:\n  - ask: Can my sentinel hero block?\n", 3,
     "not a lotr record id", ""),
    ("lotr:rr:Sentinel:\n  - ask: Can my sentinel hero block for a friend?\n", 1, "is not a record id", ""),
    ("lotr:rr:x: nothing\n", 1, "expected a list", ""),
    ("lotr:rr:x:\n", 1, "expected a list of '- ask: ...' entries, found nothing", ""),
    ("lotr:rr:x: []\n", 1, "found an empty list", ""),
    ("- lotr:rr:x\n", 1, "expected a mapping from record ids", ""),
    ("lotr:rr:x:\n  - Can I do it twice in one round?\nlotr:rr:x:\n  - Can I do it three times in one round?\n", 3,
     "'lotr:rr:x' is written twice (first on line 1)", ""),
    ("lotr:rr:x:\n  - ask: Can my sentinel hero block for a friend?\n    ask: Can I do it twice in one round?\n", 3,
     "'ask' is written twice (first on line 2)", ""),
])
def test_a_bad_asked_entry_is_an_input_error_naming_the_file_its_line_and_the_name_meant(
        tmp_path, monkeypatch, text, line, expected, hint):
    _write(tmp_path, monkeypatch, text)
    with pytest.raises(InputError) as caught:
        asked.read("lotr")
    assert str(caught.value).startswith(f"{tmp_path / 'lotr' / 'asked' / 'part.yaml'}, line {line}: ")
    assert expected in str(caught.value) and caught.value.hint == hint


@pytest.mark.parametrize("written, meant", [("on", "yes"), ("off", "no"), ("true", "yes"), ("false", "no"),
                                            ("True", "yes"), ("y", "yes"), ("n", "no"), ("'on'", "yes")])
def test_says_takes_yes_and_no_only_and_yaml_s_other_booleans_are_errors_naming_the_line_and_the_answer_meant(
        tmp_path, monkeypatch, written, meant):
    _write(tmp_path, monkeypatch, f"lotr:rr:x:\n  - ask: Can my sentinel hero block for a friend?\n"
                                  f"    says: {written}\n")
    with pytest.raises(InputError) as caught:
        asked.read("lotr")
    assert "part.yaml, line 3: lotr:rr:x: says " in str(caught.value)
    assert caught.value.hint.startswith(f"did you mean {meant}?")


def test_says_is_read_as_written_yes_and_no_in_any_case_and_numbers_as_their_text(tmp_path, monkeypatch):
    _write(tmp_path, monkeypatch, "lotr:rr:x:\n"
                                  "  - ask: Can my sentinel hero block for a friend?\n    says: Yes\n"
                                  "  - ask: Can my sentinel hero block twice a round?\n    says: NO\n"
                                  "  - ask: How much threat does my hero raise?\n    says: 2 threat\n"
                                  "  - ask: How many cards does each player draw?\n    says: 010\n"
                                  "  - ask: Can my sentinel hero block three times?\n")
    assert [(e.says, e.line) for e in asked.read("lotr")] == [("yes", 2), ("no", 4), ("2 threat", 6), ("010", 8),
                                                               ("", 10)]


@pytest.mark.parametrize("written", ["", " ''", ' ""', "   # left for later", " '  '"])
def test_an_empty_says_is_an_input_error_naming_the_file_and_its_line_not_a_question_without_an_answer(
        tmp_path, monkeypatch, written):
    _write(tmp_path, monkeypatch, "lotr:rr:x:\n"
                                  "  - ask: Can my sentinel hero block for a friend?\n    says: yes\n"
                                  f"  - ask: Can my sentinel hero block three times?\n    says:{written}\n"
                                  "  - ask: Can my sentinel hero block twice a round?\n")
    with pytest.raises(InputError) as caught:
        asked.read("lotr")
    assert str(caught.value).startswith(f"{tmp_path / 'lotr' / 'asked' / 'part.yaml'}, line 5: lotr:rr:x: "
                                        "'says:' is empty; expected yes, no or a number")


def test_a_bad_asked_file_stops_ask_with_exit_2_and_the_error_naming_its_line(cli, tmp_path, monkeypatch):
    """`ask` builds its index from the asked files: a broken one is the error, named, no traceback."""
    _write(tmp_path, monkeypatch, "lotr:rr:sentinel:\n  - ask: Can my sentinel hero block for a friend?\n"
                                  "    says: on\n")
    code, out, err = cli("ask", "can my sentinel hero block for a friend?")
    assert code == 2 and out == "" and "Traceback" not in err
    assert err.startswith(f"Error: {tmp_path / 'lotr' / 'asked' / 'part.yaml'}, line 3: lotr:rr:sentinel: says 'on'")
    assert "did you mean yes?" in err


def _index_with(kb, tmp_path, monkeypatch, ask: str, says: str) -> dict:
    """The knowledge base's question index built with one asked question for Sentinel."""
    from adjudicator.ask import question_index

    part = tmp_path / "part.yaml"
    part.write_text(f"lotr:rr:sentinel:\n  - ask: {ask}\n    says: {says}\n", encoding="utf-8")
    monkeypatch.setattr(asked, "files", lambda game: [part] if game == "lotr" else [])
    index = question_index.build(kb.store)
    monkeypatch.setattr(kb, "_question_index", index, raising=False)
    question_index._unpack(index)
    return index


@pytest.fixture
def sentinel_asked(kb, tmp_path, monkeypatch):
    return _index_with(kb, tmp_path, monkeypatch, "Can my hero block an orc that is attacking my buddy?", "yes")


def test_a_players_question_matches_the_asked_question_of_its_record(kb, sentinel_asked):
    """The index holds each asked question as a field of its record and matches a question
    worded like it to that record, question to question, with its answer."""
    from adjudicator.ask import question_index

    index = sentinel_asked
    matches = question_index.question_matches(kb, question_index.terms_of("can my hero block an orc attacking my buddy"))
    overlap, place = matches["lotr:rr:sentinel"]
    assert overlap > 0.8 and index["question_says"][place] == "yes"
    hits = dict(question_index.search(kb, question_index.terms_of("orc buddy"), "lotr"))
    assert "lotr:rr:sentinel" in hits  # the asked words are a field of the record


def test_the_recorded_answer_of_an_asked_question_is_the_verdict_only_for_the_same_question(kb, sentinel_asked):
    from adjudicator.ask.answer import _asked_verdict

    same = "Can my hero block an orc that's attacking my buddy?"
    assert asked_verdict.answered(kb, same, "lotr:rr:sentinel") == ("Can my hero block an orc that is attacking my buddy?", "yes")
    verdict = _asked_verdict(kb, same, "lotr:rr:sentinel", "the rule's sentence")
    assert (verdict.kind, verdict.basis, verdict.text) == ("yes", "asked", "Yes: the rule's sentence")
    assert verdict.to_dict()["matched"].startswith("Can my hero block")
    # the negative question, another kind of question, another record, a looser match: no verdict
    assert asked_verdict.answered(kb, "Can my hero not block an orc that is attacking my buddy?", "lotr:rr:sentinel") is None
    assert asked_verdict.answered(kb, "How does my hero block an orc that is attacking my buddy?", "lotr:rr:sentinel") is None
    assert asked_verdict.answered(kb, same, "lotr:rr:ranged") is None
    assert asked_verdict.answered(kb, "Can my hero block an orc?", "lotr:rr:sentinel") is None


@pytest.fixture
def keep_asked(kb, tmp_path, monkeypatch):
    """The question index built with asked questions whose answers turn on one contrast word."""
    from adjudicator.ask import question_index

    part = tmp_path / "part.yaml"
    part.write_text("lotr:rr:player-elimination:\n"
                    "  - ask: Do enemies sent back to staging from an eliminated player keep their damage?\n"
                    "    says: yes\n"
                    "lotr:rr:hit-points:\n"
                    "  - ask: Does the damage on my hero heal by itself at the end of the round?\n"
                    "    says: no\n", encoding="utf-8")
    monkeypatch.setattr(asked, "files", lambda game: [part] if game == "lotr" else [])
    index = question_index.build(kb.store)
    monkeypatch.setattr(kb, "_question_index", index, raising=False)
    question_index._unpack(index)
    return index


def test_a_question_asking_the_opposite_way_gets_no_recorded_answer(kb, keep_asked):
    """"Do they keep their damage?" and "do they lose their damage?" match at the same overlap
    but have opposite answers: the recorded yes answers only the first."""
    record = "lotr:rr:player-elimination"
    same = "Do enemies sent back to staging from an eliminated player keep their damage?"
    assert asked_verdict.answered(kb, same, record)[1] == "yes"
    for opposite in ("Do enemies sent back to staging from an eliminated player lose their damage?",
                     "Is the damage removed from enemies sent back to staging from an eliminated player?"):
        assert asked_verdict.answered(kb, opposite, record) is None, opposite
    # "the end of the round" names a time, not a side: the same question still gets its answer
    assert asked_verdict.answered(kb, "Does damage on my hero heal by itself at the end of the round?",
                                  "lotr:rr:hit-points") == (
        "Does the damage on my hero heal by itself at the end of the round?", "no")


def test_a_what_is_question_gets_the_number_recorded_for_an_asked_question_worded_like_it(kb, tmp_path, monkeypatch):
    _index_with(kb, tmp_path, monkeypatch, "What is the most cards my sentinel buddy may hold in hand?", "8 cards")
    question = "What's the most cards my sentinel buddy may hold in hand?"
    assert asked_verdict.answered(kb, question, "lotr:rr:sentinel") == (
        "What is the most cards my sentinel buddy may hold in hand?", "8 cards")
    # a question that asks no figure gets none
    assert asked_verdict.answered(kb, "Why may my sentinel buddy hold the most cards in hand?", "lotr:rr:sentinel") is None


def test_an_asked_file_that_is_not_yaml_is_an_input_error_naming_the_file_and_its_line(tmp_path, monkeypatch):
    _write(tmp_path, monkeypatch, "lotr:rr:x:\n  - ask: Can my sentinel hero block for a friend?\n"
                                  "  - ask: \"Can I do it [twice\n")
    with pytest.raises(InputError) as caught:
        asked.read("lotr")
    message = str(caught.value)
    assert "part.yaml, line " in message and "expected well-formed YAML" in message


def test_a_vocabulary_file_that_is_not_yaml_is_an_input_error_naming_the_file_and_its_line(tmp_path, monkeypatch):
    from adjudicator.ask import vocabulary

    (tmp_path / "lotr").mkdir()
    (tmp_path / "lotr" / vocabulary.FILE).write_text("phrases:\n  'chump': [block\n", encoding="utf-8")
    monkeypatch.setattr("adjudicator.paths.RULES_DB", tmp_path)
    with pytest.raises(InputError) as caught:
        vocabulary.read("lotr")
    assert f"{vocabulary.FILE}, line " in str(caught.value)


def test_an_asked_yml_file_is_read_as_the_knowledge_base_fingerprint_counts_it(tmp_path, monkeypatch):
    from adjudicator.kb.inputs import DATA_SUFFIXES

    _write(tmp_path, monkeypatch, "lotr:rr:x:\n  - ask: Can my sentinel hero block for a friend?\n")
    (tmp_path / "lotr" / "asked" / "more.yml").write_text(
        "lotr:rr:y:\n  - ask: Can I do it twice in one round?\n", encoding="utf-8")
    assert ".yml" in DATA_SUFFIXES
    assert sorted(e.record for e in asked.read("lotr")) == ["lotr:rr:x", "lotr:rr:y"]


def test_an_asked_file_that_is_not_utf_8_is_an_input_error_naming_its_line(tmp_path, monkeypatch):
    _write(tmp_path, monkeypatch, "")
    (tmp_path / "lotr" / "asked" / "part.yaml").write_bytes(b"lotr:rr:x:\n  - ask: Can my h\xe9ro block?\n")
    with pytest.raises(InputError) as caught:
        asked.read("lotr")
    assert "part.yaml, line 2: expected UTF-8 text" in str(caught.value)


def test_a_q_and_a_s_own_question_and_its_asked_questions_are_matched_apart(kb, sentinel_asked):
    """A record's own question (a Q&A's) and the asked ones are weighed apart, so that an asked
    question matching a little better cannot stand in for the Q&A's own, weighed otherwise."""
    from adjudicator.ask import question_index

    own, written, best = question_index.question_matches_by_kind(
        kb, question_index.terms_of("does a permanent stat bonus still apply when the attachment is exhausted?"))
    assert "lotr:faq:q:41" in own and "lotr:faq:q:41" not in written and best["lotr:faq:q:41"] == own["lotr:faq:q:41"]
    own, written, _ = question_index.question_matches_by_kind(
        kb, question_index.terms_of("can my hero block an orc that is attacking my buddy?"))
    assert "lotr:rr:sentinel" in written and "lotr:rr:sentinel" not in own
