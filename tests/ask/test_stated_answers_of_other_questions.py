"""A Q&A's stated "Yes"/"No" is the player's answer only when that Q&A asks what the player
asks (issue 11, reviewer's finding): a Q&A whose question puts a case of its own ("... if it is
immune to player card effects?") answers that case, so a player asking without it gets the
Q&A's sentence under its own question, not its "No" as the verdict."""

from __future__ import annotations

from adjudicator.ask.verdicts import settled, verdict
from adjudicator.kb.records import Block, Record, Span
from invented_records import weigh_by


def qa(question: str, answer: str) -> Record:
    return Record(id="lotr:faq:q:999", game="lotr", kind="qa", title=question, span=Span("lotr-faq", 1, 3),
                  blocks=[Block(question, style="question"), Block(answer)])


ASLEEP = qa("Can a goblin throw a spear at a troll in the cave if the troll is asleep under a blanket?", "No. Never.")


def test_a_q_and_a_whose_question_puts_a_case_the_player_does_not_ask_gives_no_yes_or_no():
    question = "Can a goblin throw a spear at a troll in the cave?"
    v = verdict(question, ASLEEP, "No. Never.", weigh_by(question))
    assert v is not None and v.kind == "text" and not v.text.lower().startswith("no")


def test_a_bare_answer_to_another_question_is_no_first_line():
    """ "No. Never." has no reason to show without its "No", and a player mid-game reads it as
    "No" whatever is said around it (review 11, 4): ``verdict`` marks it as said of the Q&A's own
    question, and the player is shown no verdict line from it (``settled``: none; `ask` puts a
    cited record that speaks to the question first when there is one)."""
    question = "Can a goblin throw a spear at a troll in the cave?"
    v = verdict(question, ASLEEP, "No. Never.", weigh_by(question))
    assert v.text == "Said of its own question (below), not quite yours: No. Never."
    assert settled(question, ASLEEP, "No. Never.", weigh_by(question)) is None


def test_a_bare_no_of_another_question_never_opens_the_answer(ask_cli, cli):
    code, answer = ask_cli("Can an enemy in the staging area attack?")
    assert code == 0 and answer["best"]["sentence"] != "No. None."
    assert answer["verdict"] is None or not answer["verdict"]["text"].startswith(("No. None", "Said of"))
    code, out, _ = cli("ask", "Can an enemy in the staging area attack?")
    assert code == 0 and not out.splitlines()[1].startswith(("No. None", "Said of"))


def test_a_q_and_a_asked_with_its_own_case_gives_its_yes_or_no():
    question = "Can my goblin throw a spear at a troll in the cave if the troll is asleep under a blanket?"
    v = verdict(question, ASLEEP, "No. Never.", weigh_by(question))
    assert v is not None and v.kind == "no"


def test_a_q_and_a_about_another_case_keeps_its_reason_without_its_yes_or_no():
    record = qa("Can a goblin throw a spear at a troll in the cave if the troll is asleep under a blanket?",
                "No. A sleeping troll cannot be targeted by goblins.")
    question = "Can a goblin throw a spear at a troll in the cave?"
    v = verdict(question, record, "No. A sleeping troll cannot be targeted by goblins.", weigh_by(question))
    assert v.kind == "text" and v.text == "A sleeping troll cannot be targeted by goblins."


def test_attacking_an_enemy_in_the_staging_area_does_not_borrow_the_no_of_the_immune_enemy_q_and_a(ask_cli, cli):
    code, answer = ask_cli("Can I attack an enemy in the staging area?")
    assert code == 0
    if answer["best"]["id"] == "lotr:faq:q:89":  # the Q&A about enemies immune to player card effects
        # no yes or no borrowed from it; the engine's own No (check refuses an attack on an enemy
        # in the staging area: legality_questions) is not borrowed
        assert answer["verdict"] is None or answer["verdict"]["kind"] == "text" or answer["verdict"]["basis"] == "engine"
    assert answer["verdict"] is None or not answer["verdict"]["text"].startswith("No. None")
    code, out, _ = cli("ask", "Can I attack an enemy in the staging area?")
    lines = out.splitlines()
    assert code == 0 and not lines[1].startswith("No. None")  # the line after "Game: ..." is not Q89's "No. None."


def test_the_immune_enemy_q_and_a_still_says_no_when_asked_its_own_question(ask_cli):
    code, answer = ask_cli("Can any player card let me attack an enemy in the staging area if it is immune to player card effects?")
    assert code == 0 and answer["best"]["id"] == "lotr:faq:q:89" and answer["verdict"]["kind"] == "no"


def test_the_case_a_q_and_a_opens_on_sets_the_scene_and_does_not_withhold_its_yes_or_no():
    # FAQ questions open on their case ("If ..., can ...?"), which players put in their own
    # words: only a case the question narrows its asking to, after it, must be held
    record = qa("If a sleepy troll guards the cave entrance, can a goblin throw a spear at the troll?", "No. Never.")
    question = "Can my goblin throw a spear at the troll by the cave?"
    v = verdict(question, record, "No. Never.", weigh_by(question))
    assert v is not None and v.kind == "no"


def test_a_how_many_question_is_answered_only_by_a_figure_of_what_it_counts(ask_cli):
    """ "How many monsters can be in one location?": the rule says there is no limit, in a
    sentence that names "a single location"; that 1 counts locations, not monsters, so it is not
    the answer's figure (review 10), and the sentence is shown as it is."""
    _, answer = ask_cli("How many monsters can be in one location?")
    v = answer["verdict"]
    assert v is not None and v["kind"] != "number"
    _, answer = ask_cli("How much damage does a hero take from an undefended attack?")
    assert answer["verdict"]["kind"] != "number"  # "a single hero" counts heroes, not damage
