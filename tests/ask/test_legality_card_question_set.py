"""The card-naming legality questions (tests/eval/cards/questions.yaml): well formed, split by the
fixed rule, and no engine verdict on the build half that contradicts the hand-worked answer (the
report half is left to `python bench/eval_card_questions.py --half report`)."""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[2]
SET = REPO / "tests" / "eval" / "cards" / "questions.yaml"


def _questions() -> list[dict]:
    return yaml.safe_load(SET.read_text(encoding="utf-8"))["questions"]


def _half(qid: str) -> str:
    return "report" if int(hashlib.sha256(qid.encode()).hexdigest(), 16) % 2 == 0 else "build"


def test_each_card_question_has_an_id_a_game_a_yes_or_no_and_the_reason():
    items = _questions()
    assert len(items) >= 30 and len({q["id"] for q in items}) == len(items)
    for q in items:
        assert q["game"] in ("lotr", "metw", "meq") and q["id"].startswith(q["game"] + "-"), q["id"]
        assert q["verdict"] in ("yes", "no") and q["q"].strip() and q["why"].strip(), q["id"]


def test_the_halves_are_fixed_by_the_sha256_of_the_id():
    sys.path.insert(0, str(REPO / "bench"))
    try:
        import eval_card_questions as bench
    finally:
        sys.path.pop(0)
    items = _questions()
    assert all(bench.half_of(q["id"]) == _half(q["id"]) for q in items)
    assert {_half(q["id"]) for q in items} == {"build", "report"}


def test_no_card_question_of_the_build_half_gets_a_wrong_engine_verdict(module_cache):
    from adjudicator.ask import legality_questions as L

    answered = 0
    for q in _questions():
        if _half(q["id"]) != "build":
            continue
        verdict = L.engine_verdict(q["q"], q["game"])
        if verdict is not None:
            answered += 1
            assert verdict.kind == q["verdict"], (q["id"], verdict.text)
            assert not q.get("card_text"), (q["id"], "a question the card's own ability decides got an engine verdict")
    assert answered >= 10
