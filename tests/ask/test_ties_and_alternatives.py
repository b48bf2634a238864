"""Verdicts for equal values and for either-or questions (issue 11): a rule that decides
only "greater than" decides nothing on a tie; a sentence about equality decides a question
about equal values first; a question offering two readings is answered with the one the
deciding sentence supports, as a figure when the readings differ by their figures.  The
records are invented (never the documents' sentences)."""

from __future__ import annotations

from adjudicator.ask.choices import alternatives, choose
from adjudicator.ask.deciding_sentence import deciding_sentence
from adjudicator.ask.question_form import is_tie, question_form
from adjudicator.ask.verdicts import settled, verdict
from adjudicator.kb.records import Block, Record, Span


def record(*texts, kind="rule"):
    return Record(id="lotr:rr:invented", game="lotr", kind=kind, title="Invented entry", span=Span("lotr-rr", 1, 9),
                  blocks=[t if isinstance(t, Block) else Block(t) for t in texts])


def _stems(text):
    """Words as the knowledge base's index compares them, roughly: lower case, a plural or
    third-person s dropped ("keeps" is "keep")."""
    out = set()
    for w in text.split():
        w = w.lower().strip("?,.():\"")
        out.add(w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w)
    return out


def weigh_by(question):
    def weigh(text, against=None):
        other = against if against is not None else question
        return float(len({w for w in _stems(text) & _stems(other) if len(w) > 2}))
    return weigh


# -- ties ------------------------------------------------------------------------------------


def test_a_tie_is_two_equal_figures_or_said_in_words():
    assert is_tie("My lantern shows 3 and the fog shows 3. Do I lose?")
    assert is_tie("It was 5 against 5: who wins?")
    assert is_tie("What if the rolls are tied?")
    assert not is_tie("My lantern shows 3 and the fog shows 4. Do I lose?")
    assert not is_tie("It was 5 against 4: who wins?")
    assert not is_tie("Can I carry 2 lanterns?")


def test_equal_values_against_a_rule_deciding_only_greater_than_is_neither_case():
    rule = "If the lantern is greater than the fog, the party walks on; if the fog is higher, the party stops."
    question = "My lantern is 3 and the fog is 3. Does the party stop?"
    v = verdict(question, record(rule), rule, weigh_by(question))
    assert v.kind == "no"
    assert "neither case" in v.text and rule in v.text


def test_a_how_many_question_on_equal_values_gets_zero_when_the_rule_decides_only_greater_than():
    rule = "If the fog is higher than the lantern, each player loses lamp oil equal to the difference."
    question = "How much lamp oil do I lose when the lantern and the fog are tied?"
    v = verdict(question, record(rule), rule, weigh_by(question))
    assert v.kind == "number" and v.value == 0


def test_a_rule_that_states_the_tie_decides_it_and_is_not_overruled():
    rule = "If the fog equals the lantern, the party stops."
    question = "My lantern is 3 and the fog is 3. Does the party stop?"
    v = verdict(question, record(rule), rule, weigh_by(question))
    assert v.kind == "yes"


def test_a_question_about_equal_values_takes_the_sentence_about_equality_first():
    rule = record("If the lantern is higher than the fog, the party walks on and the fog lifts.",
                  "If the fog is higher than the lantern, the party stops and the fog thickens.",
                  "If the lantern and the fog are equal, nothing happens to the fog.")
    question = "The lantern is 3 and the fog is 3: does the fog lift or thicken?"
    sentence, _ = deciding_sentence(rule, weigh_by(question), question)
    assert sentence == "If the lantern and the fog are equal, nothing happens to the fog."
    sentence, _ = deciding_sentence(rule, weigh_by("does the fog lift?"), "does the fog lift?")
    assert "equal" not in sentence  # without a tie the sentence is chosen by the question's words


# -- either-or questions ---------------------------------------------------------------------


def test_the_alternatives_of_a_question_are_cut_at_or_without_the_case_it_opens_with():
    assert alternatives("If the troll is moved, does it keep its wounds or does it heal?") == [
        "does it keep its wounds", "does it heal"]
    assert alternatives("Is the gate shut? Or is it only locked?") == ["Is the gate shut", "is it only locked"]
    assert alternatives("Is the lamp spent or placed in the cellar?") == ["Is the lamp spent", "placed in the cellar"]
    assert alternatives("Which is it: 1. I lose 4 oil or 2. I lose no oil at all.") == [
        "I lose 4 oil", "I lose no oil at all"]


