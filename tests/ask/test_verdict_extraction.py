"""The verdict a player can act on, taken from the deciding sentence of the deciding record
(issue 11): a Q&A's own answer; a rule's sentence about the question's own case, with the
sentence it leans on; yes or no by the negation of the clause the sentence speaks to; a
number with its unit; the sentence itself for other questions.  The sentence never says
less than its record (a Wizard whose corruption check ties loses the game)."""

from __future__ import annotations

import pytest

from adjudicator.ask.deciding_sentence import deciding_sentence
from adjudicator.ask.question_form import question_form
from adjudicator.ask.sentences import sentences
from adjudicator.ask.verdicts import settled, verdict
from adjudicator.kb.records import Block, Record, Span


def record(*blocks, kind="rule", title="Invented entry"):
    return Record(id="lotr:rr:invented", game="lotr", kind=kind, title=title, span=Span("lotr-rr", 1, 9),
                  blocks=[b if isinstance(b, Block) else Block(b) for b in blocks])


def weigh_by(question):
    asked = {w.lower().strip("?,.") for w in question.split()}

    def weigh(text, against=None):
        other = against if against is not None else question
        mine = {w.lower().strip("?,.()") for w in text.split()}
        theirs = {w.lower().strip("?,.()") for w in other.split()}
        return float(len({w for w in mine & theirs if len(w) > 3} | set()))
    return weigh


def test_a_question_opening_with_a_verb_is_a_yes_no_question():
    assert question_form("Can a goblin sneak past a sleeping sentry?").kind == "yesno"
    assert question_form("If the lamp is lit, does the troll wake up?").kind == "yesno"


def test_how_many_asks_for_a_number_and_what_for_a_sentence():
    assert question_form("How many tokens does the lamp take?").kind == "number"
    assert question_form("what happens when the lamp goes out").kind == "open"


def test_a_statement_without_a_question_mark_is_a_claim_to_confirm():
    form = question_form("Goblins never sleep in the rain, but can sleep indoors.")
    assert form.kind == "yesno" and form.claim


def test_sentences_keep_abbreviations_whole():
    assert sentences("A goblin (e.g. a sentry) may sleep. It wakes at dawn.") == [
        "A goblin (e.g. a sentry) may sleep.", "It wakes at dawn."]


def test_a_sentence_keeps_the_closing_quote_or_bracket_that_follows_its_full_stop():
    assert sentences('The lamp has the text: “Goblins flee.” Then it goes out. (It cannot be relit.) Done.') == [
        "The lamp has the text: “Goblins flee.”", "Then it goes out.", "(It cannot be relit.)", "Done."]


def test_card_text_quoted_in_straight_quotes_ends_its_sentence():
    question = "The lamp has 'Exhaust the lamp to scare a goblin.' Does the lamp stay lit?"
    assert sentences(question) == ["The lamp has 'Exhaust the lamp to scare a goblin.'", "Does the lamp stay lit?"]
    assert question_form(question).kind == "yesno"


def test_a_question_and_answer_decides_by_its_answers_opening():
    qa = record(Block("Can a sleeping goblin be woken by a lamp?", style="question"),
                Block("No. Only a horn wakes a sleeping goblin."), kind="qa")
    sentence, _ = deciding_sentence(qa, weigh_by("can my lamp wake the goblin?"))
    assert sentence == "No. Only a horn wakes a sleeping goblin."
    v = verdict("can my lamp wake the goblin?", qa, sentence, weigh_by("can my lamp wake the goblin?"))
    assert v.kind == "no" and v.text == sentence


def test_the_sentence_about_the_questions_own_case_is_chosen_with_the_sentence_it_leans_on():
    rule = record(
        "A tie on the lamp roll means the goblin is sent back to the cave. In this case, if the goblin is the "
        "chieftain, the whole band goes home.",
        "A higher roll lets the goblin stay.")
    question = "what happens when the chieftain ties the lamp roll"
    sentence, _ = deciding_sentence(rule, weigh_by(question))
    assert sentence.startswith("A tie on the lamp roll") and "the whole band goes home" in sentence


def test_a_worked_example_that_decides_is_chosen():
    rule = record("Goblins sleep during the day.",
                  Block("For example, Grub the lamp-bearer rolls a three and the troll wakes before dawn.",
                        example=True))
    question = "Grub rolls a three, does the troll wake before dawn?"
    sentence, from_example = deciding_sentence(rule, weigh_by(question))
    assert from_example and sentence.startswith("For example")


