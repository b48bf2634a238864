"""Invented records and a word-overlap weigher, for the tests of sentence choice and readings."""

from adjudicator.kb.records import Block, Record, Span


def invented_record(*blocks, kind: str = "rule") -> Record:
    """A LOTR record of our own words, one block per text (or Block) given."""
    return Record(id="lotr:rr:invented", game="lotr", kind=kind, title="Invented entry", span=Span("lotr-rr", 1, 9),
                  blocks=[b if isinstance(b, Block) else Block(b) for b in blocks])


def invented_qa(question: str, answer: str, rid: str = "lotr:faq:q:999") -> Record:
    """A LOTR Q&A of our own words: its question block, then its answer."""
    return Record(id=rid, game="lotr", kind="qa", title=question, span=Span("lotr-faq", 1, 3),
                  blocks=[Block(question, style="question"), Block(answer)])


def weigh_by(question: str):
    """A weigher as `ask` passes one: the words of over three letters a text shares with the
    question (or with ``against``)."""
    def weigh(text, against=None):
        other = against if against is not None else question
        mine = {w.lower().strip("?,.()") for w in text.split()}
        theirs = {w.lower().strip("?,.()") for w in other.split()}
        return float(len({w for w in mine & theirs if len(w) > 3}))
    return weigh