def test_a_question_with_a_single_reading_has_no_alternatives():
    assert alternatives("Can I carry a lamp or a torch?") == []
    assert alternatives("Does the troll heal?") == []


def test_the_alternative_the_sentence_supports_is_chosen_and_a_negated_word_counts_against():
    options = ["does it keep its wounds", "does it heal"]
    said = "A moved troll keeps any wounds it had."
    assert choose(options, said, weigh_by(" ".join(options))).index == 0
    options = ["is the lamp oil added to the cellar oil", "does it replace the cellar oil"]
    said = "The lamp oil does not replace the cellar oil but is added to it."
    picked = choose(options, said, weigh_by(" ".join(options)))
    assert picked.index == 0 and picked.supported


def test_a_sentence_that_tells_the_alternatives_apart_no_better_than_chance_chooses_none():
    options = ["does the gate shut", "does the gate lock"]
    assert choose(options, "The warden holds the key.", weigh_by(" ".join(options))) is None


def test_an_either_or_question_gets_the_supported_alternative_first_as_yes_second_as_no():
    question = "If the troll is moved, does it keep its wounds or does it heal?"
    said = "A moved troll keeps any wounds it had."
    v = verdict(question, record(said), said, weigh_by(question))
    assert v.kind == "yes" and "does it keep its wounds" in v.text
    said = "A moved troll does heal at once."
    v = verdict(question, record(said), said, weigh_by(question))
    assert v.kind == "no" and "does it heal" in v.text


def test_an_either_or_pick_is_not_shown_as_a_yes_or_no_but_as_the_deciding_sentence():
    # picking one of the player's alternatives was right on 4 of 5 tune questions and 0 of 1
    # asked questions: below the bar, so the player reads the rule's sentence
    said = "A moved troll keeps any wounds it had."
    question = "If the troll is moved, does it keep its wounds or does it heal?"
    assert verdict(question, record(said), said, weigh_by(question)).reading == "choice"
    v = settled(question, record(said), said, weigh_by(question))
    assert (v.kind, v.text, v.basis) == ("text", said, "stated")


def test_alternatives_told_apart_by_figures_give_the_figure_of_the_one_that_holds():
    question = "What if nobody walks? Is it: 1. my lantern is 0 and the fog is 4 so I lose 4 oil or 2. I lose no oil."
    said = "Yes, the fog still counts against a lantern of 0."
    v = verdict(question, record(said, kind="qa"), said, weigh_by(question))
    assert v.kind == "number" and v.value == 4 and "oil" in v.text


# -- the question asked ----------------------------------------------------------------------


def test_a_what_if_question_followed_by_a_yes_no_question_is_the_yes_no_question():
    assert question_form("What if my lamp goes out? Do I lose the oil?").kind == "yesno"
    assert question_form("What happens when my lamp goes out?").kind == "open"


def test_a_yes_no_clause_after_a_long_preamble_is_still_the_question():
    form = question_form("A question about lamps, torches, candles, lanterns and fires: do they all burn oil?")
    assert form.kind == "yesno" and form.clauses[0].startswith("do they")


def test_a_yes_no_question_without_a_comma_after_its_if_clause_is_still_yes_no():
    form = question_form("If you wake the troll does the troll chase you into the cave?")
    assert form.kind == "yesno" and form.clauses[0].startswith("does the troll")
    assert question_form("What does the troll eat?").kind == "open"


def test_the_rules_proviso_does_not_turn_a_question_with_the_same_proviso_into_a_no():
    question = "Can I carry more oil than my lantern holds as long as I pour it out by nightfall?"
    rule = "You may carry extra oil so long as your flasks do not hold more than your lantern at nightfall."
    v = verdict(question, record(rule), rule, weigh_by(question))
    assert v.kind == "yes"
    # without a proviso in the question, the rule's negation decides as before
    question = "Can I carry more oil than my lantern holds?"
    v = verdict(question, record("You may not carry more oil than your lantern holds."),
                "You may not carry more oil than your lantern holds.", weigh_by(question))
    assert v.kind == "no"