def test_a_rule_that_forbids_what_the_question_asks_is_a_no():
    rule = record("A goblin cannot carry a lamp into the cave.")
    question = "Can my goblin carry a lamp into the cave?"
    v = verdict(question, rule, rule.blocks[0].text, weigh_by(question))
    assert v.kind == "no" and v.text.startswith("No: ")


def test_a_rule_that_allows_it_is_a_yes():
    rule = record("A goblin may carry a lamp into the cave.")
    question = "Can my goblin carry a lamp into the cave?"
    assert verdict(question, rule, rule.blocks[0].text, weigh_by(question)).kind == "yes"


def test_a_negative_question_answered_by_a_negative_rule_is_a_yes():
    rule = record("A goblin cannot carry a lamp into the cave.")
    question = "Is it true that a goblin can't carry a lamp into the cave?"
    assert verdict(question, rule, rule.blocks[0].text, weigh_by(question)).kind == "yes"


def test_asking_to_do_twice_what_the_rule_allows_once_is_a_no():
    rule = record("Each goblin may declare 1 raid against each village.")
    question = "Can my goblin raid the same village twice?"
    assert verdict(question, rule, rule.blocks[0].text, weigh_by(question)).kind == "no"


def test_a_claim_contradicted_by_the_rule_is_a_no():
    rule = record("A goblin in the cave may not sleep.")
    question = "Goblins in the cave: they can't eat there, but can sleep."
    assert verdict(question, rule, rule.blocks[0].text, weigh_by(question)).kind == "no"


def test_a_how_many_question_gets_the_number_with_its_unit():
    rule = record("At the end of the round each goblin gains 2 tokens.")
    question = "How many tokens does a goblin gain at the end of the round?"
    v = verdict(question, rule, rule.blocks[0].text, weigh_by(question))
    assert (v.kind, v.value) == ("number", 2) and v.text.startswith("2 token")


def test_an_open_question_gets_the_deciding_sentence():
    rule = record("A lamp burns until the end of the phase.")
    question = "what happens to the lamp"
    v = verdict(question, rule, rule.blocks[0].text, weigh_by(question))
    assert v.kind == "text" and v.text == rule.blocks[0].text


def test_a_wizards_tied_corruption_check_says_he_loses_not_only_that_he_is_discarded(ask_cli):
    _, answer = ask_cli("what happens if my wizard ties his corruption check")
    assert answer["game"] == "metw"
    best = answer["best"]  # the corruption checks section, or the narrowest record inside it holding the sentence
    assert best["id"] == "metw:starter:8:corruption-checks" or "metw:starter:8:corruption-checks" in best["merged"]
    assert "lose the game" in answer["verdict"]["text"]


def test_the_ranged_keyword_question_is_a_no_from_the_faq_answer(ask_cli):
    _, answer = ask_cli("can my ranged hero attack an enemy in the staging area?")
    assert answer["best"]["id"] == "lotr:faq:q:83"
    assert answer["verdict"]["kind"] == "no" and answer["verdict"]["text"].startswith("No.")


def test_the_verdict_field_has_the_shape_the_evaluation_reads(ask_cli):
    _, answer = ask_cli("how does healing work", "--game", "meq")
    v = answer["verdict"]
    assert set(v) == {"kind", "value", "text", "basis"} and v["kind"] in {"yes", "no", "number", "text"} and v["text"]
    assert v["basis"] in {"stated", "inferred"}


def test_a_yes_or_no_from_a_q_and_a_is_stated_by_the_documents(ask_cli):
    _, answer = ask_cli("can my ranged hero attack an enemy in the staging area?")
    assert answer["verdict"]["text"].startswith("No.") and answer["verdict"]["basis"] == "stated"


def test_a_yes_or_no_read_from_a_rule_s_negations_is_marked_inferred():
    rule = record("A goblin may not carry the lamp across the bridge.")
    question = "Can my goblin carry the lamp across the bridge?"
    v = verdict(question, rule, rule.blocks[0].text, weigh_by(question))
    assert (v.kind, v.basis) == ("no", "inferred")


