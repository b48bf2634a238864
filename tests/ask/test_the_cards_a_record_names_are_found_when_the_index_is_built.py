"""Which cards a record is about and which its case prose names are values found when the ask
index is built (``card_context.record_cards``, the index's ``card_mentions``), not read from the
record's prose while a question is asked: ranking (``ranking._About``) reads them from the index.
A card's name is named when its words stand whole and in order in the record's title and case
prose (a Q&A's own question), folded as names are (``kb.names.name_key``).  Records and names of
the first tests are invented."""

from __future__ import annotations

from adjudicator.ask import ranking
from adjudicator.ask.card_context import CardKeys, record_cards
from adjudicator.ask.entities import Entity
from adjudicator.kb.names import name_key
from adjudicator.kb.records import Block, Record, Span


def card(name: str) -> Entity:
    return Entity(name_key(name), name, "card", "lotr", "", 0, 2)


def ruling(text: str, rid: str = "lotr:x:ruling:1") -> Record:
    return Record(id=rid, game="lotr", kind="ruling", title="Lantern timing", span=Span("lotr-faq", 1, 3),
                  blocks=[Block(text)], data={})


def test_a_card_is_named_by_its_whole_words_in_order_in_any_case_and_number():
    cards = CardKeys([name_key("Grey Lantern"), name_key("Lamp of Dawn"), name_key("Dawn")])
    assert cards.named(name_key("The GREY LANTERNS and the Lamp of Dawn").split()) == {
        "grey lantern", "lamp of dawn", "dawn"}
    assert cards.named(name_key("A grey lamp lantern of dawning").split()) == set()


def test_a_qa_names_the_cards_of_its_own_question_not_of_its_answer():
    qa = Record(id="lotr:x:qa:1", game="lotr", kind="qa", title="Does Grey Lantern (X 2) ready a hero?",
                span=Span("lotr-faq", 1, 3), blocks=[Block("Does Grey Lantern (X 2) ready a hero?", style="question"),
                                                     Block("No, but Lamp of Dawn (X 3) does.")],
                data={"card_names": {"X 2": "Grey Lantern", "X 3": "Lamp of Dawn"}})
    cards = CardKeys(["grey lantern", "lamp of dawn"])
    assert record_cards(qa, cards) == ({"grey lantern"}, {"grey lantern"})


def test_ranking_reads_the_cards_a_record_names_from_the_index_not_from_its_prose():
    about = ranking._About(None, [card("Grey Lantern")])
    silent = ruling("A hero readies once per round.")
    assert about.boost(silent) == 1.0  # no index: read as the build reads it, and the prose names no card
    about.mentions = {silent.id: "\tgrey lantern"}  # the index says the record names it (none it is about)
    assert about.boost(silent) == ranking.CARD_BOOST
    about.mentions = {}  # the index says it names none, whatever its prose says
    assert about.boost(ruling("Grey Lantern readies a hero once per round.")) == 1.0


def test_the_index_holds_for_each_record_the_cards_its_case_prose_names(kb):
    from adjudicator.ask.card_context import mentioned
    from adjudicator.ask.question_index import load

    index = load(kb)
    cards = CardKeys(key for key, _, _, kind, _ in index["names"] if kind == "card")
    mentions = index["card_mentions"]
    assert any(mentioned(value)[1] for value in mentions.values())
    for record in kb.store.records():
        assert mentioned(mentions.get(record.id, "\t")) == record_cards(record, cards)