def test_how_many_things_is_one_when_the_rule_speaks_of_a_single_thing():
    question = "How many lamps may a dwarf light during his turn?"
    rule = "During his turn a dwarf may light a lamp, then the turn passes."
    v = verdict(question, record(rule), rule, weigh_by(question))
    assert v.kind == "number" and v.value == 1 and "lamp" in v.text
    rule = "During his turn a dwarf may light 2 lamps."
    assert verdict(question, record(rule), rule, weigh_by(question)).value == 2


def test_an_alternative_the_sentence_only_leans_towards_gives_no_yes_or_no():
    # the sentence shares one word with the first alternative and none with the second: it
    # leans one way but does not say which holds, so the sentence is shown as it is
    question = "Does the snare last until the troll tears it off, or does it last a set number of rounds?"
    said = "A snared troll stays where it is until someone cuts it free."
    v = verdict(question, record(said), said, weigh_by(question))
    assert v.kind == "text" and v.text == said



def test_a_rule_deciding_only_greater_than_about_something_else_gives_no_neither_case_verdict():
    rule = "If the goblins outnumber the dwarves, the dwarves retreat."
    question = "My lantern is 3 and the fog is 3. Does the party stop?"
    v = verdict(question, record(rule), rule, weigh_by(question))
    assert v.kind == "text" and "neither case" not in v.text


# -- alternatives that are bare figures ------------------------------------------------------


def test_two_figures_offered_as_the_answer_are_the_alternatives_with_the_noun_they_count():
    from adjudicator.ask.choices import figure_alternatives

    assert figure_alternatives("Does the lantern raise my fog by 2 or 3?") == ([2, 3], "fog")
    assert figure_alternatives("Is my oil 2 or 3 in total?") == ([2, 3], "oil")
    assert figure_alternatives("Does each cave get one or two goblin tokens?") == ([1, 2], "goblin tokens")


def test_a_list_of_figures_or_an_open_ended_figure_offers_no_two_alternatives():
    from adjudicator.ask.choices import figure_alternatives

    assert figure_alternatives("How do we know if we are in stage 1, 2 or 3?") is None
    assert figure_alternatives("Can I light 2 or more lanterns?") is None
    assert figure_alternatives("Can I light 2 lanterns?") is None


def test_a_question_offering_two_figures_gets_the_one_the_answer_gives_for_what_it_counts():
    # the figure is in the answer's second sentence, beside the noun counted: the documents'
    # own figure (stated), shown with the sentence that gives it
    qa = record(Block("Does the lantern raise the fog by 2 or 3?", style="question"),
                Block("The lantern does not replace the usual 1 fog, it adds to it. So the fog rises by 3."), kind="qa")
    question = "does my lantern raise the fog by 2 or 3?"
    said = "The lantern does not replace the usual 1 fog, it adds to it."
    v = verdict(question, qa, said, weigh_by(question))
    assert (v.kind, v.value, v.basis) == ("number", 3, "stated")
    assert v.text.startswith("3 fog: ") and "rises by 3" in v.text


def test_a_sentence_giving_both_figures_offered_or_neither_next_to_the_noun_gives_no_figure():
    question = "does my lantern raise the fog by 2 or 3?"
    for said in ("The fog rises by 2, or by 3 at night.", "The lantern burns for 3 hours and the fog rises."):
        v = verdict(question, record(said), said, weigh_by(question))
        assert v.kind != "number"


def test_alternatives_carrying_figures_offer_the_last_figure_of_each():
    from adjudicator.ask.choices import figure_alternatives

    question = "Is this in addition to the 1 fog (so the fog rises by 3), or does it replace it?"
    assert figure_alternatives(question) == ([3], "fog")
    assert figure_alternatives("Does the troll keep its wounds, or does it heal?") is None


def test_an_alternative_whose_figure_the_answer_gives_beside_the_noun_is_the_answer():
    # the player's first alternative says 3 fog; the answer says the fog rises by 3: stated
    qa = record(Block("Does the lantern add to the usual fog?", style="question"),
                Block("It does not replace the usual 1 fog, it adds to it. So the fog rises by 3."), kind="qa")
    question = "Is the lantern in addition to the usual 1 fog (so the fog rises by 3), or does it replace it?"
    said = "It does not replace the usual 1 fog, it adds to it."
    v = verdict(question, qa, said, weigh_by(question))
    assert (v.kind, v.value, v.basis) == ("number", 3, "stated") and "rises by 3" in v.text