def test_a_no_the_rule_does_not_state_is_not_shown_its_sentence_is_the_answer(cli, ask_cli):
    # FAQ 1.11 forbids a second attack without saying "no": no kind of inferred reading is shown
    # today (verdicts.SHOWN_READINGS), so the verdict is the FAQ's own sentence
    question = "Can I declare a second attack against an enemy I already attacked this round?"
    code, out, _ = cli("ask", question)
    _, answer = ask_cli(question)
    assert answer["best"]["id"] == "lotr:faq:1.11"
    v = answer["verdict"]
    assert code == 0 and (v["kind"], v["basis"]) == ("text", "stated") and "single attack" in v["text"]
    assert not any(line.startswith(("No", "Yes")) for line in out.splitlines())


def test_people_s_output_marks_a_no_the_rule_does_not_state_as_adjudicator_s_reading_of_it(cli, ask_cli, monkeypatch):
    # when polarity readings are shown (verdicts.SHOWN_READINGS), FAQ 1.11's "only ... a single
    # attack" is read as a no, and both the verdict and the output say it is our reading
    from adjudicator.ask import verdicts

    monkeypatch.setattr(verdicts, "SHOWN_READINGS", frozenset({"polarity"}))
    question = "Can I declare a second attack against an enemy I already attacked this round?"
    code, out, _ = cli("ask", question)
    _, answer = ask_cli(question)
    assert answer["best"]["id"] == "lotr:faq:1.11"
    v = answer["verdict"]
    assert code == 0 and (v["kind"], v["basis"], v["reading"]) == ("no", "inferred", "polarity")
    opening = next(line for line in out.splitlines() if line.startswith(("No", "Yes")))
    assert opening.startswith("No (adjudicator's reading of the cited rule): ")
    assert not any(line.startswith(("No:", "Yes:")) for line in out.splitlines())


def test_a_recorded_reading_of_an_asked_question_is_not_shown_as_a_yes_or_no(cli, ask_cli):
    # worded as an asked question of the record that decides it (an erratum), which carries
    # "no": the record's sentence is the answer (answer.SHOW_ASKED_READINGS is off)
    question = "Can Out of Sight stop an enemy engaged with a different player from attacking them?"
    code, out, _ = cli("ask", question)
    _, answer = ask_cli(question)
    assert code == 0 and (answer["verdict"]["kind"], answer["verdict"]["basis"]) == ("text", "stated")
    assert not any(line.startswith(("No:", "Yes:")) for line in out.splitlines())


def test_when_recorded_readings_are_shown_people_s_output_marks_them_as_ours(cli, ask_cli, monkeypatch):
    from adjudicator.ask import answer as answering

    monkeypatch.setattr(answering, "SHOW_ASKED_READINGS", True)
    question = "Can Out of Sight stop an enemy engaged with a different player from attacking them?"
    code, out, _ = cli("ask", question)
    _, answer = ask_cli(question)
    assert code == 0 and (answer["verdict"]["kind"], answer["verdict"]["basis"]) == ("no", "asked")
    lines = out.splitlines()
    opening = next(i for i, line in enumerate(lines) if line.startswith("No:"))
    assert "our reading of this record" in lines[opening + 1]


def test_a_reading_of_a_rule_s_negations_about_much_else_beside_the_question_is_hidden():
    # the sentence is mostly other words than the question's (``shown_readings.close``): its
    # "may not" is read (verdict), but the player is shown the sentence itself
    rule = record("At dusk, once the troll has counted the river stones and the tower bell has rung twice, "
                  "a goblin may not carry the lamp.")
    question = "Can my goblin carry the lamp across the bridge?"
    assert verdict(question, rule, rule.blocks[0].text, weigh_by(question)).reading == "polarity"
    v = settled(question, rule, rule.blocks[0].text, weigh_by(question))
    assert (v.kind, v.basis, v.text) == ("text", "stated", rule.blocks[0].text)


def test_a_reading_of_a_rule_s_negations_close_to_the_question_is_shown_as_adjudicator_s_reading():
    # the sentence is mostly the question's words and its "may not" governs what is asked
    # (``shown_readings.close``): it is shown as a no, labelled as adjudicator's reading
    rule = record("A goblin may not carry the lamp across the bridge.")
    question = "Can my goblin carry the lamp across the bridge?"
    v = settled(question, rule, rule.blocks[0].text, weigh_by(question))
    assert (v.kind, v.basis, v.reading) == ("no", "inferred", "polarity-close")
    assert v.text == "No (adjudicator's reading of the cited rule): " + rule.blocks[0].text


