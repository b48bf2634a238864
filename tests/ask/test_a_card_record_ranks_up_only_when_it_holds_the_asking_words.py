"""A record about a card the question names ranks up (``ranking.CARD_BOOST``) only when it also holds
one of the words that ask (review 12, section 5: "Aragorn already has Blade of Gondolin and Citadel
Plate, can I give him a Dwarven Axe too?" opened with a Q&A about Blade of Gondolin's progress, "My
Legolas is exhausted, can he attack?" with one about Legolas's progress).  The words that ask are the
question's without its scene sentences, its if-case, the statement opening its asking sentence
("Thalin quested, can he ...") and the names it links.  A card's own record and its errata stay
about the card whatever is asked.  Records and names are invented."""

from __future__ import annotations

from adjudicator.ask import ranking
from adjudicator.ask.entities import Entity
from adjudicator.kb.names import name_key
from adjudicator.kb.records import Block, Record, Span


def card(name: str, question: str) -> Entity:
    at = question.find(name)
    return Entity(name_key(name), name, "card", "lotr", "", at, at + len(name))


def record(kind: str, title: str, text: str, cards: dict) -> Record:
    blocks = [Block(title, style="question"), Block(text)] if kind == "qa" else [Block(text)]
    return Record(id=f"lotr:x:{kind}:1", game="lotr", kind=kind, title=title, span=Span("lotr-faq", 1, 3),
                  blocks=blocks, data={"card_names": cards, "card": ""})


def boost(question: str, rec: Record, *names: str) -> float:
    return ranking._About(None, [card(n, question) for n in names], question).boost(rec)


QUESTION = "Elrohir already carries the Lamp of Dawn, can I give him a Grey Lantern too?"


def test_the_statement_opening_an_asking_sentence_is_its_case_not_what_it_asks():
    assert ranking._asking_text(QUESTION).strip() == ", can I give him a Grey Lantern too?"
    assert ranking._asking_text("Can an exhausted hero defend?").strip() == "Can an exhausted hero defend?"
    assert ranking._asking_text("If my hero leaves play, does the lamp stay?").strip() == ", does the lamp stay?"
    # a relative clause or an asking word at the start is no statement
    assert ranking._stated_spans("Which lamp goes first, the grey one or the other?") == []


def test_a_qa_about_the_named_card_that_holds_no_asking_word_keeps_no_card_boost():
    other_case = record("qa", "Does Grey Lantern (X 2) lift the fog twice?", "No, once per round.",
                        {"X 2": "Grey Lantern"})
    assert boost(QUESTION, other_case, "Lamp of Dawn", "Grey Lantern") == 1.0


def test_a_qa_about_the_named_card_that_holds_an_asking_word_ranks_up():
    same_case = record("qa", "Can a player give Grey Lantern (X 2) to a hero who has a lamp?", "Yes.",
                       {"X 2": "Grey Lantern"})
    assert boost(QUESTION, same_case, "Lamp of Dawn", "Grey Lantern") == ranking.CARD_BOOST


def test_a_cards_errata_stays_about_the_card_whatever_is_asked():
    errata = record("errata", "Grey Lantern (X 2)", "Should read: lift the fog once per round.", {"X 2": "Grey Lantern"})
    assert boost(QUESTION, errata, "Lamp of Dawn", "Grey Lantern") == ranking.CARD_BOOST


def test_a_question_whose_only_words_are_names_keeps_the_card_boost():
    question = "Grey Lantern?"
    rec = record("qa", "Does Grey Lantern (X 2) lift the fog twice?", "No.", {"X 2": "Grey Lantern"})
    assert boost(question, rec, "Grey Lantern") == ranking.CARD_BOOST
