"""Damaged copies of the documents: the parsers give records or a clear ParseError, never a crash."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.errors import AdjudicatorError
from adjudicator.lotr import faq, rules_reference


def _mutate(lines, cuts, garbage):
    lines = list(lines)
    for position, length in cuts:
        start = position % max(len(lines), 1)
        del lines[start : start + length]
    for position, text in garbage:
        lines.insert(position % max(len(lines), 1), text)
    return lines


mutations = dict(
    cuts=st.lists(st.tuples(st.integers(0, 5000), st.integers(1, 80)), max_size=4),
    garbage=st.lists(st.tuples(st.integers(0, 5000), st.text(max_size=60)), max_size=6),
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(**mutations)
def test_a_damaged_rules_reference_parses_or_fails_cleanly(source_doc, cuts, garbage):
    doc = source_doc("lotr-rr")
    try:
        records = rules_reference.parse(_mutate(doc.lines, cuts, garbage), doc)
    except AdjudicatorError:
        return
    assert len({r.id for r in records}) == len(records)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(**mutations)
def test_a_damaged_faq_parses_or_fails_cleanly(source_doc, cuts, garbage):
    doc = source_doc("lotr-faq")
    try:
        records = faq.parse(_mutate(doc.lines, cuts, garbage), doc)
    except AdjudicatorError:
        return
    assert all(r.span.start <= r.span.end for r in records)