def test_a_rule_requiring_something_else_than_the_question_asks_is_a_no():
    rule = record("If nobody guards the lamp, the goblin must hide the lamp in a single cave.")
    question = "Can my goblin hide the lamp under the bridge?"
    assert verdict(question, rule, rule.blocks[0].text, weigh_by(question)).kind == "no"


def test_a_rule_about_something_else_than_the_question_gives_no_yes_or_no():
    # the rule says "may not", but about torches, not what the question asks (lamps, bridges):
    # reading a no from it would be right only by chance, so the sentence is shown as it is
    rule = record("A goblin may not light a torch in the cave.")
    question = "Can my goblin carry the lamp across the bridge?"
    v = verdict(question, rule, rule.blocks[0].text, weigh_by(question))
    assert v.kind == "text" and v.text == rule.blocks[0].text


def test_a_description_without_may_must_or_not_gives_no_yes_or_no():
    rule = record("At dusk the goblin carries the lamp across the bridge to the cave.")
    question = "Can my goblin carry the lamp across the bridge?"
    assert verdict(question, rule, rule.blocks[0].text, weigh_by(question)).kind == "text"


def test_a_q_and_a_answering_another_question_gives_its_sentence_not_its_yes_or_no():
    qa = record(Block("Does a horn wake a sleeping goblin?", style="question"),
                Block("Yes. A horn wakes every goblin in the cave."), kind="qa")
    question = "Can my troll carry two lamps across the bridge?"
    v = verdict(question, qa, "Yes. A horn wakes every goblin in the cave.", weigh_by(question))
    assert v.kind == "text" and v.text == "A horn wakes every goblin in the cave."  # its reason, not its "Yes"


def test_of_several_questions_the_first_is_the_question_proper():
    form = question_form("The lamp went out. Does the troll wake? If so, who does he attack first?")
    assert form.kind == "yesno" and form.clauses[0].startswith("Does the troll wake")


def test_a_yes_no_question_inside_an_if_clause_whose_subject_is_another_player_is_a_yes_no_question():
    # "can another use ..." has no article after its auxiliary: it still asks yes or no
    form = question_form("In a big game, if one player lights the lamp can another light a second lamp?")
    assert form.kind == "yesno" and form.clauses[0].startswith("can another")
    rule = record("The players as a group may light only one lamp at a time.")
    question = "In a big game, if one player lights the lamp can another light a second lamp?"
    assert verdict(question, rule, rule.blocks[0].text, weigh_by(question)).kind == "no"


def test_the_deciding_sentence_weighs_the_asking_sentences_words_over_the_scene_setting_ones(kb):
    from adjudicator.ask.answer import _weigher

    question = "We were playing the campaign of the revised core set. Do we replay a scenario we lost?"
    rule = record("Campaign mode joins the scenarios of the revised core set into one adventure. "
                  "A scenario the players lost is replayed before the next one.")
    sentence, _ = deciding_sentence(rule, _weigher(kb, question, question), question)
    assert sentence == "A scenario the players lost is replayed before the next one."


def test_a_statement_wondering_whether_one_thing_or_another_holds_is_not_a_claim_to_confirm():
    form = question_form("I can't find out whether the troll keeps the lamp, or if it passes to the goblin.")
    assert form.kind == "open"


def test_a_wh_question_opened_by_a_linking_word_asks_what_not_yes_or_no():
    assert question_form("I put the lamp in the cave. So which is the right thing to do?").kind == "open"
    assert question_form("Then what is the lamp's cost?").kind == "open"


def test_a_figure_in_a_sentence_about_something_else_is_not_the_answer_to_how_many():
    rule = record("Each lamp burns 2 oil at the end of the round.")
    question = "How many tokens does a goblin gain when the troll sleeps?"
    v = verdict(question, rule, rule.blocks[0].text, weigh_by(question))
    assert v.kind == "text" and v.text == rule.blocks[0].text


def test_a_q_and_a_about_a_narrower_case_than_asked_gives_its_sentence_not_its_yes_or_no():
    # the player's words are all in the Q&A's question, but most of that question is about a
    # case the player did not ask about (a lantern charm)
    qa = record(Block("With the silver lantern charm attached on a moonless night, can a tired goblin still carry the lamp?",
                      style="question"),
                Block("No. A tired goblin carries nothing."), kind="qa")
    question = "Can a goblin carry the lamp?"
    v = verdict(question, qa, "No. A tired goblin carries nothing.", weigh_by(question))
    assert v.kind == "text"


