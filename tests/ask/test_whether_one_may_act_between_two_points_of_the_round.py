"""Whether a player may act between two points of the round is read from the round sequence
chart as values (``ask/timing_verdicts.py``): the chart prints an action window after some
framework steps and not after others, actions are initiated only in a window, so an act between
two steps is possible exactly when a window is printed from the first up to the second; the
parts of one step (the cards revealed during staging) have none between them; two attacks of
the enemy attack sub-flow have its last and first windows between them.  A response or a
forced effect is timed by its own trigger, not by a window: no yes or no is read for it.
The questions are our own; the documents are the real ones (the knowledge base's chart)."""

from __future__ import annotations

import re

import pytest

from adjudicator.ask.timing_verdicts import OURS, READING, card_timing, may_ask, timing_verdict
from adjudicator.ask.verdicts import SHOWN_READINGS

pytestmark = pytest.mark.usefixtures("all_games_env")


def read(kb, question: str):
    from adjudicator.ask.game_detection import linker_for

    return timing_verdict(kb, question, linker_for(kb).link(question, "lotr"))


def cited(text: str) -> list[tuple[str, int, int]]:
    return [(rid, int(a), int(b)) for rid, a, b in re.findall(r"\((lotr:rr:[a-z0-9.:-]+), lotr-rr L(\d+)–L(\d+)\)", text)]


def test_an_action_window_follows_staging_as_a_whole_not_between_its_cards(kb):
    found = read(kb, "During staging, can I squeeze in an event between the two encounter cards we reveal?")
    assert found is not None and found.kind == "no"
    assert "3.3 Staging" in found.text
    assert [rid for rid, _, _ in cited(found.text)] == ["lotr:rr:step:3.3", "lotr:rr:window:3.3"]
    assert read(kb, "Is there an action window between revealed cards in the staging step?").kind == "no"


def test_players_may_act_between_committing_characters_and_staging(kb):
    found = read(kb, "Can I play an event between commit and staging to boost a quester?")
    assert found is not None and found.kind == "yes"
    assert [rid for rid, _, _ in cited(found.text)] == ["lotr:rr:window:3.2"]


def test_the_order_the_two_steps_are_named_in_does_not_matter(kb):
    assert read(kb, "Is there an action window between quest resolution and staging?").kind == "yes"


def test_players_may_act_after_the_defender_is_declared_and_before_the_shadow_effect(kb):
    found = read(kb, "Can I play an action after declare defender but before the shadow effect is resolved?")
    assert found is not None and found.kind == "yes"
    assert [rid for rid, _, _ in cited(found.text)] == ["lotr:rr:window:6.4.1"]


def test_no_action_window_between_the_end_of_combat_and_readying(kb):
    found = read(kb, "Could we use an action between the end of the combat phase and ready cards?")
    assert found is not None and found.kind == "no"
    assert "6.11" in found.text and "7.2" in found.text
    assert [rid for rid, _, _ in cited(found.text)] == ["lotr:rr:flow:round-sequence"]


def test_a_point_named_before_a_window_question_in_the_sentence_that_sets_it(kb):
    found = read(kb, "My friend wants to play an event after the \"end of the combat phase\" but before ready cards. "
                     "Is there such a window?")
    assert found is not None and found.kind == "no"


def test_players_may_act_between_two_enemy_attacks(kb):
    found = read(kb, "In combat, can we play events between enemy attacks?")
    assert found is not None and found.kind == "yes"
    assert [rid for rid, _, _ in cited(found.text)] == ["lotr:rr:window:6.4.3", "lotr:rr:window:6.4b"]


def test_a_card_whose_abilities_are_plain_actions_is_timed_by_the_windows(kb):
    assert card_timing().get("unexpected courage") == [["action", "", ""]]
    assert read(kb, "Can I ready my hero between enemies with Unexpected Courage?").kind == "yes"


def test_a_response_is_timed_by_its_own_trigger_not_by_a_window(kb):
    assert read(kb, "Can I respond between two cards revealed in staging?") is None
    assert read(kb, "Can I use Eleanor between staging and quest resolution?") is None  # her ability is a response
    assert read(kb, "Does a forced effect happen between commit and staging?") is None


def test_ask_says_that_a_response_s_own_text_decides(ask_cli):
    code, answer = ask_cli("Can I use Eleanor between staging and quest resolution?")
    assert code == 0 and answer["verdict"]["kind"] not in ("yes", "no")
    assert any("(lotr:rr:response, lotr-rr L" in note for note in answer["notes"])
    code, answer = ask_cli("Can I use Eleanor to cancel a treachery between my two turns?")  # no points of the round
    assert not any("lotr:rr:response," in note for note in answer["notes"])


def test_an_action_restricted_to_a_phase_or_a_window_gets_no_chart_reading(kb):
    assert read(kb, "Can I play Feint between staging and quest resolution?") is None  # a combat action


def test_no_reading_without_two_points_of_the_round(kb):
    assert read(kb, "Can we split archery damage between players?") is None
    assert read(kb, "Is there a difference between me engaging an enemy and an enemy engaging me?") is None
    assert read(kb, "Can I play an action between the planning phase and the quest phase?") is None
    assert read(kb, "Is there an action window between two goblin raids?") is None


def test_a_question_asked_in_the_negative_is_not_read(kb):
    assert read(kb, "Is there no action window between commit and staging?") is None


def test_the_windows_cited_hold_the_steps_they_are_said_between(kb):
    found = read(kb, "Can I play an event between commit and staging to boost a quester?")
    for rid, start, end in cited(found.text):
        record = kb.store.get(rid)
        assert (record.span.start, record.span.end) == (start, end)
        assert "3.2" in record.text and "3.3" in record.text


def test_ask_opens_with_the_chart_reading_labelled_as_adjudicator_s(ask_cli):
    code, answer = ask_cli("Is there an action window between the cards revealed during staging?")
    assert code == 0 and answer["game"] == "lotr"
    verdict = answer["verdict"]
    assert verdict["kind"] == "no" and verdict["basis"] == "inferred" and verdict["reading"] == READING
    assert verdict["text"].startswith(f"No ({OURS}): ")
    assert READING in SHOWN_READINGS  # counted as shown (bench/eval_inferred_verdicts.py)


def test_only_a_question_holding_the_words_of_these_forms_is_read():
    from adjudicator.ask.answer import TIMING_WORDS

    for question in ("Can I act between commit and staging?", "after commit but before staging?"):
        assert may_ask(question) and TIMING_WORDS.search(question)
    for question in ("Can I play an event after the shadow cards are dealt?", "How many cards are revealed?"):
        assert not may_ask(question) and not TIMING_WORDS.search(question)


def test_a_phase_that_starts_or_finishes_is_the_charts_phase_that_begins_or_ends(kb):
    # players say "starts" and "finishes" for the chart's "begins" and "ends"
    found = read(kb, "May I use an action after the quest phase has started but before committing characters?")
    assert found is not None and found.kind == "yes"
    assert [rid for rid, _, _ in cited(found.text)] == ["lotr:rr:window:3.1"]
    found = read(kb, "Is there a window after the refresh phase finishes but before the round ends?")
    assert found is not None and found.kind == "no" and "7.5" in found.text and "0.1" in found.text
    assert read(kb, "Is there an action window between the start of the combat phase and dealing shadow "
                    "cards?").kind == "no"
