"""A record is found by the headings above it (issue 11): a framework step by its phase
("does it ready in the refresh phase?" finds "7.2 Ready cards", whose own text never says
"refresh"), whether or not the document's path repeats the record's own title last."""

from __future__ import annotations

from adjudicator.ask.question_index import _breadcrumb, posting, load, stem


def test_the_parent_heading_is_kept_when_the_path_stops_above_the_record():
    path = ["Rules Reference", "Appendix", "Night Phase"]
    assert _breadcrumb(path, "9.2 Light the lamps") == ["Appendix", "Night Phase"]


def test_the_records_own_title_at_the_end_of_its_path_is_not_counted_twice():
    path = ["Rules Reference", "Glossary", "Lamps"]
    assert _breadcrumb(path, "Lamps") == ["Glossary"]


def test_a_refresh_phase_step_is_indexed_under_its_phase(kb):
    index = load(kb)
    docs, _ = posting(index, stem("refresh"))
    holders = {index["docs"][d] for d in docs}
    assert "lotr:rr:step:7.2" in holders  # its text says only "ready all exhausted cards"