def test_a_rule_whose_not_denies_something_else_than_what_is_asked_gives_no_yes_or_no():
    # the rule's words are about the troll and the lamp test, but its "not" denies following
    # advice, not being discarded
    rule = record("A troll who fails the lamp test has decided not to follow the goblin's advice about the lamp.")
    question = "Can my troll be discarded if he fails the lamp test?"
    assert verdict(question, rule, rule.blocks[0].text, weigh_by(question)).kind == "text"


@pytest.mark.parametrize("a, b, expected", [
    ("Does an exhausted attachment stop giving its bonus?", "does that bonus still apply when exhausted?", True),
    ("Does a card under a Nameless Thing lose its text?", "is that card's game text active?", True),
    ("Are cards in the victory display in play?", "Are cards in the victory display out of play?", True),
    ("Does the enemy keep its damage?", "Does the enemy still have its damage?", False),
    ("Does the enemy keep its damage?", "Is the damage on the enemy removed?", True),
    ("Can my hero defend twice?", "Can a hero defend more than once?", False),
    # common words that take no side: "left" (the player left), "over" (move over), "off" (set off)
    ("I left my hero home, does he still ready?", "Does my hero still ready?", False),
    ("Can my company move over the river and continue?", "Can my company continue?", False),
])
def test_a_question_asked_from_the_opposite_side_is_opposed(a, b, expected):
    from adjudicator.ask.stated_answers import opposed

    assert opposed(a, b) is expected and opposed(b, a) is expected


@pytest.mark.parametrize("question, qa", [
    ("Does an exhausted attachment stop giving its bonus?", "lotr:faq:q:41"),  # asks whether it still applies: "Yes."
    ("Does a card under a Nameless Thing lose its text?", "lotr:faq:q:63"),  # asks whether it is active: "No."
])
def test_a_q_and_a_s_yes_or_no_is_not_the_answer_to_its_question_asked_from_the_opposite_side(ask_cli, question, qa):
    _, answer = ask_cli(question)
    assert answer["best"]["id"] == qa
    assert answer["verdict"]["kind"] == "text"
    assert not answer["verdict"]["text"].lower().startswith(("yes", "no"))


def test_a_list_item_is_shown_with_the_lead_in_it_completes_and_the_lead_in_with_its_items():
    rule = record("Each goblin may do one of the following:", "Sharpen its blade or",
                  "Mend its boots (if at a camp).", "Sharpen every other goblin's blade.")
    question = "Can my goblin mend its boots at a camp?"
    sentence, _ = deciding_sentence(rule, weigh_by(question), question)
    assert sentence == "Each goblin may do one of the following: Sharpen its blade or Mend its boots (if at a camp)."
    # never a fragment that stops on "or" or on a colon
    for question in ("Can my goblin sharpen its blade?", "What may each goblin do?"):
        sentence, _ = deciding_sentence(rule, weigh_by(question), question)
        assert not sentence.rstrip().endswith(("or", ":")), sentence


def test_people_s_output_does_not_print_a_q_and_a_s_bare_yes_or_no_under_the_reason_it_shows_instead(cli):
    # FAQ Q41 answers "does the bonus still apply?" with "Yes."; asked from the other side, the
    # answer shows its reason alone, and the record's sentence is not printed again with the "Yes."
    code, out, _ = cli("ask", "Does an exhausted attachment stop giving its bonus?")
    lines = [line.strip() for line in out.splitlines()]
    assert code == 0 and any(line.startswith("From:") and "lotr:faq:q:41" in line for line in lines)
    assert not any(line.startswith(("Yes.", "No.")) for line in lines[:6])


def test_a_question_offering_two_figures_gets_the_figure_the_faq_answer_gives(ask_cli):
    # FAQ Q14's answer gives the 3 in its second sentence: the figure is the documents' own
    _, answer = ask_cli("does the dungeon torch raise my threat by 2 or 3?")
    v = answer["verdict"]
    assert answer["best"]["id"] == "lotr:faq:q:14"
    assert (v["kind"], v["value"], v["basis"]) == ("number", 3, "stated")
    assert v["text"].startswith("3 threat: ") and "by 3" in v["text"]
