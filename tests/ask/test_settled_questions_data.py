"""The players' settled questions (rules_db/<game>/settled_questions.yaml) are the tune half's
answerable questions of rounds 0-10, as written by bench/build_settled_questions.py: each entry
is its question's content words (in alphabetical order: not the sentence) and deciding records, never a held-out question, never a later
round's, never our label of the answer; every record it names is in the knowledge base."""

from __future__ import annotations

from pathlib import Path

import yaml

from adjudicator.ask import settled_questions as sq

REPO = Path(__file__).resolve().parents[2]
PLAYERS = REPO / "tests" / "eval" / "players"
THROUGH_ROUND = 10  # the last collection round the data was made from (round 11, run as unseen in session 17, did not gain when added)
FIELDS = {"id", "game", "thread", "source", "round", "words", "records"}


def _entries() -> list[dict]:
    return [item for game in sq.GAMES for item in sq.read(game)]


def _questions(half: str) -> list[dict]:
    return yaml.safe_load((PLAYERS / f"{half}.yaml").read_text(encoding="utf-8"))["questions"]


def test_every_game_has_settled_questions_with_only_the_fields_of_an_entry():
    for game in sq.GAMES:
        items = sq.read(game)
        assert items, game
        odd = [item["id"] for item in items if set(item) != FIELDS or item["game"] != game]
        assert odd == []  # no `settled`, `verdict` or `says`: our label of the answer is no document


def test_no_settled_entry_is_a_held_out_question():
    # the held-out half is read here only to compare; nothing of it is printed (the messages name tune ids)
    held = _questions("heldout")
    held_ids = {q["id"] for q in held}
    held_words = {tuple(sorted(sq.content_words(q["q"]))) for q in held}
    same_id = [item["id"] for item in _entries() if item["id"] in held_ids]
    same_words = [item["id"] for item in _entries() if tuple(item["words"]) in held_words]
    assert (len(same_id), len(same_words)) == (0, 0), ("tune entries clashing with held-out questions", same_id,
                                                       same_words)


def test_each_entry_is_its_tune_question_words_and_deciding_records():
    tune = {q["id"]: q for q in _questions("tune")}
    wrong = []
    for item in _entries():
        q = tune.get(item["id"])
        if q is None or not q["answerable"] or q.get("round", 0) > THROUGH_ROUND or q["game"] != item["game"] \
                or item["round"] != q.get("round", 0) or item["source"] != q["source"] \
                or item["thread"] != sq.thread_key(q["source"]) or item["words"] != sorted(sq.content_words(q["q"])) \
                or item["records"] != list(dict.fromkeys(d["id"] for d in q["deciding"])):
            wrong.append(item["id"])
    assert wrong == []


def test_every_answerable_tune_question_through_the_last_round_has_its_entry_and_no_later_one():
    held = {item["id"] for item in _entries()}
    expected = {q["id"] for q in _questions("tune")
                if q["answerable"] and q.get("round", 0) <= THROUGH_ROUND and q["deciding"]}
    assert sorted(expected - held) == [] and sorted(held - expected) == []


def test_every_record_a_settled_question_names_is_in_the_knowledge_base(kb):
    ids = {item_id for item in _entries() for item_id in item["records"]}
    missing = sorted(rid for rid in ids if kb.store.get(rid) is None)
    assert missing == []
