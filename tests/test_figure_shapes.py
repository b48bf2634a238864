"""How a figure is said decides whether it answers a how-many question and how it is shown
(``figure_shapes``; session 13: a reviewer's fresh questions were opened with a rate as a
total, a partitive as a count, a minimum as an exact figure, another case's figure and a worked
example's inputs).  The sentences here are invented, in the shapes the rules documents use."""

from __future__ import annotations

from adjudicator.ask.figure_answers import _counted, _number


def shown(sentence: str, question: str) -> str | None:
    found = _number(sentence, question, named=True)
    return None if found is None else _counted(*found)


def test_a_figure_for_each_of_something_is_a_rate_shown_with_its_unit():
    # "per X" after the figure, "to each of their X" after it, or the clause's subject "each X"
    assert shown("The vault releases one gem per warden.", "how many gems does the vault release?") == \
        "1 gem per warden"
    assert shown("Each warden simultaneously takes 2 gems.", "how many gems are taken?") == "2 gems per warden"
    assert shown("Each warden places 1 rune on each of their towers.", "how many runes are placed?") == \
        "1 rune per tower"
    assert shown("During the vigil, each lamp keeper may light one lamp.", "how many lamps can be lit?") == \
        "1 lamp per lamp keeper"
    # "each of the three towers" names the towers counted, it gives no rate
    assert shown("Each of the three towers has its own bell.", "how many towers are there?") == "3 towers"
    # the rate's noun phrase, not its first word: "for each separate gate", "to each engaged troll"
    assert shown("Reveal 1 additional rune card for each separate gate.", "how many rune cards are revealed?") == \
        "1 rune card per separate gate"
    assert shown("The wardens deal 1 lore card to each engaged troll.", "how many lore cards are dealt?") == \
        "1 lore card per engaged troll"
    # "which of the three towers": the figure counts the towers named, it is no rate of the subject's
    assert shown("Each lamp card shows which of the three towers it lights.", "how many towers are there?") == \
        "3 towers"
    # a figure said of no "each" is shown as it is
    assert shown("The warden takes two turns.", "how many turns does the warden take?") == "2 turns"


def test_a_bound_is_shown_as_a_bound_and_a_minimum_of_one_is_no_count():
    assert shown("A warden's satchel must hold a minimum of 30 runes.", "how many runes does a satchel need?") == \
        "at least 30 runes"
    assert shown("A satchel can only hold up to 3 copies of any rune.", "how many copies can a satchel hold?") == \
        "up to 3 copies"
    assert shown("Each tower cannot have more than 2 bells.", "how many bells can a tower have?") == \
        "at most 2 bells per tower"
    assert shown("The wardens win if they hold 4 or more gems.", "how many gems do the wardens need?") == \
        "at least 4 gems"
    # "at least one", "one or more": that there is some, not how many
    assert shown("The warden draws the number of runes the tower shows (at least one rune must be drawn).",
                 "how many runes does the warden draw?") is None
    assert shown("A lamp that is lit has gained one or more flames.", "how many flames does a lamp gain?") is None


def test_one_of_the_things_is_not_a_count_of_them():
    # one picked of several is not how many there are
    assert shown("If a third bell is hung in a tower, one of the bells must be removed.",
                 "how many bells can a tower have?") is None
    assert shown("Each warden plays one of the five towers.", "how many towers are there?") is None
    # "two of his wardens begin in play" counts them: only "one of" picks
    assert shown("Two of his wardens begin in play at the start.", "how many wardens are in play at the start?") == \
        "2 wardens"
    # ... unless the question asks of that picking (its verb is the figure's clause's)
    assert shown("He draws three runes and keeps one of the drawn runes.", "how many runes does he keep?") == "1 rune"


