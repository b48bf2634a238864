"""How bench/eval_players.py scores a verdict against the settled answer: a yes or a no by
its polarity, a number by its value and unit, key words by their presence in a deciding record's text; a yes, no or
number that disagrees is a wrong verdict shown to the player, the deciding sentence shown as
it is never is; and what was shown is told apart by kind and basis."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from eval_players import _shown, holds_says, score, summarise, verdict_right, wrong_verdict  # noqa: E402


def test_a_yes_no_verdict_is_right_by_its_polarity_and_wrong_when_it_disagrees():
    said = {"kind": "no", "value": "no", "text": "No: goblins may not sleep.", "basis": "inferred"}
    assert verdict_right("no", said) and not wrong_verdict("no", said)
    assert not verdict_right("yes", said) and wrong_verdict("yes", said)


def test_the_deciding_sentence_shown_as_it_is_is_never_a_wrong_verdict():
    sentence = {"kind": "text", "value": "Goblins sleep by day.", "text": "Goblins sleep by day.", "basis": "stated"}
    assert not wrong_verdict("yes", sentence) and not verdict_right("yes", sentence)
    assert verdict_right(["by day"], sentence)


def test_a_number_needs_its_value_and_its_unit():
    said = {"kind": "number", "value": 3, "text": "3 threat: raise it by 3.", "basis": "stated"}
    assert verdict_right("3 threat", said) and not verdict_right("3 damage", said)
    assert wrong_verdict("4 threat", said)


def test_what_was_shown_is_named_by_kind_and_basis():
    assert _shown(None) == "none"
    assert _shown({"kind": "text", "text": "x"}) == "sentence"
    assert _shown({"kind": "yes", "basis": "inferred"}) == "yes/no inferred"
    assert _shown({"kind": "number", "basis": "stated"}) == "number stated"


def test_the_sentence_figure_holds_a_says_phrase_whole_ignoring_case_spacing_and_punctuation():
    deciding = [{"id": "x:goblins", "says": ["sleep by  day", "owner's den"]}]
    assert holds_says("Goblins SLEEP, by day.", deciding)
    assert holds_says("Back to the owner\u2019s den it goes.", deciding)
    assert not holds_says("Goblins sleep at night; by day they hunt.", deciding)  # not whole
    assert not holds_says("", deciding)


def _question(says: list[str], answerable: bool = True) -> dict:
    return {"id": "lotr-goblins", "game": "lotr", "answerable": answerable, "verdict": "no",
            "deciding": [{"id": "lotr:rr:goblins", "doc": "lotr-rr", "lines": [10, 12], "says": says}]}


def _answer(best_id: str, text: str) -> dict:
    best = {"id": best_id, "source": "lotr-rr", "lines": [100, 101]}
    return {"game": "lotr", "best": best, "supporting": [],
            "verdict": {"kind": "text", "value": text, "text": text, "basis": "stated"}}


def test_the_sentence_figure_counts_only_top_1_hits_of_answerable_questions():
    held = score(_question(["sleep by day"]), _answer("lotr:rr:goblins", "Goblins sleep by day."), {})
    missed = score(_question(["sleep by day"]), _answer("lotr:rr:goblins", "Goblins hunt at dusk."), {})
    other_record = score(_question(["sleep by day"]), _answer("lotr:rr:trolls", "Goblins sleep by day."), {})
    unanswerable = score(_question(["sleep by day"], False), _answer("lotr:rr:goblins", "Goblins sleep by day."), {})
    assert (held["sentence"], missed["sentence"], other_record["sentence"], unanswerable["sentence"]) == (
        True, False, None, None)
    figures = summarise([held, missed, other_record])
    assert (figures["sentence"], figures["sentence_held"], figures["sentence_n"]) == (0.5, 1, 2)
    assert summarise([other_record])["sentence"] is None


def test_a_unit_ending_in_a_double_s_keeps_it_prowess_is_not_a_plural():
    said = {"kind": "number", "value": -2, "text": "-2 prowess: the strike is modified.", "basis": "stated"}
    assert verdict_right("-2 prowess", said)
    assert verdict_right("2 cards", {"kind": "number", "value": 2, "text": "2 card: draw them", "basis": "stated"})


def test_a_text_verdict_is_a_yes_or_a_no_only_when_the_word_stands_alone():
    def sentence(text):
        return {"kind": "text", "value": text, "text": text, "basis": "stated"}

    assert verdict_right("no", sentence("No. The attack is resolved once."))
    assert verdict_right("yes", sentence("Yes, after the shadow cards are dealt."))
    assert not verdict_right("no", sentence("No more than three copies of a card by title."))
    assert not verdict_right("yes", sentence("Yesterday's rule"))
    assert not wrong_verdict("yes", sentence("No more than three copies of a card by title."))


def test_key_words_count_only_when_the_first_record_cited_decides_the_question():
    question = dict(_question(["sleep by day"]), verdict=["by day"])
    deciding_first = score(question, _answer("lotr:rr:goblins", "Goblins sleep by day."), {})
    other_first = score(question, _answer("lotr:rr:trolls", "Trolls turn to stone by day."), {})
    assert deciding_first["verdict"] and deciding_first["verdict_loose"]
    assert not other_first["verdict"] and other_first["verdict_loose"]  # the words matched by chance
    figures = summarise([deciding_first, other_first])
    assert (figures["verdict"], figures["verdict_loose"]) == (0.5, 1.0)


def test_a_yes_or_no_from_a_record_that_does_not_decide_still_counts_by_its_polarity():
    said = _answer("lotr:rr:trolls", "No.")
    said["verdict"] = {"kind": "no", "value": "no", "text": "No: goblins may not sleep.", "basis": "engine"}
    scored = score(_question(["sleep by day"]), said, {})
    assert scored["verdict"] and not scored["top1"]
