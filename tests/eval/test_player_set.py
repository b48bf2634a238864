"""The real-player question set (tests/eval/players/) is sound: this checks the set, not
how well `ask` scores on it (bench/eval_players.py prints that)."""

from __future__ import annotations

import hashlib
import re
import sys
from collections import Counter
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parents[2]
PLAYERS = REPO / "tests" / "eval" / "players"
sys.path.insert(0, str(REPO / "bench"))

from eval_players import NUMBER, half_of, load  # noqa: E402

GAMES = {"lotr": "lotr-", "metw": "metw-", "meq": "meq-"}
# The size of the set when it was collected (README.md says where each came from); questions
# may be added, never silently dropped.
AT_LEAST = {"lotr": 2499, "metw": 38, "meq": 10}
FIELDS = {"id", "game", "q", "source", "settled", "verdict", "answerable", "deciding"}
# Rounds from the seventh on mark their questions with `round` (the first six rounds' carry none),
# so a round's questions can be scored apart (`bench/eval_players.py --round N`).
FIRST_MARKED_ROUND = 7
# `says` holds a few words from the deciding record's lines, the words that carry the answer, not the
# record's whole sentence: two thirds of the phrases were within 10 words when the cap was set (session 15).
SAYS_MAX_WORDS = 10


def _half(name: str) -> list[dict]:
    data = yaml.safe_load((PLAYERS / f"{name}.yaml").read_text(encoding="utf-8"))
    assert data["half"] == name
    return data["questions"]


TUNE, HELDOUT = _half("tune"), _half("heldout")
ALL = TUNE + HELDOUT


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text.lower().replace("\u2019", "'").replace("\u201c", '"').replace("\u201d", '"')).strip()


def test_each_game_has_its_questions_in_both_halves():
    counts = Counter(q["game"] for q in ALL)
    assert set(counts) == set(GAMES)
    for game, floor in AT_LEAST.items():
        assert counts[game] >= floor, f"{game}: {counts[game]} questions, the set had {floor}"
        assert any(q["game"] == game for q in TUNE) and any(q["game"] == game for q in HELDOUT)


def test_every_question_has_the_required_fields():
    for q in ALL:
        assert FIELDS <= set(q), f"{q.get('id')}: missing {FIELDS - set(q)}"
        assert q["game"] in GAMES and q["id"].startswith(GAMES[q["game"]]), q["id"]
        assert q["q"].strip() and q["settled"].strip()
        assert q["source"].startswith(("http://", "https://")), q["id"]
        assert isinstance(q["answerable"], bool), q["id"]
        if q["answerable"]:
            assert q["deciding"], f"{q['id']}: an answerable question names the records that settle it"
        else:
            assert q.get("why", "").strip(), f"{q['id']}: say why the documents cannot answer it"


def test_a_marked_collection_round_is_a_whole_number_and_selects_exactly_its_questions():
    rounds = Counter(q["round"] for q in ALL if "round" in q)
    for number in rounds:
        assert isinstance(number, int) and not isinstance(number, bool) and number >= FIRST_MARKED_ROUND, number
    for number, count in rounds.items():
        chosen = load("all", number)
        assert len(chosen) == count and all(q["round"] == number for q in chosen)
        assert {q["id"] for q in load("tune", number)} | {q["id"] for q in load("heldout", number)} == {q["id"] for q in chosen}
    assert load("all", FIRST_MARKED_ROUND - 1) == []
    # round 0 is the set before the seventh round: the questions without the field
    unmarked = [q["id"] for q in ALL if "round" not in q]
    assert [q["id"] for q in load("all", 0)] == unmarked and len(unmarked) + sum(rounds.values()) == len(ALL)


def test_a_round_left_out_drops_exactly_its_questions_and_keeps_the_others_in_order():
    # an unseen round (the last one collected) is left out of the tune half by whoever tunes `ask`
    last = max(q["round"] for q in ALL if "round" in q)
    kept = load("tune", leave_out=(last,))
    everything = load("tune")
    assert [q["id"] for q in kept] == [q["id"] for q in everything if q.get("round", 0) != last]
    assert len(kept) < len(everything) and all(q.get("round", 0) != last for q in kept)
    # two rounds left out, one of them the unmarked first six rounds' (round 0)
    both = load("all", leave_out=(0, last))
    assert {q["id"] for q in both} == {q["id"] for q in ALL if q.get("round", 0) not in (0, last)}


def test_verdicts_are_yes_no_a_number_with_its_unit_or_key_words():
    for q in ALL:
        v = q["verdict"]
        if isinstance(v, list):
            assert v and all(isinstance(w, str) and w.strip() for w in v), q["id"]
        else:
            assert v in ("yes", "no") or NUMBER.match(str(v)), f"{q['id']}: verdict {v!r}"


def test_no_question_is_in_both_halves_or_twice():
    ids = [q["id"] for q in ALL]
    assert len(ids) == len(set(ids)), [i for i, n in Counter(ids).items() if n > 1]
    texts = [_norm(q["q"]) for q in ALL]
    assert len(texts) == len(set(texts)), [t for t, n in Counter(texts).items() if n > 1]
    assert not {q["id"] for q in TUNE} & {q["id"] for q in HELDOUT}


def test_each_question_sits_in_the_half_its_id_hash_decides():
    for name, questions in (("tune", TUNE), ("heldout", HELDOUT)):
        for q in questions:
            assert half_of(q["id"]) == name, f"{q['id']} belongs in {half_of(q['id'])}.yaml"
    # the rule itself: the parity of the id's sha256
    assert half_of("x") == ("heldout" if int(hashlib.sha256(b"x").hexdigest(), 16) % 2 == 0 else "tune")


@pytest.fixture(scope="module")
def records(sources_dir):
    from adjudicator.kb.build import parse_sources

    return {r.id: r for r in parse_sources(sources_dir)}


def test_deciding_records_exist_and_their_lines_say_what_settles_the_question(records, source_docs):
    for q in ALL:
        for d in q["deciding"]:
            where = f"{q['id']} -> {d['id']}"
            record = records.get(d["id"])
            assert record is not None, f"{where}: no such record"
            assert record.span.doc == d["doc"], f"{where}: the record is in {record.span.doc}"
            lines = source_docs[d["doc"]].lines
            start, end = d["lines"]
            assert 1 <= start <= end <= len(lines), f"{where}: lines {start}-{end} outside the document"
            assert start <= record.span.end and record.span.start <= end, (
                f"{where}: lines {start}-{end} do not overlap the record's {record.span.start}-{record.span.end}")
            text = _norm(" ".join(lines[start - 1:end]))
            assert d["says"], f"{where}: name the words that settle it"
            for words in d["says"]:
                assert _norm(words) in text, f"{where}: {words!r} not in lines {start}-{end}"


def test_says_phrases_are_a_few_words_not_whole_sentences():
    for q in ALL:
        for d in q["deciding"]:
            for words in d["says"]:
                assert len(words.split()) <= SAYS_MAX_WORDS, (
                    f"{q['id']} -> {d['id']}: {len(words.split())} words; keep the {SAYS_MAX_WORDS} or fewer that carry the answer")