def test_a_figure_of_a_case_the_question_does_not_state_is_not_its_answer():
    from adjudicator.ask.figure_shapes import another_case
    from tests.invented_records import invented_record

    # a place: "in play" is not "in my satchel's deck"
    assert shown("The wardens may have only one copy of each unique rune, by title, in play.",
                 "how many copies of a unique rune can be in my deck?") is None
    assert shown("The wardens may have only one copy of each unique rune, by title, in play.",
                 "how many copies of a unique rune can be in play?") == "1 copy"
    # a phase: a record of the vigil phase does not say what happens during setup
    record = invented_record("Each warden lights 1 lamp on each of their towers.")
    record.path = ["Rulebook", "Vigil Phase"]
    assert another_case("how many lamps are lit during setup?", record, record.blocks[0].text)
    assert not another_case("how many lamps are lit during the vigil phase?", record, record.blocks[0].text)
    # a way of playing the sentence names and the question does not
    assert another_case("how many gems does a warden start with?", record,
                        "To play in Easy Mode, each warden starts with 1 gem.")
    assert not another_case("how many gems does a warden start with in easy mode?", record,
                            "To play in Easy Mode, each warden starts with 1 gem.")


def test_a_worked_examples_setup_figures_are_not_the_rules_answer():
    from adjudicator.ask.figure_answers import _example_input
    from adjudicator.kb.records import Block
    from tests.invented_records import invented_record

    # the opening sentence of an example is its setup
    assert shown("Example: Brannoc is untapped with a prowess of 4 and a body of 7.", "how much body does Brannoc have?") \
        is None
    assert shown("For example, “Gain one rune” means the warden takes a rune token one higher than his own.",
                 "how many runes does a warden have after gaining one?") is not None  # the question states its figure
    example = Block("Example: In his last turn, the warden stopped at the mill, which held three lamps. "
                    "During the next vigil, the three lamps are put out.", example=True)
    record = invented_record("Lamps at the warden's stop are put out during the vigil.", example)
    # a figure the example stated in its setup, said again: its setup, not how many the rule puts out
    assert _example_input("how many lamps are put out during the vigil?", record,
                          "During the next vigil, the three lamps are put out.")
    # an example of another thing than the question names: its figures are its own
    card = Block("Example: Lamplighter (CORE 9) reads, “Action: ...” This action may be used twice per vigil.",
                 example=True)
    record = invented_record("Actions are limited by their cost or by the card's own limit.", card)
    assert _example_input("how many times can an action with a limit be used?", record,
                          "This action may be used twice per vigil.")
    # ... but the example's result answers a question naming what it opens with
    assert not _example_input("how many times can Lamplighter's action be used?", record,
                              "This action may be used twice per vigil.")
    # a question stating the example's own figures asks its result
    result = Block("(For example, if the troll strikes for 6 and the warden's guard is 4, the warden takes 2 wounds.)",
                   example=True)
    record = invented_record("Each combatant takes wounds equal to the other's strike less his own guard.", result)
    assert not _example_input("how many wounds does the warden take if the troll strikes for 6?", record,
                              result.text)


def test_each_time_is_when_a_figure_holds_not_what_it_is_given_to():
    # "each time a warden rings, ..." says when; the figure is no rate "per time"
    assert shown("Each time a warden rings the bell, he draws 1 rune.", "how many runes does he draw?") == "1 rune"


def test_a_questions_one_is_a_determiner_not_the_examples_figure():
    from adjudicator.ask import figure_shapes

    # "does one warden light" sets no case: only figures from two up, or digits, are the asker's own
    assert figure_shapes.given("how many lamps does one warden light?") == set()
    assert figure_shapes.given("if the troll attacks for 5, twice") == {5, 2}
    # an example's own figures count its "one" too
    assert 1 in figure_shapes.figures("Example: one warden lights 3 lamps.")


def test_a_play_deck_is_the_deck_not_play():
    from adjudicator.ask import figure_shapes

    sentence = "A warden may have only one copy of each relic in play."
    assert figure_shapes.other_place(sentence, sentence.index("one"), "how many copies can I put in my play deck?")
