"""Which sentence of the top record `ask` shows as the answer (issue 11): the one about what the
player asks, not about the scene they set or the rule they say they already read; an example
shown with the rule it illustrates."""

from __future__ import annotations

from adjudicator.ask.deciding_sentence import deciding_sentence
from adjudicator.ask.question_form import asking_sentence
from invented_records import invented_record as record, weigh_by


def test_an_example_is_shown_with_the_rule_it_illustrates():
    rules = record("A goblin carrying a lantern may spot a hidden sentry. "
                   "For example, Grishnakh carries a lantern, so he can spot the sentry by the gate at night.")
    question = "Can Grishnakh spot the sentry by the gate at night?"
    shown, _ = deciding_sentence(rules, weigh_by(question), question)
    assert shown.startswith("A goblin carrying a lantern may spot") and "Grishnakh" in shown


def test_a_chain_of_sentences_leaning_back_is_shown_from_the_rule_they_lean_on():
    rules = record("Trolls turn to stone at dawn. For example, a troll caught in daylight is removed. "
                   "Similarly, a troll at the gate at sunrise is removed.")
    question = "Is the troll at the gate at sunrise removed?"
    shown, _ = deciding_sentence(rules, weigh_by(question), question)
    assert shown.startswith("Trolls turn to stone at dawn.") and shown.endswith("sunrise is removed.")


def test_the_asking_sentence_is_the_question_not_the_scene_before_it_or_the_remark_after_it():
    assert asking_sentence("I had two goblins. Can both hide? I read only the sentry rule.") == "Can both hide?"
    assert asking_sentence("What if a goblin sleeps? Does the sentry see him?") == "Does the sentry see him?"
    assert asking_sentence("I had two goblins. Surely both may hide.") == "Surely both may hide."


def test_words_the_player_says_they_already_read_count_less_than_the_words_they_ask_about(kb):
    from adjudicator.ask.answer import OUTSIDE, _weigher

    asks_ally = "Can the ally defend? I only found the rule on attachments."
    asks_attachment = "Can attachments defend? I only found the rule on allies."
    about_attachments = "Attachments are discarded."
    read_only = _weigher(kb, asks_ally, asks_ally)(about_attachments)
    asked = _weigher(kb, asks_attachment, asks_attachment)(about_attachments)
    assert 0 < read_only <= OUTSIDE * asked + 1e-9


def test_the_sentence_shown_is_about_what_the_player_asks_not_what_they_say_they_read(kb):
    from adjudicator.ask.answer import ask

    # metw:starter:10:allies says both how a character plays an ally and what an ally with a
    # skill may do; the player asks the second and mentions having read the first
    answer = ask(kb, "May an ally that is a sage play a card needing a sage? The rules I read only say a "
                     "character taps to play an item or an ally.", game="metw")
    assert answer.best.id == "metw:starter:10:allies"
    assert "skill" in answer.verdict.text.lower() and "site" not in answer.verdict.text.lower()


def test_the_sentence_shown_is_the_one_about_the_case_the_player_asks():
    rules = record("If the lamp goes dark, the goblins stay where they are. "
                   "When the troll wakes, the goblins flee from the sentry and sound the horn.")
    question = "When the lamp goes dark, do the goblins flee from the sentry and sound the horn?"
    shown, _ = deciding_sentence(rules, weigh_by(question), question)
    assert shown.startswith("If the lamp goes dark")


def test_a_question_that_states_no_case_is_answered_by_the_words_it_shares():
    rules = record("If the lamp goes dark, the goblins stay where they are. "
                   "When the troll wakes, the goblins flee from the sentry and sound the horn.")
    question = "Do the goblins flee from the sentry and sound the horn?"
    shown, _ = deciding_sentence(rules, weigh_by(question), question)
    assert shown.startswith("When the troll wakes")


def test_a_label_is_never_shown_as_the_answer():
    rules = record("Example: (GP = goblin points, TP = troll points)",
                   "A goblin that stirs a troll gives up 2 points.")
    question = "Does a goblin lose points when a troll wakes?"
    shown, _ = deciding_sentence(rules, weigh_by(question), question)
    assert shown.startswith("A goblin that stirs")


def test_figures_added_up_are_not_a_tie():
    from adjudicator.ask.question_form import is_tie

    assert not is_tie("If my troll dies, do I lose his 2 points + the 2 points on his card?")
    assert is_tie("My goblins have 2 points and the trolls have 2 points: who wins?")
    assert is_tie("The score is 3 against 3 plus nothing else, who wins?")


def test_a_statement_in_brackets_quoted_card_text_and_a_named_value_are_not_labels():
    from adjudicator.ask.deciding_sentence import _label

    assert _label("Key: (GP = goblin points, TP = troll points)")
    assert not _label("(Goblins may cross any bridge while the troll sleeps.)")
    assert not _label('Now reads: "(Limit once per feast.)"')
    assert not _label("Troll rating (6)")
    assert not _label("No.")
    errata = record('Now reads: "(Limit once per feast.)"')
    question = "Can my goblin feast twice?"
    shown, _ = deciding_sentence(errata, weigh_by(question), question)
    assert shown == 'Now reads: "(Limit once per feast.)"'  # the document's words, not our summary
