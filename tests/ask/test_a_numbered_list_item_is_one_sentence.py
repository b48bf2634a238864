"""The number of an item in a numbered list ("... the following steps: 1. Wake the troll ...
2. Run ...") opens the item: it does not end a sentence of its own, so that neither "... the
following steps: 1." nor a bare "2." is a sentence `ask` could show.  A figure ending a sentence
("a total of 4. He wins.") still ends it."""

from __future__ import annotations

from adjudicator.ask.sentences import sentence_spans, sentences


def test_a_list_number_opens_its_item():
    text = ("A caught goblin must do the following: 1. Drop Loot: The goblin drops its sack. If it has none, "
            "skip this. 2. Run Home: The goblin goes back to the nearest cave.")
    assert sentences(text) == ["A caught goblin must do the following: 1. Drop Loot: The goblin drops its sack.",
                               "If it has none, skip this.", "2. Run Home: The goblin goes back to the nearest cave."]


def test_a_figure_ending_a_sentence_still_ends_it():
    assert sentences("The goblins have a total of 4. They win.") == ["The goblins have a total of 4.", "They win."]
    assert sentences("Sneak 2. When Seen: the goblin hides.") == ["Sneak 2.", "When Seen: the goblin hides."]


def test_a_text_opening_on_a_list_number_is_one_sentence():
    assert sentences("1. Wake the troll") == ["1. Wake the troll"]


def test_spans_cut_as_sentences_do():
    text = "Do this: 1. Wake the troll. 2. Run."
    assert [text[a:b].strip() for a, b in sentence_spans(text)] == sentences(text)
